// Cold start: from spawning `node dist/server/main.js` to the first 200 on /api/config,
// polled every 2 ms; the median of 5 starts.
import {
  freePort,
  median,
  OUR_ENV,
  removeTempDir,
  round,
  sleep,
  spawnNode,
  stopChild,
  tempDir,
} from './lib.mjs';

const STARTS = 5;

async function once() {
  const port = await freePort();
  const uploadDir = tempDir('cold-start');
  const started = performance.now();
  const { child, stderr } = spawnNode('dist/server/main.js', {
    port,
    env: { ...OUR_ENV, UPLOAD_DIR: uploadDir },
  });
  try {
    while (performance.now() - started < 10_000) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr()}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/config`)).status === 200)
          return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(2);
    }
    throw new Error(`the server never answered: ${stderr()}`);
  } finally {
    await stopChild(child);
    removeTempDir(uploadDir);
  }
}

export async function benchColdStart() {
  const times = [];
  for (let n = 0; n < STARTS; n++) times.push(await once());
  return { medianMs: round(median(times)), runsMs: times.map((t) => round(t)) };
}
