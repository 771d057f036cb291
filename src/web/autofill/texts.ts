// "Start with your resume" on step 1 (DESIGN §7): the button, its hint and the status line. Apart
// from shared/messages.ts so that they load with the button, not with the first page.
export const AUTOFILL_TEXTS = {
  button: 'Start with your resume',
  hint: 'We read it on this device to fill in what we can. You check everything before you go on.',
  failed: 'We could not read your resume. Please fill in the form.',
  filled: (count: number) =>
    `We filled ${count} ${count === 1 ? 'field' : 'fields'} from your resume. Please check them.`,
} as const;
