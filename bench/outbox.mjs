// The outbox (issue 32), on the production build with its defaults (env vars only) and a real
// redis-server (bench/lib.mjs: AOF fsynced every second, no snapshots) on 127.0.0.1.
//  1. What OUTBOX=on costs a registration when the provider is healthy: the register bench's
//     load (the same autocannon settings, the 201 stand-in, rotating order) on two servers that
//     differ only by OUTBOX (both have REDIS_URL); the floor is OUTBOX off. Beside the latency,
//     each server's CPU time per registration (/proc/<pid>/stat).
//  2. The drain after an outage: the provider answers 503 for 60 s (20 s with --quick) while 200
//     registrations arrive, spread over it, then 201. Every one must be answered 202 and queued;
//     then, from the provider's return: when the stand-in gave its last 201, when outbox_depth
//     read 0, and whether each candidate reached the provider exactly once with a 201.
import { randomBytes } from 'node:crypto';
import {
  cpuMs,
  median,
  ratio,
  round,
  sleep,
  startOurs,
  startProcess,
  startRedis,
  startStandIn,
} from './lib.mjs';
import { BODY, checkAnswers, load, raw, summary } from './register.mjs';

const OUTBOX_KEY = randomBytes(32).toString('base64');

/** The value of series `name{labels}` in a /metrics text, or null when absent. */
function metric(text, series) {
  const line = text.split('\n').find((item) => item.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

const scrape = async (server) => (await fetch(server.metricsUrl)).text();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
    : null;
};

/** Part 1: the same load on OUTBOX=on and off, both with REDIS_URL, the provider healthy. */
async function overhead(redisUrl, { quick }) {
  const settings = {
    connections: quick ? 8 : 32,
    duration: quick ? 4 : 15,
    warmUp: 2,
    // Six rounds a side: one round's p99 moves by a whole millisecond (7%) with the neighbours.
    rounds: quick ? 1 : 6,
  };
  const standIn = await startStandIn();
  const servers = {};
  try {
    const env = { PROVIDER_API_BASE: standIn.url, REDIS_URL: redisUrl };
    servers.on = await startOurs({ ...env, OUTBOX: 'on', OUTBOX_KEY });
    servers.off = await startOurs(env);
    const names = ['on', 'off'];
    const urls = Object.fromEntries(
      names.map((name) => [name, `${servers[name].base}/api/register`]),
    );
    for (const url of Object.values(urls)) await checkAnswers(url);
    const rounds = { on: [], off: [] };
    const reached = { on: 0, off: 0 };
    for (const name of names)
      await load(urls[name], { connections: settings.connections, duration: settings.warmUp });
    for (let n = 0; n < settings.rounds; n++) {
      // Rotate which goes first, so that drift in background load falls on both.
      for (const name of n % 2 ? [...names].reverse() : names) {
        const before = await standIn.count();
        const cpuBefore = cpuMs(servers[name].pid);
        const result = raw(await load(urls[name], settings));
        const cpuUsPerRegistration = round(
          ((cpuMs(servers[name].pid) - cpuBefore) * 1000) / result.requests,
        );
        rounds[name].push({ ...result, cpuUsPerRegistration });
        reached[name] += (await standIn.count()) - before;
      }
    }
    // The outbox was there, and kept nothing: every registration went straight through.
    const depth = metric(await scrape(servers.on), 'outbox_depth');
    if (depth === null) throw new Error('OUTBOX=on, yet the server reports no outbox_depth');
    const side = (name) => ({
      ...summary(rounds[name]),
      // The server's CPU time per registration, the median of the rounds: what the neighbours
      // of a shared machine disturb less than latency.
      cpuUsPerRegistration: round(median(rounds[name].map((r) => r.cpuUsPerRegistration))),
      // The target's p99: the median of the rounds' (summary's p99Ms is the worst round's).
      p99MedianMs: round(median(rounds[name].map((r) => r.latencyMs.p99))),
      providerCalls: reached[name],
      allReachedProvider: reached[name] >= rounds[name].reduce((sum, r) => sum + r.requests, 0),
      rounds: rounds[name],
    });
    const on = side('on');
    const off = side('off');
    return {
      settings,
      on: { ...on, outboxDepthAfter: depth },
      off,
      throughputRatio: ratio(on.requestsPerSecond, off.requestsPerSecond),
      p99Ratio: ratio(on.p99MedianMs, off.p99MedianMs),
      worstP99Ratio: ratio(on.p99Ms, off.p99Ms),
      cpuRatio: ratio(on.cpuUsPerRegistration, off.cpuUsPerRegistration),
    };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    await standIn.close();
  }
}

/** Part 2: 200 registrations during an outage, then the provider back; the drain. */
async function drain(redisUrl, { quick }) {
  const settings = {
    registrations: 200,
    outageSeconds: quick ? 20 : 60,
    concurrency: 'production default (4 per instance), 1 instance',
    retry: 'production default (base 10 s, doubling, cap 15 min)',
  };
  const standIn = await startProcess('bench/outbox-stand-in.mjs', { readyPath: '/__stats' });
  const stats = async () => (await fetch(`${standIn.base}/__stats`)).json();
  const answer = async (status) => {
    const response = await fetch(`${standIn.base}/__status/${status}`);
    if (!response.ok) throw new Error(`the stand-in did not take ${status}`);
  };
  let server;
  try {
    server = await startOurs({
      PROVIDER_API_BASE: standIn.base,
      REDIS_URL: redisUrl,
      OUTBOX: 'on',
      OUTBOX_KEY,
    });
    const template = JSON.parse(BODY);
    const emails = Array.from(
      { length: settings.registrations },
      (_, n) => `outbox-bench-${n}@example.com`,
    );
    await answer(503);
    const outageMs = settings.outageSeconds * 1000;
    const startedAt = Date.now();
    const spacingMs = outageMs / settings.registrations;
    const answers = await Promise.all(
      emails.map(async (email, n) => {
        await sleep(Math.max(0, startedAt + n * spacingMs - Date.now()));
        const sent = performance.now();
        const response = await fetch(`${server.base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...template, email }),
        });
        const body = await response.json().catch(() => null);
        return {
          status: response.status,
          queued: body?.queued === true,
          ms: performance.now() - sent,
        };
      }),
    );
    await sleep(Math.max(0, startedAt + outageMs - Date.now()));
    const duringOutage = await stats();
    const backAt = Date.now();
    await answer(201);

    // From the provider's return: the stand-in's 201s (exact times) and the gauge (sampled by
    // the server at most once a second), until both say all is delivered.
    const timeoutMs = 10 * 60_000;
    const timeline = [];
    let depthZeroAt = null;
    let last = duringOutage;
    let nextSample = backAt;
    for (;;) {
      last = await stats();
      const delivered = last.registeredAt.length;
      const depth = metric(await scrape(server), 'outbox_depth');
      if (Date.now() >= nextSample) {
        timeline.push({ seconds: round((Date.now() - backAt) / 1000), delivered, depth });
        nextSample += 1000;
      }
      if (depth === 0 && delivered >= settings.registrations) {
        depthZeroAt = Date.now();
        break;
      }
      if (Date.now() - backAt > timeoutMs) break;
      await sleep(100);
    }
    // A little longer, for a delivery made twice to show.
    await sleep(3_000);
    last = await stats();
    const text = await scrape(server);

    const registeredAt = last.registeredAt.filter((at) => at >= backAt).sort((a, b) => a - b);
    const delivered = last.registeredAt.length;
    const first = registeredAt[0];
    const final = registeredAt.at(-1);
    const counts = emails.map((email) => last.byEmail[email] ?? { attempts: 0, registered: 0 });
    const drainSeconds = final === undefined ? null : (final - backAt) / 1000;
    const latencies = answers.map((a) => a.ms);
    return {
      settings,
      answered202: answers.filter((a) => a.status === 202 && a.queued).length,
      otherAnswers: answers.filter((a) => !(a.status === 202 && a.queued)).map((a) => a.status),
      answer202Ms: {
        p50: round(median(latencies)),
        p99: round(percentile(latencies, 0.99)),
        max: round(Math.max(...latencies)),
      },
      providerCallsDuringOutage: duringOutage.received,
      deliveredDuringOutage: duringOutage.registeredAt.length,
      delivered,
      firstDeliverySeconds: first === undefined ? null : round((first - backAt) / 1000, 2),
      drainSeconds: round(drainSeconds, 2),
      depthZeroSeconds: depthZeroAt === null ? null : round((depthZeroAt - backAt) / 1000, 1),
      deliveriesPerSecond: drainSeconds ? round(delivered / drainSeconds) : null,
      // Once the first retry after the return succeeded, the backlog is promoted (outbox.ts).
      burstDeliveriesPerSecond:
        registeredAt.length > 1
          ? round((registeredAt.length - 1) / ((final - first) / 1000))
          : null,
      exactlyOnce: counts.filter((c) => c.registered === 1).length,
      registeredTwiceOrMore: counts.filter((c) => c.registered > 1).length,
      providerCalls: last.received,
      attemptsPerCandidate: {
        min: Math.min(...counts.map((c) => c.attempts)),
        median: median(counts.map((c) => c.attempts)),
        max: Math.max(...counts.map((c) => c.attempts)),
      },
      metrics: {
        queued: metric(text, 'registrations_total{outcome="queued",status="503"}'),
        deliveredRegistered: metric(text, 'outbox_delivered_total{result="registered"}'),
        retried503: metric(text, 'outbox_retried_total{reason="503"}'),
        depth: metric(text, 'outbox_depth'),
        deadLetters: metric(text, 'outbox_dead_letters'),
      },
      timeline,
    };
  } finally {
    await server?.stop();
    await standIn.stop();
  }
}

export async function benchOutbox({ quick }) {
  // A Redis each, so that nothing of the first part is in the second's queue.
  let redis = await startRedis();
  try {
    const healthy = await overhead(redis.url, { quick });
    await redis.stop();
    redis = await startRedis();
    const outage = await drain(redis.url, { quick });
    return { redis: 'redis-server, AOF appendfsync everysec, no RDB snapshots', healthy, outage };
  } finally {
    await redis.stop();
  }
}
