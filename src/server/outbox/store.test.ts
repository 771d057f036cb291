// What the outbox decides about its Redis (docs/outbox.md), as pure functions: whether the queue
// survives a crash and is never evicted, what a marker in Redis holds, whether this instance's key
// is the fleet's, and whether a queue it saw has lost entries. Every branch by exact value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  configRefused,
  foreignKeyLine,
  keyVerdict,
  lossSince,
  type Marker,
  markerOf,
  type Seen,
  type StoreSettings,
  seenAfter,
  storeVerdict,
  volatileStoreLine,
} from './store.ts';

const NO_FILES =
  'it keeps neither an append-only file nor snapshots (appendonly no, save ""), so a restart loses the whole queue';
const SNAPSHOTS_ONLY =
  'it keeps no append-only file (appendonly no), so a crash loses every entry queued since its last snapshot';
const evicts = (policy: string) =>
  `it may evict the queue when its memory is full (maxmemory-policy ${policy})`;

/** What docs/outbox.md asks of Redis, and Redis's own default snapshots. */
const DURABLE: StoreSettings = {
  appendonly: 'yes',
  save: '3600 1 300 100 60 10000',
  maxmemoryPolicy: 'noeviction',
};

/** Every maxmemory-policy Redis has but noeviction: each may evict the queue. */
const EVICTING_POLICIES = [
  'allkeys-lru',
  'allkeys-lfu',
  'allkeys-random',
  'volatile-lru',
  'volatile-lfu',
  'volatile-random',
  'volatile-ttl',
];

