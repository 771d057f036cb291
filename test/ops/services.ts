// Real backing services for the operations tests: redis-server and an S3-compatible server
// (test/helpers/s3-stand-in.mjs), each on a free port of 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createS3Storage } from '../../src/server/storage/s3.ts';
import { portOpen } from '../helpers/ports.mjs';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../helpers/s3-stand-in.mjs';

/** The lowest port the system picks itself (for outgoing connections, a listen on port 0). */
async function lowestEphemeralPort(): Promise<number> {
  const text = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  return Number(text.trim().split(/\s+/)[0]) || 32_768;
}

/** Binds 127.0.0.1:`port` (0: a port the system picks) and lets it go; resolves the port or null. */
async function bindable(port: number): Promise<number | null> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!bound) return null;
  const { port: taken } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return taken;
}

/** The lowest port freePort picks from. */
const LOWEST_PORT = 10_000;

/**
 * A port of 127.0.0.1 that was free a moment ago, for a child process (nginx, redis-server) to
 * listen on. It lies below the range the system picks ports from: one it picked could be given to
 * another test's outgoing connection before the child binds it (nginx once failed to start so).
 */
export async function freePort(): Promise<number> {
  const low = await lowestEphemeralPort();
  for (let attempt = 0; low > LOWEST_PORT && attempt < 100; attempt++) {
    const port = await bindable(LOWEST_PORT + Math.floor(Math.random() * (low - LOWEST_PORT)));
    if (port !== null) return port;
  }
  const picked = await bindable(0);
  if (picked === null) throw new Error('no port of 127.0.0.1 could be bound');
  return picked;
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} in time`);
}

/**
 * A real redis-server (Debian's) on a free port: without persistence, or with `aof`, an append-only
 * file fsynced on every write in a directory of its own that survives `stop` and `start` (as
 * docs/outbox.md advises); `args` are further settings (e.g. a maxmemory-policy).
 */
export async function startRedis({
  aof = false,
  args = [],
}: {
  aof?: boolean;
  args?: string[];
} = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = aof ? await mkdtemp(path.join(os.tmpdir(), 'redis-aof-')) : null;
  const persistence = dir
    ? ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', ...persistence, ...args],
        {
          stdio: 'ignore',
        },
      );
      await until(() => portOpen(port), 'redis-server did not start');
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

export const S3_CREDENTIALS = S3_STAND_IN_CREDENTIALS;

export interface S3Server {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** The S3 stand-in on a free port of 127.0.0.1, with `bucket` created. */
export async function startS3(bucket = 'resumes'): Promise<S3Server> {
  const server = await startS3StandIn({ buckets: [bucket] });
  return { endpoint: server.endpoint, bucket, stop: () => server.close() };
}

export function s3Storage(s3: S3Server) {
  return createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
}
