// GET /healthz (the process is alive) and GET /readyz (it can serve: what it depends on here
// answers; a shared dependency's outage is reported, not failed: docs/decisions/010). Metrics
// have a listener of their own (metrics-listener.ts).
import type { FastifyPluginAsync } from 'fastify';
import { type Dependency, within } from '../dependencies.ts';

export interface HealthOptions {
  dependencies: readonly Dependency[];
}

const CHECK_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { dependencies }) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (_request, reply) => {
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
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: failed.length === 0 ? 'ready' : ready ? 'degraded' : 'not ready',
        checks: Object.fromEntries(
          results.map((result) => [result.dependency.name, result.ok ? 'ok' : 'failed']),
        ),
      });
  });
};
