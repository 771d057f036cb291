// What an operator does with the outbox: `npm run outbox -- list|retry|drop` on the dead
// letters, by id, never printing a candidate; and the resume a queued registration links to,
// kept past the retention window until delivery. Real redis-server, real processes, real files.
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobKey } from '../../src/server/outbox/keys.ts';
import { listFiles, type StartedApp, waitFor } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { browserUpload } from '../helpers/upload.ts';
import { outboxCommand } from './command.ts';
import { FAST, outboxReaches, outboxServices, registersOnce } from './harness.ts';

const { redis, standIn, client, apps, started } = await outboxServices();

/** `npm run outbox -- …args` against the test's Redis. */
const outbox = (...args: string[]) => outboxCommand(redis.url, args);

/** Queues `email`'s registration, then has the provider refuse it: one dead letter. */
async function deadLetter(app: StartedApp, email: string) {
  standIn.respond(503, {});
  expect((await register(app.base, candidate({ email, last_name: 'Noether' }))).status).toBe(202);
  standIn.respond(401, { detail: 'bad credential' });
}

// Each command is a Node process compiling the CLI (tsx): up to six a test, a few seconds each on
// a busy machine, so each test has a minute.
describe('npm run outbox', { timeout: 60_000 }, () => {
  it('lists the dead letters by id, with nothing of the candidate', async () => {
    const app = await started();
    await deadLetter(app, 'emmy.noether@example.com');
    await outboxReaches(client, { depth: 0, deadLetters: 1 });
    const listed = await outbox('list');
    expect(listed.code).toBe(0);
    const [title, row, ...more] = listed.stdout.trim().split('\n');
    expect(title).toBe('1 dead letter');
    expect(more).toEqual([]);
    const [id, queuedAt, failedAt, attempts, reason] = String(row).split('\t');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(queuedAt)).toISOString()).toBe(queuedAt);
    expect(new Date(String(failedAt)).toISOString()).toBe(failedAt);
    expect(attempts).toBe('2');
    expect(reason).toBe('rejected (provider status 401)');
    expect(listed.stdout + listed.stderr).not.toMatch(/noether|S3cret|example\.com/i);
  });

  it('lists the entries waiting for delivery, with nothing of the candidate', async () => {
    const app = await started({}, { ...FAST, retryBaseMs: 600_000 });
    standIn.respond(503, {});
    expect((await register(app.base, candidate({ last_name: 'Noether' }))).status).toBe(202);
    const listed = await outbox('list', '--waiting');
    expect(listed.code).toBe(0);
    const [title, row, ...more] = listed.stdout.trim().split('\n');
    expect([title, more]).toEqual(['1 waiting', []]);
    const [id, queuedAt, attempts, state] = String(row).split('\t');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(queuedAt)).toISOString()).toBe(queuedAt);
    expect([attempts, state]).toEqual(['1', 'backing off']);
    expect(listed.stdout + listed.stderr).not.toMatch(/noether|S3cret|example\.com/i);
    expect(await outbox('list')).toEqual({ code: 0, stdout: '0 dead letters\n', stderr: '' });
  });

  it('lists an entry whose hash was changed in Redis as corrupted, and drops it', async () => {
    const app = await started({}, { ...FAST, retryBaseMs: 600_000 });
    standIn.respond(503, {});
    for (const email of ['first@example.com', 'second@example.com']) {
      expect((await register(app.base, candidate({ email }))).status).toBe(202);
    }
    const [, first = '', second = ''] = (await outbox('list', '--waiting')).stdout.split('\n');
    const broken = String(first.split('\t')[0]);
    await client.hset(jobKey(broken), 'data', '{not json');
    expect(await outbox('list', '--waiting')).toEqual({
      code: 0,
      stdout: `2 waiting\n${first.replace(/backing off$/, 'corrupted')}\n${second}\n`,
      stderr: '',
    });
    expect(await outbox('retry', broken)).toEqual({
      code: 1,
      stdout: '',
      stderr: `no dead letter ${broken}\n`,
    });
    expect(await outbox('drop', broken)).toEqual({
      code: 0,
      stdout: `dropped: ${broken}\n`,
      stderr: '',
    });
    expect(await outbox('list', '--waiting')).toEqual({
      code: 0,
      stdout: `1 waiting\n${second}\n`,
      stderr: '',
    });
  });

  it('retries a dead letter by id: it is delivered once the provider takes it', async () => {
    const app = await started();
    await deadLetter(app, 'retry@example.com');
    await outboxReaches(client, { depth: 0, deadLetters: 1 });
    const [, row] = (await outbox('list')).stdout.trim().split('\n');
    const id = String(row).split('\t')[0];
    const { handler, registered } = registersOnce();
    standIn.setHandler(handler);
    expect(await outbox('retry', String(id))).toEqual({
      code: 0,
      stdout: `queued again: ${id}\n`,
      stderr: '',
    });
    await outboxReaches(client, { depth: 0, deadLetters: 0 });
    expect(Object.fromEntries(registered)).toEqual({ 'retry@example.com': 1 });
  });

  it('drops by id; an unknown id or a bad command says so, with its exit code', async () => {
    const app = await started();
    await deadLetter(app, 'drop@example.com');
    await outboxReaches(client, { depth: 0, deadLetters: 1 });
    const id = String((await outbox('list')).stdout.trim().split('\n')[1]).split('\t')[0];
    expect(await outbox('drop', String(id))).toEqual({
      code: 0,
      stdout: `dropped: ${id}\n`,
      stderr: '',
    });
    expect(await outbox('list')).toEqual({ code: 0, stdout: '0 dead letters\n', stderr: '' });
    expect(await outbox('retry', String(id))).toMatchObject({
      code: 1,
      stderr: `no dead letter ${id}\n`,
    });
    expect(await outbox('drop', '../$(rm -rf /)\u202e')).toMatchObject({
      code: 1,
      stderr: 'no entry ?????rm?-rf????\n',
    });
    const usage = await outbox('replay');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: npm run outbox -- <command>/);
  });
});

