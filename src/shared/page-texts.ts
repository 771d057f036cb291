// The texts the page's first script says itself (docs/languages.md): the toasts about loading and about
// registering, and the mark of a field the resume filled; with the way the page says a message.
// A module apart from messages.ts, which exports them with every other message, so that the first
// script carries none of the rest (the checks', the uploads' and the provider's messages, said
// only by code that loads later): `npm run size`.
import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * `message` in the page's language: the browser activates it before anything shows. English
 * where no language is active (the server, which translates its answers per request instead).
 */
export const say = (message: MessageDescriptor): string =>
  i18n.locale ? i18n._(message) : english(message);

/** A message's English, its `{name}` placeholders filled (no plural or select). */
export const english = (message: MessageDescriptor): string =>
  (message.message ?? message.id).replace(/\{(\w+)\}/g, (whole, name: string) =>
    String(message.values?.[name] ?? whole),
  );

/** How a caller has a message said: in a language it chose (the server's answers). */
export type Say = (message: MessageDescriptor) => string;

/** The English text of each message, under the same keys. */
export const englishOf = <K extends string>(messages: Record<K, MessageDescriptor>) =>
  Object.fromEntries(
    Object.entries<MessageDescriptor>(messages).map(([key, { message }]) => [key, message]),
  ) as Record<K, string>;

/** Registration toasts, docs/form.md and docs/api.md. */
export const REGISTRATION_TOAST_TEXTS = {
  failed: /*i18n*/ {
    id: 'registrationToast.failed',
    message: 'Registration failed. Please try again.',
  },
  checkInformation: /*i18n*/ {
    id: 'registrationToast.checkInformation',
    message: 'Please check your information and try again.',
  },
  serverError: /*i18n*/ {
    id: 'registrationToast.serverError',
    message: 'Our server encountered an error. Please try again later.',
  },
  success: /*i18n*/ {
    id: 'registrationToast.success',
    message:
      'Registration Successful! You can now log in to Resume Library with your email and password.',
  },
  randomData: /*i18n*/ {
    id: 'registrationToast.randomData',
    message: 'Random data has been generated for testing',
  },
} satisfies Record<string, MessageDescriptor>;

export const conflictText = (jobBoardUrl: string): MessageDescriptor => /*i18n*/ ({
  id: 'registrationToast.conflict',
  message:
    'A candidate with this email address is already registered. Please use a different email or try to log in at {jobBoardUrl}/login',
  values: { jobBoardUrl },
});

/** A part of the form's code that loads on demand and did not arrive (a phone between networks). */
export const LOADING_TOAST_TEXTS = {
  failed: /*i18n*/ {
    id: 'loading.failed',
    message: 'We could not load part of the form. Check your connection and try again.',
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * The mark on a field the resume filled, until the candidate edits it (docs/autofill.md). The button's
 * own texts are in web/autofill/texts.ts, beside the button, which only the browser shows.
 */
export const FROM_RESUME_TEXT: MessageDescriptor = /*i18n*/ {
  id: 'fromResume.hint',
  message: 'From your resume — please check',
};
