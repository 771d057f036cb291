import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileResumeLinks } from '../../../test/helpers/resume-links.ts';
import { type LinkHostPolicy, LOCAL_LINKS } from '../../shared/contract.ts';
import { acceptedResumeLink } from '../../shared/url.ts';
import { checkBeforeProviderCall } from './checks.ts';

const EMAIL = 'Invalid email address';
const CONTENT = 'Invalid resume content';
const URL_FORMAT = 'Invalid resume URL format';
const NO_RESUME = 'Either a resume file or resume URL must be provided';
const REQUIRED = 'Missing required fields';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
  resume_url: 'https://example.com/cv.pdf',
};
const withFile = {
  ...valid,
  resume_url: '',
  uploaded_resume: { resume_content_base64: 'JVBERi0=' },
};

describe('bodies that pass every check', () => {
  it.each([
    ['a complete body with a link', valid],
    ['a complete body with a file', withFile],
    ['a file and a link', { ...valid, uploaded_resume: { resume_content_base64: 'JVBERi0=' } }],
    ['a null file and a link', { ...valid, uploaded_resume: null }],
    ['an email with surrounding spaces', { ...valid, email: '  ada@example.com ' }],
    ['an upper-case email', { ...valid, email: 'ADA@EXAMPLE.COM' }],
    ['a link without a scheme', { ...valid, resume_url: 'example.com/cv.pdf' }],
  ])('%s', (_name, body) => {
    expect(checkBeforeProviderCall(body)).toBeNull();
  });
});

describe('check 1: the email matches a basic address pattern', () => {
  it.each([
    ['a body that is not an object', 'hello'],
    ['a null body', null],
    ['an array body', [valid]],
    ['a numeric body', 42],
    ['no email', { ...valid, email: undefined }],
    ['an empty email', { ...valid, email: '' }],
    ['a numeric email', { ...valid, email: 42 }],
    ['an email without @', { ...valid, email: 'ada.example.com' }],
    ['an email without a local part', { ...valid, email: '@example.com' }],
    ['an email without a domain dot', { ...valid, email: 'ada@example' }],
    ['an email with two @', { ...valid, email: 'ada@@example.com' }],
    ['an email with a space', { ...valid, email: 'ada lovelace@example.com' }],
  ])('%s → Invalid email address', (_name, body) => {
    expect(checkBeforeProviderCall(body)).toBe(EMAIL);
  });
});

describe('check 2: a resume file object has non-empty base64 content', () => {
  it.each([
    ['an empty content', { resume_content_base64: '' }],
    ['a blank content', { resume_content_base64: '  \n ' }],
    ['no content key', { resume_filename: 'cv.pdf' }],
    ['a non-string content', { resume_content_base64: 42 }],
    ['an empty object', {}],
  ])('%s → Invalid resume content', (_name, file) => {
    expect(checkBeforeProviderCall({ ...withFile, uploaded_resume: file })).toBe(CONTENT);
  });

  it('applies even when a good link is also given (the file is checked first)', () => {
    expect(
      checkBeforeProviderCall({ ...valid, uploaded_resume: { resume_content_base64: '' } }),
    ).toBe(CONTENT);
  });
});

describe('check 3: otherwise a resume URL looks like a host with optional path (docs/api.md)', () => {
  it.each([
    'https://example.com/cv.pdf',
    'http://example.com/cv.pdf',
    'https://example.com',
    'example.com/cv.pdf',
    'https://files.example.co.uk/a/b/cv.docx?dl=1',
    'http://localhost:3000/candidate/resumes/x.pdf',
    'http://localhost/candidate/resumes/x.pdf',
    'http://127.0.0.1:3000/candidate/resumes/x.pdf',
    'http://10.0.0.1/cv',
    'http://[::1]:3000/candidate/resumes/x.pdf',
  ])('%j passes', (url) => {
    expect(checkBeforeProviderCall({ ...valid, resume_url: url })).toBeNull();
  });

  it.each([
    'not a url',
    'https://resume/cv.pdf',
    'ftp://example.com/cv.pdf',
    'javascript:alert(1)',
    'mailto:ada@example.com',
    'http://',
    'https://exa mple.com/cv.pdf',
    'https://user:pw@example.com/cv.pdf',
    '://example.com',
    'http://256.1.1.1/cv.pdf',
  ])('%j → Invalid resume URL format', (url) => {
    expect(checkBeforeProviderCall({ ...valid, resume_url: url })).toBe(URL_FORMAT);
  });

  it('is skipped when a good resume file is given', () => {
    expect(checkBeforeProviderCall({ ...withFile, resume_url: 'not a url' })).toBeNull();
  });
});

