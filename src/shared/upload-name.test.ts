import { describe, expect, it } from 'vitest';
import { UPLOAD_TOASTS } from './messages.ts';
import { uploadFilename } from './upload-name.ts';

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

describe('the upload toasts (spec §8)', () => {
  it.each([
    [
      'serverError',
      'There was an error uploading your file to the server. Please try again or use a resume URL instead.',
    ],
    ['processingError', 'There was an error processing your file. Please try again.'],
    ['success', 'Your resume has been uploaded successfully'],
    ['successWithoutPreview', 'Your resume has been uploaded successfully (without local preview)'],
    ['urlError', 'There was an error validating your URL. Please try again.'],
  ] as const)('UPLOAD_TOASTS.%s is %j', (key, message) => {
    expect(UPLOAD_TOASTS[key]).toBe(message);
  });
});
