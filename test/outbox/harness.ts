// What the outbox suites share: a real redis-server, a provider stand-in, the app with OUTBOX=on
// and short periods, and ways to read what Redis holds.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import {
  countOutbox,
  type OutboxCounts,
  type OutboxTimings,
  openQueue,
} from '../../src/server/outbox/outbox.ts';
import { type StartedApp, startApp, waitFor } from '../helpers/app.ts';
import { STAND_IN_KEY, STAND_IN_USER } from '../helpers/app-on-stand-in.ts';
import {
  type Handler,
  type Recorded,
  type StandIn,
  startStandIn,
} from '../helpers/provider-stand-in.mjs';
import { type RedisServer, startRedis } from '../ops/services.ts';

/** The key every app of the outbox suites seals with, unless a test gives another. */
export const OUTBOX_KEY = randomBytes(32).toString('base64');

/** Periods a test can wait out: retries from 200 ms, a dead instance's entry back within 2.5 s. */
export const FAST: OutboxTimings = { lockMs: 2_000, stalledIntervalMs: 500, retryBaseMs: 200 };

export function outboxEnv(standIn: StandIn, redis: RedisServer, env: Record<string, string> = {}) {
  return {
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: STAND_IN_USER,
    PROVIDER_API_KEY: STAND_IN_KEY,
    REDIS_URL: redis.url,
    OUTBOX: 'on',
    OUTBOX_KEY,
    PROVIDER_TIMEOUT_MS: '1000',
    ...env,
  };
}

function startOutboxApp(
  standIn: StandIn,
  redis: RedisServer,
  env: Record<string, string> = {},
  timings: OutboxTimings = FAST,
): Promise<StartedApp> {
  return startApp(outboxEnv(standIn, redis, env), { outboxTimings: timings });
}

/**
 * A test file's services, for its top level: a redis-server (with the append-only file the outbox
 * requires, unless `aof` is false), a stand-in, a client of that Redis, and the apps a test starts
 * (`apps`), all closed after it; Redis is emptied and the stand-in reset before each test.
 */
export async function outboxServices({
  aof = true,
  args = [],
}: {
  aof?: boolean;
  args?: string[];
} = {}) {
  const redis = await startRedis({ aof, args });
  const standIn = await startStandIn();
  const client = redisClient(redis);
  const apps: StartedApp[] = [];
  beforeEach(async () => {
    await client.flushall();
    standIn.reset();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    client.disconnect();
    await standIn.close();
    await redis.stop();
  });
  /** An app with OUTBOX=on on these services, closed after the test. */
  const started = async (env: Record<string, string> = {}, timings: OutboxTimings = FAST) => {
    const app = await startOutboxApp(standIn, redis, env, timings);
    apps.push(app);
    return app;
  };
  return { redis, standIn, client, apps, started };
}

/** A provider that registers each email once (201), then answers 409 for it. */
export function registersOnce(): { handler: Handler; registered: Map<string, number> } {
  const registered = new Map<string, number>();
  return {
    registered,
    handler: (request: Recorded) => {
      const email = String((request.body as { email?: unknown }).email);
      const times = registered.get(email) ?? 0;
      registered.set(email, times + 1);
      return times === 0
        ? { status: 201, body: { id: `candidate-${registered.size}` } }
        : { status: 409, body: { detail: 'Candidate already registered' } };
    },
  };
}

/** A client of the test's Redis, closed with `quit`. */
function redisClient(redis: RedisServer): Redis {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  // The tests stop Redis on purpose; what the test asks of it then is the test's to see.
  client.on('error', () => {});
  return client;
}

/** The outbox's counts as /metrics reads them. */
export async function counts(client: Redis): Promise<OutboxCounts> {
  const queue = openQueue(client);
  try {
    return await countOutbox(queue, client);
  } finally {
    await queue.close();
  }
}

/** Waits until the outbox holds `depth` entries waiting and `deadLetters` dead letters. */
export async function outboxReaches(
  client: Redis,
  expected: { depth: number; deadLetters: number },
  timeoutMs = 15_000,
): Promise<OutboxCounts> {
  const last = await waitFor(
    () => counts(client),
    (now) => now.depth === expected.depth && now.deadLetters === expected.deadLetters,
    timeoutMs,
  );
  expect({ depth: last.depth, deadLetters: last.deadLetters }).toEqual(expected);
  return last;
}

/** Every value Redis holds, as text: what someone reading the Redis data would see. */
export async function everythingInRedis(client: Redis): Promise<string> {
  const keys = await client.keys('*');
  const parts: string[] = [];
  for (const key of keys) {
    const type = await client.type(key);
    parts.push(key);
    if (type === 'string') parts.push(String(await client.get(key)));
    else if (type === 'hash') parts.push(JSON.stringify(await client.hgetall(key)));
    else if (type === 'list') parts.push((await client.lrange(key, 0, -1)).join('\n'));
    else if (type === 'set') parts.push((await client.smembers(key)).join('\n'));
    else if (type === 'zset') parts.push((await client.zrange(key, 0, -1)).join('\n'));
    else if (type === 'stream') parts.push(JSON.stringify(await client.xrange(key, '-', '+')));
  }
  return parts.join('\n');
}

/** The value of a metric line (`name{labels}`) in a /metrics text, or 0 when absent. */
export async function metric(app: StartedApp, series: string): Promise<number> {
  const text = await (await fetch(app.metricsUrl)).text();
  const line = text.split('\n').find((item) => item.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
