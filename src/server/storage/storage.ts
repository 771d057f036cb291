// Where uploaded resumes live. Every backend keeps the same promises: a resume appears whole
// or not at all, a name is never overwritten, and nothing outside the root is reachable.
import type { Readable } from 'node:stream';

/**
 * What naming a resume of this store in a registration finds: still stored ('kept', and no
 * orphan from now on), or 'gone' (pending.ts).
 */
export type Reference = 'kept' | 'gone';

interface StoredResume {
  stream: Readable;
  size: number;
}

export interface ResumeStorage {
  /** Writes `chunks` as a new resume `name`; on any failure nothing is left behind. */
  save(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number>;
  /** A stored resume, or null when `name` is not one (including any traversal attempt). */
  open(name: string): Promise<StoredResume | null>;
  /** Deletes resume `name` now (a bot's); a name it does not hold, or may not, is no error. */
  remove(name: string): Promise<void>;
  /**
   * Deletes resumes stored before `cutoff`, but those `keep` names (held by the outbox until
   * their registration is delivered); resolves with how many were deleted.
   */
  deleteOlderThan(cutoff: Date, keep?: (name: string) => boolean): Promise<number>;
  /**
   * Names resume `name` in a registration: 'kept' once its pending marker is removed (it is no
   * orphan now), or 'gone' when it is not stored, or its marker is older than `since` (the orphan
   * sweep may be deleting it): see pending.ts.
   */
  reference(name: string, since: Date): Promise<Reference>;
  /**
   * Deletes the resumes whose pending marker was written before `cutoff` (orphans: no
   * registration named them), and those markers; `keep` as for deleteOlderThan. Resolves with
   * how many markers went.
   */
  deleteOrphans(cutoff: Date, keep?: (name: string) => boolean): Promise<number>;
  /** The bytes of every stored resume (markers and temporary files aside), for the quota. */
  usage(): Promise<number>;
  /** Throws unless the storage is reachable and writable (for /readyz). */
  check(): Promise<void>;
  /**
   * True when every instance uses this same store (an S3 bucket): its outage is not this
   * instance's, so readiness reports it rather than fails (docs/decisions/010).
   */
  readonly shared?: boolean;
}

/** Control characters, escaped so that a message about a hostile path stays one line. */
const CONTROL = /\p{Cc}/gu;
const oneLine = (text: string) =>
  text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Storage the server cannot start on: one line that names the variable and the reason. */
export class UnusableStorage extends Error {
  constructor(variable: string, value: string, reason: string) {
    super(oneLine(`${variable}=${value} cannot be used: ${reason}`));
    this.name = 'UnusableStorage';
  }
}

/**
 * A store that cannot serve now, though a later try may: it did not answer in time ('timeout'),
 * could not be reached (refused, reset, no route, no such host: 'unreachable'), answered that it
 * cannot now (a 5xx, or a throttle such as S3's 503 SlowDown: 'unavailable'), or this instance
 * already sends it as many uploads as it allows at once ('busy').
 */
export type StorageOutage = 'timeout' | 'unreachable' | 'unavailable' | 'busy';

/** How a store failed to serve, as the metrics and logs name it: an outage, or anything else. */
export type StorageFailure = StorageOutage | 'error';

/** Clients' timeouts (the AWS SDK names its own TimeoutError) and Node's connection errors. */
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * 'timeout' or 'unreachable' when `error` says the store is out of reach (an outage that a later
 * try may not meet), else null. The code decides first: the AWS SDK names a reset connection a
 * TimeoutError too. Node reports a failed connection to each of a host's addresses as one
 * AggregateError: its first error decides.
 */
export function outageOf(error: unknown): 'timeout' | 'unreachable' | null {
  const { name, code, errors } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  if (UNREACHABLE_CODES.has(String(code))) return 'unreachable';
  if (name === 'TimeoutError' || TIMEOUT_CODES.has(String(code))) return 'timeout';
  if (Array.isArray(errors) && errors.length > 0) return outageOf(errors[0]);
  return null;
}

const SAID: Record<StorageOutage, string> = {
  timeout: 'timed out',
  unreachable: 'unreachable',
  unavailable: 'unavailable',
  busy: 'busy',
};

/**
 * A store in an outage: "S3 timed out", "S3 unavailable (503 SlowDown)", with the client's error
 * as its cause (the log's error serializer appends the cause's message).
 */
export class StorageUnavailable extends Error {
  readonly reason: StorageOutage;
  constructor(store: string, reason: StorageOutage, cause?: unknown, detail?: string) {
    super(
      `${store} ${SAID[reason]}${detail ? ` (${detail})` : ''}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'StorageUnavailable';
    this.reason = reason;
  }
}

/** The failure of a storage call, whether the backend named it or not. */
export function storageFailureOf(error: unknown): StorageFailure {
  if (error instanceof StorageUnavailable) return error.reason;
  return outageOf(error) ?? 'error';
}

/** What a 503 for a store in an outage tells the client: try again in this many seconds. */
export const STORAGE_RETRY_AFTER_S = 30;

/** Names the storage hands out: no path separators, no leading dot, bounded length. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isStorableName(name: string): boolean {
  return STORED_NAME.test(name) && !name.includes('..');
}
