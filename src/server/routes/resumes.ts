// GET /candidate/resumes/:filename: stored resumes, so the provider can fetch them by URL.
import type { FastifyPluginAsync } from 'fastify';
import { RESUME_MIME } from '../../shared/constants.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import { isStoredResumeName } from '../../shared/upload-name.ts';
import type { Metrics } from '../metrics.ts';
import { type ResumeStorage, STORAGE_RETRY_AFTER_S, storageFailureOf } from '../storage/storage.ts';

export const RESUMES_PATH = '/candidate/resumes/';
export const NO_SUCH_RESUME = { error: 'Not Found', message: 'No such resume' } as const;
/**
 * The store is in an outage (StorageOutage): the resume may well be there; ask again later.
 * @internal test/faults/s3.test.ts asserts this exact answer.
 */
export const RESUME_UNAVAILABLE = {
  error: 'Service Unavailable',
  message: 'The resume cannot be read right now; try again later',
} as const;

export interface ResumesRouteOptions {
  storage: ResumeStorage;
  metrics: Metrics;
}

export const resumesRoute: FastifyPluginAsync<ResumesRouteOptions> = async (
  app,
  { storage, metrics },
) => {
  // Anything deeper than one segment (an unencoded ../ included) is no resume either.
  app.get(`${RESUMES_PATH}*`, async (_request, reply) => reply.code(404).send(NO_SUCH_RESUME));
  app.get<{ Params: { filename: string } }>(`${RESUMES_PATH}:filename`, async (request, reply) => {
    const { filename } = request.params;
    /** Counts and logs a failure of the store; its reason, as the metric names it. */
    const failed = (error: unknown, message: string) => {
      const reason = storageFailureOf(error);
      metrics.storageErrors.inc({ operation: 'open', reason });
      request.log.error({ err: error, storageError: reason }, message);
      return reason;
    };
    // Only names the upload route can give out; storage is not even asked about others.
    const type = isStoredResumeName(filename) ? claimedResumeType(filename) : null;
    let stored: Awaited<ReturnType<ResumeStorage['open']>> = null;
    try {
      stored = type ? await storage.open(filename) : null;
    } catch (error) {
      // Anything but an outage is ours: the app's 500, with nothing of the error sent.
      if (failed(error, 'resume could not be read') === 'error') throw error;
      return reply
        .code(503)
        .header('retry-after', String(STORAGE_RETRY_AFTER_S))
        .send(RESUME_UNAVAILABLE);
    }
    if (!type || !stored) return reply.code(404).send(NO_SUCH_RESUME);
    // Once the first bytes are out, a failure can only cut the transfer short.
    stored.stream.once('error', (error) => failed(error, 'resume transfer failed'));
    return reply
      .header('content-type', RESUME_MIME[type])
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(stored.stream);
  });
};
