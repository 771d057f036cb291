// Submissions on a real redis-server (docs/api.md): claim, settle, release and takeover as two
// instances see them through one Redis, a value in Redis that is no lease nor answer, and a Redis
// that has stopped. A lease that must run out is short (100–150 ms), one that must not is long and
// never waited out; every test asserts outcomes, not durations.
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { submissionKey } from '../../src/server/outbox/keys.ts';
import {
  type Claim,
  keyHash,
  redisSubmissions,
  type Settled,
  type SubmissionsOptions,
} from '../../src/server/submissions.ts';
import { startRedis } from '../ops/services.ts';

const redis = await startRedis();
/** A client, connected, that fails at once rather than queueing while Redis is away. */
async function clientOf(url: string) {
  const client = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}
const clients = [await clientOf(redis.url), await clientOf(redis.url)] as const;
const [first, second] = clients;

beforeEach(async () => {
  await first.flushall();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis.stop();
});

/** A lease longer than any test waits: a claim ends only by settle or release. */
const HELD: SubmissionsOptions = { leaseMs: 30_000, keepMs: 60_000 };
const SHORT: SubmissionsOptions = { leaseMs: 150, keepMs: 60_000 };
const KEY = 'a5f1c2d4-0b6e-4c8a-9f3e-2d7b1a6c4e90';
/** Where Redis keeps KEY's submission: under its hash, never the key as sent. */
const STORED = submissionKey(keyHash(KEY));
const CREATED: Settled = {
  status: 201,
  answer: { ok: true, status: 201, message: 'Registration Successful', data: { id: 7 } },
};
const QUEUED: Settled = { status: 202, answer: { ok: true, status: 202, queued: true } };

/** Two instances on one Redis. */
const instances = (options: SubmissionsOptions) =>
  [redisSubmissions(first, options), redisSubmissions(second, options)] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function watched(claim: Promise<Claim>) {
  const state = { answered: false };
  const promise = claim.then((answer) => {
    state.answered = true;
    return answer;
  });
  return { state, promise };
}

describe('submissions on Redis', () => {
  it('a first claim goes, and holds a lease under the key’s hash, kept keepMs', async () => {
    const [one] = instances(HELD);
    expect(await one.claim(KEY)).toEqual({ kind: 'go', takeover: false });
    expect(await first.get(STORED)).toMatch(/^pending:\d{13}$/);
    expect(await first.pttl(STORED)).toBeGreaterThan(HELD.keepMs - 5_000);
    expect(await first.pttl(STORED)).toBeLessThanOrEqual(HELD.keepMs);
    expect(await first.keys(`*${KEY}*`)).toEqual([]);
  });

  it('an answer settled on one instance is replayed, exactly, on the other', async () => {
    const [one, other] = instances(HELD);
    await one.claim(KEY);
    await one.settle(KEY, CREATED);
    expect(JSON.parse((await first.get(STORED)) as string)).toEqual(CREATED);
    expect(await other.claim(KEY)).toEqual({ kind: 'replay', settled: CREATED });
    expect(await one.claim(KEY)).toEqual({ kind: 'replay', settled: CREATED });
  });

  it('after a release, the next claim on the other instance goes', async () => {
    const [one, other] = instances(HELD);
    await one.claim(KEY);
    await one.release(KEY);
    expect(await first.exists(STORED)).toBe(0);
    expect(await other.claim(KEY)).toEqual({ kind: 'go', takeover: false });
  });

  it('a release never deletes a settled answer', async () => {
    const [one, other] = instances(HELD);
    await one.claim(KEY);
    await one.settle(KEY, QUEUED);
    await other.release(KEY);
    expect(await other.claim(KEY)).toEqual({ kind: 'replay', settled: QUEUED });
  });

  it('a claim on the other instance waits while the first holds, then replays its answer', async () => {
    const [one, other] = instances(HELD);
    await one.claim(KEY);
    const waiting = watched(other.claim(KEY));
    await pause(250);
    expect(waiting.state.answered).toBe(false);
    await one.settle(KEY, CREATED);
    expect(await waiting.promise).toEqual({ kind: 'replay', settled: CREATED });
  });

  it('a lease that ran out (an instance that died) is taken over, saying so', async () => {
    const [one, other] = instances(SHORT);
    await one.claim(KEY);
    expect(await other.claim(KEY)).toEqual({ kind: 'go', takeover: true });
    expect(await first.get(STORED)).toMatch(/^pending:\d{13}$/);
  });

  // Something else wrote the key (another version, a hand): the claim takes it over at once,
  // instead of waiting out a lease that is not one.
  it.each([
    ['text', 'garbage'],
    ['an answer without its object', '{"status":201,"answer":null}'],
    ['a lease of letters', 'pending:soon'],
    ['a lease with no number', 'pending:'],
  ])('a value that is no lease nor answer (%s) is taken over', async (_, value) => {
    const [one] = instances({ leaseMs: 100, keepMs: 60_000 });
    await first.set(STORED, value);
    expect(await one.claim(KEY)).toEqual({ kind: 'go', takeover: true });
  });

  it('a Redis that has stopped: claim is unavailable, settle and release fail for the caller to log', async () => {
    const stopped = await startRedis();
    const client = await clientOf(stopped.url);
    try {
      const submissions = redisSubmissions(client, SHORT);
      expect(await submissions.claim(KEY)).toEqual({ kind: 'go', takeover: false });
      await stopped.stop();
      await pause(50);
      expect(await submissions.claim(KEY)).toEqual({ kind: 'unavailable' });
      expect(await submissions.claim(`${KEY}-other`)).toEqual({ kind: 'unavailable' });
      await expect(submissions.settle(KEY, CREATED)).rejects.toThrow();
      await expect(submissions.release(KEY)).rejects.toThrow();
    } finally {
      client.disconnect();
      await stopped.stop();
    }
  });
});
