// What leaves the browser (docs/form.md: resume precedence and submit defaults). Whether a resume is
// there at all is the form's rule (src/shared/schema.ts), checked before this runs.
import { DEFAULT_COUNTRY } from '../../shared/constants.ts';
import { DELETE_TOKEN_FIELD, type UploadedResume } from '../../shared/contract.ts';
import type { AttachedResume, FormOutput } from '../../shared/schema.ts';
import { DEFAULT_JOB_TYPE } from '../texts.ts';

export type RegistrationBody = Omit<FormOutput, 'resume'> & {
  resume_url: string;
  resume_delete_token?: string;
  uploaded_resume: UploadedResume | null;
  registration_date: string;
};

type ResumePart = Pick<RegistrationBody, 'resume_url' | 'uploaded_resume' | 'resume_delete_token'>;

/**
 * Resume source precedence at submit (docs/form.md): a link, else the uploaded file's URL, else its bytes.
 * @internal Pure, and tested directly in submission.test.ts.
 */
export function resumeForSubmit(resume: AttachedResume): ResumePart {
  if ('url' in resume) return { resume_url: resume.url.trim(), uploaded_resume: null };
  if (resume.uploadedUrl) {
    const proof = resume.deleteToken ? { [DELETE_TOKEN_FIELD]: resume.deleteToken } : {};
    return { resume_url: resume.uploadedUrl, uploaded_resume: null, ...proof };
  }
  return {
    resume_url: '',
    uploaded_resume: {
      resume_content_base64: resume.base64 ?? '',
      resume_filename: resume.filename || 'resume.txt',
      resume_filetype: resume.filetype || 'txt',
    },
  };
}

/** The body the browser posts to /api/register for values the form's checks accepted. */
export function buildSubmission(values: FormOutput, now: Date): RegistrationBody {
  const { resume, ...answers } = values;
  return {
    ...answers,
    ...resumeForSubmit(resume),
    country_id: values.country_id || DEFAULT_COUNTRY,
    acceptable_job_types:
      values.acceptable_job_types.length > 0 ? values.acceptable_job_types : [DEFAULT_JOB_TYPE],
    registration_date: now.toISOString(),
  };
}
