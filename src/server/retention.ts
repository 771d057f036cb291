// Deletes stored resumes older than the retention window, at start-up and then periodically.
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';
import type { ResumeStorage } from './storage/storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  storage: ResumeStorage;
  days: number;
  log: FastifyBaseLogger;
  metrics?: Metrics;
  now?: () => Date;
  intervalMs?: number;
  /**
   * The resumes to keep whatever their age (the outbox's, until delivery). When it cannot say
   * (Redis away), the sweep waits for the next round rather than delete a held resume.
   */
  held?: () => Promise<(name: string) => boolean>;
}

/**
 * One sweep: resolves with the number of resumes deleted.
 * @internal test/ops/retention.test.ts runs one sweep, not the timer around it.
 */
export async function sweepResumes(options: RetentionOptions): Promise<number> {
  const now = options.now?.() ?? new Date();
  const cutoff = new Date(now.getTime() - options.days * DAY_MS);
  let keep: ((name: string) => boolean) | undefined;
  try {
    keep = await options.held?.();
  } catch (error) {
    options.log.warn(
      { err: error },
      'resume retention sweep skipped: the outbox cannot say which resumes it holds',
    );
    return 0;
  }
  const deleted = await options.storage.deleteOlderThan(cutoff, keep);
  options.metrics?.retentionDeleted.inc(deleted);
  if (deleted > 0)
    options.log.info({ deleted, cutoff: cutoff.toISOString() }, 'old resumes deleted');
  return deleted;
}

/** Sweeps now and every `intervalMs` (an hour by default); returns a stop function. */
export function startRetention(options: RetentionOptions): () => void {
  const sweep = () =>
    sweepResumes(options).catch((error: unknown) =>
      options.log.error({ err: error }, 'resume retention sweep failed'),
    );
  void sweep();
  const timer = setInterval(sweep, options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
