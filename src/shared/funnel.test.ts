// The funnel's shared rules (docs/operations.md, "The funnel"): the allow-lists are the form's
// own, the device class and the source are read as the page will read them, an opt-out signal
// counts nothing, and every batch the page builds fits the endpoint's limits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_COUNT, STEP_FIELDS } from './constants.ts';
import {
  deviceClass,
  FUNNEL_FIELDS,
  FUNNEL_FORMATS,
  FUNNEL_LANGUAGES,
  FUNNEL_OUTCOMES,
  FUNNEL_RULES,
  FUNNEL_STEPS,
  type FunnelContext,
  type FunnelEvent,
  funnelBodies,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  MAX_FIELDS_FILLED,
  mayCount,
  OTHER_SOURCE,
  PHONE_MAX_WIDTH,
  sourceOf,
} from './funnel.ts';
import { FIELD_TEXTS } from './messages.ts';

const longest = <T extends string>(list: readonly T[]): T =>
  list.reduce((a, b) => (b.length > a.length ? b : a));

/** The longest context a batch can carry: every value at its longest, a 32-character source. */
const LONGEST_CONTEXT: FunnelContext = {
  language: 'es',
  device: 'phone',
  page: 'embedded',
  source: 'a'.repeat(32),
};

/** Each event type at its longest. */
const LONGEST_EVENTS: Record<FunnelEvent['type'], FunnelEvent> = {
  step_shown: { type: 'step_shown', step: 3 },
  step_completed: { type: 'step_completed', step: 3 },
  validation_shown: {
    type: 'validation_shown',
    field: longest(FUNNEL_FIELDS),
    rule: longest(FUNNEL_RULES),
  },
  autofill_used: { type: 'autofill_used', format: longest(FUNNEL_FORMATS), filled: 21 },
  language_switched: { type: 'language_switched', to: 'es' },
  outcome: { type: 'outcome', outcome: longest(FUNNEL_OUTCOMES) },
  left: { type: 'left', step: 3 },
};

/** Any valid event, as the page may build it. */
const anyEvent: fc.Arbitrary<FunnelEvent> = fc.oneof(
  fc.record({ type: fc.constant('step_shown' as const), step: fc.constantFrom(...FUNNEL_STEPS) }),
  fc.record({
    type: fc.constant('step_completed' as const),
    step: fc.constantFrom(...FUNNEL_STEPS),
  }),
  fc.record({
    type: fc.constant('validation_shown' as const),
    field: fc.constantFrom(...FUNNEL_FIELDS),
    rule: fc.constantFrom(...FUNNEL_RULES),
  }),
  fc.record({
    type: fc.constant('autofill_used' as const),
    format: fc.constantFrom(...FUNNEL_FORMATS),
    filled: fc.integer({ min: 0, max: MAX_FIELDS_FILLED }),
  }),
  fc.record({
    type: fc.constant('language_switched' as const),
    to: fc.constantFrom(...FUNNEL_LANGUAGES),
  }),
  fc.record({
    type: fc.constant('outcome' as const),
    outcome: fc.constantFrom(...FUNNEL_OUTCOMES),
  }),
  fc.record({ type: fc.constant('left' as const), step: fc.constantFrom(...FUNNEL_STEPS) }),
);

describe('the allow-lists', () => {
  it('name every step of the wizard', () => {
    expect(FUNNEL_STEPS).toEqual(Array.from({ length: STEP_COUNT }, (_, index) => index + 1));
  });

  it('name every field of the form, in its order, and nothing else', () => {
    expect(FUNNEL_FIELDS).toEqual(STEP_FIELDS.flat());
    expect(MAX_FIELDS_FILLED).toBe(21);
  });

  it('name every rule of the form by its message, and tooLong for every length limit', () => {
    expect([...FUNNEL_RULES].sort()).toEqual([...Object.keys(FIELD_TEXTS), 'tooLong'].sort());
  });
});

describe('deviceClass', () => {
  it.each<[number, string]>([
    [0, 'phone'],
    [320, 'phone'],
    [360, 'phone'],
    [767.5, 'phone'],
    [768, 'phone'],
    [768.5, 'wide'],
    [1024, 'wide'],
    [3840, 'wide'],
    [Number.NaN, 'wide'],
    [Number.POSITIVE_INFINITY, 'wide'],
  ])('a viewport %s px wide is %s', (width, device) => {
    expect(deviceClass(width)).toBe(device);
  });

  it('draws the line where the page takes its narrow layout (48em in styles.css)', () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../web/styles.css'), 'utf8');
    expect(css).toContain('@media (max-width: 48em)');
    expect(PHONE_MAX_WIDTH).toBe(48 * 16);
  });
});

