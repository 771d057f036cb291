// The form token (docs/api.md): what the page gets from GET /api/form-token and sends back with
// its registration. Signed by the server with the time it was issued, so that the server, not the
// page, measures how long the form took; single use (token-uses.ts) so that one token makes one
// registration.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a token is good for: a day, as long as a page is likely to stay open. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How far ahead of this instance's clock another instance's may be. */
const CLOCK_SKEW_MS = 60_000;

const VERSION = 'v1';
const NONCE_BYTES = 16;
const MAC_BYTES = 16;
/** v1.<issued, base 36>.<nonce, base64url>.<mac, base64url>: under 64 characters. */
const TOKEN = /^v1\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** @internal The tests build tokens just over it. */
export const MAX_FORM_TOKEN_LENGTH = 64;

/** Why a token is refused: the page then asks for a new one (docs/api.md). */
export type FormTokenProblem = 'missing' | 'malformed' | 'forged' | 'expired';

export type FormTokenVerdict =
  | { ok: true; id: string; ageMs: number }
  | { ok: false; problem: FormTokenProblem };

const macOf = (key: Buffer, signed: string) =>
  createHmac('sha256', key).update(signed).digest().subarray(0, MAC_BYTES);

/** A new token, issued at `nowMs`. */
export function mintFormToken(
  key: Buffer,
  nowMs: number,
  nonce: Buffer = randomBytes(NONCE_BYTES),
): string {
  const signed = `${VERSION}.${Math.max(0, Math.trunc(nowMs)).toString(36)}.${nonce.toString('base64url')}`;
  return `${signed}.${macOf(key, signed).toString('base64url')}`;
}

/**
 * What `token` (anything a client sent) is worth at `nowMs`: its id and age when this server
 * signed it within FORM_TOKEN_MAX_AGE_MS, else why not. Its age is never below 0: another
 * instance's clock may be a little ahead.
 */
export function readFormToken(key: Buffer, token: unknown, nowMs: number): FormTokenVerdict {
  if (token === undefined || token === null || token === '')
    return { ok: false, problem: 'missing' };
  if (typeof token !== 'string' || token.length > MAX_FORM_TOKEN_LENGTH) {
    return { ok: false, problem: 'malformed' };
  }
  const parts = TOKEN.exec(token);
  if (!parts) return { ok: false, problem: 'malformed' };
  const [, issued = '', nonce = '', mac = ''] = parts;
  if (Buffer.from(nonce, 'base64url').toString('base64url') !== nonce) {
    return { ok: false, problem: 'malformed' };
  }
  const expected = macOf(key, `${VERSION}.${issued}.${nonce}`);
  // Only the MAC's own spelling: the unused bits of its last character must be 0, so that one
  // token has one text.
  const sent = Buffer.from(mac, 'base64url');
  if (sent.length !== MAC_BYTES || sent.toString('base64url') !== mac) {
    return { ok: false, problem: 'forged' };
  }
  if (!timingSafeEqual(sent, expected)) {
    return { ok: false, problem: 'forged' };
  }
  const ageMs = nowMs - Number.parseInt(issued, 36);
  if (ageMs > FORM_TOKEN_MAX_AGE_MS || ageMs < -CLOCK_SKEW_MS) {
    return { ok: false, problem: 'expired' };
  }
  return { ok: true, id: nonce, ageMs: Math.max(0, ageMs) };
}
