// The outbox's sealing over generated texts, ids and keys: what is sealed opens only under its
// own key and id, Redis never sees the plain text, and any change to the sealed text is refused.
import { createCipheriv, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holdOf,
  keyring,
  outboxKeys,
  SealedUnderOtherKey,
  seal,
  sealedKeyId,
  UnsealFailed,
  unseal,
} from './seal.ts';

const keys = outboxKeys(randomBytes(32));
const otherKeys = outboxKeys(randomBytes(32));

/** Every character a tamper may put in: base64url's, base64's own, the separator, and junk. */
const TAMPER_CHARS = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  ...'+/=. !\n\u00e9',
];

const replaced = (text: string, index: number, char: string) =>
  `${text.slice(0, index)}${char}${text.slice(index + 1)}`;

/** `sealed` changed in one character, in every way TAMPER_CHARS allows. */
const tampersOf = (sealed: string) =>
  [...sealed].flatMap((original, index) =>
    TAMPER_CHARS.filter((char) => char !== original).map((char) => ({
      index,
      char,
      text: replaced(sealed, index, char),
    })),
  );

/**
 * `sealed` with its part `index` (0 the version, 1 the key id, 2 the IV, 3 the tag, 4 the text)
 * changed.
 */
const withPart = (sealed: string, index: number, change: (part: string) => string) =>
  sealed
    .split('.')
    .map((part, i) => (i === index ? change(part) : part))
    .join('.');

const opens = (text: string, id = 'entry-1') => {
  try {
    return unseal(keys, id, text);
  } catch (error) {
    if (error instanceof UnsealFailed) return null;
    throw error;
  }
};

/** The plain texts an entry may hold: any string, any code point, JSON as the outbox seals it. */
const plainTexts = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.json(),
);

