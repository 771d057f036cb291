// The outbox's promise on the Redis that operators really run (docs/outbox.md): start-up refuses
// a Redis that would lose or evict the queue, a lost queue is reported, one key seals for the
// fleet and rotates without loss, every entry ends, and one submission is one entry. Real
// redis-server processes, a provider stand-in, the app over real HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MARKER_KEY, SINCE_KEY, submissionKey } from '../../src/server/outbox/keys.ts';
import { openQueue } from '../../src/server/outbox/outbox.ts';
import { outboxKeys, seal } from '../../src/server/outbox/seal.ts';
import { toProviderCandidate } from '../../src/server/registration/provider-candidate.ts';
import { entryIdOf, keyHash } from '../../src/server/submissions.ts';
import { logLines, startApp, waitFor } from '../helpers/app.ts';
import { candidate, RESUME_BASE64, register } from '../helpers/candidate.ts';
import { runMain } from '../helpers/main-process.ts';
import type { Recorded } from '../helpers/provider-stand-in.mjs';
import { startRedis } from '../ops/services.ts';
import {
  counts,
  FAST,
  metric,
  OUTBOX_KEY,
  outboxEnv,
  outboxReaches,
  outboxServices,
  registersOnce,
} from './harness.ts';

const { redis, standIn, client, apps, started } = await outboxServices();

const QUEUED = { status: 202, body: { ok: true, status: 202, queued: true } };
/** Short looks at the marker, and retries that wait long enough for a test to look first. */
const WATCHED = { ...FAST, watchMs: 200 };
const SLOW_RETRIES = { ...WATCHED, retryBaseMs: 600_000 };
const emailOf = (request: Recorded) => String((request.body as { email?: unknown }).email);
const newKey = () => randomBytes(32).toString('base64');

/** A client of `url` that tolerates the test stopping its Redis. */
function clientOf(url: string): Redis {
  const redisClient = new Redis(url, { maxRetriesPerRequest: 1 });
  redisClient.on('error', () => {});
  return redisClient;
}

/**
 * Resolves once the app on `url` has made a whole look at the marker since the call: a look
 * reads the marker twice, so the fourth read seen begins a look after one that ran entirely
 * since. A fixed wait is not enough on a loaded machine, where one look may outlast it.
 */
async function aWholeLook(url: string): Promise<void> {
  const watcher = clientOf(url);
  const monitor = await watcher.monitor();
  try {
    await new Promise<void>((resolve, reject) => {
      let reads = 0;
      const timer = setTimeout(() => reject(new Error('the app made no look in 20 s')), 20_000);
      monitor.on('monitor', (_time: string, args: string[]) => {
        if (args[0]?.toLowerCase() !== 'hgetall' || args[1] !== MARKER_KEY) return;
        reads += 1;
        if (reads < 4) return;
        clearTimeout(timer);
        resolve();
      });
    });
  } finally {
    monitor.disconnect();
    watcher.disconnect();
  }
}

/** Starts the app on `url`, closed after the test like the others. */
async function startedOn(url: string, env: Record<string, string>, timings = WATCHED) {
  const app = await startApp(
    { ...outboxEnv(standIn, redis), REDIS_URL: url, ...env },
    { outboxTimings: timings },
  );
  apps.push(app);
  return app;
}

