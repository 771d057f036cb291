// The real entry point (src/server/main.ts) as a child process, for what only a process shows:
// its exit code, what it prints on a bad setting, and how it shuts down on a signal.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The entry point while it runs. */
interface Main {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything it has written so far (its JSON log lines on stdout). */
  stdout(): string;
  stderr(): string;
  /** Resolves when it exits, with when that was (`performance.now()`). */
  exited: Promise<Exit & { at: number }>;
}

/** The entry point once it listens. */
export interface ListeningMain extends Main {
  /** Where it listens: http://127.0.0.1:<port>. */
  base: string;
}

/** Spawns the real entry point with only `env` (no inherited provider settings). */
function spawnMain(env: Record<string, string>): Main {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<Exit & { at: number }>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve({ code, signal, stdout, stderr, at: performance.now() }),
    ),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs the real entry point with only `env` (no inherited provider settings) until it exits. */
export function runMain(env: Record<string, string>, timeoutMs = 15_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const main = spawnMain(env);
    const timer = setTimeout(() => {
      main.child.kill('SIGKILL');
      reject(
        new Error(
          `main.ts did not exit within ${timeoutMs} ms:\n${main.stdout()}\n${main.stderr()}`,
        ),
      );
    }, timeoutMs);
    main.child.on('error', reject);
    void main.exited.then(({ at: _at, ...exit }) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
}

/**
 * Starts the real entry point with only `env` (PORT and METRICS_PORT 0 unless given) and resolves once it says
 * it listens; the caller stops it. Rejects, and kills it, if it exits or is silent for
 * `timeoutMs` first.
 */
export async function startMain(
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<ListeningMain> {
  const main = spawnMain({ PORT: '0', METRICS_PORT: '0', ...env });
  const base = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      main.child.kill('SIGKILL');
      reject(new Error(`main.ts ${why}:\n${main.stdout()}\n${main.stderr()}`));
    };
    const timer = setTimeout(() => fail('did not listen in time'), timeoutMs);
    const listening = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(main.stdout());
      if (!match?.[1] || settled) return;
      settled = true;
      clearTimeout(timer);
      main.child.stdout.off('data', listening);
      resolve(match[1]);
    };
    main.child.stdout.on('data', listening);
    main.child.on('error', (error) => fail(`did not start (${error.message})`));
    void main.exited.then(() => fail('exited'));
  });
  return { ...main, base };
}
