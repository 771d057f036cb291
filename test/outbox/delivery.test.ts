// The outbox (issue 32, docs/api.md) over real HTTP, a real redis-server and a provider stand-in:
// what it keeps, what the candidate is told, what Redis sees, and how each entry ends.
import { describe, expect, it } from 'vitest';
import { logLines, startApp, waitFor } from '../helpers/app.ts';
import { STAND_IN_KEY, STAND_IN_USER } from '../helpers/app-on-stand-in.ts';
import { candidate, RESUME_BASE64, register } from '../helpers/candidate.ts';
import { type Handler, hang, resetConnection, respond } from '../helpers/provider-stand-in.mjs';
import {
  counts,
  everythingInRedis,
  FAST,
  metric,
  outboxReaches,
  outboxServices,
  registersOnce,
} from './harness.ts';

const { redis, standIn, client, apps, started } = await outboxServices();

/** A sealed entry as Redis holds it (seal.ts): v2.<key id>.<iv>.<tag>.<text>. */
const SEALED = /v2\.[\w-]{16}\.[\w-]{16}\.[\w-]{22}\.[\w-]+/;

const QUEUED = { status: 202, body: { ok: true, status: 202, queued: true } };

const answerOf = async (base: string, body: Record<string, unknown>) => {
  const { status, body: json } = await register(base, body);
  return { status, body: json };
};

