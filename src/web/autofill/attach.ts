// The resume chosen on step 1 becomes the registration's resume (DESIGN §7): uploaded as step 3
// uploads a file (POST /api/upload through api.ts, the same name, toasts and local preview),
// then attached as step 3 attaches it. The one place the autofill touches the resume.
import { PROVIDER_MESSAGES, UPLOAD_TOASTS } from '../../shared/messages.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import { uploadFilename } from '../../shared/upload-name.ts';
import { readAsBase64, uploadResume } from '../api.ts';
import { notify } from '../toast.tsx';
import type { UploadedResumeInfo } from '../wizard/submission.ts';
import type { Wizard } from './autofill.ts';

export async function attachResumeFile(file: File, wizard: Wizard): Promise<void> {
  const filetype = claimedResumeType(file.name, file.type);
  if (!filetype) return;
  const uniqueName = uploadFilename(file.name, Date.now(), Math.random);
  const result = await uploadResume(file, uniqueName, () => undefined).result;
  if (!result.ok) {
    if (result.error && (result.status === 413 || result.status === 415)) {
      wizard.setResumeError(result.error);
    }
    notify(
      'error',
      result.status === 429 ? PROVIDER_MESSAGES.tooManyRequests : UPLOAD_TOASTS.serverError,
    );
    return;
  }
  const info: UploadedResumeInfo = { url: result.url, filename: file.name, filetype };
  try {
    info.base64 = await readAsBase64(file);
    notify('success', UPLOAD_TOASTS.success);
  } catch {
    notify('success', UPLOAD_TOASTS.successWithoutPreview);
  }
  wizard.form.setValue('resume_url', '', { shouldDirty: true });
  wizard.setResume(info);
  wizard.setResumeError(null);
}
