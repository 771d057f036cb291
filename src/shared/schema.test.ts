import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from './request-schema.ts';
import { firstInvalidStep, INITIAL_VALUES, stepErrors } from './schema.ts';

const personal = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  zip_code: '10001',
};
const filled = { ...INITIAL_VALUES, ...personal };

describe('initial form values (spec §3)', () => {
  it('start with US, 10000–90000, 25 miles, both switches on, any employer and no job types', () => {
    expect(INITIAL_VALUES).toMatchObject({
      country_id: 'US',
      salary_min: 10000,
      salary_max: 90000,
      travel_radius: 25,
      relocate: '1',
      driving_license: '1',
      eligibility_status: 'auth_any_employer',
      acceptable_job_types: [],
    });
  });
});

describe('step 1 messages (spec §5)', () => {
  it.each([
    ['first_name', '', 'First name is required'],
    ['first_name', '   ', 'First name is required'],
    ['first_name', 'Visit www.spam.com', 'Names cannot contain web addresses'],
    ['last_name', '', 'Last name is required'],
    ['last_name', 'https://x.io', 'Names cannot contain web addresses'],
    ['email', '', 'Please enter a valid email address'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['email', 'ada.example.com', 'Please enter a valid email address'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['zip_code', '', 'Zip code is required'],
    ['zip_code', '1234', 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)'],
    ['zip_code', '12345-67', 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)'],
    ['zip_code', 'abcde', 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)'],
    ['phone', 'see t.me//x', 'Phone numbers cannot contain web addresses'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(stepErrors(0, { ...filled, [field]: value })[field]).toBe(message);
  });

  it.each([
    ['email', ' Ada@Example.com '],
    ['zip_code', '12345-6789'],
    ['password', '12345678'],
    ['first_name', "Anne-Marie O'Neil"],
    ['phone', '+1 (555) 123-4567'],
  ])('%s = %j is valid', (field, value) => {
    expect(stepErrors(0, { ...filled, [field]: value })).toEqual({});
  });
});

describe('step 2 messages (spec §5, DESIGN §5)', () => {
  it.each([
    ['salary_min', -1, 'Must be 0 or more'],
    ['salary_max', -5, 'Must be 0 or more'],
    ['travel_radius', -1, 'Must be 0 or more'],
    ['travel_radius', Number.NaN, 'Enter a number'],
  ])('%s = %s → %s', (field, value, message) => {
    expect(stepErrors(1, { ...filled, [field]: value })[field]).toBe(message);
  });

  it('asks for a maximum salary at least the minimum', () => {
    expect(stepErrors(1, { ...filled, salary_min: 80000, salary_max: 50000 })).toEqual({
      salary_max: 'Maximum salary must be at least the minimum salary',
    });
    expect(stepErrors(1, { ...filled, salary_min: 50000, salary_max: 50000 })).toEqual({});
  });
});

describe('which step is invalid first', () => {
  it.each([
    ['a filled form', filled, null],
    ['an empty form', INITIAL_VALUES, 0],
    ['a bad salary only', { ...filled, salary_min: -1 }, 1],
    ['bad steps 1 and 2', { ...filled, email: 'x', salary_min: -1 }, 0],
  ])('%s → %s', (_name, values, step) => {
    expect(firstInvalidStep(values)).toBe(step);
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

  it.each([
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ salary_min: -1 }, 'salary_min', 'Must be 0 or more'],
    [
      { salary_min: 9, salary_max: 1 },
      'salary_max',
      'Maximum salary must be at least the minimum salary',
    ],
    [{ acceptable_job_types: ['Gig'] }, 'acceptable_job_types', expect.any(String)],
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
