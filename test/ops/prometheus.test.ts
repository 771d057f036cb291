// The alerts and the dashboard (deploy/prometheus, deploy/grafana), checked by Debian's promtool
// and prometheus: the rules' syntax and unit tests, the dashboard's metric names, and a real
// Prometheus scraping the real app.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { createMetrics } from '../../src/server/metrics.ts';
import { PHONE_MAX_WIDTH } from '../../src/shared/funnel.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { startStandIn } from '../helpers/provider-stand-in.mjs';
import { freePort } from './services.ts';

const DEPLOY = path.resolve(import.meta.dirname, '../../deploy');
const RULES = path.join(DEPLOY, 'prometheus/rules.yml');
const RULE_TESTS = path.join(DEPLOY, 'prometheus/tests');
const DASHBOARD = path.join(DEPLOY, 'grafana/resume-registration.json');
/** The scrape job every rule reads (deploy/prometheus/prometheus.yml). */
const JOB = 'resume-registration';
/** How every panel and query names its data source: Grafana's variable, chosen on import. */
const DATASOURCE_VARIABLE = '$' + '{datasource}';

const installed = (tool: string) =>
  spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const toolsInstalled = installed('promtool') && installed('prometheus');

/** Skips on a developer machine without Debian's prometheus package; CI must run every case. */
function requirePrometheus(context: TestContext) {
  if (toolsInstalled) return;
  if (process.env.CI) {
    throw new Error(
      'CI is set, so the Prometheus checks must run, but promtool or prometheus is not installed (apt-get install prometheus; .ci/run does)',
    );
  }
  context.skip('promtool and prometheus are not installed (apt-get install prometheus)');
}

function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('promtool', args, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The names rules.yml gives its recording rules and its alerts, in order. */
async function ruleNames() {
  const text = await readFile(RULES, 'utf8');
  const named = (key: string) =>
    [...text.matchAll(new RegExp(`^\\s*- ${key}: (\\S+)$`, 'gm'))].map((match) => match[1]);
  return { records: named('record'), alerts: named('alert') };
}

const PROMQL_KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges
 * and grouping label lists are taken out, less function names (followed by "(") and keywords.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const before = bare[match.index - 1] ?? ' ';
    const after = bare.slice(match.index + match[0].length).trimStart()[0];
    // A digit before is a number's unit or exponent (5m, 1e3); $ a Grafana variable.
    if (/[\w.$]/.test(before) || after === '(' || PROMQL_KEYWORDS.has(match[0])) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** Every series name the app's registry exports (a histogram as its three), and Prometheus's up. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = await createMetrics().registry.getMetricsAsJSON();
  const names = metrics.flatMap(({ name, type }) =>
    String(type) === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  );
  return new Set([...names, 'up']);
}

interface Panel {
  id: number;
  type: string;
  title: string;
  description?: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
  panels?: Panel[];
}

interface Dashboard {
  panels: Panel[];
  templating: {
    list: { name: string; type: string; query: string | { query: string } }[];
  };
}

async function dashboard(): Promise<Dashboard> {
  return JSON.parse(await readFile(DASHBOARD, 'utf8')) as Dashboard;
}

const allPanels = (panels: Panel[]): Panel[] =>
  panels.flatMap((panel) => [panel, ...allPanels(panel.panels ?? [])]);

/** A dashboard query as Prometheus would receive it from Grafana for the job's instances. */
const asGrafanaSends = (expr: string) =>
  expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', JOB).replaceAll('$instance', '.*');

