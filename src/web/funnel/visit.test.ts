// What the page reports of a visit (visit.ts), row by row: each happening in a visit, the
// events it makes and the visit after it.
import { describe, expect, it } from 'vitest';
import type { FunnelEvent } from '../../shared/funnel.ts';
import {
  bodiesOf,
  type Happening,
  NEW_VISIT,
  outcomeOf,
  placeOf,
  type Visit,
  visitEvents,
} from './visit.ts';

/** The events of `happenings` in turn, from a new visit. */
function eventsOf(happenings: readonly Happening[], from: Visit = NEW_VISIT): FunnelEvent[] {
  let visit = from;
  const all: FunnelEvent[] = [];
  for (const happening of happenings) {
    const [next, events] = visitEvents(visit, happening);
    visit = next;
    all.push(...events);
  }
  return all;
}

describe('visitEvents', () => {
  it.each<[string, Happening[], FunnelEvent[]]>([
    ['step 1 shown', [{ type: 'shown', step: 0 }], [{ type: 'step_shown', step: 1 }]],
    [
      'a step shown again: once a visit',
      [
        { type: 'shown', step: 0 },
        { type: 'shown', step: 1 },
        { type: 'shown', step: 0 },
        { type: 'shown', step: 1 },
      ],
      [
        { type: 'step_shown', step: 1 },
        { type: 'step_shown', step: 2 },
      ],
    ],
    ['a step the wizard has not', [{ type: 'shown', step: 3 }], []],
    ['a step below the first', [{ type: 'shown', step: -1 }], []],
    [
      'step 1 completed, twice: once',
      [
        { type: 'completed', from: 0, to: 0 },
        { type: 'completed', from: 0, to: 0 },
      ],
      [{ type: 'step_completed', step: 1 }],
    ],
    [
      'a jump from step 1 to step 3: steps 1 and 2 completed',
      [{ type: 'completed', from: 0, to: 1 }],
      [
        { type: 'step_completed', step: 1 },
        { type: 'step_completed', step: 2 },
      ],
    ],
    [
      'Submit Registration: the steps not yet completed',
      [
        { type: 'completed', from: 0, to: 0 },
        { type: 'completed', from: 0, to: 2 },
      ],
      [
        { type: 'step_completed', step: 1 },
        { type: 'step_completed', step: 2 },
        { type: 'step_completed', step: 3 },
      ],
    ],
    [
      'messages: once a visit for each field and rule',
      [
        {
          type: 'messages',
          shown: [
            ['email', 'email'],
            ['zip_code', 'zipRequired'],
          ],
        },
        {
          type: 'messages',
          shown: [
            ['email', 'email'],
            ['zip_code', 'zipPattern'],
          ],
        },
      ],
      [
        { type: 'validation_shown', field: 'email', rule: 'email' },
        { type: 'validation_shown', field: 'zip_code', rule: 'zipRequired' },
        { type: 'validation_shown', field: 'zip_code', rule: 'zipPattern' },
      ],
    ],
    [
      'a message naming a field or a rule not of the form: none',
      [
        {
          type: 'messages',
          shown: [
            ['resume_url', 'url'],
            ['email', 'regex'],
            ['jane', 'email'],
          ],
        },
      ],
      [],
    ],
    [
      'autofill, each time',
      [
        { type: 'autofill', format: 'pdf', filled: 7 },
        { type: 'autofill', format: 'pdf', filled: 0 },
      ],
      [
        { type: 'autofill_used', format: 'pdf', filled: 7 },
        { type: 'autofill_used', format: 'pdf', filled: 0 },
      ],
    ],
    [
      'autofill with counts out of bounds: held to 0 and every field',
      [
        { type: 'autofill', format: 'docx', filled: 99 },
        { type: 'autofill', format: 'docx', filled: -3 },
        { type: 'autofill', format: 'docx', filled: 2.5 },
      ],
      [
        { type: 'autofill_used', format: 'docx', filled: 21 },
        { type: 'autofill_used', format: 'docx', filled: 0 },
        { type: 'autofill_used', format: 'docx', filled: 0 },
      ],
    ],
    ['autofill from a format not read: none', [{ type: 'autofill', format: 'odt', filled: 3 }], []],
    ['autofill with no format: none', [{ type: 'autofill', format: null, filled: 3 }], []],
    [
      'a language switch, each time',
      [
        { type: 'language', to: 'es' },
        { type: 'language', to: 'en' },
      ],
      [
        { type: 'language_switched', to: 'es' },
        { type: 'language_switched', to: 'en' },
      ],
    ],
    ['a language not offered: none', [{ type: 'language', to: 'fr' }], []],
    [
      'each answer',
      [
        { type: 'outcome', outcome: 'failed' },
        { type: 'outcome', outcome: 'refused' },
        { type: 'outcome', outcome: 'registered' },
      ],
      [
        { type: 'outcome', outcome: 'failed' },
        { type: 'outcome', outcome: 'refused' },
        { type: 'outcome', outcome: 'registered' },
      ],
    ],
    [
      'hidden on step 2: left on step 2, once',
      [
        { type: 'shown', step: 0 },
        { type: 'shown', step: 1 },
        { type: 'hidden' },
        { type: 'hidden' },
      ],
      [
        { type: 'step_shown', step: 1 },
        { type: 'step_shown', step: 2 },
        { type: 'left', step: 2 },
      ],
    ],
    [
      'hidden on step 1 after going back from step 3: left on step 3, the last reached',
      [
        { type: 'shown', step: 0 },
        { type: 'shown', step: 1 },
        { type: 'shown', step: 2 },
        { type: 'shown', step: 0 },
        { type: 'hidden' },
      ],
      [
        { type: 'step_shown', step: 1 },
        { type: 'step_shown', step: 2 },
        { type: 'step_shown', step: 3 },
        { type: 'left', step: 3 },
      ],
    ],
    ['hidden before any step was shown: nothing', [{ type: 'hidden' }], []],
    [
      'hidden after a registration: nothing',
      [{ type: 'shown', step: 2 }, { type: 'outcome', outcome: 'registered' }, { type: 'hidden' }],
      [
        { type: 'step_shown', step: 3 },
        { type: 'outcome', outcome: 'registered' },
      ],
    ],
    [
      'hidden after a queued registration: nothing',
      [{ type: 'shown', step: 2 }, { type: 'outcome', outcome: 'queued' }, { type: 'hidden' }],
      [
        { type: 'step_shown', step: 3 },
        { type: 'outcome', outcome: 'queued' },
      ],
    ],
    [
      'hidden after a refusal: left',
      [{ type: 'shown', step: 2 }, { type: 'outcome', outcome: 'already' }, { type: 'hidden' }],
      [
        { type: 'step_shown', step: 3 },
        { type: 'outcome', outcome: 'already' },
        { type: 'left', step: 3 },
      ],
    ],
    [
      'a step shown after a registration: a new visit, counted from its step 1',
      [
        { type: 'shown', step: 0 },
        { type: 'completed', from: 0, to: 2 },
        { type: 'outcome', outcome: 'registered' },
        { type: 'shown', step: 0 },
        { type: 'completed', from: 0, to: 0 },
        { type: 'hidden' },
      ],
      [
        { type: 'step_shown', step: 1 },
        { type: 'step_completed', step: 1 },
        { type: 'step_completed', step: 2 },
        { type: 'step_completed', step: 3 },
        { type: 'outcome', outcome: 'registered' },
        { type: 'step_shown', step: 1 },
        { type: 'step_completed', step: 1 },
        { type: 'left', step: 1 },
      ],
    ],
  ])('%s', (_, happenings, events) => {
    expect(eventsOf(happenings)).toEqual(events);
  });
});

