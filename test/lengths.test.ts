// The length limits of every text field (MAX_LENGTHS): their messages, the server's guard that
// runs before any pattern, the same limits in the wizard's schemas, and the two patterns that
// were rewritten so that they cannot backtrack, proven equal to the old ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBeforeProviderCall, firstTooLongField } from '../src/server/registration/checks.ts';
import { registrationRequestSchema } from '../src/server/registration/request-schema.ts';
import { INITIAL_VALUES, MAX_LENGTHS, MAX_RESUME_FIELD_LENGTHS } from '../src/shared/constants.ts';
import { CHECK_MESSAGES, FIELD_MESSAGES, tooLongMessage } from '../src/shared/messages.ts';
import { fieldErrorsOf, formSchema, phone } from '../src/shared/schema.ts';
import { tooLongFor } from '../src/web/steps/too-long.ts';

/** Every limit and its message, as a candidate reads it. */
const LIMITS = [
  ['first_name', 100, 'First name must be at most 100 characters'],
  ['last_name', 100, 'Last name must be at most 100 characters'],
  ['email', 254, 'Email must be at most 254 characters'],
  ['password', 128, 'Password must be at most 128 characters'],
  ['phone', 30, 'Phone must be at most 30 characters'],
  ['zip_code', 10, 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)'],
  ['home_town', 100, 'Home town must be at most 100 characters'],
  ['desired_job_title', 150, 'Desired job title must be at most 150 characters'],
  ['latest_job_title', 150, 'Latest job title must be at most 150 characters'],
  ['key_skills', 1_000, 'Key skills must be at most 1,000 characters'],
  ['country_id', 16, 'Country must be at most 16 characters'],
  ['resume_url', 2_048, 'Resume URL must be at most 2,048 characters'],
  ['registration_date', 64, 'Registration date must be at most 64 characters'],
] as const;

const RESUME_LIMITS = [
  ['resume_filename', 255, 'Resume file name must be at most 255 characters'],
  ['resume_filetype', 16, 'Resume file type must be at most 16 characters'],
] as const;

/** A candidate the wizard accepts (its resume a link), every field filled, and as a body. */
const VALID = {
  ...INITIAL_VALUES,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  phone: '+15555550100',
  zip_code: '10001',
  home_town: 'London',
  desired_job_title: 'Engineer',
  latest_job_title: 'Analyst',
  key_skills: 'Mathematics, Engines',
  resume: { url: 'https://example.com/cv.pdf' },
  resume_url: 'https://example.com/cv.pdf',
};

/** The wizard's values with `field` set to `value`: a link is the url of the form's `resume`. */
const inWizard = (field: string, value: string) =>
  field === 'resume_url' ? { ...VALID, resume: { url: value } } : { ...VALID, [field]: value };
/** The wizard's field for a body field. */
const wizardField = (field: string) => (field === 'resume_url' ? 'resume' : field);

/** A value of exactly `length` characters that is otherwise valid for `field`. */
function validOfLength(field: string, length: number): string {
  if (field === 'email') return `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  if (field === 'phone') return '1'.repeat(length);
  if (field === 'zip_code') return '12345-6789'.slice(0, length);
  if (field === 'resume_url') return `https://example.com/${'a'.repeat(length - 20)}`;
  return 'a'.repeat(length);
}

describe('the limits and their messages', () => {
  it('lists every limited field of the candidate, in this order', () => {
    expect(Object.entries(MAX_LENGTHS)).toEqual(LIMITS.map(([field, max]) => [field, max]));
    expect(Object.entries(MAX_RESUME_FIELD_LENGTHS)).toEqual(
      RESUME_LIMITS.map(([field, max]) => [field, max]),
    );
  });

  it.each([...LIMITS, ...RESUME_LIMITS])('%s: at most %d, else %j', (field, max, message) => {
    expect(tooLongMessage(field, max)).toBe(message);
  });
});

describe('the guard the server runs before anything else reads the body', () => {
  it.each(LIMITS)('lets %s through at exactly %d characters', (field, max) => {
    expect(firstTooLongField({ ...VALID, [field]: 'x'.repeat(max) })).toBeNull();
  });

  it.each(LIMITS)('names %s one character over %d', (field, max, message) => {
    expect(firstTooLongField({ ...VALID, [field]: 'x'.repeat(max + 1) })).toEqual({
      field,
      message,
    });
  });

  it.each(RESUME_LIMITS)(
    'names uploaded_resume when its %s is over %d characters',
    (field, max, message) => {
      const resume = { resume_content_base64: 'JVBERi0=', [field]: 'x'.repeat(max) };
      expect(firstTooLongField({ ...VALID, uploaded_resume: resume })).toBeNull();
      expect(
        firstTooLongField({
          ...VALID,
          uploaded_resume: { ...resume, [field]: 'x'.repeat(max + 1) },
        }),
      ).toEqual({ field: 'uploaded_resume', message });
    },
  );

  it('names the first of several long fields in the table order', () => {
    const body = { ...VALID, key_skills: 'x'.repeat(5_000), email: 'x'.repeat(5_000) };
    expect(firstTooLongField(body)?.field).toBe('email');
  });

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a string', 'a'.repeat(100_000)],
    ['an array', ['a'.repeat(100_000)]],
    ['numbers and lists in text fields', { first_name: 1e300, last_name: ['a'.repeat(500)] }],
    ['a resume that is not an object', { ...VALID, uploaded_resume: 'a'.repeat(100_000) }],
  ])('has nothing to say about %s', (_what, body) => {
    expect(firstTooLongField(body)).toBeNull();
  });

  it('counts characters as the browser does, in UTF-16 code units', () => {
    expect(firstTooLongField({ first_name: '😀'.repeat(50) })).toBeNull();
    expect(firstTooLongField({ first_name: `${'😀'.repeat(50)}a` })?.field).toBe('first_name');
  });

  it('tooLongFor gives the message of one value, or null', () => {
    expect(tooLongFor('resume_url', 'x'.repeat(2_048))).toBeNull();
    expect(tooLongFor('resume_url', 'x'.repeat(2_049))).toBe(
      'Resume URL must be at most 2,048 characters',
    );
  });
});

