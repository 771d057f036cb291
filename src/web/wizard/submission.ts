// What leaves the browser (spec §4: resume precedence and submit defaults).
import { DEFAULT_COUNTRY, JOB_TYPES } from '../../shared/constants.ts';
import type { UploadedResume } from '../../shared/contract.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import type { FormOutput } from '../../shared/schema.ts';

/** What the browser knows of a resume it uploaded or generated (spec §3, local info). */
export interface UploadedResumeInfo {
  url?: string;
  filename?: string;
  filetype?: string;
  base64?: string;
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
