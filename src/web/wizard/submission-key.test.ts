// @vitest-environment happy-dom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIdempotencyKey } from '../../shared/idempotency.ts';
import { clearDraft, SUBMISSION_KEY_ITEM } from '../draft.ts';
import {
  type AttemptEnd,
  answersFingerprint,
  attemptEnd,
  keyDecision,
  makeIdempotencyKey,
  type SentKey,
  submissionKeys,
} from './submission-key.ts';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
});

const KEY = '0f8c6a8e-3d1f-4a4b-9c57-5f1e2d3c4b5a';
const FINGERPRINT = '0123456789abcdef';
const OTHER_FINGERPRINT = 'fedcba9876543210';

describe('keyDecision: keep the key only for the same answers after no final answer', () => {
  const sent = (ended: AttemptEnd, key = KEY): SentKey => ({
    key,
    fingerprint: FINGERPRINT,
    ended,
  });
  // Every case: no previous key; each way an attempt ends × the same or other answers; and a
  // previous key that is no key (a tampered device) for each way.
  it.each<[string, SentKey | null, string, 'keep' | 'renew']>([
    ['no key sent yet', null, FINGERPRINT, 'renew'],
    ['no answer, same answers', sent('no-answer'), FINGERPRINT, 'keep'],
    ['no answer, other answers', sent('no-answer'), OTHER_FINGERPRINT, 'renew'],
    ['a 5xx, same answers', sent('server-error'), FINGERPRINT, 'keep'],
    ['a 5xx, other answers', sent('server-error'), OTHER_FINGERPRINT, 'renew'],
    ['a final answer, same answers', sent('final'), FINGERPRINT, 'renew'],
    ['a final answer, other answers', sent('final'), OTHER_FINGERPRINT, 'renew'],
    ['no answer, same answers, a key too short', sent('no-answer', 'abc'), FINGERPRINT, 'renew'],
    [
      'a 5xx, same answers, a key with a space',
      sent('server-error', `${KEY} `),
      FINGERPRINT,
      'renew',
    ],
    [
      'a final answer, same answers, a key of 65',
      sent('final', 'a'.repeat(65)),
      FINGERPRINT,
      'renew',
    ],
  ])('%s: %s', (_case, previous, fingerprint, decision) => {
    expect(keyDecision(previous, fingerprint)).toBe(decision);
  });

  it('takes an ending it does not know (a tampered device) as final', () => {
    const tampered = { ...sent('no-answer'), ended: 'lost' as AttemptEnd };
    expect(keyDecision(tampered, FINGERPRINT)).toBe('renew');
  });
});

describe('attemptEnd: how an attempt ended, from its HTTP status', () => {
  it.each<[number | null, AttemptEnd]>([
    [null, 'no-answer'],
    [200, 'final'],
    [201, 'final'],
    [202, 'final'],
    [400, 'final'],
    [409, 'final'],
    [413, 'final'],
    [429, 'final'],
    [499, 'final'],
    [500, 'server-error'],
    [502, 'server-error'],
    [503, 'server-error'],
    [504, 'server-error'],
    [599, 'server-error'],
  ])('%s: %s', (status, end) => {
    expect(attemptEnd(status)).toBe(end);
  });
});

describe('makeIdempotencyKey', () => {
  const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);

  it('is crypto.randomUUID() where the page has it', () => {
    const random = {
      randomUUID: () => KEY,
      getRandomValues: () => {
        throw new Error('not used');
      },
    };
    expect(makeIdempotencyKey(random)).toBe(KEY);
  });

  it('is 128 bits of crypto.getRandomValues in hex where it has not (no secure context)', () => {
    let asked = 0;
    const random = {
      getRandomValues(array: Uint8Array<ArrayBuffer>) {
        asked = array.length;
        array.set(bytes);
        return array;
      },
    };
    const key = makeIdempotencyKey(random);
    expect(asked).toBe(16);
    expect(key).toBe('00112233445566778899aabbccddeeff');
    expect(isIdempotencyKey(key)).toBe(true);
  });

  it('makes a key the server takes, a new one each time, and never from Math.random', () => {
    const mathRandom = vi.spyOn(Math, 'random');
    const withoutUuid = {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array),
    };
    const made = [
      makeIdempotencyKey(),
      makeIdempotencyKey(),
      makeIdempotencyKey(withoutUuid),
      makeIdempotencyKey(withoutUuid),
    ];
    expect(made[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(made[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(made.every(isIdempotencyKey)).toBe(true);
    expect(new Set(made).size).toBe(made.length);
    expect(mathRandom).not.toHaveBeenCalled();
  });
});

/** Any UTF-16 text: every code point, lone surrogates too, and now and then a long one. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  }),
  fc.string({ unit: 'binary', minLength: 5_000, maxLength: 20_000 }),
);
/** Answers as a body holds them: texts, numbers, a list, flags, a resume object or null. */
const anyAnswers = fc.dictionary(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.oneof(
    anyText,
    fc.double({ noNaN: true }),
    fc.array(anyText, { maxLength: 4 }),
    fc.boolean(),
    fc.constant(null),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), anyText, { maxKeys: 3 }),
  ),
  { maxKeys: 8 },
);

