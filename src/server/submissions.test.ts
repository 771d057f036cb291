// One registration per submission (docs/api.md): the key's hash, the outbox entry id made from it,
// what a stored value reads as, and the in-memory store's claim, settle and release. A lease that
// must run out is short (50–300 ms), one that must not is long and never waited out; every test
// asserts what happens, never how long it took.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIdempotencyKey } from '../shared/idempotency.ts';
import {
  type Claim,
  entryIdOf,
  heldOf,
  keyHash,
  memorySubmissions,
  SETTLED_STATUSES,
  type Settled,
} from './submissions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Keys as the server takes them (isIdempotencyKey): what reaches these functions. */
const serverKeys = fc.oneof(
  fc.uuid(),
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'),
    minLength: 16,
    maxLength: 64,
  }),
);
/** Any well-formed text, however long: the functions themselves take any string. */
const anyKeys = fc.oneof(
  serverKeys,
  fc.string({ maxLength: 100 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ maxLength: 10 }).map((tail) => `${'k'.repeat(100_000)}${tail}`),
);

const CREATED: Settled = {
  status: 201,
  answer: { ok: true, status: 201, message: 'Registration Successful', data: { id: 7 } },
};
const QUEUED: Settled = { status: 202, answer: { ok: true, status: 202, queued: true } };

describe('keyHash', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90',
      '4457dcb1b811c2783f42c0adfafd77c17a79971c35da1a1231290c08dd8a4aff',
    ],
  ])('of %j is its SHA-256 in hex, %s', (key, hash) => {
    expect(keyHash(key)).toBe(hash);
  });

  it('never holds the key as sent, and is 64 hex digits for any key', () => {
    fc.assert(
      fc.property(anyKeys, (key) => {
        const hash = keyHash(key);
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        if (key.length >= 8) expect(hash).not.toContain(key);
      }),
      { numRuns: 300 },
    );
  });
});

