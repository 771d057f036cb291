// Registration throughput: our POST /api/register against a bare pass-through proxy, both in
// front of the same provider stand-in that answers 201 at once.
import autocannon from 'autocannon';
import { OUR_ENV, round, startProcess, startStandIn } from './lib.mjs';

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

export async function benchRegister({ quick }) {
  const settings = { connections: quick ? 8 : 32, duration: quick ? 4 : 15 };
  const standIn = await startStandIn();
  const ours = await startProcess('dist/server/main.js', {
    env: {
      ...OUR_ENV,
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'bench',
      PROVIDER_API_KEY: 'bench',
    },
  });
  const floor = await startProcess('bench/floors/proxy.mjs', {
    env: { TARGET: standIn.url },
    readyPath: '/',
  });
  const runs = { ours: [], floor: [] };
  try {
    // Warm both, then alternate so that background noise falls on both.
    await load(`${ours.base}/api/register`, { connections: 4, duration: 2 });
    await load(floor.base, { connections: 4, duration: 2 });
    for (let round_ = 0; round_ < (quick ? 1 : 2); round_++) {
      runs.ours.push(await load(`${ours.base}/api/register`, settings));
      runs.floor.push(await load(floor.base, settings));
    }
  } finally {
    await ours.stop();
    await floor.stop();
    await standIn.close();
  }
  const summary = (results) => ({
    requestsPerSecond: round(
      results.reduce((sum, r) => sum + r.requests.average, 0) / results.length,
    ),
    p50Ms: round(Math.max(...results.map((r) => r.latency.p50))),
    p99Ms: round(Math.max(...results.map((r) => r.latency.p99))),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  });
  const result = { settings, ours: summary(runs.ours), floor: summary(runs.floor) };
  result.throughputRatio = round(result.ours.requestsPerSecond / result.floor.requestsPerSecond, 2);
  result.p99Ratio = round(result.ours.p99Ms / result.floor.p99Ms, 2);
  return result;
}