/** The same object with its keys, and its objects' keys, in the reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).reverse();
  const copy: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    Object.defineProperty(copy, key, { value: reversed(item), enumerable: true, writable: true });
  }
  return copy;
}

describe('answersFingerprint', () => {
  it('is 16 hex digits for any answers, however long and whatever their characters', () => {
    fc.assert(
      fc.property(anyAnswers, (answers) => {
        expect(answersFingerprint(answers)).toMatch(/^[0-9a-f]{16}$/);
      }),
    );
  });

  it('is equal for equal answers: a copy, and the same answers with their fields in another order', () => {
    fc.assert(
      fc.property(anyAnswers, (answers) => {
        const fingerprint = answersFingerprint(answers);
        expect(answersFingerprint(structuredClone(answers))).toBe(fingerprint);
        expect(answersFingerprint(reversed(answers) as object)).toBe(fingerprint);
      }),
    );
  });

  it('differs when one answer differs', () => {
    fc.assert(
      fc.property(
        anyAnswers,
        fc.string({ unit: 'binary' }),
        anyText,
        anyText,
        (answers, field, a, b) => {
          fc.pre(a !== b);
          expect(answersFingerprint({ ...answers, [field]: a })).not.toBe(
            answersFingerprint({ ...answers, [field]: b }),
          );
        },
      ),
    );
  });

  it('tells apart answers that differ in a way that is easy to miss', () => {
    const base = { first_name: 'Ada', acceptable_job_types: ['Contract', 'Temp'], resume: null };
    const others = [
      { ...base, first_name: 'Ada ' },
      { ...base, first_name: 'ada' },
      { ...base, acceptable_job_types: ['Temp', 'Contract'] },
      { ...base, acceptable_job_types: ['Contract,Temp'] },
      { ...base, resume: {} },
      { ...base, salary_min: 0 },
      { first_name: 'Ada', acceptable_job_types: ['Contract', 'Temp'] },
    ];
    const fingerprints = [base, ...others].map(answersFingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});

describe('submissionKeys: the key each submission carries, on this page and after a reload', () => {
  const ANSWERS = { first_name: 'Ada', email: 'ada@example.com', password: 'correct-horse' };
  /** Keys k1, k2, … in the order they are made. */
  const counter = () => {
    let made = 0;
    return () => {
      made += 1;
      return `key-${String(made).padStart(13, '0')}`;
    };
  };
  const K1 = 'key-0000000000001';
  const K2 = 'key-0000000000002';
  const K3 = 'key-0000000000003';

  it('sends a key again only for the same answers after no answer or a 5xx', () => {
    const keys = submissionKeys(localStorage, counter());
    const send = (answers: typeof ANSWERS, end: AttemptEnd) => {
      const sending = keys.send(answers);
      sending.ended(end);
      return sending.key;
    };
    expect(send(ANSWERS, 'no-answer')).toBe(K1);
    expect(send({ ...ANSWERS }, 'server-error')).toBe(K1);
    expect(send(ANSWERS, 'final')).toBe(K1);
    // After a final answer (a 201, a 409…), the same answers are a new submission.
    expect(send(ANSWERS, 'no-answer')).toBe(K2);
    // Another answer, the password too, is a new submission.
    expect(send({ ...ANSWERS, first_name: 'Ada L.' }, 'no-answer')).toBe(K3);
    expect(send({ ...ANSWERS, first_name: 'Ada L.', password: 'another-horse' }, 'final')).toBe(
      'key-0000000000004',
    );
  });

  it('keeps the key on the device, without the password or anything made of it, for a reload', () => {
    const first = submissionKeys(localStorage, counter());
    // The page reloads while the answer is on its way: the key is kept before it leaves.
    expect(first.send(ANSWERS).key).toBe(K1);
    const stored = localStorage.getItem(SUBMISSION_KEY_ITEM) ?? '';
    expect(JSON.parse(stored)).toEqual({
      key: K1,
      fingerprint: answersFingerprint({ ...ANSWERS, password: '' }),
      ended: 'no-answer',
    });
    expect(stored).not.toContain(ANSWERS.password);

    // After the reload the password is typed again; the key goes with the other answers.
    const reloaded = submissionKeys(localStorage, () => K2);
    expect(reloaded.send({ ...ANSWERS, password: 'typed-again' }).key).toBe(K1);
    expect(JSON.parse(localStorage.getItem(SUBMISSION_KEY_ITEM) ?? '')).toEqual(JSON.parse(stored));
  });

  it('makes a new key after a reload once the answers changed, or were answered', () => {
    submissionKeys(localStorage, counter()).send(ANSWERS).ended('server-error');
    expect(submissionKeys(localStorage, () => K2).send({ ...ANSWERS, email: 'a@b.co' }).key).toBe(
      K2,
    );

    submissionKeys(localStorage, () => K1)
      .send(ANSWERS)
      .ended('final');
    expect(submissionKeys(localStorage, () => K3).send(ANSWERS).key).toBe(K3);
  });

  it('forgets the key with the draft: cleared, it is a new submission after a reload', () => {
    submissionKeys(localStorage, counter()).send(ANSWERS).ended('no-answer');
    clearDraft(localStorage);
    expect(localStorage.getItem(SUBMISSION_KEY_ITEM)).toBeNull();
    expect(submissionKeys(localStorage, () => K2).send(ANSWERS).key).toBe(K2);
  });

  it('forgets the key on "Clear this form", here and on the device: the same answers are a new submission', () => {
    const keys = submissionKeys(localStorage, counter());
    keys.send(ANSWERS).ended('no-answer');
    keys.forget();
    expect(localStorage.getItem(SUBMISSION_KEY_ITEM)).toBeNull();
    expect(keys.send(ANSWERS).key).toBe(K2);
  });

  it.each<[string, (kept: SentKey) => unknown, string]>([
    ['as it was kept', (kept) => kept, K1],
    ['not JSON', () => '{', K2],
    ['not an object', (kept) => [kept], K2],
    ['no fingerprint', ({ fingerprint: _, ...kept }) => kept, K2],
    ['a fingerprint that is no text', (kept) => ({ ...kept, fingerprint: 1 }), K2],
    ['a key that is no text', (kept) => ({ ...kept, key: 1 }), K2],
    ['an ending it does not know', (kept) => ({ ...kept, ended: 'lost' }), K2],
    ['a key the server would refuse', (kept) => ({ ...kept, key: 'k' }), K2],
  ])('takes the key on the device only whole: %s', (_case, tamper, expected) => {
    submissionKeys(localStorage, () => K1)
      .send(ANSWERS)
      .ended('no-answer');
    const kept = JSON.parse(localStorage.getItem(SUBMISSION_KEY_ITEM) ?? '') as SentKey;
    const text = tamper(kept);
    localStorage.setItem(
      SUBMISSION_KEY_ITEM,
      typeof text === 'string' ? text : JSON.stringify(text),
    );
    expect(submissionKeys(localStorage, () => K2).send(ANSWERS).key).toBe(expected);
  });

  it('works on the page alone where it has no storage, or storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    for (const storage of [null, refusing]) {
      const keys = submissionKeys(storage, counter());
      keys.send(ANSWERS).ended('no-answer');
      expect(keys.send(ANSWERS).key).toBe(K1);
      keys.forget();
      expect(keys.send(ANSWERS).key).toBe(K2);
    }
  });
});
