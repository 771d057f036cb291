import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from '../server/registration/request-schema.ts';
import { INITIAL_VALUES, STEP_FIELDS } from './constants.ts';
import {
  careerSchema,
  firstInvalidStep,
  formSchema,
  personalSchema,
  resumeSchema,
  STEP_SCHEMAS,
  stepErrors,
} from './schema.ts';

const personal = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
};
const filled = { ...INITIAL_VALUES, ...personal, resume: { url: 'https://x.com/cv.pdf' } };

const ZIP_PATTERN_MESSAGE = 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)';

describe('initial form values (docs/form.md)', () => {
  it('are exactly US, 10000–90000, 25 miles, both switches on, any employer, no job types and empty text', () => {
    // The wizard's form starts from these (src/web/wizard/form.ts) and a draft is compared with
    // them (src/web/draft.ts); no function of src/shared makes them.
    expect(INITIAL_VALUES).toEqual({
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      phone: '',
      zip_code: '',
      home_town: '',
      country_id: 'US',
      desired_job_title: '',
      latest_job_title: '',
      acceptable_job_types: [],
      salary_min: 10000,
      salary_max: 90000,
      education_level: '',
      work_experience: '',
      key_skills: '',
      travel_radius: 25,
      eligibility_status: 'auth_any_employer',
      relocate: '1',
      driving_license: '1',
      resume: null,
    });
  });

  it.each([
    [
      0,
      {
        first_name: 'First name is required',
        last_name: 'Last name is required',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        zip_code: 'Zip code is required',
      },
    ],
    [1, {}],
    [2, { resume: 'Please upload a resume or provide a resume URL' }],
  ])('on step %i give the errors %j', (step, expected) => {
    expect(stepErrors(step, INITIAL_VALUES)).toEqual(expected);
  });
});

describe('the fields of each wizard step (docs/form.md)', () => {
  it.each([
    [
      'Personal Info',
      0,
      ['first_name', 'last_name', 'email', 'password', 'phone', 'zip_code', 'home_town'],
    ],
    [
      'Career Info',
      1,
      [
        'desired_job_title',
        'latest_job_title',
        'acceptable_job_types',
        'salary_min',
        'salary_max',
        'education_level',
        'work_experience',
        'key_skills',
        'travel_radius',
        'eligibility_status',
        'relocate',
        'driving_license',
      ],
    ],
    ['Resume', 2, ['country_id', 'resume']],
  ])('%s (step %i) holds %j', (_title, step, fields) => {
    expect(STEP_FIELDS[step]).toEqual(fields);
  });

  it('has exactly three steps', () => {
    expect(STEP_FIELDS).toHaveLength(3);
  });

  it('is the list of the fields each step’s schema checks, in order', () => {
    expect(STEP_SCHEMAS.map((schema) => Object.keys(schema.def.shape))).toEqual(STEP_FIELDS);
  });
});

