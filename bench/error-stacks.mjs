// Readable stacks (docs/decisions/011): what the source maps cost the built server. Each round
// runs two child processes that build the app from the bench's build of the server
// (bench/server-bundle.mjs, as bench/serve-web-root.mjs does), one with source maps and the stack
// depth turned on exactly as src/server/boot.ts turns them on, one left as Node starts, and
// answers requests in-process (`app.inject`, so that no socket or client takes the two cores): a 500 whose error is logged with its stack (storage
// fails inside the resume route), a 200, a 400 (an invalid registration) and a 429 (unknown URLs
// past their rate limit: an Error per refusal, its stack never read), and the time to read one
// error's stack (what pino's err serializer does for each logged error). Costs are CPU time of the
// child (process.cpuUsage), which the neighbours of a shared machine disturb less than wall time.
// node bench/error-stacks.mjs [--quick]; npm run bench runs it too.
import { spawn } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { median, ROOT, ratio, removeTempDir, round, tempDir } from './lib.mjs';
import { buildBenchServer, loadBenchServer } from './server-bundle.mjs';

const ROUNDS = 3;
const REQUESTS = 2_000;
const QUICK = { rounds: 1, requests: 500 };

/** One child: `on` mirrors boot.ts; prints its figures as one JSON line. */
async function child(mode, requests) {
  const cpuMs = (since = { user: 0, system: 0 }) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  if (mode === 'on') {
    // As src/server/boot.ts, before the server's code is loaded.
    if (module.setSourceMapsSupport) module.setSourceMapsSupport(true);
    else process.setSourceMapsEnabled(true);
    Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 30);
  }
  const { buildApp, loadConfig, createLogger } = await loadBenchServer();
  let stack = '';
  // Pino serialises every line as in production (the err serializer reads .stack); the bytes
  // go nowhere.
  const logger = createLogger({
    write(line) {
      if (!stack && line.includes('"err"')) stack = JSON.parse(line).err.stack;
    },
  });
  const loaded = loadConfig({
    JOB_BOARD_URL: 'https://jobs.example.test',
    UPLOAD_DIR: process.env.BENCH_UPLOAD_DIR,
    RATE_LIMIT_REGISTER: 'off',
    METRICS_PORT: 'off',
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  /** Errors kept unread while the log is silent, to time their stacks alone. */
  let kept = null;
  const failing = {
    async open() {
      const error = new Error('the disk went away');
      kept?.push(error);
      throw error;
    },
    async save() {
      throw new Error('the disk went away');
    },
    async deleteOlderThan() {
      return 0;
    },
    async deleteOrphans() {
      return 0;
    },
    async reference() {
      return 'kept';
    },
    async usage() {
      return 0;
    },
    async check() {},
  };
  const app = await buildApp({ config: loaded.config, logger, storage: failing });
  await app.ready();
  const readyCpuMs = cpuMs();
  const rssReadyMb = process.memoryUsage().rss / 2 ** 20;

  const paths = {
    500: { method: 'GET', url: `/candidate/resumes/${'a'.repeat(32)}-resume.pdf` },
    200: { method: 'GET', url: '/api/config' },
    400: { method: 'POST', url: '/api/register', payload: { first_name: '' } },
    429: { method: 'GET', url: '/api/no-such-route' },
  };
  const once = async (request, expected) => {
    const response = await app.inject(request);
    if (response.statusCode !== expected && !(expected === 429 && response.statusCode === 404))
      throw new Error(`${request.url} answered ${response.statusCode}, not ${expected}`);
  };
  const heapMb = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const heapBefore = heapMb();
  let at = process.cpuUsage();
  await once(paths[500], 500);
  const first500CpuMs = cpuMs(at);
  // What the first mapped stack leaves on the heap (Node keeps the maps it decoded).
  const firstStackHeapMb = heapMb() - heapBefore;

  // The stack alone, first (app.inject holds on to ~12 KB of each request it makes, so the
  // heap only grows from here): 500s while nothing is logged, then each error's stack read
  // once, as pino's err serializer reads it.
  app.log.level = 'silent';
  kept = [];
  for (let n = 0; n < requests; n++) await once(paths[500], 500);
  heapMb();
  at = process.cpuUsage();
  let frames = 0;
  for (const error of kept) frames += error.stack.split('\n').length - 1;
  const stackReadUs = (cpuMs(at) * 1000) / kept.length;
  const framesPerStack = frames / kept.length;
  kept = null;
  app.log.level = 'info';

  const cpuPerRequestUs = {};
  for (const [status, request] of Object.entries(paths)) {
    // Past the not-found limit (120 a minute) before measuring the 429s.
    for (let n = 0; n < 200; n++) await once(request, Number(status));
    at = process.cpuUsage();
    for (let n = 0; n < requests; n++) await once(request, Number(status));
    cpuPerRequestUs[status] = (cpuMs(at) * 1000) / requests;
  }
  await app.close();
  return {
    mode,
    readyCpuMs,
    rssReadyMb,
    first500CpuMs,
    firstStackHeapMb,
    cpuPerRequestUs,
    stackReadUs,
    framesPerStack,
    namesSource: /\bsrc\/server\/routes\/resumes\.ts:\d+:\d+/.test(stack),
  };
}

function run(mode, requests, uploadDir) {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), '--child', mode, String(requests)],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, BENCH_UPLOAD_DIR: uploadDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.stderr.on('data', (chunk) => {
      err += chunk;
    });
    proc.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`the ${mode} child exited with ${code}: ${err.slice(-2000)}`)),
    );
  });
}

const summary = (runs) => {
  const pick = (get) => round(median(runs.map(get)), 1);
  return {
    readyCpuMs: pick((r) => r.readyCpuMs),
    rssReadyMb: pick((r) => r.rssReadyMb),
    first500CpuMs: pick((r) => r.first500CpuMs),
    cpuPerRequestUs: Object.fromEntries(
      Object.keys(runs[0].cpuPerRequestUs).map((status) => [
        status,
        pick((r) => r.cpuPerRequestUs[status]),
      ]),
    ),
    stackReadUs: pick((r) => r.stackReadUs),
    framesPerStack: pick((r) => r.framesPerStack),
    firstStackHeapMb: pick((r) => r.firstStackHeapMb),
    namesSource: runs.every((r) => r.namesSource),
  };
};

export async function benchErrorStacks({ quick = false } = {}) {
  const { rounds, requests } = quick ? QUICK : { rounds: ROUNDS, requests: REQUESTS };
  await buildBenchServer();
  const uploadDir = tempDir('stacks');
  const runs = { on: [], off: [] };
  try {
    for (let n = 0; n < rounds; n++) {
      // Alternating, the first of each round changing sides.
      for (const mode of n % 2 ? ['off', 'on'] : ['on', 'off'])
        runs[mode].push(await run(mode, requests, uploadDir));
    }
  } finally {
    removeTempDir(uploadDir);
  }
  const on = summary(runs.on);
  const off = summary(runs.off);
  return {
    settings: { rounds, requests },
    on,
    off,
    stackReadRatio: ratio(on.stackReadUs, off.stackReadUs),
    error500Ratio: ratio(on.cpuPerRequestUs[500], off.cpuPerRequestUs[500]),
  };
}

const [, , flag, mode, requests] = process.argv;
if (flag === '--child') {
  console.log(JSON.stringify(await child(mode, Number(requests))));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchErrorStacks({ quick: flag === '--quick' }), null, 2));
}
