// POST /api/events over real HTTP (docs/api.md): a batch is counted into /metrics exactly as sent,
// a visit with Global Privacy Control or Do Not Track counts nothing, and whatever else a client
// sends is refused (415, 413, 400, 403, 429) without a label value the allow-lists do not hold,
// and without a line of it in the log. FUNNEL=off removes the route.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchSchema, readBatch } from '../src/server/funnel/batch.ts';
import { NOT_A_BATCH } from '../src/server/routes/events.ts';
import {
  FUNNEL_DEVICES,
  FUNNEL_FIELDS,
  FUNNEL_FORMATS,
  FUNNEL_LANGUAGES,
  FUNNEL_OUTCOMES,
  FUNNEL_PAGES,
  FUNNEL_RULES,
  FUNNEL_STEPS,
  type FunnelBatch,
  MAX_BATCH_BYTES,
  NO_SOURCE,
  OTHER_SOURCE,
} from '../src/shared/funnel.ts';
import { type StartedApp, startApp } from './helpers/app.ts';

const SOURCES = ['newsletter', 'linkedin'];
const ENV = { FUNNEL_SOURCES: 'Newsletter, linkedin' };

/** Every value a funnel series' label may hold, by label: the allow-lists and nothing else. */
const ALLOWED_LABELS: Record<string, readonly string[]> = {
  step: FUNNEL_STEPS.map(String),
  language: FUNNEL_LANGUAGES,
  device: FUNNEL_DEVICES,
  page: FUNNEL_PAGES,
  source: [...SOURCES, OTHER_SOURCE, NO_SOURCE],
  outcome: FUNNEL_OUTCOMES,
  field: FUNNEL_FIELDS,
  rule: FUNNEL_RULES,
  format: FUNNEL_FORMATS,
  to: FUNNEL_LANGUAGES,
  // The histogram's buckets (src/server/metrics.ts), not a client's.
  le: ['0', '1', '2', '4', '6', '8', '10', '12', '15', '21', '+Inf'],
};

