// How a resume is attached to step 3: through the form, like every other answer. A file takes one
// path wherever it was chosen (step 3's drop zone and picker, step 1's "Start with your resume"):
// `chooseResume` checks it, once, and holds it; step 3's upload panel sends what is held
// (steps/useUpload.ts); `attachResume` puts what it gave back, or a link, in the form.
import type { UseFormReturn } from 'react-hook-form';
import type { FIELD_TEXTS } from '../shared/messages.ts';
import { claimedResumeType } from '../shared/resume-type.ts';
import type { AttachedResume, FormValues, ResumeFile } from '../shared/schema.ts';

/** A chosen file, checked and held on this device until step 3 sends it. */
export type HeldResume = ResumeFile & { pending: File };

/**
 * The one check of what the candidate chose (the server's own rule: shared/resume-type.ts): one
 * file, within `maxBytes`, of a type we take. The resume to hold, or the field's message (its key
 * in FIELD_TEXTS, which the callers' chunks hold already).
 */
export function chooseResume(
  files: readonly File[],
  maxBytes: number,
): HeldResume | keyof typeof FIELD_TEXTS {
  const [file] = files;
  if (files.length !== 1 || !file) return 'resumeFileType';
  if (file.size > maxBytes) return 'resumeTooLarge';
  const filetype = claimedResumeType(file.name, file.type);
  return filetype ? { filename: file.name, filetype, pending: file } : 'resumeFileType';
}

/** Whether the attached resume is a file held but not yet sent (chosen on step 1). */
export const isHeld = (resume: AttachedResume | null): resume is HeldResume =>
  !!resume && 'pending' in resume && !!resume.pending;

type ResumeForm = Pick<UseFormReturn<FormValues>, 'setValue' | 'clearErrors'>;

/** Attaches `resume` in place of any link or file before it, and clears the resume's message. */
export function attachResume({ setValue, clearErrors }: ResumeForm, resume: AttachedResume): void {
  setValue('resume', resume, { shouldDirty: true });
  clearErrors('resume');
}
