// The funnel's counters as the browser specs read them (docs/operations.md, "The funnel"): the
// built server with a metrics port of the spec's own, FUNNEL_SOURCES and no limit on batches;
// each series' value from GET /metrics, and what a visit moved them by.
import { freePort, type RunningServer, startBuiltServer } from './built-server.ts';

/** The one source the specs' server lists. */
export const LISTED_SOURCE = 'newsletter';

export interface FunnelServer {
  server: RunningServer;
  /** Every funnel series now: `name{label="value",…}` (labels sorted) → its value. */
  counts(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

/** The built server on `providerUrl` (null: the sandbox), its metrics on a port of its own. */
export async function startFunnelServer(
  providerUrl: string | null,
  env: Record<string, string> = {},
): Promise<FunnelServer> {
  const metricsPort = await freePort();
  const { server, stop } = await startBuiltServer(providerUrl, {
    METRICS_PORT: String(metricsPort),
    FUNNEL_SOURCES: LISTED_SOURCE,
    // One worker's visits all come from 127.0.0.1.
    RATE_LIMIT_EVENTS: 'off',
    ...env,
  });
  const counts = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const series = new Map<string, number>();
    for (const line of text.split('\n')) {
      const match = /^(funnel_\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) continue;
      const [, name, labels = '', value] = match;
      const sorted = [...labels.matchAll(/(\w+)="([^"]*)"/g)]
        .map(([, key, label]) => `${key}="${label}"`)
        .sort()
        .join(',');
      series.set(`${name}{${sorted}}`, Number(value));
    }
    return series;
  };
  return { server, counts, stop };
}

/** What moved from `before` to `after`, series by series (none that did not). */
export function moved(
  before: Map<string, number>,
  after: Map<string, number>,
): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [series, value] of after) {
    const change = value - (before.get(series) ?? 0);
    if (change !== 0) changes[series] = change;
  }
  return changes;
}

export interface Visit {
  language: 'en' | 'es';
  page: 'own' | 'embedded';
  device: 'phone' | 'wide';
  source?: string;
}

const labels = (visit: Visit, extra: Record<string, string>) =>
  Object.entries({
    ...extra,
    device: visit.device,
    language: visit.language,
    page: visit.page,
    source: visit.source ?? 'none',
  })
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');

/** What a visit that saw and completed each step of `steps` (1-based) moves. */
function stepsMoved(visit: Visit, shown: number[], completed: number[]) {
  return {
    ...Object.fromEntries(
      shown.map((step) => [
        `funnel_steps_shown_total{${labels(visit, { step: String(step) })}}`,
        1,
      ]),
    ),
    ...Object.fromEntries(
      completed.map((step) => [
        `funnel_steps_completed_total{${labels(visit, { step: String(step) })}}`,
        1,
      ]),
    ),
  };
}

/** What a full registration moves: each step shown and completed once, and one `registered`. */
export const registrationMoved = (visit: Visit) => ({
  ...stepsMoved(visit, [1, 2, 3], [1, 2, 3]),
  [`funnel_outcomes_total{${labels(visit, { outcome: 'registered' })}}`]: 1,
});

/** What a visit left on step 2 moves: steps 1 and 2 shown, step 1 completed, left on step 2. */
export const leftOnStep2Moved = (visit: Visit) => ({
  ...stepsMoved(visit, [1, 2], [1]),
  [`funnel_left_total{${labels(visit, { step: '2' })}}`]: 1,
});

/** The embed's board page, with the funnel's source and the form's language. */
export function sourcedBoardPage(appUrl: string, lang: 'en' | 'es', source: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0">
<script>
  window.heard = [];
  document.addEventListener('resume-registration:registered', (event) =>
    window.heard.push(event.detail));
</script>
<div data-resume-registration data-lang="${lang}" data-source="${source}"></div>
<script src="${appUrl}/embed.js" async></script></body></html>`;
}
