// "Start with your resume" on step 1 (docs/autofill.md): the button, its hint and the status line, as
// Lingui descriptors with explicit ids (the browser tests import this file without a build),
// and in English. Beside the button, which only the browser shows; the button and these texts
// are in the first page (ResumeButton.tsx), its behaviour loads once a file is chosen.
import type { MessageDescriptor } from '@lingui/core';

export const AUTOFILL_MESSAGES = {
  button: /*i18n*/ { id: 'autofill.button', message: 'Start with your resume' },
  hint: /*i18n*/ {
    id: 'autofill.hint',
    message:
      'We read it on this device to fill in what we can. You check everything before you go on.',
  },
  failed: /*i18n*/ {
    id: 'autofill.failed',
    message: 'We could not read your resume. Please fill in the form.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The status line after filling `count` fields. */
export const filledMessage = (count: number): MessageDescriptor => /*i18n*/ ({
  id: 'autofill.filled',
  message:
    '{count, plural, one {We filled # field from your resume. Please check them.} other {We filled # fields from your resume. Please check them.}}',
  values: { count },
});

/** @internal The English the tests and e2e specs hold to the specification. */
export const AUTOFILL_TEXTS = {
  button: AUTOFILL_MESSAGES.button.message,
  hint: AUTOFILL_MESSAGES.hint.message,
  failed: AUTOFILL_MESSAGES.failed.message,
  filled: (count: number) =>
    `We filled ${count} ${count === 1 ? 'field' : 'fields'} from your resume. Please check them.`,
} as const;
