import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RESUME_BYTES, RESUME_TYPES } from '../../shared/constants.ts';
import { RESUME_SIGNATURES } from '../../shared/resume-type.ts';
import { checkInlineResume } from './inline-resume.ts';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const file = (head: readonly number[], rest = ' a resume\n') =>
  Uint8Array.from([...head, ...Buffer.from(rest)]);

describe('checkInlineResume: every allowed type by its real first bytes (docs/api.md)', () => {
  it.each([
    ['pdf', b64('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n')],
    ['doc', b64(file(RESUME_SIGNATURES.doc, '\0\0\0\0'))],
    ['docx', b64(file(RESUME_SIGNATURES.docx, '\x14\0\x06\0word/document.xml'))],
    ['rtf', b64('{\\rtf1\\ansi Ada Lovelace}')],
    ['txt', b64('Ada Lovelace\nMathematician\n')],
    ['txt', b64('Ada Lovelace — café, 数学\n')],
    ['txt', b64('%PD')],
  ] as const)('%s', (type, base64) => {
    expect(checkInlineResume(base64)).toEqual({ ok: true, base64, type });
  });

  it('covers every allowed type', () => {
    expect(new Set(RESUME_TYPES)).toEqual(new Set(['pdf', 'doc', 'docx', 'rtf', 'txt']));
  });

  it('trims the whitespace around the base64, and gives the trimmed text back', () => {
    const base64 = b64('%PDF-1.4\n');
    expect(checkInlineResume(` \n\t${base64}\r\n `)).toEqual({ ok: true, base64, type: 'pdf' });
  });

  it('takes exactly MAX_RESUME_BYTES, and refuses one byte more before reading the type', () => {
    expect(checkInlineResume(b64(new Uint8Array(MAX_RESUME_BYTES).fill(0x41)))).toMatchObject({
      ok: true,
      type: 'txt',
    });
    expect(checkInlineResume(b64(new Uint8Array(MAX_RESUME_BYTES + 1)))).toEqual({
      ok: false,
      problem: 'tooLarge',
    });
    expect(checkInlineResume(b64('%PDF-12'), 6)).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('checkInlineResume: each failure', () => {
  it.each([
    ['empty', '', 'empty'],
    ['only whitespace', ' \n\t ', 'empty'],
    ['the issue 43 example', '%%% not base64 %%%', 'malformed'],
    ['unpadded', 'JVBERi0', 'malformed'],
    ['padding in the middle', 'QQ==QQ==', 'malformed'],
    ['three padding characters', 'Q===', 'malformed'],
    ['only padding', '====', 'malformed'],
    ['non-zero bits under the padding (==)', 'QR==', 'malformed'],
    ['non-zero bits under the padding (=)', 'QUJ=', 'malformed'],
    [
      'a line break inside',
      `${b64('Ada Lovelace resume text').slice(0, 8)}\n${b64('Ada Lovelace resume text').slice(8)}`,
      'malformed',
    ],
    ['a space inside', 'SGVs bG8=', 'malformed'],
    [
      'the URL-safe alphabet',
      b64(Uint8Array.from([0xfb, 0xff, 0xbf]))
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
      'malformed',
    ],
    ['a data: URL', `data:application/pdf;base64,${b64('%PDF-1.4')}`, 'malformed'],
    ['a non-ASCII letter', 'SGVsbG8é', 'malformed'],
    ['a full-width letter', 'ＳＧＶｓ', 'malformed'],
    ['an executable', b64('MZ\x90\x00\x03\x00\x00\x00'), 'type'],
    ['an ELF binary', b64(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])), 'type'],
    [
      'a PNG image',
      b64(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
      'type',
    ],
    ['text with a NUL byte late in it', b64(`${'a'.repeat(10_000)}\0`), 'type'],
    [
      'a signature cut short, with a NUL',
      b64(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0])),
      'type',
    ],
  ] as const)('%s → %s', (_name, content, problem) => {
    expect(checkInlineResume(content)).toEqual({ ok: false, problem });
  });
});

/** What Node would make of the same text: the bytes it decodes, ignoring what it does not know. */
const nodeReading = (text: string) => Buffer.from(text.trim(), 'base64');

describe('checkInlineResume on hostile base64 (fast-check)', () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.base64String({ maxLength: 400 }),
    fc
      .tuple(
        fc.base64String({ maxLength: 200 }),
        fc.nat(200),
        fc.constantFrom(' ', '\n', '\r\n', '\t', '=', '-', '_', '.', '\0', '\u00a0', '\ufeff', 'é'),
      )
      .map(([text, at, inserted]) => text.slice(0, at) + inserted + text.slice(at)),
    fc.base64String({ maxLength: 400 }).map((text) => text.replace(/=+$/, '')),
    fc.base64String({ maxLength: 400 }).map((text) => text.replace(/\+/g, '-').replace(/\//g, '_')),
    fc.constantFrom('', '=', '==', '===', 'A', 'AA', 'AAA', 'A=', 'AA=', 'AAA==', '=AAA'),
  );

  it('accepts exactly what Node encodes back to the same text, and gives back that text', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const result = checkInlineResume(text);
        const trimmed = text.trim();
        const canonical = trimmed !== '' && b64(nodeReading(text)) === trimmed;
        if (result.ok) {
          expect(canonical).toBe(true);
          expect(result.base64).toBe(trimmed);
        } else if (result.problem === 'malformed' || result.problem === 'empty') {
          expect(canonical).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('passes any bytes canonically encoded, or refuses them for their type only: no signature and a NUL byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), (bytes) => {
        const result = checkInlineResume(b64(bytes));
        expect(result.ok || result.problem === 'type').toBe(true);
        if (!result.ok) expect(bytes.includes(0)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses a very long text of a character Node would skip, however long', () => {
    expect(checkInlineResume('!'.repeat(7_000_000))).toEqual({ ok: false, problem: 'malformed' });
    expect(checkInlineResume(`${'A'.repeat(4_000_000)}\n${'A'.repeat(3)}`)).toEqual({
      ok: false,
      problem: 'malformed',
    });
  });
});
