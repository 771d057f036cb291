// Names the page shows in more than one place: the steps, and the options of step 2 (their
// values, what the provider receives, stay English: shared/constants.ts). Lingui descriptors,
// translated where they are shown (docs/languages.md).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  EducationLevel,
  EligibilityStatus,
  JobType,
  WorkExperience,
} from '../shared/constants.ts';

/** The steps' titles, in order (the glossary's names). */
export const STEP_TITLE_TEXTS = [msg`Personal Info`, msg`Career Info`, msg`Resume`] as const;

/**
 * The job type of a candidate who ticks none (docs/form.md): sent at submit, shown on Check your
 * answers and named in step 2's hint.
 */
export const DEFAULT_JOB_TYPE: JobType = 'Permanent';

export const JOB_TYPE_TEXTS: Record<JobType, MessageDescriptor> = {
  Permanent: msg`Permanent`,
  Contract: msg`Contract`,
  Temp: msg`Temp`,
  'Part Time': msg`Part Time`,
};

export const EDUCATION_TEXTS: Record<EducationLevel, MessageDescriptor> = {
  'High School': msg`High School`,
  Associates: msg`Associates`,
  Bachelors: msg`Bachelors`,
  Masters: msg`Masters`,
  Doctorate: msg`Doctorate`,
};

export const ELIGIBILITY_TEXTS: Record<EligibilityStatus, MessageDescriptor> = {
  auth_any_employer: msg`Authorized for any employer`,
  auth_current_employer: msg`Authorized for current employer only`,
  auth_sponsorship: msg`Requires sponsorship`,
};

/** "3-5 years". */
export const experienceText = (years: WorkExperience): MessageDescriptor => msg`${years} years`;

/** The page's `<title>`, and the heading's text. */
export const PAGE_TITLE = msg`Resume Library Registration`;
/** The page's `<meta name="description">`. */
export const PAGE_DESCRIPTION = msg`Register as a candidate in the resume library in three short steps.`;

/**
 * What the page may say before the rest of its catalogue arrives (with the code the first input
 * fetches), beyond what its prerendered first step says: the page carries these inline too
 * (ssr.tsx). The password's Hide, a step's stand-in while its code loads, the toasts' names (the
 * toast that says a download failed among them: the rest of the catalogue may be what failed),
 * and the question "Clear this form" asks, which may come before anything else is typed.
 * A restored draft's notice loads with the rest (steps/lazy.ts).
 */
export const EARLY_TEXTS = {
  hide: msg`Hide`,
  loading: msg`Loading…`,
  notifications: msg`Notifications alt+T`,
  closeToast: msg`Close toast`,
  clearQuestion: msg`Clear every answer saved on this device? This cannot be undone.`,
  clearConfirm: msg`Clear the form`,
  clearKeep: msg`Keep my answers`,
} as const;
