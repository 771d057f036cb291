// Where uploaded resumes live. Every backend keeps the same promises: a resume appears whole
// or not at all, a name is never overwritten, and nothing outside the root is reachable.
import type { Readable } from 'node:stream';

export interface StoredResume {
  stream: Readable;
  size: number;
}

export interface ResumeStorage {
  /** Writes `chunks` as a new resume `name`; on any failure nothing is left behind. */
  save(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number>;
  /** A stored resume, or null when `name` is not one (including any traversal attempt). */
  open(name: string): Promise<StoredResume | null>;
  /** Deletes resumes stored before `cutoff`; resolves with how many were deleted. */
  deleteOlderThan(cutoff: Date): Promise<number>;
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

/** Names the storage hands out: no path separators, no leading dot, bounded length. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isStorableName(name: string): boolean {
  return STORED_NAME.test(name) && !name.includes('..');
}
