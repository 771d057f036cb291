import { describe, expect, it } from 'vitest';
import { RESUME_ACCEPT } from './constants.ts';
import { claimedResumeType, extensionOf } from './resume-type.ts';

describe('the allowed resumes (docs/form.md)', () => {
  it('are offered to file pickers by MIME type and extension', () => {
    expect(RESUME_ACCEPT.split(',')).toEqual([
      'application/pdf',
      '.pdf',
      'application/msword',
      '.doc',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      '.docx',
      'text/plain',
      '.txt',
      'application/rtf',
      '.rtf',
    ]);
  });
});

describe('the extension of a file name', () => {
  it.each([
    ['cv.pdf', 'pdf'],
    ['CV.PDF', 'pdf'],
    ['my.cv.docx', 'docx'],
    ['cv', ''],
    ['cv.', ''],
    ['.rtf', 'rtf'],
  ])('extensionOf(%j) → %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});

describe('the type a file claims (docs/form.md: by extension or MIME type)', () => {
  it.each([
    // by extension, whatever the MIME type
    ['cv.pdf', '', 'pdf'],
    ['CV.PDF', 'application/octet-stream', 'pdf'],
    ['cv.doc', '', 'doc'],
    ['CV.DOC', '', 'doc'],
    ['cv.docx', '', 'docx'],
    ['cv.DocX', 'application/zip', 'docx'],
    ['cv.txt', '', 'txt'],
    ['cv.rtf', '', 'rtf'],
    ['cv.pdf', 'image/png', 'pdf'],
    // else by MIME type
    ['cv', 'application/pdf', 'pdf'],
    ['cv', 'application/msword', 'doc'],
    ['cv', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['cv', 'text/plain', 'txt'],
    ['cv', 'text/plain; charset=utf-8', 'txt'],
    ['cv', 'TEXT/PLAIN', 'txt'],
    ['cv', 'application/rtf', 'rtf'],
    ['cv', 'text/rtf', 'rtf'],
    ['cv', 'application/x-rtf', 'rtf'],
    ['scan.bin', 'application/pdf', 'pdf'],
    // neither
    ['photo.png', 'image/png', null],
    ['photo.jpg', '', null],
    ['setup.exe', '', null],
    ['cv.pdf.exe', 'application/x-msdownload', null],
    ['cv.odt', 'application/vnd.oasis.opendocument.text', null],
    ['cv', '', null],
    ['cv', 'application/octet-stream', null],
  ])('%j (%j) → %s', (name, mime, type) => {
    expect(claimedResumeType(name, mime)).toBe(type);
  });

  it('reads the extension alone when no MIME type is given', () => {
    expect(claimedResumeType('cv.rtf')).toBe('rtf');
    expect(claimedResumeType('cv.png')).toBeNull();
  });
});
