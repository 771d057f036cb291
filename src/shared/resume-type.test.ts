import { describe, expect, it } from 'vitest';
import { claimedResumeType } from './resume-type.ts';
import { uploadFilename } from './upload-name.ts';

describe('the type a file claims (spec §5: by extension or MIME type)', () => {
  it.each([
    ['cv.pdf', '', 'pdf'],
    ['CV.PDF', 'application/octet-stream', 'pdf'],
    ['cv.doc', '', 'doc'],
    ['cv.docx', '', 'docx'],
    ['cv.txt', '', 'txt'],
    ['cv.rtf', '', 'rtf'],
    ['cv', 'application/pdf', 'pdf'],
    ['cv', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['cv', 'text/plain; charset=utf-8', 'txt'],
    ['cv', 'text/rtf', 'rtf'],
    ['photo.png', 'image/png', null],
    ['setup.exe', '', null],
    ['cv.pdf.exe', 'application/x-msdownload', null],
  ])('%j (%j) → %s', (name, mime, type) => {
    expect(claimedResumeType(name, mime)).toBe(type);
  });
});

describe('the unique upload name (spec §7.1)', () => {
  it('is the timestamp, a random base-36 string and the original name (0.5 × 36^8 = i0000000)', () => {
    expect(uploadFilename('my cv.pdf', 1_700_000_000_000, () => 0.5)).toBe(
      '1700000000000-i0000000-my cv.pdf',
    );
  });
});
