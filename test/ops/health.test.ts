// Health, readiness and metrics; storage faults answer clearly and leave nothing behind.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { READY_CACHE_MS } from '../../src/server/routes/health.ts';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import type { ResumeStorage } from '../../src/server/storage/storage.ts';
import { type StartedApp, startApp, waitFor } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { respond, startStandIn } from '../helpers/provider-stand-in.mjs';
import { upload } from '../helpers/upload.ts';
import { freePort, type S3Server, s3Storage, startRedis, startS3 } from './services.ts';

const STORAGE_ERROR = { success: false, error: 'The file could not be stored. Please try again.' };
const pdf = (bytes = fixture('resume.pdf')) => [
  { file: bytes, name: 'cv.pdf', type: 'application/pdf' },
];

let app: StartedApp | null = null;
let s3: S3Server | null = null;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await app?.close();
  app = null;
  await s3?.stop();
  s3 = null;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('health and metrics', () => {
  it('answer /healthz and /readyz, and count registrations, uploads and provider latency', async () => {
    const standIn = await startStandIn(respond(201, { id: 'c1' }));
    cleanups.push(() => standIn.close());
    app = await startApp({
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
    });
    expect(await (await fetch(`${app.base}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${app.base}/readyz`)).json()).toEqual({
      status: 'ready',
      checks: { storage: 'ok' },
    });
    await register(app.base, candidate());
    await upload(app.base, pdf());
    await upload(app.base, [
      { file: fixture('disguised.png'), name: 'cv.pdf', type: 'application/pdf' },
    ]);
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('registrations_total{outcome="registered",status="201"} 1');
    expect(metrics).toContain('provider_request_duration_seconds_count{result="201"} 1');
    expect(metrics).toContain('uploads_total{result="stored"} 1');
    expect(metrics).toContain('uploads_total{result="contentMismatch"} 1');
    expect(metrics).toContain(`upload_bytes_total ${fixture('resume.pdf').length}`);
    expect(metrics).toContain('dependency_up{dependency="storage"} 1');
    expect(metrics).toContain('http_requests_total{method="GET",route="/readyz",status="200"} 1');
    expect(metrics).toContain(
      'http_requests_total{method="POST",route="/api/upload",status="415"} 1',
    );
  });

  it('counts answers by route pattern, never by the raw URL', async () => {
    app = await startApp();
    await fetch(`${app.base}/candidate/resumes/${'a'.repeat(32)}-cv.pdf`);
    await fetch(`${app.base}/api/nope-1`);
    await fetch(`${app.base}/api/nope-2`, { method: 'POST' });
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain(
      'http_requests_total{method="GET",route="/candidate/resumes/:filename",status="404"} 1',
    );
    expect(metrics).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(metrics).toContain(
      'http_requests_total{method="POST",route="unmatched",status="404"} 1',
    );
    expect(metrics).not.toContain('nope');
  });

  it('is not ready, and answers uploads with a clear 500, when the upload directory is unwritable', async () => {
    app = await startApp();
    await rm(app.uploadDir, { recursive: true });
    await writeFile(app.uploadDir, 'not a directory');
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', checks: { storage: 'failed' } });
    expect(await upload(app.base, pdf())).toMatchObject({ status: 500, body: STORAGE_ERROR });
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
  });

  it('answers a clear 500 and leaves no temporary file when the disk is full', async (context) => {
    const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'full-disk-'));
    try {
      // stderr is piped so that mount's own reason lands in the error message.
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      await rm(mountPoint, { recursive: true, force: true });
      // CI runs as root and must run this case; only a developer machine may skip it.
      if (process.env.CI) {
        throw new Error(
          `CI is set, so the disk-full case must run, but mounting a 64 KiB tmpfs failed: ${(error as Error).message}`,
        );
      }
      context.skip('this machine cannot mount a tmpfs (no CAP_SYS_ADMIN)');
    }
    cleanups.push(async () => {
      execFileSync('umount', [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    });
    const uploadDir = path.join(mountPoint, 'resumes');
    await mkdir(uploadDir);
    app = await startApp({ UPLOAD_DIR: uploadDir });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200 * 1024, 0x41)]);
    expect(await upload(app.base, pdf(big))).toMatchObject({ status: 500, body: STORAGE_ERROR });
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('answers clearly while the S3 server is down, and stays ready but degraded (the bucket is every instance’s)', async () => {
    s3 = await startS3();
    app = await startApp({}, { storage: s3Storage(s3) });
    const stored = await upload(app.base, pdf());
    expect(stored.status).toBe(200);
    await s3.stop();
    // A bucket that refuses connections is an outage: 503, try again later (test/faults/s3).
    expect(await upload(app.base, pdf())).toMatchObject({ status: 503, body: STORAGE_ERROR });
    const name = (stored.body as { filename: string }).filename;
    const resume = await fetch(`${app.base}/candidate/resumes/${name}`);
    expect(resume.status).toBe(503);
    expect(resume.headers.get('retry-after')).toBe('30');
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { storage: 'failed' } });
  });

  it('serves a resume stored in S3 with its headers', async () => {
    s3 = await startS3();
    app = await startApp({}, { storage: s3Storage(s3) });
    const stored = await upload(app.base, pdf());
    const name = (stored.body as { filename: string }).filename;
    const response = await fetch(`${app.base}/candidate/resumes/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fixture('resume.pdf'));
  });
});

describe('readiness follows this instance, not what every instance shares', () => {
  const logLines = (logs: string, message: string) =>
    logs
      .trim()
      .split('\n')
      .filter((line) => JSON.parse(line).msg === message);
  const readyz = async (base: string) => {
    const response = await fetch(`${base}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  it('stays ready through a Redis outage, says it is degraded, counts it and logs each change once', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    // Each /readyz checks again here: the cache has a test of its own (below).
    app = await startApp({ REDIS_URL: redis.url }, { readyCacheMs: 0 });
    expect(await readyz(app.base)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { storage: 'ok', redis: 'ok' } },
    });

    await redis.stop();
    const during = [];
    // ioredis retries every 200 ms to 2 s meanwhile, failing each time.
    for (let n = 0; n < 4; n++) {
      during.push(await readyz(app.base));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(during).toEqual(
      Array(4).fill({
        status: 200,
        body: { status: 'degraded', checks: { storage: 'ok', redis: 'failed' } },
      }),
    );
    let metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('dependency_up{dependency="redis"} 0');
    expect(metrics).toContain('dependency_outages_total{dependency="redis"} 1');
    expect(logLines(app.logs(), 'redis unavailable: rate limits fail open')).toHaveLength(1);

    await redis.start();
    const back = await waitFor(
      () => readyz(app?.base ?? ''),
      (answer) => answer.body.status === 'ready',
      8_000,
    );
    expect(back).toEqual({
      status: 200,
      body: { status: 'ready', checks: { storage: 'ok', redis: 'ok' } },
    });
    metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('dependency_up{dependency="redis"} 1');
    expect(metrics).toContain('dependency_outages_total{dependency="redis"} 1');
    expect(logLines(app.logs(), 'redis unavailable: rate limits fail open')).toHaveLength(1);
    expect(logLines(app.logs(), 'redis available again')).toHaveLength(1);
  });

  it('starts ready but degraded when Redis is down from the start', async () => {
    app = await startApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect(await readyz(app.base)).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { storage: 'ok', redis: 'failed' } },
    });
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('dependency_up{dependency="redis"} 0');
    expect(metrics).toContain('dependency_outages_total{dependency="redis"} 1');
  });

  it('logs a disk that stops taking files once, and is not ready until it takes them again', async () => {
    app = await startApp({}, { readyCacheMs: 0 });
    await rm(app.uploadDir, { recursive: true });
    await writeFile(app.uploadDir, 'not a directory');
    for (let n = 0; n < 3; n++) {
      expect(await readyz(app.base)).toEqual({
        status: 503,
        body: { status: 'not ready', checks: { storage: 'failed' } },
      });
    }
    expect(
      logLines(app.logs(), 'storage unavailable: uploads and resume links fail until it answers'),
    ).toHaveLength(1);
    await rm(app.uploadDir);
    await mkdir(app.uploadDir);
    expect(await readyz(app.base)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { storage: 'ok' } },
    });
    expect(logLines(app.logs(), 'storage available again')).toHaveLength(1);
  });
});