describe('check 4: a resume file or a resume URL is given', () => {
  it.each([
    ['an empty link', { ...valid, resume_url: '' }],
    ['a blank link', { ...valid, resume_url: '   ' }],
    ['no link key', { ...valid, resume_url: undefined }],
    ['a null link and a null file', { ...valid, resume_url: null, uploaded_resume: null }],
    ['a link that is not a string', { ...valid, resume_url: 42 }],
    ['a file that is a string', { ...valid, resume_url: '', uploaded_resume: 'JVBERi0=' }],
  ])('%s → Either a resume file or resume URL must be provided', (_name, body) => {
    expect(checkBeforeProviderCall(body)).toBe(NO_RESUME);
  });
});

describe('check 5: first_name, last_name, email, password and zip_code are required', () => {
  const fields = ['first_name', 'last_name', 'password', 'zip_code'] as const;
  it.each(
    fields.flatMap((field) => [
      [field, 'empty', ''] as const,
      [field, 'blank', '  '] as const,
      [field, 'missing', undefined] as const,
      [field, 'not a string', 10001] as const,
    ]),
  )('%s %s → Missing required fields', (field, _how, value) => {
    expect(checkBeforeProviderCall({ ...valid, [field]: value })).toBe(REQUIRED);
    expect(checkBeforeProviderCall({ ...withFile, [field]: value })).toBe(REQUIRED);
  });
});

describe('the checks run in their order: the first failing check gives the message', () => {
  it.each([
    ['checks 1 and 2', { ...withFile, email: 'nope', uploaded_resume: {} }, EMAIL],
    ['checks 1 and 3', { ...valid, email: 'nope', resume_url: 'not a url' }, EMAIL],
    ['checks 1 and 4', { ...valid, email: 'nope', resume_url: '' }, EMAIL],
    ['checks 1 and 5', { ...valid, email: 'nope', first_name: '' }, EMAIL],
    [
      'checks 1 to 5 at once',
      { email: 'nope', uploaded_resume: { resume_content_base64: '' }, resume_url: 'x y' },
      EMAIL,
    ],
    [
      'checks 2 and 3',
      { ...valid, resume_url: 'not a url', uploaded_resume: { resume_content_base64: ' ' } },
      CONTENT,
    ],
    ['checks 2 and 5', { ...withFile, last_name: '', uploaded_resume: {} }, CONTENT],
    ['checks 3 and 5', { ...valid, resume_url: 'not a url', zip_code: '' }, URL_FORMAT],
    ['checks 4 and 5', { ...valid, resume_url: '', password: '' }, NO_RESUME],
    ['an empty object', {}, EMAIL],
    ['only a good email', { email: 'ada@example.com' }, NO_RESUME],
    ['a good email and a good link', { email: 'ada@example.com', resume_url: 'x.com' }, REQUIRED],
  ])('%s → %s', (_name, body, expected) => {
    expect(checkBeforeProviderCall(body)).toBe(expected);
  });
});

describe('check 3 is the rule the page\'s "Add" runs (issue 44, item 8)', () => {
  const PUBLIC_BOARD: LinkHostPolicy = { privateHosts: false, ownHost: 'jobs.example.com' };
  it.each([LOCAL_LINKS, PUBLIC_BOARD])(
    'refuses exactly the links the page refuses, under %j',
    (policy) => {
      fc.assert(
        fc.property(hostileResumeLinks, (link) => {
          const refused =
            checkBeforeProviderCall({ ...valid, resume_url: link }, policy) === URL_FORMAT;
          // A blank link is no link: the server asks for a resume instead, and the page adds nothing.
          const expected = link.trim() === '' ? false : acceptedResumeLink(link, policy) === null;
          expect(refused).toBe(expected);
        }),
        { numRuns: 2_000 },
      );
    },
  );
});
