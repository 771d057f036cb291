// Every request gets an id (the caller's X-Request-Id when valid, else a new UUID), echoed in
// the answer and carried by each of its log lines with its trace id, and a span (tracing.ts)
// that ends with the answer, named by route pattern and status.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  parseTraceparent,
  REQUEST_ID_HEADER,
  requestIdFrom,
  TRACEPARENT_HEADER,
} from './trace-context.ts';
import type { RequestSpan, Tracing } from './tracing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's span; its trace id is in every log line of the request. */
    readonly span: RequestSpan;
  }
}

/** The Fastify options that name and trace each request, and the hooks that finish the job. */
export function tracedRequests(tracing: Tracing) {
  const spans = new WeakMap<IncomingMessage, RequestSpan>();
  const spanOf = (raw: IncomingMessage) => {
    let span = spans.get(raw);
    if (!span) {
      span = tracing.startRequest(
        parseTraceparent(raw.headers[TRACEPARENT_HEADER]),
        raw.method ?? '',
      );
      spans.set(raw, span);
    }
    return span;
  };
  const options = {
    genReqId: (raw) => requestIdFrom(raw.headers[REQUEST_ID_HEADER]),
    // Fastify makes each request's logger here, before any hook runs.
    childLoggerFactory(logger, bindings, childOptions, raw) {
      const span = spanOf(raw as IncomingMessage);
      return logger.child({ ...bindings, traceId: span.traceId }, childOptions);
    },
  } satisfies Pick<FastifyServerOptions, 'genReqId' | 'childLoggerFactory'>;

  function hooks(app: FastifyInstance) {
    app.decorateRequest('span', {
      getter() {
        return spanOf(this.raw);
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.span.end(request.routeOptions.url ?? null, reply.statusCode);
      done();
    });
  }
  return { options, hooks };
}