describe('the resume a queued registration links to', () => {
  it('is kept past the retention window until delivery, then swept', async () => {
    const uploads = await mkdtemp(path.join(os.tmpdir(), 'outbox-resumes-'));
    try {
      const env = { UPLOAD_DIR: uploads, RESUME_RETENTION_DAYS: '1' };
      const first = await started(env);
      const stored = await browserUpload(
        first.base,
        new TextEncoder().encode('%PDF-1.4\n% Emmy Noether\n%%EOF\n'),
        'noether.pdf',
        'application/pdf',
      );
      const { url } = stored.body as { url: string };
      standIn.respond(503, {});
      expect(
        (await register(first.base, candidate({ uploaded_resume: null, resume_url: url }))).status,
      ).toBe(202);
      const [name = ''] = await listFiles(uploads);
      const old = new Date(Date.now() - 3 * 24 * 3_600_000);
      await utimes(path.join(uploads, name), old, old);
      await Promise.all(apps.splice(0).map((app) => app.close()));

      // An instance starting up sweeps at once: an old resume no entry holds goes (the sign
      // that the sweep ran), the held one stays.
      const unheld = '1700000000000-k3j4h5g6-other.pdf';
      await writeFile(path.join(uploads, unheld), '%PDF-1.4\n%%EOF\n');
      await utimes(path.join(uploads, unheld), old, old);
      await started(env);
      expect(
        await waitFor(
          () => listFiles(uploads),
          (files) => !files.includes(unheld),
        ),
      ).toEqual([name]);
      await Promise.all(apps.splice(0).map((app) => app.close()));

      // Delivered: the next sweep deletes it like any other old resume.
      standIn.respond(201, { id: 'x' });
      const _delivering = await started(env);
      await outboxReaches(client, { depth: 0, deadLetters: 0 });
      expect(standIn.requests.at(-1)?.body).toMatchObject({ resume_url: url });
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await started(env);
      expect(
        await waitFor(
          () => listFiles(uploads),
          (files) => files.length === 0,
        ),
      ).toEqual([]);
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  });
});