describe('start-up asks Redis whether it keeps the queue', () => {
  const volatileLine =
    'OUTBOX is on, but the Redis at REDIS_URL would lose registrations that candidates were told are kept: it keeps neither an append-only file nor snapshots (appendonly no, save ""), so a restart loses the whole queue. Set appendonly yes and maxmemory-policy noeviction (docs/outbox.md), or OUTBOX_ALLOW_VOLATILE=1 to start anyway';

  it('refuses, in one line, a Redis with neither the append-only file nor snapshots', async () => {
    const volatile = await startRedis();
    try {
      await expect(startedOn(volatile.url, {})).rejects.toThrow(volatileLine);
      const exit = await runMain({ ...outboxEnv(standIn, volatile), PORT: '0', METRICS_PORT: '0' });
      expect(exit.code).toBe(1);
      expect(exit.stderr.trim()).toBe(`Configuration error: ${volatileLine}`);
    } finally {
      await volatile.stop();
    }
  });

  it('refuses a Redis with snapshots only, and one that may evict the queue, naming each', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'redis-rdb-'));
    const evicting = await startRedis({
      args: ['--dir', dir, '--save', '3600 1', '--maxmemory-policy', 'allkeys-lru'],
    });
    try {
      await expect(startedOn(evicting.url, {})).rejects.toThrow(
        'OUTBOX is on, but the Redis at REDIS_URL would lose registrations that candidates were told are kept: it keeps no append-only file (appendonly no), so a crash loses every entry queued since its last snapshot; it may evict the queue when its memory is full (maxmemory-policy allkeys-lru). Set appendonly yes',
      );
    } finally {
      await evicting.stop();
    }
  });

  it('starts on a volatile Redis with OUTBOX_ALLOW_VOLATILE=1, and says so at start', async () => {
    const volatile = await startRedis();
    try {
      const app = await startedOn(volatile.url, { OUTBOX_ALLOW_VOLATILE: '1' });
      expect(logLines(app).find((line) => line.outbox === 'volatile')).toMatchObject({
        level: 40,
        msg: 'OUTBOX_ALLOW_VOLATILE=1: the outbox runs on a Redis that may lose it: it keeps neither an append-only file nor snapshots (appendonly no, save ""), so a restart loses the whole queue',
      });
      standIn.respond(503, {});
      expect(await register(app.base, candidate())).toMatchObject(QUEUED);
    } finally {
      await closeApps();
      await volatile.stop();
    }
  });

  it('starts where CONFIG is not allowed (managed Redis), and says it could not check', async () => {
    const managed = await startRedis({ aof: true, args: ['--rename-command', 'CONFIG', ''] });
    try {
      const app = await startedOn(managed.url, {});
      expect(logLines(app).find((line) => line.outbox === 'unchecked')).toMatchObject({
        level: 40,
        msg: 'outbox: Redis does not allow CONFIG, so its persistence was not checked; a lost queue is still reported (outbox_lost_total)',
      });
    } finally {
      await closeApps();
      await managed.stop();
    }
  });
});

/** Closes the apps started so far (before the Redis they use stops). */
async function closeApps() {
  await Promise.all(apps.splice(0).map((app) => app.close()));
}

