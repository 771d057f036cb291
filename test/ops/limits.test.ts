// Rate limits in memory and in a real Redis shared by two instances; fail-open when Redis dies.
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedApp, startApp, waitFor } from '../helpers/app.ts';
import { candidate, register, registerFrom } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';
import { respond, type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';
import { upload } from '../helpers/upload.ts';
import { type RedisServer, startRedis } from './services.ts';

const TOO_MANY = 'Too many requests. Please try again later.';
let apps: StartedApp[] = [];
let standIn: StandIn | null = null;
let redis: RedisServer | null = null;

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  await standIn?.close();
  standIn = null;
  await redis?.stop();
  redis = null;
});

async function provider() {
  standIn = await startStandIn(respond(201, { id: 'c1' }));
  return { PROVIDER_API_BASE: standIn.url, PROVIDER_API_USER: 'u', PROVIDER_API_KEY: 'k' };
}

const body = (n: number) => candidate({ email: `limit.${n}@example.com` });

describe('rate limits', () => {
  it('answer 429 with Retry-After past the registration limit, in the route’s shape', async () => {
    const app = await startApp({ ...(await provider()), RATE_LIMIT_REGISTER: '2/1m' });
    apps.push(app);
    expect((await register(app.base, body(1))).status).toBe(201);
    expect((await register(app.base, body(2))).status).toBe(201);
    const response = await fetch(`${app.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body(3)),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      ok: false,
      status: 429,
      message: TOO_MANY,
      detail: TOO_MANY,
    });
    expect(standIn?.requests).toHaveLength(2);
    expect(await (await fetch(app.metricsUrl)).text()).toContain(
      'rate_limited_total{route="/api/register"} 1',
    );
  });

  it('answer 429 past the upload limit with {success:false,error}', async () => {
    const app = await startApp({ RATE_LIMIT_UPLOAD: '1/1m' });
    apps.push(app);
    const parts = [{ file: fixture('resume.pdf'), name: 'cv.pdf', type: 'application/pdf' }];
    expect((await upload(app.base, parts)).status).toBe(200);
    expect(await upload(app.base, parts)).toMatchObject({
      status: 429,
      body: { success: false, error: TOO_MANY },
    });
  });

  it('count per client IP from X-Forwarded-For only when TRUST_PROXY trusts it', async () => {
    const trusted = await startApp({
      ...(await provider()),
      RATE_LIMIT_REGISTER: '1/1m',
      TRUST_PROXY: '127.0.0.1',
    });
    apps.push(trusted);
    const from = async (ip: string, n: number) =>
      (
        await fetch(`${trusted.base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify(body(n)),
        })
      ).status;
    expect(await from('203.0.113.1', 10)).toBe(201);
    expect(await from('203.0.113.2', 11)).toBe(201);
    expect(await from('203.0.113.1', 12)).toBe(429);

    const untrusted = await startApp({ ...(await provider()), RATE_LIMIT_REGISTER: '1/1m' });
    apps.push(untrusted);
    const status = async (ip: string, n: number) =>
      (
        await fetch(`${untrusted.base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify(body(n)),
        })
      ).status;
    expect(await status('203.0.113.1', 20)).toBe(201);
    expect(await status('203.0.113.2', 21)).toBe(429);
  });

  // A client that reaches an instance directly (here from 127.0.0.2, not a listed proxy) and
  // forges X-Forwarded-For is counted by its own address, whatever TRUST_PROXY says.
  it.each([
    ['unset', {}],
    ['false', { TRUST_PROXY: 'false' }],
    ['an address', { TRUST_PROXY: '127.0.0.1' }],
    ['a CIDR', { TRUST_PROXY: '127.0.0.1/32' }],
    ['a list of both families', { TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, ::1' }],
    ['a named range', { TRUST_PROXY: 'uniquelocal,linklocal' }],
  ])(
    'hold against forged X-Forwarded-For from a direct client with TRUST_PROXY %s',
    async (_, env) => {
      const app = await startApp({ ...(await provider()), RATE_LIMIT_REGISTER: '2/1m', ...env });
      apps.push(app);
      const statuses: number[] = [];
      for (const [n, forged] of [
        '198.51.100.7',
        '198.51.100.8, 203.0.113.9',
        '::1',
        '127.0.0.1',
      ].entries()) {
        statuses.push(await registerFrom(app.base, '127.0.0.2', body(50 + n), forged));
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
      expect(standIn?.requests).toHaveLength(2);
      // Another client is not held by the first one's limit.
      expect(await registerFrom(app.base, '127.0.0.3', body(60), '198.51.100.7')).toBe(201);
    },
  );

  it('rate-limit unknown URLs too', async () => {
    const app = await startApp();
    apps.push(app);
    const statuses: number[] = [];
    for (let n = 0; n < 125; n++) statuses.push((await fetch(`${app.base}/nope-${n}`)).status);
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Counted under the same route label as http_requests_total, for the rate-limit alert.
    const metrics = await (await fetch(app.metricsUrl)).text();
    expect(metrics).toContain('rate_limited_total{route="unmatched"} 5');
  });
});

describe('rate limits in Redis', () => {
  it('hold across two instances sharing one Redis', async () => {
    redis = await startRedis();
    const env = { ...(await provider()), RATE_LIMIT_REGISTER: '3/1m', REDIS_URL: redis.url };
    const first = await startApp(env);
    const second = await startApp(env);
    apps.push(first, second);
    const statuses = [];
    for (const [n, app] of [first, second, first, second].entries()) {
      statuses.push((await register(app.base, body(30 + n))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await (await fetch(`${first.base}/readyz`)).json()).toEqual({
      status: 'ready',
      checks: { storage: 'ok', redis: 'ok' },
    });
  });

  it('fail open while Redis is down, report it in /readyz, and apply again when it is back', async () => {
    redis = await startRedis();
    const app = await startApp({
      ...(await provider()),
      RATE_LIMIT_REGISTER: '1/1m',
      REDIS_URL: redis.url,
    });
    apps.push(app);
    expect((await register(app.base, body(40))).status).toBe(201);
    expect((await register(app.base, body(41))).status).toBe(429);

    await redis.stop();
    expect((await register(app.base, body(42))).status).toBe(201);
    expect((await register(app.base, body(43))).status).toBe(201);
    const ready = await fetch(`${app.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'degraded',
      checks: { storage: 'ok', redis: 'failed' },
    });

    await redis.start();
    const back = await waitFor(
      async () => (await fetch(`${app.base}/readyz`)).json(),
      (answer) => answer.status === 'ready',
      8_000,
    );
    expect(back).toEqual({ status: 'ready', checks: { storage: 'ok', redis: 'ok' } });
    expect((await register(app.base, body(44))).status).toBe(201);
    expect((await register(app.base, body(45))).status).toBe(429);
  });
});
