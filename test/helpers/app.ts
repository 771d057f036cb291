// Starts the real app on 127.0.0.1:0 with a temporary upload directory and logs captured in
// memory, so integration tests talk to it over real HTTP and can read what it logged.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { OutboxTimings } from '../../src/server/outbox/outbox.ts';
import type { ResolveHost } from '../../src/server/registration/link-addresses.ts';
import { PENDING_DIR } from '../../src/server/storage/pending.ts';
import type { ResumeStorage } from '../../src/server/storage/storage.ts';

export interface StartOptions {
  /** The built web app to serve; a one-line index.html in the temporary root when absent. */
  webRoot?: string;
  storage?: ResumeStorage;
  logLevel?: string;
  /** How long a request body may idle once the app closes (production: SHUTDOWN_IDLE_MS). */
  shutdownIdleMs?: number;
  /** Where resume links' names resolve (DNS, the edge of the process); the system's by default. */
  resolveHost?: ResolveHost;
  /** The outbox's periods, shortened (OUTBOX=on). */
  outboxTimings?: OutboxTimings;
  /** How long /readyz reuses one round of checks (production: READY_CACHE_MS); 0 checks each time. */
  readyCacheMs?: number;
}

export interface StartedApp {
  /** http://127.0.0.1:{port}, no trailing slash. */
  base: string;
  /** The metrics listener's http://127.0.0.1:{port}/metrics. */
  metricsUrl: string;
  app: FastifyInstance;
  config: Config;
  /** Everything logged so far, one JSON line per entry. */
  logs(): string;
  /** A temporary directory that holds the upload directory (two levels down) and nothing else. */
  root: string;
  uploadDir: string;
  close(): Promise<void>;
}

export const MINIMAL_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Resume Library Registration</title></head><body><div id="root"></div></body></html>';

/**
 * Builds the configuration from `env` (over test defaults that switch off rate limits, the
 * bot timer and the ceiling on provider calls, which have suites of their own) and listens. Throws on a configuration error.
 */
export async function startApp(
  env: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<StartedApp> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'resume-app-'));
  // Two levels between the root and the uploads, so escapes upward stay inside the root.
  const uploadDir = path.join(root, 'srv', 'data', 'resumes');
  let webRoot = options.webRoot;
  if (!webRoot) {
    webRoot = path.join(root, 'web');
    await mkdir(webRoot, { recursive: true });
    await writeFile(path.join(webRoot, 'index.html'), MINIMAL_INDEX_HTML);
  }
  const loaded = loadConfig({
    UPLOAD_DIR: uploadDir,
    PORT: '0',
    METRICS_PORT: '0',
    RATE_LIMIT_REGISTER: 'off',
    RATE_LIMIT_UPLOAD: 'off',
    RATE_LIMIT_EVENTS: 'off',
    BOT_MIN_FILL_MS: '0',
    PROVIDER_CALLS_PER_MINUTE: '0',
    ...env,
  });
  if (!loaded.ok) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`Configuration errors:\n${loaded.errors.join('\n')}`);
  }
  const lines: string[] = [];
  const logger = createLogger(
    {
      write(line: string) {
        lines.push(line);
      },
    },
    options.logLevel ?? 'info',
  );
  const app = await buildApp({
    config: loaded.config,
    logger,
    webRoot,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.shutdownIdleMs ? { shutdownIdleMs: options.shutdownIdleMs } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.outboxTimings ? { outboxTimings: options.outboxTimings } : {}),
    ...(options.readyCacheMs !== undefined ? { readyCacheMs: options.readyCacheMs } : {}),
  }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening');
  const metricsAddress = app.metricsAddress();
  let closed = false;
  return {
    base: `http://127.0.0.1:${address.port}`,
    metricsUrl: metricsAddress ? `http://127.0.0.1:${metricsAddress.port}/metrics` : '',
    app,
    config: loaded.config,
    logs: () => lines.join(''),
    root,
    uploadDir,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Whether a path, key or request line is about one of the storage's pending markers
 * (`.pending/<name>` beside each upload no registration named yet, storage/pending.ts). The one
 * helper through which tests that compare what is stored, on disk or in the bucket, leave them
 * out: test/ops/orphans.test.ts looks at them itself.
 */
export const isPendingMarker = (where: string): boolean =>
  where.split(/[/\\]/).includes(PENDING_DIR);

/** Every file under `dir`, as paths relative to it, dotfiles included; pending markers aside. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !isPendingMarker(file))
    .sort();
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; resolves with the last result. */
export async function waitFor<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

/** The JSON log lines an app wrote, parsed. */
export const logLines = (app: StartedApp): Record<string, unknown>[] =>
  app
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