/** Strings no setting or hash field should break on: long, unicode, blank, control characters. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\n', '\u0000', 'yes\n', ' YES ', 'noeviction\t', 'ｙｅｓ', 'yeſ'),
  fc.string({ maxLength: 5 }).map((tail) => `${'y'.repeat(20_000)}${tail}`),
);

describe('storeVerdict: does Redis keep the queue through a crash, and never evict it', () => {
  it('is unknown when CONFIG was not allowed (settings null)', () => {
    expect(storeVerdict(null)).toEqual({ kind: 'unknown' });
  });

  it.each([
    ['yes', DURABLE.save],
    ['YES', DURABLE.save],
    [' yes ', DURABLE.save],
    ['Yes', ''],
    ['yes\n', '   '],
  ])('is durable with appendonly %j (save %j) and noeviction', (appendonly, save) => {
    expect(storeVerdict({ ...DURABLE, appendonly, save })).toEqual({ kind: 'durable' });
  });

  it.each(['noeviction', 'NOEVICTION', ' noeviction ', 'NoEviction\t'])(
    'is durable with maxmemory-policy %j',
    (maxmemoryPolicy) => {
      expect(storeVerdict({ ...DURABLE, maxmemoryPolicy })).toEqual({ kind: 'durable' });
    },
  );

  it.each([
    ['no', '', NO_FILES],
    ['no', '   ', NO_FILES],
    ['NO', '', NO_FILES],
    ['', '', NO_FILES],
    ['no', '3600 1', SNAPSHOTS_ONLY],
    ['no', '3600 1 300 100 60 10000', SNAPSHOTS_ONLY],
    ['no', ' 900 1 ', SNAPSHOTS_ONLY],
    ['y', '3600 1', SNAPSHOTS_ONLY],
    ['true', '3600 1', SNAPSHOTS_ONLY],
    ['1', '3600 1', SNAPSHOTS_ONLY],
    ['yes please', '3600 1', SNAPSHOTS_ONLY],
    ['ｙｅｓ', '', NO_FILES],
  ])('appendonly %j with save %j: %s', (appendonly, save, problem) => {
    expect(storeVerdict({ ...DURABLE, appendonly, save })).toEqual({
      kind: 'volatile',
      problems: [problem],
    });
  });

  it.each(EVICTING_POLICIES)('maxmemory-policy %s may evict the queue', (policy) => {
    expect(storeVerdict({ ...DURABLE, maxmemoryPolicy: policy })).toEqual({
      kind: 'volatile',
      problems: [evicts(policy)],
    });
  });

  it.each([
    ['ALLKEYS-LRU', 'allkeys-lru'],
    [' volatile-ttl\n', 'volatile-ttl'],
    ['', ''],
    ['no-eviction', 'no-eviction'],
  ])('names maxmemory-policy %j as %j, trimmed and in lower case', (given, named) => {
    expect(storeVerdict({ ...DURABLE, maxmemoryPolicy: given })).toEqual({
      kind: 'volatile',
      problems: [evicts(named)],
    });
  });

  it.each([
    ['', NO_FILES],
    ['3600 1', SNAPSHOTS_ONLY],
  ])('names both problems, the files first, with save %j and allkeys-lru', (save, files) => {
    expect(storeVerdict({ appendonly: 'no', save, maxmemoryPolicy: 'allkeys-lru' })).toEqual({
      kind: 'volatile',
      problems: [files, evicts('allkeys-lru')],
    });
  });

  it('gives, for any settings, durable exactly when appendonly is yes and the policy noeviction', () => {
    const word = (text: string) => text.trim().toLowerCase();
    const settings = fc.record({
      appendonly: fc.oneof(hostileText, fc.constantFrom('yes', 'no')),
      save: fc.oneof(hostileText, fc.constantFrom('', '3600 1')),
      maxmemoryPolicy: fc.oneof(hostileText, fc.constantFrom('noeviction', ...EVICTING_POLICIES)),
    });
    fc.assert(
      fc.property(settings, (given) => {
        const verdict = storeVerdict(given);
        const expected = [
          ...(word(given.appendonly) === 'yes'
            ? []
            : [given.save.trim() === '' ? NO_FILES : SNAPSHOTS_ONLY]),
          ...(word(given.maxmemoryPolicy) === 'noeviction'
            ? []
            : [evicts(word(given.maxmemoryPolicy))]),
        ];
        expect(verdict).toEqual(
          expected.length === 0 ? { kind: 'durable' } : { kind: 'volatile', problems: expected },
        );
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('volatileStoreLine: the one line start-up stops with', () => {
  it('names one problem', () => {
    expect(volatileStoreLine([NO_FILES])).toBe(
      'OUTBOX is on, but the Redis at REDIS_URL would lose registrations that candidates were told are kept: it keeps neither an append-only file nor snapshots (appendonly no, save ""), so a restart loses the whole queue. Set appendonly yes and maxmemory-policy noeviction (docs/outbox.md), or OUTBOX_ALLOW_VOLATILE=1 to start anyway',
    );
  });

  it('names two problems, joined by a semicolon, as storeVerdict gives them', () => {
    const verdict = storeVerdict({
      appendonly: 'no',
      save: '3600 1',
      maxmemoryPolicy: 'volatile-lru',
    });
    if (verdict.kind !== 'volatile') throw new Error(`expected volatile, got ${verdict.kind}`);
    expect(volatileStoreLine(verdict.problems)).toBe(
      'OUTBOX is on, but the Redis at REDIS_URL would lose registrations that candidates were told are kept: it keeps no append-only file (appendonly no), so a crash loses every entry queued since its last snapshot; it may evict the queue when its memory is full (maxmemory-policy volatile-lru). Set appendonly yes and maxmemory-policy noeviction (docs/outbox.md), or OUTBOX_ALLOW_VOLATILE=1 to start anyway',
    );
  });

  it('is one line for any settings', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (save, policy) => {
        const verdict = storeVerdict({ appendonly: 'no', save, maxmemoryPolicy: policy });
        if (verdict.kind !== 'volatile') throw new Error(`expected volatile, got ${verdict.kind}`);
        const line = volatileStoreLine(verdict.problems);
        expect(line.startsWith('OUTBOX is on, but the Redis at REDIS_URL')).toBe(true);
        expect(line.endsWith('or OUTBOX_ALLOW_VOLATILE=1 to start anyway')).toBe(true);
        // The policy is trimmed; only a line break inside what Redis answered could split it.
        const inner = policy.trim().toLowerCase();
        if (!/[\n\r]/.test(inner)) expect(line).not.toMatch(/[\n\r]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('configRefused: CONFIG GET is not allowed here', () => {
  it.each([
    "ERR unknown command 'CONFIG', with args beginning with: 'GET' 'appendonly' ",
    'ERR unknown command `CONFIG`, with args beginning with: `GET`, `appendonly`, ',
    "NOPERM this user has no permissions to run the 'config|get' command",
    "NOPERM User default has no permissions to run the 'config' command",
    'ERR CONFIG is disabled',
    'err UNKNOWN COMMAND',
    'noperm',
    'No Permissions',
  ])('%j: refused', (message) => {
    expect(configRefused(message)).toBe(true);
  });

  it.each([
    '',
    'Connection is closed.',
    'Command timed out',
    "ERR wrong number of arguments for 'config|get' command",
    'LOADING Redis is loading the dataset in memory',
    'READONLY You can\u2019t write against a read only replica.',
    'ECONNREFUSED 127.0.0.1:6379',
    'unknown-command',
    'NOPER',
    'no permission',
    'disable',
  ])('%j: not refused (an error to report as it is)', (message) => {
    expect(configRefused(message)).toBe(false);
  });

  it('answers any message, however long, by whether it holds one of the four phrases', () => {
    const phrases = ['unknown command', 'noperm', 'no permissions', 'disabled'];
    const message = fc.oneof(
      hostileText,
      fc
        .tuple(hostileText, fc.constantFrom(...phrases, 'UNKNOWN COMMAND', 'NoPerm'), hostileText)
        .map((parts) => parts.join('')),
      // Near-misses repeated: a pattern that backtracked would never finish these.
      fc
        .constantFrom('unknown comman', 'NOPER', 'no permission', 'disable', 'unknown  command')
        .map((part) => part.repeat(5_000)),
    );
    fc.assert(
      fc.property(message, (text) => {
        const lower = text.toLowerCase();
        expect(configRefused(text)).toBe(phrases.some((phrase) => lower.includes(phrase)));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('markerOf: the marker as Redis holds it (HGETALL), or null', () => {
  it.each<[string, Record<string, string>, Marker | null]>([
    [
      'a whole marker',
      { generation: 'g-1', key: 'k-1', enqueued: '5' },
      { generation: 'g-1', key: 'k-1', enqueued: 5 },
    ],
    [
      'no key: none named yet',
      { generation: 'g-1', enqueued: '5' },
      { generation: 'g-1', key: '', enqueued: 5 },
    ],
    ['no count: nothing taken', { generation: 'g-1' }, { generation: 'g-1', key: '', enqueued: 0 }],
    [
      'a count of 0',
      { generation: 'g-1', key: 'k', enqueued: '0' },
      { generation: 'g-1', key: 'k', enqueued: 0 },
    ],
    [
      'leading zeros',
      { generation: 'g-1', key: 'k', enqueued: '007' },
      { generation: 'g-1', key: 'k', enqueued: 7 },
    ],
    [
      '15 digits, the most',
      { generation: 'g-1', key: 'k', enqueued: '999999999999999' },
      { generation: 'g-1', key: 'k', enqueued: 999_999_999_999_999 },
    ],
    [
      'unicode generation and key, as they are',
      { generation: '世代🏳️‍🌈', key: 'clé\u0000', enqueued: '1' },
      { generation: '世代🏳️‍🌈', key: 'clé\u0000', enqueued: 1 },
    ],
    [
      'other fields left out',
      { generation: 'g-1', key: 'k', enqueued: '2', other: 'x' },
      { generation: 'g-1', key: 'k', enqueued: 2 },
    ],
    ['nothing (no marker)', {}, null],
    ['no generation', { key: 'k', enqueued: '3' }, null],
    ['an empty generation', { generation: '', key: 'k', enqueued: '3' }, null],
    ['16 digits', { generation: 'g', enqueued: '1000000000000000' }, null],
    ['beyond the safe integers', { generation: 'g', enqueued: '9007199254740993' }, null],
    ['400 digits', { generation: 'g', enqueued: '9'.repeat(400) }, null],
    ['an empty count', { generation: 'g', enqueued: '' }, null],
    ['a negative count', { generation: 'g', enqueued: '-1' }, null],
    ['a fraction', { generation: 'g', enqueued: '1.5' }, null],
    ['an exponent', { generation: 'g', enqueued: '1e3' }, null],
    ['hexadecimal', { generation: 'g', enqueued: '0x10' }, null],
    ['a blank before', { generation: 'g', enqueued: ' 5' }, null],
    ['a line break after', { generation: 'g', enqueued: '5\n' }, null],
    ['Arabic-Indic digits', { generation: 'g', enqueued: '\u0663' }, null],
    ['full-width digits', { generation: 'g', enqueued: '\uff15' }, null],
    ['a word', { generation: 'g', enqueued: 'toString' }, null],
  ])('%s', (_, hash, marker) => {
    expect(markerOf(hash)).toEqual(marker);
  });

  it('reads fields named __proto__ and constructor as any other, and is not misled by them', () => {
    // ioredis defines such fields as own properties (luin/ioredis#1267), as JSON.parse does.
    const hash = JSON.parse(
      '{"__proto__":{"generation":"evil","enqueued":"9"},"constructor":"c","key":"k"}',
    ) as Record<string, string>;
    expect(markerOf(hash)).toBeNull();
    expect(markerOf({ ...hash, generation: 'g' })).toEqual({
      generation: 'g',
      key: 'k',
      enqueued: 0,
    });
    expect(({} as Record<string, unknown>).generation).toBeUndefined();
  });

  it('takes a count of 1 to 15 ASCII digits, and nothing else, from any hash', () => {
    const digits = fc.string({
      unit: fc.constantFrom(...'0123456789'),
      minLength: 1,
      maxLength: 20,
    });
    const count = fc.oneof(
      digits,
      hostileText,
      digits.map((text) => `${text}${'0'.repeat(10_000)}`),
    );
    const hash = fc.record(
      { generation: hostileText, key: hostileText, enqueued: count },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(hash, (given) => {
        const enqueued = given.enqueued ?? '0';
        const whole =
          enqueued.length >= 1 &&
          enqueued.length <= 15 &&
          [...enqueued].every((char) => '0123456789'.includes(char));
        const marker = markerOf(given);
        if (!given.generation || !whole) {
          expect(marker).toBeNull();
          return;
        }
        expect(marker).toEqual({
          generation: given.generation,
          key: given.key ?? '',
          enqueued: Number.parseInt(enqueued, 10),
        });
        expect(Number.isSafeInteger(marker?.enqueued)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('keyVerdict: this instance’s keys against the key the marker names', () => {
  const marker = (key: string): Marker => ({ generation: 'g', key, enqueued: 0 });

  it.each<[string, Marker | null, string[], ReturnType<typeof keyVerdict>]>([
    ['no marker', null, ['new'], { kind: 'unnamed' }],
    ['no marker, no keys', null, [], { kind: 'unnamed' }],
    ['a marker naming no key', marker(''), ['new', 'old'], { kind: 'unnamed' }],
    ['the sealing key', marker('new'), ['new', 'old'], { kind: 'ours' }],
    ['the only key', marker('new'), ['new'], { kind: 'ours' }],
    ['an old key', marker('old'), ['new', 'old'], { kind: 'rotating', from: 'old' }],
    [
      'the last of several old keys',
      marker('older'),
      ['new', 'old', 'older'],
      { kind: 'rotating', from: 'older' },
    ],
    [
      'a key this instance lacks',
      marker('other'),
      ['new', 'old'],
      { kind: 'foreign', key: 'other' },
    ],
    ['a key in another letter case', marker('NEW'), ['new'], { kind: 'foreign', key: 'NEW' }],
    ['a key when this instance has none', marker('new'), [], { kind: 'foreign', key: 'new' }],
  ])('%s', (_, given, ids, verdict) => {
    expect(keyVerdict(given, ids)).toEqual(verdict);
  });

  it('for any keys: unnamed, ours, rotating or foreign, by where the named key stands', () => {
    const id = fc.oneof(fc.constantFrom('a', 'b', 'c'), hostileText);
    fc.assert(
      fc.property(id, fc.array(id, { maxLength: 5 }), (named, ids) => {
        const verdict = keyVerdict(marker(named), ids);
        if (named === '') expect(verdict).toEqual({ kind: 'unnamed' });
        else if (ids[0] === named) expect(verdict).toEqual({ kind: 'ours' });
        else if (ids.includes(named)) expect(verdict).toEqual({ kind: 'rotating', from: named });
        else expect(verdict).toEqual({ kind: 'foreign', key: named });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('foreignKeyLine', () => {
  it('names both fingerprints and both ways out, in one line', () => {
    expect(foreignKeyLine('3f2a9c01', 'b7e4d210')).toBe(
      "OUTBOX_KEY is not the key the outbox on REDIS_URL is sealed with (that key's fingerprint is 3f2a9c01, this one's b7e4d210): give every instance the same OUTBOX_KEY, or, to rotate to this one, set the old key in OUTBOX_OLD_KEYS (docs/outbox.md)",
    );
  });
});

describe('seenAfter: a look counts the queue the marker names, or keeps the last view', () => {
  const marker = (generation: string, enqueued: number): Marker => ({
    generation,
    key: 'k',
    enqueued,
  });
  const before = marker('g-1', 5);

  it.each<[string, Marker | null, Seen | null]>([
    [
      "the same marker: the count is this queue's",
      marker('g-1', 5),
      { generation: 'g-1', enqueued: 5, held: 3 },
    ],
    [
      'entries taken meanwhile: the count before stands',
      marker('g-1', 7),
      { generation: 'g-1', enqueued: 5, held: 3 },
    ],
    ['the marker gone meanwhile (Redis restarted empty)', null, null],
    ['a new generation meanwhile', marker('g-2', 0), null],
    ['a new generation with a higher count', marker('g-2', 9), null],
    ['the count gone down meanwhile (an older snapshot)', marker('g-1', 4), null],
  ])('%s', (_, after, seen) => {
    expect(seenAfter(before, 3, after)).toEqual(seen);
  });
});

describe('lossSince: has the queue lost acknowledged entries since the last look', () => {
  const seen: Seen = { generation: 'g-1', enqueued: 10, held: 4 };
  const now = (generation: string, enqueued: number): Marker => ({
    generation,
    key: 'k',
    enqueued,
  });

  it.each<[string, Seen | null, Marker | null, ReturnType<typeof lossSince>]>([
    ['no look yet', null, now('g-1', 10), null],
    ['no look yet, no marker', null, null, null],
    ['the marker gone: emptied, what it held', seen, null, { cause: 'emptied', lost: 4 }],
    [
      'a new generation: emptied, what it held',
      seen,
      now('g-2', 25),
      { cause: 'emptied', lost: 4 },
    ],
    ['a new generation with a count of 0', seen, now('g-2', 0), { cause: 'emptied', lost: 4 }],
    [
      'emptied while it held nothing: a loss of 0',
      { ...seen, held: 0 },
      null,
      { cause: 'emptied', lost: 0 },
    ],
    ['the count rewound by 3', seen, now('g-1', 7), { cause: 'rewound', lost: 3 }],
    ['the count rewound to 0', seen, now('g-1', 0), { cause: 'rewound', lost: 10 }],
    ['the count rewound by 1', seen, now('g-1', 9), { cause: 'rewound', lost: 1 }],
    ['the count as seen', seen, now('g-1', 10), null],
    ['the count ahead', seen, now('g-1', 11), null],
    ['the count far ahead', seen, now('g-1', 999_999_999_999_999), null],
    [
      'nothing ever taken, still nothing',
      { generation: 'g-1', enqueued: 0, held: 0 },
      now('g-1', 0),
      null,
    ],
  ])('%s', (_, before, marker, loss) => {
    expect(lossSince(before, marker)).toEqual(loss);
  });

  it('for any look and marker: emptied, rewound by the difference, or nothing lost', () => {
    const count = fc.integer({ min: 0, max: 999_999_999_999_999 });
    const generation = fc.constantFrom('g-1', 'g-2');
    const look = fc.record({ generation, enqueued: count, held: count });
    const marker = fc.option(fc.record({ generation, key: fc.constant('k'), enqueued: count }));
    fc.assert(
      fc.property(fc.option(look), marker, (before, after) => {
        const loss = lossSince(before, after);
        if (before === null) expect(loss).toBeNull();
        else if (after === null || after.generation !== before.generation) {
          expect(loss).toEqual({ cause: 'emptied', lost: before.held });
        } else if (after.enqueued < before.enqueued) {
          expect(loss).toEqual({ cause: 'rewound', lost: before.enqueued - after.enqueued });
          expect(loss?.lost).toBeGreaterThan(0);
        } else expect(loss).toBeNull();
      }),
      { numRuns: 1_000 },
    );
  });
});
