// What the outbox decides, as pure functions (docs/decisions/020): which failed registrations it
// keeps, what a delivery attempt's result means, and when the next attempt comes.
import { isRegistration, type ProviderResult } from '../registration/registration-outcome.ts';

/** Why an attempt found the provider unable to take a registration now. */
export type RetryReason =
  | 'timeout'
  | 'network'
  | '429'
  | '502'
  | '503'
  | '504'
  | '5xx'
  | 'not_json';

/** The statuses with which a provider says "not now" (issue 32). */
const NOT_NOW = new Set([429, 502, 503, 504]);

/**
 * Why the provider could not take a registration now, when the outbox keeps it: no answer within
 * the timeout, no connection, or 429, 502, 503, 504. Null for every other result, which the
 * candidate is told as without the outbox (a 4xx is the provider's final word; a 500 may be
 * about this very registration).
 */
export function queueReason(result: ProviderResult): RetryReason | null {
  if (result.kind !== 'response') return result.kind;
  return NOT_NOW.has(result.status) ? (String(result.status) as RetryReason) : null;
}

/** What one delivery attempt of a queued registration came to. */
export type Delivery =
  | { kind: 'delivered'; result: 'registered' | 'conflict' }
  | { kind: 'retry'; reason: RetryReason; retryAfterMs: number | null }
  | { kind: 'rejected'; status: number };

/**
 * A delivery attempt's result. The registration was already accepted here, so only a final word
 * of the provider ends it: a registration, or a 409 (it already has this candidate: an earlier
 * attempt reached it though its answer did not reach us) count as delivered; any other 1xx, 3xx
 * or 4xx but 429 is a refusal, for the dead-letter set. Everything else is tried again: no
 * answer, 429, any 5xx, and a 2xx that is not the API's (a captive portal in between).
 */
export function deliveryOf(result: ProviderResult): Delivery {
  if (isRegistration(result)) return { kind: 'delivered', result: 'registered' };
  const reason = queueReason(result);
  const retryAfterMs = result.kind === 'response' ? (result.retryAfterMs ?? null) : null;
  if (reason) return { kind: 'retry', reason, retryAfterMs };
  if (result.kind !== 'response') return { kind: 'retry', reason: result.kind, retryAfterMs };
  const { status } = result;
  if (status === 409) return { kind: 'delivered', result: 'conflict' };
  if (status >= 500) return { kind: 'retry', reason: '5xx', retryAfterMs };
  if (status >= 200 && status < 300) return { kind: 'retry', reason: 'not_json', retryAfterMs };
  return { kind: 'rejected', status };
}

/** The first retry's mean wait; each next one doubles, up to RETRY_CAP_MS. */
export const RETRY_BASE_MS = 10_000;
/** @internal Tests name it, not its figure (policy.test.ts, readme-facts). */
export const RETRY_CAP_MS = 15 * 60_000;
/**
 * The longest Retry-After honoured: a provider asking for more is asked again in an hour.
 * @internal Tests name it, not its figure (policy.test.ts, readme-facts).
 */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;

/**
 * How long to wait before attempt `attempt` + 1 (`attempt` ≥ 1 attempts have failed): exponential
 * backoff with equal jitter (half the step fixed, half drawn by `random` in [0, 1)), so that a
 * backlog does not come back in one wave; never sooner than the provider's Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | null,
  random: number,
  baseMs = RETRY_BASE_MS,
): number {
  // NaN never reaches BullMQ as a delay: it reads as the mildest value instead.
  const number = (value: number | null, fallback: number) =>
    value === null || Number.isNaN(value) ? fallback : value;
  const doublings = Math.min(Math.max(number(attempt, 1) - 1, 0), 30);
  const step = Math.min(RETRY_CAP_MS, baseMs * 2 ** doublings);
  const jittered = Math.round(step / 2 + (step / 2) * Math.min(Math.max(number(random, 0), 0), 1));
  return Math.max(jittered, Math.min(number(retryAfterMs, 0), RETRY_AFTER_CAP_MS));
}

const DELTA_SECONDS = /^\d{1,10}$/;
/** RFC 9110's IMF-fixdate, the one HTTP-date form a sender may generate. */
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * A Retry-After header (RFC 9110 §10.2.3) in milliseconds from `now`: delay-seconds or an
 * HTTP-date; null when absent, malformed or in the past.
 */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000;
  if (!IMF_FIXDATE.test(value)) return null;
  const at = Date.parse(value);
  // Date.parse rolls 30 Feb over to March and ignores the weekday: written back, it must match.
  if (Number.isNaN(at) || new Date(at).toUTCString() !== value) return null;
  return at <= now ? null : at - now;
}
