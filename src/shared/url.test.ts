import { describe, expect, it } from 'vitest';
import { looksLikeResumeUrl, resumeLinkFrom, withHttps } from './url.ts';

describe('resume links (spec §4)', () => {
  it.each([
    ['example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['http://example.com/cv.pdf', 'http://example.com/cv.pdf'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['  example.com  ', 'https://example.com'],
  ])('withHttps(%j) → %j', (input, output) => expect(withHttps(input)).toBe(output));

  it.each([
    [
      'example.com/files/cv.pdf',
      { url: 'https://example.com/files/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
    [
      'https://example.com/resume.DOCX',
      { url: 'https://example.com/resume.DOCX', filename: 'resume.DOCX', filetype: 'unknown' },
    ],
    [
      'https://example.com/a/My%20CV.PDF?x=1',
      { url: 'https://example.com/a/My%20CV.PDF?x=1', filename: 'My CV.PDF', filetype: 'pdf' },
    ],
    [
      'https://drive.example.com/',
      { url: 'https://drive.example.com/', filename: 'drive.example.com', filetype: 'unknown' },
    ],
    ['', null],
    ['   ', null],
    ['http://', null],
    ['https://exa mple.com', null],
  ])('resumeLinkFrom(%j)', (input, expected) => expect(resumeLinkFrom(input)).toEqual(expected));

  it.each([
    ['https://example.com/cv.pdf', true],
    ['example.com', true],
    ['http://localhost:3000/candidate/resumes/a.pdf', true],
    ['http://10.0.0.1/cv', true],
    ['http://[::1]:3000/cv', true],
    ['https://resume/cv.pdf', false],
    ['https://user:pw@example.com/cv.pdf', false],
    ['javascript:alert(1)', false],
    ['https://exa mple.com', false],
    ['', false],
  ])('looksLikeResumeUrl(%j) → %s', (input, expected) =>
    expect(looksLikeResumeUrl(input)).toBe(expected),
  );
});
