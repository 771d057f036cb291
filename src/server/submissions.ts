// One registration per submission (docs/api.md): the page's idempotency key names a submission;
// the first request with it calls the provider, and every later one gets the first one's answer.
// Kept on Redis (every instance sees it) when there is one, else in this instance's memory.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RegistrationAnswer } from '../shared/contract.ts';
import { submissionKey } from './outbox/keys.ts';

/**
 * An answer a repeat of the submission gets as it is.
 * @internal The tests type the answers they settle with it.
 */
export interface Settled {
  status: number;
  answer: RegistrationAnswer;
}

/** @internal The tests type the claims they expect with it. */
export type Claim =
  /** This request goes ahead; `takeover`: a request before it held the key and never settled. */
  | { kind: 'go'; takeover: boolean }
  | { kind: 'replay'; settled: Settled }
  /** The store did not answer: the request goes ahead as if it had sent no key. */
  | { kind: 'unavailable' };

export interface Submissions {
  /**
   * Claims `key` for this request; while another request holds it (within its lease), waits for
   * its answer, or for the lease to run out.
   */
  claim(key: string): Promise<Claim>;
  /** Records the submission's final answer: every later request with `key` gets it. */
  settle(key: string, settled: Settled): Promise<void>;
  /** Lets `key` go, unanswered: the next request with it tries again (a failure worth retrying). */
  release(key: string): Promise<void>;
}

/** The statuses a submission is settled with: the provider took it, or already had it. */
export const SETTLED_STATUSES: ReadonlySet<number> = new Set([201, 202, 409]);

/**
 * How much longer than its provider call a request holds its key: the outbox's enqueueing (up to
 * 4 s) and the answer's way out.
 */
export const SUBMISSION_LEASE_MARGIN_MS = 10_000;
/** How often a request waiting on another one with its key looks again. */
const POLL_MS = 100;
/** The most submissions one instance keeps in memory (without Redis): the oldest go first. */
const MEMORY_LIMIT = 10_000;

/**
 * The key's hash: what the store names, so that no key a client sent is kept as sent (and what
 * a form token's use records: tokens/token-uses.ts).
 */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The outbox entry id of a submission: a UUID made from its key's hash, so that every instance
 * queues a submission under one id (and BullMQ keeps one entry per id).
 */
export function entryIdOf(key: string): string {
  const hex = createHash('sha256').update(`outbox entry:${key}`).digest('hex').slice(0, 32);
  // Version 8 (custom) and the RFC 9562 variant, in the UUID's form.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A lease as claim writes it: `pending:` and the time it runs out, in whole milliseconds. */
const LEASE = /^pending:(\d{1,16})$/;

/** What the store holds for a key: a lease until a time, or the answer. */
type Held = { until: number } | Settled;

/**
 * A stored value read back: anything but what settle and claim write reads as nothing.
 * @internal Pure, and tested directly in submissions.test.ts.
 */
export function heldOf(value: string | null): Held | null {
  if (value === null) return null;
  const lease = LEASE.exec(value);
  if (value.startsWith('pending:')) {
    const until = Number(lease?.[1]);
    return lease && Number.isSafeInteger(until) ? { until } : null;
  }
  try {
    const parsed = JSON.parse(value) as Partial<Settled>;
    return typeof parsed.status === 'number' && typeof parsed.answer === 'object' && parsed.answer
      ? { status: parsed.status, answer: parsed.answer }
      : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims with `tryClaim` until it is this request's, answered, or the wait runs out. */
async function claimWaiting(
  tryClaim: () => Promise<Held | 'claimed' | 'taken over'>,
  leaseMs: number,
): Promise<Claim> {
  const deadline = Date.now() + leaseMs + POLL_MS * 5;
  while (Date.now() < deadline) {
    const held = await tryClaim();
    if (held === 'claimed') return { kind: 'go', takeover: false };
    if (held === 'taken over') return { kind: 'go', takeover: true };
    if ('status' in held) return { kind: 'replay', settled: held };
    await sleep(Math.min(POLL_MS, Math.max(held.until - Date.now(), 1)));
  }
  return { kind: 'unavailable' };
}

// Atomic on Redis: the key is claimed (a lease), or taken over when its lease ran out or what it
// holds is neither a lease nor an answer (written by something else), or its answer read.
const CLAIM_SCRIPT = `
local value = redis.call('GET', KEYS[1])
local now = tonumber(ARGV[1])
local function take(state)
  redis.call('SET', KEYS[1], 'pending:' .. (now + tonumber(ARGV[2])), 'PX', ARGV[3])
  return {state, ''}
end
if not value then return take('claimed') end
local lease = string.match(value, '^pending:(%d+)$')
if lease then
  if tonumber(lease) < now then return take('taken over') end
  return {'held', value}
end
local ok, settled = pcall(cjson.decode, value)
if ok and type(settled) == 'table' and type(settled.status) == 'number'
  and type(settled.answer) == 'table' then
  return {'held', value}
end
return take('taken over')`;

const RELEASE_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if value and string.sub(value, 1, 8) == 'pending:' then redis.call('DEL', KEYS[1]) end
return 0`;

export interface SubmissionsOptions {
  /** How long a request holds its key before another may take it over (a killed instance). */
  leaseMs: number;
  /** How long a settled answer is kept. */
  keepMs: number;
}

/** Submissions on Redis, seen by every instance. */
export function redisSubmissions(
  redis: Redis,
  { leaseMs, keepMs }: SubmissionsOptions,
): Submissions {
  const name = (key: string) => submissionKey(keyHash(key));
  return {
    async claim(key) {
      try {
        return await claimWaiting(async () => {
          const [state, value] = (await redis.eval(
            CLAIM_SCRIPT,
            1,
            name(key),
            Date.now(),
            leaseMs,
            keepMs,
          )) as [string, string];
          if (state === 'claimed' || state === 'taken over') return state;
          // The script reads as held only a lease or an answer: anything else it takes over.
          return heldOf(value) ?? { until: 0 };
        }, leaseMs);
      } catch {
        return { kind: 'unavailable' };
      }
    },
    async settle(key, settled) {
      await redis.set(name(key), JSON.stringify(settled), 'PX', keepMs);
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, name(key));
    },
  };
}

/** Submissions in this instance's memory: without Redis, a repeat reaches the same instance. */
export function memorySubmissions({ leaseMs, keepMs }: SubmissionsOptions): Submissions {
  const held = new Map<string, { held: Held; expires: number }>();
  const read = (name: string) => {
    const entry = held.get(name);
    if (entry && entry.expires > Date.now()) return entry.held;
    held.delete(name);
    return null;
  };
  const write = (name: string, value: Held) => {
    held.delete(name);
    held.set(name, { held: value, expires: Date.now() + keepMs });
    // Map keeps insertion order: the first key is the oldest.
    if (held.size > MEMORY_LIMIT) held.delete(held.keys().next().value as string);
  };
  return {
    claim(key) {
      const name = keyHash(key);
      return claimWaiting(async () => {
        const value = read(name);
        const lease = { until: Date.now() + leaseMs };
        if (value === null) {
          write(name, lease);
          return 'claimed';
        }
        if ('until' in value && value.until < Date.now()) {
          write(name, lease);
          return 'taken over';
        }
        return value;
      }, leaseMs);
    },
    async settle(key, settled) {
      write(keyHash(key), settled);
    },
    async release(key) {
      const name = keyHash(key);
      const value = read(name);
      if (value && 'until' in value) held.delete(name);
    },
  };
}
