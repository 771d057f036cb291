// Per-IP rate limits (@fastify/rate-limit), in memory or in Redis so that limits hold across
// instances. Fails open when Redis is unreachable (docs/decisions/006).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { parseAddress } from '../../shared/ip.ts';
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

/**
 * How many times one address's limit one IPv6 /48 (one site: up to 65,536 /64s) may send.
 * @internal Tests and docs name it (test/ops/form-token.test.ts, readme-facts).
 */
export const SITE_LIMIT_FACTOR = 5;

/**
 * The /48 an IPv6 address is in, as hex; null for IPv4 (limited per address).
 * @internal Pure, and tested over every family in rate-limit.test.ts.
 */
export function siteOf(ip: string): string | null {
  const address = parseAddress(ip);
  if (address?.family !== 6) return null;
  // An IPv4 client that reached a dual-stack socket (::ffff:a.b.c.d) is one address.
  if (address.value >> 32n === 0xffffn) return null;
  return (address.value >> 80n).toString(16);
}

/**
 * Hooks that apply `limit` × SITE_LIMIT_FACTOR to each IPv6 /48 besides the per-/64 limit of
 * limitedBy: else one site holds 65,536 buckets of /64. None when the limit is off. (A limiter of
 * its own: the plugin runs one route limit per request.)
 */
export function siteLimited(
  app: FastifyInstance,
  route: string,
  limit: RateLimit | null,
  metrics: Metrics,
) {
  if (!limit) return [];
  const count = app.createRateLimit({
    max: limit.max * SITE_LIMIT_FACTOR,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${route}:site:${siteOf(request.ip)}`,
    allowList: (request) => siteOf(request.ip) === null,
  });
  return [
    async (request: FastifyRequest, reply: FastifyReply) => {
      const counted = await count(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      metrics.rateLimited.inc({ route: routeOf(request) });
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw new TooManyRequests(429);
    },
  ];
}
