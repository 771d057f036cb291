// The browser reads the server's JSON through these parsers, never through a cast (docs/api.md);
// the public configuration's is in config.ts.

import type { FieldMessages, RegistrationAnswer, UploadAnswer } from '../shared/contract.ts';
import { isRecord } from '../shared/is-record.ts';

/** The upload answer in `json`, or null when it is not one. */
export function parseUploadAnswer(json: unknown): UploadAnswer | null {
  if (!isRecord(json)) return null;
  const { success, filename, url, delete_token: deleteToken, error } = json;
  if (
    success === true &&
    typeof filename === 'string' &&
    filename &&
    typeof url === 'string' &&
    url
  ) {
    return {
      success,
      filename,
      url,
      delete_token: typeof deleteToken === 'string' ? deleteToken : '',
    };
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
 * "Registration failed"). A field of the wrong type is left out, as if it were not sent; so is
 * `queued` on any answer but an ok 202, the only one the server queues with.
 */
export function parseRegistrationAnswer(json: unknown): RegistrationAnswer | null {
  if (!isRecord(json) || typeof json.ok !== 'boolean') return null;
  const { ok, status, message, detail, errors, queued } = json;
  if (ok && status === 202 && queued === true) return { ok, status, queued };
  return {
    ok,
    status: typeof status === 'number' ? status : null,
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(isFieldMessages(errors) ? { errors } : {}),
    ...('data' in json ? { data: json.data } : {}),
  };
}
