// Deletes stored resumes older than the retention window, and uploads no registration named
// within the orphan time (storage/pending.ts), at start-up and then periodically.
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';
import { orphanCutoff } from './storage/pending.ts';
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
  /** RESUME_ORPHAN_MINUTES: pending uploads older than this are orphans. */
  orphanMinutes?: number;
  /** How often orphans are swept: every ORPHAN_SWEEP_MS by default. */
  orphanIntervalMs?: number;
}

/**
 * Orphans go within this long after their time is up.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const ORPHAN_SWEEP_MS = 5 * 60_000;

/** The outbox's held resumes, or null (logged) when it cannot say. */
async function heldBy(options: RetentionOptions, sweep: string) {
  try {
    return { keep: await options.held?.() };
  } catch (error) {
    options.log.warn(
      { err: error },
      `${sweep} sweep skipped: the outbox cannot say which resumes it holds`,
    );
    return null;
  }
}

/**
 * One sweep: resolves with the number of resumes deleted.
 * @internal test/ops/retention.test.ts runs one sweep, not the timer around it.
 */
export async function sweepResumes(options: RetentionOptions): Promise<number> {
  const now = options.now?.() ?? new Date();
  const cutoff = new Date(now.getTime() - options.days * DAY_MS);
  const held = await heldBy(options, 'resume retention');
  if (!held) return 0;
  const deleted = await options.storage.deleteOlderThan(cutoff, held.keep);
  options.metrics?.retentionDeleted.inc(deleted);
  if (deleted > 0)
    options.log.info({ deleted, cutoff: cutoff.toISOString() }, 'old resumes deleted');
  return deleted;
}

/**
 * One orphan sweep: deletes the uploads whose pending marker is older than the orphan time (a
 * resume the outbox holds aside: see register.ts, which names it before the outbox takes it);
 * resolves with the number deleted.
 * @internal test/ops/orphans.test.ts runs one sweep, not the timer around it.
 */
export async function sweepOrphans(options: RetentionOptions & { orphanMinutes: number }) {
  const now = options.now?.() ?? new Date();
  const cutoff = orphanCutoff(now, options.orphanMinutes * 60_000);
  const held = await heldBy(options, 'orphan upload');
  if (!held) return 0;
  const deleted = await options.storage.deleteOrphans(cutoff, held.keep);
  options.metrics?.orphansDeleted.inc(deleted);
  if (deleted > 0) {
    options.log.info({ deleted, cutoff: cutoff.toISOString() }, 'orphan uploads deleted');
  }
  return deleted;
}

/** Runs `sweep` now and every `intervalMs`, logging a failure as `failed`; returns a stop. */
function every(
  intervalMs: number,
  sweep: () => Promise<unknown>,
  log: FastifyBaseLogger,
  failed: string,
) {
  const run = () => sweep().catch((error: unknown) => log.error({ err: error }, failed));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Sweeps old resumes now and every `intervalMs` (an hour by default), and orphans now and every
 * `orphanIntervalMs` when `orphanMinutes` is set; returns a stop function.
 */
export function startRetention(options: RetentionOptions): () => void {
  const stops = [
    every(
      options.intervalMs ?? 60 * 60 * 1000,
      () => sweepResumes(options),
      options.log,
      'resume retention sweep failed',
    ),
  ];
  const { orphanMinutes } = options;
  if (orphanMinutes !== undefined) {
    stops.push(
      every(
        options.orphanIntervalMs ?? ORPHAN_SWEEP_MS,
        () => sweepOrphans({ ...options, orphanMinutes }),
        options.log,
        'orphan upload sweep failed',
      ),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}
