// The outbox (OUTBOX=on, docs/decisions/020): registrations the provider could not take now,
// sealed under OUTBOX_KEY in a BullMQ queue on REDIS_URL, delivered later by a worker that every
// instance runs. Loaded only when configured, like ioredis itself.
import { randomUUID } from 'node:crypto';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Metrics } from '../metrics.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { ProviderCandidate } from '../registration/provider-candidate.ts';
import { deliveryOf, RETRY_BASE_MS, type RetryReason, retryDelayMs } from './policy.ts';
import { holdOf, type OutboxKeys, outboxKeys, seal, UnsealFailed, unseal } from './seal.ts';

/** The queue's name and the prefix of every Redis key the outbox writes. */
const OUTBOX_QUEUE = 'outbox';
const OUTBOX_PREFIX = 'resume-registration';
/** The entries' ages (a sorted set: id by time queued) and their resumes' holds (id → hold). */
const SINCE_KEY = `${OUTBOX_PREFIX}:outbox-index:since`;
const HOLDS_KEY = `${OUTBOX_PREFIX}:outbox-index:holds`;
/** The hash BullMQ keeps an entry in (its sealed text among its fields). */
const jobKey = (id: string) => `${OUTBOX_PREFIX}:${OUTBOX_QUEUE}:${id}`;
/**
 * Deliveries one instance makes at once.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const OUTBOX_CONCURRENCY = 4;
/** BullMQ counts attempts; the outbox ends an entry by its age instead. */
const UNLIMITED_ATTEMPTS = 1_000_000;
/** At most one burst of the backlog per this long, when the provider answers again. */
const PROMOTE_INTERVAL_MS = 10_000;
/** How long shutdown waits for the deliveries under way (the shutdown bound is 25 s at most). */
const CLOSE_BOUND_MS = 5_000;
/** How long enqueueing may take before the candidate is told as without the outbox. */
const ENQUEUE_TIMEOUT_MS = 2_000;

/** What a queued entry holds, unsealed. */
interface Entry {
  candidate: ProviderCandidate;
}

/** What Redis holds: only the sealed text. */
interface JobData {
  sealed: string;
}

/** An attempt that failed for now: BullMQ waits `delayMs`, then tries again. */
class RetryLater extends Error {
  constructor(
    readonly reason: RetryReason,
    readonly delayMs: number,
  ) {
    super(
      `provider could not take it (${reason}); next attempt in ${Math.round(delayMs / 1000)} s`,
    );
    this.name = 'RetryLater';
  }
}

export interface OutboxTimings {
  /** How long a delivery's lock lasts without renewal: a killed instance's entry waits this long. */
  lockMs: number;
  /** How often each worker looks for entries whose instance died. */
  stalledIntervalMs: number;
  /** The first retry's mean wait (policy.ts); each next one doubles. */
  retryBaseMs: number;
  /** For tests only: the age at which an entry is dead-lettered, instead of OUTBOX_MAX_AGE_HOURS. */
  maxAgeMs?: number;
}

/** @internal test/readme-facts.test.ts holds the docs' figure to it. */
export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  lockMs: 30_000,
  stalledIntervalMs: 15_000,
  retryBaseMs: RETRY_BASE_MS,
};

export interface OutboxOptions {
  redisUrl: string;
  /** The connection the app's requests use: fails fast while Redis is away (decision 006). */
  redis: Redis;
  key: Buffer;
  maxAgeHours: number;
  provider: ProviderClient;
  metrics: Metrics;
  log: FastifyBaseLogger;
  timings?: OutboxTimings;
  /** For tests: the jitter's draw. */
  random?: () => number;
}

/** A dead letter as `npm run outbox -- list` shows it: nothing of the candidate. */
export interface DeadLetter {
  id: string;
  queuedAt: string;
  failedAt: string | null;
  attempts: number;
  reason: string;
}

export interface Outbox {
  /**
   * Keeps `candidate` for delivery, holding stored resume `resumeName` (if any) until then;
   * rejects when Redis does not take it, and then nothing of it stays.
   */
  enqueue(
    candidate: ProviderCandidate,
    resumeName: string | null,
    retryAfterMs?: number,
  ): Promise<{ id: string; retryInMs: number }>;
  /** Whether a stored resume is held by a queued or dead-lettered entry (the retention sweep). */
  heldResumes(): Promise<(name: string) => boolean>;
  close(): Promise<void>;
}

