// Shutdown of the real entry point with a client that misbehaves: one that sent half its upload
// and stopped is cut after the shutdown idle time, and the process exits 0 well within
// Kubernetes' 30 s grace period; one that keeps sending, however slowly, gets its answer. The
// two cases of the real entry point run at once, each with its own process: they wait on the
// clock, not the CPU.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it, type OnTestFinishedHandler } from 'vitest';
import { SHUTDOWN_IDLE_MS, shutdownBoundMs } from '../../src/server/plugins/shutdown.ts';
import { logLines as appLogLines, listFiles, startApp, waitFor } from '../helpers/app.ts';
import { type ListeningMain, startMain } from '../helpers/main-process.ts';
import { HAND_WRITTEN_UPLOAD, handWrittenUpload } from '../helpers/upload.ts';
import { s3Storage, startS3 } from '../ops/services.ts';

/** The real entry point, listening, and its upload directory. */
type Running = ListeningMain & { dir: string };

/**
 * The test's own onTestFinished (from its context: the tests run at once, so the global one
 * cannot tell whose test it is after an await).
 */
type After = (fn: OnTestFinishedHandler) => void;

/**
 * Starts the real entry point of this test: after it, killed if it still runs, and its upload
 * directory removed. Each test has its own, as the tests run at once.
 */
async function startServer(onTestFinished: After): Promise<Running> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faults-shutdown-'));
  let running: Running | null = null;
  onTestFinished(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await rm(dir, { recursive: true, force: true });
  });
  running = { ...(await startMain({ UPLOAD_DIR: dir, RATE_LIMIT_UPLOAD: 'off' })), dir };
  return running;
}

const { HEAD, PDF, TAIL } = HAND_WRITTEN_UPLOAD;

/** An upload whose body the test writes by hand, destroyed after the test. */
function openUpload(base: string, onTestFinished: After) {
  const upload = handWrittenUpload(base);
  onTestFinished(() => {
    upload.client.destroy();
  });
  return upload;
}

const temporaryFileIn = (dir: string) =>
  waitFor(
    () => readdir(dir),
    (files) => files.some((file) => file.startsWith('.upload-')),
    10_000,
  );

const logLines = (server: Running) =>
  server
    .stdout()
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('shutdown with a client that stalls mid-upload', { concurrent: true }, () => {
  it('cuts the stalled upload after the idle time, removes its temporary file, and exits 0', async ({
    onTestFinished,
  }) => {
    const server = await startServer(onTestFinished);
    const { client, answer } = openUpload(server.base, onTestFinished);
    client.write(HEAD);
    client.write(PDF.subarray(0, PDF.length / 2));
    // The server is writing it (its temporary file exists); the client now sends nothing more.
    expect((await temporaryFileIn(server.dir)).length).toBe(1);

    server.child.kill('SIGTERM');
    const exit = await Promise.race([
      server.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
    ]);

    expect(exit?.code).toBe(0);
    // The candidate's connection is closed without an answer (the browser says the upload
    // failed); the half-written file is gone.
    expect(await answer).toEqual({ error: 'ECONNRESET' });
    expect(await readdir(server.dir)).toEqual([]);
    const lines = logLines(server);
    expect(lines.find((line) => line.msg === 'request cut at shutdown')).toMatchObject({
      method: 'POST',
      url: '/api/upload',
      // Cut for having sent nothing for the idle time, as the server measured it.
      idleMs: expect.toSatisfy((ms: number) => ms >= SHUTDOWN_IDLE_MS),
    });
    expect(lines.find((line) => line.msg === 'upload cut at shutdown')).toBeDefined();
  }, 30_000);
});

describe('shutdown with a client that uploads slowly but steadily', { concurrent: true }, () => {
  it('lets the upload finish, even past the idle time, and exits 0', async ({ onTestFinished }) => {
    const server = await startServer(onTestFinished);
    const { client, answer } = openUpload(server.base, onTestFinished);
    client.write(HEAD);
    client.write(PDF.subarray(0, 1024));
    await temporaryFileIn(server.dir);

    server.child.kill('SIGTERM');
    // The rest in pieces, one a second: longer in all than the idle time, never idle that long.
    const pieces = 7;
    const rest = PDF.subarray(1024);
    const size = Math.ceil(rest.length / pieces);
    for (let i = 0; i < pieces; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      client.write(rest.subarray(i * size, (i + 1) * size));
    }
    client.end(TAIL);

    const result = await answer;
    expect(result).toMatchObject({ status: 200 });
    expect(JSON.parse((result as { body: string }).body)).toMatchObject({ success: true });
    expect((await server.exited).code).toBe(0);
    expect((await listFiles(server.dir)).filter((file) => file.startsWith('.'))).toEqual([]);
  }, 30_000);
});

describe('closing the app with a client that stalls mid-upload to S3', () => {
  it('cuts it after the idle time and nothing reaches the bucket', async ({ onTestFinished }) => {
    const s3 = await startS3();
    onTestFinished(() => s3.stop());
    // A spool of its own, so that the upload's file there says the server is reading it.
    const spool = await mkdtemp(path.join(os.tmpdir(), 'faults-shutdown-spool-'));
    onTestFinished(() => rm(spool, { recursive: true, force: true }));
    const storage = s3Storage(s3, spool);
    const app = await startApp(
      { STORAGE: 's3', S3_BUCKET: s3.bucket, S3_REGION: 'us-east-1' },
      { storage, shutdownIdleMs: 500 },
    );
    const { client, answer } = openUpload(app.base, onTestFinished);
    client.write(HEAD);
    client.write(PDF.subarray(0, PDF.length / 2));
    // The server is spooling the upload: it waits for the rest, which never comes.
    const spooling = await waitFor(
      () => readdir(spool),
      (files) => files.some((file) => file.startsWith('resume-upload-')),
      10_000,
    );
    expect(spooling).toHaveLength(1);

    await app.app.close();

    expect(await answer).toEqual({ error: 'ECONNRESET' });
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(listed.Contents ?? []).toEqual([]);
    expect(await listFiles(app.root)).toEqual(['web/index.html']);
    expect(app.logs()).toContain('"msg":"upload cut at shutdown"');
    const cut = appLogLines(app).filter((line) => line.msg === 'request cut at shutdown');
    // Cut for having sent nothing for the idle time (500 ms here), as the server measured it.
    expect(cut).toEqual([
      expect.objectContaining({ idleMs: expect.toSatisfy((ms: number) => ms >= 500) }),
    ]);
    storage.client.destroy();
    await app.close();
  });
});

describe('the shutdown bounds', () => {
  it('cut a request body idle for 5 s', () => {
    expect(SHUTDOWN_IDLE_MS).toBe(5_000);
  });

  it('exit by themselves before Kubernetes’ default 30 s grace period ends', () => {
    expect(shutdownBoundMs(30_000)).toBe(25_000);
    expect(shutdownBoundMs(10_000)).toBe(15_000);
    expect(shutdownBoundMs(120_000)).toBe(25_000);
  });
});
