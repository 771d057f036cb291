// The S3-compatible backend. An upload is first written to a file of its own in the spool
// directory (TMPDIR), so that a slow client holds disk, not memory; once whole and checked, it is
// read back and sent in one PutObject through lib-storage (at most 5 MB), with at most
// maxConcurrentUploads in flight (docs/decisions/018); the file is removed however the upload
// ends. Downloads stream from the bucket. Every request has deadlines (S3_TIMEOUTS): a bucket
// that hangs fails a call within seconds, never holds it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DEFAULT_S3_MAX_CONCURRENT_UPLOADS } from '../config.ts';
import { withFrames } from '../stack.ts';
import { markerKey, nameOfMarker, PENDING_DIR, referenceOf } from './pending.ts';
import { slots } from './slots.ts';
import {
  isStorableName,
  outageOf,
  type ResumeStorage,
  type StorageOutage,
  StorageUnavailable,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string | null;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Only for tests; production takes credentials from the standard AWS chain. */
  credentials?: S3ClientConfig['credentials'];
  /** Only for tests, which cannot wait seconds; production uses S3_TIMEOUTS. */
  timeouts?: S3Timeouts;
  /** Uploads sent to the bucket at once (S3_MAX_CONCURRENT_UPLOADS); more wait, then 'busy'. */
  maxConcurrentUploads?: number;
  /** Only for tests; production waits SEND_WAIT_MS for a place among those being sent. */
  sendWaitMs?: number;
  /** Where uploads wait until they are whole: the system's temporary directory (TMPDIR). */
  spoolDir?: string;
}

/**
 * The deadlines of each attempt of an S3 request.
 * @internal test/faults/s3.test.ts types its short timeouts with it.
 */
export interface S3Timeouts {
  /** To open the connection. */
  connectMs: number;
  /** Of silence on the connection, either way: before the first byte of the answer or within it. */
  idleMs: number;
  /** From the start of the request until its answer starts: sending up to 5 MB included. */
  requestMs: number;
}

/**
 * S3 answers in milliseconds and a 5 MB resume is one request (lib-storage sends a single
 * PutObject up to its 5 MB part size). A bucket that hangs fails a call after two attempts of
 * the idle time (~10 s): the candidate's upload and the provider's resume fetch get a 503 long
 * before the server's own 120 s request timeout, and hung requests never pile up in the pool.
 * @internal Tests name it, not its figure (faults/s3, readme-facts).
 */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, idleMs: 5_000, requestMs: 15_000 };

/**
 * How long a whole upload waits for one of those being sent to finish when maxConcurrentUploads
 * are: a bucket that answers takes a 5 MB PutObject in well under a second, so only a slow or
 * hanging one keeps every place this long, and then waiting longer would only pile uploads up.
 * @internal Tests name it, not its figure (faults/s3, readme-facts).
 */
export const SEND_WAIT_MS = 5_000;

/** Two attempts: one retry of a failure S3 calls transient (a timeout, a reset, a 503). */
const MAX_ATTEMPTS = 2;

/**
 * The SDK's request handler options for `timeouts`; a passed requestTimeout throws.
 * @internal test/faults/s3.test.ts builds a client with short timeouts through it.
 */
export function s3RequestHandler(timeouts: S3Timeouts) {
  return {
    connectionTimeout: timeouts.connectMs,
    socketTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    throwOnRequestTimeout: true,
  };
}

/** S3's codes for "not now", whatever the status they come with. */
const NOT_NOW_CODES = new Set([
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'Throttling',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequests',
  'TooManyRequestsException',
]);