const errorCode = (error: unknown) =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'error';

/** Logs a repeated error once a minute at most: a Redis outage is reported, not flooded. */
function throttled(log: FastifyBaseLogger, message: string) {
  let last = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn({ err: error }, message);
  };
}

/** @internal The outbox tests' harness types the counts with it. */
export interface OutboxCounts {
  depth: number;
  oldestAgeSeconds: number;
  deadLetters: number;
}

/** The queue, for the app and the CLI alike. */
export function openQueue(connection: Redis) {
  return new Queue<JobData>(OUTBOX_QUEUE, {
    connection,
    prefix: OUTBOX_PREFIX,
    skipWaitingForReady: true,
  });
}

/**
 * The queue's state now: what is waiting, how old its oldest entry is, and the dead letters.
 * @internal The outbox tests read the queue's counts through it, as the gauges do.
 */
export async function countOutbox(
  queue: Queue<JobData>,
  redis: Redis,
  now = Date.now(),
): Promise<OutboxCounts> {
  const counts = await queue.getJobCounts(
    'wait',
    'delayed',
    'active',
    'prioritized',
    'waiting-children',
    'failed',
  );
  const { failed = 0, ...waiting } = counts;
  // The index may name an entry that never reached the queue (enqueue failed half-way): it is
  // dropped here, and the next one looked at.
  let oldestAgeSeconds = 0;
  for (let tries = 0; tries < 10; tries++) {
    const [id, score] = await redis.zrange(SINCE_KEY, 0, 0, 'WITHSCORES');
    if (id === undefined || score === undefined) break;
    if (await redis.exists(jobKey(id))) {
      oldestAgeSeconds = Math.max(0, (now - Number(score)) / 1000);
      break;
    }
    await redis.zrem(SINCE_KEY, id);
  }
  const depth = Object.values(waiting).reduce((sum, count) => sum + count, 0);
  return { depth, oldestAgeSeconds, deadLetters: failed };
}

/** The dead letters, oldest first, without opening any. */
export async function deadLetters(queue: Queue<JobData>): Promise<DeadLetter[]> {
  const jobs = await queue.getJobs('failed', 0, -1, true);
  return jobs.map((job) => ({
    id: String(job.id),
    queuedAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    attempts: job.attemptsMade + 1,
    reason: job.failedReason,
  }));
}

/** An entry waiting for delivery, as `npm run outbox -- list --waiting` shows it. */
export interface Waiting {
  id: string;
  queuedAt: string;
  /** Attempts so far, the first (the candidate's own request) included. */
  attempts: number;
  /** Being delivered now, due now, or waiting out a backoff. */
  state: 'delivering' | 'due' | 'backing off';
}

const WAITING_STATES = [
  ['delivering', ['active']],
  ['due', ['wait', 'prioritized']],
  ['backing off', ['delayed']],
] as const;

