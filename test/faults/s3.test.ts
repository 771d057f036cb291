// An S3 bucket that hangs, refuses, fails inside or throttles: every upload and resume link gets
// a bounded, honest answer (503 with Retry-After), nothing partial is stored, and the log and
// /metrics say which failure it was. An upload waits in a file of its own until it is whole (a
// slow client holds disk, not memory), which goes however the upload ends; only so many are sent
// to the bucket at once. Timeouts here are short; the production values are checked as values.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESUME_UNAVAILABLE } from '../../src/server/routes/resumes.ts';
import {
  createS3Storage,
  S3_TIMEOUTS,
  type S3StorageOptions,
  type S3Timeouts,
  SEND_WAIT_MS,
  s3RequestHandler,
} from '../../src/server/storage/s3.ts';
import { UPLOAD_ERRORS } from '../../src/shared/messages.ts';
import {
  isPendingMarker,
  listFiles,
  logLines,
  type StartedApp,
  startApp,
  waitFor,
} from '../helpers/app.ts';
import { fixture } from '../helpers/fixtures.ts';
import { browserUpload, HAND_WRITTEN_UPLOAD, handWrittenUpload } from '../helpers/upload.ts';
import { freePort, S3_CREDENTIALS, type S3Server, startS3 } from '../ops/services.ts';
import {
  answersS3Error,
  blackHole,
  dropsConnections,
  type MisbehavingServer,
  type S3Error,
  stallingProxy,
} from './servers.ts';

/** Short enough for a test; the same shape as production's. */
const FAST: S3Timeouts = { connectMs: 500, requestMs: 2_000, idleMs: 300 };

const A_STORED_NAME = `${'0'.repeat(32)}.pdf`;

let started: StartedApp | null = null;
let misbehaving: MisbehavingServer | null = null;
let s3: S3Server | null = null;
/** The directory the app under test spools uploads to (TMPDIR in production). */
let spool = '';
const clients: { destroy(): void }[] = [];
beforeEach(async () => {
  spool = await mkdtemp(path.join(os.tmpdir(), 'faults-s3-spool-'));
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await started?.close();
  await misbehaving?.stop();
  await s3?.stop();
  await rm(spool, { recursive: true, force: true });
  started = null;
  misbehaving = null;
  s3 = null;
});

function storageAt(endpoint: string, bucket = 'resumes', options: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    timeouts: FAST,
    spoolDir: spool,
    ...options,
  });
}

async function startWithBucketAt(endpoint: string, options: Partial<S3StorageOptions> = {}) {
  started = await startApp(
    { STORAGE: 's3', S3_BUCKET: 'resumes', S3_REGION: 'us-east-1' },
    { storage: storageAt(endpoint, 'resumes', options) },
  );
  return started;
}

