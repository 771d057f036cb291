// Cold start: process spawn to the first 200 on /api/config, median of several starts.
import { spawn } from 'node:child_process';
import { freePort, median, OUR_ENV, ROOT, round, sleep } from './lib.mjs';

async function once() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...OUR_ENV, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    while (performance.now() - started < 10_000) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/config`)).status === 200)
          return performance.now() - started;
      } catch {
        // not yet
      }
      await sleep(2);
    }
    throw new Error('the server never answered');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

export async function benchColdStart({ quick }) {
  const times = [];
  for (let n = 0; n < (quick ? 3 : 5); n++) times.push(await once());
  return { medianMs: round(median(times)), runsMs: times.map((t) => round(t)) };
}