describe('step 1 messages (docs/form.md)', () => {
  it.each([
    ['first_name', '', 'First name is required'],
    ['first_name', '   ', 'First name is required'],
    ['first_name', undefined, 'First name is required'],
    ['first_name', 'Visit www.spam.com', 'Names cannot contain web addresses'],
    ['last_name', '', 'Last name is required'],
    ['last_name', '\t', 'Last name is required'],
    ['last_name', undefined, 'Last name is required'],
    ['last_name', 'https://x.io', 'Names cannot contain web addresses'],
    ['email', '', 'Please enter a valid email address'],
    ['email', undefined, 'Please enter a valid email address'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['email', '@example.com', 'Please enter a valid email address'],
    ['email', 'ada.example.com', 'Please enter a valid email address'],
    ['email', 'ada@example', 'Please enter a valid email address'],
    ['email', 'ada lovelace@example.com', 'Please enter a valid email address'],
    ['email', 'ada@@example.com', 'Please enter a valid email address'],
    ['password', '', 'Password must be at least 8 characters'],
    ['password', undefined, 'Password must be at least 8 characters'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['zip_code', '', 'Zip code is required'],
    ['zip_code', '   ', 'Zip code is required'],
    ['zip_code', undefined, 'Zip code is required'],
    ['zip_code', '1234', ZIP_PATTERN_MESSAGE],
    ['zip_code', '123456', ZIP_PATTERN_MESSAGE],
    ['zip_code', '12345-67', ZIP_PATTERN_MESSAGE],
    ['zip_code', '12345-67890', ZIP_PATTERN_MESSAGE],
    ['zip_code', '12345 6789', ZIP_PATTERN_MESSAGE],
    ['zip_code', '123456789', ZIP_PATTERN_MESSAGE],
    ['zip_code', 'abcde', ZIP_PATTERN_MESSAGE],
    ['zip_code', 'SW1A 1AA', ZIP_PATTERN_MESSAGE],
    ['phone', 'see t.me//x', 'Phone numbers cannot contain web addresses'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(stepErrors(0, { ...filled, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['email', ' Ada@Example.com '],
    ['email', 'first.last+tag@sub.example.co.uk'],
    ['zip_code', '12345'],
    ['zip_code', '12345-6789'],
    ['zip_code', '02108'],
    ['password', '12345678'],
    ['password', 'a much longer pass phrase'],
    ['first_name', "Anne-Marie O'Neil"],
    ['last_name', 'García Márquez'],
    ['phone', ''],
    ['phone', '+1 (555) 123-4567'],
    ['home_town', ''],
  ])('%s = %j is valid', (field, value) => {
    expect(stepErrors(0, { ...filled, [field]: value })).toEqual({});
  });

  it('reports every invalid field of step 1 at once, each with its own message', () => {
    expect(
      stepErrors(0, {
        ...INITIAL_VALUES,
        email: 'nope',
        password: 'short',
        zip_code: '1',
      }),
    ).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      zip_code: ZIP_PATTERN_MESSAGE,
    });
  });
});

describe('step 2 messages (docs/form.md, docs/form.md)', () => {
  it.each([
    ['salary_min', -1, 'Must be 0 or more'],
    ['salary_min', -0.5, 'Must be 0 or more'],
    ['salary_max', -5, 'Must be 0 or more'],
    ['travel_radius', -1, 'Must be 0 or more'],
    ['travel_radius', Number.NaN, 'Enter a number'],
    ['salary_min', '5', 'Enter a number'],
  ])('%s = %s → %s', (field, value, message) => {
    expect(stepErrors(1, { ...filled, [field]: value })[field]).toBe(message);
  });

  it.each([
    ['salary_min', 0],
    ['travel_radius', 0],
    ['travel_radius', 500],
  ])('%s = %s is valid (the minimum is 0)', (field, value) => {
    expect(stepErrors(1, { ...filled, [field]: value })).toEqual({});
  });

  it.each([
    [80000, 50000, { salary_max: 'Maximum salary must be at least the minimum salary' }],
    [50001, 50000, { salary_max: 'Maximum salary must be at least the minimum salary' }],
    [50000, 50000, {}],
    [0, 0, {}],
    [10000, 90000, {}],
  ])('salary_min %i and salary_max %i → %j', (min, max, errors) => {
    expect(stepErrors(1, { ...filled, salary_min: min, salary_max: max })).toEqual(errors);
  });

  it.each([
    ['acceptable_job_types', ['Permanent', 'Contract', 'Temp', 'Part Time']],
    ['education_level', 'High School'],
    ['education_level', 'Associates'],
    ['education_level', 'Bachelors'],
    ['education_level', 'Masters'],
    ['education_level', 'Doctorate'],
    ['work_experience', '0-1'],
    ['work_experience', '1-2'],
    ['work_experience', '3-5'],
    ['work_experience', '5-10'],
    ['work_experience', '10+'],
    ['eligibility_status', 'auth_any_employer'],
    ['eligibility_status', 'auth_current_employer'],
    ['eligibility_status', 'auth_sponsorship'],
    ['relocate', '0'],
    ['driving_license', '0'],
  ])('%s = %j is a valid choice (docs/form.md)', (field, value) => {
    expect(stepErrors(1, { ...filled, [field]: value })).toEqual({});
  });

  it.each([
    ['acceptable_job_types', ['Gig']],
    ['education_level', 'PhD'],
    ['work_experience', '2-3'],
    ['eligibility_status', 'citizen'],
    ['relocate', 'yes'],
    ['driving_license', true],
  ])('%s = %j is not one of the choices', (field, value) => {
    expect(Object.keys(stepErrors(1, { ...filled, [field]: value }))).toEqual([field]);
  });
});

describe('the step schemas and the whole form', () => {
  it('accept a filled form on every step and as a whole', () => {
    expect(personalSchema.safeParse(filled).success).toBe(true);
    expect(careerSchema.safeParse(filled).success).toBe(true);
    expect(resumeSchema.safeParse(filled).success).toBe(true);
    expect(formSchema.safeParse(filled).success).toBe(true);
  });

  it('rejects as a whole what one step rejects', () => {
    expect(formSchema.safeParse({ ...filled, salary_min: 2, salary_max: 1 }).success).toBe(false);
    expect(formSchema.safeParse({ ...filled, zip_code: '1' }).success).toBe(false);
  });

  it('has no errors for a step that does not exist', () => {
    expect(stepErrors(3, {})).toEqual({});
  });
});

describe('the resume (docs/form.md): a file or a URL', () => {
  const MISSING = 'Please upload a resume or provide a resume URL';
  const INCOMPLETE =
    'Resume information is incomplete. Please upload a resume or provide a resume URL.';

  it.each([
    ['a link', { url: 'https://x.com/cv.pdf' }],
    ['an uploaded file', { filename: 'cv.pdf', filetype: 'pdf', uploadedUrl: 'https://up/1.pdf' }],
    ['a generated file', { filename: 'resume.txt', filetype: 'txt', base64: 'QQ==' }],
    ['a link of 2,048 characters', { url: 'x'.repeat(2_048) }],
  ])('accepts %s', (_name, resume) => {
    expect(stepErrors(2, { ...filled, resume })).toEqual({});
    expect(formSchema.safeParse({ ...filled, resume }).success).toBe(true);
  });

  it.each([
    ['nothing attached', null, MISSING],
    [
      'a file with a name but no url or content',
      { filename: 'cv.pdf', filetype: 'pdf' },
      INCOMPLETE,
    ],
    [
      'a file with an empty url and empty content',
      { filename: '', filetype: '', uploadedUrl: '', base64: '' },
      INCOMPLETE,
    ],
    [
      'a link over 2,048 characters',
      { url: 'x'.repeat(2_049) },
      'Resume URL must be at most 2,048 characters',
    ],
  ])('refuses %s', (_name, resume, message) => {
    expect(stepErrors(2, { ...filled, resume })).toEqual({ resume: message });
    const result = formSchema.safeParse({ ...filled, resume });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['resume', message],
    ]);
  });
});

describe('which step is invalid first', () => {
  it.each([
    ['a filled form', filled, undefined, null],
    ['an empty form', INITIAL_VALUES, undefined, 0],
    ['a bad salary only', { ...filled, salary_min: -1 }, undefined, 1],
    ['a bad salary order only', { ...filled, salary_min: 9, salary_max: 1 }, undefined, 1],
    ['bad steps 1 and 2', { ...filled, email: 'x', salary_min: -1 }, undefined, 0],
    ['no resume', { ...filled, resume: null }, undefined, 2],
    ['no resume, looking through step 2', { ...filled, resume: null }, 1, null],
    ['a bad salary, looking at step 1 only', { ...filled, salary_min: -1 }, 0, null],
    ['a bad salary, looking through step 2', { ...filled, salary_min: -1 }, 1, 1],
  ])('%s → %s', (_name, values, throughStep, step) => {
    expect(firstInvalidStep(values, throughStep)).toBe(step);
  });
});

describe('the request the server re-parses', () => {
  it('accepts a minimal body and drops unknown keys', () => {
    const parsed = registrationRequestSchema.parse({
      ...personal,
      resume_url: 'x.com',
      website: 'bot',
      extra: 1,
    });
    expect(parsed).toEqual({ ...personal, resume_url: 'x.com' });
  });

  it.each([['1'], ['0'], [true], [false], [1], [0], [null], [undefined]])(
    'accepts relocate and driving_license = %j',
    (flag) => {
      expect(
        registrationRequestSchema.safeParse({ ...personal, relocate: flag, driving_license: flag })
          .success,
      ).toBe(true);
    },
  );

  it.each([
    [{ country_id: null, phone: null, salary_min: null, eligibility_status: null }],
    [{ uploaded_resume: null, resume_url: null }],
    [{ registration_date: '2026-11-22T10:00:00.000Z' }],
    [{ registration_date: '2026-11-22T10:00:00+01:00' }],
    [{ uploaded_resume: { resume_content_base64: 'QQ==' } }],
  ])('accepts %j', (extra) => {
    expect(registrationRequestSchema.safeParse({ ...personal, ...extra }).success).toBe(true);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ last_name: undefined }, 'last_name', 'Last name is required'],
    [{ zip_code: '' }, 'zip_code', 'Zip code is required'],
    [{ zip_code: '1234' }, 'zip_code', ZIP_PATTERN_MESSAGE],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ salary_min: -1 }, 'salary_min', 'Must be 0 or more'],
    [{ travel_radius: -1 }, 'travel_radius', 'Must be 0 or more'],
    [
      { salary_min: 9, salary_max: 1 },
      'salary_max',
      'Maximum salary must be at least the minimum salary',
    ],
    [{ acceptable_job_types: ['Gig'] }, 'acceptable_job_types', expect.any(String)],
    [{ relocate: 'yes' }, 'relocate', expect.any(String)],
    [{ driving_license: 2 }, 'driving_license', expect.any(String)],
    [{ registration_date: 'yesterday' }, 'registration_date', expect.any(String)],
    [
      { uploaded_resume: { resume_content_base64: 'A'.repeat(7_200_000) } },
      'uploaded_resume',
      'File is too large. The maximum size is 5MB.',
    ],
  ])('rejects %j on %s', (extra, field, message) => {
    const result = registrationRequestSchema.safeParse({ ...personal, ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toEqual(message);
  });
});