describe('a lost queue is noticed', { timeout: 60_000 }, () => {
  it('a Redis restarted without its data: the entries it held are counted lost and logged', async () => {
    const volatile = await startRedis();
    try {
      const app = await startedOn(volatile.url, { OUTBOX_ALLOW_VOLATILE: '1' }, SLOW_RETRIES);
      standIn.respond(503, {});
      for (const index of [1, 2, 3, 4, 5]) {
        const email = `lost-${index}@example.com`;
        expect(await register(app.base, candidate({ email }))).toMatchObject(QUEUED);
      }
      // One look with all five in it, then Redis dies with everything in memory.
      await aWholeLook(volatile.url);
      await volatile.stop();
      await volatile.start();
      // Redis reloads and the app reconnects (up to 2 s apart) before the next look: on a
      // loaded machine that takes a while.
      await waitFor(
        () => metric(app, 'outbox_lost_total'),
        (lost) => lost > 0,
        30_000,
      );
      expect(await metric(app, 'outbox_lost_total')).toBe(5);
      expect(logLines(app).find((line) => line.outbox === 'lost')).toMatchObject({
        level: 50,
        cause: 'emptied',
        entries: 5,
        msg: 'outbox lost: the queue on Redis is gone, with the 5 entries it held at the last look (Redis restarted without its data, or was emptied)',
      });
      // The queue goes on: a new marker, and the next registration is kept again.
      expect(await register(app.base, candidate({ email: 'after@example.com' }))).toMatchObject(
        QUEUED,
      );
    } finally {
      await closeApps();
      await volatile.stop();
    }
  });

  it('a Redis gone back to an older snapshot: the entries queued since are counted', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'redis-rdb-'));
    const snapshots = await startRedis({ args: ['--dir', dir, '--save', '3600 1'] });
    const redisClient = clientOf(snapshots.url);
    try {
      const app = await startedOn(snapshots.url, { OUTBOX_ALLOW_VOLATILE: '1' }, SLOW_RETRIES);
      standIn.respond(503, {});
      expect(await register(app.base, candidate({ email: 'saved@example.com' }))).toMatchObject(
        QUEUED,
      );
      await redisClient.save();
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect(await register(app.base, candidate({ email }))).toMatchObject(QUEUED);
      }
      await aWholeLook(snapshots.url);
      await snapshots.stop();
      await snapshots.start();
      // Redis reloads and the app reconnects (up to 2 s apart) before the next look: on a
      // loaded machine that takes a while.
      await waitFor(
        () => metric(app, 'outbox_lost_total'),
        (lost) => lost > 0,
        30_000,
      );
      expect(await metric(app, 'outbox_lost_total')).toBe(3);
      expect(logLines(app).find((line) => line.outbox === 'lost')).toMatchObject({
        cause: 'rewound',
        entries: 3,
        msg: 'outbox lost: Redis went back to an earlier state; up to 3 entries queued since are gone',
      });
      expect((await counts(redisClient)).depth).toBe(1);
    } finally {
      redisClient.disconnect();
      await closeApps();
      await snapshots.stop();
    }
  });

  it('a Redis restarted with its append-only file loses nothing, and nothing is reported', async () => {
    const app = await started({}, SLOW_RETRIES);
    standIn.respond(503, {});
    for (const email of ['x@example.com', 'y@example.com']) {
      expect(await register(app.base, candidate({ email }))).toMatchObject(QUEUED);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await redis.stop();
    await redis.start();
    await waitFor(
      () => client.ping().catch(() => 'down'),
      (answer) => answer === 'PONG',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await metric(app, 'outbox_lost_total')).toBe(0);
    expect((await counts(client)).depth).toBe(2);
  });
});

