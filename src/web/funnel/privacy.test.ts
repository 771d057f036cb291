// No funnel body can hold what a candidate typed (docs/operations.md, "The funnel"): for each
// event type, form states of hostile strings (unicode, long, JSON-ish, digits) go through the
// page's own event-building functions as the page's glue calls them (the values typed, the
// messages on screen, which may repeat them, the file chosen, the link's utm_source and
// utm_campaign), and every serialized batch is searched for every typed string of 3 characters
// or more that a body could not hold anyway.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_FIELDS } from '../../shared/constants.ts';
import {
  FUNNEL_FIELDS,
  FUNNEL_FORMATS,
  FUNNEL_LANGUAGES,
  FUNNEL_OUTCOMES,
  FUNNEL_RULES,
  type FunnelEvent,
  funnelBodies,
} from '../../shared/funnel.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { rulesShown } from '../wizard/rules-shown.ts';
import { createFunnel } from './report.ts';
import { type Happening, placeOf } from './visit.ts';

const SOURCES = ['newsletter', 'spring-2027'];

/**
 * Every body the funnel could send, whatever was typed: each event with each of its values, in
 * each context. A typed string found in it (`"step":`, `pdf`) says nothing of what was typed.
 */
const ANY_BODY = (() => {
  const events: FunnelEvent[] = [
    ...[1, 2, 3].flatMap((step) =>
      (['step_shown', 'step_completed', 'left'] as const).map(
        (type) => ({ type, step }) as FunnelEvent,
      ),
    ),
    ...FUNNEL_FIELDS.flatMap((field) =>
      FUNNEL_RULES.map((rule) => ({ type: 'validation_shown', field, rule }) as FunnelEvent),
    ),
    ...FUNNEL_FORMATS.flatMap((format) =>
      Array.from(
        { length: 22 },
        (_, filled) => ({ type: 'autofill_used', format, filled }) as FunnelEvent,
      ),
    ),
    ...FUNNEL_LANGUAGES.map((to) => ({ type: 'language_switched', to }) as FunnelEvent),
    ...FUNNEL_OUTCOMES.map((outcome) => ({ type: 'outcome', outcome }) as FunnelEvent),
  ];
  const contexts = FUNNEL_LANGUAGES.flatMap((language) =>
    [undefined, 'other', ...SOURCES].map((source) => ({
      language,
      device: 'phone' as const,
      page: 'embedded' as const,
      ...(source ? { source } : {}),
    })),
  );
  // Every pair of events side by side, as a batch holds them.
  const pairs = events.flatMap((event, index) => [event, events[(index + 1) % events.length]]);
  return [...contexts, { language: 'en', device: 'wide', page: 'own' } as const]
    .flatMap((context) => [
      ...funnelBodies(context, events),
      ...funnelBodies(context, pairs as FunnelEvent[]),
      ...funnelBodies(context, [...pairs].reverse() as FunnelEvent[]),
    ])
    .join('\n');
})();

/** What a candidate may type: unicode, long, JSON-ish, digits, and the funnel's own words. */
const typed = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 3, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 3, maxLength: 300 }),
  fc.stringMatching(/^\d{3,12}$/),
  fc.json().filter((json) => json.length >= 3),
  fc.emailAddress(),
  fc.constantFrom(
    'Jane',
    'jane@example.com',
    'Zoë Ångström 山田',
    '{"type":"left","step":2}',
    '"},{"type":"outcome"',
    '12345-6789',
    '../../etc/passwd',
    '\u202e\u0000\ud83d\ude00',
    'a'.repeat(5_000),
    'newsletter, jane',
  ),
);

