// OpenTelemetry export (OTEL_EXPORTER_OTLP_ENDPOINT): each request and each provider call become
// spans of the official SDK, sent in batches over OTLP/HTTP (JSON) to the collector. Loaded only
// when an endpoint is set (app.ts): without one, no byte of the SDK is read.
//
// No auto-instrumentation: the server is one bundle, which require hooks cannot patch, and the
// spans that matter are few. Their ids are the ones the logs and the provider see (tracing.ts).
import { ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import type { Config } from '../config.ts';
import { type DependencyState, within } from '../dependencies.ts';
import { formatTraceparent } from './trace-context.ts';
import type { ChildSpan, RequestSpan, Tracing } from './tracing.ts';

/**
 * How long shutdown waits for the last spans to reach a collector.
 * @internal Tests name it, not its figure (ops/otel, readme-facts).
 */
export const SHUTDOWN_FLUSH_MS = 2_000;

/**
 * Where spans are sent, as the OTLP specification reads the variables: the traces endpoint as
 * given, else the general endpoint with /v1/traces appended.
 * @internal Pure, and tested directly in test/ops/otel.test.ts.
 */
export function tracesUrl({ endpoint, tracesEndpoint }: Config['otel']): string {
  if (tracesEndpoint !== null) return tracesEndpoint;
  if (endpoint === null) throw new Error('No OTLP endpoint is set');
  return `${endpoint}/v1/traces`;
}

/** The exporter, with each batch's outcome reported as the collector's state (one log line a change). */
function reporting(exporter: SpanExporter, state: DependencyState): SpanExporter {
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        state.report(result.code === ExportResultCode.SUCCESS, result.error);
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** `span`'s context as a traceparent header. */
function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return formatTraceparent({ traceId, spanId, flags: traceFlags });
}

/**
 * Spans exported to the collector the configuration names. The exporter reads the other
 * standard variables itself (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION, certificates);
 * sampling is parent-based, always on for a request that starts its own trace.
 */
export async function openTelemetry(
  options: Config['otel'],
  state: DependencyState,
): Promise<Tracing> {
  const exporter = new OTLPTraceExporter({ url: tracesUrl(options) });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Exported in the background, never on a request's path; past its queue (2,048 spans) a
    // collector that cannot keep up loses spans, not candidates.
    spanProcessors: [new BatchSpanProcessor({ exporter: reporting(exporter, state) })],
  });
  const tracer = provider.getTracer('resume-registration');

  return {
    startRequest(parent, method): RequestSpan {
      const parentContext = parent
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.spanId,
            traceFlags: parent.flags,
            isRemote: true,
          })
        : ROOT_CONTEXT;
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
        parentContext,
      );
      const inSpan = trace.setSpan(ROOT_CONTEXT, span);
      return {
        traceId: span.spanContext().traceId,
        child(name): ChildSpan {
          const call = tracer.startSpan(name, { kind: SpanKind.CLIENT }, inSpan);
          return {
            traceparent: traceparentOf(call),
            end(result) {
              if ('status' in result) {
                call.setAttribute('http.response.status_code', result.status);
                if (result.status >= 500) call.setStatus({ code: SpanStatusCode.ERROR });
              } else {
                call.setAttribute('error.type', result.error);
                call.setStatus({ code: SpanStatusCode.ERROR });
              }
              call.end();
            },
          };
        },
        end(route, status) {
          // A URL no route took has no route to name (OpenTelemetry's HTTP conventions).
          if (route !== null) {
            span.updateName(`${method} ${route}`);
            span.setAttribute('http.route', route);
          }
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    async shutdown() {
      // Spans still buffered when the collector cannot take them in time are lost, and said so.
      await within(provider.shutdown(), SHUTDOWN_FLUSH_MS, 'the OpenTelemetry collector').catch(
        (error: unknown) => state.report(false, error),
      );
    },
  };
}
