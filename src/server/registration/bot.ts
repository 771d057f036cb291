// Bot defence without a puzzle: a honeypot field that people never see, and a minimum time
// between the page loading and the registration being sent.
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../shared/contract.ts';
import { isRecord } from '../../shared/is-record.ts';

export type BotReason = 'honeypot' | 'too_fast';

/**
 * Why a registration body looks like a bot's, or null. A body without a fill time (an API
 * client such as curl) is not judged on speed.
 */
export function botReason(body: unknown, minFillMs: number): BotReason | null {
  const record = isRecord(body) ? body : {};
  const honeypot = record[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) return 'honeypot';
  const fillMs = record[FILL_TIME_FIELD];
  if (minFillMs > 0 && typeof fillMs === 'number' && fillMs < minFillMs) return 'too_fast';
  return null;
}
