// What the operator's command makes of what it reads (entries.ts): ids as typed, and job hashes
// whatever Redis holds in them, held to BullMQ's own reading where BullMQ reads them too.
import { randomUUID } from 'node:crypto';
import { Job, raw2NextJobData } from 'bullmq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deadLetterLine,
  deadLetterOf,
  type EntryFields,
  isCorrupted,
  isEntryId,
  shownId,
  unreadableByBullMQ,
  waitingLine,
  waitingOf,
} from './entries.ts';
import { jobKey, OUTBOX_PREFIX, OUTBOX_QUEUE } from './keys.ts';

/** Texts an operator may type as an id: long, unicode, empty, paths, keys, shell. */
const typed = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.uuid().map((id) => id.toUpperCase()),
  fc
    .uuid()
    .chain((id) =>
      fc.constantFrom(`${id}:lock`, ` ${id}`, `${id}\n`, `../${id}`, `${id}*`, `${id}\u202e`),
    ),
  fc.constantFrom('', '.', '..', '../../etc/passwd', 'wait', 'meta', '*', ':', '$(rm -rf /)'),
);

/** What a job hash's field may hold once anyone wrote to it. */
const garbage = fc.option(
  fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.json({ maxDepth: 2 }),
    fc.constantFrom('null', '{', '', '{}', '[]', '"x"', '0', '-1', 'NaN', '1e400', '{"sealed":1}'),
    fc.string({ maxLength: 40 }).map((sealed) => JSON.stringify({ sealed })),
    fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
  ),
  { nil: null },
);

const fieldsOf = fc.record<EntryFields>({
  timestamp: garbage,
  atm: garbage,
  attemptsMade: garbage,
  finishedOn: garbage,
  failedReason: garbage,
  data: garbage,
  opts: garbage,
  progress: garbage,
  parent: garbage,
});

/** Whether BullMQ's own reading of the hash, as its worker reads a fetched job, throws. */
function bullmqThrows(fields: EntryFields) {
  const raw = Object.entries(fields).flatMap(([field, value]) =>
    value === null ? [] : [field, value],
  );
  const queue = { toKey: (id: string) => id, qualifiedName: 'outbox', backend: {} };
  try {
    Job.fromJSON(queue as never, raw2NextJobData([raw])[0], 'id');
    return false;
  } catch {
    return true;
  }
}

describe('isEntryId and shownId', () => {
  it('take the outbox’s ids, and nothing else that could name another key', () => {
    fc.assert(
      fc.property(typed, (id) => {
        if (isEntryId(id)) {
          expect(id).toMatch(/^[0-9a-f-]{36}$/);
          expect(jobKey(id).split(':')).toEqual([OUTBOX_PREFIX, OUTBOX_QUEUE, id]);
        }
        const shown = shownId(id);
        expect(shown).toMatch(/^[\w?-]{1,64}$/);
        if (isEntryId(id)) expect(shown).toBe(id);
      }),
      { numRuns: 500 },
    );
    for (let i = 0; i < 50; i++) expect(isEntryId(randomUUID())).toBe(true);
    expect(shownId('../$(rm -rf /)\u202e')).toBe('?????rm?-rf????');
    expect(shownId('')).toBe('?');
    expect(shownId('x'.repeat(500))).toBe('x'.repeat(64));
  });
});