describe('the same limits in the wizard and in the body the server re-parses', () => {
  const wizardFields = LIMITS.filter(([field]) => field !== 'registration_date');

  it.each(wizardFields)('the wizard accepts %s at %d characters', (field, max) => {
    expect(fieldErrorsOf(formSchema, inWizard(field, validOfLength(field, max)))).toEqual({});
  });

  it.each(wizardFields)(
    'the wizard refuses %s at %d + 1 with its message',
    (field, max, message) => {
      const errors = fieldErrorsOf(formSchema, inWizard(field, 'x'.repeat(max + 1)));
      expect(errors).toEqual({ [wizardField(field)]: message });
    },
  );

  it.each(wizardFields)(
    'the server refuses %s at %d + 1 with its message',
    (field, max, message) => {
      const result = registrationRequestSchema.safeParse({
        ...VALID,
        [field]: 'x'.repeat(max + 1),
      });
      expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        [field, message],
      ]);
    },
  );

  it.each(RESUME_LIMITS)('the server refuses uploaded_resume.%s over %d', (field, max, message) => {
    const result = registrationRequestSchema.safeParse({
      ...VALID,
      uploaded_resume: { resume_content_base64: 'JVBERi0=', [field]: 'x'.repeat(max + 1) },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [`uploaded_resume.${field}`, message],
    ]);
  });

  it('measures trimmed fields after trimming, as the value that is sent', () => {
    const padded = `  ${'a'.repeat(100)}  `;
    expect(fieldErrorsOf(formSchema, { ...VALID, first_name: padded })).toEqual({});
  });

  it('checks the length before the web-address rule of a name', () => {
    const errors = fieldErrorsOf(formSchema, { ...VALID, first_name: 'www.'.repeat(30) });
    expect(errors).toEqual({ first_name: 'First name must be at most 100 characters' });
  });

  it('checks the length before the email pattern', () => {
    const errors = fieldErrorsOf(formSchema, { ...VALID, email: `a@${'.'.repeat(300)}@` });
    expect(errors).toEqual({ email: 'Email must be at most 254 characters' });
  });
});

// The old patterns, kept here only as the reference the new ones must agree with.
const OLD_BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OLD_WEB_ADDRESS =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\/\/|\.(?:com|net|org|info|biz|io|ru|cn|xyz|top|link|click|online|site)\b)/i;

/** Short strings over the characters each pattern cares about. */
const textOver = (alphabet: string[]) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((chars) => chars.join(''));

describe('the rewritten patterns decide as the old ones did', () => {
  it('check 1: the basic email pattern', () => {
    const emailish = textOver(['a', 'B', '1', '.', '@', ' ', '\t', '-', '+', 'é']);
    fc.assert(
      fc.property(emailish, (email) => {
        const failsCheck1 =
          checkBeforeProviderCall({ email, resume_url: 'https://example.com/cv.pdf' }) ===
          CHECK_MESSAGES.email;
        expect(failsCheck1).toBe(!OLD_BASIC_EMAIL.test(email.trim()));
      }),
      { numRuns: 5_000 },
    );
  });

  it('a web address in a name or phone', () => {
    const urlish = textOver(['a', 'W', 'w', '.', '/', ':', 'c', 'o', 'm', 'i', '+', '-', '1', ' ']);
    fc.assert(
      fc.property(urlish, (value) => {
        const refused =
          phone.safeParse(value).error?.issues[0]?.message === FIELD_MESSAGES.phoneUrl;
        expect(refused).toBe(OLD_WEB_ADDRESS.test(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ['a@b.c', true],
    ['a@.b.c', true],
    ['a@b..', true],
    ['a@.b', false],
    ['a@b.', false],
    ['a@b', false],
    ['a@@b.c', false],
    ['a b@c.d', false],
  ])('check 1 on %j: passes is %s', (email, passes) => {
    const answer = checkBeforeProviderCall({ email, resume_url: 'https://example.com/cv.pdf' });
    expect(answer !== CHECK_MESSAGES.email).toBe(passes);
  });
});
