// Registration throughput: our POST /api/register against the floor, a bare pass-through proxy
// on node:http and undici's request (bench/floors/proxy.mjs), and a reference, the same proxy
// on fetch (CLIENT=fetch); all three in front of the same provider stand-in that answers 201 at
// once, with the same autocannon settings, in rotating order.
import autocannon from 'autocannon';
import { ratio, round, startOurs, startProcess, startStandIn } from './lib.mjs';

/** A complete, valid candidate as the wizard posts it (honeypot empty, a human fill time). */
export const BODY = JSON.stringify({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  phone: '+15551234567',
  zip_code: '10001',
  home_town: 'Austin',
  country_id: 'US',
  desired_job_title: 'Engineer',
  latest_job_title: 'Analyst',
  acceptable_job_types: ['Permanent'],
  salary_min: 50000,
  salary_max: 90000,
  education_level: 'Bachelors',
  work_experience: '3-5',
  key_skills: 'SQL, Python',
  travel_radius: 25,
  eligibility_status: 'auth_any_employer',
  relocate: '1',
  driving_license: '0',
  resume_url: 'https://example.com/cv.pdf',
  uploaded_resume: null,
  registration_date: '2026-11-22T10:00:00.000Z',
  website: '',
  fill_ms: 60_000,
});

export function load(url, { connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
        connections,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export const raw = (r) => ({
  requestsPerSecond: r.requests.average,
  requests: r.requests.total,
  durationS: r.duration,
  latencyMs: {
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: r.latency.mean,
  },
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

/** Over the rounds: mean throughput, and the worst round's latencies. */
export const summary = (rounds) => ({
  requestsPerSecond: round(rounds.reduce((sum, r) => sum + r.requestsPerSecond, 0) / rounds.length),
  p50Ms: round(Math.max(...rounds.map((r) => r.latencyMs.p50))),
  p99Ms: round(Math.max(...rounds.map((r) => r.latencyMs.p99))),
  failed: rounds.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
});

/** One request through each server before measuring: a load of 4xx would measure nothing. */
export async function checkAnswers(url) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${text}`);
}

export async function benchRegister({ quick }) {
  const settings = {
    connections: quick ? 8 : 32,
    duration: quick ? 4 : 15,
    warmUp: 2,
    rounds: quick ? 1 : 3,
  };
  const standIn = await startStandIn();
  const servers = {};
  try {
    servers.ours = await startOurs({ PROVIDER_API_BASE: standIn.url });
    for (const [name, client] of [
      ['floor', 'undici'],
      ['fetchProxy', 'fetch'],
    ])
      servers[name] = await startProcess('bench/floors/proxy.mjs', {
        env: { TARGET: standIn.url, CLIENT: client },
        readyPath: '/',
      });
    const urls = {
      ours: `${servers.ours.base}/api/register`,
      floor: servers.floor.base,
      fetchProxy: servers.fetchProxy.base,
    };
    const names = Object.keys(urls);
    for (const url of Object.values(urls)) await checkAnswers(url);

    const rounds = Object.fromEntries(names.map((name) => [name, []]));
    const reached = Object.fromEntries(names.map((name) => [name, 0]));
    for (const name of names)
      await load(urls[name], { connections: settings.connections, duration: settings.warmUp });
    for (let n = 0; n < settings.rounds; n++) {
      // Rotate which goes first, so that drift in background load falls on all of them.
      for (const name of [...names.slice(n % names.length), ...names.slice(0, n % names.length)]) {
        const before = await standIn.count();
        rounds[name].push(raw(await load(urls[name], settings)));
        reached[name] += (await standIn.count()) - before;
      }
    }
    const sent = (list) => list.reduce((sum, r) => sum + r.requests, 0);
    const side = (name) => ({
      ...summary(rounds[name]),
      providerCalls: reached[name],
      rounds: rounds[name],
    });
    const ours = side('ours');
    const floor = side('floor');
    const fetchProxy = side('fetchProxy');
    return {
      settings,
      ours,
      floor,
      fetchProxy,
      throughputRatio: ratio(ours.requestsPerSecond, floor.requestsPerSecond),
      p99Ratio: ratio(ours.p99Ms, floor.p99Ms),
      fetchProxyThroughputRatio: ratio(ours.requestsPerSecond, fetchProxy.requestsPerSecond),
      fetchProxyP99Ratio: ratio(ours.p99Ms, fetchProxy.p99Ms),
      // Every registration must have reached the stand-in (no decoy answers, no shortcuts).
      allReachedProvider: names.every((name) => reached[name] >= sent(rounds[name])),
    };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    await standIn.close();
  }
}
