// Graceful shutdown of the real entry: in-flight work finishes, then the process exits 0. The
// three cases run at once, each with its own process: they wait on the clock, not the CPU.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, type OnTestFinishedHandler } from 'vitest';
import { waitFor } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { type ListeningMain, startMain } from '../helpers/main-process.ts';
import { HAND_WRITTEN_UPLOAD, handWrittenUpload } from '../helpers/upload.ts';

/**
 * The test's own onTestFinished (from its context: the tests run at once, so the global one
 * cannot tell whose test it is after an await).
 */
type After = (fn: OnTestFinishedHandler) => void;

/**
 * Starts the real entry point of this test, with an upload directory of its own: after the test,
 * killed if it still runs, and the directory removed.
 */
async function startServer(env: Record<string, string>, onTestFinished: After) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-'));
  let main: ListeningMain | null = null;
  onTestFinished(async () => {
    if (main && main.child.exitCode === null) main.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });
  main = await startMain({
    UPLOAD_DIR: dir,
    RATE_LIMIT_REGISTER: 'off',
    BOT_MIN_FILL_MS: '0',
    ...env,
  });
  return { ...main, dir };
}

/**
 * Resolves once the server at `base` refuses new connections, the first thing its shutdown
 * does; after 10 s of it still answering, resolves anyway and the test's next check fails.
 */
const refusingConnections = (base: string) =>
  waitFor(
    () =>
      fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
        () => 'answering',
        () => 'refusing',
      ),
    (state) => state === 'refusing',
    10_000,
  );

describe('graceful shutdown', { concurrent: true }, () => {
  it('lets an in-flight registration finish after SIGTERM, refuses new connections, and exits 0', async ({
    onTestFinished,
  }) => {
    // A provider that holds a registration until the test lets it answer: until then the
    // registration is in flight, however slow the machine, with no clock to race.
    let received!: () => void;
    const registrationReceived = new Promise<void>((resolve) => {
      received = resolve;
    });
    let answerRegistration!: () => void;
    const answered = new Promise<void>((resolve) => {
      answerRegistration = resolve;
    });
    const provider = createServer((request, response) => {
      request.resume();
      received();
      void answered.then(() =>
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"late"}'),
      );
    });
    onTestFinished(async () => {
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const {
      base,
      child: running,
      exited: exit,
    } = await startServer(
      {
        PROVIDER_API_BASE: providerUrl,
        PROVIDER_API_USER: 'u',
        PROVIDER_API_KEY: 'k',
      },
      onTestFinished,
    );
    const exited = exit.then(({ code }) => code);

    const inFlight = fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(candidate()),
    });
    await registrationReceived;
    running.kill('SIGTERM');
    // Refused while the registration is still in flight: the provider has not answered it.
    await refusingConnections(base);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    answerRegistration();

    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true, status: 201, data: {} });
    expect(await exited).toBe(0);
  });

  it('lets an in-flight upload finish after SIGTERM and exits 0', async ({ onTestFinished }) => {
    const { base, child: running, exited: exit, dir } = await startServer({}, onTestFinished);
    const exited = exit.then(({ code }) => code);
    const { HEAD, PDF, TAIL } = HAND_WRITTEN_UPLOAD;
    const { client, answer } = handWrittenUpload(base);
    // Half the body now; SIGTERM once the server is writing it (its temporary file exists),
    // however slow the machine; then the rest once the server refuses new connections, that
    // is once its shutdown has begun.
    client.write(HEAD);
    client.write(PDF.subarray(0, PDF.length / 2));
    await waitFor(
      () => readdir(dir),
      (files) => files.some((file) => file.startsWith('.upload-')),
      10_000,
    );
    running.kill('SIGTERM');
    await refusingConnections(base);
    client.end(Buffer.concat([PDF.subarray(PDF.length / 2), TAIL]));
    const result = await answer;
    if ('error' in result) throw new Error(`the upload ended with ${result.error}`);
    const { status, body } = result;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ success: true });
    expect(await exited).toBe(0);
  });
});

describe('graceful shutdown with OUTBOX=on', { concurrent: true }, () => {
  it('exits 0 with the outbox’s Redis away, after one line that says what becomes of a delivery', async ({
    onTestFinished,
  }) => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const {
      child: running,
      exited,
      stdout,
    } = await startServer(
      {
        OUTBOX: 'on',
        OUTBOX_KEY: Buffer.alloc(32, 7).toString('base64'),
        REDIS_URL: `redis://127.0.0.1:${closed}`,
      },
      onTestFinished,
    );
    running.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(stdout()).toContain(
      '"msg":"outbox closed without its worker: a delivery under way goes back to the queue when its lock lapses"',
    );
  });
});
