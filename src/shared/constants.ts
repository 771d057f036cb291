// Business constants of spec §9 and DESIGN §2–§3, shared by browser and server.

export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

export const RESUME_TYPES = ['pdf', 'doc', 'docx', 'txt', 'rtf'] as const;
export type ResumeType = (typeof RESUME_TYPES)[number];

/** The Content-Type each stored resume is served with; also the MIME types accepted on upload. */
export const RESUME_MIME: Record<ResumeType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
};

export const JOB_TYPES = ['Permanent', 'Contract', 'Temp', 'Part Time'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const EDUCATION_LEVELS = [
  'High School',
  'Associates',
  'Bachelors',
  'Masters',
  'Doctorate',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const WORK_EXPERIENCE = ['0-1', '1-2', '3-5', '5-10', '10+'] as const;
export type WorkExperience = (typeof WORK_EXPERIENCE)[number];

export const ELIGIBILITY_STATUSES = [
  'auth_any_employer',
  'auth_current_employer',
  'auth_sponsorship',
] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

export const ELIGIBILITY_LABELS: Record<EligibilityStatus, string> = {
  auth_any_employer: 'Authorized for any employer',
  auth_current_employer: 'Authorized for current employer only',
  auth_sponsorship: 'Requires sponsorship',
};

export const PASSWORD_MIN_LENGTH = 8;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const ZIP_PROVIDER_LENGTH = 5;
export const DEFAULT_COUNTRY = 'US';

export const PROVIDER_TIMEOUT_MS = 30_000;
export const PROVIDER_REGISTER_PATH = '/v1/candidate/backfill/register';

export const TOAST_DURATION_MS = { default: 5_000, success: 5_000, error: 8_000 } as const;

export const STEP_TITLES = ['Personal Info', 'Career Info', 'Resume'] as const;
export const STEP_COUNT = STEP_TITLES.length;

/** Delay before the email field is focused and selected after a conflict (spec §4). */
export const CONFLICT_FOCUS_DELAY_MS = 500;
