// What a script gets from the public form (docs/api.md): without a valid form token, nothing
// reaches the provider; a token is spent by one submission on every instance; the deployment's
// ceiling on provider calls holds across instances; an IPv6 /48 is limited besides its /64s.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_LIMIT_FACTOR } from '../../src/server/plugins/rate-limit.ts';
import { FORM_TOKEN_MAX_AGE_MS, mintFormToken } from '../../src/server/tokens/form-token.ts';
import { signingKeys } from '../../src/server/tokens/keys.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { STAND_IN_KEY, STAND_IN_USER } from '../helpers/app-on-stand-in.ts';
import { candidate, register, registerFrom } from '../helpers/candidate.ts';
import { outboxServices } from '../outbox/harness.ts';

const { redis, standIn, apps, started } = await outboxServices();

const EXPIRED = 'This form has expired. Please submit it again.';
const EXPIRED_ES = 'Este formulario ha caducado. Envíelo de nuevo.';
const BUSY = 'Many candidates are registering right now. Please try again in a minute.';
const REFUSED = {
  status: 428,
  contentType: expect.stringMatching(/^application\/json/),
  body: { ok: false, status: 428, message: EXPIRED, detail: EXPIRED },
};
const REGISTERED = {
  status: 201,
  contentType: expect.stringMatching(/^application\/json/),
  body: expect.objectContaining({ ok: true, status: 201 }),
};

/** The keys an app on the stand-in's credential signs with: the tests sign as it does. */
const KEYS = signingKeys(`${STAND_IN_USER}\n${STAND_IN_KEY}`);
const tokenAged = (ms: number, key = KEYS['form-token v1']) => mintFormToken(key, Date.now() - ms);

/** An app on the stand-in with the real bot defence (and Redis, unless `memory`). */
async function app(env: Record<string, string> = {}, { memory = false } = {}) {
  const started: StartedApp = await startApp({
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: STAND_IN_USER,
    PROVIDER_API_KEY: STAND_IN_KEY,
    BOT_MIN_FILL_MS: '1500',
    ...(memory ? {} : { REDIS_URL: redis.url }),
    ...env,
  });
  apps.push(started);
  return started;
}

let emails = 0;
/** A new candidate, with `extra`. */
const person = (extra: Record<string, unknown> = {}) =>
  candidate({ email: `token.${++emails}@example.com`, ...extra });

async function metrics(started: StartedApp) {
  return (await fetch(started.metricsUrl)).text();
}

