// How a resume is attached to step 3: through the form, like every other answer. The upload and
// link tabs use it; so may anything else that has a resume for the candidate (e.g. autofill):
//   attachResume(useFormContext<FormValues>(), { filename, filetype, uploadedUrl })
import type { UseFormReturn } from 'react-hook-form';
import type { AttachedResume, FormValues } from '../../shared/schema.ts';

type ResumeForm = Pick<UseFormReturn<FormValues>, 'setValue' | 'clearErrors'>;

/** Attaches `resume` in place of any link or file before it, and clears the resume's message. */
export function attachResume({ setValue, clearErrors }: ResumeForm, resume: AttachedResume): void {
  setValue('resume', resume, { shouldDirty: true });
  clearErrors('resume');
}
