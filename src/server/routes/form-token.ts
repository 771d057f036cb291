// GET /api/form-token: a signed, single-use token for one registration (docs/api.md). Minting one
// costs a hash and stores nothing; what a token is worth is decided when it comes back.
import type { FastifyPluginAsync } from 'fastify';
import type { FormTokenAnswer } from '../../shared/contract.ts';
import { mintFormToken } from '../tokens/form-token.ts';

export interface FormTokenRouteOptions {
  key: Buffer;
  minFillMs: number;
}

export const formTokenRoute: FastifyPluginAsync<FormTokenRouteOptions> = async (app, options) => {
  app.get('/api/form-token', async (_request, reply) => {
    const answer: FormTokenAnswer = {
      token: mintFormToken(options.key, Date.now()),
      min_fill_ms: options.minFillMs,
    };
    return reply.header('cache-control', 'no-store').send(answer);
  });
};
