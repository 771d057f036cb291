import { describe, expect, it } from 'vitest';
import {
  buildSubmission,
  type ProviderCandidate,
  resumeForSubmit,
  sanitiseEmail,
  sanitisePhone,
  sanitiseZip,
  toProviderCandidate,
  type UploadedResumeInfo,
} from './payload.ts';
import { registrationRequestSchema } from './request-schema.ts';
import { formSchema, INITIAL_VALUES } from './schema.ts';

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

/** The smallest body that passes the server's schema. */
const MINIMAL = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
  resume_url: 'https://example.com/cv.pdf',
};

/** The server's path: parse the body as /api/register does, then build the provider record. */
const provider = (body: object) =>
  toProviderCandidate(registrationRequestSchema.parse({ ...MINIMAL, ...body }), NOW);

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

describe('sanitising for the provider call (spec §3)', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['ADA.LOVELACE@EXAMPLE.COM', 'ada.lovelace@example.com'],
    ['\tada@example.com\n', 'ada@example.com'],
  ])('email %j → %j', (input, output) => expect(sanitiseEmail(input)).toBe(output));

  it.each([
    ['5551234567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1-555-123-4567 ext. 89', '+1555123456789'],
    ['call me', ''],
    ['', ''],
  ])('phone %j → %j (digits and plus only)', (input, output) =>
    expect(sanitisePhone(input)).toBe(output),
  );

  it.each([
    ['12345', '12345'],
    ['12345-6789', '12345'],
    ['123456789', '12345'],
    [' 1 2 3 4 5 ', '12345'],
    ['ZIP 90210', '90210'],
    ['ab12-3', '12-3'],
    ['1234-5678', '1234-'],
    ['123', '123'],
    ['', ''],
  ])('zip %j → %j (digits and hyphen, cut to 5)', (input, output) =>
    expect(sanitiseZip(input)).toBe(output),
  );

  it('sanitises email, phone and zip in the provider record', () => {
    const candidate = provider({
      email: '  Ada@Example.COM ',
      phone: '+1 (555) 123-4567',
      zip_code: '12345-6789',
    });
    expect([candidate.email, candidate.phone, candidate.zip_code]).toEqual([
      'ada@example.com',
      '+15551234567',
      '12345',
    ]);
  });
});

describe('provider-call defaults for missing values (spec §3)', () => {
  it('fills every default for a minimal request', () => {
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
      registration_date: NOW_ISO,
    });
  });

  const defaults: [keyof ProviderCandidate, unknown][] = [
    ['country_id', 'US'],
    ['acceptable_job_types', []],
    ['phone', ''],
    ['salary_min', 0],
    ['salary_max', 0],
    ['travel_radius', 0],
    ['latest_job_title', ''],
    ['education_level', ''],
    ['work_experience', ''],
    ['relocate', '0'],
    ['driving_license', '0'],
    ['eligibility_status', 'auth_any_employer'],
    ['key_skills', ''],
    ['registration_date', NOW_ISO],
  ];

  it.each(
    defaults.flatMap(([field, expected]) => [
      [field, 'missing', undefined, expected] as const,
      [field, 'null', null, expected] as const,
    ]),
  )('%s %s → %j', (field, _how, input, expected) => {
    expect(provider({ [field]: input })[field]).toEqual(expected);
  });

  it.each([
    ['country_id', '', 'US'],
    ['education_level', '', ''],
    ['work_experience', '', ''],
    ['acceptable_job_types', [], []],
  ] as const)('%s = %j → %j', (field, input, expected) => {
    expect(provider({ [field]: input })[field]).toEqual(expected);
  });

  it('keeps every value given', () => {
    expect(
      provider({
        country_id: 'US',
        home_town: 'Boston',
        desired_job_title: 'Engineer',
        latest_job_title: 'Analyst',
        acceptable_job_types: ['Contract', 'Temp'],
        phone: '+15551234567',
        salary_min: 40000,
        salary_max: 80000,
        travel_radius: 30,
        education_level: 'Masters',
        work_experience: '5-10',
        relocate: '1',
        driving_license: '1',
        eligibility_status: 'auth_sponsorship',
        key_skills: 'SQL, Python',
        registration_date: '2026-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_id: 'US',
      home_town: 'Boston',
      desired_job_title: 'Engineer',
      latest_job_title: 'Analyst',
      email: 'ada@example.com',
      password: 'correct-horse',
      uploaded_resume: null,
      resume_url: 'https://example.com/cv.pdf',
      acceptable_job_types: ['Contract', 'Temp'],
      phone: '+15551234567',
      zip_code: '10001',
      salary_min: 40000,
      salary_max: 80000,
      travel_radius: 30,
      education_level: 'Masters',
      work_experience: '5-10',
      relocate: '1',
      driving_license: '1',
      eligibility_status: 'auth_sponsorship',
      key_skills: 'SQL, Python',
      registration_date: '2026-01-02T03:04:05.000Z',
    });
  });

  it.each([
    ['1', '1'],
    [true, '1'],
    [1, '1'],
    ['0', '0'],
    [false, '0'],
    [0, '0'],
    [undefined, '0'],
    [null, '0'],
  ] as const)('relocate and driving_license %j → %j', (input, output) => {
    const candidate = provider({ relocate: input, driving_license: input });
    expect([candidate.relocate, candidate.driving_license]).toEqual([output, output]);
  });
});

describe('the resume in the provider record (spec §3)', () => {
  it.each([
    [
      'a file without name or type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=' },
      { resume_content_base64: 'JVBERi0=', resume_filename: 'resume.pdf', resume_filetype: 'pdf' },
    ],
    [
      'a file with null name and type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=', resume_filename: null, resume_filetype: null },
      { resume_content_base64: 'JVBERi0=', resume_filename: 'resume.pdf', resume_filetype: 'pdf' },
    ],
    [
      'a file with empty name and type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=', resume_filename: '', resume_filetype: '' },
      { resume_content_base64: 'JVBERi0=', resume_filename: 'resume.pdf', resume_filetype: 'pdf' },
    ],
    [
      'a file keeps its own name and type',
      { resume_content_base64: 'SGk=', resume_filename: 'cv.txt', resume_filetype: 'txt' },
      { resume_content_base64: 'SGk=', resume_filename: 'cv.txt', resume_filetype: 'txt' },
    ],
  ])('%s, and resume_url is empty', (_name, file, expected) => {
    const candidate = provider({ uploaded_resume: file });
    expect({
      uploaded_resume: candidate.uploaded_resume,
      resume_url: candidate.resume_url,
    }).toEqual({ uploaded_resume: expected, resume_url: '' });
  });

  it.each([
    ['example.com/cv.pdf', 'https://example.com/cv.pdf'],
    ['https://example.com/cv.pdf', 'https://example.com/cv.pdf'],
    [
      'http://localhost:3000/candidate/resumes/x.pdf',
      'http://localhost:3000/candidate/resumes/x.pdf',
    ],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('without a file, resume_url %j → %j and uploaded_resume null', (url, expected) => {
    const candidate = provider({ resume_url: url, uploaded_resume: null });
    expect({
      uploaded_resume: candidate.uploaded_resume,
      resume_url: candidate.resume_url,
    }).toEqual({ uploaded_resume: null, resume_url: expected });
  });
});
