// Each request's place in a trace. Without an exporter (the default) the ids alone are kept:
// they go into the log lines and, as `traceparent`, to the provider, so that a board can follow
// one registration through its proxy, this server and the provider. With
// OTEL_EXPORTER_OTLP_ENDPOINT set, the same ids become OpenTelemetry spans (otel.ts).
import { formatTraceparent, newSpanId, newTraceId, type TraceContext } from './trace-context.ts';

/** A call this request makes to another service (the provider). */
export interface ChildSpan {
  /** The `traceparent` header to send with the call. */
  readonly traceparent: string;
  /** The answer's status, or why none came. */
  end(result: { status: number } | { error: string }): void;
}

export interface RequestSpan {
  /** The trace every log line of the request names. */
  readonly traceId: string;
  child(name: string): ChildSpan;
  /** Once answered: the route pattern (never the raw URL; null when no route took it), the status. */
  end(route: string | null, status: number): void;
}

export interface Tracing {
  /** A request's span, in the caller's trace when it sent a valid `traceparent`. */
  startRequest(parent: TraceContext | null, method: string): RequestSpan;
  /** Sends what is still buffered; at shutdown. */
  shutdown(): Promise<void>;
}

/** Ids only: a new trace for a request without trace context, the caller's otherwise. */
export const idsOnly: Tracing = {
  startRequest(parent) {
    const traceId = parent?.traceId ?? newTraceId();
    // Nothing is recorded here, so the caller's sampling decision is passed on unchanged.
    const flags = parent?.flags ?? 0;
    return {
      traceId,
      child: () => ({
        traceparent: formatTraceparent({ traceId, spanId: newSpanId(), flags }),
        end() {},
      }),
      end() {},
    };
  },
  shutdown: async () => {},
};
