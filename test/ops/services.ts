// Real backing services for the operations tests: redis-server and an S3-compatible server
// (test/helpers/s3-stand-in.mjs), each on a free port of 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createS3Storage } from '../../src/server/storage/s3.ts';
import { freePort, portOpen } from '../helpers/ports.mjs';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../helpers/s3-stand-in.mjs';

export { freePort };

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

export function s3Storage(s3: S3Server, spoolDir?: string) {
  return createS3Storage({
    ...(spoolDir === undefined ? {} : { spoolDir }),
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
}
