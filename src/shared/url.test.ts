import { describe, expect, it } from 'vitest';
import { looksLikeResumeUrl, resumeLinkFrom, withHttps } from './url.ts';

describe('a URL without http:// or https:// gets https:// prepended (docs/form.md)', () => {
  it.each([
    ['example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['www.example.com', 'https://www.example.com'],
    ['localhost:3000/candidate/resumes/x.pdf', 'https://localhost:3000/candidate/resumes/x.pdf'],
    ['http://example.com/cv.pdf', 'http://example.com/cv.pdf'],
    ['https://example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['Http://example.com', 'Http://example.com'],
    ['  example.com  ', 'https://example.com'],
    ['  http://example.com ', 'http://example.com'],
    ['ftp://example.com/cv.pdf', 'https://ftp://example.com/cv.pdf'],
  ])('withHttps(%j) → %j', (input, output) => expect(withHttps(input)).toBe(output));
});

describe('attaching a resume link (docs/form.md)', () => {
  it.each([
    [
      'example.com/files/cv.pdf',
      { url: 'https://example.com/files/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
    [
      'http://example.com/cv.pdf',
      { url: 'http://example.com/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
    [
      'https://example.com/a/b/c/Resume-2026.pdf',
      {
        url: 'https://example.com/a/b/c/Resume-2026.pdf',
        filename: 'Resume-2026.pdf',
        filetype: 'pdf',
      },
    ],
    [
      'https://example.com/CV.PDF',
      { url: 'https://example.com/CV.PDF', filename: 'CV.PDF', filetype: 'pdf' },
    ],
    [
      'https://example.com/resume.DOCX',
      { url: 'https://example.com/resume.DOCX', filename: 'resume.DOCX', filetype: 'unknown' },
    ],
    [
      'https://example.com/resume.doc',
      { url: 'https://example.com/resume.doc', filename: 'resume.doc', filetype: 'unknown' },
    ],
    [
      'https://example.com/resume',
      { url: 'https://example.com/resume', filename: 'resume', filetype: 'unknown' },
    ],
    [
      'https://example.com/pdf',
      { url: 'https://example.com/pdf', filename: 'pdf', filetype: 'unknown' },
    ],
    [
      'https://example.com/a/My%20CV.PDF?x=1',
      { url: 'https://example.com/a/My%20CV.PDF?x=1', filename: 'My CV.PDF', filetype: 'pdf' },
    ],
    [
      'https://example.com/a/b/',
      { url: 'https://example.com/a/b/', filename: 'b', filetype: 'unknown' },
    ],
    [
      'https://drive.example.com/',
      { url: 'https://drive.example.com/', filename: 'drive.example.com', filetype: 'unknown' },
    ],
    [
      'localhost:3000/candidate/resumes/x.pdf',
      {
        url: 'https://localhost:3000/candidate/resumes/x.pdf',
        filename: 'x.pdf',
        filetype: 'pdf',
      },
    ],
    [
      '  example.com/cv.pdf  ',
      { url: 'https://example.com/cv.pdf', filename: 'cv.pdf', filetype: 'pdf' },
    ],
  ])('resumeLinkFrom(%j) → %j', (input, expected) => {
    expect(resumeLinkFrom(input)).toEqual(expected);
  });

  it.each([
    ['an empty URL', ''],
    ['a blank URL', '   '],
    ['a scheme alone', 'http://'],
    ['https:// alone', 'https://'],
    ['a host with a space', 'https://exa mple.com'],
    ['words with spaces', 'not a url'],
    ['a bad IPv4 host', 'http://256.1.1.1/x'],
    ['a missing scheme name', '://example.com'],
  ])('%s does not attach (Please enter a valid URL): %j', (_name, input) => {
    expect(resumeLinkFrom(input)).toBeNull();
  });
});

describe('check 3: looks like a host name with optional path (docs/form.md, docs/api.md)', () => {
  it.each([
    ['https://example.com/cv.pdf'],
    ['http://example.com/cv.pdf'],
    ['https://example.com'],
    ['example.com'],
    ['example.com/cv.pdf'],
    ['HTTP://EXAMPLE.COM/CV.PDF'],
    ['https://sub.example.co.uk/a/b.pdf'],
    ['https://my-files.example.com/cv.pdf'],
    ['http://example.com:8080/cv.pdf'],
    ['https://example.com/cv.pdf?dl=1#page=2'],
    ['http://localhost:3000/candidate/resumes/x.pdf'],
    ['http://localhost/candidate/resumes/x.pdf'],
    ['localhost:3000/candidate/resumes/x.pdf'],
    ['http://127.0.0.1:3000/candidate/resumes/x.pdf'],
    ['http://10.0.0.1/cv'],
    ['http://1.2.3.4'],
    ['http://[::1]:3000/cv'],
    ['  https://example.com/cv.pdf  '],
  ])('%j passes', (input) => {
    expect(looksLikeResumeUrl(input)).toBe(true);
  });

  it.each([
    [''],
    ['   '],
    ['not a url'],
    ['https://exa mple.com'],
    ['https://example.com/my cv.pdf'],
    ['https://resume/cv.pdf'],
    ['http://example'],
    ['https://exa_mple.com'],
    ['https://-bad.com'],
    ['https://example.123'],
    ['http://256.1.1.1/cv.pdf'],
    ['https://user:pw@example.com/cv.pdf'],
    ['ftp://example.com/cv.pdf'],
    ['javascript:alert(1)'],
    ['mailto:ada@example.com'],
    ['data:text/plain,hi'],
    ['http://'],
    ['://example.com'],
  ])('%j fails', (input) => {
    expect(looksLikeResumeUrl(input)).toBe(false);
  });
});
