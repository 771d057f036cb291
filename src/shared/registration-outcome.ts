// From what the provider did to what /api/register answers (spec §8 catalogue, DESIGN §3 table).

import { isRecord } from './is-record.ts';
import { PROVIDER_MESSAGES as P } from './messages.ts';

/** What the provider client saw, tagged. Bodies are parsed JSON, text, or null when empty. */
export type ProviderResult =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'network' };

export type FieldMessages = Record<string, string[]>;

/** The body of every /api/register answer. */
export interface RegistrationAnswer {
  ok: boolean;
  status: number | null;
  message?: string;
  detail?: string;
  errors?: FieldMessages;
  data?: unknown;
}

const NOT_FIELDS = new Set(['type', 'title', 'status', 'detail', 'message', 'instance', 'errors']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isRecord(value)) return Object.values(value).flatMap(messagesOf);
  return [];
}

export const detailOf = (body: unknown) => (isRecord(body) ? text(body.detail) : undefined);
const bodyMessageOf = (body: unknown) => (isRecord(body) ? text(body.message) : undefined);

/** Field-keyed messages of an error body: top-level keys and a nested `errors` object. */
export function fieldMessagesOf(body: unknown): FieldMessages | undefined {
  if (!isRecord(body)) return undefined;
  const entries = [
    ...Object.entries(body).filter(([key]) => !NOT_FIELDS.has(key)),
    ...(isRecord(body.errors) ? Object.entries(body.errors) : []),
  ]
    .map(([key, value]) => [key, messagesOf(value)] as const)
    .filter(([, messages]) => messages.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function badRequestMessage(body: unknown): string {
  const detail = detailOf(body);
  if (detail) return detail;
  const fields = fieldMessagesOf(body) ?? {};
  const { resume, email, ...others } = fields;
  if (resume) return `Resume error: ${resume.join(', ')}`;
  if (email) return `Email error: ${email.join(', ')}`;
  const rest = Object.entries(others);
  if (rest.length > 0) {
    return `Validation errors: ${rest.map(([key, list]) => `${key}: ${list.join(', ')}`).join('; ')}`;
  }
  return P.invalidRequest;
}

/** The catalogue message for a provider status that is not a success (spec §8). */
export function providerErrorMessage(status: number, body: unknown): string {
  switch (status) {
    case 409:
      return P.conflict;
    case 400:
      return badRequestMessage(body);
    case 401:
      return P.unauthorized;
    case 403:
      return P.forbidden;
    case 422:
      return detailOf(body) ?? P.unprocessable;
    case 429:
      return P.tooManyRequests;
    default:
      if (status >= 500) return P.serverError;
      return detailOf(body) ?? bodyMessageOf(body) ?? text(body) ?? P.statusFallback(status);
  }
}

/** The HTTP status and body /api/register answers for a provider result (DESIGN §3). */
export function registrationAnswer(result: ProviderResult): {
  httpStatus: number;
  answer: RegistrationAnswer;
} {
  if (result.kind === 'timeout') {
    return { httpStatus: 504, answer: { ok: false, status: null, message: P.failed } };
  }
  if (result.kind === 'network') {
    return { httpStatus: 502, answer: { ok: false, status: null, message: P.failed } };
  }
  const { status, body } = result;
  if (status >= 200 && status < 300) {
    // 204 and 205 cannot carry the answer's body, so the browser is told with a 200.
    const httpStatus = status === 204 || status === 205 ? 200 : status;
    return { httpStatus, answer: { ok: true, status, data: body } };
  }
  if (status >= 500) {
    return { httpStatus: status, answer: { ok: false, status, message: P.serverError } };
  }
  const answer: RegistrationAnswer = {
    ok: false,
    status,
    message: providerErrorMessage(status, body),
  };
  const detail = detailOf(body);
  const errors = fieldMessagesOf(body);
  if (detail) answer.detail = detail;
  if (errors) answer.errors = errors;
  // A 1xx or 3xx is no answer a browser can act on; it is still passed on as a failure.
  return { httpStatus: status >= 400 ? status : 502, answer };
}

/** The answer of a check that failed before the provider call (a 400 unless said). */
export function rejectedAnswer(
  message: string,
  errors?: FieldMessages,
  status = 400,
): RegistrationAnswer {
  return { ok: false, status, message, detail: message, ...(errors ? { errors } : {}) };
}
