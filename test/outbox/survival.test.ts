// The outbox through what a real deployment goes through (issue 32): Redis away when a
// registration arrives, Redis restarted (AOF), two instances on one queue, an instance killed
// with SIGKILL mid-delivery, an instance killed before its answer left and the candidate sending
// again (issue 42). A real redis-server with AOF, a provider stand-in, real processes.
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { submissionKey } from '../../src/server/outbox/keys.ts';
import type { OutboxTimings } from '../../src/server/outbox/outbox.ts';
import { openQueue } from '../../src/server/outbox/outbox.ts';
import { keyHash } from '../../src/server/submissions.ts';
import type { StartedApp } from '../helpers/app.ts';
import { waitFor } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { PROJECT_ROOT } from '../helpers/main-process.ts';
import type { Handler, Recorded } from '../helpers/provider-stand-in.mjs';
import {
  counts,
  FAST,
  metric,
  outboxEnv,
  outboxReaches,
  outboxServices,
  registersOnce,
} from './harness.ts';

const { redis, standIn, client, started } = await outboxServices({ aof: true });

const QUEUED = { status: 202, body: { ok: true, status: 202, queued: true } };
const emailOf = (request: Recorded) => String((request.body as { email?: unknown }).email);

/**
 * An instance of the app as its own process (instance.ts), for a test to kill with SIGKILL: its
 * origin once it listens, and its exit.
 */