async function getResume(base: string, name: string) {
  const response = await fetch(`${base}/candidate/resumes/${name}`, {
    signal: AbortSignal.timeout(5_000),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const uploadPdf = (base: string) =>
  browserUpload(base, fixture('resume.pdf'), 'cv.pdf', 'application/pdf');

async function uploadWithHeaders(base: string) {
  const form = new FormData();
  form.append('filename', '1732270000000-k3j4h5g6-cv.pdf');
  form.append(
    'file',
    new Blob([new Uint8Array(fixture('resume.pdf'))], { type: 'application/pdf' }),
    'cv.pdf',
  );
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(5_000),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const metricsOf = async (metricsUrl: string) => (await fetch(metricsUrl)).text();

/** The keys in the bucket, read straight from the S3 stand-in; pending markers aside. */
async function bucketKeys(server: S3Server): Promise<string[]> {
  const direct = storageAt(server.endpoint, server.bucket);
  try {
    const listed = await direct.client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
    return (listed.Contents ?? [])
      .map((item) => item.Key ?? '')
      .filter((key) => !isPendingMarker(key));
  } finally {
    direct.client.destroy();
  }
}

/**
 * The requests about resumes (not retention's listing, a readiness probe or a pending marker),
 * the stored name as <name>: it is 128 random bits.
 */
const resumeRequests = (requests: string[]) =>
  requests
    .filter((line) => /\/[0-9a-f]{32}\./.test(line) && !isPendingMarker(line))
    .map((line) => line.replace(/[0-9a-f]{32}/, '<name>'));

/** A PUT of a resume, not of a readiness probe or a pending marker. */
const isResumePut = (method: string, url: string) =>
  method === 'PUT' && /\/[0-9a-f]{32}\./.test(url) && !isPendingMarker(url);

describe('an S3 endpoint that accepts connections and never answers', () => {
  it('answers an upload 503 "could not be stored" with Retry-After, within seconds', async () => {
    misbehaving = await blackHole();
    const app = await startWithBucketAt(misbehaving.endpoint);

    const answer = await uploadWithHeaders(app.base);

    expect(answer).toEqual({
      status: 503,
      retryAfter: '30',
      body: { success: false, error: UPLOAD_ERRORS.storage },
    });
    expect(misbehaving.connections()).toBeGreaterThan(0);
    // Nothing of the upload on this instance's disk (S3 keeps no file here).
    expect(await listFiles(app.root)).toEqual(['web/index.html']);
    const metrics = await metricsOf(app.metricsUrl);
    expect(metrics).toContain('storage_errors_total{operation="save",reason="timeout"} 1');
    expect(metrics).toContain('uploads_total{result="storage"} 1');
    const failure = logLines(app).find((line) => line.msg === 'resume could not be stored');
    expect(failure).toMatchObject({
      storageError: 'timeout',
      err: { message: expect.stringMatching(/^S3 timed out/) },
    });
    expect(JSON.stringify(failure)).not.toContain(S3_CREDENTIALS.secretAccessKey);
  });

  it('answers the provider’s resume fetch 503 with Retry-After, within seconds', async () => {
    misbehaving = await blackHole();
    const app = await startWithBucketAt(misbehaving.endpoint);

    const answer = await getResume(app.base, A_STORED_NAME);

    expect(answer).toEqual({ status: 503, retryAfter: '30', body: RESUME_UNAVAILABLE });
    expect(await metricsOf(app.metricsUrl)).toContain(
      'storage_errors_total{operation="open",reason="timeout"} 1',
    );
    expect(logLines(app).find((line) => line.msg === 'resume could not be read')).toMatchObject({
      storageError: 'timeout',
      err: { message: expect.stringMatching(/^S3 timed out/) },
    });
  });
});

describe('an S3 endpoint that refuses connections', () => {
  const refusing = {
    'nothing listens on its port': async () => `http://127.0.0.1:${await freePort()}`,
    'it resets every connection': async () => {
      misbehaving = await dropsConnections();
      return misbehaving.endpoint;
    },
  };

  it.each(Object.entries(refusing))(
    'answers the provider’s resume fetch 503 with Retry-After when %s',
    async (_case, endpointOf) => {
      const app = await startWithBucketAt(await endpointOf());

      const answer = await getResume(app.base, A_STORED_NAME);

      expect(answer).toEqual({ status: 503, retryAfter: '30', body: RESUME_UNAVAILABLE });
      expect(await metricsOf(app.metricsUrl)).toContain(
        'storage_errors_total{operation="open",reason="unreachable"} 1',
      );
      expect(logLines(app).find((line) => line.msg === 'resume could not be read')).toMatchObject({
        storageError: 'unreachable',
        err: { message: expect.stringMatching(/^S3 unreachable/) },
      });
    },
  );

  it('answers an upload 503 "could not be stored" with Retry-After', async () => {
    const app = await startWithBucketAt(`http://127.0.0.1:${await freePort()}`);

    const answer = await uploadWithHeaders(app.base);

    expect(answer).toEqual({
      status: 503,
      retryAfter: '30',
      body: { success: false, error: UPLOAD_ERRORS.storage },
    });
    expect(await metricsOf(app.metricsUrl)).toContain(
      'storage_errors_total{operation="save",reason="unreachable"} 1',
    );
    expect(logLines(app).find((line) => line.msg === 'resume could not be stored')).toMatchObject({
      storageError: 'unreachable',
    });
  });
});

describe('a real S3 bucket that stalls part of the way', () => {
  it('answers 503 when the bucket answers the check but never the write, and stores nothing', async () => {
    s3 = await startS3();
    misbehaving = await stallingProxy(s3.endpoint, (method) =>
      method === 'PUT' ? 'request' : null,
    );
    const app = await startWithBucketAt(misbehaving.endpoint);

    const answer = await uploadPdf(app.base);

    expect(answer).toEqual({ status: 503, body: { success: false, error: UPLOAD_ERRORS.storage } });
    expect(await bucketKeys(s3)).toEqual([]);
    expect(await metricsOf(app.metricsUrl)).toContain(
      'storage_errors_total{operation="save",reason="timeout"} 1',
    );
    expect(logLines(app).find((line) => line.msg === 'resume could not be stored')).toMatchObject({
      storageError: 'timeout',
    });
  });

  it('cuts a resume download that stalls midway after the idle time, and counts it', async () => {
    s3 = await startS3();
    misbehaving = await stallingProxy(s3.endpoint, (method) => (method === 'GET' ? 'body' : null));
    const app = await startWithBucketAt(misbehaving.endpoint);
    const stored = await uploadPdf(app.base);
    expect(stored.status).toBe(200);
    const { filename } = stored.body as { filename: string };

    const outcome = await (async () => {
      const response = await fetch(`${app.base}/candidate/resumes/${filename}`, {
        signal: AbortSignal.timeout(5_000),
      });
      // The headers went out with the first bytes; only the transfer can fail now.
      const status = response.status;
      const read = await response.arrayBuffer().then(
        () => 'complete',
        (error: Error) => error.name,
      );
      return { status, read };
    })();

    expect(outcome).toEqual({ status: 200, read: 'TypeError' });
    expect(await metricsOf(app.metricsUrl)).toContain(
      'storage_errors_total{operation="open",reason="timeout"} 1',
    );
    expect(logLines(app).find((line) => line.msg === 'resume transfer failed')).toMatchObject({
      storageError: 'timeout',
    });
  });
});

describe('an S3 endpoint that fails inside or throttles', () => {
  const answers: [string, S3Error, string][] = [
    [
      '500 InternalError',
      { status: 500, code: 'InternalError' },
      'We encountered an internal error. Please try again.',
    ],
    ['503 SlowDown', { status: 503, code: 'SlowDown' }, 'Please reduce your request rate.'],
  ];

  it.each(answers)(
    'answers an upload 503 "could not be stored" with Retry-After when it answers %s',
    async (_case, error) => {
      const standIn = await answersS3Error(error);
      misbehaving = standIn;
      const app = await startWithBucketAt(standIn.endpoint);

      const answer = await uploadWithHeaders(app.base);

      expect(answer).toEqual({
        status: 503,
        retryAfter: '30',
        body: { success: false, error: UPLOAD_ERRORS.storage },
      });
      // Two attempts at asking whether the name is free; nothing was sent.
      expect(resumeRequests(standIn.requests())).toEqual([
        'HEAD /resumes/<name>.pdf',
        'HEAD /resumes/<name>.pdf',
      ]);
      expect(await listFiles(app.root)).toEqual(['web/index.html']);
      expect(await readdir(spool)).toEqual([]);
      const metrics = await metricsOf(app.metricsUrl);
      expect(metrics).toContain('storage_errors_total{operation="save",reason="unavailable"} 1');
      expect(metrics).toContain('uploads_total{result="storage"} 1');
      // A HEAD's answer has no body: the status is all S3 said.
      expect(logLines(app).find((line) => line.msg === 'resume could not be stored')).toMatchObject(
        {
          storageError: 'unavailable',
          err: { message: `S3 unavailable (${error.status}): UnknownError` },
        },
      );
    },
  );

  it.each(answers)(
    'answers the provider’s resume fetch 503 with Retry-After when it answers %s',
    async (_case, error, message) => {
      const standIn = await answersS3Error(error);
      misbehaving = standIn;
      const app = await startWithBucketAt(standIn.endpoint);

      const answer = await getResume(app.base, A_STORED_NAME);

      expect(answer).toEqual({ status: 503, retryAfter: '30', body: RESUME_UNAVAILABLE });
      expect(resumeRequests(standIn.requests())).toEqual([
        'GET /resumes/<name>.pdf',
        'GET /resumes/<name>.pdf',
      ]);
      expect(await metricsOf(app.metricsUrl)).toContain(
        'storage_errors_total{operation="open",reason="unavailable"} 1',
      );
      expect(logLines(app).find((line) => line.msg === 'resume could not be read')).toMatchObject({
        storageError: 'unavailable',
        err: { message: `S3 unavailable (${error.status} ${error.code}): ${message}` },
      });
    },
  );

  it.each(answers)(
    'answers 503 when a real bucket answers the write %s, and stores nothing',
    async (_case, error, message) => {
      s3 = await startS3();
      const proxy = await stallingProxy(s3.endpoint, (method, url) =>
        isResumePut(method, url) ? error : null,
      );
      misbehaving = proxy;
      const app = await startWithBucketAt(proxy.endpoint);

      const answer = await uploadWithHeaders(app.base);

      expect(answer).toEqual({
        status: 503,
        retryAfter: '30',
        body: { success: false, error: UPLOAD_ERRORS.storage },
      });
      expect(resumeRequests(proxy.requests())).toEqual([
        'HEAD /resumes/<name>.pdf',
        'PUT /resumes/<name>.pdf',
        'PUT /resumes/<name>.pdf',
      ]);
      expect(await bucketKeys(s3)).toEqual([]);
      expect(await readdir(spool)).toEqual([]);
      expect(await metricsOf(app.metricsUrl)).toContain(
        'storage_errors_total{operation="save",reason="unavailable"} 1',
      );
      expect(logLines(app).find((line) => line.msg === 'resume could not be stored')).toMatchObject(
        {
          storageError: 'unavailable',
          err: { message: `S3 unavailable (${error.status} ${error.code}): ${message}` },
        },
      );
    },
  );
});

describe('an upload to S3, spooled to disk until it is whole', () => {
  const { HEAD, PDF, TAIL } = HAND_WRITTEN_UPLOAD;
  const HALF = Math.floor(PDF.length / 2);

  /** An upload whose body the test writes, destroyed after the test. */
  function openUpload(base: string) {
    const upload = handWrittenUpload(base);
    clients.push(upload.client);
    return upload;
  }

  /** The spool's files and their sizes, once `check` holds. */
  const spoolOnceItHolds = (check: (files: { size: number; mode: number }[]) => boolean) =>
    waitFor(
      async () =>
        Promise.all(
          (await readdir(spool)).map(async (name) => {
            const info = await stat(path.join(spool, name)).catch(() => null);
            return { size: info?.size ?? -1, mode: (info?.mode ?? 0) & 0o777 };
          }),
        ),
      check,
    );

  it('holds a client that is mid-body in a file only it can read, and sends it once whole', async () => {
    s3 = await startS3();
    const proxy = await stallingProxy(s3.endpoint, () => null);
    misbehaving = proxy;
    const app = await startWithBucketAt(proxy.endpoint);
    const { client, answer } = openUpload(app.base);
    client.write(HEAD);
    client.write(PDF.subarray(0, HALF));

    // The half sent so far is on disk; the bucket hears nothing of the upload yet.
    expect(await spoolOnceItHolds((files) => files[0]?.size === HALF)).toEqual([
      { size: HALF, mode: 0o600 },
    ]);
    expect(await readdir(spool)).toEqual([expect.stringMatching(/^resume-upload-[0-9a-f-]{36}$/)]);
    expect(resumeRequests(proxy.requests())).toEqual([]);

    client.end(Buffer.concat([PDF.subarray(HALF), TAIL]));
    const result = await answer;

    expect(result).toMatchObject({ status: 200 });
    const { filename } = JSON.parse((result as { body: string }).body) as { filename: string };
    expect(resumeRequests(proxy.requests())).toEqual([
      'HEAD /resumes/<name>.pdf',
      'PUT /resumes/<name>.pdf',
    ]);
    expect(await readdir(spool)).toEqual([]);
    expect(await bucketKeys(s3)).toEqual([filename]);
    const direct = storageAt(s3.endpoint, s3.bucket);
    const object = await direct.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: filename }),
    );
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(PDF);
    direct.client.destroy();
  });

  it('holds 20 slow clients on disk, one file each, and removes every file when they leave', async () => {
    s3 = await startS3();
    const app = await startWithBucketAt(s3.endpoint);
    const uploads = Array.from({ length: 20 }, () => openUpload(app.base));
    for (const { client } of uploads) {
      client.write(HEAD);
      client.write(PDF.subarray(0, HALF));
    }

    const held = await spoolOnceItHolds(
      (files) => files.length === 20 && files.every((file) => file.size === HALF),
    );
    expect(held).toEqual(Array.from({ length: 20 }, () => ({ size: HALF, mode: 0o600 })));

    for (const { client } of uploads) client.destroy();
    for (const { answer } of uploads) expect(await answer).toEqual({ error: 'ECONNRESET' });

    expect(
      await waitFor(
        () => readdir(spool),
        (files) => files.length === 0,
      ),
    ).toEqual([]);
    expect(
      await waitFor(
        () => metricsOf(app.metricsUrl),
        (metrics) => metrics.includes('uploads_total{result="aborted"} 20'),
      ),
    ).toContain('uploads_total{result="aborted"} 20');
    expect(await bucketKeys(s3)).toEqual([]);
  });

  it('removes the file of an upload it refuses, and sends nothing', async () => {
    s3 = await startS3();
    const proxy = await stallingProxy(s3.endpoint, () => null);
    misbehaving = proxy;
    const app = await startWithBucketAt(proxy.endpoint);

    const answer = await browserUpload(
      app.base,
      fixture('disguised.png'),
      'cv.pdf',
      'application/pdf',
    );

    expect(answer).toEqual({
      status: 415,
      body: { success: false, error: UPLOAD_ERRORS.contentMismatch },
    });
    expect(await readdir(spool)).toEqual([]);
    expect(resumeRequests(proxy.requests())).toEqual([]);
  });

  it('sends at most maxConcurrentUploads at once: the next waits its turn, then 503 with Retry-After', async () => {
    s3 = await startS3();
    // The bucket takes every write and never answers it; the deadlines outlast the test.
    const proxy = await stallingProxy(s3.endpoint, (method, url) =>
      isResumePut(method, url) ? 'request' : null,
    );
    misbehaving = proxy;
    const app = await startWithBucketAt(proxy.endpoint, {
      maxConcurrentUploads: 2,
      sendWaitMs: 300,
      timeouts: { connectMs: 500, idleMs: 10_000, requestMs: 10_000 },
    });
    const sending = [uploadWithHeaders(app.base), uploadWithHeaders(app.base)];
    expect(
      await waitFor(
        async () => proxy.held(),
        (held) => held === 2,
      ),
    ).toBe(2);

    const third = await uploadWithHeaders(app.base);

    expect(third).toEqual({
      status: 503,
      retryAfter: '30',
      body: { success: false, error: UPLOAD_ERRORS.storage },
    });
    expect(resumeRequests(proxy.requests()).filter((line) => line.startsWith('PUT'))).toEqual([
      'PUT /resumes/<name>.pdf',
      'PUT /resumes/<name>.pdf',
    ]);
    const metrics = await metricsOf(app.metricsUrl);
    expect(metrics).toContain('storage_errors_total{operation="save",reason="busy"} 1');
    expect(metrics).toContain('uploads_total{result="storage"} 1');
    expect(logLines(app).find((line) => line.msg === 'resume could not be stored')).toMatchObject({
      storageError: 'busy',
      err: { message: 'S3 busy (2 uploads in flight, none done within 0.3 s)' },
    });
    // Only the two in flight still have their files.
    expect((await readdir(spool)).length).toBe(2);

    // The bucket goes away: the two held fail as any upload to an unreachable bucket does.
    await proxy.stop();
    misbehaving = null;
    for (const answer of await Promise.all(sending)) expect(answer.status).toBe(503);
    expect(await readdir(spool)).toEqual([]);
    expect(await bucketKeys(s3)).toEqual([]);
  });
});

describe('a burst of whole uploads to a bucket that answers', () => {
  it('lets them wait their turn with maxConcurrentUploads 1, and stores every one', async () => {
    s3 = await startS3();
    const proxy = await stallingProxy(s3.endpoint, () => null);
    misbehaving = proxy;
    // A wait no turn comes near, even on a slow machine: each PUT takes milliseconds.
    const app = await startWithBucketAt(proxy.endpoint, {
      maxConcurrentUploads: 1,
      sendWaitMs: 20_000,
    });

    const answers = await Promise.all(Array.from({ length: 6 }, () => uploadPdf(app.base)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const names = answers.map((answer) => (answer.body as { filename: string }).filename);
    expect((await bucketKeys(s3)).sort()).toEqual([...names].sort());
    expect(await readdir(spool)).toEqual([]);
    expect(await metricsOf(app.metricsUrl)).not.toMatch(/^storage_errors_total\{/m);
  });
});

describe('the spool of uploads to S3', () => {
  it('is the system’s temporary directory, and 16 uploads are sent at once, unless told otherwise', () => {
    // The next whole upload waits up to 5 s for one of them to finish.
    expect(SEND_WAIT_MS).toBe(5_000);
    const storage = createS3Storage({
      bucket: 'resumes',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
    });
    expect({
      spoolDir: storage.spoolDir,
      maxConcurrentUploads: storage.maxConcurrentUploads,
    }).toEqual({ spoolDir: os.tmpdir(), maxConcurrentUploads: 16 });
    storage.client.destroy();
  });
});

describe('the production S3 deadlines', () => {
  it('are 3 s to connect, 5 s of silence, 15 s until S3 starts answering', () => {
    expect(S3_TIMEOUTS).toEqual({ connectMs: 3_000, idleMs: 5_000, requestMs: 15_000 });
  });

  it('reach the SDK’s request handler as errors, not warnings', () => {
    expect(s3RequestHandler(S3_TIMEOUTS)).toEqual({
      connectionTimeout: 3_000,
      socketTimeout: 5_000,
      requestTimeout: 15_000,
      throwOnRequestTimeout: true,
    });
  });
});
