// GET /healthz (the process is alive) and GET /readyz (it can serve: what it depends on here
// answers; a shared dependency's outage is reported, not failed: docs/decisions/010). Metrics
// have a listener of their own (metrics-listener.ts).
import type { FastifyPluginAsync } from 'fastify';
import { type Dependency, within } from '../dependencies.ts';

export interface HealthOptions {
  dependencies: readonly Dependency[];
  /** For tests: how long one round of checks is reused (READY_CACHE_MS). */
  readyCacheMs?: number;
}

const CHECK_TIMEOUT_MS = 2_000;
/**
 * How long one round of dependency checks answers /readyz: a check writes to storage (a PUT and
 * a DELETE on S3), so asking more often than this costs nothing (docs/operations.md).
 * @internal Exported for the tests that hold docs/operations.md and the cache to it.
 */
export const READY_CACHE_MS = 2_000;

interface Readiness {
  code: 200 | 503;
  body: { status: 'ready' | 'degraded' | 'not ready'; checks: Record<string, 'ok' | 'failed'> };
}

async function checkAll(dependencies: readonly Dependency[]): Promise<Readiness> {
  const results = await Promise.all(
    dependencies.map(async (dependency) => {
      try {
        await within(dependency.check(), CHECK_TIMEOUT_MS, dependency.name);
        dependency.state.report(true);
        return { dependency, ok: true };
      } catch (error) {
        dependency.state.report(false, error);
        return { dependency, ok: false };
      }
    }),
  );
  const failed = results.filter((result) => !result.ok);
  const ready = failed.every((result) => !result.dependency.requiredHere);
  return {
    code: ready ? 200 : 503,
    body: {
      status: failed.length === 0 ? 'ready' : ready ? 'degraded' : 'not ready',
      checks: Object.fromEntries(
        results.map((result) => [result.dependency.name, result.ok ? 'ok' : 'failed']),
      ),
    },
  };
}

/**
 * The readiness of `dependencies`, checked at most once per `cacheMs` (counted from the end of a
 * round): callers meanwhile get the last round's answer, and callers during a round share it.
 */
function cachedReadiness(dependencies: readonly Dependency[], cacheMs: number) {
  let last: { at: number; answer: Readiness } | null = null;
  let inFlight: Promise<Readiness> | null = null;
  return (): Promise<Readiness> => {
    if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.answer);
    inFlight ??= checkAll(dependencies)
      .then((answer) => {
        last = { at: performance.now(), answer };
        return answer;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (
  app,
  { dependencies, readyCacheMs = READY_CACHE_MS },
) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  const readiness = cachedReadiness(dependencies, readyCacheMs);
  app.get('/readyz', async (_request, reply) => {
    const { code, body } = await readiness();
    return reply.code(code).header('cache-control', 'no-store').send(body);
  });
};
