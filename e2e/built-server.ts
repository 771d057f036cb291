// The BUILT server (`node dist/server/main.js`, so run `npm run build` first) as a child process
// on a free port, pointed at a provider, with a temporary upload directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fixtures } from '@playwright/test';
import { type StandIn, startStandIn } from '../test/helpers/provider-stand-in.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const JOB_BOARD_URL = 'https://jobs.example.test';
const PROVIDER_USER = 'e2e-user';
const PROVIDER_KEY = 'e2e-key';
export const BASIC_AUTH = `Basic ${Buffer.from(`${PROVIDER_USER}:${PROVIDER_KEY}`).toString('base64')}`;

export interface RunningServer {
  url: string;
  port: number;
  uploadDir: string;
  /** The last lines the server printed (for failure messages). */
  output(): string;
}

/** A port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer GET /api/config with 200 in 20 s:\n${output()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the built server against the provider at `providerUrl` (null: the embedded sandbox),
 * with `env` over the suite's settings, and waits until it answers; `stop` ends it and removes
 * its uploads (also done here when it never becomes ready).
 */
export async function startBuiltServer(
  providerUrl: string | null,
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  // The port freePort found is free only until someone binds it: the server's own metrics
  // listener, on a port the system picks, was once given that very port a moment before the
  // server asked for it (EADDRINUSE). Such a start is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(providerUrl, env);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

/** How many times a start whose port was taken meanwhile is tried. */
const START_ATTEMPTS = 3;

async function startOnce(
  providerUrl: string | null,
  env: Record<string, string>,
): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  // A metrics port the caller chose (its own freePort) may be the very port freePort gives here,
  // once the system has let it go: the server refuses to share them (METRICS_PORT must differ).
  let port = await freePort();
  while (env.METRICS_PORT !== undefined && String(port) === env.METRICS_PORT)
    port = await freePort();
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'e2e-uploads-'));
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Each test's server has metrics of its own, on a port the system picks.
      METRICS_PORT: '0',
      ...(providerUrl === null
        ? {}
        : {
            PROVIDER_API_BASE: providerUrl,
            PROVIDER_API_USER: PROVIDER_USER,
            PROVIDER_API_KEY: PROVIDER_KEY,
          }),
      PROVIDER_TIMEOUT_MS: '3000',
      UPLOAD_DIR: uploadDir,
      JOB_BOARD_URL,
      // One worker's server sees dozens of registrations and uploads from one IP in a
      // minute, and some tests submit within 1.5 s of loading the page: the per-IP limits
      // and the fill-time bot check would otherwise answer for the provider.
      RATE_LIMIT_REGISTER: 'off',
      RATE_LIMIT_UPLOAD: 'off',
      BOT_MIN_FILL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const end = async () => {
    await stop(child);
    await rm(uploadDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await end();
    throw error;
  }
  return { server: { url, port, uploadDir, output: () => output }, stop: end };
}

/**
 * The built server with OUTBOX=on and a fresh key, on a real redis-server of its own.
 * `retryNow` waits until one entry waits out its backoff, then makes it due at once: the
 * server's worker delivers it then, as it would 5–10 s later (the first retry's wait).
 */
export async function startOutboxServer(providerUrl: string): Promise<{
  server: RunningServer;
  retryNow: () => Promise<void>;
  stop: () => Promise<void>;
}> {
  // Imported here: the helpers for Redis (and S3) and BullMQ are not every spec's to load.
  const { startRedis } = await import('../test/ops/services.ts');
  const { Queue } = await import('bullmq');
  const { OUTBOX_PREFIX, OUTBOX_QUEUE } = await import('../src/server/outbox/keys.ts');
  // With the append-only file, as the outbox requires of its Redis (docs/outbox.md).
  const redis = await startRedis({ aof: true });
  try {
    const app = await startBuiltServer(providerUrl, {
      REDIS_URL: redis.url,
      OUTBOX: 'on',
      OUTBOX_KEY: randomBytes(32).toString('base64'),
    });
    const retryNow = async () => {
      const queue = new Queue(OUTBOX_QUEUE, {
        connection: { host: '127.0.0.1', port: redis.port },
        prefix: OUTBOX_PREFIX,
      });
      try {
        const deadline = Date.now() + 10_000;
        while ((await queue.getDelayedCount()) !== 1) {
          if (Date.now() > deadline) throw new Error('no entry waits out its backoff in 10 s');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await queue.promoteJobs();
      } finally {
        await queue.close();
      }
    };
    return {
      server: app.server,
      retryNow,
      stop: async () => {
        await app.stop();
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}

/** What each worker of both browser suites runs against. */
export interface ServerFixtures {
  standIn: StandIn;
  /** The built server on the stand-in. */
  server: RunningServer;
}

/** Worker fixtures: the provider stand-in, then the built server pointed at it. */
export const SERVER_FIXTURES: Fixtures<Record<never, never>, ServerFixtures> = {
  standIn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
    async ({}, use) => {
      const standIn = await startStandIn();
      await use(standIn);
      await standIn.close();
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ standIn }, use) => {
      const { server, stop } = await startBuiltServer(standIn.url);
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
};