/** The status and code of S3's answer in `error`, if S3 answered. */
function answerOf(error: unknown): { status: number | null; code: string | null } {
  const { name, $metadata } = (error ?? {}) as {
    name?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  const status = $metadata?.httpStatusCode;
  return {
    status: typeof status === 'number' ? status : null,
    // The SDK names an answer without a body (a HEAD's) 'Unknown'.
    code: typeof name === 'string' && name !== 'Unknown' && name !== 'Error' ? name : null,
  };
}

/**
 * The outage `error` says S3 is in, or null: the connection's ('timeout', 'unreachable'), or S3
 * answering that it cannot serve now ('unavailable'): any 5xx (500 InternalError, 503 SlowDown,
 * a proxy's 502), a 429, or a throttling code.
 * @internal Pure, and tested directly in s3.test.ts.
 */
export function s3OutageOf(error: unknown): StorageOutage | null {
  const outage = outageOf(error);
  if (outage) return outage;
  const { status, code } = answerOf(error);
  if (status !== null && (status >= 500 || status === 429)) return 'unavailable';
  return code !== null && NOT_NOW_CODES.has(code) ? 'unavailable' : null;
}

/** `error`, or a StorageUnavailable naming S3 (and what it answered) when it is an outage. */
function named(error: unknown): unknown {
  const outage = s3OutageOf(error);
  if (!outage) return error;
  const { status, code } = answerOf(error);
  const said = outage === 'unavailable' ? [status, code].filter((part) => part !== null) : [];
  return new StorageUnavailable('S3', outage, error, said.join(' '));
}

/** The result of an S3 call; an outage rejects as a StorageUnavailable. */
const call = <T>(request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => Promise.reject(named(error)));

const PROBE_PREFIX = '.readyz-';

/**
 * What S3 answers when this configuration can never work (no such bucket, refused credentials,
 * the wrong region), as opposed to an outage that ends by itself.
 */
const CONFIGURATION_ERRORS = new Set([
  'NoSuchBucket',
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidBucketName',
  'PermanentRedirect',
  'AuthorizationHeaderMalformed',
  'CredentialsProviderError',
]);

/** The error's S3 code when it says the configuration is wrong, else null. */
export function configurationErrorOf(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && CONFIGURATION_ERRORS.has(name) ? name : null;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/** The spool's files: `resume-upload-<uuid>`, so an operator knows them in TMPDIR. */
const SPOOL_PREFIX = 'resume-upload-';

/** Writes `chunks` to a new file `file` only this user can read; resolves with its size. */
async function spoolTo(file: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    // The file system's failures (ENOSPC) with our frames (stack.ts).
    await withFrames(() => pipeline(chunks, out));
    return out.bytesWritten;
  } catch (error) {
    // A failed pipeline destroys the stream, but its open may still be landing: wait for the
    // close, or the file would appear after the caller's unlink.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw error;
  }
}

export function createS3Storage(options: S3StorageOptions): ResumeStorage & {
  client: S3Client;
  readonly spoolDir: string;
  readonly maxConcurrentUploads: number;
} {
  const client = new S3Client({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: s3RequestHandler(options.timeouts ?? S3_TIMEOUTS),
  });
  const Bucket = options.bucket;
  const spoolDir = options.spoolDir ?? os.tmpdir();
  const maxConcurrentUploads = options.maxConcurrentUploads ?? DEFAULT_S3_MAX_CONCURRENT_UPLOADS;
  const sendWaitMs = options.sendWaitMs ?? SEND_WAIT_MS;
  /** Uploads being sent to the bucket: each holds its file (up to 5 MB) in memory meanwhile. */
  const sending = slots(maxConcurrentUploads, sendWaitMs);

  /**
   * Sends the whole file `file` as `name`: every S3 call of an upload happens here, once its
   * client has sent it all, and at most maxConcurrentUploads at once; 'busy' when none of
   * those finished within sendWaitMs.
   */
  async function send(name: string, file: string) {
    if (!(await sending.take())) {
      const detail = `${maxConcurrentUploads} uploads in flight, none done within ${sendWaitMs / 1000} s`;
      throw new StorageUnavailable('S3', 'busy', undefined, detail);
    }
    try {
      // 128 random bits in every name make a collision practically impossible; checking first
      // still refuses to overwrite on a store that ignores conditional writes.
      const exists = await call(
        client.send(new HeadObjectCommand({ Bucket, Key: name })).then(
          () => true,
          (error) => (isMissing(error) ? false : Promise.reject(error)),
        ),
      );
      if (exists) throw new Error(`A resume named ${name} already exists`);
      // A Buffer, not the file's stream: the SDK retries a Buffer's request, never a stream's.
      const Body = await withFrames(() => readFile(file));
      // The pending marker (pending.ts) before the resume: a crash between the two leaves a
      // marker the sweep takes, never a resume without one.
      await call(client.send(new PutObjectCommand({ Bucket, Key: markerKey(name), Body: '' })));
      try {
        await new Upload({ client, params: { Bucket, Key: name, Body }, leavePartsOnError: false })
          .done()
          .catch((error: unknown) => Promise.reject(named(error)));
      } catch (error) {
        await client
          .send(new DeleteObjectCommand({ Bucket, Key: markerKey(name) }))
          .catch(() => undefined);
        throw error;
      }
    } finally {
      sending.give();
    }
  }

  /** Every object of the bucket under `prefix`, page by page (ListObjectsV2). */
  async function* listed(prefix?: string) {
    let token: string | undefined;
    do {
      const page = await call(
        client.send(
          new ListObjectsV2Command({
            Bucket,
            ContinuationToken: token,
            ...(prefix ? { Prefix: prefix } : {}),
          }),
        ),
      );
      yield page.Contents ?? [];
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Deletes `keys` in one request (a ListObjectsV2 page holds at most DeleteObjects' 1,000). */
  async function deleteKeys(keys: string[]) {
    if (keys.length === 0) return;
    await call(
      client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      ),
    );
  }

  /** When `key` was written, or null when the bucket does not hold it. */
  const writtenAt = (key: string) =>
    call(
      client.send(new HeadObjectCommand({ Bucket, Key: key })).then(
        (head) => head.LastModified ?? new Date(0),
        (error) => (isMissing(error) ? null : Promise.reject(error)),
      ),
    );

  return {
    client,
    shared: true,
    spoolDir,
    maxConcurrentUploads,

    async save(name, chunks) {
      if (!isStorableName(name)) throw new Error(`Refusing to store under the name ${name}`);
      // The upload's own failures (refused, the client went away) and the disk's come from the
      // spooling, before S3 hears of it; S3's come from the sending alone.
      const file = path.join(spoolDir, `${SPOOL_PREFIX}${randomUUID()}`);
      try {
        const size = await spoolTo(file, chunks);
        await send(name, file);
        return size;
      } finally {
        await unlink(file).catch(() => undefined);
      }
    },

    async open(name) {
      if (!isStorableName(name)) return null;
      try {
        const object = await call(client.send(new GetObjectCommand({ Bucket, Key: name })));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(name) {
      if (!isStorableName(name)) return;
      // S3 answers a key it does not hold as deleted too.
      await call(client.send(new DeleteObjectCommand({ Bucket, Key: name })));
      await call(client.send(new DeleteObjectCommand({ Bucket, Key: markerKey(name) })));
    },

    async deleteOlderThan(cutoff, keep = () => false) {
      let deleted = 0;
      for await (const page of listed()) {
        const old = page.flatMap((item) =>
          item.Key &&
          isStorableName(item.Key) &&
          !keep(item.Key) &&
          item.LastModified &&
          item.LastModified < cutoff
            ? [item.Key]
            : [],
        );
        await deleteKeys(old);
        deleted += old.length;
      }
      return deleted;
    },

    async reference(name, since) {
      if (!isStorableName(name)) return 'gone';
      const markerAt = await writtenAt(markerKey(name));
      const stored = (await writtenAt(name)) !== null;
      const reference = referenceOf(markerAt, stored, since);
      if (reference === 'kept' && markerAt) {
        await call(client.send(new DeleteObjectCommand({ Bucket, Key: markerKey(name) })));
      }
      return reference;
    },

    async deleteOrphans(cutoff, keep = () => false) {
      let deleted = 0;
      for await (const page of listed(`${PENDING_DIR}/`)) {
        const orphans = page.flatMap((item) => {
          const name = nameOfMarker(item.Key ?? '');
          return name && !keep(name) && item.LastModified && item.LastModified < cutoff
            ? [name]
            : [];
        });
        // The resumes first: a marker is the only sign that its resume is an orphan.
        await deleteKeys(orphans);
        await deleteKeys(orphans.map(markerKey));
        deleted += orphans.length;
      }
      return deleted;
    },

    async usage() {
      let bytes = 0;
      for await (const page of listed()) {
        for (const item of page) if (item.Key && isStorableName(item.Key)) bytes += item.Size ?? 0;
      }
      return bytes;
    },

    async check() {
      const Key = `${PROBE_PREFIX}${randomUUID()}`;
      await call(client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' })));
      await call(client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
  };
}
