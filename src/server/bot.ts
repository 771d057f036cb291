// Bot defence without a puzzle: a honeypot field that people never see, and a minimum time
// between the page loading and the registration being sent.

/** The honeypot's field name: a name bots love to fill. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds the browser measured from page load to submit. */
export const FILL_TIME_FIELD = 'fill_ms';

export type BotReason = 'honeypot' | 'too_fast';

/**
 * Why a registration body looks like a bot's, or null. A body without a fill time (an API
 * client such as curl) is not judged on speed.
 */
export function botReason(body: unknown, minFillMs: number): BotReason | null {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) return 'honeypot';
  const fillMs = record[FILL_TIME_FIELD];
  if (minFillMs > 0 && typeof fillMs === 'number' && fillMs < minFillMs) return 'too_fast';
  return null;
}