/** Away from a minute's edge, so that a test's calls count in one minute of the ceiling. */
async function withinOneMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describe('GET /api/form-token', () => {
  it('hands out a signed token and the least fill time, never cached', async () => {
    const { base } = await app();
    const response = await fetch(`${base}/api/form-token`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as { token: string; min_fill_ms: number };
    expect(answer).toEqual({
      token: expect.stringMatching(/^v1\.[0-9a-z]+\.[\w-]{22}\.[\w-]{22}$/),
      min_fill_ms: 1500,
    });
  });

  it('measures the fill time itself: a token sent at once is a bot’s, and the provider never hears of it', async () => {
    const started = await app();
    const { token } = (await (await fetch(`${started.base}/api/form-token`)).json()) as {
      token: string;
    };
    // The page's own fill_ms says 20 s: the server does not take its word.
    expect(await register(started.base, person({ form_token: token, fill_ms: 20_000 }))).toEqual({
      ...REGISTERED,
      body: { ok: true, status: 201, data: {} },
    });
    expect(standIn.requests).toHaveLength(0);
    expect(await metrics(started)).toContain('bot_rejections_total{reason="too_fast"} 1');
  });
});

describe('a registration without a valid form token', () => {
  it.each([
    ['no token', {}],
    ['an empty one', { form_token: '' }],
    ['a number', { form_token: 7 }],
    ['one of another shape', { form_token: 'v2.abc.def.ghi' }],
    ['one signed with another key', { form_token: tokenAged(20_000, Buffer.alloc(32, 1)) }],
    ['one older than a day', { form_token: tokenAged(FORM_TOKEN_MAX_AGE_MS + 1_000) }],
    ['one from two minutes ahead', { form_token: tokenAged(-120_000) }],
  ])('with %s gets a 428 and reaches no provider', async (_what, extra) => {
    const started = await app();
    expect(await register(started.base, person(extra))).toEqual(REFUSED);
    expect(standIn.requests).toHaveLength(0);
    expect(await metrics(started)).toContain(
      'registrations_total{outcome="form_token",status="428"} 1',
    );
  });

  it('is told so in the page’s language', async () => {
    const { base } = await app();
    const answer = await register(base, person(), { 'accept-language': 'es-US' });
    expect(answer).toMatchObject({ status: 428, body: { message: EXPIRED_ES } });
  });

  it('from a script, never reaches the provider: 0 calls in 300 registrations', async () => {
    const started = await app({ RATE_LIMIT_REGISTER: 'off' });
    const valid = tokenAged(20_000);
    // Hostile tokens: anything, the valid one cut, stretched or changed in one character.
    const tokens = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.nat({ max: valid.length - 1 }).map((cut) => valid.slice(0, cut)),
        fc.string({ minLength: 1, maxLength: 5000 }).map((tail) => valid + tail),
        fc
          .tuple(fc.nat({ max: valid.length - 1 }), fc.constantFrom(...'aZ09-_.'))
          .map(([at, char]) => valid.slice(0, at) + char + valid.slice(at + 1))
          .filter((changed) => changed !== valid),
        fc.anything(),
      ),
      { numRuns: 300, seed: 43 },
    );
    const answers = await Promise.all(
      tokens.map((token) => register(started.base, person({ form_token: token }))),
    );
    expect(answers.map(({ status }) => status)).toEqual(tokens.map(() => 428));
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('one token, one submission', () => {
  it('refuses a token spent by another registration, and takes it again from the same submission', async () => {
    const started = await app();
    const token = tokenAged(20_000);
    const first = person({ form_token: token });
    const key = { 'idempotency-key': 'submission-one-0123456789' };
    expect(await register(started.base, first, key)).toEqual(REGISTERED);
    // The same submission again (a retry with its key): the first one's answer, no new call.
    const again = await fetch(`${started.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key },
      body: JSON.stringify(first),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await again.arrayBuffer();
    // Another submission with the token: with another key, or with none.
    const other = { 'idempotency-key': 'submission-two-0123456789' };
    expect(await register(started.base, person({ form_token: token }), other)).toEqual(REFUSED);
    expect(await register(started.base, person({ form_token: token }))).toEqual(REFUSED);
    expect(standIn.requests).toHaveLength(1);
  });

  it('holds on every instance that shares Redis', async () => {
    const [one, two] = [await app(), await app()];
    const token = tokenAged(20_000);
    expect(await register(one.base, person({ form_token: token }))).toEqual(REGISTERED);
    expect(await register(two.base, person({ form_token: token }))).toEqual(REFUSED);
    expect(standIn.requests).toHaveLength(1);
  });

  it('holds within an instance without Redis', async () => {
    const started = await app({}, { memory: true });
    const token = tokenAged(20_000);
    expect(await register(started.base, person({ form_token: token }))).toEqual(REGISTERED);
    expect(await register(started.base, person({ form_token: token }))).toEqual(REFUSED);
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('the deployment’s ceiling on provider calls (PROVIDER_CALLS_PER_MINUTE)', () => {
  it('answers 503 with Retry-After past it, counted across instances on Redis', async () => {
    await withinOneMinute();
    const limits = { PROVIDER_CALLS_PER_MINUTE: '2', BOT_MIN_FILL_MS: '0' };
    const [one, two] = [await app(limits), await app(limits)];
    expect(await register(one.base, person())).toEqual(REGISTERED);
    expect(await register(two.base, person())).toEqual(REGISTERED);
    const response = await fetch(`${one.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person()),
    });
    expect(response.status).toBe(503);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await response.json()).toEqual({ ok: false, status: 503, message: BUSY, detail: BUSY });
    expect(standIn.requests).toHaveLength(2);
    expect(await metrics(one)).toContain('provider_ceiling_reached_total 1');
    expect(await metrics(one)).toContain('registrations_total{outcome="ceiling",status="503"} 1');
  });

  it('holds per instance without Redis', async () => {
    await withinOneMinute();
    const limits = { PROVIDER_CALLS_PER_MINUTE: '1', BOT_MIN_FILL_MS: '0' };
    const started = await app(limits, { memory: true });
    expect(await register(started.base, person())).toEqual(REGISTERED);
    expect(await register(started.base, person())).toMatchObject({ status: 503 });
    expect(standIn.requests).toHaveLength(1);
  });

  it('keeps the registration in the outbox past it, when the outbox is on', async () => {
    await withinOneMinute();
    const outboxed = await started({ PROVIDER_CALLS_PER_MINUTE: '1', BOT_MIN_FILL_MS: '0' });
    expect(await register(outboxed.base, person())).toEqual(REGISTERED);
    expect(await register(outboxed.base, person())).toEqual({
      status: 202,
      contentType: expect.stringMatching(/^application\/json/),
      body: { ok: true, status: 202, queued: true },
    });
    expect(standIn.requests).toHaveLength(1);
    expect(outboxed.logs()).toContain('"ceiling":true');
  });

  it('is off at 0', async () => {
    const started = await app({ PROVIDER_CALLS_PER_MINUTE: '0', BOT_MIN_FILL_MS: '0' });
    for (let n = 0; n < 5; n += 1) {
      expect(await register(started.base, person())).toEqual(REGISTERED);
    }
    expect(standIn.requests).toHaveLength(5);
  });
});

/** POST /api/register from 127.0.0.1 with X-Forwarded-For `client`; the status. */
const registerAs = (base: string, client: string, body: object) =>
  registerFrom(base, '127.0.0.1', body, client);

describe('rate limits on IPv6', () => {
  it(`give one /48 ${SITE_LIMIT_FACTOR} times an address’s limit, however many /64s it spreads over`, async () => {
    const started = await app({
      RATE_LIMIT_REGISTER: '1/10m',
      TRUST_PROXY: 'loopback',
      BOT_MIN_FILL_MS: '0',
    });
    // One /64 after another of 2001:db8:7::/48: each within its own limit of one.
    const statuses: number[] = [];
    for (let n = 1; n <= SITE_LIMIT_FACTOR + 1; n += 1) {
      statuses.push(await registerAs(started.base, `2001:db8:7:${n.toString(16)}::1`, person()));
    }
    expect(statuses).toEqual([...Array(SITE_LIMIT_FACTOR).fill(201), 429]);
    // Another /48, and IPv4 addresses, are counted apart.
    expect(await registerAs(started.base, '2001:db8:8:1::1', person())).toBe(201);
    expect(await registerAs(started.base, '192.0.2.1', person())).toBe(201);
    expect(await registerAs(started.base, '192.0.2.2', person())).toBe(201);
    expect(standIn.requests).toHaveLength(SITE_LIMIT_FACTOR + 3);
  });
});
