import { describe, expect, it } from 'vitest';
import { checkBeforeProviderCall } from './checks.ts';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
  resume_url: 'https://example.com/cv.pdf',
};

describe('the checks before the provider call (spec §5), in their order', () => {
  it.each([
    ['a complete body with a link', valid, null],
    [
      'a complete body with a file',
      { ...valid, resume_url: '', uploaded_resume: { resume_content_base64: 'JVBERi0=' } },
      null,
    ],
    ['a body that is not an object', 'hello', 'Invalid email address'],
    ['no email', { ...valid, email: undefined }, 'Invalid email address'],
    ['an email without a domain dot', { ...valid, email: 'ada@example' }, 'Invalid email address'],
    [
      'an email with a space',
      { ...valid, email: 'ada lovelace@example.com' },
      'Invalid email address',
    ],
    [
      'check 1 before check 5: bad email and missing names',
      { ...valid, email: 'nope', first_name: '' },
      'Invalid email address',
    ],
    [
      'a file object with empty content',
      { ...valid, uploaded_resume: { resume_content_base64: '   ' } },
      'Invalid resume content',
    ],
    [
      'a file object wins over a good link',
      { ...valid, uploaded_resume: { resume_content_base64: '' } },
      'Invalid resume content',
    ],
    [
      'check 2 before check 5',
      { ...valid, last_name: '', uploaded_resume: {} },
      'Invalid resume content',
    ],
    [
      'a link that is not a URL',
      { ...valid, resume_url: 'not a url' },
      'Invalid resume URL format',
    ],
    [
      'a link with a bare word host',
      { ...valid, resume_url: 'https://resume/cv.pdf' },
      'Invalid resume URL format',
    ],
    [
      'an ftp link',
      { ...valid, resume_url: 'ftp://example.com/cv.pdf' },
      'Invalid resume URL format',
    ],
    [
      'a localhost link (DESIGN §3)',
      { ...valid, resume_url: 'http://localhost:3000/candidate/resumes/x.pdf' },
      null,
    ],
    ['an IP link', { ...valid, resume_url: 'http://127.0.0.1:3000/candidate/resumes/x.pdf' }, null],
    ['a link without a scheme', { ...valid, resume_url: 'example.com/cv.pdf' }, null],
    [
      'neither file nor link',
      { ...valid, resume_url: '' },
      'Either a resume file or resume URL must be provided',
    ],
    [
      'check 4 before check 5',
      { ...valid, resume_url: '', password: '' },
      'Either a resume file or resume URL must be provided',
    ],
    ['no first name', { ...valid, first_name: ' ' }, 'Missing required fields'],
    ['no last name', { ...valid, last_name: undefined }, 'Missing required fields'],
    ['no password', { ...valid, password: '' }, 'Missing required fields'],
    ['no zip code', { ...valid, zip_code: '' }, 'Missing required fields'],
  ])('%s → %s', (_name, body, expected) => {
    expect(checkBeforeProviderCall(body)).toBe(expected);
  });
});
