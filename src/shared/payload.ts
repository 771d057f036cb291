// What leaves the browser (spec §4: resume precedence and submit defaults) and what the
// server sends to the provider (spec §3: sanitising and provider-call defaults).
import { DEFAULT_COUNTRY, JOB_TYPES, ZIP_PROVIDER_LENGTH } from './constants.ts';
import { FIELD_MESSAGES } from './messages.ts';
import type { RegistrationRequest } from './request-schema.ts';
import type { FormOutput } from './schema.ts';
import { withHttps } from './url.ts';

/** What the browser knows of a resume it uploaded or generated (spec §3, local info). */
export interface UploadedResumeInfo {
  url?: string;
  filename?: string;
  filetype?: string;
  base64?: string;
}

export interface UploadedResume {
  resume_content_base64: string;
  resume_filename: string;
  resume_filetype: string;
}

export type RegistrationBody = Omit<FormOutput, 'resume_url'> & {
  resume_url: string;
  uploaded_resume: UploadedResume | null;
  registration_date: string;
};

export type Submission = { ok: true; body: RegistrationBody } | { ok: false; message: string };

type ResumePart = Pick<RegistrationBody, 'resume_url' | 'uploaded_resume'>;

/** Resume source precedence at submit (spec §4). */
export function resumeForSubmit(
  resumeUrl: string,
  uploaded: UploadedResumeInfo | null,
): ResumePart | { message: string } {
  if (resumeUrl.trim() !== '') return { resume_url: resumeUrl.trim(), uploaded_resume: null };
  if (!uploaded) return { message: FIELD_MESSAGES.resumeMissing };
  if (uploaded.url) return { resume_url: uploaded.url, uploaded_resume: null };
  if (uploaded.base64) {
    return {
      resume_url: '',
      uploaded_resume: {
        resume_content_base64: uploaded.base64,
        resume_filename: uploaded.filename || 'resume.txt',
        resume_filetype: uploaded.filetype || 'txt',
      },
    };
  }
  return { message: FIELD_MESSAGES.resumeIncomplete };
}

/** The body the browser posts to /api/register, or the message that blocks the submit. */
export function buildSubmission(
  values: FormOutput,
  uploaded: UploadedResumeInfo | null,
  now: Date,
): Submission {
  const resume = resumeForSubmit(values.resume_url, uploaded);
  if ('message' in resume) return { ok: false, message: resume.message };
  return {
    ok: true,
    body: {
      ...values,
      ...resume,
      country_id: values.country_id || DEFAULT_COUNTRY,
      acceptable_job_types:
        values.acceptable_job_types.length > 0 ? values.acceptable_job_types : [JOB_TYPES[0]],
      registration_date: now.toISOString(),
    },
  };
}

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

export const sanitiseEmail = (email: string) => email.trim().toLowerCase();
export const sanitisePhone = (phone: string) => phone.replace(/[^\d+]/g, '');
export const sanitiseZip = (zip: string) =>
  zip.replace(/[^\d-]/g, '').slice(0, ZIP_PROVIDER_LENGTH);

function toFlag(value: RegistrationRequest['relocate']): '1' | '0' {
  return value === '1' || value === true || value === 1 ? '1' : '0';
}

/**
 * Sanitises a checked request and fills the provider-call defaults (spec §3). A resume file,
 * when given, wins over a URL, as in the order of the checks before the call (spec §5).
 */
export function toProviderCandidate(request: RegistrationRequest, now: Date): ProviderCandidate {
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
          resume_content_base64: file.resume_content_base64.trim(),
          resume_filename: file.resume_filename || 'resume.pdf',
          resume_filetype: file.resume_filetype || 'pdf',
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
