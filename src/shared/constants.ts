// Business constants of docs/form.md and README.md–§3, shared by browser and server. This file
// imports nothing: the schema is built from it, never the other way round.

export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

/**
 * The longest value each text field of the candidate may hold (UTF-16 code units, as the
 * browser counts them): far beyond any real person's, and checked before any pattern runs so
 * that no request can make the server scan megabytes (docs/decisions/008). The email's is RFC
 * 5321's path limit; the resume URL's, the classic 2,048 that browsers and crawlers honour.
 */
export const MAX_LENGTHS = {
  first_name: 100,
  last_name: 100,
  email: 254,
  password: 128,
  phone: 30,
  zip_code: 10,
  home_town: 100,
  desired_job_title: 150,
  latest_job_title: 150,
  key_skills: 1_000,
  country_id: 16,
  resume_url: 2_048,
  registration_date: 64,
} as const;
export type LimitedField = keyof typeof MAX_LENGTHS;

/** The same, for the text fields of an uploaded_resume object. */
export const MAX_RESUME_FIELD_LENGTHS = {
  resume_filename: 255,
  resume_filetype: 16,
} as const;

export const RESUME_TYPES = ['pdf', 'doc', 'docx', 'txt', 'rtf'] as const;
export type ResumeType = (typeof RESUME_TYPES)[number];
export const isResumeType = (value: unknown): value is ResumeType =>
  (RESUME_TYPES as readonly unknown[]).includes(value);

/** The Content-Type each stored resume is served with; also the MIME types accepted on upload. */
export const RESUME_MIME: Record<ResumeType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  rtf: 'application/rtf',
};

/** The `accept` attribute of the file pickers: each allowed resume's MIME type and extension. */
export const RESUME_ACCEPT = RESUME_TYPES.flatMap((type) => [RESUME_MIME[type], `.${type}`]).join();

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

export const PASSWORD_MIN_LENGTH = 8;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const DEFAULT_COUNTRY = 'US';

export const STEP_TITLES = ['Personal Info', 'Career Info', 'Resume'] as const;
export const STEP_COUNT = STEP_TITLES.length;

/**
 * The form's fields, step by step (docs/form.md): the one list of their names. The shared schema's
 * shapes are checked against it by the compiler, and the browser reads it without loading the
 * schema (the rules load on the first input, web/wizard/form.ts).
 */
export const STEP_FIELDS = [
  ['first_name', 'last_name', 'email', 'password', 'phone', 'zip_code', 'home_town'],
  [
    'desired_job_title',
    'latest_job_title',
    'acceptable_job_types',
    'salary_min',
    'salary_max',
    'education_level',
    'work_experience',
    'key_skills',
    'travel_radius',
    'eligibility_status',
    'relocate',
    'driving_license',
  ],
  ['country_id', 'resume'],
] as const;

/**
 * Initial form values, docs/form.md. Typed from the lists above, not from the schema's FormValues
 * (the schema imports this file); every place that takes them as FormValues checks they fit.
 */
export const INITIAL_VALUES = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  phone: '',
  zip_code: '',
  home_town: '',
  country_id: DEFAULT_COUNTRY,
  desired_job_title: '',
  latest_job_title: '',
  acceptable_job_types: [] as JobType[],
  salary_min: 10_000,
  salary_max: 90_000,
  education_level: '' as EducationLevel | '',
  work_experience: '' as WorkExperience | '',
  key_skills: '',
  travel_radius: 25,
  eligibility_status: 'auth_any_employer' as EligibilityStatus,
  relocate: '1' as '1' | '0',
  driving_license: '1' as '1' | '0',
  resume: null,
};
