// The resume chosen on step 1 becomes the registration's resume (DESIGN §7): uploaded as step 3
// uploads a file (POST /api/upload through api.ts, the same name, and resumeFromUpload's toasts
// and local preview), then attached through the form as step 3 attaches it (resume/attach.ts).
// The one place the autofill touches the resume.
import { claimedResumeType } from '../../shared/resume-type.ts';
import { uploadFilename } from '../../shared/upload-name.ts';
import { uploadResume } from '../api.ts';
import { attachResume } from '../resume/attach.ts';
import { resumeFromUpload } from '../resume/useUpload.ts';
import type { WizardForm } from '../wizard/form.ts';

export async function attachResumeFile(file: File, form: WizardForm): Promise<void> {
  const filetype = claimedResumeType(file.name, file.type);
  if (!filetype) return;
  const uniqueName = uploadFilename(file.name, Date.now(), Math.random);
  const result = await uploadResume(file, uniqueName, () => undefined).result;
  const resume = await resumeFromUpload(file, filetype, result, (message) =>
    form.setError('resume', { type: 'upload', message }),
  );
  if (resume) attachResume(form, resume);
}