describe('outcomeOf', () => {
  it.each<[Parameters<typeof outcomeOf>[0], string]>([
    [{ kind: 'registered', conflict: false, status: 200 }, 'registered'],
    [{ kind: 'queued', conflict: false, status: 202 }, 'queued'],
    [{ kind: 'error', conflict: true, status: 409 }, 'already'],
    [{ kind: 'error', conflict: true, status: 400 }, 'already'],
    [{ kind: 'error', conflict: false, status: 400 }, 'refused'],
    [{ kind: 'error', conflict: false, status: 422 }, 'refused'],
    [{ kind: 'error', conflict: false, status: 403 }, 'refused'],
    [{ kind: 'error', conflict: false, status: 408 }, 'failed'],
    [{ kind: 'error', conflict: false, status: 429 }, 'failed'],
    [{ kind: 'error', conflict: false, status: 500 }, 'failed'],
    [{ kind: 'error', conflict: false, status: 502 }, 'failed'],
    [{ kind: 'error', conflict: false, status: null }, 'failed'],
  ])('%j is %s', (answer, outcome) => {
    expect(outcomeOf(answer)).toBe(outcome);
  });
});

describe('placeOf', () => {
  const sources = ['newsletter', 'spring'];
  it.each<[string, Parameters<typeof placeOf>[0], ReturnType<typeof placeOf>]>([
    [
      'a phone on the own page, no source',
      { width: 360, embedded: false, search: '', sources },
      { device: 'phone', page: 'own' },
    ],
    [
      'the widest phone',
      { width: 768, embedded: false, search: '?lang=es', sources },
      { device: 'phone', page: 'own' },
    ],
    [
      'a desktop in a frame, a listed source',
      { width: 1280, embedded: true, search: '?embed=1&utm_source=Newsletter', sources },
      { device: 'wide', page: 'embedded', source: 'newsletter' },
    ],
    [
      'a listed campaign first',
      {
        width: 769,
        embedded: false,
        search: '?utm_source=newsletter&utm_campaign=spring',
        sources,
      },
      { device: 'wide', page: 'own', source: 'spring' },
    ],
    [
      'a source not listed',
      { width: 390, embedded: false, search: '?utm_source=jane%40example.com', sources },
      { device: 'phone', page: 'own', source: 'other' },
    ],
    [
      'an empty source',
      { width: 390, embedded: false, search: '?utm_source=', sources },
      { device: 'phone', page: 'own' },
    ],
  ])('%s', (_, where, place) => {
    expect(placeOf(where)).toEqual(place);
  });
});

describe('bodiesOf', () => {
  const place = { device: 'phone', page: 'own' } as const;
  it('sends each run of one language in its own batch, in order', () => {
    expect(
      bodiesOf(place, [
        { language: 'en', event: { type: 'step_shown', step: 1 } },
        { language: 'en', event: { type: 'language_switched', to: 'es' } },
        { language: 'es', event: { type: 'step_completed', step: 1 } },
      ]).map((body) => JSON.parse(body)),
    ).toEqual([
      {
        context: { language: 'en', device: 'phone', page: 'own' },
        events: [
          { type: 'step_shown', step: 1 },
          { type: 'language_switched', to: 'es' },
        ],
      },
      {
        context: { language: 'es', device: 'phone', page: 'own' },
        events: [{ type: 'step_completed', step: 1 }],
      },
    ]);
  });

  it('sends nothing for nothing, and no event of a language not offered', () => {
    expect(bodiesOf(place, [])).toEqual([]);
    expect(bodiesOf(place, [{ language: 'fr', event: { type: 'step_shown', step: 1 } }])).toEqual(
      [],
    );
  });
});
