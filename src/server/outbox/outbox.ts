// The outbox (OUTBOX=on, docs/decisions/020): registrations the provider could not take now,
// sealed under OUTBOX_KEY in a BullMQ queue on REDIS_URL, delivered later by a worker that every
// instance runs. Loaded only when configured, like ioredis itself.
import { randomUUID } from 'node:crypto';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Metrics } from '../metrics.ts';
import type { CallCeiling } from '../provider/ceiling.ts';
import type { ProviderClient } from '../provider/client.ts';
import { isProviderCandidate, type ProviderCandidate } from '../registration/provider-candidate.ts';
import { quarantineCorrupted } from './entries.ts';
import {
  HOLDS_KEY,
  jobKey,
  LATE_KEY,
  MARKER_KEY,
  OUTBOX_PREFIX,
  OUTBOX_QUEUE,
  SINCE_KEY,
} from './keys.ts';
import { deliveryOf, RETRY_BASE_MS, type RetryReason, retryDelayMs } from './policy.ts';
import {
  holdOf,
  type Keyring,
  keyring,
  SealedUnderOtherKey,
  seal,
  sealedKeyId,
  UnsealFailed,
  unseal,
} from './seal.ts';
import {
  configRefused,
  foreignKeyLine,
  keyVerdict,
  lossSince,
  markerOf,
  type Seen,
  type StoreSettings,
  seenAfter,
  storeVerdict,
  volatileStoreLine,
} from './store.ts';
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
/** How long start-up waits for Redis to answer its checks. */
const CHECK_TIMEOUT_MS = 2_000;

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
    readonly reason: RetryReason | 'other_key' | 'local' | 'ceiling',
    readonly delayMs: number,
  ) {
    super(
      `could not be delivered now (${reason}); next attempt in ${Math.round(delayMs / 1000)} s`,
    );
    this.name = 'RetryLater';
  }
}

/** Start-up stops: the outbox could not keep its promise on this Redis, said in one line. */
class UnusableOutbox extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableOutbox';
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
  /** How often the instance looks at the marker for a lost queue or another key; 5 s if unset. */
  watchMs?: number;
}

/** @internal test/readme-facts.test.ts holds the docs' figure to it. */
export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  lockMs: 30_000,
  stalledIntervalMs: 15_000,
  retryBaseMs: RETRY_BASE_MS,
};

/**
 * How often an instance looks at the marker when the timings do not say.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const OUTBOX_WATCH_MS = 5_000;

export interface OutboxOptions {
  redisUrl: string;
  /** The connection the app's requests use: fails fast while Redis is away (decision 006). */
  redis: Redis;
  key: Buffer;
  /** Keys that still open entries but no longer seal them (OUTBOX_OLD_KEYS). */
  oldKeys?: readonly Buffer[];
  /** Start on a Redis that would lose or evict the queue (OUTBOX_ALLOW_VOLATILE). */
  allowVolatile?: boolean;
  maxAgeHours: number;
  provider: ProviderClient;
  /** PROVIDER_CALLS_PER_MINUTE: deliveries count toward it, and wait past it. */
  ceiling?: CallCeiling | null;
  metrics: Metrics;
  log: FastifyBaseLogger;
  timings?: OutboxTimings;
  /** For tests: the jitter's draw. */
  random?: () => number;
}

/** How an entry is queued, besides its candidate. */
interface EnqueueOptions {
  /** The stored resume the candidate links to, held until delivery. */
  resumeName: string | null;
  /** The provider's Retry-After, if it sent one. */
  retryAfterMs?: number;
  /** The entry's id, when the submission names one (one entry per submission): else a new one. */
  id?: string;
  /** The least wait before the first delivery (the first call may still answer till then). */
  notBeforeMs?: number;
}

