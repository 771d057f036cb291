// What a request brings to follow it across services: an `X-Request-Id` chosen by whatever is
// in front of us (a balancer, nginx's $request_id), and W3C trace context (`traceparent`,
// https://www.w3.org/TR/trace-context/). Both are outside input: read strictly, never echoed
// unless valid, never longer than their formats allow.
import { randomFillSync, randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
export const TRACEPARENT_HEADER = 'traceparent';

/**
 * The longest caller's request id kept (REQUEST_ID's bound; trace-context.test.ts).
 * @internal Tests name it, not its figure (trace-context, readme-facts).
 */
export const MAX_REQUEST_ID_LENGTH = 128;
/** An id a proxy may send: UUIDs, nginx's 32 hex digits, ULIDs, Heroku's and AWS's forms. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;

/**
 * The caller's request id when it is one we may log and echo (up to MAX_REQUEST_ID_LENGTH letters,
 * digits and `._:+=/-`, starting with a letter or digit), else a new random UUID: unique across
 * every instance without any coordination.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** A span in a trace, as `traceparent` carries it: lowercase hex throughout. */
export interface TraceContext {
  /** 32 hex digits, not all zero. */
  traceId: string;
  /** 16 hex digits, not all zero: the span this context names. */
  spanId: string;
  /** The trace flags byte; bit 0 is "sampled". */
  flags: number;
}

/** version-traceid-parentid-flags, then (versions after 00 only) more fields after a dash. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZEROS = /^0+$/;
/** The longest header read: version 00 is 55 characters, later versions may add some. */
const MAX_TRACEPARENT_LENGTH = 512;

/**
 * The context a `traceparent` header names, or null when there is none or it is not valid by
 * the W3C rules: version ff, an all-zero trace or parent id, uppercase hex, or anything after
 * the flags in version 00. (Repeated headers arrive joined with a comma, hence invalid too.)
 */
export function parseTraceparent(header: string | string[] | undefined): TraceContext | null {
  if (typeof header !== 'string' || header.length > MAX_TRACEPARENT_LENGTH) return null;
  const match = TRACEPARENT.exec(header);
  if (!match) return null;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (ZEROS.test(traceId) || ZEROS.test(spanId)) return null;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

/** The `traceparent` header (version 00) that names `context`. */
export function formatTraceparent({ traceId, spanId, flags }: TraceContext): string {
  return `00-${traceId}-${spanId}-${(flags & 0xff).toString(16).padStart(2, '0')}`;
}

/**
 * Random bytes are drawn from the system 4 KB at a time: one call per ~170 requests rather than
 * two per request, which cost 7% of a registration's CPU under load (BENCHMARKS.md).
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let drawn = POOL_BYTES;

/** `bytes` random bytes as hex, never all zero. */
function randomHex(bytes: number): string {
  for (;;) {
    if (drawn + bytes > POOL_BYTES) {
      randomFillSync(pool);
      drawn = 0;
    }
    const hex = pool.toString('hex', drawn, drawn + bytes);
    drawn += bytes;
    if (!ZEROS.test(hex)) return hex;
  }
}

export const newTraceId = () => randomHex(16);
export const newSpanId = () => randomHex(8);
