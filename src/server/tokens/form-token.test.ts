import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FORM_TOKEN_MAX_AGE_MS,
  MAX_FORM_TOKEN_LENGTH,
  mintFormToken,
  readFormToken,
} from './form-token.ts';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const NONCE = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const ID = NONCE.toString('base64url');
const ISSUED = 1_800_000_000_000;
const TOKEN = mintFormToken(KEY, ISSUED, NONCE);
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A token with `signed` (v1.<issued>.<nonce>) as the page sees it, signed with `key`. */
const signedAs = (key: Buffer, signed: string) =>
  `${signed}.${createHmac('sha256', key).update(signed).digest().subarray(0, 16).toString('base64url')}`;

/** `token` with the character at `at` replaced by `by`. */
const changed = (token: string, at: number, by: string) =>
  `${token.slice(0, at)}${by}${token.slice(at + 1)}`;

/** Every token that differs from `token` in one character (a base64url one, or a dot). */
function oneCharacterChanges(token: string): string[] {
  const changes: string[] = [];
  for (let at = 0; at < token.length; at += 1) {
    for (const by of `${BASE64URL}.`) if (by !== token[at]) changes.push(changed(token, at, by));
  }
  return changes;
}

describe('a minted form token', () => {
  it('is written as docs/api.md says: v1, the time in base 36, the nonce and a 16-byte MAC', () => {
    expect(TOKEN).toBe(signedAs(KEY, `v1.${ISSUED.toString(36)}.${ID}`));
    expect(TOKEN).toMatch(/^v1\.[0-9a-z]{8}\.[\w-]{22}\.[\w-]{22}$/);
    expect(TOKEN.length).toBeLessThanOrEqual(MAX_FORM_TOKEN_LENGTH);
  });

  it('carries a fresh random nonce unless one is given', () => {
    const [one, two] = [mintFormToken(KEY, ISSUED), mintFormToken(KEY, ISSUED)];
    expect(one).not.toBe(two);
    expect(readFormToken(KEY, one, ISSUED)).toMatchObject({ ok: true, ageMs: 0 });
  });

  it('issued before 1970 or at a fraction of a millisecond, is at 0 or the whole millisecond', () => {
    expect(mintFormToken(KEY, -5, NONCE)).toBe(signedAs(KEY, `v1.0.${ID}`));
    expect(mintFormToken(KEY, 35.9, NONCE)).toBe(signedAs(KEY, `v1.z.${ID}`));
  });
});

