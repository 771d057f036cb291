import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EDUCATION_LEVELS,
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  RESUME_TYPES,
  WORK_EXPERIENCE,
} from '../../shared/constants.ts';
import { type CheckedRequest, checkedResume } from './checks.ts';
import {
  isProviderCandidate,
  PROVIDER_CANDIDATE_KEYS,
  type ProviderCandidate,
  sanitiseEmail,
  sanitisePhone,
  sanitiseZip,
  toProviderCandidate,
} from './provider-candidate.ts';
import { type RegistrationRequest, registrationRequestSchema } from './request-schema.ts';

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

/** The server's path: parse the body and check its resume as /api/register does, then build the record. */
const provider = (body: object) => {
  const checked = checkedResume(registrationRequestSchema.parse({ ...MINIMAL, ...body }));
  if (!checked.ok) throw new Error(`resume refused: ${checked.text.id}`);
  return toProviderCandidate(checked.request, NOW);
};

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
  const PDF = {
    resume_content_base64: 'JVBERi0=',
    resume_filename: 'resume.pdf',
    resume_filetype: 'pdf',
  };
  it.each([
    [
      'a file without name or type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=' },
      PDF,
    ],
    [
      'a file with null name and type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=', resume_filename: null, resume_filetype: null },
      PDF,
    ],
    [
      'a file with empty name and type gets resume.pdf / pdf',
      { resume_content_base64: 'JVBERi0=', resume_filename: '', resume_filetype: '' },
      PDF,
    ],
    [
      'a file is named by the type its bytes prove, never by the name and type it came with',
      {
        resume_content_base64: ' JVBERi0=\n',
        resume_filename: '../../x.exe',
        resume_filetype: 'exe',
      },
      PDF,
    ],
    [
      'a text file becomes resume.txt / txt',
      {
        resume_content_base64: 'SGk=',
        resume_filename: 'Ada Lovelace.docx',
        resume_filetype: 'docx',
      },
      { resume_content_base64: 'SGk=', resume_filename: 'resume.txt', resume_filetype: 'txt' },
    ],
  ])('%s, and resume_url is empty', (_name, file, expected) => {
    const candidate = provider({ uploaded_resume: file });
    expect({
      uploaded_resume: candidate.uploaded_resume,
      resume_url: candidate.resume_url,
    }).toEqual({ uploaded_resume: expected, resume_url: '' });
  });

  it('never sends a name or type the candidate sent, whatever they are (fast-check)', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 255 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constantFrom('../../x.exe', 'C:\\x.pdf', 'cv.pdf\0.exe', '', ' ', 'exe', 'PDF', 'pdf '),
    );
    const name = hostile.filter((text) => text.length <= 255);
    const type = hostile.filter((text) => text.length <= 16);
    const content = fc.constantFrom(
      ['JVBERi0=', 'pdf'],
      ['SGk=', 'txt'],
      ['e1xydGYx', 'rtf'],
      ['UEsDBA==', 'docx'],
      ['0M8R4KGxGuE=', 'doc'],
    );
    fc.assert(
      fc.property(content, name, type, ([base64, proved], filename, claimed) => {
        const sent = {
          resume_content_base64: base64,
          resume_filename: filename,
          resume_filetype: claimed,
        };
        expect(provider({ uploaded_resume: sent }).uploaded_resume).toEqual({
          resume_content_base64: base64,
          resume_filename: `resume.${proved}`,
          resume_filetype: proved,
        });
      }),
      { numRuns: 300 },
    );
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