export interface Outbox {
  /**
   * Keeps `candidate` for delivery; rejects when Redis does not take it, and then nothing of it
   * stays. The same `id` twice keeps one entry.
   */
  enqueue(
    candidate: ProviderCandidate,
    options: EnqueueOptions,
  ): Promise<{ id: string; retryInMs: number }>;
  /** Whether entry `id` is queued or dead-lettered. */
  holds(id: string): Promise<boolean>;
  /** The provider took entry `id` on the call made before it was queued: it is not sent again. */
  deliveredLate(id: string, result: 'registered' | 'conflict'): Promise<void>;
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

/**
 * The queue.
 * @internal The outbox tests put entries in it as a changed Redis would.
 */
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

/** Resolves with `promise`, or rejects after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Redis' persistence and eviction settings, or null where CONFIG is not allowed. */
async function storeSettings(redis: Redis): Promise<StoreSettings | null> {
  try {
    const read = async (name: string) => {
      const [, value = ''] = (await redis.call('CONFIG', 'GET', name)) as string[];
      return value;
    };
    return {
      appendonly: await read('appendonly'),
      save: await read('save'),
      maxmemoryPolicy: await read('maxmemory-policy'),
    };
  } catch (error) {
    if (error instanceof Error && configRefused(error.message)) return null;
    throw error;
  }
}

/**
 * The outbox, once Redis has been asked whether it keeps the queue and whether this instance's
 * key is the fleet's: UnusableOutbox when not (docs/outbox.md). With Redis away at start, both
 * are asked when it answers, and an instance that fails them then queues nothing.
 */
export async function startOutbox(options: OutboxOptions): Promise<Outbox> {
  const { redis, log } = options;
  const { outbox, check } = openOutbox(options, keyring(options.key, options.oldKeys));
  if (redis.status !== 'ready') {
    log.warn('outbox: Redis is away at start; its settings and key are checked when it answers');
    return outbox;
  }
  try {
    await check();
  } catch (error) {
    if (error instanceof UnusableOutbox) {
      await outbox.close();
      throw error;
    }
    // Redis went away during the checks: they run again before the next entry is queued.
    log.warn(
      { err: error },
      'outbox: the start-up checks did not finish; they run again when Redis answers',
    );
  }
  return outbox;
}

function openOutbox(options: OutboxOptions, keys: Keyring) {
  const { redis, metrics, log, provider } = options;
  const [sealing] = keys;
  const keyIds = keys.map((key) => key.id);
  const timings = options.timings ?? DEFAULT_OUTBOX_TIMINGS;
  const maxAgeMs = timings.maxAgeMs ?? options.maxAgeHours * 3_600_000;
  const random = options.random ?? Math.random;
  /** How late the attempt scheduled at an entry's deadline may start: a minute, a test's less. */
  const lastAttemptGraceMs = Math.min(60_000, timings.retryBaseMs * 10);
  const delayAfter = (failures: number, retryAfterMs: number | null) =>
    retryDelayMs(failures, retryAfterMs, random(), timings.retryBaseMs);
  const queue = openQueue(redis);
  queue.on('error', throttled(log, 'outbox queue: Redis error'));

  const forget = (id: string) =>
    redis.multi().zrem(SINCE_KEY, id).hdel(HOLDS_KEY, id).srem(LATE_KEY, id).exec();

  // What this instance knows of the queue (store.ts): null until the checks have passed.
  let seen: Seen | null = null;
  /** Set when this instance must not queue: its key is not the fleet's, or Redis would lose it. */
  let refusal: string | null = null;
  /** Whether this instance's key was ever the fleet's: a later change is a rotation under way. */
  let keyAccepted = false;

  /**
   * The start-up checks: Redis keeps the queue through a crash and never evicts it (unless
   * OUTBOX_ALLOW_VOLATILE), and the marker names this instance's key (or an old one: a rotation).
   */
  const check = async () => {
    const settings = await within(storeSettings(redis), CHECK_TIMEOUT_MS, 'CONFIG GET');
    const verdict = storeVerdict(settings);
    if (verdict.kind === 'volatile') {
      if (!options.allowVolatile) throw new UnusableOutbox(volatileStoreLine(verdict.problems));
      log.warn(
        { outbox: 'volatile' },
        `OUTBOX_ALLOW_VOLATILE=1: the outbox runs on a Redis that may lose it: ${verdict.problems.join('; ')}`,
      );
    } else if (verdict.kind === 'unknown') {
      log.warn(
        { outbox: 'unchecked' },
        'outbox: Redis does not allow CONFIG, so its persistence was not checked; a lost queue is still reported (outbox_lost_total)',
      );
    }
    await redis.hsetnx(MARKER_KEY, 'generation', randomUUID());
    let marker = markerOf(await redis.hgetall(MARKER_KEY));
    const key = keyVerdict(marker, keyIds);
    if (key.kind === 'foreign') throw new UnusableOutbox(foreignKeyLine(key.key, sealing.id));
    if (key.kind !== 'ours') {
      // Unnamed: named only if no other instance named it first (two keys starting at once).
      if (key.kind === 'unnamed') await redis.hsetnx(MARKER_KEY, 'key', sealing.id);
      else await redis.hset(MARKER_KEY, 'key', sealing.id);
      if (key.kind === 'rotating') {
        log.warn(
          { outbox: 'key-rotation', from: key.from, to: sealing.id },
          'outbox: key rotation: entries are sealed under this OUTBOX_KEY from now on; those sealed under the old one still open, and are sealed anew as they are delivered',
        );
      }
      marker = markerOf(await redis.hgetall(MARKER_KEY));
      const named = keyVerdict(marker, keyIds);
      if (named.kind === 'foreign') throw new UnusableOutbox(foreignKeyLine(named.key, sealing.id));
    }
    keyAccepted = true;
    refusal = null;
    if (marker)
      seen = { generation: marker.generation, enqueued: marker.enqueued, held: await heldNow() };
  };

  const heldNow = async () => {
    const { depth, deadLetters } = await countOutbox(queue, redis);
    return depth + deadLetters;
  };

  /** One look at the marker: a queue that lost what it held is reported, a new marker written. */
  const look = async () => {
    if (seen === null) {
      // Not checked yet (Redis was away at start): the checks first, and a failure is this
      // instance's to stop queueing on.
      try {
        await check();
      } catch (error) {
        if (!(error instanceof UnusableOutbox)) throw error;
        if (refusal !== error.message) log.error({ outbox: 'refused' }, error.message);
        refusal = error.message;
      }
      return;
    }
    const marker = markerOf(await redis.hgetall(MARKER_KEY));
    const loss = lossSince(seen, marker);
    if (loss) {
      if (loss.lost > 0) {
        metrics.outboxLost.inc(loss.lost);
        log.error(
          { outbox: 'lost', cause: loss.cause, entries: loss.lost },
          loss.cause === 'emptied'
            ? `outbox lost: the queue on Redis is gone, with the ${loss.lost} entries it held at the last look (Redis restarted without its data, or was emptied)`
            : `outbox lost: Redis went back to an earlier state; up to ${loss.lost} entries queued since are gone`,
        );
      } else {
        log.warn(
          { outbox: 'lost', cause: loss.cause, entries: 0 },
          'outbox: the queue on Redis was made anew; it held nothing',
        );
      }
    }
    // The marker judged is the one this look goes on from: a second read could find a Redis
    // restarted since, which no look would then have judged.
    let now = marker;
    if (loss?.cause === 'emptied') {
      await redis.hsetnx(MARKER_KEY, 'generation', randomUUID());
      await redis.hsetnx(MARKER_KEY, 'key', sealing.id);
      now = markerOf(await redis.hgetall(MARKER_KEY));
    }
    if (!now) return;
    const key = keyVerdict(now, keyIds);
    // A key named after this instance's was accepted is a rotation under way; one named before
    // any was (Redis away at start) is another fleet's, and this instance queues nothing.
    if (key.kind === 'foreign' && keyAccepted) warnRotated(key.key);
    else if (key.kind === 'foreign') refusal = foreignKeyLine(key.key, sealing.id);
    const held = await heldNow();
    seen = seenAfter(now, held, markerOf(await redis.hgetall(MARKER_KEY))) ?? seen;
  };
  let rotatedWarned = '';
  const warnRotated = (to: string) => {
    if (rotatedWarned === to) return;
    rotatedWarned = to;
    log.warn(
      { outbox: 'key-rotated', to },
      `outbox: the fleet seals under another key now (${to}): restart this instance with it as OUTBOX_KEY and this one in OUTBOX_OLD_KEYS`,
    );
  };
  const lookFailed = throttled(log, 'outbox: the marker could not be read');
  let looking = false;
  const watch = setInterval(() => {
    if (looking || redis.status !== 'ready') return;
    looking = true;
    look()
      .catch(lookFailed)
      .finally(() => {
        looking = false;
      });
  }, timings.watchMs ?? OUTBOX_WATCH_MS);
  watch.unref();

  let lastPromoted = 0;
  let sawRetry = false;
  /** The provider answered again after failures: the backlog need not wait out its backoff. */
  const promoteBacklog = () => {
    if (!sawRetry || Date.now() - lastPromoted < PROMOTE_INTERVAL_MS) return;
    sawRetry = false;
    lastPromoted = Date.now();
    queue.promoteJobs().catch(throttled(log, 'outbox: the backlog could not be promoted'));
  };

  type DeadReason = 'expired' | 'rejected' | 'unreadable' | 'not_candidate';
  const deadLetter = (job: Job<JobData>, reason: DeadReason, status: number | null) => {
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

  /** Retried without a provider call: its reason counted and logged as it is. */
  const retryWithoutCall = (job: Job<JobData>, reason: 'other_key' | 'local', detail: string) => {
    metrics.outboxRetried.inc({ reason });
    // Another key's entry is soon taken by an instance that has the key: no backoff, or it could
    // wait a quarter of an hour after a key rotation. A failure here backs off as usual.
    const failures = reason === 'other_key' ? 1 : job.attemptsMade + 2;
    const delayMs = Math.max(Math.min(1_000, timings.retryBaseMs), delayAfter(failures, null));
    log.warn(
      { outbox: 'retry', entry: job.id, reason, detail, retryInMs: delayMs },
      reason === 'other_key'
        ? 'outbox entry sealed under a key this instance does not hold: left for one that does'
        : 'outbox entry not sent: a failure here, not the provider’s',
    );
    return new RetryLater(reason, delayMs);
  };

  /** The entry's candidate, or the reason it has none. */
  const open = (job: Job<JobData>): Entry | Error => {
    const id = String(job.id);
    const sealed = (job.data as Partial<JobData> | null)?.sealed;
    if (typeof sealed !== 'string') return deadLetter(job, 'unreadable', null);
    let plain: string;
    try {
      plain = unseal(keys, id, sealed);
    } catch (error) {
      if (error instanceof SealedUnderOtherKey) {
        return retryWithoutCall(
          job,
          'other_key',
          `sealed under ${error.keyId ?? 'an unnamed key'}`,
        );
      }
      if (error instanceof UnsealFailed) return deadLetter(job, 'unreadable', null);
      throw error;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(plain);
    } catch {
      return deadLetter(job, 'unreadable', null);
    }
    const candidate = (entry as Partial<Entry> | null)?.candidate;
    if (!isProviderCandidate(candidate)) return deadLetter(job, 'not_candidate', null);
    // Sealed under an old key: sealed anew, so that the old key can be let go.
    if (sealedKeyId(sealed) !== sealing.id) {
      job
        .updateData({ sealed: seal(sealing, id, plain) })
        .catch(throttled(log, 'outbox: an entry could not be sealed anew'));
    }
    return { candidate };
  };

  const deliver = async (job: Job<JobData>) => {
    const id = String(job.id);
    const now = Date.now();
    const deadline = job.timestamp + maxAgeMs;
    // The age limit first: whatever happened on the last attempt (no provider answer, a failure
    // here, a key this instance lacks), an entry past it ends here. The attempt scheduled at the
    // deadline itself still goes ahead, however late its turn comes within the grace.
    if (now >= deadline + lastAttemptGraceMs) throw deadLetter(job, 'expired', null);
    const entry = open(job);
    if (entry instanceof Error) throw entry;
    // The call made before it was queued answered after all: nothing to send.
    if ((await redis.srem(LATE_KEY, id)) === 1) {
      await forget(id).catch(throttled(log, 'outbox: a delivered entry’s index was not cleared'));
      return 'delivered-late';
    }
    // Past the deployment's ceiling on provider calls: tried again in the next minute.
    const turn = (await options.ceiling?.take()) ?? { ok: true };
    if (!turn.ok) {
      metrics.ceilingReached.inc();
      metrics.outboxRetried.inc({ reason: 'ceiling' });
      log.info(
        { outbox: 'retry', entry: id, reason: 'ceiling', retryInMs: turn.retryAfterMs },
        'outbox entry waits for the provider-call ceiling',
      );
      throw new RetryLater('ceiling', turn.retryAfterMs);
    }
    let call: Awaited<ReturnType<ProviderClient['register']>>;
    try {
      call = await provider.register(entry.candidate);
    } catch (error) {
      throw retryWithoutCall(job, 'local', errorCode(error));
    }
    const { result, log: callLog } = call;
    const delivery = deliveryOf(result);
    const line = {
      outbox: delivery.kind,
      entry: id,
      attempt: job.attemptsMade + 2,
      providerStatus: callLog.providerStatus ?? null,
      providerMs: callLog.providerMs,
      ...(callLog.providerError ? { providerError: callLog.providerError } : {}),
    };
    if (delivery.kind === 'delivered') {
      metrics.outboxDelivered.inc({ result: delivery.result });
      log.info({ ...line, result: delivery.result }, 'outbox entry delivered');
      await forget(id).catch(throttled(log, 'outbox: a delivered entry’s index was not cleared'));
      promoteBacklog();
      return delivery.result;
    }
    if (delivery.kind === 'rejected') throw deadLetter(job, 'rejected', delivery.status);
    const after = Date.now();
    if (after >= deadline) throw deadLetter(job, 'expired', callLog.providerStatus ?? null);
    sawRetry = true;
    metrics.outboxRetried.inc({ reason: delivery.reason });
    const failures = job.attemptsMade + 2;
    // At the deadline, one last attempt; never sooner than a second (a tenth of a test's base).
    const delayMs = Math.max(
      Math.min(1_000, timings.retryBaseMs / 10),
      Math.min(delayAfter(failures, delivery.retryAfterMs), deadline - after),
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
  const workerError = throttled(log, 'outbox worker: Redis error');
  worker.on('error', (error) => {
    // A job BullMQ cannot read (its hash changed in Redis) would stop at every fetch: it is moved
    // to the dead letters, named, instead.
    if (error instanceof SyntaxError) {
      quarantineCorrupted(redis)
        .then((ids) => {
          for (const id of ids) {
            metrics.outboxDeadLettered.inc({ reason: 'unreadable' });
            log.error(
              {
                outbox: 'dead-lettered',
                entry: id,
                reason: 'unreadable',
                detail: 'corrupted entry',
              },
              'outbox entry dead-lettered',
            );
          }
        })
        .catch(workerError);
      return;
    }
    workerError(error);
  });

  const sample = sampled(() => countOutbox(queue, redis));
  metrics.outboxDepth.collectWith(async () => (await sample()).depth);
  metrics.outboxOldestAge.collectWith(async () => (await sample()).oldestAgeSeconds);
  metrics.outboxDeadLetters.collectWith(async () => (await sample()).deadLetters);

  const outbox: Outbox = {
    async enqueue(candidate, { resumeName, retryAfterMs, id = randomUUID(), notBeforeMs = 0 }) {
      // Not checked yet (Redis was away at start): the checks first.
      if (seen === null && refusal === null)
        await within(look(), ENQUEUE_TIMEOUT_MS, 'the outbox checks');
      if (refusal !== null) throw new Error(`the outbox refuses to queue: ${refusal}`);
      const sealed = seal(sealing, id, JSON.stringify({ candidate } satisfies Entry));
      const now = Date.now();
      const retryInMs = Math.max(delayAfter(1, retryAfterMs ?? null), notBeforeMs);
      const index = redis.multi().zadd(SINCE_KEY, 'NX', now, id).hincrby(MARKER_KEY, 'enqueued', 1);
      if (resumeName !== null) index.hset(HOLDS_KEY, id, holdOf(sealing, resumeName));
      try {
        const written = await within(index.exec(), ENQUEUE_TIMEOUT_MS, 'the outbox index');
        const enqueued = Number(written?.[1]?.[1]);
        if (seen && Number.isSafeInteger(enqueued)) {
          seen.enqueued = Math.max(seen.enqueued, enqueued);
          seen.held += 1;
        }
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

    async holds(id) {
      return (await redis.exists(jobKey(id))) === 1;
    },

    async deliveredLate(id, result) {
      // Marked first: a worker that takes the entry meanwhile finds the mark and sends nothing.
      await redis.sadd(LATE_KEY, id);
      metrics.outboxDelivered.inc({ result });
      log.info({ outbox: 'delivered', entry: id, result, late: true }, 'outbox entry delivered');
      const removed = await queue.remove(id).catch(() => 0);
      if (removed === 1) await forget(id);
    },

    async heldResumes() {
      const holds = await redis.hgetall(HOLDS_KEY);
      const held = new Set<string>();
      // A hold whose entry is gone (delivered, dropped, or never queued) is let go.
      for (const [id, hold] of Object.entries(holds)) {
        if (await redis.exists(jobKey(id))) held.add(hold);
        else await redis.hdel(HOLDS_KEY, id);
      }
      // A hold made under an old key still holds.
      return (name) => keys.some((key) => held.has(holdOf(key, name)));
    },

    async close() {
      clearInterval(watch);
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
  return { outbox, check };
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
