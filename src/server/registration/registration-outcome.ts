// From what the provider did to what /api/register answers (docs/form.md catalogue, docs/api.md table).
// Only an allow-list of the provider's texts reaches the browser, each capped (issue 17, item 4).
// The message is in the request's language: in English the catalogue passes the provider's own
// text on as the message; in another language the message is always ours, and the provider's
// English only its `detail` (issue 44, point 1).

import type { FieldMessages, RegistrationAnswer } from '../../shared/contract.ts';
import { isRecord } from '../../shared/is-record.ts';
import {
  english,
  PROVIDER_TEXTS as P,
  providerStatusText,
  type Say,
} from '../../shared/messages.ts';
import { isJsonContentType, isPlainTextContentType, type ProviderBody } from './provider-body.ts';
import { PROVIDER_CANDIDATE_KEYS } from './provider-candidate.ts';

/** What the provider client saw, tagged. */
export type ProviderResult =
  | {
      kind: 'response';
      status: number;
      contentType: string | null;
      body: ProviderBody;
      /** The answer's Retry-After, in ms from when it came (the outbox honours it). */
      retryAfterMs?: number;
    }
  | { kind: 'timeout' }
  | { kind: 'network' };

/** How a registration ended, as /metrics and the log line name it. */
export type RegistrationOutcome =
  | 'registered'
  | 'provider_rejected'
  | 'provider_error'
  | 'provider_not_json'
  | 'timeout'
  | 'network';

/**
 * The longest message or detail the browser gets; longer texts are cut, with an ellipsis.
 * @internal Tests name it, not its figure (registration-outcome, readme-facts).
 */
export const MESSAGE_MAX_LENGTH = 500;
/**
 * The longest single field message the browser gets.
 * @internal Tests name it, not its figure (registration-outcome, readme-facts).
 */
export const FIELD_MESSAGE_MAX_LENGTH = 200;
/**
 * The most messages the browser gets for one field.
 * @internal Tests name it, not its figure (registration-outcome, readme-facts).
 */
export const MESSAGES_PER_FIELD = 5;

/**
 * The keys whose messages reach the browser: the candidate record's own fields and `resume`
 * (docs/form.md). Anything else a provider puts in an error body (its title, an echo of our request
 * headers, a stack) is not the candidate's to read.
 * @internal registration-outcome.test.ts runs a row for every key the provider may use.
 */
export const PROVIDER_FIELD_KEYS: ReadonlySet<string> = new Set([
  ...PROVIDER_CANDIDATE_KEYS,
  'resume',
  'resume_content_base64',
  'resume_filename',
  'resume_filetype',
]);

/**
 * Cuts `text` to `max` UTF-16 units at most, ellipsis included, never inside a character.
 * @internal Pure, and tested directly in registration-outcome.test.ts.
 */
export function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}

/** A provider string as one line of plain text: no control or bidi characters, trimmed, capped. */
function text(value: unknown, max = MESSAGE_MAX_LENGTH): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value
    .replace(/[\u202A-\u202E\u2066-\u2069]/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return line === '' ? undefined : capped(line, max);
}

/** The messages of one field: a string, or the strings directly inside a list or an object. */
function messagesOf(value: unknown): string[] {
  const items =
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value
        : isRecord(value)
          ? Object.values(value)
          : [];
  return items
    .map((item) => text(item, FIELD_MESSAGE_MAX_LENGTH))
    .filter((item): item is string => item !== undefined)
    .slice(0, MESSAGES_PER_FIELD);
}

const bodyDetailOf = (body: unknown) => (isRecord(body) ? text(body.detail) : undefined);
const bodyMessageOf = (body: unknown) => (isRecord(body) ? text(body.message) : undefined);

/**
 * Field-keyed messages of an error body: known keys at the top level and in a nested `errors`.
 * @internal Pure, and tested directly in registration-outcome.test.ts.
 */
