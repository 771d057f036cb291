// The Redis connection (REDIS_URL): rate limits and the outbox share it; its state is a
// dependency's, as dependencies.ts tracks it.
import type { Redis } from 'ioredis';
import type { DependencyState } from './dependencies.ts';

/** ioredis and the AWS SDK load only when configured: they would double the cold start. */
export async function connectRedis(url: string, state: DependencyState): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // Fail fast instead of queueing while Redis is away (docs/decisions/006).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('ready', () => state.report(true));
  redis.on('error', (error) => state.report(false, error));
  // Limits count from the first request when Redis answers; when it does not, the server
  // starts degraded rather than wait for it.
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  return redis;
}
