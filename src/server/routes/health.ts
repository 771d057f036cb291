// GET /healthz (the process is alive), GET /readyz (it can serve: storage writable, Redis
// reachable when configured) and GET /metrics (Prometheus).
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { Metrics } from '../metrics.ts';
import type { ResumeStorage } from '../storage/storage.ts';

export interface HealthOptions {
  storage: ResumeStorage;
  redis: Redis | null;
  metrics: Metrics;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer in time`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (
  app,
  { storage, redis, metrics },
) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (request, reply) => {
    const checks: Record<string, 'ok' | 'failed'> = {};
    const run = async (name: string, check: () => Promise<unknown>) => {
      try {
        await withTimeout(check(), name);
        checks[name] = 'ok';
      } catch (error) {
        request.log.warn({ err: error, check: name }, 'readiness check failed');
        checks[name] = 'failed';
      }
    };
    await run('storage', () => storage.check());
    if (redis) await run('redis', () => redis.ping());
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics()),
  );
};
