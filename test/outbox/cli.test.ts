// The operator's command (`npm run outbox`) when something is wrong: an entry whose hash was
// changed in Redis, a Redis that never answers, a port nothing listens on; and the dead-lettering
// of the entries BullMQ cannot read (quarantineCorrupted), beside a real BullMQ Worker. A real
// redis-server; entries queued as the outbox queues them; the command as a process.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { quarantineCorrupted, UNREADABLE_REASON } from '../../src/server/outbox/entries.ts';
import {
  HOLDS_KEY,
  jobKey,
  LATE_KEY,
  OUTBOX_PREFIX,
  OUTBOX_QUEUE,
  SINCE_KEY,
  stateKey,
} from '../../src/server/outbox/keys.ts';
import { waitFor } from '../helpers/app.ts';
import { freePort, startRedis } from '../ops/services.ts';
import { type CommandRun, outboxCommand } from './command.ts';

const redis = await startRedis();
const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
const queue = new Queue(OUTBOX_QUEUE, { connection: client, prefix: OUTBOX_PREFIX });
beforeEach(async () => {
  await client.flushall();
});
afterAll(async () => {
  await queue.close();
  client.disconnect();
  await redis.stop();
});

const outbox = (...args: string[]) => outboxCommand(redis.url, args);

/**
 * When the test's entries were queued, a second apart: now, as BullMQ counts a delay from it (an
 * entry delayed 10 minutes from long ago would be due).
 */
