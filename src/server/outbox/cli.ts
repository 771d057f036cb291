// `npm run outbox -- list|retry|drop`: the operator's view of the outbox's dead letters, by id,
// with the same variables as the app (REDIS_URL). Nothing of a candidate is ever printed: no
// entry is opened here (entries.ts). Every wait on Redis has a deadline, and each error is one
// line on stderr.
import { Redis } from 'ioredis';
import { loadConfig } from '../config.ts';
import {
  deadLetterLine,
  deadLetters,
  dropEntry,
  retryDeadLetter,
  shownId,
  waitingEntries,
  waitingLine,
} from './entries.ts';

const USAGE = `usage: npm run outbox -- <command>
  list               the dead letters: id, when queued, when given up, attempts, why
  list --waiting     the entries waiting for delivery: id, when queued, attempts, state
  retry <id>…|--all  send dead letters back to the queue, due now
  drop <id>…         delete entries (dead letters or queued) and their resumes' holds`;

/** How long Redis has to answer: to connect, and each command. */
const DEADLINE_MS = 5_000;
/** How long a whole run may take, whatever the deadlines above did not bound. */
const WATCHDOG_MS = 60_000;

type Command =
  | { kind: 'list' }
  | { kind: 'list-waiting' }
  | { kind: 'retry'; ids: string[] | 'all' }
  | { kind: 'drop'; ids: string[] };

function commandOf([command, ...rest]: string[]): Command | null {
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  if (command === 'list' && rest.length === 1 && rest[0] === '--waiting') {
    return { kind: 'list-waiting' };
  }
  if (command === 'retry' && rest.length === 1 && rest[0] === '--all') {
    return { kind: 'retry', ids: 'all' };
  }
  if ((command === 'retry' || command === 'drop') && rest.length > 0) {
    return { kind: command, ids: rest };
  }
  return null;
}

/** Where a run's lines go, as they come: what was done is printed even if a later step fails. */
interface Print {
  out(line: string): void;
  err(line: string): void;
}

/** One run of `command` against Redis `client`: its exit code. */
async function run(client: Redis, command: Command, print: Print): Promise<number> {
  if (command.kind === 'list') {
    const letters = await deadLetters(client);
    print.out(`${letters.length} dead letter${letters.length === 1 ? '' : 's'}`);
    for (const letter of letters) print.out(deadLetterLine(letter));
    return 0;
  }
  if (command.kind === 'list-waiting') {
    const waiting = await waitingEntries(client);
    print.out(`${waiting.length} waiting`);
    for (const entry of waiting) print.out(waitingLine(entry));
    return 0;
  }
  let refused = 0;
  // The ids as typed may be anything: only their safe characters are echoed (shownId).
  if (command.kind === 'retry') {
    const ids =
      command.ids === 'all' ? (await deadLetters(client)).map((letter) => letter.id) : command.ids;
    for (const id of ids) {
      const result = await retryDeadLetter(client, id);
      if (result === 'queued') print.out(`queued again: ${shownId(id)}`);
      else {
        refused++;
        print.err(
          result === 'corrupted'
            ? `entry ${shownId(id)} is corrupted: it can only be dropped`
            : `no dead letter ${shownId(id)}`,
        );
      }
    }
  } else {
    for (const id of command.ids) {
      const result = await dropEntry(client, id);
      if (result === 'dropped') print.out(`dropped: ${shownId(id)}`);
      else {
        refused++;
        print.err(
          result === 'delivering'
            ? `entry ${shownId(id)} is being delivered now: drop it once the attempt is over`
            : `no entry ${shownId(id)}`,
        );
      }
    }
  }
  return refused > 0 ? 1 : 0;
}

/** The step that did not end within its deadline. */
class NoAnswer extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The line a failure of Redis ends the run with. */
const failureLine = (reason: string) => `The outbox on REDIS_URL could not be read: ${reason}`;

/**
 * Why the run failed, as one short line: a deadline, or the first error the connection reported
 * (a refused port, a wrong password), which ioredis' own rejections ("Connection is closed.")
 * only follow.
 */
function reasonOf(error: unknown, reported: unknown): string {
  const cause = reported ?? error;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (error instanceof NoAnswer || message === 'Command timed out') {
    return `no answer within ${DEADLINE_MS / 1000} s`;
  }
  return (
    message
      .split('\n')[0]
      ?.replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .trim()
      .slice(0, 200) || 'unknown error'
  );
}

async function main(): Promise<number> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    for (const error of loaded.errors) console.error(`Configuration error: ${error}`);
    return 2;
  }
  const command = commandOf(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const { redisUrl } = loaded.config;
  if (!redisUrl) {
    console.error('Configuration error: REDIS_URL must be set: the outbox is kept on Redis');
    return 2;
  }
  // One try: no reconnection, no queue of commands while away, each command within the deadline.
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: DEADLINE_MS,
    commandTimeout: DEADLINE_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    reconnectOnError: () => false,
  });
  // Listened to, so that ioredis prints nothing of its own; the first one is the run's reason.
  let reported: unknown = null;
  client.on('error', (error) => {
    reported ??= error;
  });
  const watchdog = setTimeout(() => {
    console.error(failureLine(`the command did not end within ${WATCHDOG_MS / 1000} s`));
    process.exit(1);
  }, WATCHDOG_MS);
  try {
    await within(client.connect(), DEADLINE_MS);
    return await run(client, command, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } catch (error) {
    console.error(failureLine(reasonOf(error, reported)));
    return 1;
  } finally {
    clearTimeout(watchdog);
    client.disconnect();
  }
}

// Exits at once: nothing left of the connection keeps the process.
process.exit(await main());
