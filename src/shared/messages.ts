// Every user-facing sentence of docs/form.md and docs/api.md and docs/form.md, in one catalogue, as Lingui
// message descriptors (docs/languages.md; the few the page's first script says live in page-texts.ts,
// and are exported here with the rest): a stable id and the English text, the specification's own,
// which `npm run i18n` extracts into src/locales for translation. The page shows each in its
// language (`say`), the server in the request's (src/server/i18n.ts). Plain objects, not
// Lingui's macros: the browser tests import this file without a build. The English of each
// (FIELD_MESSAGES, …) stays exported for the callers and tests that want it.
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { LimitedField } from './constants.ts';
import {
  english,
  englishOf,
  FROM_RESUME_TEXT,
  LOADING_TOAST_TEXTS,
  REGISTRATION_TOAST_TEXTS,
  type Say,
  say,
} from './page-texts.ts';

export { english, type Say, say };

export const FIELD_TEXTS = {
  email: /*i18n*/ { id: 'field.email', message: 'Please enter a valid email address' },
  password: /*i18n*/ { id: 'field.password', message: 'Password must be at least 8 characters' },
  firstName: /*i18n*/ { id: 'field.firstName', message: 'First name is required' },
  lastName: /*i18n*/ { id: 'field.lastName', message: 'Last name is required' },
  zipRequired: /*i18n*/ { id: 'field.zipRequired', message: 'Zip code is required' },
  zipPattern: /*i18n*/ {
    id: 'field.zipPattern',
    message: 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
  },
  notNegative: /*i18n*/ { id: 'field.notNegative', message: 'Must be 0 or more' },
  notANumber: /*i18n*/ { id: 'field.notANumber', message: 'Enter a number' },
  salaryOrder: /*i18n*/ {
    id: 'field.salaryOrder',
    message: 'Maximum salary must be at least the minimum salary',
  },
  resumeFileType: /*i18n*/ {
    id: 'field.resumeFileType',
    message: 'Please upload a PDF, DOC, DOCX, TXT, or RTF file',
  },
  dropRejected: /*i18n*/ {
    id: 'field.dropRejected',
    message: 'Some files were rejected. Please check the file type.',
  },
  resumeTooLarge: /*i18n*/ {
    id: 'field.resumeTooLarge',
    message: 'File is too large. The maximum size is 5MB.',
  },
  url: /*i18n*/ { id: 'field.url', message: 'Please enter a valid URL' },
  nameUrl: /*i18n*/ { id: 'field.nameUrl', message: 'Names cannot contain web addresses' },
  phoneUrl: /*i18n*/ {
    id: 'field.phoneUrl',
    message: 'Phone numbers cannot contain web addresses',
  },
  resumeMissing: /*i18n*/ {
    id: 'field.resumeMissing',
    message: 'Please upload a resume or provide a resume URL',
  },
  resumeIncomplete: /*i18n*/ {
    id: 'field.resumeIncomplete',
    message: 'Resume information is incomplete. Please upload a resume or provide a resume URL.',
  },
} satisfies Record<string, MessageDescriptor>;
/** @internal The English the tests and e2e specs hold to the specification. */
export const FIELD_MESSAGES = /* @__PURE__ */ englishOf(FIELD_TEXTS);

/** The fields a "too long" message can name. */
export type TooLongField = LimitedField | 'resume_filename' | 'resume_filetype';

/** What each length-limited field is called in its English "too long" message. */
const FIELD_LABELS: Record<TooLongField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  password: 'Password',
  phone: 'Phone',
  zip_code: 'Zip code',
  home_town: 'Home town',
  desired_job_title: 'Desired job title',
  latest_job_title: 'Latest job title',
  key_skills: 'Key skills',
  country_id: 'Country',
  resume_url: 'Resume URL',
  registration_date: 'Registration date',
  resume_filename: 'Resume file name',
  resume_filetype: 'Resume file type',
};

/**
 * A whole number as en-US writes it, "10,000": what `toLocaleString('en-US')` gives, without it.
 * The schema builds its messages when the page's script is evaluated, and the first
 * toLocaleString there (the browser's number formatting data) cost a phone ~100 ms (issue 21).
 * @internal Pure, and tested directly in messages.test.ts.
 */