describe('what the outbox keeps', () => {
  it.each<[string, Handler, string]>([
    ['503', respond(503, { detail: 'maintenance' }), '503'],
    ['502', respond(502, 'Bad Gateway', 'text/plain'), '502'],
    ['504', respond(504, {}), '504'],
    ['429', respond(429, { detail: 'slow down' }), '429'],
    ['no answer within the timeout', hang, 'none'],
    ['a reset connection', resetConnection, 'none'],
  ])('%s: 202 queued, and counted as queued', async (_name, handler, status) => {
    const app = await started();
    standIn.setHandler(handler);
    expect(await answerOf(app.base, candidate())).toEqual(QUEUED);
    expect(await metric(app, `registrations_total{outcome="queued",status="${status}"}`)).toBe(1);
    expect((await counts(client)).depth).toBe(1);
    const line = logLines(app).find((entry) => entry.outcome === 'queued');
    expect(line?.outboxEntry).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<[number, Record<string, unknown>]>([
    [
      400,
      {
        ok: false,
        status: 400,
        message: 'Email error: is invalid',
        errors: { email: ['is invalid'] },
      },
    ],
    [
      401,
      { ok: false, status: 401, message: 'Authentication failed. Please check your credentials.' },
    ],
    [409, { ok: false, status: 409, message: 'Candidate already exists' }],
    [500, { ok: false, status: 500, message: 'Server error. Please try again later.' }],
  ])(
    'a %i is the provider’s final word: told as without the outbox, nothing kept',
    async (status, body) => {
      const app = await started();
      standIn.respond(status, status === 400 ? { errors: { email: ['is invalid'] } } : {});
      const answer = await answerOf(app.base, candidate());
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject(body);
      expect(await counts(client)).toEqual({ depth: 0, oldestAgeSeconds: 0, deadLetters: 0 });
    },
  );
});

describe('at rest', () => {
  it('Redis never sees the candidate in plain text, and the entry is deleted on delivery', async () => {
    const app = await started();
    standIn.respond(503, {});
    const body = candidate({
      email: 'grace.hopper@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(await answerOf(app.base, body)).toEqual(QUEUED);
    const [first] = standIn.requests;
    const held = await everythingInRedis(client);
    for (const secret of [
      'grace.hopper',
      'Hopper',
      'S3cret-Passw0rd!',
      RESUME_BASE64.slice(0, 24),
      '+15550109999',
      'mathematics',
    ]) {
      expect(held).not.toContain(secret);
    }
    const entry = String(logLines(app).find((line) => line.outcome === 'queued')?.outboxEntry);
    expect(held).toContain(entry);
    expect(held).toMatch(SEALED);

    standIn.respond(201, { id: 'candidate-1' });
    await outboxReaches(client, { depth: 0, deadLetters: 0 });
    // The provider received exactly what the first attempt sent.
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[1]?.body).toEqual(first?.body);
    expect(standIn.requests[1]?.headers.authorization).toBe(first?.headers.authorization);
    // Its hash (the sealed text) is gone; BullMQ's event stream keeps only ids and states.
    expect(await client.exists(`resume-registration:outbox:${entry}`)).toBe(0);
    expect(await everythingInRedis(client)).not.toMatch(SEALED);
    expect(await metric(app, 'outbox_delivered_total{result="registered"}')).toBe(1);
  });
});

describe('delivery', () => {
  it('retries with backoff while the provider is down, then delivers once', async () => {
    const app = await started();
    standIn.respond(503, {});
    expect(await answerOf(app.base, candidate())).toEqual(QUEUED);
    // Down for more than the first retries (200 ms, 400 ms, 800 ms … with jitter).
    await waitFor(
      async () => standIn.requests.length,
      (seen) => seen >= 4,
      10_000,
    );
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    await outboxReaches(client, { depth: 0, deadLetters: 0 });
    expect([...registered.values()]).toEqual([1]);
    expect(await metric(app, 'outbox_retried_total{reason="503"}')).toBeGreaterThanOrEqual(3);
    expect(await metric(app, 'outbox_delivered_total{result="registered"}')).toBe(1);
  });

  it('waits out a Retry-After before the next attempt', async () => {
    const app = await started();
    standIn.setHandler(() => ({ status: 503, body: {}, headers: { 'retry-after': '2' } }));
    expect(await answerOf(app.base, candidate())).toEqual(QUEUED);
    // The third attempt's answer is logged after the stand-in has seen it: wait for the log line.
    const retriedLines = async () =>
      logLines(app).filter((line) => line.msg === 'outbox entry retried');
    const retried = await waitFor(retriedLines, (lines) => lines.length >= 2, 10_000);
    // Each wait is the header's 2 s; without it they would be about 200 ms, then 400 ms (FAST's base).
    const queued = logLines(app).find((line) => line.outcome === 'queued');
    const waits = [queued?.outboxRetryInMs, ...retried.map((line) => line.retryInMs)];
    expect(waits.slice(0, 3)).toEqual([2_000, 2_000, 2_000]);
  });

  it('a 409 on a retry counts as delivered: the provider already has the candidate', async () => {
    const app = await started();
    standIn.respond(503, {});
    expect(await answerOf(app.base, candidate())).toEqual(QUEUED);
    standIn.respond(409, { detail: 'Candidate already registered' });
    await outboxReaches(client, { depth: 0, deadLetters: 0 });
    expect(await metric(app, 'outbox_delivered_total{result="conflict"}')).toBe(1);
    expect(await metric(app, 'outbox_dead_lettered_total{reason="rejected"}')).toBe(0);
  });

  it('a refusal on a retry is dead-lettered, with an error line and a metric that carry no personal data', async () => {
    const app = await started();
    standIn.respond(503, {});
    const body = candidate({ email: 'katherine.johnson@example.com', last_name: 'Johnson' });
    expect(await answerOf(app.base, body)).toEqual(QUEUED);
    standIn.respond(400, { detail: 'email katherine.johnson@example.com is not accepted' });
    await outboxReaches(client, { depth: 0, deadLetters: 1 });
    expect(await metric(app, 'outbox_dead_lettered_total{reason="rejected"}')).toBe(1);
    expect(await metric(app, 'outbox_dead_letters')).toBe(1);
    const entry = logLines(app).find((line) => line.outcome === 'queued')?.outboxEntry;
    const dead = logLines(app).filter((line) => line.msg === 'outbox entry dead-lettered');
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      level: 50,
      outbox: 'dead-lettered',
      entry,
      reason: 'rejected',
      providerStatus: 400,
      attempts: 2,
    });
    const outboxLines = logLines(app)
      .filter((line) => 'outbox' in line)
      .map((line) => JSON.stringify(line));
    for (const line of outboxLines) {
      expect(line).not.toMatch(/katherine|Johnson|S3cret/);
    }
  });

  it('an entry older than the maximum age is dead-lettered as expired', async () => {
    const app = await started({}, { ...FAST, maxAgeMs: 1_500 });
    standIn.respond(503, {});
    expect(await answerOf(app.base, candidate())).toEqual(QUEUED);
    await outboxReaches(client, { depth: 0, deadLetters: 1 }, 10_000);
    expect(await metric(app, 'outbox_dead_lettered_total{reason="expired"}')).toBe(1);
    const dead = logLines(app).find((line) => line.msg === 'outbox entry dead-lettered');
    expect(dead).toMatchObject({ reason: 'expired', providerStatus: 503 });
    expect(Number(dead?.attempts)).toBeGreaterThanOrEqual(2);
  });

  it('the gauges say how many wait, how old the oldest is, and how many are dead', async () => {
    const app = await started({}, { ...FAST, retryBaseMs: 60_000 });
    standIn.respond(503, {});
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect(await answerOf(app.base, candidate({ email }))).toEqual(QUEUED);
    }
    await waitFor(
      () => metric(app, 'outbox_oldest_age_seconds'),
      (age) => age >= 1,
      5_000,
    );
    expect(await metric(app, 'outbox_depth')).toBe(3);
    expect(await metric(app, 'outbox_dead_letters')).toBe(0);
  });
});

describe('with the outbox off', () => {
  it('a 503 is told as the specification says, and Redis holds nothing of it', async () => {
    const app = await startApp({
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: STAND_IN_USER,
      PROVIDER_API_KEY: STAND_IN_KEY,
      REDIS_URL: redis.url,
    });
    apps.push(app);
    standIn.respond(503, {});
    expect(await answerOf(app.base, candidate())).toEqual({
      status: 503,
      body: { ok: false, status: 503, message: 'Server error. Please try again later.' },
    });
    expect(await client.keys('resume-registration:*')).toEqual([]);
  });
});
