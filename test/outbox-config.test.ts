// The outbox's variables (issues 32 and 42): OUTBOX, OUTBOX_KEY, OUTBOX_MAX_AGE_HOURS,
// OUTBOX_OLD_KEYS, OUTBOX_ALLOW_VOLATILE and OUTBOX_FIRST_TRY_MS, and the rule that an outbox needs
// Redis and a key. The keys are secrets: no error line ever shows one, nor a part of one.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';

const REDIS_URL = 'redis://localhost:6379';
const KEY_LINE = 'OUTBOX_KEY must be 32 random bytes in base64 (openssl rand -base64 32)';
const MISSING_TAIL =
  'must be set too (the outbox is kept on Redis, encrypted under OUTBOX_KEY: openssl rand -base64 32)';

const newKey = () => randomBytes(32).toString('base64');

/** The outbox with no variable set: README.md's defaults (OUTBOX_FIRST_TRY_MS 5 s). */
const OFF = {
  on: false,
  key: null,
  maxAgeHours: 24,
  oldKeys: [],
  allowVolatile: false,
  firstTryMs: 5_000,
};

function configOf(env: Record<string, string>) {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(`expected a configuration, got ${result.errors.join('; ')}`);
  return result.config;
}

function errorsOf(env: Record<string, string>): string[] {
  const result = loadConfig(env);
  if (result.ok) throw new Error('expected configuration errors');
  return result.errors;
}

