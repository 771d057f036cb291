// What the server sends to the provider (docs/form.md: sanitising and provider-call defaults).

import * as z from 'zod/mini';
import { DEFAULT_COUNTRY } from '../../shared/constants.ts';
import type { UploadedResume } from '../../shared/contract.ts';
import { withHttps } from '../../shared/url.ts';
import type { CheckedRequest } from './checks.ts';
import type { RegistrationRequest } from './request-schema.ts';

/** The candidate record exactly as the provider receives it. */
export interface ProviderCandidate {
  first_name: string;
  last_name: string;
  country_id: string;
  home_town: string;
  desired_job_title: string;
  latest_job_title: string;
  email: string;
  password: string;
  uploaded_resume: UploadedResume | null;
  resume_url: string;
  acceptable_job_types: string[];
  phone: string;
  zip_code: string;
  salary_min: number;
  salary_max: number;
  travel_radius: number;
  education_level: string;
  work_experience: string;
  relocate: '1' | '0';
  driving_license: '1' | '0';
  eligibility_status: string;
  key_skills: string;
  registration_date: string;
}

/** Every key of the provider's candidate record, each once: the compiler keeps it whole. */
const CANDIDATE_KEYS: Record<keyof ProviderCandidate, true> = {
  first_name: true,
  last_name: true,
  country_id: true,
  home_town: true,
  desired_job_title: true,
  latest_job_title: true,
  email: true,
  password: true,
  uploaded_resume: true,
  resume_url: true,
  acceptable_job_types: true,
  phone: true,
  zip_code: true,
  salary_min: true,
  salary_max: true,
  travel_radius: true,
  education_level: true,
  work_experience: true,
  relocate: true,
  driving_license: true,
  eligibility_status: true,
  key_skills: true,
  registration_date: true,
};

export const PROVIDER_CANDIDATE_KEYS = Object.keys(CANDIDATE_KEYS) as (keyof ProviderCandidate)[];

/** The zip code's length in the provider's record: ZIP+4's extension is cut off. */
const ZIP_PROVIDER_LENGTH = 5;

/** @internal Pure, and tested directly in provider-candidate.test.ts. */
export const sanitiseEmail = (email: string) => email.trim().toLowerCase();
/** @internal Pure, and tested directly in provider-candidate.test.ts. */
export const sanitisePhone = (phone: string) => phone.replace(/[^\d+]/g, '');
/** @internal Pure, and tested directly in provider-candidate.test.ts. */
export const sanitiseZip = (zip: string) =>
  zip.replace(/[^\d-]/g, '').slice(0, ZIP_PROVIDER_LENGTH);

function toFlag(value: RegistrationRequest['relocate']): '1' | '0' {
  return value === '1' || value === true || value === 1 ? '1' : '0';
}

/**
 * Sanitises a checked request and fills the provider-call defaults (docs/form.md). A resume file,
 * when given, wins over a URL, as in the order of the checks before the call (docs/form.md); it is
 * named by the type its first bytes proved, never by the name or type the candidate sent.
 */
export function toProviderCandidate(request: CheckedRequest, now: Date): ProviderCandidate {
  const file = request.uploaded_resume;
  return {
    first_name: request.first_name.trim(),
    last_name: request.last_name.trim(),
    country_id: request.country_id || DEFAULT_COUNTRY,
    home_town: request.home_town?.trim() ?? '',
    desired_job_title: request.desired_job_title?.trim() ?? '',
    latest_job_title: request.latest_job_title?.trim() ?? '',
    email: sanitiseEmail(request.email),
    password: request.password,
    uploaded_resume: file
      ? {
          resume_content_base64: file.base64,
          resume_filename: `resume.${file.type}`,
          resume_filetype: file.type,
        }
      : null,
    resume_url: file || !request.resume_url ? '' : withHttps(request.resume_url),
    acceptable_job_types: request.acceptable_job_types ?? [],
    phone: sanitisePhone(request.phone ?? ''),
    zip_code: sanitiseZip(request.zip_code),
    salary_min: request.salary_min ?? 0,
    salary_max: request.salary_max ?? 0,
    travel_radius: request.travel_radius ?? 0,
    education_level: request.education_level ?? '',
    work_experience: request.work_experience ?? '',
    relocate: toFlag(request.relocate),
    driving_license: toFlag(request.driving_license),
    eligibility_status: request.eligibility_status ?? 'auth_any_employer',
    key_skills: request.key_skills?.trim() ?? '',
    registration_date: request.registration_date || now.toISOString(),
  };
}

const FLAG = z.enum(['1', '0']);
const CANDIDATE_SCHEMA = z.object({
  first_name: z.string(),
  last_name: z.string(),
  country_id: z.string(),
  home_town: z.string(),
  desired_job_title: z.string(),
  latest_job_title: z.string(),
  email: z.string(),
  password: z.string(),
  uploaded_resume: z.nullable(
    z.object({
      resume_content_base64: z.string(),
      resume_filename: z.string(),
      resume_filetype: z.string(),
    }),
  ),
  resume_url: z.string(),
  acceptable_job_types: z.array(z.string()),
  phone: z.string(),
  zip_code: z.string(),
  salary_min: z.number(),
  salary_max: z.number(),
  travel_radius: z.number(),
  education_level: z.string(),
  work_experience: z.string(),
  relocate: FLAG,
  driving_license: FLAG,
  eligibility_status: z.string(),
  key_skills: z.string(),
  registration_date: z.string(),
} satisfies Record<keyof ProviderCandidate, unknown>);

/**
 * Whether `value` has the provider record's shape, every key with its type: what an outbox entry
 * must hold once opened, or it is dead-lettered (docs/outbox.md).
 */
export const isProviderCandidate = (value: unknown): value is ProviderCandidate =>
  CANDIDATE_SCHEMA.safeParse(value).success;
