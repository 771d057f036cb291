import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deleteTokenFor, provesUpload } from './delete-token.ts';

const KEY = Buffer.from('a known key of 32 bytes, for tests', 'utf8');
const OTHER_KEY = Buffer.from('another key of 32 bytes, for tests', 'utf8');
const NAME = '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b.pdf';
const EXPECTED = createHmac('sha256', KEY)
  .update(NAME)
  .digest()
  .subarray(0, 16)
  .toString('base64url');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('an upload’s delete token', () => {
  it('is the first 16 bytes of the HMAC-SHA256 of the stored name, in base64url', () => {
    expect(deleteTokenFor(KEY, NAME)).toBe(EXPECTED);
    expect(EXPECTED).toMatch(/^[\w-]{22}$/);
  });

  it('is the same on every call, and another for another name or key', () => {
    expect(deleteTokenFor(KEY, NAME)).toBe(deleteTokenFor(KEY, NAME));
    expect(deleteTokenFor(KEY, `${NAME}x`)).not.toBe(EXPECTED);
    expect(deleteTokenFor(OTHER_KEY, NAME)).not.toBe(EXPECTED);
  });

  it('proves the upload of its own name', () => {
    expect(provesUpload(KEY, NAME, EXPECTED)).toBe(true);
  });

  it.each([
    ['another name’s token', deleteTokenFor(KEY, 'other.pdf')],
    ['another key’s token', deleteTokenFor(OTHER_KEY, NAME)],
    ['the token with a padding', `${EXPECTED}==`],
    ['the token short of a character', EXPECTED.slice(1)],
    ['the token and one more character', `${EXPECTED}A`],
    ['the token in standard base64', Buffer.from(EXPECTED, 'base64url').toString('base64')],
    ['22 characters that decode to other bytes', 'A'.repeat(22)],
    ['22 characters that are not base64url', '!'.repeat(22)],
    ['22 characters, some not base64url', `${EXPECTED.slice(0, 21)}!`],
    ['the token in upper case', EXPECTED.toUpperCase()],
    ['nothing', ''],
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['the token’s bytes', Buffer.from(EXPECTED, 'base64url')],
    ['the token in an array', [EXPECTED]],
    ['an object', { token: EXPECTED }],
  ])('is not proven by %s', (_, token) => {
    expect(provesUpload(KEY, NAME, token)).toBe(false);
  });

  it('is not proven by another name’s token under the same key, or its own under another', () => {
    expect(provesUpload(KEY, 'other.pdf', EXPECTED)).toBe(false);
    expect(provesUpload(OTHER_KEY, NAME, EXPECTED)).toBe(false);
  });

  it('is not proven by any one-character change of it', () => {
    const accepted: string[] = [];
    for (let at = 0; at < EXPECTED.length; at += 1) {
      for (const by of BASE64URL) {
        const token = `${EXPECTED.slice(0, at)}${by}${EXPECTED.slice(at + 1)}`;
        if (by !== EXPECTED[at] && provesUpload(KEY, NAME, token)) accepted.push(token);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('delete tokens against anything a client sends', () => {
  it('random strings, 22-character base64url ones too, never prove an upload', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme', minLength: 22, maxLength: 22 }),
          fc.stringMatching(/^[\w-]{22}$/),
          fc.anything(),
        ),
        fc.string(),
        (token, name) => {
          fc.pre(token !== deleteTokenFor(KEY, name));
          expect(provesUpload(KEY, name, token)).toBe(false);
        },
      ),
    );
  });

  it('every name’s token proves its upload and no other name’s', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, other) => {
        fc.pre(name !== other);
        const token = deleteTokenFor(KEY, name);
        expect(provesUpload(KEY, name, token)).toBe(true);
        expect(provesUpload(KEY, other, token)).toBe(false);
        expect(provesUpload(OTHER_KEY, name, token)).toBe(false);
      }),
    );
  });
});
