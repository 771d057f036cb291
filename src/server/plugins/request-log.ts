// The request log: one line per request, with what the route added to request.logFields.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { routeOf } from '../metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a route adds to the request's one log line. */
    logFields: Record<string, unknown> | null;
  }
}

/**
 * One line per request, when it completes, with what the route added to request.logFields;
 * at LOG_LEVEL=debug, one more when it arrives.
 * (Fastify logs each request twice by default, and every line costs a registration about as
 * much as validating it: BENCHMARKS.md.)
 */
export class OneLinePerRequest extends LogController {
  /** At LOG_LEVEL=debug only: the arrival, by route pattern, with no header or body. */
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ method: request.method, route: routeOf(request) }, 'request received');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      // The path only: a query string may carry anything a link put there.
      url: request.url.split('?', 1)[0],
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...request.logFields,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
  }
}
