// POST /api/register: checks, sanitising and defaults, then the provider (DESIGN §3).
import type { FastifyPluginAsync } from 'fastify';
import { checkBeforeProviderCall } from '../../shared/checks.ts';
import { toProviderCandidate } from '../../shared/payload.ts';
import { registrationAnswer, rejectedAnswer } from '../../shared/registration-outcome.ts';
import { registrationRequestSchema } from '../../shared/request-schema.ts';
import { messagesByField } from '../../shared/schema.ts';
import type { ProviderClient } from '../provider/client.ts';

/** A 5 MB resume as base64 plus the rest of the candidate. */
export const REGISTER_BODY_LIMIT = 8 * 1024 * 1024;

export const registerRoute: FastifyPluginAsync<{ provider: ProviderClient }> = async (
  app,
  { provider },
) => {
  app.post(
    '/api/register',
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      errorHandler: (error, _request, reply) => {
        // Body parsing errors (bad JSON, too large, wrong type) in the route's own answer shape.
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) throw error;
        return reply.code(status).send(rejectedAnswer(error.message, undefined, status));
      },
    },
    async (request, reply) => {
      const failedCheck = checkBeforeProviderCall(request.body);
      if (failedCheck) return reply.code(400).send(rejectedAnswer(failedCheck));

      const parsed = registrationRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const errors = messagesByField(parsed.error.issues);
        const first = parsed.error.issues[0]?.message ?? 'Invalid request data';
        return reply.code(400).send(rejectedAnswer(first, errors));
      }

      const result = await provider.register(toProviderCandidate(parsed.data, new Date()));
      const { httpStatus, answer } = registrationAnswer(result);
      request.log.info(
        { outcome: answer.ok ? 'registered' : 'failed', status: answer.status },
        'registration',
      );
      return reply.code(httpStatus).send(answer);
    },
  );
};
