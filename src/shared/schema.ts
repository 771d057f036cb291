// The candidate schema: one per wizard step, composed for the whole form and, more leniently,
// for the body the server receives (the server fills defaults for what is missing).
import * as z from 'zod/mini';
import {
  EDUCATION_LEVELS,
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  type LimitedField,
  MAX_LENGTHS,
  PASSWORD_MIN_LENGTH,
  type STEP_FIELDS,
  WORK_EXPERIENCE,
  ZIP_PATTERN,
} from './constants.ts';
import { FIELD_TEXTS, say, sayTooLong } from './messages.ts';

/**
 * A message as the schema gives it: said when a value fails, in the language active then (the
 * page's, which the candidate can change; English on the server), not when this file loads.
 */
type Message = () => string;
const M = Object.fromEntries(
  Object.entries(FIELD_TEXTS).map(([key, text]) => [key, () => say(text)]),
) as Record<keyof typeof FIELD_TEXTS, Message>;

/** The field's length limit; it aborts, so no check after it ever sees a longer value. */
const limitOf = (field: LimitedField) =>
  z.maxLength(MAX_LENGTHS[field], {
    error: () => sayTooLong(field, MAX_LENGTHS[field]),
    abort: true,
  });
/** Free text with nothing to check but its length. */
export const limitedText = (field: LimitedField) => z.string().check(limitOf(field));

const requiredText = (field: LimitedField, error: Message) =>
  z.string({ error }).check(z.trim(), limitOf(field), z.minLength(1, { error, abort: true }));

/**
 * A web address in a name or phone number is a spam signature, never a real value. A scheme
 * (`https://`) is caught by its `//`; each alternative has a fixed length, so a test is linear.
 */
const WEB_ADDRESS =
  /(?:www\.|\/\/|\.(?:com|net|org|info|biz|io|ru|cn|xyz|top|link|click|online|site)\b)/i;
const noWebAddress = (error: Message) =>
  z.refine<string>((value) => !WEB_ADDRESS.test(value), { error });
const personName = (field: LimitedField, error: Message) =>
  requiredText(field, error).check(noWebAddress(M.nameUrl));
export const phone = z.string().check(limitOf('phone'), noWebAddress(M.phoneUrl));

const email = z
  .string({ error: M.email })
  .check(z.trim(), limitOf('email'), z.email({ error: M.email }));
const password = z
  .string({ error: M.password })
  .check(limitOf('password'), z.minLength(PASSWORD_MIN_LENGTH, { error: M.password }));
const zipCode = z
  .string({ error: M.zipRequired })
  .check(
    z.trim(),
    limitOf('zip_code'),
    z.minLength(1, { error: M.zipRequired, abort: true }),
    z.regex(ZIP_PATTERN, { error: M.zipPattern }),
  );
export const amount = z
  .number({ error: M.notANumber })
  .check(z.minimum(0, { error: M.notNegative }));
export const flag = z.enum(['1', '0']);
export const educationLevel = z.union([z.literal(''), z.enum(EDUCATION_LEVELS)]);
export const workExperience = z.union([z.literal(''), z.enum(WORK_EXPERIENCE)]);

type SalaryRange = { salary_min?: number | null; salary_max?: number | null };
export const salaryOrder = z.refine<SalaryRange>(
  (v) =>
    typeof v.salary_min !== 'number' ||
    typeof v.salary_max !== 'number' ||
    v.salary_max >= v.salary_min,
  { error: M.salaryOrder, path: ['salary_max'] },
);

/** A step's shape has exactly the fields STEP_FIELDS lists for it (shared/constants.ts). */
type Shape<Step extends 0 | 1 | 2> = Record<(typeof STEP_FIELDS)[Step][number], z.ZodMiniType>;

export const personalShape = {
  first_name: personName('first_name', M.firstName),
  last_name: personName('last_name', M.lastName),
  email,
  password,
  phone,
  zip_code: zipCode,
  home_town: limitedText('home_town'),
} satisfies Shape<0>;

const careerShape = {
  desired_job_title: limitedText('desired_job_title'),
  latest_job_title: limitedText('latest_job_title'),
  acceptable_job_types: z.array(z.enum(JOB_TYPES)),
  salary_min: amount,
  salary_max: amount,
  education_level: educationLevel,
  work_experience: workExperience,
  key_skills: limitedText('key_skills'),
  travel_radius: amount,
  eligibility_status: z.enum(ELIGIBILITY_STATUSES),
  relocate: flag,
  driving_license: flag,
} satisfies Shape<1>;

/** A link typed on the "Add URL" tab. */
interface ResumeLink {
  url: string;
}
/**
 * A file: uploaded (the URL it lives at on our server) or generated (its bytes), at least one;
 * or still `pending`, chosen on step 1 for the autofill and uploaded once step 3 is reached.
 */
export interface ResumeFile {
  filename: string;
  filetype: string;
  uploadedUrl?: string;
  /** The upload's delete token: proof, sent with the registration, that the upload was ours. */
  deleteToken?: string;
  base64?: string;
  pending?: File;
}
/** The resume of step 3 (docs/form.md): one link or one file, whichever was attached last. */
export type AttachedResume = ResumeLink | ResumeFile;

const RESUME_URL_MAX = MAX_LENGTHS.resume_url;
/** "A file or a URL" (docs/form.md); the form starts with null, which the first check refuses. */
const resume = z
  .custom<AttachedResume, AttachedResume | null>((value) => value !== null, {
    error: M.resumeMissing,
  })
  .check(
    z.refine((value) => 'url' in value || value.uploadedUrl || value.base64, {
      error: M.resumeIncomplete,
      abort: true,
    }),
    z.refine((value) => !('url' in value) || value.url.length <= RESUME_URL_MAX, {
      error: () => sayTooLong('resume_url', RESUME_URL_MAX),
    }),
  );

const resumeShape = {
  country_id: limitedText('country_id'),
  resume,
} satisfies Shape<2>;

export const personalSchema = z.object(personalShape);
export const careerSchema = z.object(careerShape).check(salaryOrder);
/** @internal schema.test.ts runs step 3's schema alone. */
export const resumeSchema = z.object(resumeShape);

/**
 * The steps' schemas, in wizard order.
 * @internal schema.test.ts runs each step's schema alone.
 */
export const STEP_SCHEMAS = [personalSchema, careerSchema, resumeSchema] as const;

export const formSchema = z
  .object({ ...personalShape, ...careerShape, ...resumeShape })
  .check(salaryOrder);

export type FormValues = z.input<typeof formSchema>;
export type FormOutput = z.output<typeof formSchema>;
export type FieldName = keyof FormValues;

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message for each invalid field of a schema, in field order.
 * @internal Pure, and tested directly in test/lengths.test.ts.
 */
export function fieldErrorsOf(schema: z.ZodMiniType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Every message of every invalid field, keyed by field (the server's 400 `errors`). */
export function messagesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'body');
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

/** Errors of one step (0-based). */
export function stepErrors(step: number, values: unknown): FieldErrors {
  const schema = STEP_SCHEMAS[step];
  return schema ? fieldErrorsOf(schema, values) : {};
}

/** The first step (0-based) whose fields are invalid, or null when every step is valid. */
export function firstInvalidStep(values: unknown, throughStep = STEP_SCHEMAS.length - 1) {
  for (let step = 0; step <= throughStep; step++) {
    if (Object.keys(stepErrors(step, values)).length > 0) return step;
  }
  return null;
}
