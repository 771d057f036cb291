import { describe, expect, it } from 'vitest';
import { formSchema, INITIAL_VALUES } from '../../shared/schema.ts';
import { buildSubmission, resumeForSubmit, type UploadedResumeInfo } from './submission.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const NOW_ISO = '2026-11-22T10:00:00.000Z';

const MISSING = 'Please upload a resume or provide a resume URL';
const INCOMPLETE =
  'Resume information is incomplete. Please upload a resume or provide a resume URL.';

const values = formSchema.parse({
  ...INITIAL_VALUES,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
});

describe('resume precedence at submit (spec §4)', () => {
  it.each<[string, string, UploadedResumeInfo | null, object]>([
    [
      'a URL in the form wins over an uploaded file, and uploaded_resume is dropped',
      'https://x.com/cv.pdf',
      { url: 'https://up.example/1.pdf', base64: 'QQ==', filename: 'a.pdf', filetype: 'pdf' },
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'a URL in the form is trimmed',
      ' https://x.com/cv.pdf ',
      null,
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'a URL in the form needs no uploaded info',
      'https://x.com/cv.pdf',
      null,
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'a blank form URL does not count, so the uploaded url is used',
      '   ',
      { url: 'https://up.example/1.pdf' },
      { resume_url: 'https://up.example/1.pdf', uploaded_resume: null },
    ],
    [
      'else the uploaded url, dropping uploaded_resume even when base64 exists',
      '',
      { url: 'https://up.example/1.pdf', base64: 'QQ==', filename: 'a.pdf', filetype: 'pdf' },
      { resume_url: 'https://up.example/1.pdf', uploaded_resume: null },
    ],
    [
      'else its base64, named resume.txt / txt by default, with an empty resume_url',
      '',
      { base64: 'QQ==' },
      {
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'QQ==',
          resume_filename: 'resume.txt',
          resume_filetype: 'txt',
        },
      },
    ],
    [
      'base64 with empty name and type gets resume.txt / txt',
      '',
      { url: '', base64: 'QQ==', filename: '', filetype: '' },
      {
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'QQ==',
          resume_filename: 'resume.txt',
          resume_filetype: 'txt',
        },
      },
    ],
    [
      'base64 keeps its own name and type',
      '',
      { base64: 'QQ==', filename: 'cv.rtf', filetype: 'rtf' },
      {
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'QQ==',
          resume_filename: 'cv.rtf',
          resume_filetype: 'rtf',
        },
      },
    ],
    [
      'base64 with a name only keeps the name and defaults the type to txt',
      '',
      { base64: 'QQ==', filename: 'cv.doc' },
      {
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'QQ==',
          resume_filename: 'cv.doc',
          resume_filetype: 'txt',
        },
      },
    ],
    ['neither blocks the submit', '', null, { message: MISSING }],
    ['a blank form URL and no upload block the submit', '  ', null, { message: MISSING }],
    [
      'uploaded info with a name but no url or content is incomplete',
      '',
      { filename: 'cv.pdf', filetype: 'pdf' },
      { message: INCOMPLETE },
    ],
    ['empty uploaded info is incomplete', '', {}, { message: INCOMPLETE }],
    [
      'uploaded info with an empty url and empty content is incomplete',
      '',
      { url: '', base64: '' },
      { message: INCOMPLETE },
    ],
  ])('%s', (_name, url, uploaded, expected) => {
    expect(resumeForSubmit(url, uploaded)).toEqual(expected);
  });
});

describe('the body the browser submits (spec §4)', () => {
  it.each<[string, Partial<typeof values>, UploadedResumeInfo | null, object]>([
    [
      'a form URL, no country and no job types get US, Permanent and the date now',
      { country_id: '', resume_url: 'https://x.com/cv.pdf' },
      null,
      {
        country_id: 'US',
        acceptable_job_types: ['Permanent'],
        resume_url: 'https://x.com/cv.pdf',
        uploaded_resume: null,
      },
    ],
    [
      'a chosen country and chosen job types are kept',
      { country_id: 'CA', acceptable_job_types: ['Temp', 'Contract'], resume_url: 'x.com' },
      null,
      {
        country_id: 'CA',
        acceptable_job_types: ['Temp', 'Contract'],
        resume_url: 'x.com',
        uploaded_resume: null,
      },
    ],
    [
      'an uploaded file’s url',
      {},
      { url: 'http://localhost:3000/candidate/resumes/a.pdf', filename: 'a.pdf' },
      {
        country_id: 'US',
        acceptable_job_types: ['Permanent'],
        resume_url: 'http://localhost:3000/candidate/resumes/a.pdf',
        uploaded_resume: null,
      },
    ],
    [
      'generated base64 content',
      { acceptable_job_types: ['Part Time'] },
      { base64: 'SGk=', filename: 'resume.txt', filetype: 'txt' },
      {
        country_id: 'US',
        acceptable_job_types: ['Part Time'],
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'SGk=',
          resume_filename: 'resume.txt',
          resume_filetype: 'txt',
        },
      },
    ],
  ])('%s', (_name, overrides, uploaded, expected) => {
    expect(buildSubmission({ ...values, ...overrides }, uploaded, NOW)).toEqual({
      ok: true,
      body: { ...values, ...overrides, ...expected, registration_date: NOW_ISO },
    });
  });

  it.each<[string, string, UploadedResumeInfo | null, string]>([
    ['no resume at all', '', null, MISSING],
    ['uploaded info without url or content', '', { filename: 'cv.pdf' }, INCOMPLETE],
  ])('is blocked with %s', (_name, url, uploaded, message) => {
    expect(buildSubmission({ ...values, resume_url: url }, uploaded, NOW)).toEqual({
      ok: false,
      message,
    });
  });

  it('sets registration_date to the injected now as ISO', () => {
    const submission = buildSubmission(
      { ...values, resume_url: 'x.com' },
      null,
      new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)),
    );
    expect(submission.ok && submission.body.registration_date).toBe('2030-01-02T03:04:05.006Z');
  });
});
