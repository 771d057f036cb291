// Upload throughput and memory: 50 concurrent 5 MB PDFs to our POST /api/upload and to a bare
// node:http server that streams bodies to files; our peak RSS is sampled from /proc.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { OUR_ENV, round, sampleRss, startProcess } from './lib.mjs';

const FILE_BYTES = 5 * 1024 * 1024;
const BOUNDARY = '----bench-boundary';

function multipartBody() {
  const pdf = Buffer.alloc(FILE_BYTES, 0x20);
  pdf.write('%PDF-1.4\n');
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n1-bench-cv.pdf\r\n`,
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function send(url, body) {
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

async function burst(url, body, concurrent) {
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: concurrent }, () => send(url, body)));
  const seconds = (performance.now() - started) / 1000;
  return {
    megabytesPerSecond: (concurrent * FILE_BYTES) / 1024 / 1024 / seconds,
    failures: statuses.filter((s) => s !== 200).length,
  };
}

export async function benchUpload({ quick }) {
  const concurrent = quick ? 20 : 50;
  const rounds = quick ? 1 : 3;
  const body = multipartBody();
  const ourDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ours-'));
  const floorDir = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-'));
  const ours = await startProcess('dist/server/main.js', {
    env: { ...OUR_ENV, UPLOAD_DIR: ourDir },
  });
  const floor = await startProcess('bench/floors/upload-sink.mjs', {
    env: { UPLOAD_DIR: floorDir },
    readyPath: '/',
  });
  const results = { ours: [], floor: [] };
  let peakRssMb = 0;
  try {
    await send(`${ours.base}/api/upload`, body);
    await send(floor.base, body);
    for (let n = 0; n < rounds; n++) {
      const rss = sampleRss(ours.pid);
      results.ours.push(await burst(`${ours.base}/api/upload`, body, concurrent));
      peakRssMb = Math.max(peakRssMb, rss.stop());
      results.floor.push(await burst(floor.base, body, concurrent));
    }
  } finally {
    await ours.stop();
    await floor.stop();
    await rm(ourDir, { recursive: true, force: true });
    await rm(floorDir, { recursive: true, force: true });
  }
  const mean = (list) => list.reduce((sum, r) => sum + r.megabytesPerSecond, 0) / list.length;
  return {
    concurrent,
    rounds,
    oursMBps: round(mean(results.ours)),
    floorMBps: round(mean(results.floor)),
    ratio: round(mean(results.ours) / mean(results.floor), 2),
    peakRssMb: round(peakRssMb),
    failures:
      results.ours.reduce((sum, r) => sum + r.failures, 0) +
      results.floor.reduce((sum, r) => sum + r.failures, 0),
  };
}