describe('seal and unseal', () => {
  it.each([
    ['an empty text', ''],
    ['ASCII', 'hello'],
    [
      'JSON with a password',
      JSON.stringify({ candidate: { email: 'a@b.c', password: 'hunter2' } }),
    ],
    ['accents and CJK', 'Zoë Ångström 山田太郎'],
    ['emoji beyond the BMP', '👩🏽‍💻🏳️‍🌈 𝔘𝔫𝔦𝔠𝔬𝔡𝔢'],
    ['control characters and NUL', '\u0000\u0001\n\r\t\u007f'],
    ['dots and the separator form', 'v1.a.b.c'],
  ])('gives back %s exactly', (_, plain) => {
    expect(unseal(keys, 'entry-1', seal(keys, 'entry-1', plain))).toBe(plain);
  });

  it('gives back a 7 MB text exactly', () => {
    // 16 UTF-16 units, accents and a character beyond the BMP among them.
    const plain = 'résumé 📄 abcdef'.repeat((7 * 1024 * 1024) / 16);
    expect(plain.length).toBe(7 * 1024 * 1024);
    expect(unseal(keys, 'entry-big', seal(keys, 'entry-big', plain))).toBe(plain);
  });

  it('gives back any text under any id', () => {
    fc.assert(
      fc.property(plainTexts, fc.string({ maxLength: 60 }), (plain, id) => {
        expect(unseal(keys, id, seal(keys, id, plain))).toBe(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('writes a sealed text of five dot-separated parts: v2, the key id, and three in base64url', () => {
    expect(seal(keys, 'entry-1', 'hello')).toMatch(
      /^v2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{7}$/,
    );
    expect(seal(keys, 'entry-1', 'hello').split('.')[1]).toBe(keys.id);
  });

  it('never shows the plain text, nor any 8 characters of it, in the sealed text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 8, maxLength: 300 }),
          fc.string({ unit: 'binary', minLength: 8, maxLength: 300 }),
          // Plain texts in the sealed text's own alphabet, the likeliest to be found in it.
          fc.string({ unit: fc.constantFrom(...'ABCabcxyz019-_.v'), minLength: 8, maxLength: 300 }),
        ),
        (plain) => {
          const sealed = seal(keys, 'entry-1', plain);
          expect(sealed).not.toContain(plain);
          for (let start = 0; start + 8 <= plain.length; start += 1) {
            expect(sealed).not.toContain(plain.slice(start, start + 8));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('seals the same text twice differently (a fresh IV each time)', () => {
    const plain = JSON.stringify({ candidate: { email: 'a@b.c' } });
    const first = seal(keys, 'entry-1', plain);
    const second = seal(keys, 'entry-1', plain);
    expect(first).not.toBe(second);
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
    expect(unseal(keys, 'entry-1', first)).toBe(plain);
    expect(unseal(keys, 'entry-1', second)).toBe(plain);
  });

  it('refuses a text sealed for another id', () => {
    fc.assert(
      fc.property(
        plainTexts,
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        (plain, id, otherId) => {
          fc.pre(id !== otherId);
          const sealed = seal(keys, id, plain);
          expect(() => unseal(keys, otherId, sealed)).toThrow(UnsealFailed);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ['entry-1', 'entry-2'],
    ['entry-1', 'entry-10'],
    ['entry-1', 'Entry-1'],
    ['entry-1', ''],
    ['a:b', 'a'],
  ])('refuses a text sealed for %j under id %j', (id, otherId) => {
    expect(() => unseal(keys, otherId, seal(keys, id, 'plain'))).toThrow(UnsealFailed);
  });

  it('refuses a text sealed under another key, with the message that says so', () => {
    fc.assert(
      fc.property(plainTexts, (plain) => {
        const sealed = seal(otherKeys, 'entry-1', plain);
        expect(() => unseal(keys, 'entry-1', sealed)).toThrow(new UnsealFailed().message);
        expect(() => unseal(keys, 'entry-1', sealed)).toThrow(UnsealFailed);
      }),
      { numRuns: 100 },
    );
  });

  it('names the failure UnsealFailed, without the plain text or the id', () => {
    const error = new UnsealFailed();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UnsealFailed');
    expect(error.message).toBe('the outbox entry does not open under OUTBOX_KEY');
  });

  it('refuses the sealed text changed in one character at any place into a character of another value', () => {
    // Here a change of value; two spellings of the same bytes are the next test's.
    const sameBytes = (a: string, b: string) =>
      a.split('.').length === b.split('.').length &&
      a
        .split('.')
        .every((part, i) =>
          Buffer.from(part, 'base64url').equals(Buffer.from(b.split('.')[i] ?? '', 'base64url')),
        );
    fc.assert(
      fc.property(plainTexts, fc.nat(), fc.constantFrom(...TAMPER_CHARS), (plain, at, char) => {
        const sealed = seal(keys, 'entry-1', plain);
        const index = at % sealed.length;
        fc.pre(sealed[index] !== char);
        const tampered = replaced(sealed, index, char);
        fc.pre(!sameBytes(sealed, tampered));
        expect(() => unseal(keys, 'entry-1', tampered)).toThrow(UnsealFailed);
      }),
      { numRuns: 500 },
    );
  });

  it('opens no one-character change of a sealed text to anything but the same plain text', () => {
    const plain = 'hello world, résumé';
    const sealed = seal(keys, 'entry-1', plain);
    for (const { text } of tampersOf(sealed)) {
      expect([null, plain]).toContain(opens(text));
    }
  });

  // Buffer.from(…, 'base64url') alone would take '+' for '-' and ignore a last character's
  // unused bits: unseal reads only the form seal writes.
  it('refuses every one-character change of a sealed text', () => {
    const sealed = seal(keys, 'entry-1', 'hello world, résumé');
    const opened = tampersOf(sealed)
      .filter(({ text }) => opens(text) !== null)
      .map(({ index, char }) => `${index}:${sealed[index]}→${char}`);
    expect(opened).toEqual([]);
  });

  it.each([
    ['no parts', () => ''],
    ['the version alone', () => 'v2'],
    ['a missing text part', (s: string) => s.split('.').slice(0, 4).join('.')],
    ['a missing tag and text', (s: string) => s.split('.').slice(0, 3).join('.')],
    ['an extra part', (s: string) => `${s}.AAAA`],
    ['an empty extra part', (s: string) => `${s}.`],
    ['a leading separator', (s: string) => `.${s}`],
    ['another version', (s: string) => s.replace(/^v2\./, 'v3.')],
    ['the old version with the new parts', (s: string) => s.replace(/^v2\./, 'v1.')],
    ['no version', (s: string) => s.replace(/^v2\./, '')],
    ['no key id', (s: string) => withPart(s, 1, () => '')],
    ['an empty tag', (s: string) => withPart(s, 3, () => '')],
    ['an empty IV', (s: string) => withPart(s, 2, () => '')],
    ['a tag of 12 bytes', (s: string) => withPart(s, 3, (tag) => tag.slice(0, 16))],
    ['an IV of 16 bytes', (s: string) => withPart(s, 2, (iv) => `${iv}AAAAA`)],
    ['the text part emptied', (s: string) => withPart(s, 4, () => '')],
    [
      'the IV and the tag swapped',
      (s: string) => {
        const [version, id, iv, tag, text] = s.split('.');
        return [version, id, tag, iv, text].join('.');
      },
    ],
  ])('refuses a sealed text with %s', (_, change) => {
    const sealed = seal(keys, 'entry-1', 'hello');
    expect(() => unseal(keys, 'entry-1', change(sealed))).toThrow(UnsealFailed);
  });
});

/** What seal wrote before keys had ids (v1), made here as it was: AAD `outbox:v1:<id>`. */
function sealedV1(keys: ReturnType<typeof outboxKeys>, id: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`outbox:v1:${id}`));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), text]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('a keyring: OUTBOX_KEY and OUTBOX_OLD_KEYS', () => {
  const [oldKey, newKey, strangerKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];

  it('seals with the first key, and opens what any of them sealed', () => {
    const ring = keyring(newKey, [oldKey]);
    const byOld = seal(outboxKeys(oldKey), 'entry-1', 'old');
    const byNew = seal(ring[0], 'entry-1', 'new');
    expect(sealedKeyId(byNew)).toBe(outboxKeys(newKey).id);
    expect(sealedKeyId(byOld)).toBe(outboxKeys(oldKey).id);
    expect([unseal(ring, 'entry-1', byOld), unseal(ring, 'entry-1', byNew)]).toEqual([
      'old',
      'new',
    ]);
  });

  it('says which key sealed a text it does not hold, and that it is not broken', () => {
    const sealed = seal(outboxKeys(strangerKey), 'entry-1', 'plain');
    const error = (() => {
      try {
        unseal(keyring(newKey, [oldKey]), 'entry-1', sealed);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(SealedUnderOtherKey);
    expect(error).toMatchObject({
      keyId: outboxKeys(strangerKey).id,
      message: `the outbox entry does not open under OUTBOX_KEY (sealed under key ${outboxKeys(strangerKey).id})`,
    });
  });

  it('refuses a text that names a key it holds but was changed: broken, not another key’s', () => {
    const ring = keyring(newKey);
    const sealed = seal(ring[0], 'entry-1', 'plain');
    const tampered = withPart(sealed, 4, (text) =>
      text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`,
    );
    expect(() => unseal(ring, 'entry-1', tampered)).toThrow(UnsealFailed);
    expect(() => unseal(ring, 'entry-1', tampered)).not.toThrow(SealedUnderOtherKey);
  });

  it('opens a text sealed before keys had ids (v1) under any key of the ring', () => {
    const sealed = sealedV1(outboxKeys(oldKey), 'entry-1', 'from before');
    expect(unseal(keyring(newKey, [oldKey]), 'entry-1', sealed)).toBe('from before');
    expect(() => unseal(keyring(newKey), 'entry-1', sealed)).toThrow(SealedUnderOtherKey);
    expect(() => unseal(keyring(oldKey), 'entry-2', sealed)).toThrow(UnsealFailed);
  });

  it('counts a repeated key once, the sealing key first', () => {
    expect(keyring(newKey, [oldKey, newKey, oldKey]).map((keys) => keys.id)).toEqual([
      outboxKeys(newKey).id,
      outboxKeys(oldKey).id,
    ]);
  });

  it('gives each key an id of 16 base64url characters that reveals nothing of the key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const key = Buffer.from(bytes);
        const { id } = outboxKeys(key);
        expect(id).toMatch(/^[\w-]{16}$/);
        expect(id).toBe(outboxKeys(Buffer.from(key)).id);
        for (const encoding of ['base64', 'base64url', 'hex'] as const) {
          expect(key.toString(encoding)).not.toContain(id);
          expect(id).not.toContain(key.toString(encoding).slice(0, 8));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('outboxKeys', () => {
  it.each([0, 1, 16, 31, 33, 64])('refuses a key of %i bytes', (length) => {
    expect(() => outboxKeys(randomBytes(length))).toThrow('OUTBOX_KEY must be 32 bytes');
  });

  it('derives the same keys from the same OUTBOX_KEY, so a restart opens what was sealed', () => {
    const key = randomBytes(32);
    const sealed = seal(outboxKeys(key), 'entry-1', 'plain');
    expect(unseal(outboxKeys(Buffer.from(key)), 'entry-1', sealed)).toBe('plain');
    expect(outboxKeys(key)).toEqual(outboxKeys(Buffer.from(key)));
  });

  it('derives two keys of 32 bytes that differ from each other and from OUTBOX_KEY', () => {
    const key = randomBytes(32);
    const derived = outboxKeys(key);
    expect(derived.seal).toHaveLength(32);
    expect(derived.hold).toHaveLength(32);
    expect(derived.seal.equals(derived.hold)).toBe(false);
    expect(derived.seal.equals(key)).toBe(false);
    expect(derived.hold.equals(key)).toBe(false);
  });
});

describe('holdOf', () => {
  const names = fc.oneof(
    fc.string({ minLength: 8, maxLength: 120 }),
    fc.string({ unit: 'binary', minLength: 8, maxLength: 120 }),
    fc.constantFrom('0b6c3f2e-8d1a-4c55-9f0e-2a7b1c9d4e10.pdf', 'Jane Doe CV (final).docx'),
  );

  it('names a resume the same way every time under one key', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(holdOf(keys, name)).toBe(holdOf(keys, name));
      }),
      { numRuns: 100 },
    );
  });

  it('gives a base64url SHA-256 that does not contain the name', () => {
    fc.assert(
      fc.property(names, (name) => {
        const hold = holdOf(keys, name);
        expect(hold).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(hold).not.toContain(name);
      }),
      { numRuns: 200 },
    );
  });

  it('names a resume differently under another key', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(holdOf(otherKeys, name)).not.toBe(holdOf(keys, name));
      }),
      { numRuns: 100 },
    );
  });

  it('names two resumes differently', () => {
    fc.assert(
      fc.property(names, names, (name, other) => {
        fc.pre(name !== other);
        expect(holdOf(keys, other)).not.toBe(holdOf(keys, name));
      }),
      { numRuns: 200 },
    );
    expect(holdOf(keys, 'cv.pdf')).not.toBe(holdOf(keys, 'cv.pdf '));
    expect(holdOf(keys, 'cv.pdf')).not.toBe(holdOf(keys, 'CV.pdf'));
  });
});
