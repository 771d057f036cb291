// The operator's command as the operator runs it: `npm run outbox -- …args`, a process of its own
// compiling the source (tsx), with only REDIS_URL set.
import { execFile } from 'node:child_process';
import { PROJECT_ROOT } from '../helpers/main-process.ts';

export interface CommandRun {
  /** The exit code; null when the process was killed (it ran past `timeoutMs`). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export function outboxCommand(
  redisUrl: string,
  args: string[],
  timeoutMs = 20_000,
): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/outbox/cli.ts', ...args],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', REDIS_URL: redisUrl },
        timeout: timeoutMs,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