/** The entries waiting for delivery, oldest first, without opening any. */
export async function waitingEntries(queue: Queue<JobData>): Promise<Waiting[]> {
  const lists = await Promise.all(
    WAITING_STATES.map(async ([state, types]) =>
      (await queue.getJobs([...types], 0, -1, true)).map((job) => ({
        id: String(job.id),
        queuedAt: new Date(job.timestamp).toISOString(),
        attempts: job.attemptsMade + 1,
        state,
      })),
    ),
  );
  return lists.flat().sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** Sends dead letter `id` back to the queue, due now: false when there is no such dead letter. */
export async function retryDeadLetter(
  queue: Queue<JobData>,
  redis: Redis,
  id: string,
): Promise<boolean> {
  const job = await queue.getJob(id);
  if (!job || !(await job.isFailed())) return false;
  await redis.zadd(SINCE_KEY, Date.now(), id);
  await job.retry('failed', { resetAttemptsMade: true });
  return true;
}

/** Deletes entry `id` (a dead letter, or one still queued) and its hold: false when none. */
export async function dropEntry(queue: Queue<JobData>, redis: Redis, id: string): Promise<boolean> {
  const job = await queue.getJob(id);
  if (!job) return false;
  await job.remove();
  await redis.multi().zrem(SINCE_KEY, id).hdel(HOLDS_KEY, id).exec();
  return true;
}

/** Resolves with `promise`, or rejects after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function openOutbox(options: OutboxOptions): Outbox {
  const { redis, metrics, log, provider } = options;
  const keys: OutboxKeys = outboxKeys(options.key);
  const timings = options.timings ?? DEFAULT_OUTBOX_TIMINGS;
  const maxAgeMs = timings.maxAgeMs ?? options.maxAgeHours * 3_600_000;
  const random = options.random ?? Math.random;
  const delayAfter = (failures: number, retryAfterMs: number | null) =>
    retryDelayMs(failures, retryAfterMs, random(), timings.retryBaseMs);
  const queue = openQueue(redis);
  queue.on('error', throttled(log, 'outbox queue: Redis error'));

  const forget = (id: string) => redis.multi().zrem(SINCE_KEY, id).hdel(HOLDS_KEY, id).exec();

  let lastPromoted = 0;
  let sawRetry = false;
  /** The provider answered again after failures: the backlog need not wait out its backoff. */
  const promoteBacklog = () => {
    if (!sawRetry || Date.now() - lastPromoted < PROMOTE_INTERVAL_MS) return;
    sawRetry = false;
    lastPromoted = Date.now();
    queue.promoteJobs().catch(throttled(log, 'outbox: the backlog could not be promoted'));
  };

  const deadLetter = (
    job: Job<JobData>,
    reason: 'expired' | 'rejected' | 'unreadable',
    status: number | null,
  ) => {
    metrics.outboxDeadLettered.inc({ reason });
    // No personal data: the entry's id, why, and how long it waited.
    log.error(
      {
        outbox: 'dead-lettered',
        entry: job.id,
        reason,
        providerStatus: status,
        attempts: job.attemptsMade + 2,
        ageMinutes: Math.round((Date.now() - job.timestamp) / 60_000),
      },
      'outbox entry dead-lettered',
    );
    void redis.zrem(SINCE_KEY, String(job.id)).catch(() => {});
    return new UnrecoverableError(
      `${reason}${status === null ? '' : ` (provider status ${status})`}`,
    );
  };

  const deliver = async (job: Job<JobData>) => {
    const id = String(job.id);
    let entry: Entry;
    try {
      entry = JSON.parse(unseal(keys, id, job.data.sealed)) as Entry;
    } catch (error) {
      if (error instanceof UnsealFailed) throw deadLetter(job, 'unreadable', null);
      throw error;
    }
    const { result, log: call } = await provider.register(entry.candidate);
    const delivery = deliveryOf(result);
    const line = {
      outbox: delivery.kind,
      entry: id,
      attempt: job.attemptsMade + 2,
      providerStatus: call.providerStatus ?? null,
      providerMs: call.providerMs,
      ...(call.providerError ? { providerError: call.providerError } : {}),
    };
    if (delivery.kind === 'delivered') {
      metrics.outboxDelivered.inc({ result: delivery.result });
      log.info({ ...line, result: delivery.result }, 'outbox entry delivered');
      await forget(id).catch(throttled(log, 'outbox: a delivered entry’s index was not cleared'));
      promoteBacklog();
      return delivery.result;
    }
    if (delivery.kind === 'rejected') throw deadLetter(job, 'rejected', delivery.status);
    const now = Date.now();
    const deadline = job.timestamp + maxAgeMs;
    if (now >= deadline) throw deadLetter(job, 'expired', call.providerStatus ?? null);
    sawRetry = true;
    metrics.outboxRetried.inc({ reason: delivery.reason });
    const failures = job.attemptsMade + 2;
    // At the deadline, one last attempt; never sooner than a second (a tenth of a test's base).
    const delayMs = Math.max(
      Math.min(1_000, timings.retryBaseMs / 10),
      Math.min(delayAfter(failures, delivery.retryAfterMs), deadline - now),
    );
    log.info({ ...line, reason: delivery.reason, retryInMs: delayMs }, 'outbox entry retried');
    throw new RetryLater(delivery.reason, delayMs);
  };

  const workerConnection = new Redis(options.redisUrl, {
    // BullMQ's blocking reads wait for Redis to come back instead of failing (its requirement).
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  workerConnection.on('error', () => {});
  const worker = new Worker<JobData>(OUTBOX_QUEUE, deliver, {
    connection: workerConnection,
    prefix: OUTBOX_PREFIX,
    concurrency: OUTBOX_CONCURRENCY,
    lockDuration: timings.lockMs,
    stalledInterval: timings.stalledIntervalMs,
    // An entry whose instance died mid-delivery goes back to the queue; a delivery that kills
    // every instance it reaches (a poison entry) ends in the dead-letter set.
    maxStalledCount: 5,
    settings: {
      backoffStrategy: (_attempts, _type, error) =>
        error instanceof RetryLater ? error.delayMs : delayAfter(1, null),
    },
  });
  worker.on('error', throttled(log, 'outbox worker: Redis error'));

  const sample = sampled(() => countOutbox(queue, redis));
  metrics.outboxDepth.collectWith(async () => (await sample()).depth);
  metrics.outboxOldestAge.collectWith(async () => (await sample()).oldestAgeSeconds);
  metrics.outboxDeadLetters.collectWith(async () => (await sample()).deadLetters);

  return {
    async enqueue(candidate, resumeName, retryAfterMs) {
      const id = randomUUID();
      const sealed = seal(keys, id, JSON.stringify({ candidate } satisfies Entry));
      const now = Date.now();
      const retryInMs = delayAfter(1, retryAfterMs ?? null);
      const index = redis.multi().zadd(SINCE_KEY, now, id);
      if (resumeName !== null) index.hset(HOLDS_KEY, id, holdOf(keys, resumeName));
      try {
        await within(index.exec(), ENQUEUE_TIMEOUT_MS, 'the outbox index');
        await within(
          queue.add(
            'registration',
            { sealed },
            {
              jobId: id,
              timestamp: now,
              delay: retryInMs,
              attempts: UNLIMITED_ATTEMPTS,
              backoff: { type: 'outbox' },
              removeOnComplete: true,
              removeOnFail: false,
            },
          ),
          ENQUEUE_TIMEOUT_MS,
          'the outbox',
        );
      } catch (error) {
        // Nothing half-way: an index entry without its job is dropped (countOutbox does it too).
        void forget(id).catch(() => {});
        throw Object.assign(
          new Error(`the outbox did not take the registration: ${errorCode(error)}`),
          {
            cause: error,
          },
        );
      }
      return { id, retryInMs };
    },

    async heldResumes() {
      const holds = await redis.hgetall(HOLDS_KEY);
      const held = new Set<string>();
      // A hold whose entry is gone (delivered, dropped, or never queued) is let go.
      for (const [id, hold] of Object.entries(holds)) {
        if (await redis.exists(jobKey(id))) held.add(hold);
        else await redis.hdel(HOLDS_KEY, id);
      }
      return (name) => held.has(holdOf(keys, name));
    },

    async close() {
      metrics.outboxDepth.collectWith(null);
      metrics.outboxOldestAge.collectWith(null);
      metrics.outboxDeadLetters.collectWith(null);
      // A delivery under way may finish; one that does not within the bound (a slow provider,
      // Redis away) is left to its lock, which lapses, and another instance delivers it.
      // With Redis away there is nothing to wait for, and even a forced close would wait for it.
      const closed =
        workerConnection.status === 'ready'
          ? Promise.allSettled([worker.close(), queue.close()])
          : Promise.reject(new Error('Redis away'));
      await within(closed, CLOSE_BOUND_MS, 'closing the outbox').catch(() => {
        log.warn(
          `outbox closed without its worker: a delivery under way goes back to the queue when its lock lapses`,
        );
        void worker.close(true).catch(() => {});
      });
      workerConnection.disconnect();
    },
  };
}

/** `read`, at most once a second: the three gauges of one scrape share one look at Redis. */
function sampled<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < 1_000) return last.value;
    const value = read();
    last = { at: now, value };
    value.catch(() => {
      last = null;
    });
    return value;
  };
}
