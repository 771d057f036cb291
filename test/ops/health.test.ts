// Health, readiness and metrics; storage faults answer clearly and leave nothing behind.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { respond, startStandIn } from '../helpers/provider-stand-in.mjs';
import { upload } from '../helpers/upload.ts';
import { type S3Server, s3Storage, startS3 } from './services.ts';

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
    const metrics = await (await fetch(`${app.base}/metrics`)).text();
    expect(metrics).toContain('registrations_total{outcome="registered",status="201"} 1');
    expect(metrics).toContain('provider_request_duration_seconds_count{result="201"} 1');
    expect(metrics).toContain('uploads_total{result="stored"} 1');
    expect(metrics).toContain('uploads_total{result="contentMismatch"} 1');
    expect(metrics).toContain(`upload_bytes_total ${fixture('resume.pdf').length}`);
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

  it('answers clearly while the S3 server is down and is not ready', async () => {
    s3 = await startS3();
    app = await startApp({}, { storage: s3Storage(s3) });
    const stored = await upload(app.base, pdf());
    expect(stored.status).toBe(200);
    await s3.stop();
    expect(await upload(app.base, pdf())).toMatchObject({ status: 500, body: STORAGE_ERROR });
    const name = (stored.body as { filename: string }).filename;
    expect((await fetch(`${app.base}/candidate/resumes/${name}`)).status).toBe(500);
    expect((await fetch(`${app.base}/readyz`)).status).toBe(503);
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