describe('one key for the fleet', () => {
  it('an instance with another key refuses to start, in one line, and the queue is untouched', async () => {
    const first = await started({}, SLOW_RETRIES);
    standIn.respond(503, {});
    for (const email of ['k1@example.com', 'k2@example.com', 'k3@example.com']) {
      expect(await register(first.base, candidate({ email }))).toMatchObject(QUEUED);
    }
    const own = outboxKeys(Buffer.from(OUTBOX_KEY, 'base64')).id;
    const other = newKey();
    await expect(started({ OUTBOX_KEY: other }, SLOW_RETRIES)).rejects.toThrow(
      `OUTBOX_KEY is not the key the outbox on REDIS_URL is sealed with (that key's fingerprint is ${own}, this one's ${outboxKeys(Buffer.from(other, 'base64')).id}): give every instance the same OUTBOX_KEY, or, to rotate to this one, set the old key in OUTBOX_OLD_KEYS (docs/outbox.md)`,
    );
    expect(await counts(client)).toMatchObject({ depth: 3, deadLetters: 0 });
    // Redis holds the key's fingerprint, never the key.
    expect(await client.hget(MARKER_KEY, 'key')).toBe(own);
    const everything = JSON.stringify(await client.hgetall(MARKER_KEY));
    expect(everything).not.toContain(OUTBOX_KEY);
    expect(everything).not.toContain(Buffer.from(OUTBOX_KEY, 'base64').toString('hex'));
  });

  it('two instances with different keys starting at once on an empty Redis: one starts, one refuses', async () => {
    const [one, two] = [newKey(), newKey()];
    const outcomes = await Promise.allSettled([
      started({ OUTBOX_KEY: one }, SLOW_RETRIES),
      started({ OUTBOX_KEY: two }, SLOW_RETRIES),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(String((refused as PromiseRejectedResult).reason)).toContain(
      'OUTBOX_KEY is not the key the outbox on REDIS_URL is sealed with',
    );
  });

  it('an entry sealed under a key this instance lacks is left for one that has it, never dead-lettered', async () => {
    const app = await started({}, WATCHED);
    const stranger = newKey();
    const id = randomUUID();
    const queue = openQueue(client);
    await client.zadd(SINCE_KEY, Date.now(), id);
    await queue.add(
      'registration',
      { sealed: seal(outboxKeys(Buffer.from(stranger, 'base64')), id, JSON.stringify({})) },
      { jobId: id, attempts: 1_000_000, backoff: { type: 'outbox' }, removeOnFail: false },
    );
    await queue.close();
    await waitFor(
      () => metric(app, 'outbox_retried_total{reason="other_key"}'),
      (times) => times >= 1,
      10_000,
    );
    expect(await counts(client)).toMatchObject({ depth: 1, deadLetters: 0 });
    expect(await metric(app, 'outbox_dead_lettered_total{reason="unreadable"}')).toBe(0);
    expect(standIn.requests).toEqual([]);
  });

  it('rotates: the new key seals, the old still opens, two instances deliver everything once', async () => {
    const oldInstance = await started({}, WATCHED);
    standIn.respond(503, {});
    const before = ['r1@example.com', 'r2@example.com', 'r3@example.com'];
    for (const email of before) {
      expect(await register(oldInstance.base, candidate({ email }))).toMatchObject(QUEUED);
    }
    const rotated = newKey();
    const newInstance = await started(
      { OUTBOX_KEY: rotated, OUTBOX_OLD_KEYS: OUTBOX_KEY },
      WATCHED,
    );
    const newId = outboxKeys(Buffer.from(rotated, 'base64')).id;
    expect(await client.hget(MARKER_KEY, 'key')).toBe(newId);
    const after = ['r4@example.com', 'r5@example.com'];
    for (const email of after) {
      expect(await register(newInstance.base, candidate({ email }))).toMatchObject(QUEUED);
    }
    // The instance not yet restarted goes on, and is told.
    await waitFor(
      async () => logLines(oldInstance).find((line) => line.outbox === 'key-rotated'),
      (line) => line !== undefined,
      5_000,
    );
    expect(await register(oldInstance.base, candidate({ email: 'r6@example.com' }))).toMatchObject(
      QUEUED,
    );
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    await outboxReaches(client, { depth: 0, deadLetters: 0 }, 30_000);
    expect(Object.fromEntries(registered)).toEqual(
      Object.fromEntries([...before, ...after, 'r6@example.com'].map((email) => [email, 1])),
    );
    // Once rotated, the old key alone no longer starts.
    await expect(started({}, WATCHED)).rejects.toThrow('OUTBOX_KEY is not the key the outbox');
  });
});

describe('every entry ends', () => {
  /** Puts `data` in the queue as an entry's, with `id`: whatever a changed Redis may hold. */
  async function put(id: string, data: Record<string, unknown>) {
    const queue = openQueue(client);
    await client.zadd(SINCE_KEY, Date.now(), id);
    await queue.add('registration', data as { sealed: string }, {
      jobId: id,
      attempts: 1_000_000,
      backoff: { type: 'outbox' },
      removeOnFail: false,
    });
    await queue.close();
  }
  const keys = outboxKeys(Buffer.from(OUTBOX_KEY, 'base64'));

  it.each<[string, (id: string) => Record<string, unknown>, string]>([
    ['garbage for a sealed text', () => ({ sealed: 'garbage' }), 'unreadable'],
    ['no sealed text at all', () => ({ other: 1 }), 'unreadable'],
    [
      'a sealed text that is not JSON',
      (id) => ({ sealed: seal(keys, id, 'not json {') }),
      'unreadable',
    ],
    ['a sealed {}', (id) => ({ sealed: seal(keys, id, '{}') }), 'not_candidate'],
    [
      'a sealed entry whose candidate lacks fields',
      (id) => ({ sealed: seal(keys, id, JSON.stringify({ candidate: { email: 'a@b.c' } })) }),
      'not_candidate',
    ],
  ])(
    '%s: dead-lettered at once, with its reason, and no provider call',
    async (_, data, reason) => {
      const app = await started({}, WATCHED);
      const id = randomUUID();
      await put(id, data(id));
      await outboxReaches(client, { depth: 0, deadLetters: 1 }, 10_000);
      expect(await metric(app, `outbox_dead_lettered_total{reason="${reason}"}`)).toBe(1);
      expect(await metric(app, 'outbox_retried_total{reason="network"}')).toBe(0);
      expect(standIn.requests).toEqual([]);
      expect(logLines(app).find((line) => line.outbox === 'dead-lettered')).toMatchObject({
        level: 50,
        entry: id,
        reason,
        providerStatus: null,
      });
    },
  );

  it('a job hash BullMQ cannot read: dead-lettered, named, and the queue goes on', async () => {
    const [broken, fine] = [randomUUID(), randomUUID()];
    // Changed in Redis before any instance runs, so that no worker reads it first.
    await put(broken, { sealed: seal(keys, broken, '{}') });
    await client.hset(`resume-registration:outbox:${broken}`, 'data', '{not json');
    const app = await started({}, WATCHED);
    await waitFor(
      () => metric(app, 'outbox_dead_lettered_total{reason="unreadable"}'),
      (dead) => dead === 1,
      15_000,
    );
    expect(logLines(app).find((line) => line.outbox === 'dead-lettered')).toMatchObject({
      level: 50,
      entry: broken,
      reason: 'unreadable',
      detail: 'corrupted entry',
    });
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    const entry = {
      candidate: toProviderCandidate(
        candidate({
          email: 'fine@example.com',
          uploaded_resume: { base64: RESUME_BASE64, type: 'pdf' },
        }) as never,
        new Date(),
      ),
    };
    await put(fine, { sealed: seal(keys, fine, JSON.stringify(entry)) });
    await outboxReaches(client, { depth: 0, deadLetters: 1 }, 15_000);
    expect(Object.fromEntries(registered)).toEqual({ 'fine@example.com': 1 });
  });

  it('an entry past its age that never reaches the provider ends as expired', async () => {
    const app = await started({}, { ...WATCHED, maxAgeMs: 1_000 });
    const id = randomUUID();
    // Sealed under a key no instance has: every attempt ends before the provider.
    await put(id, { sealed: seal(outboxKeys(randomBytes(32)), id, '{}') });
    await outboxReaches(client, { depth: 0, deadLetters: 1 }, 15_000);
    expect(await metric(app, 'outbox_dead_lettered_total{reason="expired"}')).toBe(1);
    expect(standIn.requests).toEqual([]);
  });
});

describe('one submission, one entry', () => {
  const KEY = { 'idempotency-key': 'b7c1d3e2-4f5a-4b6c-8d7e-9f0a1b2c3d4e' };

  it('a repeat on another instance gets the first answer, and the provider one call', async () => {
    const [first, second] = [await started(), await started()];
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    const answer = await register(first.base, candidate(), KEY);
    expect(answer).toMatchObject({ status: 201 });
    expect(await register(second.base, candidate(), KEY)).toEqual(answer);
    expect(standIn.requests).toHaveLength(1);
    expect([...registered.values()]).toEqual([1]);
    expect(await metric(second, 'registrations_total{outcome="replayed",status="201"}')).toBe(1);
  });

  it('a repeat while the first is still with the provider waits for its answer', async () => {
    const [first, second] = [await started(), await started()];
    standIn.respond(201, { id: 'slow' }, undefined, 600);
    const [one, two] = await Promise.all([
      register(first.base, candidate(), KEY),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        register(second.base, candidate(), KEY),
      ),
    ]);
    expect(one).toMatchObject({ status: 201 });
    expect(two).toEqual(one);
    expect(standIn.requests).toHaveLength(1);
  });

  it('a resubmission after a lost answer is queued once, and delivered once', async () => {
    const [first, second] = [await started({}, SLOW_RETRIES), await started({}, SLOW_RETRIES)];
    standIn.respond(503, {});
    expect(await register(first.base, candidate(), KEY)).toMatchObject(QUEUED);
    expect(await register(second.base, candidate(), KEY)).toMatchObject(QUEUED);
    expect(await counts(client)).toMatchObject({ depth: 1 });
    expect(standIn.requests).toHaveLength(1);
  });

  it('an instance that died between queuing and answering: the repeat is told queued, nothing more', async () => {
    const app = await started({}, SLOW_RETRIES);
    const [[, key]] = Object.entries(KEY) as [[string, string]];
    const id = entryIdOf(key);
    // What the dead instance left: its entry, and its hold on the key, run out.
    await putEntry(id);
    await client.set(submissionKey(keyHash(key)), `pending:${Date.now() - 1}`, 'PX', 60_000);
    standIn.respond(201, { id: 'never' });
    expect(await register(app.base, candidate(), KEY)).toMatchObject(QUEUED);
    expect(standIn.requests).toEqual([]);
    expect(await counts(client)).toMatchObject({ depth: 1 });
  });

  /** An entry as an instance queues it, for the app's own key, under `id`. */
  async function putEntry(id: string) {
    const queue = openQueue(client);
    const keys = outboxKeys(Buffer.from(OUTBOX_KEY, 'base64'));
    await client.zadd(SINCE_KEY, Date.now(), id);
    await queue.add(
      'registration',
      { sealed: seal(keys, id, JSON.stringify({ candidate: {} })) },
      { jobId: id, delay: 600_000, attempts: 1_000_000, removeOnFail: false },
    );
    await queue.close();
  }

  it('refuses a malformed key with 400, before anything is sent', async () => {
    const app = await started();
    expect(await register(app.base, candidate(), { 'idempotency-key': 'short' })).toMatchObject({
      status: 400,
      body: { ok: false, status: 400, message: 'Invalid request data' },
    });
    expect(standIn.requests).toEqual([]);
  });
});

describe('a shorter first try with the outbox', () => {
  it('a provider that has not answered within OUTBOX_FIRST_TRY_MS: queued at once, its late 201 recorded, not sent again', async () => {
    const app = await started({ OUTBOX_FIRST_TRY_MS: '300', PROVIDER_TIMEOUT_MS: '5000' }, WATCHED);
    standIn.respond(201, { id: 'late' }, undefined, 1_500);
    expect(await register(app.base, candidate({ email: 'late@example.com' }))).toMatchObject(
      QUEUED,
    );
    const line = logLines(app).find((entry) => entry.outcome === 'queued');
    expect(line).toMatchObject({ providerError: 'first try', providerMs: 300 });
    // The provider still had the request when the candidate was told.
    expect(await metric(app, 'outbox_delivered_total{result="registered"}')).toBe(0);
    await waitFor(
      () => metric(app, 'outbox_delivered_total{result="registered"}'),
      (delivered) => delivered === 1,
      10_000,
    );
    await outboxReaches(client, { depth: 0, deadLetters: 0 });
    expect(standIn.requests.map(emailOf)).toEqual(['late@example.com']);
  });
});
