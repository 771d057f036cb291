import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidate } from '../../../test/helpers/candidate.ts';
import {
  LOGGED_PROVIDER_KEYS,
  LOGGED_TEXT_MAX_LENGTH,
  type LoggedProviderBody,
  loggableBody,
} from './log-body.ts';

/** A provider that sends every field of the candidate back, beside its own id and status. */
const ECHOED_CANDIDATE = {
  ...candidate(),
  uploaded_resume: { resume_content_base64: 'JVBERi0=', resume_filename: 'ada.pdf' },
  resume_url: 'https://cv.example/ada.pdf',
};

describe('what of a provider body is logged', () => {
  it.each<[string, unknown, LoggedProviderBody | undefined]>([
    [
      'the sandbox’s 201',
      { id: 'sandbox-1', status: 'registered' },
      { id: 'sandbox-1', status: 'registered' },
    ],
    [
      'the sandbox’s 400 problem: its type and status, not its title, detail or field messages',
      {
        type: 'https://sandbox.invalid/problems/bad-request',
        title: 'Bad Request',
        status: 400,
        detail: 'Candidate rejected due to invalid email address',
        email: ['This email address is not accepted'],
      },
      { type: 'https://sandbox.invalid/problems/bad-request', status: 400 },
    ],
    [
      'a 201 that echoes every field of the candidate: the id alone',
      { id: 'cand-78', ...ECHOED_CANDIDATE },
      { id: 'cand-78' },
    ],
    [
      'a 201 that nests the echo: the id and status alone',
      { id: 'cand-79', status: 'created', candidate: ECHOED_CANDIDATE },
      { id: 'cand-79', status: 'created' },
    ],
    [
      'a numeric id and a code',
      { candidate_id: 4711, code: 'E_DUPLICATE' },
      { candidate_id: 4711, code: 'E_DUPLICATE' },
    ],
    ['an id that is an email address', { id: 'ada@example.com' }, undefined],
    ['a status that is a sentence', { status: 'Candidate already exists' }, undefined],
    ['a code that quotes the input', { code: 'invalid zip 10001' }, undefined],
    ['an id of a nested object', { id: { value: 'c1' } }, undefined],
    ['an id in an array', { id: ['c1'] }, undefined],
    ['a boolean status', { status: true }, undefined],
    ['a null id', { id: null }, undefined],
    [
      `an id of ${LOGGED_TEXT_MAX_LENGTH} characters`,
      { id: 'a'.repeat(LOGGED_TEXT_MAX_LENGTH) },
      { id: 'a'.repeat(LOGGED_TEXT_MAX_LENGTH) },
    ],
    [
      `an id of ${LOGGED_TEXT_MAX_LENGTH + 1} characters`,
      { id: 'a'.repeat(LOGGED_TEXT_MAX_LENGTH + 1) },
      undefined,
    ],
    ['an empty id', { id: '' }, undefined],
    ['an id in other scripts', { id: 'ｃ１-候補' }, undefined],
    ['keys in another letter case', { ID: 'c1', Status: 'ok' }, undefined],
    ['a "__proto__" key', JSON.parse('{"__proto__":{"id":"x"},"status":"ok"}'), { status: 'ok' }],
    ['an array body', [{ id: 'c1' }], undefined],
    ['a string body', 'created', undefined],
    ['null', null, undefined],
    ['a number', 201, undefined],
    ['an empty object', {}, undefined],
  ])('%s', (_name, body, logged) => {
    expect(loggableBody(body)).toStrictEqual(logged);
  });

  it('reads nothing through the prototype', () => {
    const inherited = Object.create({ id: 'from-the-prototype' }) as Record<string, unknown>;
    expect(loggableBody(inherited)).toBeUndefined();
  });
});

/** The longest providerBody there can be: every key, each with the longest value it keeps. */
const LARGEST = LOGGED_PROVIDER_KEYS.reduce(
  // "key": plus the value (a quoted token, or a number's at most 24 characters) and a comma.
  (sum, key) => sum + key.length + 3 + Math.max(LOGGED_TEXT_MAX_LENGTH + 2, 24) + 1,
  2,
);

describe('whatever JSON a provider sends', () => {
  const hostileKey = fc.oneof(
    fc.constantFrom(...LOGGED_PROVIDER_KEYS, '__proto__', 'constructor', 'prototype', 'ID', ' id'),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', minLength: 500, maxLength: 2_000 }),
  );
  const hostileValue = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.string({ unit: 'binary', minLength: 1_000, maxLength: 5_000 }),
    fc.stringMatching(/^[\w.:/#-]{1,200}$/),
    fc.constantFrom('ada@example.com', 'Ada Lovelace', '+15550109999', '../../etc/passwd'),
  );
  const body = fc.oneof(
    fc.dictionary(hostileKey, hostileValue, { maxKeys: 20 }),
    // Parsed from text, as the client does: "__proto__" stays an own key.
    fc
      .dictionary(hostileKey, hostileValue, { maxKeys: 20 })
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown),
    fc.jsonValue({ maxDepth: 6 }),
  );

  it('logs only allow-listed top-level keys, each with the very value sent, within a bounded size', () => {
    fc.assert(
      fc.property(body, (sent) => {
        const logged = loggableBody(sent);
        if (logged === undefined) return;
        const record = sent as Record<string, unknown>;
        for (const [key, value] of Object.entries(logged)) {
          expect(LOGGED_PROVIDER_KEYS).toContain(key);
          expect(Object.hasOwn(record, key)).toBe(true);
          expect(value).toBe(record[key]);
          expect(typeof value === 'number' || /^[\w.:/#-]{1,100}$/.test(value)).toBe(true);
        }
        expect(JSON.stringify(logged).length).toBeLessThanOrEqual(LARGEST);
      }),
      { numRuns: 300 },
    );
  });
});
