// What of a provider's JSON answer the registration's log line keeps: an allow-list of the keys
// that name or classify the answer, never what the provider may echo of the candidate (its
// email, names, phone, town, resume, password) or free text that may quote it.
import { isRecord } from '../../shared/is-record.ts';

/**
 * The top-level keys of a provider body that are logged: the candidate's id at the provider, the
 * answer's status, and an error's code or problem type. Every other key is dropped.
 * @internal test/readme-facts.test.ts holds docs/operations.md's list to it.
 */
export const LOGGED_PROVIDER_KEYS = ['id', 'candidate_id', 'status', 'code', 'type'] as const;

type LoggedKey = (typeof LOGGED_PROVIDER_KEYS)[number];

/** What the log line's `providerBody` holds: only allow-listed keys, each a number or a token. */
export type LoggedProviderBody = Partial<Record<LoggedKey, string | number>>;

/**
 * The longest text kept; an id, a code or a problem type's URL is shorter, a pasted text is not.
 * @internal test/readme-facts.test.ts holds docs/operations.md's figure to it.
 */
export const LOGGED_TEXT_MAX_LENGTH = 100;

/** An id, a code, a word or a URL: no spaces and no `@`, so no sentence, name or email address. */
const TOKEN = /^[\w.:/#-]+$/;

function loggedValue(value: unknown): string | number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  return value.length <= LOGGED_TEXT_MAX_LENGTH && TOKEN.test(value) ? value : undefined;
}

/**
 * The allow-listed part of a provider's JSON body, or undefined when none of it is: only the keys
 * of LOGGED_PROVIDER_KEYS at the top level, each kept only as a finite number or a short token
 * (nested objects, arrays, booleans and texts with spaces are dropped).
 */
export function loggableBody(body: unknown): LoggedProviderBody | undefined {
  if (!isRecord(body)) return undefined;
  const kept: LoggedProviderBody = {};
  for (const key of LOGGED_PROVIDER_KEYS) {
    // Own keys only: nothing is read through the prototype.
    const value = Object.hasOwn(body, key) ? loggedValue(body[key]) : undefined;
    if (value !== undefined) kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}
