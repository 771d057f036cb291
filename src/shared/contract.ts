// What the browser and the server say to each other over HTTP besides the candidate (DESIGN §3):
// the public configuration, the upload answer and the bot-defence fields. Each is defined once,
// and the browser reads the server's JSON through these parsers, never through a cast.
import { MAX_RESUME_BYTES, RESUME_TYPES, type ResumeType } from './constants.ts';
import { isRecord } from './is-record.ts';
import type { FieldMessages, RegistrationAnswer } from './registration-outcome.ts';

/** GET /api/config: what the browser may know of the configuration (an allow-list). */
export interface PublicConfig {
  jobBoardUrl: string;
  maxResumeBytes: number;
  resumeTypes: ResumeType[];
  randomDataButton: boolean;
}

export const DEFAULT_JOB_BOARD_URL = 'https://www.resume-library.com';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  jobBoardUrl: DEFAULT_JOB_BOARD_URL,
  maxResumeBytes: MAX_RESUME_BYTES,
  resumeTypes: [...RESUME_TYPES],
  randomDataButton: true,
};

const isResumeType = (value: unknown): value is ResumeType =>
  (RESUME_TYPES as readonly unknown[]).includes(value);

/** The public configuration in `json`, each missing or malformed value replaced by its default. */
export function parsePublicConfig(json: unknown): PublicConfig {
  const read = isRecord(json) ? json : {};
  const defaults = DEFAULT_PUBLIC_CONFIG;
  const { jobBoardUrl, maxResumeBytes, resumeTypes, randomDataButton } = read;
  return {
    jobBoardUrl:
      typeof jobBoardUrl === 'string' && jobBoardUrl !== '' ? jobBoardUrl : defaults.jobBoardUrl,
    maxResumeBytes:
      typeof maxResumeBytes === 'number' &&
      Number.isSafeInteger(maxResumeBytes) &&
      maxResumeBytes > 0
        ? maxResumeBytes
        : defaults.maxResumeBytes,
    resumeTypes:
      Array.isArray(resumeTypes) && resumeTypes.length > 0 && resumeTypes.every(isResumeType)
        ? resumeTypes
        : defaults.resumeTypes,
    randomDataButton:
      typeof randomDataButton === 'boolean' ? randomDataButton : defaults.randomDataButton,
  };
}

/** POST /api/upload's answer (DESIGN §3). */
export type UploadAnswer =
  | { success: true; filename: string; url: string }
  | { success: false; error: string };

/** The upload answer in `json`, or null when it is not one. */
export function parseUploadAnswer(json: unknown): UploadAnswer | null {
  if (!isRecord(json)) return null;
  const { success, filename, url, error } = json;
  if (
    success === true &&
    typeof filename === 'string' &&
    filename &&
    typeof url === 'string' &&
    url
  ) {
    return { success, filename, url };
  }
  if (success === false && typeof error === 'string') return { success, error };
  return null;
}

const isFieldMessages = (value: unknown): value is FieldMessages =>
  isRecord(value) &&
  Object.values(value).every(
    (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
  );

/**
 * POST /api/register's answer in `json`, or null when it is not one (the browser then says
 * "Registration failed"). A field of the wrong type is left out, as if it were not sent.
 */
export function parseRegistrationAnswer(json: unknown): RegistrationAnswer | null {
  if (!isRecord(json) || typeof json.ok !== 'boolean') return null;
  const { ok, status, message, detail, errors } = json;
  return {
    ok,
    status: typeof status === 'number' ? status : null,
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(isFieldMessages(errors) ? { errors } : {}),
    ...('data' in json ? { data: json.data } : {}),
  };
}

/** The honeypot a registration carries: a field people never see and bots love to fill. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds the browser measured from page load to submit. */
export const FILL_TIME_FIELD = 'fill_ms';
