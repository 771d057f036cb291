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

/** What to answer; 'hang' never answers (for timeouts). */
export type Handler = (request: Recorded) => Scripted | 'hang';

/** The provider's registration path (spec §7, call 2). */
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
 * A handler that behaves like the provider (DESIGN §4): Basic auth (401), required fields
 * (400 problem+json with field keys), one registration per email in any letter case (409),
 * 201 on success, and `status-NNN@…` emails answering NNN. Each call starts with no one registered.
 */
export declare function behaveLikeProvider(credential: ProviderCredential): Handler;
