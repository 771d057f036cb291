// Soak: the built server under a steady mix of registrations and uploads for 10 minutes
// (`npm run bench -- --soak [--soak-minutes N]`), its memory sampled every few seconds. After a
// warm-up, a line fitted to the samples says whether memory keeps growing. Loopback only; the
// provider is the stand-in (its own process), uploads go to a temporary directory emptied as
// the run goes.
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, round, sleep, startOurs, startStandIn } from './lib.mjs';
import { BODY } from './register.mjs';
import { multipartBody, send } from './upload.mjs';

const SAMPLE_EVERY_MS = 5_000;
/** Registrations a second, over a few keep-alive connections: a busy day's peak, many times. */
const REGISTRATIONS_PER_SECOND = 200;
const REGISTRATION_CONNECTIONS = 16;
/** One upload started every this many ms, cycling through UPLOADS; at most MAX_UPLOADS_IN_FLIGHT. */
const UPLOAD_EVERY_MS = 250;
const MAX_UPLOADS_IN_FLIGHT = 8;
const MB = 2 ** 20;

/**
 * "Flat": past the warm-up, the floor of the heap (each minute's lowest heap-used sample, what
 * survives collection) grows by less than this many MB a minute…
 */
const FLAT_HEAP_SLOPE_MB_PER_MIN = 0.25;
/** …and the RSS of the last minute is within this many MB of the first minute after it. */
const FLAT_RSS_DRIFT_MB = 10;

/** A PDF's multipart body whose bytes are a PNG's: refused with 415 after the first chunk. */
function disguisedBody() {
  const body = multipartBody(64 * 1024);
  body.write('\x89PNG\r\n\x1a\n', body.indexOf('%PDF-1.4'), 'latin1');
  return body;
}

const UPLOADS = [
  { body: multipartBody(5 * MB), status: 200 },
  { body: multipartBody(1 * MB), status: 200 },
  { body: multipartBody(256 * 1024), status: 200 },
  { body: multipartBody(5 * MB), status: 200 },
  { body: disguisedBody(), status: 415 },
];

/** One registration in ten is invalid (an email without a domain): the 400 path runs too. */
const INVALID_BODY = JSON.stringify({ ...JSON.parse(BODY), email: 'ada@' });

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

async function metric(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes') / MB,
    heapTotalMb: value('nodejs_heap_size_total_bytes') / MB,
    externalMb: value('nodejs_external_memory_bytes') / MB,
  };
}

function readRssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Registrations at a steady rate for `seconds`, through autocannon. */
function registrations(url, seconds) {
  const valid = { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY };
  const invalid = { ...valid, body: INVALID_BODY };
  const instance = autocannon({
    url,
    connections: REGISTRATION_CONNECTIONS,
    overallRate: REGISTRATIONS_PER_SECOND,
    duration: seconds,
    requests: [...Array(9).fill(valid), invalid],
  });
  return new Promise((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
}

/** Uploads started at a steady pace until `until`; counts what came back. */
async function uploads(base, until, uploadDir) {
  const counts = { started: 0, expected: 0, unexpected: 0, errors: 0, skipped: 0 };
  const inFlight = new Set();
  let n = 0;
  let lastSweep = Date.now();
  while (Date.now() < until) {
    if (inFlight.size >= MAX_UPLOADS_IN_FLIGHT) counts.skipped++;
    else {
      const { body, status } = UPLOADS[n++ % UPLOADS.length];
      counts.started++;
      const upload = send(`${base}/api/upload`, body)
        .then((answer) => {
          if (answer === status) counts.expected++;
          else counts.unexpected++;
        })
        .catch(() => counts.errors++)
        .finally(() => inFlight.delete(upload));
      inFlight.add(upload);
    }
    // Stored resumes are deleted as the run goes, so that the disk never fills.
    if (Date.now() - lastSweep > 15_000) {
      lastSweep = Date.now();
      for (const name of await readdir(uploadDir))
        if (!name.startsWith('.')) await rm(path.join(uploadDir, name), { force: true });
    }
    await sleep(UPLOAD_EVERY_MS);
  }
  await Promise.all(inFlight);
  return counts;
}

/**
 * Each whole minute's lowest value of `key`, counting minutes from `from`; the run's last,
 * partial minute (often a single sample) is left out, since its lowest is no floor.
 */
function minuteFloors(samples, key, from) {
  const floors = new Map();
  const lastWhole = Math.floor((samples.at(-1)?.minute ?? 0) + SAMPLE_EVERY_MS / 60_000 - from);
  for (const s of samples) {
    if (s.minute < from) continue;
    const bucket = Math.floor(s.minute - from);
    if (bucket >= lastWhole) continue;
    const floor = floors.get(bucket);
    if (!floor || s[key] < floor.y) floors.set(bucket, { x: s.minute, y: s[key] });
  }
  return [...floors.values()];
}

/** Summary of the samples: levels, peaks and slopes, and whether memory stayed flat. */
function analyse(samples, { minutes, warmUpMinutes }) {
  const after = samples.filter((s) => s.minute >= warmUpMinutes);
  const firstMinute = after.filter((s) => s.minute < warmUpMinutes + 1);
  const lastMinute = samples.filter((s) => s.minute >= minutes - 1);
  const level = (list, key) => round(median(list.map((s) => s[key])));
  const trend = (list, key) => round(slope(list.map((s) => ({ x: s.minute, y: s[key] }))), 3);
  const heapFloors = minuteFloors(samples, 'heapUsedMb', warmUpMinutes);
  /** One sampled figure at the start, after the warm-up, at its peak and at the end. */
  const course = (key) => ({
    start: round(samples[0]?.[key]),
    afterWarmUp: level(firstMinute, key),
    peak: round(Math.max(...samples.map((s) => s[key]))),
    end: level(lastMinute, key),
    slopeMbPerMin: trend(after, key),
  });
  const result = {
    rssMb: course('rssMb'),
    heapUsedMb: {
      ...course('heapUsedMb'),
      floorSlopeMbPerMin: round(slope(heapFloors), 3),
      minuteFloors: heapFloors.map((p) => round(p.y)),
    },
    externalMb: {
      peak: round(Math.max(...samples.map((s) => s.externalMb))),
      slopeMbPerMin: trend(after, 'externalMb'),
    },
  };
  const heapFlat = (result.heapUsedMb.floorSlopeMbPerMin ?? Infinity) < FLAT_HEAP_SLOPE_MB_PER_MIN;
  const rssFlat = result.rssMb.end - result.rssMb.afterWarmUp <= FLAT_RSS_DRIFT_MB;
  result.criterion =
    `after a ${warmUpMinutes}-minute warm-up: heap-used floor slope < ${FLAT_HEAP_SLOPE_MB_PER_MIN} MB/min ` +
    `and last minute's RSS ≤ first minute's + ${FLAT_RSS_DRIFT_MB} MB`;
  result.flat = heapFlat && rssFlat;
  return result;
}

export async function benchSoak({ minutes = 10, log = () => {} } = {}) {
  // Two minutes of warm-up in a 10-minute run; a fifth of a shorter one.
  const warmUpMinutes = Math.min(2, round(minutes / 5, 2));
  const standIn = await startStandIn();
  let server;
  try {
    server = await startOurs({ PROVIDER_API_BASE: standIn.url });
    const samples = [];
    const started = Date.now();
    const until = started + minutes * 60_000;
    const sample = async () => {
      const memory = await metric(server.metricsUrl);
      samples.push({
        minute: round((Date.now() - started) / 60_000, 3),
        rssMb: round(readRssMb(server.pid), 1),
        ...Object.fromEntries(Object.entries(memory).map(([k, v]) => [k, round(v, 1)])),
      });
    };
    await sample();
    const sampler = (async () => {
      let lastLog = 0;
      while (Date.now() < until) {
        await sleep(SAMPLE_EVERY_MS);
        await sample();
        const last = samples.at(-1);
        if (last.minute - lastLog >= 1) {
          lastLog = Math.floor(last.minute);
          log(
            `soak ${last.minute.toFixed(1)} min: RSS ${last.rssMb} MB, heap ${last.heapUsedMb} MB`,
          );
        }
      }
    })();
    const [cannon, uploaded] = await Promise.all([
      registrations(`${server.base}/api/register`, minutes * 60),
      uploads(server.base, until, server.uploadDir),
      sampler,
    ]);
    const registered = await standIn.count();
    return {
      settings: {
        minutes,
        warmUpMinutes,
        sampleEverySeconds: SAMPLE_EVERY_MS / 1000,
        registrationsPerSecond: REGISTRATIONS_PER_SECOND,
        registrationConnections: REGISTRATION_CONNECTIONS,
        uploadEveryMs: UPLOAD_EVERY_MS,
        uploadSizes: UPLOADS.map((u) => u.body.length),
      },
      ...analyse(samples, { minutes, warmUpMinutes }),
      registrations: {
        sent: cannon.requests.total,
        status2xx: cannon['2xx'],
        status4xx: cannon['4xx'],
        other: cannon.non2xx - cannon['4xx'] + cannon.errors + cannon.timeouts,
        reachedProvider: registered,
        p99Ms: cannon.latency.p99,
      },
      uploads: uploaded,
      samples,
    };
  } finally {
    await server?.stop();
    await standIn.close();
  }
}
