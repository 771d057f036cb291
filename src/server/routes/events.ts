// POST /api/events: the page's funnel batches (docs/api.md), counted into the metrics and
// nothing else. Strict: JSON (or sendBeacon's text/plain) of at most MAX_BATCH_BYTES, every key and
// value from the shared allow-lists; a visit that sends Global Privacy Control or Do Not Track is
// answered the same and counted nowhere. No body is ever logged or kept.
import type { FastifyPluginAsync } from 'fastify';
import { MAX_BATCH_BYTES, mayCount } from '../../shared/funnel.ts';
import type { RateLimit } from '../config.ts';
import { batchSchema, readBatch } from '../funnel/batch.ts';
import { countBatch } from '../funnel/count.ts';
import type { Metrics } from '../metrics.ts';
import { limitedBy, siteLimited } from '../plugins/rate-limit.ts';
import { isCrossSiteUpload } from './upload-origin.ts';

export interface EventsRouteOptions {
  metrics: Metrics;
  /** FUNNEL_SOURCES: the sources a batch may name besides `other`. */
  sources: readonly string[];
  limit: RateLimit | null;
  /** This site's origins (PUBLIC_BASE_URL's, CORS_ORIGINS): the pages that may send batches. */
  allowedOrigins: () => readonly string[];
}

/** @internal Tests name it, not its words (test/events.test.ts). */
export const NOT_A_BATCH = { error: 'Bad Request', message: 'Not a funnel batch' } as const;

class CrossSiteEvents extends Error {
  readonly statusCode = 403;
  constructor() {
    super("Events are accepted only from this site's own pages.");
  }
}

export const eventsRoute: FastifyPluginAsync<EventsRouteOptions> = async (app, options) => {
  const schema = batchSchema(options.sources);
  // This plugin's own parsers: the body is kept as text, for the handler to read or not at all.
  // navigator.sendBeacon sends a string as text/plain, which needs no CORS preflight either.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/events',
    {
      bodyLimit: MAX_BATCH_BYTES,
      ...limitedBy(options.limit),
      onRequest: [
        // Another site's page must not make its visitors' browsers count here.
        async (request) => {
          if (isCrossSiteUpload(request.headers, options.allowedOrigins())) {
            throw new CrossSiteEvents();
          }
        },
        ...siteLimited(app, 'events', options.limit, options.metrics),
      ],
    },
    async (request, reply) => {
      const { headers } = request;
      if (!mayCount({ gpc: headers['sec-gpc'], dnt: headers.dnt })) return reply.code(204).send();
      const batch = typeof request.body === 'string' ? readBatch(schema, request.body) : null;
      if (!batch) return reply.code(400).send(NOT_A_BATCH);
      countBatch(options.metrics, batch);
      return reply.code(204).send();
    },
  );
};
