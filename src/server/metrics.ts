// Prometheus metrics (prom-client), one registry per app so tests and instances stay apart.
// deploy/prometheus/ holds the rules and the dashboard built on these names.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * A gauge read when Prometheus scrapes, by a function set later (the outbox reads Redis); with
 * none set it stays at 0. A failed read keeps the last value: Redis being away is
 * dependency_up's to say, and a scrape never fails for it.
 */
function gaugeReadOnScrape(registry: Registry, name: string, help: string) {
  let read: (() => Promise<number>) | null = null;
  const gauge = new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      if (!read) return;
      try {
        this.set(await read());
      } catch {
        // kept: see above
      }
    },
  });
  return Object.assign(gauge, {
    collectWith(reader: (() => Promise<number>) | null) {
      read = reader;
      if (!reader) gauge.set(0);
    },
  });
}

/** The labels every funnel counter of a step or an outcome carries: the batch's context. */
const FUNNEL_CONTEXT_LABELS = ['language', 'device', 'page', 'source'] as const;
const funnelLabelsWith = <Label extends string>(label: Label) =>
  [label, ...FUNNEL_CONTEXT_LABELS] as const;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      // From a probe's milliseconds to a slow phone's 5 MB upload (the app allows 120 s).
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    dependencyUp: new Gauge({
      name: 'dependency_up',
      help: 'Whether a dependency answered its last check (1) or not (0)',
      labelNames: ['dependency'] as const,
      registers: [registry],
    }),
    dependencyOutages: new Counter({
      name: 'dependency_outages_total',
      help: 'Times a dependency went from answering to not answering',
      labelNames: ['dependency'] as const,
      registers: [registry],
    }),
    registrations: new Counter({
      name: 'registrations_total',
      help: 'Registrations by outcome and provider status',
      labelNames: ['outcome', 'status'] as const,
      registers: [registry],
    }),
    providerLatency: new Histogram({
      name: 'provider_request_duration_seconds',
      help: 'Time the provider took to answer a registration',
      labelNames: ['result'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    uploads: new Counter({
      name: 'uploads_total',
      help: 'Resume uploads by result',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    storageErrors: new Counter({
      name: 'storage_errors_total',
      help: 'Storage calls that failed, by operation (save, open, remove, reference, usage) and reason (timeout, unreachable, unavailable, busy, error)',
      labelNames: ['operation', 'reason'] as const,
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'upload_bytes_total',
      help: 'Bytes of stored resumes',
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'rate_limited_total',
      help: 'Requests refused by a rate limit, by route',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    botRejections: new Counter({
      name: 'bot_rejections_total',
      help: 'Registrations taken for a bot and never sent to the provider, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    ceilingReached: new Counter({
      name: 'provider_ceiling_reached_total',
      help: 'Provider calls put off by PROVIDER_CALLS_PER_MINUTE: registrations queued or answered 503, and outbox deliveries delayed',
      registers: [registry],
    }),
    // The outbox (OUTBOX=on). Its gauges are the queue's in Redis, the same on every instance
    // (the rules take their max); its counters are this instance's own.
    outboxDepth: gaugeReadOnScrape(
      registry,
      'outbox_depth',
      'Registrations in the outbox waiting for delivery (queued, delayed or being delivered), across instances',
    ),
    outboxOldestAge: gaugeReadOnScrape(
      registry,
      'outbox_oldest_age_seconds',
      'Age of the oldest registration in the outbox waiting for delivery; 0 when none',
    ),
    outboxDeadLetters: gaugeReadOnScrape(
      registry,
      'outbox_dead_letters',
      'Registrations in the outbox’s dead-letter set now, across instances',
    ),
    outboxDelivered: new Counter({
      name: 'outbox_delivered_total',
      help: 'Outbox registrations this instance delivered, by result (registered, or conflict: a 409 on a retry)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    outboxRetried: new Counter({
      name: 'outbox_retried_total',
      help: 'Outbox delivery attempts that failed and were rescheduled, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    outboxDeadLettered: new Counter({
      name: 'outbox_dead_lettered_total',
      help: 'Outbox registrations this instance moved to the dead-letter set, by reason (expired, rejected, unreadable, not_candidate)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    outboxLost: new Counter({
      name: 'outbox_lost_total',
      help: 'Outbox registrations this instance saw in the queue that Redis no longer holds, undelivered (a Redis restart without its data, or a rewind to an earlier state)',
      registers: [registry],
    }),
    retentionDeleted: new Counter({
      name: 'resumes_deleted_total',
      help: 'Stored resumes deleted by the retention sweep',
      registers: [registry],
    }),
    orphansDeleted: new Counter({
      name: 'orphan_resumes_deleted_total',
      help: 'Uploaded resumes no registration named within RESUME_ORPHAN_MINUTES, deleted by the orphan sweep',
      registers: [registry],
    }),
    // The quota (UPLOAD_QUOTA_MB). Usage is the store's, measured every few minutes, plus this
    // instance's uploads since: instances sharing a store report about the same value (max).
    storageUsedBytes: new Gauge({
      name: 'storage_used_bytes',
      help: 'Bytes of stored resumes: the last measure of the store plus this instance’s uploads since',
      registers: [registry],
    }),
    // The funnel (POST /api/events, docs/operations.md): every label value comes from the
    // allow-lists of src/shared/funnel.ts, whatever a client sends.
    funnelStepsShown: new Counter({
      name: 'funnel_steps_shown_total',
      help: 'Wizard steps shown, by step (1 is a visit started), language, device class, page (own or embedded) and source',
      labelNames: funnelLabelsWith('step'),
      registers: [registry],
    }),
    funnelStepsCompleted: new Counter({
      name: 'funnel_steps_completed_total',
      help: 'Wizard steps completed (their fields valid, the next step asked for), by step, language, device class, page and source',
      labelNames: funnelLabelsWith('step'),
      registers: [registry],
    }),
    funnelOutcomes: new Counter({
      name: 'funnel_outcomes_total',
      help: 'Registrations as the page saw them end, by outcome class (registered, queued, already, refused, failed), language, device class, page and source',
      labelNames: funnelLabelsWith('outcome'),
      registers: [registry],
    }),
    funnelLeft: new Counter({
      name: 'funnel_left_total',
      help: 'Visits left before registering, by the last step reached, language, device class, page and source',
      labelNames: funnelLabelsWith('step'),
      registers: [registry],
    }),
    funnelValidationMessages: new Counter({
      name: 'funnel_validation_messages_total',
      help: 'Validation messages shown, by field and rule',
      labelNames: ['field', 'rule'] as const,
      registers: [registry],
    }),
    funnelAutofillFilled: new Histogram({
      name: 'funnel_autofill_fields_filled',
      help: '"Start with your resume" used: how many fields each use filled, by the file’s format',
      labelNames: ['format'] as const,
      buckets: [0, 1, 2, 4, 6, 8, 10, 12, 15, 21],
      registers: [registry],
    }),
    funnelLanguageSwitches: new Counter({
      name: 'funnel_language_switches_total',
      help: 'Language switches on the page, by the language switched to',
      labelNames: ['to'] as const,
      registers: [registry],
    }),
    storageQuotaBytes: new Gauge({
      name: 'storage_quota_bytes',
      help: 'The quota of stored resumes (UPLOAD_QUOTA_MB), in bytes',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The route label of a request no route took (a 404), in every metric labelled by route. */
const UNMATCHED_ROUTE = 'unmatched';

/** A request's route pattern as metrics and logs name it: never the raw URL, which anyone can vary. */
export const routeOf = (request: FastifyRequest): string =>
  request.routeOptions.url ?? UNMATCHED_ROUTE;

/**
 * Counts and times every answer (`http_requests_total`, `http_request_duration_seconds`) by
 * route pattern, never the raw URL, which anyone can vary: "unmatched" for a URL no route took.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