export const withThousands = (count: number): string =>
  count >= 1000
    ? `${withThousands(Math.floor(count / 1000))},${String(count % 1000).padStart(3, '0')}`
    : String(count);

/**
 * The message of a value longer than its field allows, naming the field and its limit; a zip
 * code too long to be one gets the zip code's own message. One message with the field's name
 * chosen in it, so that a language can agree the rest of the sentence with that name.
 */
export const tooLongText = (field: TooLongField, max: number): MessageDescriptor =>
  field === 'zip_code'
    ? FIELD_TEXTS.zipPattern
    : /*i18n*/ {
        id: 'field.tooLong',
        message:
          '{field, select, first_name {First name} last_name {Last name} email {Email} password {Password} phone {Phone} home_town {Home town} desired_job_title {Desired job title} latest_job_title {Latest job title} key_skills {Key skills} country_id {Country} resume_url {Resume URL} registration_date {Registration date} resume_filename {Resume file name} resume_filetype {Resume file type} other {This field}} must be at most {max} characters',
        values: { field, max: withThousands(max) },
      };

/** tooLongText in English. */
export const tooLongMessage = (field: TooLongField, max: number): string =>
  field === 'zip_code'
    ? FIELD_MESSAGES.zipPattern
    : `${FIELD_LABELS[field]} must be at most ${withThousands(max)} characters`;

/** tooLongText said as `say` says a message: in the page's language, else English. */
export const sayTooLong = (field: TooLongField, max: number): string =>
  i18n.locale ? i18n._(tooLongText(field, max)) : tooLongMessage(field, max);

/** Checks before the provider call, docs/form.md, in their order. */
export const CHECK_TEXTS = {
  email: /*i18n*/ { id: 'check.email', message: 'Invalid email address' },
  resumeContent: /*i18n*/ { id: 'check.resumeContent', message: 'Invalid resume content' },
  resumeUrl: /*i18n*/ { id: 'check.resumeUrl', message: 'Invalid resume URL format' },
  resumeMissing: /*i18n*/ {
    id: 'check.resumeMissing',
    message: 'Either a resume file or resume URL must be provided',
  },
  required: /*i18n*/ { id: 'check.required', message: 'Missing required fields' },
} satisfies Record<string, MessageDescriptor>;
/** @internal The English the tests and e2e specs hold to the specification. */
export const CHECK_MESSAGES = /* @__PURE__ */ englishOf(CHECK_TEXTS);

/**
 * A registration names a resume uploaded here that is no longer stored: not used in a
 * registration within RESUME_ORPHAN_MINUTES, so deleted (docs/api.md). On `resume_url`.
 */
export const RESUME_GONE_TEXT: MessageDescriptor = /*i18n*/ {
  id: 'check.resumeGone',
  message: 'Your uploaded resume is no longer stored. Please attach it again.',
};

export const UPLOAD_TOAST_TEXTS = {
  serverError: /*i18n*/ {
    id: 'uploadToast.serverError',
    message:
      'There was an error uploading your file to the server. Please try again or use a resume URL instead.',
  },
  processingError: /*i18n*/ {
    id: 'uploadToast.processingError',
    message: 'There was an error processing your file. Please try again.',
  },
  success: /*i18n*/ {
    id: 'uploadToast.success',
    message: 'Your resume has been uploaded successfully',
  },
  successWithoutPreview: /*i18n*/ {
    id: 'uploadToast.successWithoutPreview',
    message: 'Your resume has been uploaded successfully (without local preview)',
  },
  urlError: /*i18n*/ {
    id: 'uploadToast.urlError',
    message: 'There was an error validating your URL. Please try again.',
  },
} satisfies Record<string, MessageDescriptor>;
/** @internal The English the tests and e2e specs hold to the specification. */
export const UPLOAD_TOASTS = /* @__PURE__ */ englishOf(UPLOAD_TOAST_TEXTS);

