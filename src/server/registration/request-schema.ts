// The body of POST /api/register as the server re-parses it: the wizard's rules for what the
// wizard sends, lenient about what may be missing (the server fills defaults). Kept apart from
// schema.ts so that the browser bundle never carries it.
import * as z from 'zod/mini';
import {
  ELIGIBILITY_STATUSES,
  JOB_TYPES,
  MAX_RESUME_BYTES,
  MAX_RESUME_FIELD_LENGTHS,
} from '../../shared/constants.ts';
import { FIELD_TEXTS, say, sayTooLong } from '../../shared/messages.ts';
import {
  amount,
  educationLevel,
  flag,
  limitedText,
  personalShape,
  phone,
  salaryOrder,
  workExperience,
} from '../../shared/schema.ts';

/** Base64 of MAX_RESUME_BYTES, with room for whitespace around it (checkInlineResume trims it). */
export const MAX_RESUME_BASE64_LENGTH = Math.ceil(MAX_RESUME_BYTES / 3) * 4 + 1024;

const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const flagLike = z.union([flag, z.boolean(), z.literal(1), z.literal(0)]);

const resumeText = (field: keyof typeof MAX_RESUME_FIELD_LENGTHS) =>
  z.string().check(
    z.maxLength(MAX_RESUME_FIELD_LENGTHS[field], {
      error: () => sayTooLong(field, MAX_RESUME_FIELD_LENGTHS[field]),
    }),
  );

const uploadedResumeSchema = z.object({
  resume_content_base64: z
    .string()
    .check(z.maxLength(MAX_RESUME_BASE64_LENGTH, { error: () => say(FIELD_TEXTS.resumeTooLarge) })),
  resume_filename: optional(resumeText('resume_filename')),
  resume_filetype: optional(resumeText('resume_filetype')),
});

export const registrationRequestSchema = z
  .object({
    ...personalShape,
    phone: optional(phone),
    home_town: optional(limitedText('home_town')),
    country_id: optional(limitedText('country_id')),
    desired_job_title: optional(limitedText('desired_job_title')),
    latest_job_title: optional(limitedText('latest_job_title')),
    acceptable_job_types: optional(z.array(z.enum(JOB_TYPES))),
    salary_min: optional(amount),
    salary_max: optional(amount),
    education_level: optional(educationLevel),
    work_experience: optional(workExperience),
    key_skills: optional(limitedText('key_skills')),
    travel_radius: optional(amount),
    eligibility_status: optional(z.enum(ELIGIBILITY_STATUSES)),
    relocate: optional(flagLike),
    driving_license: optional(flagLike),
    registration_date: optional(z.iso.datetime({ offset: true })),
    resume_url: optional(limitedText('resume_url')),
    uploaded_resume: optional(uploadedResumeSchema),
  })
  .check(salaryOrder);

export type RegistrationRequest = z.output<typeof registrationRequestSchema>;
