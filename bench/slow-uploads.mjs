// Slow uploads (issue 31, item 3): N clients each send 4.9 MB of a 5 MB PDF to POST /api/upload,
// then one byte every 10 s, and hang on. The server's RSS is sampled from /proc/<pid>/status from
// the first byte until the end of the hold, with STORAGE=s3 (the S3 stand-in, in this process) and, as
// the floor, with local storage. The server's TMPDIR is a directory of the bench's own, so the
// files an upload spools there can be counted while the clients hang on and after they leave.
// Then, on a fresh server of each kind, bursts of 50 whole uploads at once (after 10 unmeasured):
// what the uploads being sent hold, and whether every one is stored.
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '../test/helpers/s3-stand-in.mjs';
import { removeTempDir, round, sampleRss, sleep, startOurs, tempDir } from './lib.mjs';
import { multipartBody, send } from './upload.mjs';

const FILE_BYTES = 5 * 1024 * 1024;
/** What each client sends at once: 4.9 MB of the body, the rest a byte at a time. */
const FIRST_BYTES = Math.round(4.9 * 1024 * 1024);
const TRICKLE_EVERY_MS = 10_000;
const BOUNDARY = '----bench-boundary-7MA4YWxkTrZu0gW';
const BUCKET = 'resumes';
/** The spool file's name in the server's TMPDIR (src/server/storage/s3.ts). */
const SPOOL_PREFIX = 'resume-upload-';

/** One upload that sends `first` bytes of `body` at once; `trickle()` sends one more. */
function slowUpload(url, body) {
  const target = new URL(url);
  let sent = 0;
  let ended = null;
  const req = request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': body.length,
    },
  });
  const answered = new Promise((resolve) => {
    req.on('response', (response) => {
      ended = response.statusCode;
      response.resume();
      resolve(response.statusCode);
    });
    req.on('error', (error) => {
      ended ??= error.code ?? error.message;
      resolve(ended);
    });
  });
  return {
    answered,
    ended: () => ended,
    /** Resolves once the first bytes are handed to the kernel. */
    start: () =>
      new Promise((resolve) => {
        sent = FIRST_BYTES;
        req.write(body.subarray(0, FIRST_BYTES), () => resolve());
      }),
    trickle() {
      if (ended !== null || sent >= body.length - 1) return;
      req.write(body.subarray(sent, sent + 1));
      sent++;
    },
    destroy: () => req.destroy(),
  };
}

const spoolFiles = (dir) => readdirSync(dir).filter((name) => name.startsWith(SPOOL_PREFIX)).length;

async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(50);
  return check();
}

/** `rounds` bursts of `concurrent` whole uploads: peak RSS, seconds, and the answers. */
async function bursts(server, { concurrent, rounds }) {
  const body = multipartBody(FILE_BYTES);
  const url = `${server.base}/api/upload`;
  await Promise.all(Array.from({ length: 10 }, () => send(url, body)));
  const results = [];
  for (let n = 0; n < rounds; n++) {
    const rss = sampleRss(server.pid);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: concurrent }, () => send(url, body)));
    results.push({
      seconds: round((performance.now() - started) / 1000, 2),
      peakRssMb: round(rss.stop().peakMb),
      notStored: statuses.filter((status) => status !== 200).length,
    });
  }
  return {
    peakRssMb: Math.max(...results.map((r) => r.peakRssMb)),
    notStored: results.reduce((sum, r) => sum + r.notStored, 0),
    rounds: results,
  };
}

/** The test against one server: idle, peak and end RSS; spool files held and left. */
async function measure(server, spoolDir, { clients, holdSeconds }) {
  const body = multipartBody(FILE_BYTES);
  const idleRss = sampleRss(server.pid);
  await sleep(500);
  const idle = idleRss.stop();
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const uploads = Array.from({ length: clients }, () =>
    slowUpload(`${server.base}/api/upload`, body),
  );
  await Promise.all(uploads.map((upload) => upload.start()));
  const allSentSeconds = (performance.now() - started) / 1000;
  const trickle = setInterval(() => {
    for (const upload of uploads) upload.trickle();
  }, TRICKLE_EVERY_MS);
  await sleep(holdSeconds * 1000);
  clearInterval(trickle);
  const spooledWhileHeld = spoolFiles(spoolDir);
  const answeredEarly = uploads.filter((upload) => upload.ended() !== null).length;
  const memory = rss.stop();
  for (const upload of uploads) upload.destroy();
  await Promise.all(uploads.map((upload) => upload.answered));
  // The server removes a spool file once it hears that its client left.
  await until(() => spoolFiles(spoolDir) === 0, 10_000);
  const end = sampleRss(server.pid).stop();
  return {
    idleRssMb: round(idle.peakMb),
    peakRssMb: round(memory.peakMb),
    addedMb: round(memory.peakMb - idle.peakMb),
    rssAfterClientsLeftMb: round(end.peakMb),
    allSentSeconds: round(allSentSeconds, 1),
    answeredBeforeTheEnd: answeredEarly,
    spoolFilesWhileHeld: spooledWhileHeld,
    spoolFilesLeft: spoolFiles(spoolDir),
    rssSamples: memory.samples,
  };
}

export async function benchSlowUploads({ quick }) {
  const settings = {
    clients: quick ? 50 : 200,
    holdSeconds: quick ? 10 : 30,
    firstBytes: FIRST_BYTES,
    trickleEveryMs: TRICKLE_EVERY_MS,
    burst: { concurrent: 50, rounds: quick ? 1 : 3 },
  };
  const s3 = await startS3StandIn({ buckets: [BUCKET] });
  const results = {};
  try {
    for (const storage of ['s3', 'local']) {
      const spoolDir = tempDir(`slow-${storage}-tmp`);
      const start = () =>
        startOurs({
          TMPDIR: spoolDir,
          ...(storage === 's3'
            ? {
                STORAGE: 's3',
                S3_BUCKET: BUCKET,
                S3_REGION: 'us-east-1',
                S3_ENDPOINT: s3.endpoint,
                S3_FORCE_PATH_STYLE: 'on',
                AWS_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
                AWS_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
              }
            : {}),
        });
      try {
        // A server each: what the slow clients left behind would count in the bursts' peak.
        const slow = await start();
        try {
          results[storage] = await measure(slow, spoolDir, settings);
        } finally {
          await slow.stop();
        }
        const whole = await start();
        try {
          results[storage].burst = await bursts(whole, settings.burst);
        } finally {
          await whole.stop();
        }
      } finally {
        removeTempDir(spoolDir);
      }
    }
  } finally {
    await s3.close();
  }
  return { settings, ours: results.s3, floor: results.local };
}
