// The form token a registration carries (docs/api.md): asked of the server when the
// registration's code loads (with the first input), kept for one submission, and sent no sooner
// than the server's least fill time after it came. Code the first input fetches, with
// registration.ts.
import type { FormTokenAnswer } from '../../shared/contract.ts';
import { isRecord } from '../../shared/is-record.ts';

/** A token older than this is asked anew before it is sent: the server keeps them a day. */
const RENEW_AFTER_MS = 23 * 60 * 60 * 1000;

interface Held {
  token: string | null;
  minFillMs: number;
  /** When it came (performance.now()): the server issued it before. */
  cameAt: number;
  /** The idempotency key it was first sent with: another submission needs another token. */
  sentWith: string | null;
}

/**
 * GET /api/form-token's answer in `json`, or null when it is not one.
 * @internal Pure, and tested in form-token.test.ts.
 */
export function parseFormTokenAnswer(json: unknown): FormTokenAnswer | null {
  if (!isRecord(json)) return null;
  const { token, min_fill_ms: minFillMs } = json;
  if (typeof token !== 'string' || token.length > 256) return null;
  if (typeof minFillMs !== 'number' || !Number.isFinite(minFillMs) || minFillMs < 0) return null;
  return { token, min_fill_ms: Math.min(minFillMs, 600_000) };
}

/**
 * How long to wait before a token that came at `cameAt` may be sent at `now`: the rest of the
 * least fill time, or nothing.
 * @internal Pure, and tested in form-token.test.ts.
 */
export const waitBeforeSending = (held: Pick<Held, 'minFillMs' | 'cameAt'>, now: number) =>
  Math.max(0, held.minFillMs - (now - held.cameAt));

async function ask(): Promise<Held> {
  const cameAt = performance.now();
  try {
    const response = await fetch('/api/form-token', { headers: { accept: 'application/json' } });
    const answer = response.ok ? parseFormTokenAnswer(await response.json()) : null;
    if (answer) {
      return {
        token: answer.token,
        minFillMs: answer.min_fill_ms,
        cameAt: performance.now(),
        sentWith: null,
      };
    }
  } catch {
    // No token: the server says so, and the next submission asks again.
  }
  return { token: null, minFillMs: 0, cameAt, sentWith: null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's form token: asked for at once, renewed when spent, old or refused. */
export function formTokens() {
  let held: Promise<Held> = ask();
  const renew = () => {
    held = ask();
    return held;
  };
  return {
    /** The token to send with submission `key`, once it may be sent; null when none came. */
    async forSubmission(key: string): Promise<string | null> {
      let current = await held;
      const stale = performance.now() - current.cameAt > RENEW_AFTER_MS;
      if (
        current.token === null ||
        stale ||
        (current.sentWith !== null && current.sentWith !== key)
      ) {
        current = await renew();
      }
      current.sentWith = key;
      await sleep(waitBeforeSending(current, performance.now()));
      return current.token;
    },
    /** The server refused the token (missing, expired or spent): the next one is asked now. */
    refused(): void {
      void renew();
    },
  };
}
