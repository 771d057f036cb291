// A funnel batch as the endpoint reads it: each event type with its allowed values is taken, and
// any other key, type or value, in an event or in the context, refuses the whole batch.
import { describe, expect, it } from 'vitest';
import { type FunnelBatch, MAX_BATCH_EVENTS } from '../../shared/funnel.ts';
import { batchSchema, readBatch } from './batch.ts';

const schema = batchSchema(['newsletter', 'linkedin']);
const CONTEXT = { language: 'es', device: 'phone', page: 'embedded', source: 'newsletter' };
const read = (value: unknown) => readBatch(schema, JSON.stringify(value));
const withEvent = (event: unknown) => ({ context: CONTEXT, events: [event] });

describe('readBatch: every event type', () => {
  it.each<[string, unknown]>([
    ['step shown', { type: 'step_shown', step: 1 }],
    ['step completed', { type: 'step_completed', step: 3 }],
    [
      'validation message shown',
      { type: 'validation_shown', field: 'zip_code', rule: 'zipPattern' },
    ],
    [
      'validation message, a length',
      { type: 'validation_shown', field: 'key_skills', rule: 'tooLong' },
    ],
    ['autofill used, nothing filled', { type: 'autofill_used', format: 'pdf', filled: 0 }],
    ['autofill used, every field', { type: 'autofill_used', format: 'docx', filled: 21 }],
    ['language switch', { type: 'language_switched', to: 'en' }],
    ['registered', { type: 'outcome', outcome: 'registered' }],
    ['queued', { type: 'outcome', outcome: 'queued' }],
    ['already registered', { type: 'outcome', outcome: 'already' }],
    ['refused', { type: 'outcome', outcome: 'refused' }],
    ['failed', { type: 'outcome', outcome: 'failed' }],
    ['left on step 2', { type: 'left', step: 2 }],
  ])('takes %s', (_, event) => {
    expect(read(withEvent(event))).toEqual(withEvent(event));
  });

  it.each<[string, unknown]>([
    ['an unknown type', { type: 'clicked', step: 1 }],
    ['no type', { step: 1 }],
    ['step 0', { type: 'step_shown', step: 0 }],
    ['step 4', { type: 'step_shown', step: 4 }],
    ['a step as text', { type: 'step_shown', step: '1' }],
    ['a step of 1.5', { type: 'left', step: 1.5 }],
    ['no step', { type: 'step_completed' }],
    ['a key more', { type: 'step_shown', step: 1, value: 'jane@example.com' }],
    [
      'a typed value in place of a field',
      { type: 'validation_shown', field: 'Jane', rule: 'firstName' },
    ],
    ['a field not of the form', { type: 'validation_shown', field: 'resume_url', rule: 'url' }],
    ['a rule not of the form', { type: 'validation_shown', field: 'email', rule: 'regex' }],
    [
      'a rule with the field of another event',
      { type: 'validation_shown', field: 'email', rule: 'email', step: 1 },
    ],
    ['a format not read', { type: 'autofill_used', format: 'odt', filled: 3 }],
    ['more fields filled than the form has', { type: 'autofill_used', format: 'pdf', filled: 22 }],
    ['fields filled below 0', { type: 'autofill_used', format: 'pdf', filled: -1 }],
    ['fields filled not whole', { type: 'autofill_used', format: 'pdf', filled: 2.5 }],
    ['a language not offered', { type: 'language_switched', to: 'fr' }],
    ['an outcome not a class', { type: 'outcome', outcome: '201' }],
    ['an event that is a string', 'step_shown'],
    ['an event that is null', null],
    ['an event that is an array', ['step_shown', 1]],
    ['an event with __proto__', JSON.parse('{"type":"left","step":2,"__proto__":{"x":1}}')],
    ['an event with constructor', { type: 'left', step: 2, constructor: 'x' }],
  ])('refuses %s', (_, event) => {
    expect(read(withEvent(event))).toBeNull();
  });
});

describe('readBatch: the batch and its context', () => {
  const event = { type: 'step_shown', step: 1 };
  it.each<[string, unknown, FunnelBatch | null]>([
    [
      'no source',
      { context: { ...CONTEXT, source: undefined }, events: [event] },
      {
        context: { language: 'es', device: 'phone', page: 'embedded' },
        events: [{ type: 'step_shown', step: 1 }],
      },
    ],
    [
      'the source "other"',
      { context: { ...CONTEXT, source: 'other' }, events: [event] },
      {
        context: { language: 'es', device: 'phone', page: 'embedded', source: 'other' },
        events: [{ type: 'step_shown', step: 1 }],
      },
    ],
    [
      'a source not in the list',
      { context: { ...CONTEXT, source: 'facebook' }, events: [event] },
      null,
    ],
    ['the source "none"', { context: { ...CONTEXT, source: 'none' }, events: [event] }, null],
    [
      'a listed source in capitals',
      { context: { ...CONTEXT, source: 'Newsletter' }, events: [event] },
      null,
    ],
    ['a source of null', { context: { ...CONTEXT, source: null }, events: [event] }, null],
    ['a language not offered', { context: { ...CONTEXT, language: 'de' }, events: [event] }, null],
    ['a device not a class', { context: { ...CONTEXT, device: 'tablet' }, events: [event] }, null],
    [
      'a page neither own nor embedded',
      { context: { ...CONTEXT, page: 'https://jobs.example.com' }, events: [event] },
      null,
    ],
    ['a context key more', { context: { ...CONTEXT, width: 390 }, events: [event] }, null],
    ['no context', { events: [event] }, null],
    ['a batch key more', { context: CONTEXT, events: [event], at: 1_700_000_000 }, null],
    ['no events', { context: CONTEXT, events: [] }, null],
    ['events not an array', { context: CONTEXT, events: event }, null],
    [
      'one event too many',
      { context: CONTEXT, events: Array(MAX_BATCH_EVENTS + 1).fill(event) },
      null,
    ],
    ['an array', [CONTEXT, [event]], null],
    ['null', null, null],
    ['a number', 1, null],
  ])('%s', (_, body, batch) => {
    expect(read(body)).toEqual(batch);
  });

  it('takes as many events as a batch may hold', () => {
    const events = Array(MAX_BATCH_EVENTS).fill(event);
    expect(read({ context: CONTEXT, events })?.events).toHaveLength(MAX_BATCH_EVENTS);
  });

  it.each(['', ' ', '{', '{"context":', 'undefined', "{'context':1}", '\u0000'])(
    'refuses a body that is no JSON: %j',
    (body) => {
      expect(readBatch(schema, body)).toBeNull();
    },
  );

  it('allows no source but "other" on a deployment that lists none', () => {
    const none = batchSchema([]);
    const batch = (source: string) =>
      readBatch(none, JSON.stringify({ context: { ...CONTEXT, source }, events: [event] }));
    expect(batch('other')?.context.source).toBe('other');
    expect(batch('newsletter')).toBeNull();
  });
});
