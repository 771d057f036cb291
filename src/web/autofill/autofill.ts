// "Start with your resume" (docs/autofill.md): the chosen file is read on this device, the empty fields
// are filled and marked, and the same file is attached as the resume. This module loads only when
// the candidate chooses a file; the readers, the extraction and pdf.js load then too, in the
// reader's worker (read-in-worker.ts), off the page's thread. Only step 3's upload of the attached
// file sends it anywhere.

import type { MessageDescriptor } from '@lingui/core';
import { MAX_RESUME_BYTES } from '../../shared/constants.ts';
import { FIELD_TEXTS } from '../../shared/messages.ts';
import { report } from '../funnel/index.ts';
import { attachResume, chooseResume } from '../resume.ts';
import type { useWizard } from '../wizard/index.ts';
import { fieldsToFill } from './fill.ts';
import { readInWorker, startReader } from './read-in-worker.ts';
import { AUTOFILL_MESSAGES, filledMessage } from './texts.ts';
import { validFields } from './valid.ts';

export type Wizard = Pick<ReturnType<typeof useWizard>, 'form' | 'draft'>;

/** Reads `file`, fills what it can and attaches it; the status line to show. */
export async function autofillFrom(file: File, wizard: Wizard): Promise<MessageDescriptor> {
  const resume = chooseResume([file], MAX_RESUME_BYTES);
  if (typeof resume === 'string') return FIELD_TEXTS[resume];
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The worker gives what it found; the form's own check keeps what the form would take.
  const found = validFields(await readInWorker(bytes, startReader()));
  if (Object.keys(found).length === 0) return AUTOFILL_MESSAGES.failed;

  const { form, draft } = wizard;
  // Edited means changed: a field the candidate only passed through is still theirs to fill.
  const fill = fieldsToFill(found, (name) => ({
    value: form.getValues(name),
    edited: form.getFieldState(name).isDirty,
  }));
  for (const [name, value] of fill) form.setValue(name, value);
  form.clearErrors(fill.map(([name]) => name));
  const filled = fill.map(([name]) => name);
  draft.setFromResume((marked) => [...new Set([...marked, ...filled])]);
  attachResume(form, resume);
  // The funnel hears that it filled, how many and from which format (docs/operations.md).
  report({ type: 'autofill', format: resume.filetype, filled: filled.length });
  return filledMessage(filled.length);
}
