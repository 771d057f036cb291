// A registration that names a resume stored here (docs/api.md): the resume is no orphan from then
// on, so the orphan sweep leaves it for RESUME_RETENTION_DAYS (pending.ts); one no longer
// stored, or about to be swept, is 'gone' and the candidate attaches it again.
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.ts';
import { referableSince } from './pending.ts';
import { type Reference, type ResumeStorage, storageFailureOf } from './storage.ts';

export interface OwnResumeOptions {
  storage: Pick<ResumeStorage, 'reference'>;
  metrics: Metrics;
  /** RESUME_ORPHAN_MINUTES, in milliseconds. */
  orphanMs: number;
  now?: () => Date;
}

/**
 * Names `name` in a registration. A store that cannot answer does not stop the registration
 * (logged, and counted as a failed `reference`): the resume keeps its marker, and the outbox,
 * which the orphan sweep asks, holds it should the provider be away too.
 */
export async function referenceOwnResume(
  options: OwnResumeOptions,
  name: string,
  log: FastifyBaseLogger,
): Promise<Reference> {
  const since = referableSince(options.now?.() ?? new Date(), options.orphanMs);
  try {
    return await options.storage.reference(name, since);
  } catch (error) {
    const reason = storageFailureOf(error);
    options.metrics.storageErrors.inc({ operation: 'reference', reason });
    log.warn(
      { err: error, storageError: reason },
      'a registration’s resume could not be marked as named; it may be swept as an orphan',
    );
    return 'kept';
  }
}