describe('the outbox configuration', () => {
  it('is off, with no key, entries kept 24 hours and a first try of 5 s, when no variable is set', () => {
    expect(configOf({}).outbox).toEqual(OFF);
  });

  it.each(['', '  ', 'off', 'OFF', 'false', '0', 'no'])('is off for OUTBOX=%j', (value) => {
    expect(configOf({ OUTBOX: value }).outbox).toEqual(OFF);
  });

  it.each(['on', 'ON', ' on ', 'true', '1', 'yes'])(
    'is on for OUTBOX=%j with REDIS_URL and OUTBOX_KEY, holding the key as its 32 bytes',
    (value) => {
      const key = newKey();
      const outbox = configOf({ OUTBOX: value, REDIS_URL, OUTBOX_KEY: key }).outbox;
      expect(outbox.on).toBe(true);
      expect(outbox.maxAgeHours).toBe(24);
      expect(Buffer.isBuffer(outbox.key)).toBe(true);
      expect(outbox.key).toHaveLength(32);
      expect(outbox.key?.equals(Buffer.from(key, 'base64'))).toBe(true);
    },
  );

  it('takes any 32-byte key, padded or not, and surrounding blanks', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        fc.constantFrom('', ' ', '\n'),
        (bytes, padded, blank) => {
          const written = Buffer.from(bytes).toString('base64');
          const key = padded ? written : written.replace(/=+$/, '');
          const outbox = configOf({
            OUTBOX: 'on',
            REDIS_URL,
            OUTBOX_KEY: `${blank}${key}${blank}`,
          }).outbox;
          expect(outbox.key?.equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads OUTBOX_KEY even while the outbox is off', () => {
    const key = newKey();
    expect(configOf({ OUTBOX_KEY: key }).outbox).toEqual({
      ...OFF,
      key: Buffer.from(key, 'base64'),
    });
    expect(errorsOf({ OUTBOX_KEY: randomBytes(16).toString('base64') })).toEqual([
      `${KEY_LINE}; got 16 bytes`,
    ]);
  });

  it.each([
    [{ OUTBOX_KEY: newKey() }, 'REDIS_URL'],
    [{ REDIS_URL }, 'OUTBOX_KEY'],
    [{ REDIS_URL: '  ' }, 'REDIS_URL and OUTBOX_KEY'],
    [{}, 'REDIS_URL and OUTBOX_KEY'],
  ])('with OUTBOX=on and only %o, names %s in one line', (env, missing) => {
    expect(errorsOf({ OUTBOX: 'on', ...env })).toEqual([
      `OUTBOX is on, so ${missing} ${MISSING_TAIL}`,
    ]);
  });

  it('asks for nothing more while the outbox is off', () => {
    expect(configOf({ OUTBOX: 'off' }).outbox.on).toBe(false);
    expect(configOf({ OUTBOX: 'off', REDIS_URL }).outbox.on).toBe(false);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64'), '16 bytes'],
    ['31 bytes', randomBytes(31).toString('base64'), '31 bytes'],
    ['33 bytes', randomBytes(33).toString('base64'), '33 bytes'],
    ['64 bytes', randomBytes(64).toString('base64'), '64 bytes'],
    ['a hex key', randomBytes(32).toString('hex'), '48 bytes'],
    ['no base64', 'not a key!', 'something that is not base64'],
    ['base64 with junk after it', `${newKey()}!!`, 'something that is not base64'],
    [
      'base64 with junk inside it',
      `${newKey().slice(0, 20)}*${newKey().slice(20)}`,
      'something that is not base64',
    ],
    [
      'base64 with a space inside it',
      `${newKey().slice(0, 20)} ${newKey().slice(20)}`,
      'something that is not base64',
    ],
    ['base64url', `${'ab-_'.repeat(10)}abc`, 'something that is not base64'],
  ])('refuses an OUTBOX_KEY of %s in one line that does not show it', (_, key, got) => {
    const errors = errorsOf({ OUTBOX: 'on', REDIS_URL, OUTBOX_KEY: key });
    expect(errors).toEqual([`${KEY_LINE}; got ${got}`]);
    expect(errors[0]).not.toContain(key);
  });

  it('never shows an OUTBOX_KEY of the wrong length, nor a part of it, in its error', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 100 }).filter((length) => length !== 32),
        fc.boolean(),
        fc.uint8Array({ minLength: 100, maxLength: 100 }),
        (length, outboxOn, bytes) => {
          const key = Buffer.from(bytes.subarray(0, length)).toString('base64');
          const errors = errorsOf({
            ...(outboxOn ? { OUTBOX: 'on', REDIS_URL } : {}),
            OUTBOX_KEY: key,
          });
          expect(errors).toEqual([`${KEY_LINE}; got ${length} bytes`]);
          expect(errors.join('\n')).not.toContain(key);
          expect(errors.join('\n')).not.toContain(key.slice(0, 8));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never shows a malformed OUTBOX_KEY in its error', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 80 }), (raw) => {
        const key = raw.trim();
        fc.pre(key.length >= 8);
        const result = loadConfig({ OUTBOX_KEY: raw });
        if (result.ok) {
          expect(result.config.outbox.key).toHaveLength(32);
          return;
        }
        expect(result.errors).toHaveLength(1);
        expect(result.errors[0]).toMatch(/^OUTBOX_KEY must be 32 random bytes in base64 /);
        expect(result.errors[0]).not.toContain(key);
      }),
      { numRuns: 300 },
    );
  });

  it('reports a bad key and a missing REDIS_URL, one line each', () => {
    expect(errorsOf({ OUTBOX: 'on', OUTBOX_KEY: 'not a key!' })).toEqual([
      `${KEY_LINE}; got something that is not base64`,
      `OUTBOX is on, so REDIS_URL ${MISSING_TAIL}`,
    ]);
  });

  it.each([
    ['1', 1],
    ['720', 720],
    ['48', 48],
    [' 72 ', 72],
  ])('keeps entries for OUTBOX_MAX_AGE_HOURS=%j hours', (value, hours) => {
    expect(configOf({ OUTBOX_MAX_AGE_HOURS: value }).outbox.maxAgeHours).toBe(hours);
  });

  it.each(['0', '721', 'x', '-1', '1.5', '24h', '1e2'])(
    'refuses OUTBOX_MAX_AGE_HOURS=%j in one line naming it',
    (value) => {
      expect(errorsOf({ OUTBOX_MAX_AGE_HOURS: value })).toEqual([
        `OUTBOX_MAX_AGE_HOURS must be a whole number from 1 to 720 (got "${value}")`,
      ]);
    },
  );

  it.each(['maybe', 'enabled', 'onn'])('refuses OUTBOX=%j as neither on nor off', (value) => {
    expect(errorsOf({ OUTBOX: value, REDIS_URL, OUTBOX_KEY: newKey() })).toEqual([
      `OUTBOX must be "on" or "off" (got "${value}")`,
    ]);
  });

  it('refuses OUTBOX=Maybe, shown in lower case like the other on/off variables', () => {
    expect(errorsOf({ OUTBOX: 'Maybe' })).toEqual(['OUTBOX must be "on" or "off" (got "maybe")']);
  });
});