/** A form state: each field's value, each field's message on screen, and where the visit came from. */
const formState = fc.record({
  values: fc.dictionary(fc.constantFrom(...FUNNEL_FIELDS), typed),
  messages: fc.array(
    fc.tuple(
      fc.constantFrom(...FUNNEL_FIELDS, 'resume_url', 'Jane'),
      fc.oneof(typed, fc.constantFrom(...Object.values(FIELD_MESSAGES))),
    ),
    { maxLength: 6 },
  ),
  source: fc.option(typed),
  campaign: fc.option(typed),
  filename: typed,
  format: fc.oneof(typed, fc.constantFrom(...FUNNEL_FORMATS)),
  filled: fc.integer({ min: -5, max: 40 }),
  language: fc.oneof(typed, fc.constantFrom(...FUNNEL_LANGUAGES)),
  outcome: fc.constantFrom(...FUNNEL_OUTCOMES),
  step: fc.integer({ min: -1, max: 4 }),
});
type FormState = typeof formState extends fc.Arbitrary<infer T> ? T : never;

/** The happenings the page's glue reports for an event type, from a form state. */
const HAPPENINGS: Record<FunnelEvent['type'], (state: FormState) => Happening[]> = {
  step_shown: ({ step }) => [{ type: 'shown', step }],
  step_completed: ({ step }) => [{ type: 'completed', from: 0, to: step }],
  validation_shown: ({ messages, values }) => [
    // The messages on screen, the page's own and others repeating what was typed.
    {
      type: 'messages',
      shown: rulesShown([
        ...messages,
        ...Object.entries(values).map(([field, value]) => [field, `${value} is taken`] as const),
      ]),
    },
  ],
  autofill_used: ({ format, filled, filename }) => [
    { type: 'autofill', format, filled },
    { type: 'autofill', format: filename, filled },
  ],
  language_switched: ({ language }) => [{ type: 'language', to: language }],
  outcome: ({ outcome }) => [{ type: 'outcome', outcome }],
  left: ({ step }) => [{ type: 'shown', step }, { type: 'hidden' }],
};

/** Every body the page's functions send for `state`'s happenings of one event type. */
function bodiesFor(type: FunnelEvent['type'], state: FormState): string[] {
  const sent: string[] = [];
  const funnel = createFunnel({
    send: (body) => sent.push(body),
    later: (run) => run(),
    language: () => (typeof state.language === 'string' ? state.language : 'en'),
    counted: () => true,
  });
  const search = new URLSearchParams();
  if (state.source !== null) search.set('utm_source', state.source);
  if (state.campaign !== null) search.set('utm_campaign', state.campaign);
  funnel.start(placeOf({ width: 360, embedded: true, search: `?${search}`, sources: SOURCES }));
  for (const happening of HAPPENINGS[type](state)) funnel.report(happening);
  funnel.leave();
  return sent;
}

/** Each string the candidate typed or chose in `state`. */
const typedIn = (state: FormState): string[] =>
  [
    ...Object.values(state.values),
    ...state.messages.map(([, message]) => message),
    state.source,
    state.campaign,
    state.filename,
    state.format,
    state.language,
  ].filter((text): text is string => typeof text === 'string');

describe('no funnel body holds a typed value', () => {
  it.each(Object.keys(HAPPENINGS) as FunnelEvent['type'][])('%s', (type) => {
    fc.assert(
      fc.property(formState, (state) => {
        const bodies = bodiesFor(type, state);
        for (const body of bodies) {
          // The server's limit holds too.
          expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(512);
          for (const text of typedIn(state)) {
            if (text.length < 3 || ANY_BODY.includes(text)) continue;
            expect(body).not.toContain(text);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sends the events a form state makes (the searches above are of real bodies)', () => {
    const bodies = bodiesFor('validation_shown', {
      values: { first_name: 'Jane' },
      messages: [['email', FIELD_MESSAGES.email]],
      source: 'Newsletter',
      campaign: null,
      filename: 'jane.pdf',
      format: 'pdf',
      filled: 3,
      language: 'en',
      outcome: 'registered',
      step: 0,
    });
    expect(bodies.map((body) => JSON.parse(body))).toEqual([
      {
        context: { language: 'en', device: 'phone', page: 'embedded', source: 'newsletter' },
        events: [{ type: 'validation_shown', field: 'email', rule: 'email' }],
      },
    ]);
  });
});

// The glue passes no value of a field: only its name, beside the steps'.
it('knows every field the form has', () => {
  expect([...FUNNEL_FIELDS].sort()).toEqual(STEP_FIELDS.flat().sort());
});
