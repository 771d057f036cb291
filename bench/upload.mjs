// Upload throughput and memory: concurrent 5 MB PDFs to our POST /api/upload and to a bare
// node:http server that streams each body to a file (bench/floors/upload-sink.mjs), alternating
// rounds (the median round counts); both servers' peak RSS is sampled from /proc/<pid>/status
// during their rounds.
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import {
  median,
  ratio,
  removeTempDir,
  round,
  sampleRss,
  startOurs,
  startProcess,
  tempDir,
} from './lib.mjs';

const FILE_BYTES = 5 * 1024 * 1024;
const WARM_UP_UPLOADS = 10;
const BOUNDARY = '----bench-boundary-7MA4YWxkTrZu0gW';

/** One multipart body, built once: the `filename` field before the `file` part. */
export function multipartBody(fileBytes = FILE_BYTES) {
  const pdf = Buffer.alloc(fileBytes, 0x20);
  pdf.write('%PDF-1.4\n');
  pdf.write('\n%%EOF\n', fileBytes - 7);
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n1732270000000-k3j9x2-cv.pdf\r\n`,
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** POSTs a multipart body; resolves with the status. */
export function send(url, body) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function burst(url, body, concurrent, pid) {
  const rss = sampleRss(pid);
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: concurrent }, () => send(url, body)));
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  return {
    seconds: round(seconds, 3),
    megabytesPerSecond: round((concurrent * FILE_BYTES) / 2 ** 20 / seconds),
    failures: statuses.filter((s) => s !== 200).length,
    statuses: [...new Set(statuses)],
    peakRssMb: round(memory.peakMb),
    rssSamples: memory.samples,
  };
}

export async function benchUpload({ quick }) {
  const settings = { concurrent: quick ? 20 : 50, rounds: quick ? 2 : 6, fileBytes: FILE_BYTES };
  const body = multipartBody();
  const floorDir = tempDir('upload-floor');
  const servers = {};
  try {
    servers.ours = await startOurs();
    servers.floor = await startProcess('bench/floors/upload-sink.mjs', {
      env: { UPLOAD_DIR: floorDir },
      readyPath: '/',
    });
    const urls = { ours: `${servers.ours.base}/api/upload`, floor: servers.floor.base };
    // One upload each (to fail early if ours refuses the body), then an unmeasured burst, so
    // that the measured rounds run on warm code: a single cold round measured ours at 0.65.
    for (const name of ['ours', 'floor']) {
      const status = await send(urls[name], body);
      if (status !== 200) throw new Error(`${name} answered ${status} to a valid 5 MB PDF`);
      await burst(urls[name], body, WARM_UP_UPLOADS, servers[name].pid);
    }
    const rounds = { ours: [], floor: [] };
    for (let n = 0; n < settings.rounds; n++)
      for (const name of n % 2 ? ['floor', 'ours'] : ['ours', 'floor'])
        rounds[name].push(await burst(urls[name], body, settings.concurrent, servers[name].pid));
    // Resumes only: not the hidden folder of pending markers (src/server/storage/pending.ts).
    const stored = (await readdir(servers.ours.uploadDir)).filter(
      (name) => !name.startsWith('.'),
    ).length;
    const side = (list) => ({
      // The median round: a round lasts about half a second, and this machine's neighbours
      // make single rounds swing by half.
      megabytesPerSecond: round(median(list.map((r) => r.megabytesPerSecond))),
      peakRssMb: round(Math.max(...list.map((r) => r.peakRssMb))),
      failures: list.reduce((sum, r) => sum + r.failures, 0),
      rounds: list,
    });
    const ours = side(rounds.ours);
    const floor = side(rounds.floor);
    return {
      settings,
      ours: {
        ...ours,
        filesStored: stored,
        filesExpected: settings.concurrent * settings.rounds + 1 + WARM_UP_UPLOADS,
      },
      floor,
      throughputRatio: ratio(ours.megabytesPerSecond, floor.megabytesPerSecond),
    };
  } finally {
    await servers.ours?.stop();
    await servers.floor?.stop();
    removeTempDir(floorDir);
  }
}
