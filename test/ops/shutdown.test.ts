// Graceful shutdown of the real entry: in-flight work finishes, then the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { freePort } from './services.ts';

let child: ChildProcess | null = null;
let provider: Server | null = null;
let dir = '';
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  provider?.closeAllConnections();
  await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(null)));
  provider = null;
  await rm(dir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  dir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      UPLOAD_DIR: dir,
      RATE_LIMIT_REGISTER: 'off',
      BOT_MIN_FILL_MS: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) return base;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not start');
}

const exitCode = (process: ChildProcess) =>
  new Promise<number | null>((resolve) => process.once('exit', (code) => resolve(code)));

describe('graceful shutdown', () => {
  it('lets an in-flight registration finish after SIGTERM, refuses new connections, and exits 0', async () => {
    let received = 0;
    // A provider that takes 1.5 s to accept a registration.
    provider = createServer((request, response) => {
      received++;
      request.resume();
      setTimeout(
        () => response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"late"}'),
        1_500,
      );
    });
    await new Promise<void>((resolve) => provider?.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const base = await startServer({
      PROVIDER_API_BASE: providerUrl,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
    });
    const running = child as ChildProcess;
    const exited = exitCode(running);

    const inFlight = fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(candidate()),
    });
    const deadline = Date.now() + 5_000;
    while (received === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    running.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true, status: 201, data: {} });
    expect(await exited).toBe(0);
  });

  it('lets an in-flight upload finish after SIGTERM and exits 0', async () => {
    const base = await startServer({});
    const running = child as ChildProcess;
    const exited = exitCode(running);
    const boundary = 'shutdown-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(512 * 1024, 0x20)]);
    const target = new URL('/api/upload', base);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + pdf.length + tail.length,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Half the body now; SIGTERM once the server is writing it (its temporary file exists),
      // however slow the machine; then the rest a moment later.
      req.write(head);
      req.write(pdf.subarray(0, pdf.length / 2));
      void waitFor(
        () => readdir(dir),
        (files) => files.some((file) => file.startsWith('.upload-')),
        10_000,
      ).then(() => {
        running.kill('SIGTERM');
        setTimeout(() => req.end(Buffer.concat([pdf.subarray(pdf.length / 2), tail])), 300);
      });
    });
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ success: true });
    expect(await exited).toBe(0);
  });
});
