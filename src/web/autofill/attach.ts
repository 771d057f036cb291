// The resume chosen on step 1 becomes the registration's resume (DESIGN §7): uploaded as step 3
// uploads a file (POST /api/upload through api.ts, the same name, toasts and local preview),
// then attached through the form as step 3 attaches it (resume/attach.ts). The one place the
// autofill touches the resume.
import { PROVIDER_MESSAGES, UPLOAD_TOASTS } from '../../shared/messages.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import type { ResumeFile } from '../../shared/schema.ts';
import { uploadFilename } from '../../shared/upload-name.ts';
import { readAsBase64, uploadResume } from '../api.ts';
import { attachResume } from '../resume/attach.ts';
import { notify } from '../toast.tsx';
import type { WizardForm } from '../wizard/form.ts';

export async function attachResumeFile(file: File, form: WizardForm): Promise<void> {
  const filetype = claimedResumeType(file.name, file.type);
  if (!filetype) return;
  const uniqueName = uploadFilename(file.name, Date.now(), Math.random);
  const result = await uploadResume(file, uniqueName, () => undefined).result;
  if (!result.ok) {
    if (result.error && (result.status === 413 || result.status === 415)) {
      form.setError('resume', { type: 'upload', message: result.error });
    }
    notify(
      'error',
      result.status === 429 ? PROVIDER_MESSAGES.tooManyRequests : UPLOAD_TOASTS.serverError,
    );
    return;
  }
  const resume: ResumeFile = { filename: file.name, filetype, uploadedUrl: result.url };
  try {
    resume.base64 = await readAsBase64(file);
    notify('success', UPLOAD_TOASTS.success);
  } catch {
    notify('success', UPLOAD_TOASTS.successWithoutPreview);
  }
  attachResume(form, resume);
}
