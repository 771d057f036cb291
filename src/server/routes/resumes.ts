// GET /candidate/resumes/:filename: stored resumes, so the provider can fetch them by URL.
import type { FastifyPluginAsync } from 'fastify';
import { RESUME_MIME } from '../../shared/constants.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import { isStoredResumeName } from '../../shared/upload-name.ts';
import type { ResumeStorage } from '../storage/storage.ts';

export const RESUMES_PATH = '/candidate/resumes/';
export const NO_SUCH_RESUME = { error: 'Not Found', message: 'No such resume' } as const;

export const resumesRoute: FastifyPluginAsync<{ storage: ResumeStorage }> = async (
  app,
  { storage },
) => {
  // Anything deeper than one segment (an unencoded ../ included) is no resume either.
  app.get(`${RESUMES_PATH}*`, async (_request, reply) => reply.code(404).send(NO_SUCH_RESUME));
  app.get<{ Params: { filename: string } }>(`${RESUMES_PATH}:filename`, async (request, reply) => {
    const { filename } = request.params;
    // Only names the upload route can give out; storage is not even asked about others.
    const type = isStoredResumeName(filename) ? claimedResumeType(filename) : null;
    const stored = type ? await storage.open(filename) : null;
    if (!type || !stored) return reply.code(404).send(NO_SUCH_RESUME);
    return reply
      .header('content-type', RESUME_MIME[type])
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(stored.stream);
  });
};