describe('reading a form token', () => {
  it.each([
    ['just issued', 0, { ok: true, id: ID, ageMs: 0 }],
    ['a second old', 1_000, { ok: true, id: ID, ageMs: 1_000 }],
    [
      'exactly the maximum age old',
      FORM_TOKEN_MAX_AGE_MS,
      { ok: true, id: ID, ageMs: FORM_TOKEN_MAX_AGE_MS },
    ],
    [
      'a millisecond past the maximum age',
      FORM_TOKEN_MAX_AGE_MS + 1,
      { ok: false, problem: 'expired' },
    ],
    ['a year old', 365 * FORM_TOKEN_MAX_AGE_MS, { ok: false, problem: 'expired' }],
    ['issued by a clock 1 ms ahead', -1, { ok: true, id: ID, ageMs: 0 }],
    ['issued by a clock 60 s ahead', -60_000, { ok: true, id: ID, ageMs: 0 }],
    ['issued by a clock 60 s and 1 ms ahead', -60_001, { ok: false, problem: 'expired' }],
    ['issued by a clock an hour ahead', -3_600_000, { ok: false, problem: 'expired' }],
  ])('%s: %o', (_, age, verdict) => {
    expect(readFormToken(KEY, TOKEN, ISSUED + age)).toEqual(verdict);
  });

  it.each([undefined, null, ''])('is missing when it is %o', (token) => {
    expect(readFormToken(KEY, token, ISSUED)).toEqual({ ok: false, problem: 'missing' });
  });

  const nonce = ID;
  const mac = TOKEN.split('.')[3] as string;
  const issued = ISSUED.toString(36);
  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['an object', { token: TOKEN }],
    ['an array', [TOKEN]],
    ['a Buffer', Buffer.from(TOKEN)],
    [
      'one character over the longest',
      `${TOKEN}${'A'.repeat(MAX_FORM_TOKEN_LENGTH + 1 - TOKEN.length)}`,
    ],
    ['a space', ' '],
    ['surrounded by spaces', ` ${TOKEN} `],
    ['followed by a new line', `${TOKEN}\n`],
    ['of version 2', signedAs(KEY, `v2.${issued}.${nonce}`)],
    ['of version V1', signedAs(KEY, `V1.${issued}.${nonce}`)],
    ['without a version', signedAs(KEY, `${issued}.${nonce}`)],
    ['issued in upper-case base 36', signedAs(KEY, `v1.${issued.toUpperCase()}.${nonce}`)],
    ['issued at a negative time', signedAs(KEY, `v1.-${issued}.${nonce}`)],
    ['issued at no time', signedAs(KEY, `v1..${nonce}`)],
    ['issued in 12 base-36 digits', signedAs(KEY, `v1.${'1'.repeat(12)}.${nonce}`)],
    ['with a 21-character nonce', signedAs(KEY, `v1.${issued}.${nonce.slice(1)}`)],
    ['with a 23-character nonce', signedAs(KEY, `v1.${issued}.${nonce}A`)],
    [
      'with the nonce spelled with its last character’s unused bits set',
      signedAs(
        KEY,
        `v1.${issued}.${nonce.slice(0, 21)}${BASE64URL[BASE64URL.indexOf(nonce.slice(21)) + 1]}`,
      ),
    ],
    ['with a padded nonce', signedAs(KEY, `v1.${issued}.${nonce.slice(2)}==`)],
    ['with a 21-character MAC', `v1.${issued}.${nonce}.${mac.slice(1)}`],
    ['with a 23-character MAC', `v1.${issued}.${nonce}.${mac}A`],
    ['with standard base64 in the MAC', `v1.${issued}.${nonce}.+${mac.slice(1)}`],
    ['without a MAC', `v1.${issued}.${nonce}`],
    ['with a fifth part', `v1.${issued}.${nonce}.${mac}.`],
  ])('is malformed when %s', (_, token) => {
    expect(readFormToken(KEY, token, ISSUED)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('is malformed at exactly the longest length when its parts are not a token’s', () => {
    expect(readFormToken(KEY, 'v'.repeat(MAX_FORM_TOKEN_LENGTH), ISSUED)).toEqual({
      ok: false,
      problem: 'malformed',
    });
  });

  it('takes 11 base-36 digits, as many as the latest exact time has', () => {
    const latest = Number.MAX_SAFE_INTEGER;
    expect(latest.toString(36)).toHaveLength(11);
    const token = mintFormToken(KEY, latest, NONCE);
    expect(token.length).toBeLessThanOrEqual(MAX_FORM_TOKEN_LENGTH);
    expect(readFormToken(KEY, token, latest)).toEqual({ ok: true, id: ID, ageMs: 0 });
  });

  it('is forged when another key signed it', () => {
    expect(readFormToken(KEY, mintFormToken(OTHER_KEY, ISSUED, NONCE), ISSUED)).toEqual({
      ok: false,
      problem: 'forged',
    });
  });

  it('is forged when its issued time or nonce changed under the same MAC', () => {
    const [version, , , sent] = TOKEN.split('.');
    for (const token of [
      `${version}.${(ISSUED + 1).toString(36)}.${nonce}.${sent}`,
      `${version}.${issued}.${changed(nonce, 0, 'Z')}.${sent}`,
    ]) {
      expect(readFormToken(KEY, token, ISSUED)).toEqual({ ok: false, problem: 'forged' });
    }
  });

  it('is forged for every single-character change of its MAC', () => {
    const macStart = TOKEN.lastIndexOf('.') + 1;
    const changes: string[] = [];
    for (let at = macStart; at < TOKEN.length; at += 1) {
      for (const by of BASE64URL) if (by !== TOKEN[at]) changes.push(changed(TOKEN, at, by));
    }
    expect(changes).toHaveLength(22 * 63);
    const accepted = changes.filter((token) => readFormToken(KEY, token, ISSUED).ok);
    expect(accepted).toEqual([]);
    for (const token of changes) {
      expect([token, readFormToken(KEY, token, ISSUED)]).toEqual([
        token,
        { ok: false, problem: 'forged' },
      ]);
    }
  });
});

describe('form tokens against anything a client sends', () => {
  const anyTime = fc.integer({ min: 0, max: 4_000_000_000_000 });

  it('never throw, and read ok only when minted with the key', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.stringMatching(/^v1\.[0-9a-z]{1,11}\.[\w-]{22}\.[\w-]{22}$/),
          fc.anything(),
        ),
        anyTime,
        (token, now) => {
          expect(readFormToken(KEY, token, now).ok).toBe(false);
        },
      ),
    );
  });

  it('read ok with their nonce and age whenever minted with the key and read in time', () => {
    fc.assert(
      fc.property(
        anyTime,
        fc.integer({ min: -60_000, max: FORM_TOKEN_MAX_AGE_MS }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        (issued, age, bytes) => {
          const nonce = Buffer.from(bytes);
          expect(readFormToken(KEY, mintFormToken(KEY, issued, nonce), issued + age)).toEqual({
            ok: true,
            id: nonce.toString('base64url'),
            ageMs: Math.max(0, age),
          });
          expect(readFormToken(OTHER_KEY, mintFormToken(KEY, issued, nonce), issued)).toEqual({
            ok: false,
            problem: 'forged',
          });
        },
      ),
    );
  });

  it('refuse every one-character change of a minted token', () => {
    fc.assert(
      fc.property(
        anyTime,
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.nat(),
        fc.constantFrom(...`${BASE64URL}.`),
        (issued, bytes, position, by) => {
          const token = mintFormToken(KEY, issued, Buffer.from(bytes));
          const at = position % token.length;
          fc.pre(token[at] !== by);
          expect(readFormToken(KEY, changed(token, at, by), issued).ok).toBe(false);
        },
      ),
    );
  });

  it('refuse every one-character change of one minted token, position by position', () => {
    const accepted = oneCharacterChanges(TOKEN).filter(
      (token) => readFormToken(KEY, token, ISSUED).ok,
    );
    expect(accepted).toEqual([]);
  });

  it('read 1 MB inputs, a token’s shape repeated among them, without throwing', () => {
    const MB = 1 << 20;
    for (const token of [
      'v'.repeat(MB),
      `v1.${'a'.repeat(MB)}`,
      `${TOKEN}.`.repeat(Math.ceil(MB / TOKEN.length)),
      `${'v1.'.repeat(MB / 4)}!`,
      `${TOKEN}${'A'.repeat(MB)}`,
      '\u{1F600}'.repeat(MB / 2),
    ]) {
      expect(readFormToken(KEY, token, ISSUED)).toEqual({ ok: false, problem: 'malformed' });
    }
  });
});
