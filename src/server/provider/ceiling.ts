// The deployment's ceiling on provider calls (PROVIDER_CALLS_PER_MINUTE, docs/api.md): what
// bounds the bill however many addresses a script has. Counted per calendar minute on Redis when
// there is one, so that it holds for the whole deployment; else per instance. Like the rate
// limits, it lets calls through while Redis does not answer (docs/decisions/006).
import type { Redis } from 'ioredis';
import { OUTBOX_PREFIX } from '../outbox/keys.ts';

const MINUTE_MS = 60_000;

/** A call may go now, or not before `retryAfterMs` (the next minute). */
type Turn = { ok: true } | { ok: false; retryAfterMs: number };

export interface CallCeiling {
  /** Counts one provider call this minute; past the ceiling, says when the next minute starts. */
  take(): Promise<Turn>;
}

/** @internal The tests read a minute's count in Redis by it. */
export const ceilingKey = (minute: number) => `${OUTBOX_PREFIX}:provider-calls:${minute}`;

/** This minute's count, one more; the key outlives its minute by one. */
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The turn of the `count`th call of the minute that `nowMs` is in.
 * @internal Pure, and tested in ceiling.test.ts.
 */
export function turnOf(count: number, perMinute: number, nowMs: number): Turn {
  if (count <= perMinute) return { ok: true };
  return { ok: false, retryAfterMs: MINUTE_MS - (nowMs % MINUTE_MS) };
}

export function redisCeiling(
  redis: Redis,
  perMinute: number,
  now: () => number = Date.now,
): CallCeiling {
  return {
    async take() {
      const at = now();
      try {
        const count = await redis.eval(
          COUNT,
          1,
          ceilingKey(Math.floor(at / MINUTE_MS)),
          2 * MINUTE_MS,
        );
        return turnOf(Number(count), perMinute, at);
      } catch {
        return { ok: true };
      }
    },
  };
}

export function memoryCeiling(perMinute: number, now: () => number = Date.now): CallCeiling {
  let minute = -1;
  let count = 0;
  return {
    async take() {
      const at = now();
      const current = Math.floor(at / MINUTE_MS);
      if (current !== minute) {
        minute = current;
        count = 0;
      }
      count += 1;
      return turnOf(count, perMinute, at);
    },
  };
}
