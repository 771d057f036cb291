import { describe, expect, it } from 'vitest';
import {
  buildSubmission,
  resumeForSubmit,
  sanitisePhone,
  sanitiseZip,
  toProviderCandidate,
} from './payload.ts';
import { formSchema, INITIAL_VALUES } from './schema.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const values = formSchema.parse({
  ...INITIAL_VALUES,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
});

describe('resume precedence at submit (spec §4)', () => {
  it.each([
    [
      'a URL in the form wins over an uploaded file',
      ' https://x.com/cv.pdf ',
      { url: 'https://up/1.pdf', base64: 'QQ==' },
      { resume_url: 'https://x.com/cv.pdf', uploaded_resume: null },
    ],
    [
      'else the uploaded file’s url',
      '',
      { url: 'https://up/1.pdf', base64: 'QQ==', filename: 'a.pdf' },
      { resume_url: 'https://up/1.pdf', uploaded_resume: null },
    ],
    [
      'else its base64, named resume.txt / txt by default',
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
      'neither blocks the submit',
      '',
      null,
      { message: 'Please upload a resume or provide a resume URL' },
    ],
    [
      'uploaded info without url or content is incomplete',
      '',
      { filename: 'cv.pdf' },
      {
        message:
          'Resume information is incomplete. Please upload a resume or provide a resume URL.',
      },
    ],
  ])('%s', (_name, url, uploaded, expected) => {
    expect(resumeForSubmit(url, uploaded)).toEqual(expected);
  });
});

describe('submit defaults (spec §4)', () => {
  it('fills country, the registration date and Permanent when no job type is chosen', () => {
    const submission = buildSubmission(
      { ...values, country_id: '', resume_url: 'https://x.com/cv.pdf' },
      null,
      NOW,
    );
    expect(submission).toEqual({
      ok: true,
      body: expect.objectContaining({
        country_id: 'US',
        registration_date: '2026-11-22T10:00:00.000Z',
        acceptable_job_types: ['Permanent'],
      }),
    });
  });

  it('keeps the job types chosen', () => {
    const submission = buildSubmission(
      { ...values, acceptable_job_types: ['Temp', 'Contract'], resume_url: 'x.com' },
      null,
      NOW,
    );
    expect(submission.ok && submission.body.acceptable_job_types).toEqual(['Temp', 'Contract']);
  });

  it('is blocked without a resume', () => {
    expect(buildSubmission(values, null, NOW)).toEqual({
      ok: false,
      message: 'Please upload a resume or provide a resume URL',
    });
  });
});

describe('sanitising for the provider call (spec §3)', () => {
  it.each([
    ['(555) 123-4567', '5551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['call me', ''],
  ])('phone %j → %j', (input, output) => expect(sanitisePhone(input)).toBe(output));

  it.each([
    ['12345-6789', '12345'],
    ['12345', '12345'],
    [' 1 2 3 4 5 ', '12345'],
    ['ab12-3', '12-3'],
  ])('zip %j → %j', (input, output) => expect(sanitiseZip(input)).toBe(output));

  it('fills every provider-call default for a minimal request', () => {
    expect(
      toProviderCandidate(
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: '  Ada@Example.COM ',
          password: 'pw',
          zip_code: '10001-1234',
          resume_url: 'example.com/cv.pdf',
        },
        NOW,
      ),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_id: 'US',
      home_town: '',
      desired_job_title: '',
      latest_job_title: '',
      email: 'ada@example.com',
      password: 'pw',
      uploaded_resume: null,
      resume_url: 'https://example.com/cv.pdf',
      acceptable_job_types: [],
      phone: '',
      zip_code: '10001',
      salary_min: 0,
      salary_max: 0,
      travel_radius: 0,
      education_level: '',
      work_experience: '',
      relocate: '0',
      driving_license: '0',
      eligibility_status: 'auth_any_employer',
      key_skills: '',
      registration_date: '2026-11-22T10:00:00.000Z',
    });
  });

  it('sends a file with resume.pdf / pdf by default and an empty resume_url', () => {
    const candidate = toProviderCandidate(
      {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co',
        password: 'pw',
        zip_code: '10001',
        resume_url: 'https://x.com/y.pdf',
        uploaded_resume: { resume_content_base64: ' QQ== ' },
      },
      NOW,
    );
    expect(candidate.uploaded_resume).toEqual({
      resume_content_base64: 'QQ==',
      resume_filename: 'resume.pdf',
      resume_filetype: 'pdf',
    });
    expect(candidate.resume_url).toBe('');
  });

  it.each([
    ['1', '1'],
    [true, '1'],
    [1, '1'],
    ['0', '0'],
    [false, '0'],
    [0, '0'],
    [undefined, '0'],
  ] as const)('relocate and driving_license %j → %j', (input, output) => {
    const candidate = toProviderCandidate(
      {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co',
        password: 'pw',
        zip_code: '10001',
        relocate: input,
        driving_license: input,
      },
      NOW,
    );
    expect([candidate.relocate, candidate.driving_license]).toEqual([output, output]);
  });

  it('keeps a given registration date', () => {
    const candidate = toProviderCandidate(
      {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co',
        password: 'pw',
        zip_code: '10001',
        registration_date: '2026-01-02T03:04:05.000Z',
      },
      NOW,
    );
    expect(candidate.registration_date).toBe('2026-01-02T03:04:05.000Z');
  });
});
