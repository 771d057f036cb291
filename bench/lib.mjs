// Shared pieces of the benchmarks: servers as child processes on free ports, the provider
// stand-in, an RSS sampler and medians.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { portOpen } from '../test/helpers/ports.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';

/** The server under test: the production build with benchmark-friendly limits. */
export const OUR_ENV = {
  HOST: '127.0.0.1',
  // Metrics on a port the system picks, unless a benchmark reads them (startOurs).
  METRICS_PORT: '0',
  RATE_LIMIT_REGISTER: 'off',
  RATE_LIMIT_UPLOAD: 'off',
  BOT_MIN_FILL_MS: '0',
  // A benchmark sends more registrations a minute than a deployment's ceiling lets through.
  PROVIDER_CALLS_PER_MINUTE: '0',
  PROVIDER_API_USER: 'bench',
  PROVIDER_API_KEY: 'bench-key',
};

// Children and temporary directories are cleaned up even when the run is interrupted.
const children = new Set();
const tempDirs = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** A temporary directory, removed by `removeTempDir` or at exit. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `node script` with PORT set, keeping the tail of its stderr for error messages. */
export function spawnNode(script, { env = {}, port }) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.once('exit', () => children.delete(child));
  return { child, stderr: () => stderr.trim() };
}

export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts a Node script as a child process on a free port and waits until `readyPath` answers
 * 2xx. `tempUploads` gives it a fresh UPLOAD_DIR, removed when it stops.
 */
export async function startProcess(
  script,
  { env = {}, readyPath = '/api/config', tempUploads = false, timeoutMs = 20_000 } = {},
) {
  const port = await freePort();
  const uploadDir = tempUploads ? tempDir('uploads') : null;
  const { child, stderr } = spawnNode(script, {
    port,
    env: uploadDir ? { ...env, UPLOAD_DIR: uploadDir } : env,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    if (uploadDir) removeTempDir(uploadDir);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${script} exited with ${child.exitCode} before answering: ${stderr()}`);
    }
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not answer ${readyPath} in ${timeoutMs} ms: ${stderr()}`);
    }
    await sleep(10);
  }
  return { base, pid: child.pid, uploadDir, stderr, stop };
}

/**
 * Our production server (dist/server/main.js), with a temporary upload directory and its
 * metrics on a free port of their own (`metricsUrl`).
 */
export async function startOurs(env = {}) {
  const metricsPort = await freePort();
  const server = await startProcess('dist/server/main.js', {
    env: { ...OUR_ENV, METRICS_PORT: String(metricsPort), ...env },
    tempUploads: true,
  });
  return { ...server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/**
 * The provider stand-in (bench/stand-in.mjs, its own process): answers every request 201 at
 * once; GET /__count tells how many registrations it received.
 */
export async function startStandIn() {
  const server = await startProcess('bench/stand-in.mjs', { readyPath: '/__count' });
  return {
    url: server.base,
    pid: server.pid,
    async count() {
      return Number(await (await fetch(`${server.base}/__count`)).text());
    },
    close: server.stop,
  };
}

/**
 * A real redis-server (Debian's) on a free port of 127.0.0.1, with an append-only file fsynced
 * every second (`appendfsync everysec`, no RDB snapshots) in a temporary directory of its own.
 */
export async function startRedis() {
  const port = await freePort();
  const dir = tempDir('redis');
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''],
    ],
    { stdio: 'ignore' },
  );
  let failed = null;
  child.once('error', (error) => {
    failed = error;
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stop = async () => {
    // A redis-server that never ran (none installed) has no exit to wait for.
    if (!failed) await stopChild(child);
    removeTempDir(dir);
  };
  const deadline = Date.now() + 5_000;
  while (!(await portOpen(port))) {
    if (failed || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start${failed ? `: ${failed.message}` : ''}`);
    }
    await sleep(25);
  }
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop };
}

/** Samples a process's resident memory (VmRSS in /proc/<pid>/status) every `everyMs`. */
export function sampleRss(pid, everyMs = 20) {
  let peakKb = 0;
  let samples = 0;
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) {
        peakKb = Math.max(peakKb, Number(match[1]));
        samples++;
      }
    } catch {
      // the process is gone
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    /** Stops sampling; the peak in MB (MiB) and the number of samples. */
    stop() {
      clearInterval(timer);
      read();
      return { peakMb: peakKb / 1024, samples };
    },
  };
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which ends at the last ')': utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const round = (value, digits = 1) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.round(value * 10 ** digits) / 10 ** digits
    : null;

/** `a / b` rounded to two decimals, or null when either is missing. */
export const ratio = (a, b) =>
  typeof a === 'number' && typeof b === 'number' && b > 0 ? round(a / b, 2) : null;

/** `list` rotated by `n`: over runs 0, 1, 2…, every entry leads in turn. */
export const inTurn = (list, n) => list.map((_, i) => list[(i + n) % list.length]);