/** The funnel's series in /metrics, `name{labels} value` each, sorted. */
async function funnelSeries(app: StartedApp): Promise<string[]> {
  const text = await (await fetch(app.metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('funnel_'))
    .sort();
}

/** One series' value, 0 when it has none yet. */
async function seriesValue(app: StartedApp, series: string): Promise<number> {
  const line = (await funnelSeries(app)).find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Every label value the funnel's series hold that no allow-list does. */
async function foreignLabels(app: StartedApp): Promise<string[]> {
  const foreign: string[] = [];
  for (const line of await funnelSeries(app)) {
    for (const [, name, value] of line.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (!ALLOWED_LABELS[name as string]?.includes(value as string))
        foreign.push(`${name}=${value}`);
    }
  }
  return foreign;
}

function post(
  app: StartedApp,
  body: string | Blob | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return fetch(`${app.base}/api/events`, { method: 'POST', headers, body });
}

const CONTEXT = {
  language: 'es',
  device: 'phone',
  page: 'embedded',
  source: 'newsletter',
} as const;
const VISIT = 'language="es",device="phone",page="embedded",source="newsletter"';

/** A whole visit: each event type once or more. */
const VISIT_BATCH: FunnelBatch = {
  context: CONTEXT,
  events: [
    { type: 'step_shown', step: 1 },
    { type: 'autofill_used', format: 'pdf', filled: 7 },
    { type: 'validation_shown', field: 'zip_code', rule: 'zipPattern' },
    { type: 'step_completed', step: 1 },
    { type: 'step_shown', step: 2 },
    { type: 'language_switched', to: 'en' },
    { type: 'step_completed', step: 2 },
    { type: 'step_shown', step: 3 },
    { type: 'step_completed', step: 3 },
    { type: 'outcome', outcome: 'registered' },
  ],
};

describe('POST /api/events', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp(ENV);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 204 with no body and counts each event of the batch once, by its labels', async () => {
    const before = await funnelSeries(app);
    const response = await post(app, JSON.stringify(VISIT_BATCH));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const after = await funnelSeries(app);
    const added = after.filter((line) => !before.includes(line));
    expect(added).toEqual(
      [
        `funnel_steps_shown_total{step="1",${VISIT}} 1`,
        `funnel_steps_shown_total{step="2",${VISIT}} 1`,
        `funnel_steps_shown_total{step="3",${VISIT}} 1`,
        `funnel_steps_completed_total{step="1",${VISIT}} 1`,
        `funnel_steps_completed_total{step="2",${VISIT}} 1`,
        `funnel_steps_completed_total{step="3",${VISIT}} 1`,
        `funnel_outcomes_total{outcome="registered",${VISIT}} 1`,
        'funnel_validation_messages_total{field="zip_code",rule="zipPattern"} 1',
        'funnel_language_switches_total{to="en"} 1',
        'funnel_autofill_fields_filled_bucket{le="8",format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="10",format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="12",format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="15",format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="21",format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="+Inf",format="pdf"} 1',
        'funnel_autofill_fields_filled_sum{format="pdf"} 7',
        'funnel_autofill_fields_filled_count{format="pdf"} 1',
        'funnel_autofill_fields_filled_bucket{le="0",format="pdf"} 0',
        'funnel_autofill_fields_filled_bucket{le="1",format="pdf"} 0',
        'funnel_autofill_fields_filled_bucket{le="2",format="pdf"} 0',
        'funnel_autofill_fields_filled_bucket{le="4",format="pdf"} 0',
        'funnel_autofill_fields_filled_bucket{le="6",format="pdf"} 0',
      ].sort(),
    );
  });

  it('takes a batch sent by navigator.sendBeacon as text/plain, and counts a visit left', async () => {
    const series =
      'funnel_left_total{step="2",language="en",device="wide",page="own",source="none"}';
    const before = await seriesValue(app, series);
    const body = JSON.stringify({
      context: { language: 'en', device: 'wide', page: 'own' },
      events: [{ type: 'left', step: 2 }],
    });
    const response = await post(app, body, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.status).toBe(204);
    expect(await seriesValue(app, series)).toBe(before + 1);
  });

  it.each<[string, Record<string, string>]>([
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['DNT: 1', { dnt: '1' }],
  ])(
    'answers 204 to a visit that sends %s and counts nothing, whatever its body',
    async (_, signal) => {
      const before = await funnelSeries(app);
      const headers = { 'content-type': 'application/json', ...signal };
      expect((await post(app, JSON.stringify(VISIT_BATCH), headers)).status).toBe(204);
      expect((await post(app, '{"not":"a batch"}', headers)).status).toBe(204);
      expect(await funnelSeries(app)).toEqual(before);
    },
  );

  it.each<[string, Record<string, string>]>([
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['XML', { 'content-type': 'application/xml' }],
    ['no content type', {}],
  ])('refuses %s with 415, counting nothing', async (_, headers) => {
    const before = await funnelSeries(app);
    // A Blob without a type: fetch adds no content type of its own.
    const response = await post(app, new Blob([JSON.stringify(VISIT_BATCH)]), headers);
    expect(response.status).toBe(415);
    expect(await funnelSeries(app)).toEqual(before);
  });

  it(`refuses a body over ${MAX_BATCH_BYTES} bytes with 413, and takes one of exactly that`, async () => {
    const events = Array.from({ length: 20 }, () => ({ type: 'step_shown', step: 1 }));
    const fitting = JSON.stringify({
      context: { language: 'en', device: 'wide', page: 'own' },
      events: events.slice(0, 14),
    });
    const padded = fitting.replace(
      '{"context"',
      `${' '.repeat(MAX_BATCH_BYTES - fitting.length)}{"context"`,
    );
    expect(Buffer.byteLength(padded)).toBe(MAX_BATCH_BYTES);
    expect((await post(app, padded)).status).toBe(204);
    const before = await funnelSeries(app);
    const response = await post(app, ` ${padded}`);
    expect(response.status).toBe(413);
    expect(await funnelSeries(app)).toEqual(before);
  });

  it('refuses a batch outside the allow-lists with 400 and the same answer whatever it held', async () => {
    const response = await post(
      app,
      JSON.stringify({ ...VISIT_BATCH, context: { ...CONTEXT, source: 'facebook' } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(NOT_A_BATCH);
    const empty = await post(app, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(NOT_A_BATCH);
  });

  it("refuses another site's page with 403, counting nothing", async () => {
    const before = await funnelSeries(app);
    const response = await post(app, JSON.stringify(VISIT_BATCH), {
      'content-type': 'text/plain',
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(response.status).toBe(403);
    expect(await funnelSeries(app)).toEqual(before);
  });

  it('never logs a body, taken or refused', async () => {
    const marker = 'jane.doe.4417@example.com';
    await post(app, JSON.stringify({ ...VISIT_BATCH, email: marker }));
    await post(app, marker, { 'content-type': 'text/plain' });
    await post(app, JSON.stringify(VISIT_BATCH));
    expect(app.logs()).toContain('/api/events');
    expect(app.logs()).not.toContain(marker);
    expect(app.logs()).not.toContain('step_shown');
  });
});

describe('hostile bodies', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp(ENV);
  });
  afterAll(async () => {
    await app.close();
  });
  const schema = batchSchema(SOURCES);
  const valid = VISIT_BATCH as unknown as Record<string, unknown>;
  const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

  /** A valid batch with a value somewhere replaced by anything, or a key added. */
  const tampered = fc.oneof(
    fc
      .record({
        path: fc.constantFrom('language', 'device', 'page', 'source'),
        value: fc.anything(),
      })
      .map(({ path, value }) =>
        JSON.stringify({ ...valid, context: { ...CONTEXT, [path]: value } }),
      ),
    fc
      .record({
        index: fc.nat({ max: VISIT_BATCH.events.length - 1 }),
        key: fc.constantFrom(
          'type',
          'step',
          'field',
          'rule',
          'format',
          'filled',
          'to',
          'outcome',
          'value',
        ),
        value: fc.anything({ withObjectString: true, withNullPrototype: true }),
      })
      .map(({ index, key, value }) =>
        JSON.stringify({
          ...valid,
          events: VISIT_BATCH.events.map((event, at) =>
            at === index ? { ...event, [key]: value } : event,
          ),
        }),
      ),
    fc
      .record({
        where: fc.constantFrom('batch', 'context', 'event'),
        key: fc.constantFrom(...PROTOTYPE_KEYS),
        value: fc.jsonValue(),
      })
      .map(({ where, key, value }) => {
        // Written as text: an object literal would make __proto__ a prototype, not a key.
        const inject = (json: string) =>
          `{${JSON.stringify(key)}:${JSON.stringify(value ?? null)},${json.slice(1)}`;
        const context = JSON.stringify(CONTEXT);
        const event = JSON.stringify({ type: 'step_shown', step: 1 });
        if (where === 'batch')
          return inject(
            JSON.stringify({ context: CONTEXT, events: [{ type: 'step_shown', step: 1 }] }),
          );
        if (where === 'context') return `{"context":${inject(context)},"events":[${event}]}`;
        return `{"context":${context},"events":[${inject(event)}]}`;
      }),
  );
  const hostile = fc.oneof(
    tampered,
    fc.json({ maxDepth: 6 }),
    fc.string({ unit: 'binary', maxLength: 2_000 }),
    fc.string({ unit: 'grapheme', minLength: 400, maxLength: 1_000 }),
    // Deep nesting, within the size limit and past it.
    fc.nat({ max: 5_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.nat({ max: 3_000 }).map((depth) => `${'{"context":'.repeat(depth)}1${'}'.repeat(depth)}`),
    // Huge arrays of valid events.
    fc.integer({ min: 21, max: 2_000 }).map((length) =>
      JSON.stringify({
        context: CONTEXT,
        events: Array(length).fill({ type: 'step_shown', step: 1 }),
      }),
    ),
    // A source that is anything but a listed one.
    fc
      .string({ unit: 'binary', maxLength: 300 })
      .map((source) => JSON.stringify({ ...valid, context: { ...CONTEXT, source } })),
  );

  it('refuses each with 400 or 413, and no label value appears that the allow-lists do not hold', async () => {
    await post(app, JSON.stringify(VISIT_BATCH));
    const before = await funnelSeries(app);
    expect(before.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(hostile, async (body) => {
        fc.pre(Buffer.byteLength(body) > MAX_BATCH_BYTES || readBatch(schema, body) === null);
        const response = await post(app, body);
        expect([400, 413], body.slice(0, 200)).toContain(response.status);
      }),
      { numRuns: 300 },
    );
    expect(await funnelSeries(app)).toEqual(before);
    expect(await foreignLabels(app)).toEqual([]);
  });
});

describe('FUNNEL=off', () => {
  let app: StartedApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('makes POST /api/events no route: 404 as for any unknown /api route, nothing counted', async () => {
    app = await startApp({ FUNNEL: 'off' });
    const response = await post(app, JSON.stringify(VISIT_BATCH));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: 'No such route' });
    expect(await funnelSeries(app)).toEqual([]);
  });
});

describe('RATE_LIMIT_EVENTS', () => {
  let app: StartedApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('answers 429 past the limit per client, counting nothing more', async () => {
    app = await startApp({ ...ENV, RATE_LIMIT_EVENTS: '2/1m' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post(app, JSON.stringify(VISIT_BATCH))).status);
    expect(statuses).toEqual([204, 204, 429]);
    expect(await seriesValue(app, `funnel_outcomes_total{outcome="registered",${VISIT}}`)).toBe(2);
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('rate_limited_total{route="/api/events"} 1');
  });
});
