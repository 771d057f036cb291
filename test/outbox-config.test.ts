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