/** Provider-status catalogue, docs/form.md. */
export const PROVIDER_TEXTS = {
  conflict: /*i18n*/ { id: 'provider.conflict', message: 'Candidate already exists' },
  invalidRequest: /*i18n*/ { id: 'provider.invalidRequest', message: 'Invalid request data' },
  unauthorized: /*i18n*/ {
    id: 'provider.unauthorized',
    message: 'Authentication failed. Please check your credentials.',
  },
  forbidden: /*i18n*/ {
    id: 'provider.forbidden',
    message: 'You do not have permission to register a candidate.',
  },
  unprocessable: /*i18n*/ {
    id: 'provider.unprocessable',
    message: 'Validation error. Please check your information.',
  },
  tooManyRequests: /*i18n*/ {
    id: 'provider.tooManyRequests',
    message: 'Too many requests. Please try again later.',
  },
  serverError: /*i18n*/ {
    id: 'provider.serverError',
    message: 'Server error. Please try again later.',
  },
  failed: /*i18n*/ { id: 'provider.failed', message: 'Registration failed' },
} satisfies Record<string, MessageDescriptor>;

/** docs/api.md: the server's own refusals of a registration before any provider call. */
export const SUBMISSION_TEXTS = {
  formToken: /*i18n*/ {
    id: 'submission.formToken',
    message: 'This form has expired. Please submit it again.',
  },
  busy: /*i18n*/ {
    id: 'submission.busy',
    message: 'Many candidates are registering right now. Please try again in a minute.',
  },
} satisfies Record<string, MessageDescriptor>;

export const providerStatusText = (status: number): MessageDescriptor => /*i18n*/ ({
  id: 'provider.statusFallback',
  message: 'Request failed with status code {status}',
  values: { status },
});

export const PROVIDER_MESSAGES = {
  .../* @__PURE__ */ englishOf(PROVIDER_TEXTS),
  statusFallback: (status: number) => `Request failed with status code ${status}`,
};

/**
 * docs/api.md: with OUTBOX=on, a registration the provider could not take now, kept for later
 * delivery. Not in page-texts.ts: only the registration's code says it, which loads with the
 * first input.
 */
export const QUEUED_TOAST_TEXT: MessageDescriptor = /*i18n*/ {
  id: 'registrationToast.queued',
  message:
    "We have your registration. The resume library is busy right now, so we will send it shortly. You don't need to do anything.",
};

/** @internal The English the tests and e2e specs hold to the specification. */
export const REGISTRATION_TOASTS = {
  .../* @__PURE__ */ englishOf(REGISTRATION_TOAST_TEXTS),
  queued: QUEUED_TOAST_TEXT.message as string,
  conflict: (jobBoardUrl: string) =>
    `A candidate with this email address is already registered. Please use a different email or try to log in at ${jobBoardUrl}/login`,
};

/** @internal The English the tests and e2e specs hold to the specification. */
export const LOADING_TOASTS = /* @__PURE__ */ englishOf(LOADING_TOAST_TEXTS);

/** Answers of POST /api/upload that are not spec sentences (docs/api.md leaves them open). */
export const UPLOAD_ERROR_TEXTS = {
  noFile: /*i18n*/ { id: 'upload.noFile', message: 'No file was uploaded' },
  empty: /*i18n*/ { id: 'upload.empty', message: 'The selected file is empty' },
  tooLarge: /*i18n*/ {
    id: 'upload.tooLarge',
    message: 'File is too large. The maximum size is 5MB.',
  },
  type: /*i18n*/ { id: 'upload.type', message: 'Please upload a PDF, DOC, DOCX, TXT, or RTF file' },
  contentMismatch: /*i18n*/ {
    id: 'upload.contentMismatch',
    message:
      'The file content does not match its type. Please upload a real PDF, DOC, DOCX, TXT, or RTF file.',
  },
  malformed: /*i18n*/ {
    id: 'upload.malformed',
    message: 'The upload could not be read. Please try again.',
  },
  storage: /*i18n*/ {
    id: 'upload.storage',
    message: 'The file could not be stored. Please try again.',
  },
  quota: /*i18n*/ {
    id: 'upload.quota',
    message: 'Resumes cannot be stored right now. Please try again later.',
  },
} satisfies Record<string, MessageDescriptor>;
/** @internal The English the tests and e2e specs hold to the specification. */
export const UPLOAD_ERRORS = /* @__PURE__ */ englishOf(UPLOAD_ERROR_TEXTS);

/** @internal The English the tests and e2e specs hold to the specification. */
export const FROM_RESUME_HINT = FROM_RESUME_TEXT.message as string;
