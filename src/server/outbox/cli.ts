// `npm run outbox -- list|retry|drop`: the operator's view of the outbox's dead letters, by id,
// with the same variables as the app (REDIS_URL). Nothing of a candidate is ever printed: no
// entry is opened here.
import { Redis } from 'ioredis';
import { loadConfig } from '../config.ts';
import { deadLetters, dropEntry, openQueue, retryDeadLetter, waitingEntries } from './outbox.ts';

const USAGE = `usage: npm run outbox -- <command>
  list               the dead letters: id, when queued, when given up, attempts, why
  list --waiting     the entries waiting for delivery: id, when queued, attempts, state
  retry <id>…|--all  send dead letters back to the queue, due now
  drop <id>…         delete entries (dead letters or queued) and their resumes' holds`;

/** What a run printed and how it ends. */
interface Run {
  out: string[];
  err: string[];
  code: number;
}

/** One run of the command line `args` against Redis `client`. */
async function runOutboxCommand(client: Redis, args: string[]): Promise<Run> {
  const [command, ...rest] = args;
  const out: string[] = [];
  const err: string[] = [];
  const queue = openQueue(client);
  try {
    if (command === 'list' && rest.length === 0) {
      const letters = await deadLetters(queue);
      out.push(`${letters.length} dead letter${letters.length === 1 ? '' : 's'}`);
      for (const letter of letters) {
        out.push(
          [letter.id, letter.queuedAt, letter.failedAt ?? '-', letter.attempts, letter.reason].join(
            '\t',
          ),
        );
      }
      return { out, err, code: 0 };
    }
    if (command === 'list' && rest.length === 1 && rest[0] === '--waiting') {
      const waiting = await waitingEntries(queue);
      out.push(`${waiting.length} waiting`);
      for (const entry of waiting) {
        out.push([entry.id, entry.queuedAt, entry.attempts, entry.state].join('\t'));
      }
      return { out, err, code: 0 };
    }
    if ((command === 'retry' || command === 'drop') && rest.length > 0) {
      const ids =
        command === 'retry' && rest.length === 1 && rest[0] === '--all'
          ? (await deadLetters(queue)).map((letter) => letter.id)
          : rest;
      let missing = 0;
      for (const id of ids) {
        const done =
          command === 'retry'
            ? await retryDeadLetter(queue, client, id)
            : await dropEntry(queue, client, id);
        if (done) out.push(`${command === 'retry' ? 'queued again' : 'dropped'}: ${id}`);
        else {
          missing++;
          // The id as typed may be anything: only its safe characters are echoed.
          err.push(
            `no ${command === 'retry' ? 'dead letter' : 'entry'} ${id.replace(/[^\w-]/g, '?').slice(0, 64)}`,
          );
        }
      }
      return { out, err, code: missing > 0 ? 1 : 0 };
    }
    return { out, err: [USAGE], code: 2 };
  } finally {
    await queue.close();
  }
}

async function main() {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    for (const error of loaded.errors) console.error(`Configuration error: ${error}`);
    return 2;
  }
  const { redisUrl } = loaded.config;
  if (!redisUrl) {
    console.error('Configuration error: REDIS_URL must be set: the outbox is kept on Redis');
    return 2;
  }
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  let failure: unknown = null;
  client.on('error', (error) => {
    failure = error;
  });
  try {
    const run = await runOutboxCommand(client, process.argv.slice(2));
    for (const line of run.out) console.log(line);
    for (const line of run.err) console.error(line);
    return run.code;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(failure ?? error);
    console.error(`The outbox on REDIS_URL could not be read: ${reason}`);
    return 1;
  } finally {
    client.disconnect();
  }
}

process.exitCode = await main();
