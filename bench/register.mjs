// Registration throughput: our POST /api/register against a bare pass-through proxy
// (bench/floors/proxy.mjs), both in front of the same provider stand-in that answers 201 at
// once, with the same autocannon settings, alternating ours and the floor.
import autocannon from 'autocannon';
import { ratio, round, startOurs, startProcess, startStandIn } from './lib.mjs';

/** A complete, valid candidate as the wizard posts it (honeypot empty, a human fill time). */
const BODY = JSON.stringify({
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

function load(url, { connections, duration }) {
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

const raw = (r) => ({
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
const summary = (rounds) => ({
  requestsPerSecond: round(rounds.reduce((sum, r) => sum + r.requestsPerSecond, 0) / rounds.length),
  p50Ms: round(Math.max(...rounds.map((r) => r.latencyMs.p50))),
  p99Ms: round(Math.max(...rounds.map((r) => r.latencyMs.p99))),
  failed: rounds.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
});

/** One request through each server before measuring: a load of 4xx would measure nothing. */
async function checkAnswers(url) {
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
    duration: quick ? 4 : 20,
    warmUp: 2,
    rounds: quick ? 1 : 2,
  };
  const standIn = await startStandIn();
  const servers = {};
  try {
    servers.ours = await startOurs({ PROVIDER_API_BASE: standIn.url });
    servers.floor = await startProcess('bench/floors/proxy.mjs', {
      env: { TARGET: standIn.url },
      readyPath: '/',
    });
    const urls = { ours: `${servers.ours.base}/api/register`, floor: servers.floor.base };
    for (const url of Object.values(urls)) await checkAnswers(url);

    const rounds = { ours: [], floor: [] };
    const reached = { ours: 0, floor: 0 };
    for (const name of ['ours', 'floor'])
      await load(urls[name], { connections: settings.connections, duration: settings.warmUp });
    for (let n = 0; n < settings.rounds; n++) {
      // Alternate which goes first, so that drift in background load falls on both.
      for (const name of n % 2 ? ['floor', 'ours'] : ['ours', 'floor']) {
        const before = await standIn.count();
        rounds[name].push(raw(await load(urls[name], settings)));
        reached[name] += (await standIn.count()) - before;
      }
    }
    const ours = { ...summary(rounds.ours), providerCalls: reached.ours, rounds: rounds.ours };
    const floor = { ...summary(rounds.floor), providerCalls: reached.floor, rounds: rounds.floor };
    const sent = (list) => list.reduce((sum, r) => sum + r.requests, 0);
    return {
      settings,
      ours,
      floor,
      throughputRatio: ratio(ours.requestsPerSecond, floor.requestsPerSecond),
      p99Ratio: ratio(ours.p99Ms, floor.p99Ms),
      // Every registration must have reached the stand-in (no decoy answers, no shortcuts).
      allReachedProvider: reached.ours >= sent(rounds.ours) && reached.floor >= sent(rounds.floor),
    };
  } finally {
    await servers.ours?.stop();
    await servers.floor?.stop();
    await standIn.close();
  }
}
