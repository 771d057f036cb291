import { describe, expect, it } from 'vitest';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import { type AttachedResume, formSchema } from '../../shared/schema.ts';
import { buildSubmission, resumeForSubmit } from './submission.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const NOW_ISO = '2026-11-22T10:00:00.000Z';

const values = formSchema.parse({
  ...INITIAL_VALUES,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
  resume: { url: 'https://x.com/cv.pdf' },
});
const { resume: _resume, ...answers } = values;

// Whether there is a resume at all is the form's rule: src/shared/schema.test.ts.
describe('resume precedence at submit (docs/form.md)', () => {
  it.each<[string, AttachedResume, object]>([
    [
      'a link is sent as resume_url, with no file',
      { url: 'https://x.com/cv.pdf' },
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'a link is trimmed',
      { url: ' https://x.com/cv.pdf ' },
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'an uploaded file is sent as its url',
      { uploadedUrl: 'https://up.example/1.pdf', filename: '', filetype: '' },
      { resume_url: 'https://up.example/1.pdf', uploaded_resume: null },
    ],
    [
      'an uploaded file’s url, dropping uploaded_resume even when base64 exists',
      {
        uploadedUrl: 'https://up.example/1.pdf',
        base64: 'QQ==',
        filename: 'a.pdf',
        filetype: 'pdf',
      },
      { resume_url: 'https://up.example/1.pdf', uploaded_resume: null },
    ],
    [
      'else its base64, named resume.txt / txt by default, with an empty resume_url',
      { base64: 'QQ==', filename: '', filetype: '' },
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
      'base64 with an empty url, name and type gets resume.txt / txt',
      { uploadedUrl: '', base64: 'QQ==', filename: '', filetype: '' },
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
      { base64: 'QQ==', filename: 'cv.doc', filetype: '' },
      {
        resume_url: '',
        uploaded_resume: {
          resume_content_base64: 'QQ==',
          resume_filename: 'cv.doc',
          resume_filetype: 'txt',
        },
      },
    ],
  ])('%s', (_name, resume, expected) => {
    expect(resumeForSubmit(resume)).toEqual(expected);
  });
});

describe('the body the browser submits (docs/form.md)', () => {
  it.each<[string, Partial<typeof answers>, AttachedResume, object]>([
    [
      'a link, no country and no job types get US, Permanent and the date now',
      { country_id: '' },
      { url: 'https://x.com/cv.pdf' },
      {
        country_id: 'US',
        acceptable_job_types: ['Permanent'],
        resume_url: 'https://x.com/cv.pdf',
        uploaded_resume: null,
      },
    ],
    [
      'a chosen country and chosen job types are kept',
      { country_id: 'CA', acceptable_job_types: ['Temp', 'Contract'] },
      { url: 'x.com' },
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
      {
        uploadedUrl: 'http://localhost:3000/candidate/resumes/a.pdf',
        filename: 'a.pdf',
        filetype: 'pdf',
      },
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
  ])('%s', (_name, overrides, resume, expected) => {
    expect(buildSubmission({ ...values, ...overrides, resume }, NOW)).toEqual({
      ...answers,
      ...overrides,
      ...expected,
      registration_date: NOW_ISO,
    });
  });

  it('sets registration_date to the injected now as ISO', () => {
    const body = buildSubmission(values, new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)));
    expect(body.registration_date).toBe('2030-01-02T03:04:05.006Z');
  });
});