describe('unreadableByBullMQ', () => {
  it('is true exactly when BullMQ’s reading of the hash throws', () => {
    fc.assert(
      fc.property(fieldsOf, (fields) => {
        expect(unreadableByBullMQ(fields)).toBe(bullmqThrows(fields));
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['data', '{not json', true],
    ['opts', 'null', true],
    ['opts', '{', true],
    ['progress', 'half', true],
    ['parent', '{queue', true],
    ['data', '', false],
    ['data', 'null', false],
    ['opts', '5', false],
    ['parent', '', false],
  ])('%s %j: %s', (field, value, unreadable) => {
    const fields = { data: '{"sealed":"v2.k.i.t.x"}', opts: '{}', progress: null, parent: null };
    const changed = { ...fields, [field]: value };
    expect(unreadableByBullMQ(changed)).toBe(unreadable);
    expect(bullmqThrows({ ...NOTHING, ...changed })).toBe(unreadable);
  });
});

const NOTHING: EntryFields = {
  timestamp: null,
  atm: null,
  attemptsMade: null,
  finishedOn: null,
  failedReason: null,
  data: null,
  opts: null,
  progress: null,
  parent: null,
};

describe('isCorrupted', () => {
  it('is true when BullMQ cannot read the entry, or it holds no sealed text', () => {
    fc.assert(
      fc.property(fieldsOf, (fields) => {
        let sealed: unknown;
        try {
          sealed = (JSON.parse(fields.data || '{}') as { sealed?: unknown } | null)?.sealed;
        } catch {}
        expect(isCorrupted(fields)).toBe(unreadableByBullMQ(fields) || typeof sealed !== 'string');
      }),
      { numRuns: 1_000 },
    );
  });

  it('is false for what the outbox writes', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (sealed, delay) => {
        const data = JSON.stringify({ sealed });
        const opts = JSON.stringify({ attempts: 1_000_000, delay, backoff: { type: 'outbox' } });
        expect(isCorrupted({ ...NOTHING, data, opts })).toBe(false);
      }),
    );
  });
});

describe('the rows', () => {
  it('are one line of their cells, whatever the hash holds, and never throw', () => {
    fc.assert(
      fc.property(fc.uuid(), fieldsOf, (id, fields) => {
        const letter = deadLetterOf(id, fields);
        const waiting = waitingOf(id, fields, 'due');
        for (const [line, cells] of [
          [deadLetterLine(letter), 5],
          [waitingLine(waiting), 4],
        ] as const) {
          expect(line.replaceAll('\t', '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
          expect(line.split('\t')).toHaveLength(cells);
          expect(line.split('\t')[0]).toBe(id);
        }
        for (const time of [letter.queuedAt, letter.failedAt, waiting.queuedAt]) {
          if (time !== null) expect(new Date(time).toISOString()).toBe(time);
        }
        for (const attempts of [letter.attempts, waiting.attempts]) {
          if (attempts !== null) expect(Number.isSafeInteger(attempts) && attempts >= 1).toBe(true);
        }
        expect(letter.reason === 'corrupted').toBe(isCorrupted(fields));
        expect(waiting.state === 'corrupted').toBe(isCorrupted(fields));
      }),
      { numRuns: 1_000 },
    );
  });

  it('show what BullMQ wrote', () => {
    const fields: EntryFields = {
      ...NOTHING,
      timestamp: '1700000000000',
      atm: '1',
      finishedOn: '1700000060000',
      failedReason: 'rejected (provider status 401)',
      data: '{"sealed":"v2.k.i.t.x"}',
      opts: '{"attempts":1000000}',
    };
    const id = randomUUID();
    expect(deadLetterLine(deadLetterOf(id, fields))).toBe(
      `${id}\t2023-11-14T22:13:20.000Z\t2023-11-14T22:14:20.000Z\t2\trejected (provider status 401)`,
    );
    expect(waitingLine(waitingOf(id, { ...fields, atm: null }, 'backing off'))).toBe(
      `${id}\t2023-11-14T22:13:20.000Z\t1\tbacking off`,
    );
    expect(
      deadLetterLine(
        deadLetterOf(id, { ...fields, timestamp: 'soon', atm: '-1', failedReason: 'a\tb\nc' }),
      ),
    ).toBe(`${id}\t-\t2023-11-14T22:14:20.000Z\t-\ta b c`);
    expect(deadLetterLine(deadLetterOf(id, { ...fields, data: '{' }))).toBe(
      `${id}\t2023-11-14T22:13:20.000Z\t2023-11-14T22:14:20.000Z\t2\tcorrupted`,
    );
  });
});
