// The body of POST /api/register as the server re-parses it: the wizard's rules for what the
// wizard sends, lenient about what may be missing (the server fills defaults). Kept apart from
// schema.ts so that the browser bundle never carries it.
import * as z from 'zod/mini';
import { ELIGIBILITY_STATUSES, JOB_TYPES, MAX_RESUME_BYTES } from './constants.ts';
import { FIELD_MESSAGES as M } from './messages.ts';
import {
  amount,
  educationLevel,
  flag,
  personalShape,
  phone,
  salaryOrder,
  workExperience,
} from './schema.ts';

const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const flagLike = z.union([flag, z.boolean(), z.literal(1), z.literal(0)]);

/** Base64 of MAX_RESUME_BYTES, with room for line breaks some encoders add. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_RESUME_BYTES / 3) * 4 + 1024;

export const uploadedResumeSchema = z.object({
  resume_content_base64: z
    .string()
    .check(z.maxLength(MAX_BASE64_LENGTH, { error: M.resumeTooLarge })),
  resume_filename: optional(z.string()),
  resume_filetype: optional(z.string()),
});

export const registrationRequestSchema = z
  .object({
    ...personalShape,
    phone: optional(phone),
    home_town: optional(z.string()),
    country_id: optional(z.string()),
    desired_job_title: optional(z.string()),
    latest_job_title: optional(z.string()),
    acceptable_job_types: optional(z.array(z.enum(JOB_TYPES))),
    salary_min: optional(amount),
    salary_max: optional(amount),
    education_level: optional(educationLevel),
    work_experience: optional(workExperience),
    key_skills: optional(z.string()),
    travel_radius: optional(amount),
    eligibility_status: optional(z.enum(ELIGIBILITY_STATUSES)),
    relocate: optional(flagLike),
    driving_license: optional(flagLike),
    registration_date: optional(z.iso.datetime({ offset: true })),
    resume_url: optional(z.string()),
    uploaded_resume: optional(uploadedResumeSchema),
  })
  .check(salaryOrder);

export type RegistrationRequest = z.output<typeof registrationRequestSchema>;
