// The idempotency key as the server takes it (docs/api.md): 16 to 64 ASCII letters, digits, `-` or
// `_`, and nothing else, whatever a client sends in the header.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from './idempotency.ts';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** Every character a key may hold, spelled out rather than as a pattern. */
const ALLOWED = `${UPPER}${LOWER}${DIGITS}-_`;

/** Characters a key may not hold: near-misses, blanks, controls, letters of other scripts. */
const REFUSED = [
  ...' \t\n\r\v\f.+/=:;,!?*#%&@~`\'"<>()[]{}|\\^$',
  '\u0000',
  '\u007f',
  '\u00a0', // no-break space
  '\u200b', // zero-width space
  '\u2010', // hyphen
  '\u2013', // en dash
  '\u2212', // minus sign
  '\uff3f', // full-width low line
  '\uff41', // full-width a
  '\uff11', // full-width 1
  '\u0663', // Arabic-Indic 3
  '\u00e9', // é
  '\u00df', // ß
  '\u0130', // İ
  '\u017f', // long s, which /iu would fold to s
  '\u212a', // Kelvin sign, which /iu would fold to k
  '\u0430', // Cyrillic a
  '\ud83d\ude00', // an emoji
  '\ud800', // a lone surrogate
];

describe('isIdempotencyKey', () => {
  it('is read from the idempotency-key header, in lower case as Node gives headers', () => {
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
  });

  it.each<[string, string, boolean]>([
    ['15 letters', 'a'.repeat(15), false],
    ['16 letters', 'a'.repeat(16), true],
    ['17 letters', 'a'.repeat(17), true],
    ['63 letters', 'a'.repeat(63), true],
    ['64 letters', 'a'.repeat(64), true],
    ['65 letters', 'a'.repeat(65), false],
    ['empty', '', false],
    ['a UUID (what the page sends)', 'a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90', true],
    ['a UUID in capitals', 'A5F1C2D4-0B6E-4C8A-9F3E-2D7B1A6C4E90', true],
    ['a UUID without dashes', 'a5f1c2d40b6e4c8a9f3e2d7b1a6c4e90', true],
    ['a UUID in braces', '{a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90}', false],
    ['capitals', UPPER.slice(0, 16), true],
    ['lower case', LOWER.slice(0, 16), true],
    ['digits', DIGITS.repeat(2).slice(0, 16), true],
    ['dashes only', '-'.repeat(16), true],
    ['underscores only', '_'.repeat(16), true],
    ['every allowed character once: 64 of them', ALLOWED, true],
    ['every allowed character, and one more', `${ALLOWED}a`, false],
    ['a blank before', ` ${'a'.repeat(16)}`, false],
    ['a blank after', `${'a'.repeat(16)} `, false],
    ['a line break after', `${'a'.repeat(16)}\n`, false],
    ['a line break before', `\n${'a'.repeat(16)}`, false],
    ['a second line', `${'a'.repeat(16)}\n${'b'.repeat(16)}`, false],
    ['base64 with + and /', 'ab+/cdefghijklmnop', false],
    ['padding', `${'a'.repeat(16)}==`, false],
    ['16 accented letters', 'é'.repeat(16), false],
    ['16 emoji (32 UTF-16 units)', '😀'.repeat(16), false],
    ['a NUL in the middle', `${'a'.repeat(8)}\u0000${'a'.repeat(8)}`, false],
  ])('%s: %j → %s', (_, value, taken) => {
    expect(isIdempotencyKey(value)).toBe(taken);
  });

  it.each(REFUSED.map((char) => [char.codePointAt(0)?.toString(16), char]))(
    'refuses U+%s in an otherwise good key, first, inside or last',
    (_, char) => {
      const good = 'k'.repeat(20);
      for (const value of [
        `${char}${good}`,
        `${good.slice(0, 10)}${char}${good.slice(10)}`,
        `${good}${char}`,
      ]) {
        expect(isIdempotencyKey(value)).toBe(false);
      }
    },
  );

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a 16-digit number', 1234567890123456],
    ['a bigint', 12345678901234567890n],
    ['an array holding a good key', ['a'.repeat(16)]],
    ['two header values (Node gives an array)', ['a'.repeat(16), 'b'.repeat(16)]],
    ['a String object', new String('a'.repeat(16))],
    ['an object that prints as a good key', { toString: () => 'a'.repeat(16) }],
    ['true', true],
    ['a symbol', Symbol('a'.repeat(16))],
    ['a function', () => 'a'.repeat(16)],
    ['bytes', new TextEncoder().encode('a'.repeat(16))],
  ])('refuses %s', (_, value) => {
    expect(isIdempotencyKey(value)).toBe(false);
  });

  it('answers long inputs, made to make a pattern backtrack, at once and with false', () => {
    for (const value of [
      'a'.repeat(100_000),
      `${'a'.repeat(100_000)}!`,
      '-'.repeat(1_000_000),
      `${'_'.repeat(64)}${'a'.repeat(100_000)}`,
      `${'a'.repeat(63)}\n`.repeat(10_000),
    ]) {
      expect(isIdempotencyKey(value)).toBe(false);
    }
  });

  it('takes a string exactly when it is 16 to 64 of the allowed characters', () => {
    const near = fc.string({
      unit: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...ALLOWED) },
        { weight: 1, arbitrary: fc.constantFrom(...REFUSED) },
      ),
      minLength: 10,
      maxLength: 70,
    });
    const anything = fc.oneof(
      near,
      fc.string({ minLength: 12, maxLength: 70 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 70 }),
      fc.uuid().map(String),
      fc.string({ maxLength: 5 }).map((tail) => `${'a'.repeat(100_000)}${tail}`),
    );
    fc.assert(
      fc.property(anything, (value) => {
        const taken =
          value.length >= 16 &&
          value.length <= 64 &&
          [...value].every((char) => ALLOWED.includes(char));
        expect(isIdempotencyKey(value)).toBe(taken);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses any value that is not a string', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (value) => {
          expect(isIdempotencyKey(value)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
