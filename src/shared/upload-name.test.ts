import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileNames } from '../../test/helpers/hostile-names.ts';
import { RESUME_TYPES } from './constants.ts';
import {
  EARLIER_MAX_STEM_LENGTH,
  isStoredResumeName,
  MAX_STORED_NAME_LENGTH,
  RANDOM_PART_LENGTH,
  storedNameIn,
  storedResumeName,
  uploadFilename,
} from './upload-name.ts';

const NOW = 1_700_000_000_000;

describe('the unique upload name (docs/form.md): timestamp, random string, original name', () => {
  it.each([
    ['the lowest draw', 0, 'cv.pdf', '1700000000000-00000000-cv.pdf'],
    ['a tiny draw, zero-padded to 8', 1e-12, 'cv.pdf', '1700000000000-00000002-cv.pdf'],
    ['a quarter (0.25 × 36^8 = 90000000)', 0.25, 'cv.pdf', '1700000000000-90000000-cv.pdf'],
    ['a half (0.5 × 36^8 = i0000000)', 0.5, 'my cv.pdf', '1700000000000-i0000000-my cv.pdf'],
    ['the highest draw', 0.999999, 'CV.DOCX', '1700000000000-zzzybj7u-CV.DOCX'],
  ])('%s gives %j', (_name, draw, original, expected) => {
    expect(uploadFilename(original, NOW, () => draw)).toBe(expected);
  });

  it.each([
    [0, 'a.txt'],
    [0.123456, 'résumé final.rtf'],
    [0.654321, 'cv.pdf'],
    [0.999999999, 'x'],
  ])('with draw %s keeps %j after a timestamp and 8 base-36 characters', (draw, original) => {
    const name = uploadFilename(original, NOW, () => draw);
    expect(name.startsWith(`${NOW}-`)).toBe(true);
    expect(name.endsWith(`-${original}`)).toBe(true);
    expect(name.slice(`${NOW}-`.length, -`-${original}`.length)).toMatch(/^[0-9a-z]{8}$/);
  });

  it('gives different names for different draws at the same moment', () => {
    expect(uploadFilename('cv.pdf', NOW, () => 0.1)).not.toBe(
      uploadFilename('cv.pdf', NOW, () => 0.2),
    );
  });
});

const HEX = '0123456789abcdef0123456789abcdef';

describe('the stored name', () => {
  it.each(RESUME_TYPES)(
    'is <random>.%s: the verified type’s extension and nothing else',
    (type) => {
      expect(storedResumeName(type, HEX)).toBe(`${HEX}.${type}`);
    },
  );

  it('carries nothing of the candidate’s own file name, whatever it was', () => {
    // The route has no name to give it: every name it sends is the random part and the type.
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.constantFrom(...RESUME_TYPES),
        (hex, type) => {
          const name = storedResumeName(type, hex);
          expect(name).toBe(`${hex}.${type}`);
          expect(isStoredResumeName(name)).toBe(true);
          expect(name.length).toBeLessThanOrEqual(MAX_STORED_NAME_LENGTH);
        },
      ),
    );
  });

  it.each([
    ['a name given out before, with the stem of the file’s name', `${HEX}-Jane_Doe_Resume.pdf`],
    ['an earlier one at its longest', `${HEX}-${'a'.repeat(EARLIER_MAX_STEM_LENGTH)}.docx`],
  ])('is served still when it is %s (%j)', (_what, name) => {
    expect(isStoredResumeName(name)).toBe(true);
  });

  it(`leaves earlier names within ${MAX_STORED_NAME_LENGTH} characters, the router's limit`, () => {
    expect(MAX_STORED_NAME_LENGTH).toBe(
      RANDOM_PART_LENGTH + 1 + EARLIER_MAX_STEM_LENGTH + '.docx'.length,
    );
  });

  it.each([
    ['another random part’s case', `${HEX.toUpperCase()}.pdf`],
    ['a short random part', `${HEX.slice(1)}.pdf`],
    ['a long random part', `${HEX}0.pdf`],
    ['no extension', HEX],
    ['another extension', `${HEX}.exe`],
    ['an upper-case extension', `${HEX}.PDF`],
    ['two extensions', `${HEX}.pdf.pdf`],
    ['an earlier name without a stem', `${HEX}-.pdf`],
    ['an earlier name without an extension', `${HEX}-pdf`],
    ['an earlier name with a leading dot in the stem', `${HEX}-.cv.pdf`],
    ['an earlier name with two dots', `${HEX}-a..b.pdf`],
    ['an earlier name with a separator before the extension', `${HEX}-cv-.pdf`],
    ['a space', `${HEX}-my cv.pdf`],
    ['a slash', `${HEX}-a/b.pdf`],
    ['a traversal', '../package.json'],
    ['a temporary upload', '.upload-0b1c.pdf'],
    [
      'an earlier name one character too long',
      `${HEX}-${'a'.repeat(EARLIER_MAX_STEM_LENGTH + 1)}.pdf`,
    ],
    ['nothing', ''],
  ])('is never %s (%j)', (_what, name) => {
    expect(isStoredResumeName(name)).toBe(false);
  });

  it('refuses any hostile name that is not one of the two shapes', () => {
    fc.assert(
      fc.property(hostileNames(300), (name) => {
        const shaped =
          /^[0-9a-f]{32}\.(?:pdf|doc|docx|txt|rtf)$/.test(name) ||
          /^[0-9a-f]{32}-[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*\.(?:pdf|doc|docx|txt|rtf)$/.test(name);
        if (!shaped) expect(isStoredResumeName(name)).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the stored resume a link points to', () => {
  const BASE = 'https://jobs.example.com/candidate/resumes/';
  it.each([
    ['one of ours', `${BASE}${HEX}.pdf`, `${HEX}.pdf`],
    ['one of ours, spaces around', `  ${BASE}${HEX}.pdf\n`, `${HEX}.pdf`],
    ['an earlier one of ours', `${BASE}${HEX}-cv.pdf`, `${HEX}-cv.pdf`],
    ['another host', `https://evil.example/candidate/resumes/${HEX}.pdf`, null],
    ['our host over http', `http://jobs.example.com/candidate/resumes/${HEX}.pdf`, null],
    ['another path of ours', `https://jobs.example.com/assets/${HEX}.pdf`, null],
    ['a traversal', `${BASE}../${HEX}.pdf`, null],
    ['an encoded traversal', `${BASE}..%2F${HEX}.pdf`, null],
    ['a query', `${BASE}${HEX}.pdf?x=1`, null],
    ['a deeper path', `${BASE}a/${HEX}.pdf`, null],
    ['the folder itself', BASE, null],
    ['nothing', '', null],
  ])('%s: %j → %j', (_what, url, name) => {
    expect(storedNameIn(url, BASE)).toBe(name);
  });

  it('finds nothing without a base', () => {
    expect(storedNameIn(`${HEX}.pdf`, '')).toBeNull();
  });

  it('answers a stored name or null for any link, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(hostileNames(300), fc.webUrl()), fc.boolean(), (tail, ours) => {
        const url = ours ? `${BASE}${tail}` : tail;
        const name = storedNameIn(url, BASE);
        if (name !== null) {
          expect(isStoredResumeName(name)).toBe(true);
          expect(url.trim()).toBe(`${BASE}${name}`);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