describe('the Prometheus rules', { concurrent: true }, () => {
  it('pass promtool check rules, every rule counted', async (context) => {
    requirePrometheus(context);
    const { records, alerts } = await ruleNames();
    expect(records.length).toBeGreaterThan(0);
    expect(alerts.length).toBeGreaterThan(0);
    const { code, output } = await promtool('check', 'rules', RULES);
    expect(output).toContain(`SUCCESS: ${records.length + alerts.length} rules found`);
    expect(code, output).toBe(0);
  });

  it('pass their unit tests, which cover each alert firing and not firing and each recorded value', async (context) => {
    requirePrometheus(context);
    const files = (await readdir(RULE_TESTS)).filter((name) => name.endsWith('.yml'));
    const tests = (
      await Promise.all(files.map((name) => readFile(path.join(RULE_TESTS, name), 'utf8')))
    ).join('\n');
    const { records, alerts } = await ruleNames();
    for (const alert of alerts) {
      const expectations = [
        ...tests.matchAll(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:( \\[\\])?\\n`, 'g')),
      ];
      expect(
        expectations.some((match) => match[1] === ' []'),
        `${alert} is tested not firing`,
      ).toBe(true);
      expect(
        expectations.some((match) => match[1] === undefined),
        `${alert} is tested firing`,
      ).toBe(true);
    }
    for (const record of records) {
      expect(tests, `${record} has its value tested`).toContain(`- expr: ${record}\n`);
    }
    const { code, output } = await promtool(
      'test',
      'rules',
      ...files.map((name) => path.join(RULE_TESTS, name)),
    );
    expect(code, output).toBe(0);
    expect(output.match(/SUCCESS/g)).toHaveLength(files.length);
    // promtool replays a week of the funnel's hourly series: about 11 s of CPU for all the files.
  }, 60_000);

  it('are loaded by the example prometheus.yml, which promtool accepts', async (context) => {
    requirePrometheus(context);
    const { code, output } = await promtool(
      'check',
      'config',
      path.join(DEPLOY, 'prometheus/prometheus.yml'),
    );
    expect(output).toContain('SUCCESS: 1 rule files found');
    expect(code, output).toBe(0);
  });
});

describe('the Grafana dashboard', { concurrent: true }, () => {
  it("says where the funnel's phone ends as the page decides it", async () => {
    const { panels } = await dashboard();
    const byDevice = allPanels(panels).find((panel) => panel.title === 'Completion rate by device');
    expect(byDevice?.description).toContain(`a viewport up to ${PHONE_MAX_WIDTH} px wide`);
  });

  it('finds metric names in PromQL the way the dashboard checks rely on', () => {
    expect(
      metricNames(
        'sum by (le) (rate(a_bucket{job=~"$job", x="y{z}"}[$__rate_interval])) / on (job) group_left b:c:rate5m > bool 0.5 offset 5m',
      ),
    ).toEqual(['a_bucket', 'b:c:rate5m']);
    expect(metricNames('histogram_quantile(0.99, sum(rate(x[5m])) by (le)) and 1e3')).toEqual([
      'x',
    ]);
  });

  it('is JSON with unique panel ids, every query on the data source variable', async () => {
    const { panels, templating } = await dashboard();
    const every = allPanels(panels);
    const ids = every.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(templating.list.find((variable) => variable.name === 'datasource')).toMatchObject({
      type: 'datasource',
      query: 'prometheus',
    });
    const graphs = every.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      expect(panel.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource?.uid, panel.title).toBe(DATASOURCE_VARIABLE);
        expect(target.expr.trim(), panel.title).not.toBe('');
      }
    }
  });

  it('names only metrics the app exports and recording rules that exist', async () => {
    const { panels, templating } = await dashboard();
    const known = new Set([...(await exportedNames()), ...(await ruleNames()).records]);
    const named = allPanels(panels).flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) =>
        metricNames(target.expr).map((name) => ({ name, where: panel.title })),
      ),
    );
    for (const variable of templating.list) {
      if (variable.type !== 'query') continue;
      const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
      const metric = /^label_values\(([\w:]+)/.exec(query)?.[1];
      expect(metric, `variable ${variable.name}`).toBeDefined();
      named.push({ name: metric as string, where: `variable ${variable.name}` });
    }
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter(({ name }) => !known.has(name))).toEqual([]);
    // Each panel topic the dashboard promises reads its metric.
    const names = new Set(named.map(({ name }) => name));
    for (const name of [
      'http_requests_total',
      'job:http_requests_5xx:ratio_rate5m',
      'job_outcome:registrations:rate5m',
      'job:provider_request_duration_seconds:p50_rate5m',
      'job:provider_request_duration_seconds:p99_rate5m',
      'job_result:uploads:rate5m',
      'job_route:rate_limited:rate5m',
      'job:outbox_depth:max',
      'job:outbox_oldest_age_seconds:max',
      'job:outbox_dead_letters:max',
      'job_result:outbox_delivered:rate5m',
      'job_reason:outbox_retried:rate5m',
      'outbox_dead_lettered_total',
      'dependency_up',
      'funnel_steps_shown_total',
      'funnel_outcomes_total',
      'funnel_left_total',
      'funnel_validation_messages_total',
      'funnel_autofill_fields_filled_count',
      'funnel_autofill_fields_filled_sum',
      'funnel_language_switches_total',
      'job:funnel_completion:ratio1d',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
  });
});

interface RunningPrometheus {
  url: string;
  /** An instant query's result vector; throws on any error Prometheus reports. */
  query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop(): Promise<void>;
}

/** Polls `read` every 100 ms until `done` holds; throws with the last value at the deadline. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what} within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Debian's prometheus on a free port of 127.0.0.1, its data in a temporary directory, scraping
 * `target` every second as the job the rules read, and evaluating rules.yml every second.
 */
async function startPrometheus(target: string): Promise<RunningPrometheus> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prometheus-'));
  const port = await freePort();
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: [RULES],
    scrape_configs: [{ job_name: JOB, static_configs: [{ targets: [target] }] }],
  };
  // JSON is YAML.
  await writeFile(path.join(directory, 'prometheus.yml'), JSON.stringify(config));
  let log = '';
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(directory, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(directory, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`prometheus exited: ${log}`);
        return fetch(`${url}/-/ready`).then(
          (response) => response.ok,
          () => false,
        );
      },
      Boolean,
      'prometheus was not ready',
      15_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    async query(expr) {
      const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: expr })}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
      return body.data.result;
    },
    stop,
  };
}

// Both cases at once, each with its own app and Prometheus, and beside the rules' and the
// dashboard's checks: they wait for scrapes and rule evaluations a second apart, not for the CPU.
describe('a real Prometheus scraping the real app', { concurrent: true }, () => {
  const target = (started: StartedApp) => new URL(started.metricsUrl).host;
  /** The value of a query that returns one series, or null for none. */
  const sampleValue = async (server: RunningPrometheus, expr: string) => {
    const result = await server.query(expr);
    if (result.length > 1) throw new Error(`${expr} returned ${result.length} series`);
    return result.length === 1 ? Number(result[0]?.value[1]) : null;
  };

  /** Registrations the stand-in answers 201, or 500 for an email starting "fail-". */
  const registerMany = async (base: string, ok: number, failing: number) => {
    const emails = [
      ...Array.from({ length: ok }, (_, i) => `ok-${i}-${Math.random()}@example.com`),
      ...Array.from({ length: failing }, (_, i) => `fail-${i}-${Math.random()}@example.com`),
    ];
    const statuses = await Promise.all(
      emails.map(async (email) => (await register(base, candidate({ email }))).status),
    );
    expect(statuses.sort()).toEqual([
      ...Array<number>(ok).fill(201),
      ...Array<number>(failing).fill(500),
    ]);
  };

  it('records the provider error and 5xx ratios the traffic implies, and the alerts see them', async (context) => {
    requirePrometheus(context);
    const standIn = await startStandIn((request) =>
      String((request.body as { email?: string }).email).startsWith('fail-')
        ? { status: 500, body: { detail: 'The stand-in is down' } }
        : { status: 201, body: { id: 'stand-in-1' } },
    );
    context.onTestFinished(() => standIn.close());
    const app = await startApp({
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
    });
    context.onTestFinished(() => app.close());
    // rate() sees no increase in a series' first sample, so every series exists before the
    // first scrape. As many again before as after keeps rate()'s extrapolation the same for
    // each series (none is cut short at its zero), so the ratio is exact.
    await registerMany(app.base, 7, 3);
    const server = await startPrometheus(target(app));
    context.onTestFinished(() => server.stop());
    const count = 'provider_request_duration_seconds_count';
    await until(
      () => sampleValue(server, `count_over_time(${count}{result="500"}[1m])`),
      (samples) => samples !== null && samples >= 3,
      'three scrapes',
    );

    await registerMany(app.base, 7, 3);
    const [scraped] = await until(
      () => server.query(`timestamp(${count}{result="500"} == 6)`),
      (result) => result.length === 1,
      'a scrape of all the traffic',
    );
    const scrapedAt = Number(scraped?.value[1]);
    for (const rule of ['job:provider_errors:ratio_rate5m', 'job:http_requests_5xx:ratio_rate5m']) {
      await until(
        () => sampleValue(server, `timestamp(${rule})`),
        (at) => at !== null && at > scrapedAt,
        `${rule} evaluated after that scrape`,
      );
      // 3 of the 10 calls after the first scrape failed; /metrics is left out of the requests.
      expect(await sampleValue(server, rule), rule).toBeCloseTo(0.3, 12);
    }

    // 30% is over both alerts' 5%: they are pending (for 10 minutes), and nothing else is.
    const alerts = await until(
      async () => {
        const response = await fetch(`${server.url}/api/v1/alerts`);
        const body = (await response.json()) as {
          data: { alerts: { labels: { alertname: string }; state: string }[] };
        };
        return body.data.alerts
          .map((alert) => `${alert.labels.alertname} ${alert.state}`)
          .sort()
          .join(', ');
      },
      (list) => list.split(', ').length >= 2,
      'the error ratio alerts pending',
    );
    expect(alerts).toBe('HTTPServerErrorRatioHigh pending, ProviderErrorRatioHigh pending');

    // Every rule evaluated without an error against real series.
    const response = await fetch(`${server.url}/api/v1/rules`);
    const { data } = (await response.json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const rules = data.groups.flatMap((group) => group.rules);
    const { records, alerts: alertNames } = await ruleNames();
    expect(rules.map((rule) => rule.name).sort()).toEqual([...records, ...alertNames].sort());
    expect(rules.filter((rule) => rule.health !== 'ok')).toEqual([]);
  });

  it('answers every dashboard query, and the process panels have data', async (context) => {
    requirePrometheus(context);
    const app = await startApp();
    context.onTestFinished(() => app.close());
    const server = await startPrometheus(target(app));
    context.onTestFinished(() => server.stop());
    await until(
      () => sampleValue(server, `up{job="${JOB}"}`),
      (up) => up === 1,
      'a scrape of the app',
    );
    const { panels } = await dashboard();
    for (const panel of allPanels(panels)) {
      for (const { expr } of panel.targets ?? []) {
        await expect(server.query(asGrafanaSends(expr)), panel.title).resolves.toBeDefined();
      }
    }
    for (const expr of [
      `process_resident_memory_bytes{job="${JOB}"}`,
      `nodejs_heap_size_used_bytes{job="${JOB}"}`,
      `nodejs_eventloop_lag_p99_seconds{job="${JOB}"}`,
      `dependency_up{job="${JOB}", dependency="storage"}`,
    ]) {
      expect(await sampleValue(server, expr), expr).not.toBeNull();
    }
  });
});