describe('isProviderCandidate: what an outbox entry must hold once opened (docs/outbox.md)', () => {
  const VALID = provider({
    uploaded_resume: { resume_content_base64: 'JVBERi0=', resume_filename: 'cv.pdf' },
    acceptable_job_types: ['Contract'],
    salary_min: 40000,
    relocate: '1',
  });
  /** VALID as the outbox keeps it: sealed as JSON, opened with JSON.parse. */
  const opened = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

  it('takes the record toProviderCandidate makes, also as JSON opens it', () => {
    expect(isProviderCandidate(VALID)).toBe(true);
    expect(isProviderCandidate(opened(VALID))).toBe(true);
    expect(isProviderCandidate(provider({}))).toBe(true);
  });

  it('takes a record with a field more (what it checks is the fields the provider needs)', () => {
    expect(isProviderCandidate({ ...VALID, extra: 'x' })).toBe(true);
  });

  it('holds every key of the record, each once', () => {
    expect([...PROVIDER_CANDIDATE_KEYS].sort()).toEqual(Object.keys(VALID).sort());
    expect(new Set(PROVIDER_CANDIDATE_KEYS).size).toBe(23);
  });

  it.each<[string, unknown]>([
    ['{}', {}],
    ['null', null],
    ['undefined', undefined],
    ['an empty array', []],
    ['an array holding the record', [VALID]],
    ['the record as a JSON string', JSON.stringify(VALID)],
    ['a number', 201],
    ['true', true],
    ['a Map of the record', new Map(Object.entries(VALID))],
  ])('refuses %s', (_, value) => {
    expect(isProviderCandidate(value)).toBe(false);
  });

  it.each(PROVIDER_CANDIDATE_KEYS)('refuses a record without %s', (key) => {
    const { [key]: _, ...rest } = VALID;
    expect(isProviderCandidate(rest)).toBe(false);
    expect(isProviderCandidate({ ...VALID, [key]: undefined })).toBe(false);
  });

  /** Values of the wrong type for each key: the compiler keeps the table whole. */
  const text = [null, 5, true, ['text'], {}];
  const amount = ['40000', null, Number.NaN, Number.POSITIVE_INFINITY, true];
  const flag = ['2', '', 'yes', '01', 1, 0, true, null];
  const WRONG: Record<keyof ProviderCandidate, unknown[]> = {
    first_name: text,
    last_name: text,
    country_id: text,
    home_town: text,
    desired_job_title: text,
    latest_job_title: text,
    email: text,
    password: text,
    uploaded_resume: [
      'cv.pdf',
      [],
      {},
      { resume_content_base64: 'JVBERi0=', resume_filename: 'cv.pdf' },
      { resume_content_base64: 'JVBERi0=', resume_filename: 'cv.pdf', resume_filetype: 5 },
      { resume_content_base64: null, resume_filename: 'cv.pdf', resume_filetype: 'pdf' },
    ],
    resume_url: text,
    acceptable_job_types: ['Permanent', null, [1], [null], {}],
    phone: text,
    zip_code: text,
    salary_min: amount,
    salary_max: amount,
    travel_radius: amount,
    education_level: text,
    work_experience: text,
    relocate: flag,
    driving_license: flag,
    eligibility_status: text,
    key_skills: text,
    registration_date: text,
  };

  it.each(
    PROVIDER_CANDIDATE_KEYS.flatMap((key) => WRONG[key].map((value) => [key, value] as const)),
  )('refuses %s = %j', (key, value) => {
    expect(isProviderCandidate({ ...VALID, [key]: value })).toBe(false);
  });

  it.each([
    ['relocate', '0'],
    ['driving_license', '1'],
    ['uploaded_resume', null],
    ['acceptable_job_types', []],
    ['salary_max', 0],
    ['key_skills', ''],
  ] as const)('takes %s = %j', (key, value) => {
    expect(isProviderCandidate({ ...VALID, [key]: value })).toBe(true);
  });

  it('takes what toProviderCandidate makes of any request of the checked type, also once JSON opens it', () => {
    const words = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
    );
    const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
    const nullable = <T>(value: fc.Arbitrary<T>) => maybe(fc.option(value));
    const amount = fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e12, noNaN: true }));
    const flagLike = fc.constantFrom('1', '0', true, false, 1, 0) as fc.Arbitrary<
      RegistrationRequest['relocate']
    >;
    const request = fc.record({
      first_name: words,
      last_name: words,
      email: words,
      password: words,
      zip_code: words,
      phone: nullable(words),
      home_town: nullable(words),
      country_id: nullable(words),
      desired_job_title: nullable(words),
      latest_job_title: nullable(words),
      acceptable_job_types: nullable(
        fc.uniqueArray(fc.constantFrom(...JOB_TYPES), { maxLength: 4 }),
      ),
      salary_min: nullable(amount),
      salary_max: nullable(amount),
      education_level: nullable(fc.constantFrom('' as const, ...EDUCATION_LEVELS)),
      work_experience: nullable(fc.constantFrom('' as const, ...WORK_EXPERIENCE)),
      key_skills: nullable(words),
      travel_radius: nullable(amount),
      eligibility_status: nullable(fc.constantFrom(...ELIGIBILITY_STATUSES)),
      relocate: nullable(flagLike),
      driving_license: nullable(flagLike),
      registration_date: nullable(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
      resume_url: nullable(words),
      uploaded_resume: nullable(
        fc.record({
          base64: fc.base64String({ maxLength: 200 }),
          type: fc.constantFrom(...RESUME_TYPES),
        }),
      ),
    }) as fc.Arbitrary<CheckedRequest>;
    fc.assert(
      fc.property(request, fc.date({ noInvalidDate: true }), (given, now) => {
        const candidate = toProviderCandidate(given, now);
        expect(isProviderCandidate(candidate)).toBe(true);
        expect(isProviderCandidate(opened(candidate))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