export function fieldMessagesOf(body: unknown): FieldMessages | undefined {
  if (!isRecord(body)) return undefined;
  const entries = [
    ...Object.entries(body),
    ...(isRecord(body.errors) ? Object.entries(body.errors) : []),
  ]
    .filter(([key]) => PROVIDER_FIELD_KEYS.has(key))
    .map(([key, value]) => [key, messagesOf(value)] as const)
    .filter(([, messages]) => messages.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function badRequestMessage(body: unknown, say: Say): string {
  const detail = bodyDetailOf(body);
  if (detail) return detail;
  const fields = fieldMessagesOf(body) ?? {};
  const { resume, email, ...others } = fields;
  if (resume) return `Resume error: ${resume.join(', ')}`;
  if (email) return `Email error: ${email.join(', ')}`;
  const rest = Object.entries(others);
  if (rest.length > 0) {
    return `Validation errors: ${rest.map(([key, list]) => `${key}: ${list.join(', ')}`).join('; ')}`;
  }
  return say(P.invalidRequest);
}

/** The catalogue message of a 400, capped like every other message. */
const badRequest = (body: unknown, say: Say) =>
  capped(badRequestMessage(body, say), MESSAGE_MAX_LENGTH);

/** The language of an answer: how it says our messages, and whether that is English. */
export interface AnswerLanguage {
  say: Say;
  english: boolean;
}

const ENGLISH: AnswerLanguage = { say: english, english: true };

/**
 * The catalogue message for a provider status that is not a success (docs/form.md), in the
 * request's language (English by default). In English the provider's own text is passed on as
 * written, as the catalogue says; in another language the message is the catalogue's own text
 * for the status, and the provider's words reach the page only as `detail` (issue 44, point 1).
 * @internal Pure, and tested directly in registration-outcome.test.ts.
 */
export function providerErrorMessage(
  status: number,
  body: unknown,
  { say, english: inEnglish }: AnswerLanguage = ENGLISH,
): string {
  const theirs = inEnglish ? body : null;
  switch (status) {
    case 409:
      return say(P.conflict);
    case 400:
      return badRequest(theirs, say);
    case 401:
      return say(P.unauthorized);
    case 403:
      return say(P.forbidden);
    case 422:
      return bodyDetailOf(theirs) ?? say(P.unprocessable);
    case 429:
      return say(P.tooManyRequests);
    default:
      if (status >= 500) return say(P.serverError);
      return (
        bodyDetailOf(theirs) ??
        bodyMessageOf(theirs) ??
        text(theirs) ??
        say(providerStatusText(status))
      );
  }
}

/**
 * Whether a provider answer is a registration: a 2xx with the API's JSON (a JSON type and a body
 * that parses), or with no body at all under no type or a JSON one (docs/form.md: a 201 may have
 * none). A web page, a captive proxy or a maintenance page answering 200 is not.
 */
export function isRegistration(result: ProviderResult): boolean {
  if (result.kind !== 'response' || result.status < 200 || result.status >= 300) return false;
  const { body, contentType } = result;
  if (body.kind === 'empty') return contentType === null || isJsonContentType(contentType);
  // Too large or encoded past reading: the status and the type say registered, and a success's
  // body is only ever logged. Telling the candidate it failed would send them back to a 409.
  if (body.kind === 'unread') return isJsonContentType(contentType);
  return body.kind === 'json' && isJsonContentType(contentType);
}

/**
 * The body the catalogue reads (docs/form.md): parsed JSON, or "a string body" only when it is plain
 * text; an HTML page or a broken JSON answer is no message for a candidate.
 */
function errorBodyOf(result: Extract<ProviderResult, { kind: 'response' }>): unknown {
  const { body, contentType } = result;
  if (body.kind === 'json') return body.value;
  if (body.kind === 'text' && isPlainTextContentType(contentType)) return body.text;
  return null;
}

export interface RegistrationDecision {
  httpStatus: number;
  answer: RegistrationAnswer;
  outcome: RegistrationOutcome;
}

const noUsefulAnswer = (httpStatus: number, outcome: RegistrationOutcome, say: Say) => ({
  httpStatus,
  answer: { ok: false, status: null, message: say(P.failed) },
  outcome,
});

/**
 * The HTTP status and body /api/register answers for a provider result (docs/api.md), and its
 * outcome, said in `language`. Nothing of a success's body is passed on (docs/form.md: it is only
 * logged), and of an error's body only the catalogue message, `detail` and known fields'
 * messages, each capped.
 */
export function registrationAnswer(
  result: ProviderResult,
  language: AnswerLanguage = ENGLISH,
): RegistrationDecision {
  const { say } = language;
  if (result.kind === 'timeout') return noUsefulAnswer(504, 'timeout', say);
  if (result.kind === 'network') return noUsefulAnswer(502, 'network', say);
  const { status } = result;
  if (isRegistration(result)) {
    // 204 and 205 cannot carry the answer's body, so the browser is told with a 200.
    const httpStatus = status === 204 || status === 205 ? 200 : status;
    return { httpStatus, answer: { ok: true, status, data: {} }, outcome: 'registered' };
  }
  // A 2xx that is not the API's answer: the provider never answered usefully.
  if (status >= 200 && status < 300) return noUsefulAnswer(502, 'provider_not_json', say);
  // 600–999 is no HTTP status (a broken proxy's): no answer to pass on, nor a status to send.
  if (status > 599) return noUsefulAnswer(502, 'provider_error', say);
  if (status >= 500) {
    return {
      httpStatus: status,
      answer: { ok: false, status, message: say(P.serverError) },
      outcome: 'provider_error',
    };
  }
  const body = errorBodyOf(result);
  const answer: RegistrationAnswer = {
    ok: false,
    status,
    message: providerErrorMessage(status, body, language),
  };
  const detail = bodyDetailOf(body);
  const errors = fieldMessagesOf(body);
  if (detail) answer.detail = detail;
  if (errors) answer.errors = errors;
  // A 1xx or 3xx is no answer a browser can act on; it is still passed on as a failure.
  return { httpStatus: status >= 400 ? status : 502, answer, outcome: 'provider_rejected' };
}

/** The answer of a check that failed before the provider call (a 400 unless said). */
export function rejectedAnswer(
  message: string,
  errors?: FieldMessages,
  status = 400,
): RegistrationAnswer {
  return { ok: false, status, message, detail: message, ...(errors ? { errors } : {}) };
}
