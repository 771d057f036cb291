// The total quota of stored resumes (UPLOAD_QUOTA_MB, docs/operations.md): usage is measured at
// start and then periodically (the files' sizes, or the bucket's listing), and this instance
// counts its own uploads in between, those being stored included. An upload that would pass the
// quota is refused with a 503 before its body is read.
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.ts';
import { type ResumeStorage, storageFailureOf } from './storage.ts';

/** A mebibyte: UPLOAD_QUOTA_MB counts them, as "5 MB" does for a resume (MAX_RESUME_BYTES). */
export const MB = 1024 * 1024;

/**
 * How often usage is measured again: what other instances stored, and what the sweeps deleted,
 * is seen within this time.
 * @internal Tests name it, not its figure (readme-facts).
 */
export const QUOTA_MEASURE_MS = 5 * 60_000;

/**
 * What a refused upload is told to wait, in seconds: until usage is measured again, after the
 * orphan sweep has had a turn.
 */
export const QUOTA_RETRY_AFTER_S = QUOTA_MEASURE_MS / 1000;

/**
 * Whether an upload of up to `incoming` bytes fits: the last measured usage, what this instance
 * stored since, and what it is storing now, all within `quota`.
 * @internal Pure, and tested directly in src/server/storage/quota.test.ts.
 */
export function fitsQuota(state: {
  measured: number;
  storedSince: number;
  inFlight: number;
  incoming: number;
  quota: number;
}): boolean {
  return state.measured + state.storedSince + state.inFlight + state.incoming <= state.quota;
}

interface QuotaTicket {
  /** The upload was stored, `bytes` long. */
  stored(bytes: number): void;
  /** The upload ended without storing anything. */
  release(): void;
}

export interface StorageQuota {
  /** A ticket for an upload of up to `incoming` bytes, or null when it would pass the quota. */
  admit(incoming: number): QuotaTicket | null;
  /** Measures usage now (a failed measure keeps the last one, and is logged). */
  measure(): Promise<void>;
  /** Measures now and every QUOTA_MEASURE_MS; returns a stop function. */
  start(): () => void;
}

export function storageQuota(options: {
  storage: Pick<ResumeStorage, 'usage'>;
  quotaBytes: number;
  metrics: Metrics;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): StorageQuota {
  const { storage, quotaBytes, metrics, log } = options;
  let measured = 0;
  let storedSince = 0;
  let inFlight = 0;
  let measuring: Promise<void> | null = null;
  const show = () => metrics.storageUsedBytes.set(measured + storedSince);
  metrics.storageQuotaBytes.set(quotaBytes);
  show();

  const quota: StorageQuota = {
    admit(incoming) {
      if (!fitsQuota({ measured, storedSince, inFlight, incoming, quota: quotaBytes })) {
        return null;
      }
      inFlight += incoming;
      let done = false;
      const end = () => {
        if (done) return false;
        done = true;
        inFlight -= incoming;
        return true;
      };
      return {
        stored(bytes) {
          if (!end()) return;
          storedSince += bytes;
          show();
        },
        release: () => void end(),
      };
    },

    measure() {
      measuring ??= (async () => {
        // What this instance stores while the measure runs may or may not be in it: counted
        // twice until the next measure rather than not at all.
        const before = storedSince;
        try {
          measured = await storage.usage();
          storedSince -= before;
          show();
        } catch (error) {
          const reason = storageFailureOf(error);
          metrics.storageErrors.inc({ operation: 'usage', reason });
          // An outage is the storage dependency's to say, once (dependencies.ts), not every
          // few minutes here.
          const level = reason === 'error' ? 'warn' : 'debug';
          log[level]({ err: error, storageError: reason }, 'storage usage could not be measured');
        } finally {
          measuring = null;
        }
      })();
      return measuring;
    },

    start() {
      void quota.measure();
      const timer = setInterval(() => void quota.measure(), options.intervalMs ?? QUOTA_MEASURE_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return quota;
}
