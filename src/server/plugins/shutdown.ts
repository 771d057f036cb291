// Shutdown's bounds. In-flight work that makes progress finishes; a request whose body has
// stopped arriving is cut, so that one stalled client never holds an instance past the
// orchestrator's grace period (Kubernetes sends SIGKILL 30 s after SIGTERM by default).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * During shutdown, a request body that has brought no byte for this long is cut.
 * @internal Tests name it, not its figure (faults/shutdown, readme-facts).
 */
export const SHUTDOWN_IDLE_MS = 5_000;

/** Exit by ourselves, with a line that says so, before Kubernetes' default SIGKILL at 30 s. */
const SHUTDOWN_LIMIT_MS = 25_000;

/**
 * How long a shutdown may wait for in-flight work before the process exits 1: a registration
 * waiting on the provider (up to `providerTimeoutMs`) and a moment to answer, at most 25 s.
 */
export function shutdownBoundMs(providerTimeoutMs: number): number {
  return Math.min(providerTimeoutMs + 5_000, SHUTDOWN_LIMIT_MS);
}

const cut = new WeakSet<IncomingMessage>();

/** True when `request`'s connection was cut by shutdown for an idle body. */
export function wasCutAtShutdown(request: IncomingMessage): boolean {
  return cut.has(request);
}

/**
 * Once the app closes, cuts (destroys the connection of) every request still receiving its body
 * that has received nothing for `idleMs`: its route sees the client gone and removes what it
 * had stored. A request whose body has arrived is the server's work and is never cut.
 */
export function cutIdleBodiesAtShutdown(app: FastifyInstance, idleMs = SHUTDOWN_IDLE_MS) {
  // Requests that announce a body, while it arrives (a request closes once its body is read).
  const inFlight = new Set<FastifyRequest>();
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    if (headers['content-length'] || headers['transfer-encoding']) {
      inFlight.add(request);
      request.raw.once('close', () => inFlight.delete(request));
    }
    done();
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    /** Bytes read on each request's connection when it was last seen to move. */
    const seen = new Map<FastifyRequest, { bytes: number; at: number }>();
    const watch = () => {
      const now = Date.now();
      for (const request of inFlight) {
        const { raw } = request;
        const socket = raw.socket;
        if (raw.complete || !socket || socket.destroyed) continue;
        const last = seen.get(request);
        if (!last || socket.bytesRead !== last.bytes) {
          seen.set(request, { bytes: socket.bytesRead, at: now });
        } else if (now - last.at >= idleMs) {
          inFlight.delete(request);
          cut.add(raw);
          request.log.warn(
            { method: request.method, url: request.url, idleMs: now - last.at },
            'request cut at shutdown',
          );
          socket.destroy();
        }
      }
    };
    watch();
    timer = setInterval(watch, Math.min(250, idleMs / 4));
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
