// Which form tokens have made a registration (docs/api.md): one token, one submission. On Redis
// when there is one, so that a token spent on one instance is spent on all; else in this
// instance's memory, which a restart forgets and other instances never see (docs/operations.md).
import type { Redis } from 'ioredis';
import { OUTBOX_PREFIX } from '../outbox/keys.ts';
import { FORM_TOKEN_MAX_AGE_MS } from './form-token.ts';

/**
 * A token's use: its first ('first'), the same submission again ('same': a retry, which the
 * idempotency key answers), another submission ('spent'), or the store did not answer
 * ('unavailable': the token's signature and age still hold, as rate limits fail open).
 */
type TokenUse = 'first' | 'same' | 'spent' | 'unavailable';

export interface TokenUses {
  /** Records token `id` as used by `submission` (a hash of its idempotency key, or none). */
  use(id: string, submission: string | null): Promise<TokenUse>;
}

/** @internal The tests find a token's record in Redis by it. */
export const tokenUseKey = (id: string) => `${OUTBOX_PREFIX}:form-token:${id}`;
/** A use without an idempotency key matches no other one, itself included. */
const NO_SUBMISSION = '-';
/**
 * The most tokens one instance remembers (without Redis): the oldest go first.
 * @internal Tests name it, not its figure (readme-facts).
 */
export const MEMORY_LIMIT = 100_000;

/** The first use's value, or nothing and this one recorded (SET NX GET wants Redis 7). */
const USE_ONCE = `local kept = redis.call('GET', KEYS[1])
if kept then return kept end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

function verdict(kept: string | null, submission: string | null): TokenUse {
  if (kept === null) return 'first';
  return submission !== null && kept === submission ? 'same' : 'spent';
}

export function redisTokenUses(redis: Redis): TokenUses {
  return {
    async use(id, submission) {
      const value = submission ?? NO_SUBMISSION;
      try {
        const kept = await redis.eval(USE_ONCE, 1, tokenUseKey(id), value, FORM_TOKEN_MAX_AGE_MS);
        return verdict(typeof kept === 'string' ? kept : null, submission);
      } catch {
        // Redis away, or slower than its command timeout (redis.ts).
        return 'unavailable';
      }
    },
  };
}

export function memoryTokenUses(now: () => number = Date.now): TokenUses {
  const used = new Map<string, { submission: string; until: number }>();
  return {
    async use(id, submission) {
      const at = now();
      const kept = used.get(id);
      if (kept && kept.until > at) return verdict(kept.submission, submission);
      used.delete(id);
      used.set(id, { submission: submission ?? NO_SUBMISSION, until: at + FORM_TOKEN_MAX_AGE_MS });
      if (used.size > MEMORY_LIMIT) used.delete(used.keys().next().value as string);
      return 'first';
    },
  };
}
