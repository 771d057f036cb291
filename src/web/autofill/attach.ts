// The resume chosen on step 1 becomes the registration's resume (DESIGN §7), attached through
// the form as step 3 attaches one (resume/attach.ts), but only held: nothing leaves the device
// until the candidate reaches step 3, whose upload panel sends it with its own progress. A
// candidate who only wanted the autofill and leaves stores nothing on the server.
// The one place the autofill touches the resume.
import { claimedResumeType } from '../../shared/resume-type.ts';
import { attachResume } from '../resume/attach.ts';
import type { WizardForm } from '../wizard/form.ts';

export function attachResumeFile(file: File, form: WizardForm): void {
  const filetype = claimedResumeType(file.name, file.type);
  if (filetype) attachResume(form, { filename: file.name, filetype, pending: file });
}
