// Per-IP rate limits (@fastify/rate-limit), in memory or in Redis so that limits hold across
// instances. Fails open when Redis is unreachable (docs/decisions/006).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { PROVIDER_MESSAGES } from '../../shared/messages.ts';
import type { RateLimit } from '../config.ts';
import { type Metrics, routeOf } from '../metrics.ts';

export class TooManyRequests extends Error {
  constructor(readonly statusCode: number) {
    super(PROVIDER_MESSAGES.tooManyRequests);
  }
}

export async function registerRateLimit(
  app: FastifyInstance,
  redis: Redis | null,
  metrics: Metrics,
) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    nameSpace: 'resume-registration-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new TooManyRequests(context.statusCode),
    onExceeded: (request) => metrics.rateLimited.inc({ route: routeOf(request) }),
  });
}

/** Route options that apply a limit, or none when it is off. */
export function limitedBy(limit: RateLimit | null) {
  return limit ? { config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } } : {};
}