const QUEUED_AT = Date.now();
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Queues an entry as the outbox does (its age, its resume's hold, the job): its id. */
async function queued(
  at: number,
  { delayMs = 600_000, priority }: { delayMs?: number; priority?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await client.multi().zadd(SINCE_KEY, at, id).hset(HOLDS_KEY, id, `hold-${id}`).exec();
  await queue.add(
    'registration',
    { sealed: `v2.test.${id}` },
    {
      jobId: id,
      timestamp: at,
      delay: delayMs,
      priority,
      attempts: 1_000_000,
      backoff: { type: 'outbox' },
      removeOnComplete: true,
      removeOnFail: false,
    },
  );
  return id;
}

/** A worker of the queue as the outbox's (short periods, but `lockMs`), closed by the test. */
function worker(deliver: (id: string) => Promise<unknown>, lockMs = 2_000) {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const errors: Error[] = [];
  const instance = new Worker(OUTBOX_QUEUE, (job) => deliver(String(job.id)), {
    connection,
    prefix: OUTBOX_PREFIX,
    lockDuration: lockMs,
    stalledInterval: 500,
    maxStalledCount: 5,
    settings: { backoffStrategy: () => 600_000 },
  });
  instance.on('error', (error) => errors.push(error));
  return {
    errors,
    async close() {
      await instance.close(true);
      connection.disconnect();
    },
  };
}

/** Dead letters as the provider's refusal makes them: their ids, in the order given up. */
async function deadLettered(...at: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const time of at) {
    ids.push(await queued(time, { delayMs: 0 }));
    // One at a time, so that each is given up after the one before.
    const refusing = worker(async (id) => {
      await client.zrem(SINCE_KEY, id);
      throw new UnrecoverableError('rejected (provider status 401)');
    });
    await waitFor(
      () => client.zcard(stateKey('failed')),
      (count) => count === ids.length,
    );
    await refusing.close();
  }
  return ids;
}

const corrupt = (id: string, field = 'data', value = '{not json') =>
  client.hset(jobKey(id), field, value);

/** Everything Redis holds that names entry `id`: its hash, lock…, structures, index. */
async function tracesOf(id: string) {
  const keys = (await client.keys(`*${id}*`)).map((key) =>
    key === jobKey(id) ? 'hash' : key.replace(`${jobKey(id)}:`, ''),
  );
  const lists = ['wait', 'paused', 'active'];
  const sets = ['delayed', 'prioritized', 'waiting-children', 'failed', 'completed'];
  const found = [
    ...keys,
    ...(await Promise.all(lists.map(async (list) => [list, await client.lpos(stateKey(list), id)])))
      .filter(([, at]) => at !== null)
      .map(([list]) => String(list)),
    ...(await Promise.all(sets.map(async (set) => [set, await client.zscore(stateKey(set), id)])))
      .filter(([, score]) => score !== null)
      .map(([set]) => String(set)),
  ];
  if (await client.sismember(stateKey('stalled'), id)) found.push('stalled');
  if ((await client.zscore(SINCE_KEY, id)) !== null) found.push('since');
  if (await client.hexists(HOLDS_KEY, id)) found.push('hold');
  if (await client.sismember(LATE_KEY, id)) found.push('late');
  return found.sort();
}

/** A dead letter's row as `list` prints it, from what Redis holds. */
async function deadLetterRow(id: string, attempts: number, reason: string) {
  const [timestamp, finishedOn] = await client.hmget(jobKey(id), 'timestamp', 'finishedOn');
  return [id, iso(String(timestamp)), iso(String(finishedOn)), attempts, reason].join('\t');
}

// Each command is a Node process compiling the CLI (tsx), a few seconds on a busy machine.
describe('an entry whose hash was changed in Redis', { timeout: 60_000 }, () => {
  it('is listed as corrupted, and the other entries as usual', async () => {
    const [first, third] = [await queued(QUEUED_AT), await queued(QUEUED_AT + 2_000)];
    const broken = await queued(QUEUED_AT + 1_000);
    await corrupt(broken);
    expect(await outbox('list', '--waiting')).toEqual({
      code: 0,
      stdout: [
        '3 waiting',
        `${first}\t${iso(QUEUED_AT)}\t1\tbacking off`,
        `${broken}\t${iso(QUEUED_AT + 1_000)}\t1\tcorrupted`,
        `${third}\t${iso(QUEUED_AT + 2_000)}\t1\tbacking off`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('is listed as a corrupted dead letter, and the others as usual', async () => {
    const [first, broken] = await deadLettered(QUEUED_AT, QUEUED_AT + 1_000);
    await corrupt(String(broken), 'opts', 'null');
    expect(await outbox('list')).toEqual({
      code: 0,
      stdout: [
        '2 dead letters',
        await deadLetterRow(String(first), 2, 'rejected (provider status 401)'),
        await deadLetterRow(String(broken), 2, 'corrupted'),
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('can be dropped with all of it, queued or dead-lettered; the others stay', async () => {
    const [letter, brokenLetter] = await deadLettered(QUEUED_AT, QUEUED_AT + 1_000);
    const [waiting, brokenWaiting] = [
      await queued(QUEUED_AT + 2_000),
      await queued(QUEUED_AT + 3_000),
    ];
    await corrupt(String(brokenLetter));
    await corrupt(brokenWaiting, 'data', '{}');
    await client.rpush(`${jobKey(brokenWaiting)}:logs`, 'a log line');
    await client.sadd(LATE_KEY, brokenWaiting);
    expect(await outbox('drop', String(brokenLetter), brokenWaiting)).toEqual({
      code: 0,
      stdout: `dropped: ${brokenLetter}\ndropped: ${brokenWaiting}\n`,
      stderr: '',
    });
    expect(await tracesOf(String(brokenLetter))).toEqual([]);
    expect(await tracesOf(brokenWaiting)).toEqual([]);
    expect(await tracesOf(waiting)).toEqual(['delayed', 'hash', 'hold', 'since']);
    expect(await tracesOf(String(letter))).toEqual(['failed', 'hash', 'hold']);
  });

  it('is refused by retry, by id or with --all, which retries the others', async () => {
    const [letter, broken] = await deadLettered(QUEUED_AT, QUEUED_AT + 1_000);
    await corrupt(String(broken));
    expect(await outbox('retry', String(broken))).toEqual({
      code: 1,
      stdout: '',
      stderr: `entry ${broken} is corrupted: it can only be dropped\n`,
    });
    expect(await outbox('retry', '--all')).toEqual({
      code: 1,
      stdout: `queued again: ${letter}\n`,
      stderr: `entry ${broken} is corrupted: it can only be dropped\n`,
    });
    expect(await client.lrange(stateKey('wait'), 0, -1)).toEqual([letter]);
    expect(await client.zrange(stateKey('failed'), 0, -1)).toEqual([broken]);
  });

  it('is dropped even while a worker that could not read it holds it; a delivery is not', async () => {
    const [broken, delivering] = [
      await queued(QUEUED_AT, { delayMs: 0 }),
      await queued(QUEUED_AT + 1_000, { delayMs: 0 }),
    ];
    await corrupt(broken);
    let finish = () => {};
    // Locks as long as the outbox's: the unread entry's does not lapse during the test.
    const under = worker(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      30_000,
    );
    try {
      await waitFor(
        async () => [
          await client.exists(`${jobKey(broken)}:lock`),
          await client.exists(`${jobKey(delivering)}:lock`),
        ],
        (locks) => locks.every((lock) => lock === 1),
      );
      expect(await outbox('drop', broken, delivering)).toEqual({
        code: 1,
        stdout: `dropped: ${broken}\n`,
        stderr: `entry ${delivering} is being delivered now: drop it once the attempt is over\n`,
      });
      expect(await tracesOf(broken)).toEqual([]);
      finish();
      await waitFor(
        () => client.exists(jobKey(delivering)),
        (exists) => exists === 0,
      );
    } finally {
      await under.close();
    }
  });
});

/** A server on 127.0.0.1 that takes connections and answers `answers` commands on each. */
async function mute(answers: number) {
  const sockets = new Set<Socket>();
  let reachedAt: number | null = null;
  const server: Server = createServer((socket) => {
    reachedAt ??= performance.now();
    sockets.add(socket);
    socket.on('error', () => {});
    let left = answers;
    socket.on('data', () => {
      if (left-- <= 0) return;
      // INFO's answer, enough for ioredis' ready check.
      const info = '# Server\r\nredis_version:7.0.15\r\n# Persistence\r\nloading:0\r\n';
      socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    /** When the first connection came (`performance.now()`), if any has. */
    reachedAt: () => reachedAt,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const COMMANDS = [['list'], ['list', '--waiting'], ['retry', '--all'], ['drop', randomUUID()]];

/**
 * Each command at once, each against a mute server of its own: what it printed, and whether it
 * ended within 10 s of reaching the server (the time Node and tsx take to start, long on a busy
 * machine, left out).
 */
const againstMute = (answers: number) =>
  Promise.all(
    COMMANDS.map(async (args) => {
      const server = await mute(answers);
      try {
        const run: CommandRun = await outboxCommand(server.url, args, 40_000);
        const reachedAt = server.reachedAt();
        const endedInTime = reachedAt !== null && performance.now() - reachedAt < 10_000;
        return { ...run, endedInTime };
      } finally {
        await server.close();
      }
    }),
  );

const NO_ANSWER = {
  code: 1,
  stdout: '',
  stderr: 'The outbox on REDIS_URL could not be read: no answer within 5 s\n',
  endedInTime: true,
};

describe('a Redis that cannot be used', { timeout: 60_000 }, () => {
  // These two at once: each waits out the command's 5 s against mute servers of its own, and
  // neither reads the test's Redis that beforeEach empties.
  it.concurrent('that takes the connection and never answers: each command ends in time, one line', async () => {
    expect(await againstMute(0)).toEqual(COMMANDS.map(() => NO_ANSWER));
  });

  it.concurrent('that answers the connection, then no command: the same', async () => {
    expect(await againstMute(1)).toEqual(COMMANDS.map(() => NO_ANSWER));
  });

  it('on a port nothing listens on: one clear line, no stack trace', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const runs = await Promise.all(COMMANDS.map((args) => outboxCommand(url, args)));
    expect(runs).toEqual(
      COMMANDS.map(() => ({
        code: 1,
        stdout: '',
        stderr: `The outbox on REDIS_URL could not be read: connect ECONNREFUSED 127.0.0.1:${port}\n`,
      })),
    );
  });
});

describe('quarantineCorrupted', () => {
  it('dead-letters what a real worker could not read, which it held in active; the rest stays', async () => {
    const [letter] = await deadLettered(QUEUED_AT);
    const broken = await queued(QUEUED_AT + 1_000, { delayMs: 0 });
    const later = await queued(QUEUED_AT + 2_000);
    await corrupt(broken);
    const letterBefore = await client.hgetall(jobKey(String(letter)));
    const delivered: string[] = [];
    const running = worker(async (id) => {
      delivered.push(id);
    });
    try {
      // BullMQ today (entries.ts): its fetch throws, the job stays in active, locked, undelivered.
      await waitFor(
        () => Promise.resolve(running.errors.length),
        (count) => count > 0,
      );
      expect(running.errors[0]).toBeInstanceOf(SyntaxError);
      expect(await tracesOf(broken)).toEqual(
        expect.arrayContaining(['active', 'hash', 'lock', 'since']),
      );

      const now = Date.now();
      expect(await quarantineCorrupted(client, now)).toEqual([broken]);
      expect(await tracesOf(broken)).toEqual(['failed', 'hash', 'hold']);
      expect(await client.zscore(stateKey('failed'), broken)).toBe(String(now));
      expect(await client.hmget(jobKey(broken), 'failedReason', 'finishedOn', 'data')).toEqual([
        UNREADABLE_REASON,
        String(now),
        '{not json',
      ]);
      expect(await tracesOf(later)).toEqual(['delayed', 'hash', 'hold', 'since']);
      expect(await client.hgetall(jobKey(String(letter)))).toEqual(letterBefore);

      // The stalled checker has nothing to put back: three rounds later it is still a dead letter.
      const errors = running.errors.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await tracesOf(broken)).toEqual(['failed', 'hash', 'hold']);
      expect([running.errors.length, delivered]).toEqual([errors, []]);
      expect(await outbox('list')).toEqual({
        code: 0,
        stdout: [
          '2 dead letters',
          await deadLetterRow(String(letter), 2, 'rejected (provider status 401)'),
          `${broken}\t${iso(QUEUED_AT + 1_000)}\t${iso(now)}\t1\tcorrupted`,
          '',
        ].join('\n'),
        stderr: '',
      });
    } finally {
      await running.close();
    }
  }, 60_000);

  it('takes exactly what Job.fromJSON throws on, from every waiting state', async () => {
    const unreadable = {
      'data not JSON': ['data', '{"sealed": '],
      'opts null': ['opts', 'null'],
      'opts not JSON': ['opts', '{'],
      'progress not JSON': ['progress', 'half'],
      'parent not JSON': ['parent', '{queue'],
    } as const;
    // BullMQ reads these; delivery then finds no sealed text (the worker's to dead-letter).
    const readable = {
      'data without sealed': ['data', '{}'],
      'data null': ['data', 'null'],
      'empty data': ['data', ''],
    } as const;
    const ids = new Map<string, string>();
    // In wait, delayed and prioritized in turn.
    const states = [{ delayMs: 0 }, { delayMs: 600_000 }, { delayMs: 0, priority: 5 }];
    for (const [name, [field, value]] of Object.entries({ ...unreadable, ...readable })) {
      const id = await queued(QUEUED_AT + ids.size * 1_000, states[ids.size % states.length]);
      await corrupt(id, field, value);
      ids.set(name, id);
    }
    const fine = await queued(QUEUED_AT);
    const moved = await quarantineCorrupted(client, QUEUED_AT);
    expect(moved.sort()).toEqual(
      Object.keys(unreadable)
        .map((name) => String(ids.get(name)))
        .sort(),
    );
    expect(await client.zcard(stateKey('failed'))).toBe(moved.length);
    expect(await quarantineCorrupted(client)).toEqual([]);
    expect(await tracesOf(fine)).toEqual(['delayed', 'hash', 'hold', 'since']);
  });
});
