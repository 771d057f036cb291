// GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), as
// Prometheus exporters do: the app's port, which a board opens to the world or to its balancer,
// never serves it, so what the metrics tell (traffic, outcomes, outages) stays with whoever can
// reach that address. Plain node:http: one route, no framework.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';

const METRICS_PATH = '/metrics';

export interface MetricsListener {
  /** Where it listens, or null when it could not. */
  readonly address: AddressInfo | null;
  close(): Promise<void>;
}

function metricsServer(metrics: Metrics): Server {
  return createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed'),
    );
  });
}

/**
 * Listens on `host`:`port`. A port that is taken (two instances on one host with the default)
 * costs the metrics, not the candidates: the app serves on, the error is logged, and Prometheus'
 * instance-down alert names the instance it cannot scrape.
 */
export async function listenForMetrics(
  metrics: Metrics,
  { host, port }: { host: string; port: number },
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const server = metricsServer(metrics);
  const listening = await new Promise<boolean>((resolve) => {
    const refused = (error: unknown) => {
      log.error(
        { err: error },
        `metrics are not served: ${host}:${port} cannot be listened on (set METRICS_PORT and METRICS_HOST)`,
      );
      resolve(false);
    };
    server.once('error', refused);
    try {
      server.listen({ host, port }, () => resolve(true));
    } catch (error) {
      // A host no resolver takes (a NUL byte) throws here rather than emitting 'error'.
      refused(error);
    }
  });
  const address = listening ? (server.address() as AddressInfo) : null;
  if (address) {
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    log.info(`metrics at http://${shown}:${address.port}${METRICS_PATH}`);
  }
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