describe('sourceOf', () => {
  const allowList = ['newsletter', 'linkedin', 'spring-2027'];
  it.each<[string, Parameters<typeof sourceOf>[0], string | undefined]>([
    ['no hint', {}, undefined],
    ['empty hints', { source: '', campaign: '  ' }, undefined],
    ['null hints', { source: null, campaign: null }, undefined],
    ['a listed source', { source: 'newsletter' }, 'newsletter'],
    ['a listed source in capitals, with blanks', { source: ' LinkedIn ' }, 'linkedin'],
    ['a source not listed', { source: 'facebook' }, OTHER_SOURCE],
    ['a listed campaign', { campaign: 'spring-2027' }, 'spring-2027'],
    [
      'a listed campaign before a listed source',
      { source: 'newsletter', campaign: 'spring-2027' },
      'spring-2027',
    ],
    [
      'a listed source with a campaign not listed',
      { source: 'newsletter', campaign: 'x' },
      'newsletter',
    ],
    ['neither listed', { source: 'x', campaign: 'y' }, OTHER_SOURCE],
    ['an email as a source', { source: 'jane@example.com' }, OTHER_SOURCE],
    ['"other" itself, not listed', { source: 'other' }, OTHER_SOURCE],
  ])('%s', (_, hints, label) => {
    expect(sourceOf(hints, allowList)).toBe(label);
  });

  it('never gives a label outside the allow-list and "other", whatever the hints', () => {
    fc.assert(
      fc.property(
        fc.option(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 300 }),
            fc.constantFrom(...allowList, 'NEWSLETTER', 'news\u212aetter', 'linked\u0130n'),
          ),
        ),
        fc.option(fc.string({ unit: 'binary', maxLength: 300 })),
        (source, campaign) => {
          const label = sourceOf({ source, campaign }, allowList);
          expect(label === undefined || [...allowList, OTHER_SOURCE].includes(label)).toBe(true);
        },
      ),
    );
  });
});

describe('mayCount', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['no signal (a header absent)', undefined, undefined, true],
    ['no signal (navigator: GPC false, DNT null)', false, null, true],
    ['DNT unspecified', undefined, 'unspecified', true],
    ['DNT 0', undefined, '0', true],
    ['Sec-GPC: 1', '1', undefined, false],
    ['navigator.globalPrivacyControl', true, null, false],
    ['DNT: 1', undefined, '1', false],
    ['older Firefox: doNotTrack "yes"', undefined, 'yes', false],
    ['DNT: 1 with blanks', undefined, ' 1 ', false],
    ['both', '1', '1', false],
  ])('%s', (_, gpc, dnt, counted) => {
    expect(mayCount({ gpc, dnt })).toBe(counted);
  });
});

describe('funnelBodies', () => {
  it('fits every event type at its longest in a batch of its own with the longest context', () => {
    for (const [type, event] of Object.entries(LONGEST_EVENTS)) {
      const bodies = funnelBodies(LONGEST_CONTEXT, [event]);
      expect(bodies, type).toHaveLength(1);
      expect(Buffer.byteLength(bodies[0] as string), type).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    }
  });

  it('sends nothing for no events, one batch for a few', () => {
    const context: FunnelContext = { language: 'en', device: 'wide', page: 'own' };
    expect(funnelBodies(context, [])).toEqual([]);
    expect(
      funnelBodies(context, [
        { type: 'step_shown', step: 1 },
        { type: 'step_completed', step: 1 },
      ]),
    ).toEqual([
      '{"context":{"language":"en","device":"wide","page":"own"},"events":[{"type":"step_shown","step":1},{"type":"step_completed","step":1}]}',
    ]);
  });

  it('splits any run of events into batches within the limits, each event once, in order', () => {
    fc.assert(
      fc.property(
        fc.array(anyEvent, { maxLength: 80 }),
        fc.constantFrom<FunnelContext>(LONGEST_CONTEXT, {
          language: 'en',
          device: 'wide',
          page: 'own',
        }),
        (events, context) => {
          const bodies = funnelBodies(context, events);
          const batches = bodies.map(
            (body) => JSON.parse(body) as { context: unknown; events: FunnelEvent[] },
          );
          for (const [index, body] of bodies.entries()) {
            expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
            expect(batches[index]?.events.length).toBeGreaterThan(0);
            expect(batches[index]?.events.length).toBeLessThanOrEqual(MAX_BATCH_EVENTS);
            expect(batches[index]?.context).toEqual(context);
          }
          expect(batches.flatMap((batch) => batch.events)).toEqual(events);
        },
      ),
    );
  });
});
