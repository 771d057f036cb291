// Types of provider-stand-in.mjs (plain ESM, so that the bench loads it with plain node).
import type { IncomingHttpHeaders } from 'node:http';

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
}

export interface Scripted {
  status: number;
  /** Sent as is when a string; JSON-encoded otherwise; nothing when undefined. */
  body?: unknown;
  /** null sends no content-type header at all. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Answer this long after the request ended. */
  delayMs?: number;
}

/** What to answer; 'hang' never answers (for timeouts), 'reset' resets the connection. */
export type Handler = (request: Recorded) => Scripted | 'hang' | 'reset';

/** The provider's registration path (docs/form.md, call 2). */
export declare const REGISTER_PATH: '/v1/candidate/backfill/register';

/**
 * An answer with `status` and `body`, after `delayMs`. The content type defaults to
 * application/json for objects and text/plain for strings; pass null to send none.
 */
export declare function respond(
  status: number,
  body?: unknown,
  contentType?: string | null,
  delayMs?: number,
): Handler;

/** Never answers (for timeouts); the answer is dropped by `reset` or `close`. */
export declare const hang: Handler;

/** Resets the connection (TCP RST) instead of answering: no status, no headers, no body. */
export declare const resetConnection: Handler;

/** What a captive proxy or a maintenance page answers to anything: a web page, not the API. */
export declare const MAINTENANCE_PAGE: string;

/** A web page with `status` (200 unless said) and a text/html type. */
export declare function htmlPage(status?: number, page?: string): Handler;

/** The one honest field message of an echoing answer, so a test sees what survives beside the echo. */
export declare const ECHO_FIELD_MESSAGE: string;

/**
 * A provider that sends the request's headers back in every place an answer can hold text, with
 * `status` and `contentType` (problem+json unless said). A JSON answer carries the Authorization
 * value in every string field (id, type, title, detail, message, instance), in field messages at
 * the top level and under `errors`, in field keys, in nested objects, beside one honest field
 * message (`last_name`); any other type carries the headers as `name: value` lines. The response
 * headers echo it too.
 */
export declare function echoHeaders(status: number, contentType?: string): Handler;

export interface StandIn {
  /** http://127.0.0.1:{port} */
  readonly url: string;
  /** Every request received since the last `clear` or `reset`, in order. */
  readonly requests: Recorded[];
  setHandler(handler: Handler): void;
  /** `setHandler(respond(…))`. */
  respond(status: number, body?: unknown, contentType?: string | null, delayMs?: number): void;
  /** `setHandler(hang)`. */
  hang(): void;
  /** Forgets the recorded requests. */
  clear(): void;
  /** Forgets the recorded requests, drops any held answer and goes back to the first handler. */
  reset(): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** 0 (the default) lets the system choose; the bench passes the port it picked. */
  port?: number;
}

/** Starts answering with `handler`, by default 201 {"id": "stand-in-1"}. */
export declare function startStandIn(handler?: Handler, options?: StandInOptions): Promise<StandIn>;

/** A port on 127.0.0.1 that nothing listens on: bound, noted, closed. */
export declare function closedPort(): Promise<number>;

export interface ProviderCredential {
  user: string;
  key: string;
}

/**
 * A handler that behaves like the provider (README.md): Basic auth (401), required fields
 * (400 problem+json with field keys), one registration per email in any letter case (409),
 * 201 on success, and `status-NNN@…` emails answering NNN. Each call starts with no one registered.
 */
export declare function behaveLikeProvider(credential: ProviderCredential): Handler;
