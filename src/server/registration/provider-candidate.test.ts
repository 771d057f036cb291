import { describe, expect, it } from 'vitest';
import {
  type ProviderCandidate,
  sanitiseEmail,
  sanitisePhone,
  sanitiseZip,
  toProviderCandidate,
} from './provider-candidate.ts';
import { registrationRequestSchema } from './request-schema.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const NOW_ISO = '2026-11-22T10:00:00.000Z';

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

describe('sanitising for the provider call (docs/form.md)', () => {
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

describe('provider-call defaults for missing values (docs/form.md)', () => {
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

describe('the resume in the provider record (docs/form.md)', () => {
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
