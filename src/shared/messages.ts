// Every user-facing sentence of spec §5, §8 and DESIGN §3, §5, in one catalogue. The server's
// own answers are Lingui message descriptors (DESIGN §8): a stable id and the English text, the
// specification's own, which `lingui extract` writes into src/locales; the server translates
// each into the request's language (src/server/i18n.ts). Plain objects, not Lingui's macros:
// the browser tests import this file without a build. The rest follows as the page learns
// Spanish (issue 29).
import type { MessageDescriptor } from '@lingui/core';
import type { LimitedField } from './constants.ts';

export const FIELD_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  zipRequired: 'Zip code is required',
  zipPattern: 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
  notNegative: 'Must be 0 or more',
  notANumber: 'Enter a number',
  salaryOrder: 'Maximum salary must be at least the minimum salary',
  resumeFileType: 'Please upload a PDF, DOC, DOCX, TXT, or RTF file',
  dropRejected: 'Some files were rejected. Please check the file type.',
  resumeTooLarge: 'File is too large. The maximum size is 5MB.',
  url: 'Please enter a valid URL',
  nameUrl: 'Names cannot contain web addresses',
  phoneUrl: 'Phone numbers cannot contain web addresses',
  resumeMissing: 'Please upload a resume or provide a resume URL',
  resumeIncomplete:
    'Resume information is incomplete. Please upload a resume or provide a resume URL.',
} as const;

/** What each length-limited field is called in its "too long" message. */
const FIELD_LABELS: Record<LimitedField | 'resume_filename' | 'resume_filetype', string> = {
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
 */
export const withThousands = (count: number): string =>
  count >= 1000
    ? `${withThousands(Math.floor(count / 1000))},${String(count % 1000).padStart(3, '0')}`
    : String(count);

/**
 * The message of a value longer than its field allows, naming the field and its limit; a zip
 * code too long to be one gets the zip code's own message.
 */
export const tooLongMessage = (field: keyof typeof FIELD_LABELS, max: number): string =>
  field === 'zip_code'
    ? FIELD_MESSAGES.zipPattern
    : `${FIELD_LABELS[field]} must be at most ${withThousands(max)} characters`;

/** The English text of each message, under the same keys. */
const englishOf = <K extends string>(messages: Record<K, MessageDescriptor>) =>
  Object.fromEntries(
    Object.entries<MessageDescriptor>(messages).map(([key, { message }]) => [key, message]),
  ) as Record<K, string>;

/** Checks before the provider call, spec §5, in their order. */
export const CHECKS = {
  email: /*i18n*/ { id: 'check.email', message: 'Invalid email address' },
  resumeContent: /*i18n*/ { id: 'check.resumeContent', message: 'Invalid resume content' },
  resumeUrl: /*i18n*/ { id: 'check.resumeUrl', message: 'Invalid resume URL format' },
  resumeMissing: /*i18n*/ {
    id: 'check.resumeMissing',
    message: 'Either a resume file or resume URL must be provided',
  },
  required: /*i18n*/ { id: 'check.required', message: 'Missing required fields' },
} satisfies Record<string, MessageDescriptor>;
export const CHECK_MESSAGES = englishOf(CHECKS);

export const UPLOAD_TOASTS = {
  serverError:
    'There was an error uploading your file to the server. Please try again or use a resume URL instead.',
  processingError: 'There was an error processing your file. Please try again.',
  success: 'Your resume has been uploaded successfully',
  successWithoutPreview: 'Your resume has been uploaded successfully (without local preview)',
  urlError: 'There was an error validating your URL. Please try again.',
} as const;

/** Provider-status catalogue, spec §8. */
export const PROVIDER_MESSAGES = {
  conflict: 'Candidate already exists',
  invalidRequest: 'Invalid request data',
  unauthorized: 'Authentication failed. Please check your credentials.',
  forbidden: 'You do not have permission to register a candidate.',
  unprocessable: 'Validation error. Please check your information.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  failed: 'Registration failed',
  statusFallback: (status: number) => `Request failed with status code ${status}`,
} as const;

/** Registration toasts, spec §8 and DESIGN §3. */
export const REGISTRATION_TOASTS = {
  failed: 'Registration failed. Please try again.',
  conflict: (jobBoardUrl: string) =>
    `A candidate with this email address is already registered. Please use a different email or try to log in at ${jobBoardUrl}/login`,
  checkInformation: 'Please check your information and try again.',
  serverError: 'Our server encountered an error. Please try again later.',
  success:
    'Registration Successful! You can now log in to Resume Library with your email and password.',
  randomData: 'Random data has been generated for testing',
} as const;

/** A part of the form's code that loads on demand and did not arrive (a phone between networks). */
export const LOADING_TOASTS = {
  failed: 'We could not load part of the form. Check your connection and try again.',
} as const;

/** Answers of POST /api/upload that are not spec sentences (DESIGN §3 leaves them open). */
export const UPLOAD_FAILURES = {
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
} satisfies Record<string, MessageDescriptor>;
export const UPLOAD_ERRORS = englishOf(UPLOAD_FAILURES);

/**
 * The mark on a field the resume filled, until the candidate edits it (DESIGN §7). The button's
 * own texts are in web/autofill/texts.ts, which loads only with the button.
 */
export const FROM_RESUME_HINT = 'From your resume — please check';