describe('entryIdOf: one outbox entry id per submission', () => {
  // Instances of every version queue a submission under this id: it must never change.
  it.each([
    ['', '653dc1b4-9bda-8042-b7a5-ff34faa72247'],
    ['abc', 'ec7cc40a-3f12-88e6-a6c2-c18eb4fabdc6'],
    ['a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90', '43d56061-4f45-8622-9acc-5889e958395d'],
    ['submission-key-0001', '17418ff2-0ad4-8ce3-9c91-8efd26fc43cc'],
  ])('of %j is %s', (key, id) => {
    expect(entryIdOf(key)).toBe(id);
  });

  it('is a UUID (8-4-4-4-12 hex, version 8, variant 8 to b) made of the hash of "outbox entry:" and the key', () => {
    fc.assert(
      fc.property(anyKeys, (key) => {
        const id = entryIdOf(key);
        expect(id).toMatch(UUID);
        const hex = createHash('sha256').update(`outbox entry:${key}`).digest('hex');
        const digits = id.replaceAll('-', '');
        // Every digit is the hash's but the version's (12) and the variant's (16).
        for (const index of [...Array(32).keys()].filter((i) => i !== 12 && i !== 16)) {
          expect(digits[index]).toBe(hex[index]);
        }
        const variant = Number.parseInt(hex.charAt(16), 16);
        expect(Number.parseInt(digits.charAt(16), 16)).toBe(8 + (variant % 4));
        expect(entryIdOf(key)).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it('differs for different keys', () => {
    fc.assert(
      fc.property(fc.uniqueArray(anyKeys, { minLength: 2, maxLength: 20 }), (keys) => {
        expect(new Set(keys.map(entryIdOf)).size).toBe(keys.length);
      }),
      { numRuns: 200 },
    );
  });

  it('differs for the many keys the page makes', () => {
    const ids = new Set(Array.from({ length: 5_000 }, () => entryIdOf(crypto.randomUUID())));
    expect(ids.size).toBe(5_000);
  });
});

describe('heldOf: a stored value read back', () => {
  it.each<[string, string | null, ReturnType<typeof heldOf>]>([
    ['nothing stored', null, null],
    ['a lease', 'pending:1764090000000', { until: 1_764_090_000_000 }],
    ['a lease until 0', 'pending:0', { until: 0 }],
    ['a lease until the largest safe integer', 'pending:9007199254740991', { until: 2 ** 53 - 1 }],
    ['a lease beyond the safe integers', 'pending:9007199254740992', null],
    ['a lease of 400 digits', `pending:${'9'.repeat(400)}`, null],
    ['a lease with a fraction', 'pending:1764090000000.5', null],
    ['a lease of letters', 'pending:soon', null],
    ['a lease of NaN', 'pending:NaN', null],
    ['a lease of Infinity', 'pending:Infinity', null],
    ['another letter case', 'Pending:1764090000000', null],
    ['a blank before', ' pending:1764090000000', null],
    ['an answer', JSON.stringify(CREATED), CREATED],
    ['a queued answer', JSON.stringify(QUEUED), QUEUED],
    [
      'an answer with more fields, which are left out',
      JSON.stringify({ ...CREATED, until: 5, extra: true }),
      CREATED,
    ],
    ['a status that is text', '{"status":"201","answer":{"ok":true}}', null],
    ['no answer', '{"status":201}', null],
    ['a null answer', '{"status":201,"answer":null}', null],
    ['an answer that is text', '{"status":201,"answer":"ok"}', null],
    ['an answer that is a number', '{"status":201,"answer":1}', null],
    ['no status', '{"answer":{"ok":true}}', null],
    ['a lease as JSON', '{"until":1764090000000}', null],
    ['JSON null', 'null', null],
    ['a JSON number', '201', null],
    ['a JSON string', '"pending:5"', null],
    ['a JSON array', '[201,{"ok":true}]', null],
    ['JSON true', 'true', null],
    ['an empty string', '', null],
    ['garbage', 'garbage', null],
    ['cut-off JSON', JSON.stringify(CREATED).slice(0, 30), null],
    ['__proto__ holding an answer', '{"__proto__":{"status":201,"answer":{"ok":true}}}', null],
    [
      'constructor.prototype holding an answer',
      '{"constructor":{"prototype":{"status":201,"answer":{"ok":true}}}}',
      null,
    ],
  ])('%s', (_, value, held) => {
    expect(heldOf(value)).toEqual(held);
  });

  it('reads an answer holding __proto__ as its own field, and pollutes no prototype', () => {
    const value = '{"status":201,"answer":{"ok":true,"status":201,"__proto__":{"polluted":true}}}';
    const held = heldOf(value);
    expect(held).toEqual({ status: 201, answer: JSON.parse(value).answer });
    expect(Object.hasOwn((held as Settled).answer, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((held as Settled & { answer: { polluted?: unknown } }).answer.polluted).toBeUndefined();
  });

  it('reads back a huge answer whole', () => {
    const huge: Settled = {
      status: 409,
      answer: { ok: false, status: 409, detail: `${'é'.repeat(1_000_000)}👩🏽‍💻` },
    };
    expect(heldOf(JSON.stringify(huge))).toEqual(huge);
    expect(heldOf(`pending:${'1'.repeat(1_000_000)}`)).toBeNull();
  });

  it('reads back every lease claim writes, and every answer settle writes', () => {
    const answer = fc.record({
      ok: fc.boolean(),
      status: fc.option(fc.integer({ min: 100, max: 599 })),
      message: fc.string({ unit: 'grapheme', maxLength: 50 }),
      data: fc.jsonValue(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(...SETTLED_STATUSES),
        answer,
        (until, status, given) => {
          expect(heldOf(`pending:${until}`)).toEqual({ until });
          const settled = { status, answer: given } as Settled;
          expect(heldOf(JSON.stringify(settled))).toEqual(JSON.parse(JSON.stringify(settled)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads any string as nothing, a lease with a safe whole number, or an answer with a status and an object', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ maxLength: 40 }).map((tail) => `pending:${tail}`),
      fc.json(),
      fc.string({ maxLength: 10 }).map((tail) => `${'{'.repeat(10_000)}${tail}`),
    );
    fc.assert(
      fc.property(value, (text) => {
        const held = heldOf(text);
        if (held === null) return;
        if ('until' in held) {
          expect(text.startsWith('pending:')).toBe(true);
          expect(Number.isSafeInteger(held.until)).toBe(true);
        } else {
          expect(Object.keys(held)).toEqual(['status', 'answer']);
          expect(typeof held.status).toBe('number');
          expect(typeof held.answer).toBe('object');
          expect(held.answer).not.toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  // Claim writes `pending:` and the lease's end in whole milliseconds: no other form is a lease
  // (Number('') is 0, Number(' 5 ') is 5, Number('0x10') is 16, and none of them may count).
  it.each([
    ['pending:', 'an empty number'],
    ['pending: 5 ', 'blanks around the number'],
    ['pending:0x10', 'hexadecimal'],
    ['pending:1e3', 'an exponent'],
    ['pending:-5', 'a negative number'],
  ])('reads %j (%s) as nothing, as its comment says', (value) => {
    expect(heldOf(value)).toBeNull();
  });
});

/** A claim, with whether it has been answered yet (to see that it waits). */
function watched(claim: Promise<Claim>) {
  const state = { answered: false };
  const promise = claim.then((answer) => {
    state.answered = true;
    return answer;
  });
  return { state, promise };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memorySubmissions', () => {
  /** A lease longer than any test waits: a claim ends only by settle or release. */
  const HELD = { leaseMs: 30_000, keepMs: 60_000 };
  /** A lease that runs out quickly. */
  const SHORT = { leaseMs: 100, keepMs: 60_000 };
  const KEY = 'a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90';

  /** What a request does with KEY: claim it, settle it with an answer, or let it go. */
  type Step = 'claim' | 'release' | Settled;

  it.each<[string, Step[], Claim]>([
    ['a first claim goes, not as a takeover', [], { kind: 'go', takeover: false }],
    [
      'a claim after one settled replays its answer exactly',
      ['claim', CREATED],
      { kind: 'replay', settled: CREATED },
    ],
    [
      'every later claim replays it too',
      ['claim', CREATED, 'claim', 'claim'],
      { kind: 'replay', settled: CREATED },
    ],
    [
      'an answer settled without a claim is replayed',
      [QUEUED],
      { kind: 'replay', settled: QUEUED },
    ],
    ['after a release the next claim goes', ['claim', 'release'], { kind: 'go', takeover: false }],
    ['a release of a key never seen does no harm', ['release'], { kind: 'go', takeover: false }],
    [
      'a release never deletes a settled answer',
      ['claim', CREATED, 'release'],
      { kind: 'replay', settled: CREATED },
    ],
    [
      'the latest answer settled is the one replayed',
      [QUEUED, CREATED],
      { kind: 'replay', settled: CREATED },
    ],
  ])('%s', async (_, steps, claim) => {
    const submissions = memorySubmissions(HELD);
    for (const step of steps) {
      if (step === 'claim') await submissions.claim(KEY);
      else if (step === 'release') await submissions.release(KEY);
      else await submissions.settle(KEY, step);
    }
    expect(await submissions.claim(KEY)).toEqual(claim);
  });

  it('keeps keys apart', async () => {
    const submissions = memorySubmissions(HELD);
    await submissions.claim(KEY);
    await submissions.settle(KEY, CREATED);
    expect(await submissions.claim(`${KEY}-other`)).toEqual({ kind: 'go', takeover: false });
    expect(await submissions.claim(KEY.toUpperCase())).toEqual({ kind: 'go', takeover: false });
  });

  it('keeps stores apart: another instance’s memory is another store', async () => {
    const first = memorySubmissions(HELD);
    const second = memorySubmissions(HELD);
    await first.settle(KEY, CREATED);
    expect(await second.claim(KEY)).toEqual({ kind: 'go', takeover: false });
  });

  it('makes a second claim wait while the first holds, then replays once it is settled', async () => {
    const submissions = memorySubmissions(HELD);
    expect(await submissions.claim(KEY)).toEqual({ kind: 'go', takeover: false });
    const second = watched(submissions.claim(KEY));
    await pause(250);
    expect(second.state.answered).toBe(false);
    await submissions.settle(KEY, CREATED);
    expect(await second.promise).toEqual({ kind: 'replay', settled: CREATED });
  });

  it('makes a second claim wait while the first holds, then go once it is released', async () => {
    const submissions = memorySubmissions(HELD);
    await submissions.claim(KEY);
    const second = watched(submissions.claim(KEY));
    await pause(150);
    expect(second.state.answered).toBe(false);
    await submissions.release(KEY);
    expect(await second.promise).toEqual({ kind: 'go', takeover: false });
  });

  it('lets a claim take over a lease that ran out, saying so', async () => {
    const submissions = memorySubmissions(SHORT);
    await submissions.claim(KEY);
    await pause(SHORT.leaseMs + 50);
    expect(await submissions.claim(KEY)).toEqual({ kind: 'go', takeover: true });
  });

  it('lets a waiting claim take over when the lease it waits on runs out', async () => {
    const submissions = memorySubmissions(SHORT);
    await submissions.claim(KEY);
    expect(await submissions.claim(KEY)).toEqual({ kind: 'go', takeover: true });
  });

  it('gives a lease that ran out to one of two waiting claims; the other replays its answer', async () => {
    const submissions = memorySubmissions({ leaseMs: 200, keepMs: 60_000 });
    await submissions.claim(KEY);
    const waiting = [submissions.claim(KEY), submissions.claim(KEY)];
    const first = await Promise.race(waiting);
    expect(first).toEqual({ kind: 'go', takeover: true });
    await submissions.settle(KEY, QUEUED);
    const answers = await Promise.all(waiting);
    expect(answers).toContainEqual({ kind: 'go', takeover: true });
    expect(answers).toContainEqual({ kind: 'replay', settled: QUEUED });
  });

  it('forgets a settled answer after keepMs', async () => {
    const submissions = memorySubmissions({ leaseMs: 300, keepMs: 50 });
    await submissions.settle(KEY, CREATED);
    await pause(100);
    expect(await submissions.claim(KEY)).toEqual({ kind: 'go', takeover: false });
  });

  describe('keeps at most 10,000 submissions, the oldest going first', () => {
    const keys = Array.from(
      { length: 10_001 },
      (_, index) => `submission-${String(index).padStart(11, '0')}`,
    );

    it('keeps all of 10,000', async () => {
      const submissions = memorySubmissions(HELD);
      for (const key of keys.slice(0, 10_000)) await submissions.settle(key, CREATED);
      expect(await submissions.claim(keys[0] as string)).toEqual({
        kind: 'replay',
        settled: CREATED,
      });
    });

    it('forgets the oldest at 10,001, and keeps the next', async () => {
      const submissions = memorySubmissions(HELD);
      for (const key of keys) await submissions.settle(key, CREATED);
      expect(await submissions.claim(keys[1] as string)).toEqual({
        kind: 'replay',
        settled: CREATED,
      });
      expect(await submissions.claim(keys[10_000] as string)).toEqual({
        kind: 'replay',
        settled: CREATED,
      });
      expect(await submissions.claim(keys[0] as string)).toEqual({ kind: 'go', takeover: false });
    });

    it('counts a key settled again as new: the next oldest goes instead', async () => {
      const submissions = memorySubmissions(HELD);
      for (const key of keys.slice(0, 10_000)) await submissions.settle(key, CREATED);
      await submissions.settle(keys[0] as string, QUEUED);
      await submissions.settle(keys[10_000] as string, CREATED);
      expect(await submissions.claim(keys[0] as string)).toEqual({
        kind: 'replay',
        settled: QUEUED,
      });
      expect(await submissions.claim(keys[1] as string)).toEqual({ kind: 'go', takeover: false });
    });
  });

  it('for any key: claim goes, settle is replayed exactly, release after it changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(anyKeys, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(CREATED, QUEUED),
        async (batch, settled) => {
          // A store of its own per run: keys generated in other runs may repeat.
          const store = memorySubmissions(HELD);
          for (const key of batch) {
            expect(await store.claim(key)).toEqual({ kind: 'go', takeover: false });
          }
          for (const key of batch) await store.settle(key, settled);
          for (const key of batch) await store.release(key);
          for (const key of batch) {
            expect(await store.claim(key)).toEqual({ kind: 'replay', settled });
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('takes every key the server takes', () => {
    fc.assert(
      fc.property(serverKeys, (key) => {
        expect(isIdempotencyKey(key)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
