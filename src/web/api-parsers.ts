// The browser reads the server's JSON through these parsers, never through a cast (DESIGN §3).

import { isResumeType } from '../shared/constants.ts';
import {
  DEFAULT_PUBLIC_CONFIG,
  type FieldMessages,
  type PublicConfig,
  type RegistrationAnswer,
  type UploadAnswer,
} from '../shared/contract.ts';
import { isRecord } from '../shared/is-record.ts';

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