describe('/readyz costs nothing to ask', () => {
  /** The local disk, counting each readiness probe it writes, and failing while `fail` is set. */
  async function countingDisk(delayMs = 0) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'readyz-disk-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const disk = await createLocalStorage(dir);
    const counted = { writes: 0, fail: false };
    const storage: ResumeStorage = {
      ...disk,
      async check() {
        counted.writes++;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (counted.fail) throw new Error('the disk is gone');
        await disk.check();
      },
    };
    return { storage, counted };
  }
  const readyz = async (base: string) => {
    const response = await fetch(`${base}/readyz`);
    return { status: response.status, body: await response.json() };
  };
  const READY = { status: 200, body: { status: 'ready', checks: { storage: 'ok' } } };
  const NOT_READY = { status: 503, body: { status: 'not ready', checks: { storage: 'failed' } } };

  it('writes to storage once for 100 calls within the window, concurrent or one after another', async () => {
    const { storage, counted } = await countingDisk(100);
    app = await startApp({}, { storage });
    const base = app.base;
    const started = performance.now();
    const together = await Promise.all(Array.from({ length: 50 }, () => readyz(base)));
    const oneByOne = [];
    for (let n = 0; n < 50; n++) oneByOne.push(await readyz(base));
    // All within the window, or the count below would not mean anything.
    expect(performance.now() - started).toBeLessThan(READY_CACHE_MS);
    expect([...together, ...oneByOne]).toEqual(Array(100).fill(READY));
    expect(counted.writes).toBe(1);
  });

  it('reports a failing dependency once the window has passed, and checks again only then', async () => {
    const { storage, counted } = await countingDisk();
    app = await startApp({}, { storage });
    expect(await readyz(app.base)).toEqual(READY);
    counted.fail = true;
    // Within the window: the last answer, and nothing written.
    expect(await readyz(app.base)).toEqual(READY);
    expect(counted.writes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, READY_CACHE_MS + 50));
    expect(await readyz(app.base)).toEqual(NOT_READY);
    expect(await readyz(app.base)).toEqual(NOT_READY);
    expect(counted.writes).toBe(2);
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('dependency_up{dependency="storage"} 0');
  });
});