const OLD_KEY_LINE = (index: number) =>
  `OUTBOX_OLD_KEYS key ${index} must be 32 random bytes in base64 (openssl rand -base64 32)`;
const TOO_MANY_OLD_KEYS = 'OUTBOX_OLD_KEYS must hold at most 4 keys, comma-separated';

/** Every run of 8 characters of `value`: what an error line must never show of a key. */
const partsOf = (value: string) =>
  Array.from({ length: Math.max(value.length - 7, 0) }, (_, index) =>
    value.slice(index, index + 8),
  );

describe('OUTBOX_OLD_KEYS: keys the outbox still opens (docs/outbox.md)', () => {
  it.each([
    ['one key', 1, ''],
    ['two keys', 2, ''],
    ['four keys, the most', 4, ''],
    ['two keys with blanks around them', 2, ' '],
  ])('takes %s, in order, as their bytes', (_, count, blank) => {
    const keys = Array.from({ length: count }, newKey);
    const value = keys.map((key) => `${blank}${key}${blank}`).join(',');
    expect(configOf({ OUTBOX_OLD_KEYS: value }).outbox.oldKeys).toEqual(
      keys.map((key) => Buffer.from(key, 'base64')),
    );
  });

  it('takes keys unpadded, and beside OUTBOX_KEY (even the same key)', () => {
    const key = newKey();
    const outbox = configOf({
      OUTBOX: 'on',
      REDIS_URL,
      OUTBOX_KEY: key,
      OUTBOX_OLD_KEYS: `${key.replace(/=+$/, '')},${key}`,
    }).outbox;
    expect(outbox.oldKeys).toEqual([Buffer.from(key, 'base64'), Buffer.from(key, 'base64')]);
  });

  it.each(['', '   ', '\n'])('holds no old key for OUTBOX_OLD_KEYS=%j', (value) => {
    expect(configOf({ OUTBOX_OLD_KEYS: value }).outbox.oldKeys).toEqual([]);
  });

  it.each([
    ['a 16-byte key', () => randomBytes(16).toString('base64'), 1, 'got 16 bytes'],
    [
      'a 31-byte key second',
      () => `${newKey()},${randomBytes(31).toString('base64')}`,
      2,
      'got 31 bytes',
    ],
    ['a hex key', () => randomBytes(32).toString('hex'), 1, 'got 48 bytes'],
    [
      'a key that is not base64',
      () => `${newKey()},not a key!`,
      2,
      'got something that is not base64',
    ],
    [
      'two keys split by a blank',
      () => `${newKey()} ${newKey()}`,
      1,
      'got something that is not base64',
    ],
    [
      'two keys split by a semicolon',
      () => `${newKey()};${newKey()}`,
      1,
      'got something that is not base64',
    ],
    ['a comma after the last key', () => `${newKey()},`, 2, 'got 0 bytes'],
    ['an empty key between two', () => `${newKey()},,${newKey()}`, 2, 'got 0 bytes'],
    ['a comma alone', () => ',', 1, 'got 0 bytes'],
    [
      'base64url',
      () => `${newKey()},${'ab-_'.repeat(10)}abc`,
      2,
      'got something that is not base64',
    ],
    [
      'the fourth of four with junk inside it',
      () => `${newKey()},${newKey()},${newKey()},${newKey().slice(0, 20)}*${newKey().slice(20)}`,
      4,
      'got something that is not base64',
    ],
  ])('refuses %s in one line naming the key by place, never its value', (_, make, index, got) => {
    const value = make();
    const errors = errorsOf({ OUTBOX_OLD_KEYS: value });
    expect(errors).toEqual([`${OLD_KEY_LINE(index)}; ${got}`]);
    const secrets = value.split(',').flatMap((key) => partsOf(key.trim()));
    expect(secrets.filter((piece) => errors[0]?.includes(piece))).toEqual([]);
  });

  it.each([5, 6, 20])('refuses %i keys in one line, before reading any', (count) => {
    const value = Array.from({ length: count }, newKey).join(',');
    expect(errorsOf({ OUTBOX_OLD_KEYS: value })).toEqual([TOO_MANY_OLD_KEYS]);
  });

  it('counts the parts between commas: five commas-separated parts are too many, even empty', () => {
    expect(errorsOf({ OUTBOX_OLD_KEYS: ',,,,' })).toEqual([TOO_MANY_OLD_KEYS]);
  });

  it('reports a bad OUTBOX_KEY and a bad OUTBOX_OLD_KEYS, one line each', () => {
    expect(
      errorsOf({ OUTBOX: 'on', REDIS_URL, OUTBOX_KEY: 'not a key!', OUTBOX_OLD_KEYS: 'nor this!' }),
    ).toEqual([
      `${KEY_LINE}; got something that is not base64`,
      `${OLD_KEY_LINE(1)}; got something that is not base64`,
    ]);
  });

  it('never shows any part of OUTBOX_KEY or OUTBOX_OLD_KEYS in any line, whatever they hold', () => {
    const hostile = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 10 }).map((tail) => `${'A'.repeat(5_000)}${tail}`),
      )
      // A part is what lies between commas; '*' is never base64, so it is never a key.
      .map((text) => `${text.replaceAll(',', '')}*`);
    const part = fc.oneof(
      fc
        .uint8Array({ minLength: 32, maxLength: 32 })
        .map((bytes) => Buffer.from(bytes).toString('base64')),
      fc
        .integer({ min: 1, max: 100 })
        .filter((length) => length !== 32)
        .map((length) => randomBytes(length).toString('base64')),
      hostile,
    );
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(',', ', ', ' , '),
        fc.option(part, { nil: undefined }),
        (parts, comma, key) => {
          const result = loadConfig({
            OUTBOX: 'on',
            REDIS_URL,
            OUTBOX_OLD_KEYS: parts.join(comma),
            ...(key === undefined ? {} : { OUTBOX_KEY: key }),
          });
          const errors = result.ok ? [] : result.errors;
          const shown = errors.join('\n');
          const secrets = [...parts, key ?? ''].flatMap((secret) => partsOf(secret.trim()));
          expect(secrets.filter((piece) => shown.includes(piece))).toEqual([]);
          // One line for the old keys when any is bad or there are more than four, else none.
          const oldKeyLines = errors.filter((line) => line.startsWith('OUTBOX_OLD_KEYS '));
          const bad = parts.findIndex(
            (text) => Buffer.from(text.trim(), 'base64').length !== 32 || text.includes('*'),
          );
          if (parts.length > 4) expect(oldKeyLines).toEqual([TOO_MANY_OLD_KEYS]);
          else if (bad >= 0) {
            expect(oldKeyLines).toHaveLength(1);
            expect(oldKeyLines[0]?.startsWith(`${OLD_KEY_LINE(bad + 1)}; got `)).toBe(true);
          } else {
            expect(oldKeyLines).toEqual([]);
            if (result.ok) {
              expect(result.config.outbox.oldKeys).toEqual(
                parts.map((text) => Buffer.from(text.trim(), 'base64')),
              );
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('OUTBOX_ALLOW_VOLATILE: start on a Redis that may lose the queue', () => {
  it.each(['on', 'ON', ' on ', 'true', 'True', '1', 'yes', 'YES'])('is on for %j', (value) => {
    expect(configOf({ OUTBOX_ALLOW_VOLATILE: value }).outbox.allowVolatile).toBe(true);
  });

  it.each(['', ' ', 'off', 'OFF', 'false', '0', 'no', ' No '])('is off for %j', (value) => {
    expect(configOf({ OUTBOX_ALLOW_VOLATILE: value }).outbox.allowVolatile).toBe(false);
  });

  it.each([
    ['maybe', 'maybe'],
    ['Maybe', 'maybe'],
    [' ENABLED ', 'enabled'],
    ['2', '2'],
    ['y', 'y'],
    ['on!', 'on!'],
    ['o n', 'o n'],
  ])('refuses %j in one line, shown trimmed and in lower case', (value, shown) => {
    expect(errorsOf({ OUTBOX_ALLOW_VOLATILE: value })).toEqual([
      `OUTBOX_ALLOW_VOLATILE must be "on" or "off" (got "${shown}")`,
    ]);
  });

  it('takes any value: an on or off word, or one line naming the variable', () => {
    const words = ['on', 'true', '1', 'yes', 'off', 'false', '0', 'no'];
    const value = fc.oneof(
      fc.constantFrom(...words).map((word) => ` ${word.toUpperCase()}\t`),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ maxLength: 5 }).map((tail) => `${'on'.repeat(5_000)}${tail}`),
    );
    fc.assert(
      fc.property(value, (raw) => {
        const word = raw.trim().toLowerCase();
        const result = loadConfig({ OUTBOX_ALLOW_VOLATILE: raw });
        if (word === '' || words.includes(word)) {
          expect(result.ok && result.config.outbox.allowVolatile).toBe(
            ['on', 'true', '1', 'yes'].includes(word),
          );
        } else {
          expect(result.ok ? [] : result.errors).toEqual([
            `OUTBOX_ALLOW_VOLATILE must be "on" or "off" (got "${raw.trim().toLowerCase()}")`,
          ]);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('OUTBOX_FIRST_TRY_MS: how long a registration waits for the provider before it is queued', () => {
  it.each([
    ['100', 100],
    ['600000', 600_000],
    ['5000', 5_000],
    [' 250 ', 250],
    ['0100', 100],
    ['', 5_000],
    ['  ', 5_000],
  ])('%j → %i ms', (value, ms) => {
    expect(configOf({ OUTBOX_FIRST_TRY_MS: value }).outbox.firstTryMs).toBe(ms);
  });

  it.each([
    ['99', '99'],
    ['0', '0'],
    ['600001', '600001'],
    ['-1', '-1'],
    ['1.5', '1.5'],
    ['5s', '5s'],
    ['1e3', '1e3'],
    ['0x64', '0x64'],
    ['+500', '+500'],
    ['5 000', '5 000'],
    ['\uff15\uff10\uff10', '\uff15\uff10\uff10'],
    [' 50 ', '50'],
    ['9'.repeat(400), '9'.repeat(400)],
  ])('refuses %j in one line naming it', (value, shown) => {
    expect(errorsOf({ OUTBOX_FIRST_TRY_MS: value })).toEqual([
      `OUTBOX_FIRST_TRY_MS must be a whole number from 100 to 600000 (got "${shown}")`,
    ]);
  });

  it('takes exactly the whole numbers from 100 to 600000, written in ASCII digits', () => {
    const value = fc.oneof(
      fc.integer({ min: -1_000, max: 700_000 }).map(String),
      fc.double().map(String),
      fc.string({ unit: fc.constantFrom(...'0123456789 .e+-x'), maxLength: 9 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(value, (raw) => {
        const text = raw.trim();
        const digits = text !== '' && [...text].every((char) => '0123456789'.includes(char));
        const result = loadConfig({ OUTBOX_FIRST_TRY_MS: raw });
        if (text === '') {
          expect(result.ok && result.config.outbox.firstTryMs).toBe(5_000);
        } else if (digits && Number(text) >= 100 && Number(text) <= 600_000) {
          expect(result.ok && result.config.outbox.firstTryMs).toBe(Number(text));
        } else {
          expect(result.ok ? [] : result.errors).toEqual([
            `OUTBOX_FIRST_TRY_MS must be a whole number from 100 to 600000 (got "${text}")`,
          ]);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