function spawnInstance(env: Record<string, string>, timings: OutboxTimings) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/outbox/instance.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...outboxEnv(standIn, redis, { PORT: '0', METRICS_PORT: 'off', ...env }),
      BOT_MIN_FILL_MS: '0',
      RATE_LIMIT_REGISTER: 'off',
      OUTBOX_TIMINGS: JSON.stringify(timings),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the instance exited (${code})`)));
  });
  return { child, exited, listening };
}

describe('Redis away when a registration arrives', () => {
  it('the candidate is told as without the outbox, and nothing is queued half-way', async () => {
    const app = await started();
    standIn.respond(503, {});
    await redis.stop();
    expect(await register(app.base, candidate())).toMatchObject({
      status: 503,
      body: { ok: false, status: 503, message: 'Server error. Please try again later.' },
    });
    await redis.start();
    await waitFor(
      () => client.ping().catch(() => 'down'),
      (answer) => answer === 'PONG',
    );
    expect(await counts(client)).toEqual({ depth: 0, oldestAgeSeconds: 0, deadLetters: 0 });
    expect(await client.zcard('resume-registration:outbox-index:since')).toBe(0);
    // Once Redis is back, so is the outbox.
    await waitFor(
      () => register(app.base, candidate({ email: 'later@example.com' })),
      (answer) => answer.status === 202,
    );
  });
});

describe('Redis restarted, with AOF', () => {
  it('what was queued before the restart is delivered after it', async () => {
    const app = await started();
    standIn.respond(503, {});
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const email of emails) {
      expect(await register(app.base, candidate({ email }))).toMatchObject(QUEUED);
    }
    await redis.stop();
    await redis.start();
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    await outboxReaches(client, { depth: 0, deadLetters: 0 }, 20_000);
    expect(Object.fromEntries(registered)).toEqual(
      Object.fromEntries(emails.map((email) => [email, 1])),
    );
    expect(await metric(app, 'outbox_delivered_total{result="registered"}')).toBe(3);
  });
});

describe('a provider outage, two instances on one queue', () => {
  it('costs no candidate, and none is delivered twice', async () => {
    const [first, second] = [await started(), await started()];
    standIn.respond(503, {});
    const emails = Array.from({ length: 40 }, (_, index) => `candidate-${index}@example.com`);
    const outageStart = Date.now();
    for (const [index, email] of emails.entries()) {
      const app = index % 2 === 0 ? first : second;
      expect(await register(app?.base ?? '', candidate({ email }))).toMatchObject(QUEUED);
    }
    // Down for longer than the first retries (200, 400, 800, 1,600 ms with jitter): back once
    // every entry has been retried three times, on either instance.
    const retried = async () =>
      (await metric(first as StartedApp, 'outbox_retried_total{reason="503"}')) +
      (await metric(second as StartedApp, 'outbox_retried_total{reason="503"}'));
    await waitFor(retried, (count) => count >= 3 * emails.length, 20_000);
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    const back = Date.now();
    await outboxReaches(client, { depth: 0, deadLetters: 0 }, 30_000);
    const drained = Date.now();
    expect(registered.size).toBe(40);
    expect([...registered.values()].every((times) => times === 1)).toBe(true);
    const delivered =
      (await metric(first as StartedApp, 'outbox_delivered_total{result="registered"}')) +
      (await metric(second as StartedApp, 'outbox_delivered_total{result="registered"}'));
    expect(delivered).toBe(40);
    // The figures for the closing note, not a test of speed.
    console.info(
      `outbox outage: queued 40, delivered ${delivered}, outage ${back - outageStart} ms, drained ${drained - back} ms after the provider came back`,
    );
  });
});

describe('an instance killed with SIGKILL mid-delivery', () => {
  it('another instance delivers its entry; the provider keeps the candidate once', async () => {
    const seen = new Map<string, number>();
    let phase: 'down' | 'hold' | 'up' = 'down';
    const handler: Handler = (request) => {
      const email = emailOf(request);
      if (phase === 'down') return { status: 503, body: {} };
      const before = seen.get(email) ?? 0;
      // The provider takes the candidate as the request arrives; its answer may never leave.
      seen.set(email, before + 1);
      if (phase === 'hold') return 'hang';
      return before === 0 ? { status: 201, body: { id: 'x' } } : { status: 409, body: {} };
    };
    standIn.setHandler(handler);
    const { child, exited, listening } = spawnInstance({ PROVIDER_TIMEOUT_MS: '20000' }, FAST);
    try {
      const base = await listening;
      expect(await register(base, candidate({ email: 'killed@example.com' }))).toMatchObject(
        QUEUED,
      );
      phase = 'hold';
      await waitFor(
        async () => seen.get('killed@example.com') ?? 0,
        (times) => times === 1,
        10_000,
      );
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
    }
    phase = 'up';
    const survivor = await started();
    await outboxReaches(client, { depth: 0, deadLetters: 0 }, 20_000);
    expect(Object.fromEntries(seen)).toEqual({ 'killed@example.com': 2 });
    expect(await metric(survivor, 'outbox_delivered_total{result="conflict"}')).toBe(1);
    expect(await counts(client)).toEqual({ depth: 0, oldestAgeSeconds: 0, deadLetters: 0 });
  });
});

/**
 * A TCP proxy to `target` that passes requests on and holds every answer back: what a client sees
 * of an instance that dies before its answer leaves (its connection reset, no answer).
 */
async function answerHoldingProxy(target: string) {
  const { port: targetPort } = new URL(target);
  const server = createServer((client) => {
    const upstream = connect(Number(targetPort), '127.0.0.1');
    client.pipe(upstream);
    upstream.on('data', () => {});
    const reset = () => {
      if (!client.destroyed) client.resetAndDestroy();
    };
    upstream.on('close', reset);
    upstream.on('error', reset);
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('an instance killed between queuing and answering, then a resubmission', () => {
  it('the candidate sent again is told queued by another instance, and the provider gets one registration', async () => {
    standIn.respond(503, {});
    const { child, exited, listening } = spawnInstance(
      { OUTBOX_FIRST_TRY_MS: '300' },
      { ...FAST, retryBaseMs: 600_000 },
    );
    const key = { 'idempotency-key': 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' };
    let proxy: Awaited<ReturnType<typeof answerHoldingProxy>> | null = null;
    try {
      const base = await listening;
      proxy = await answerHoldingProxy(base);
      const lost = register(proxy.base, candidate({ email: 'resent@example.com' }), key).then(
        () => 'answered',
        () => 'no answer',
      );
      // Killed once its entry is in Redis, before its answer reached the candidate.
      await waitFor(
        async () => (await counts(client)).depth,
        (depth) => depth === 1,
        10_000,
      );
      // And once it has settled the key with that answer (the proxy holds it back): killed before
      // that, its claim on the key stands for its lease (the first try and
      // SUBMISSION_LEASE_MARGIN_MS more), which the survivor waits out before it answers, longer
      // than a request here may take.
      await waitFor(
        () => client.get(submissionKey(keyHash(key['idempotency-key']))),
        (held) => held !== null && !held.startsWith('pending:'),
        10_000,
      );
      child.kill('SIGKILL');
      await exited;
      expect(await lost).toBe('no answer');
    } finally {
      child.kill('SIGKILL');
      await proxy?.close();
    }
    const survivor = await started({}, { ...FAST, retryBaseMs: 600_000 });
    expect(
      await register(survivor.base, candidate({ email: 'resent@example.com' }), key),
    ).toMatchObject(QUEUED);
    expect(await counts(client)).toMatchObject({ depth: 1, deadLetters: 0 });
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    // Due now, instead of after its backoff.
    const queue = openQueue(client);
    await queue.promoteJobs();
    await queue.close();
    await outboxReaches(client, { depth: 0, deadLetters: 0 }, 20_000);
    expect(Object.fromEntries(registered)).toEqual({ 'resent@example.com': 1 });
  });
});
