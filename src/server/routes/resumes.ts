// GET /candidate/resumes/:filename: stored resumes, so the provider can fetch them by URL.
import type { FastifyPluginAsync } from 'fastify';
import { RESUME_MIME } from '../../shared/constants.ts';
import { claimedResumeType } from '../../shared/resume-type.ts';
import type { ResumeStorage } from '../storage/storage.ts';

export const resumesRoute: FastifyPluginAsync<{ storage: ResumeStorage }> = async (
  app,
  { storage },
) => {
  // Anything deeper than one segment (an unencoded ../ included) is no resume either.
  app.get('/candidate/resumes/*', async (_request, reply) =>
    reply.code(404).send({ error: 'Not Found', message: 'No such resume' }),
  );
  app.get<{ Params: { filename: string } }>(
    '/candidate/resumes/:filename',
    async (request, reply) => {
      const { filename } = request.params;
      const type = claimedResumeType(filename);
      const stored = type ? await storage.open(filename) : null;
      if (!type || !stored) {
        return reply.code(404).send({ error: 'Not Found', message: 'No such resume' });
      }
      return reply
        .header('content-type', RESUME_MIME[type])
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
};
