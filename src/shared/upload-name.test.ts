import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileNames } from '../../test/helpers/hostile-names.ts';
import { RESUME_TYPES } from './constants.ts';
import {
  isStoredResumeName,
  MAX_STEM_LENGTH,
  MAX_STORED_NAME_LENGTH,
  RANDOM_PART_LENGTH,
  resumeStem,
  storedResumeName,
  uploadFilename,
} from './upload-name.ts';

const NOW = 1_700_000_000_000;

describe('the unique upload name (spec §7.1): timestamp, random string, original name', () => {
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

describe('the stem of a stored name, from the hint', () => {
  it.each([
    ['the browser’s name', '1732270000000-k3j4h5g6-cv.pdf', 'cv'],
    ['a longer browser token', '1700000000000-abc123xyz-Jane_Doe_Resume.pdf', 'Jane_Doe_Resume'],
    [
      'a long original name, whole',
      '1700000000000-abc123xyz-Jane_Doe_Senior_Software_Engineer_Resume_2024.pdf',
      'Jane_Doe_Senior_Software_Engineer_Resume_2024',
    ],
    ['a name without the browser’s prefix', 'my-cv.pdf', 'my-cv'],
    ['a timestamp that is not the browser’s', '2024-01-cv.pdf', '2024-01-cv'],
    ['spaces dropped', 'My CV.docx', 'MyCV'],
    ['any resume extension, any case', 'cv.DOCX', 'cv'],
    ['another extension kept', 'cv.exe', 'cv.exe'],
    ['accents folded', 'résumé Zoë.rtf', 'resumeZoe'],
    ['full-width letters folded', 'ＣＶ.pdf', 'CV'],
    ['a path: its last segment', '../../etc/passwd.pdf', 'passwd'],
    ['a Windows path', 'C:\\Users\\ada\\cv.pdf', 'cv'],
    ['leading dots and dashes', '..-.hidden.pdf', 'hidden'],
    ['runs of separators', 'a..b__c--d.-_e.pdf', 'a.b_c-d.e'],
    ['trailing separators', 'cv-.pdf', 'cv'],
    ['a dot', '.', 'resume'],
    ['two dots', '..', 'resume'],
    ['a dash', '-', 'resume'],
    ['nothing', '', 'resume'],
    ['only the browser’s prefix', '1732270000000-k3j4h5g6-.pdf', 'resume'],
    ['emoji only', '😀😀.pdf', 'resume'],
    ['a script with no Latin letters', 'резюме.pdf', 'resume'],
    ['a NUL and controls', 'c\u0000v\r\n.pdf', 'cv'],
    ['spaces around', '  cv.pdf  ', 'cv'],
  ])('%s: %j → %j', (_what, hint, stem) => {
    expect(resumeStem(hint)).toBe(stem);
  });

  it(`cuts a long name to ${MAX_STEM_LENGTH} characters, never ending on a separator`, () => {
    expect(resumeStem(`${'a'.repeat(300)}.pdf`)).toBe('a'.repeat(MAX_STEM_LENGTH));
    const cutAtDash = `${'a'.repeat(MAX_STEM_LENGTH - 1)}-bbbb.pdf`;
    expect(resumeStem(cutAtDash)).toBe('a'.repeat(MAX_STEM_LENGTH - 1));
  });
});

describe('the stored name', () => {
  it.each(RESUME_TYPES)('is <random>-<stem>.%s, the verified type’s extension', (type) => {
    expect(storedResumeName('1732270000000-k3j4h5g6-My CV.pdf', type, HEX)).toBe(
      `${HEX}-MyCV.${type}`,
    );
  });

  it(`is at most ${MAX_STORED_NAME_LENGTH} characters, the longest for the longest extension`, () => {
    const longest = storedResumeName('x'.repeat(1_000), 'docx', HEX);
    expect(longest.length).toBe(MAX_STORED_NAME_LENGTH);
    expect(MAX_STORED_NAME_LENGTH).toBe(RANDOM_PART_LENGTH + 1 + MAX_STEM_LENGTH + '.docx'.length);
  });

  it('is always one that the resume route serves, for any hint and type', () => {
    fc.assert(
      fc.property(hostileNames(300), fc.constantFrom(...RESUME_TYPES), (hint, type) => {
        const name = storedResumeName(hint, type, HEX);
        expect(isStoredResumeName(name)).toBe(true);
        expect(name.length).toBeLessThanOrEqual(MAX_STORED_NAME_LENGTH);
        expect(name.endsWith(`.${type}`)).toBe(true);
        expect(name.startsWith(`${HEX}-`)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it.each([
    ['another random part’s case', `${HEX.toUpperCase()}-cv.pdf`],
    ['a short random part', `${HEX.slice(1)}-cv.pdf`],
    ['no stem', `${HEX}-.pdf`],
    ['no extension', `${HEX}-pdf`],
    ['another extension', `${HEX}-cv.exe`],
    ['an upper-case extension', `${HEX}-cv.PDF`],
    ['a leading dot in the stem', `${HEX}-.cv.pdf`],
    ['two dots', `${HEX}-a..b.pdf`],
    ['a separator before the extension', `${HEX}-cv-.pdf`],
    ['a space', `${HEX}-my cv.pdf`],
    ['a slash', `${HEX}-a/b.pdf`],
    ['a traversal', '../package.json'],
    ['a temporary upload', '.upload-0b1c.pdf'],
    ['one character too long', `${HEX}-${'a'.repeat(MAX_STEM_LENGTH + 1)}.pdf`],
    ['nothing', ''],
  ])('is never %s (%j)', (_what, name) => {
    expect(isStoredResumeName(name)).toBe(false);
  });
});
