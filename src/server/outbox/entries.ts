// BullMQ 6.7, tried with a real Worker: a job whose data or opts is not JSON throws a SyntaxError
// in the fetch (Job.fromJSON), as the worker's 'error'; it stays in `active` under a lock nobody
// renews, the stalled checker puts it back in `wait`, and so for ever (`defa` never applies).
//
// So the operator's command (cli.ts) reads and changes entries here with plain Redis commands,
// never through Job.fromJSON: one corrupted entry is listed as such, and can be dropped, while
// the rest of the queue reads as usual. Nothing of a candidate is read: no entry is opened.
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  HOLDS_KEY,
  jobKey,
  LATE_KEY,
  OUTBOX_PREFIX,
  OUTBOX_QUEUE,
  SINCE_KEY,
  stateKey,
} from './keys.ts';

/** BullMQ's lists and sorted sets of ids (node_modules/bullmq, commands/*.lua). */
const LISTS = ['wait', 'paused', 'active'] as const;
const SORTED_SETS = ['delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;
/** What a quarantined entry's dead letter says. @internal test/outbox/cli.test.ts reads it. */
export const UNREADABLE_REASON = 'unreadable (corrupted entry)';
/** Ids read at once (one pipeline). */
const CHUNK = 500;

/** The fields of an entry's hash the operator's rows and checks read. */
const FIELDS = [
  'timestamp',
  'atm',
  'attemptsMade',
  'finishedOn',
  'failedReason',
  'data',
  'opts',
  'progress',
  'parent',
] as const;
type Field = (typeof FIELDS)[number];
/**
 * An entry's hash as HMGET gives it: a field it lacks is null.
 * @internal entries.test.ts generates them.
 */
export type EntryFields = Record<Field, string | null>;

/** A dead letter as `npm run outbox -- list` shows it: nothing of the candidate. */
export interface DeadLetter {
  id: string;
  /** When queued; null when the hash's time is not one. */
  queuedAt: string | null;
  failedAt: string | null;
  /** Attempts so far, the first (the candidate's own request) included; null when unreadable. */
  attempts: number | null;
  /** Why it was given up, or `corrupted`. */
  reason: string;
}

/** An entry waiting for delivery, as `npm run outbox -- list --waiting` shows it. */
export interface Waiting {
  id: string;
  queuedAt: string | null;
  attempts: number | null;
  /** Being delivered now, due now, waiting out a backoff, or not readable at all. */
  state: 'delivering' | 'due' | 'backing off' | 'corrupted';
}

const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * The outbox's ids are UUIDs (randomUUID): nothing else names an entry, nor another key.
 * @internal entries.test.ts tries what an operator may type.
 */
export const isEntryId = (id: string) => ENTRY_ID.test(id);

/** An id as typed or as found, safe to print: its word characters and dashes, 64 at most. */
export const shownId = (id: string) => id.replace(/[^\w-]/g, '?').slice(0, 64) || '?';

const parsed = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
};

/**
 * Whether BullMQ throws on reading this hash (its rawToJobJson, then Job.fromJSON): `data`,
 * `progress` or `parent` not JSON, `opts` not JSON or null.
 * @internal entries.test.ts holds it to BullMQ's own reading.
 */
export function unreadableByBullMQ(
  fields: Pick<EntryFields, 'data' | 'opts' | 'progress' | 'parent'>,
) {
  const opts = parsed(fields.opts || '{}');
  return (
    parsed(fields.data || '{}') === null ||
    opts === null ||
    opts.value === null ||
    parsed(fields.progress || '0') === null ||
    (Boolean(fields.parent) && parsed(String(fields.parent)) === null)
  );
}

/**
 * Whether the entry cannot be delivered: BullMQ cannot read it, or it holds no sealed text.
 * @internal entries.test.ts holds it to its definition.
 */
export function isCorrupted(fields: EntryFields) {
  if (unreadableByBullMQ(fields)) return true;
  const data = parsed(fields.data || '{}')?.value;
  return (
    typeof data !== 'object' || data === null || typeof Reflect.get(data, 'sealed') !== 'string'
  );
}

/** A time BullMQ wrote (milliseconds since 1970, in decimal) as ISO 8601; null if it is not one. */
function timeOf(text: string | null): string | null {
  if (text === null || !/^\d{1,16}$/.test(text)) return null;
  const ms = Number(text);
  return ms <= 8.64e15 ? new Date(ms).toISOString() : null;
}

/** Attempts so far, the first included: BullMQ counts the failed ones (`atm`, once `attemptsMade`). */
function attemptsOf(fields: EntryFields): number | null {
  const made = fields.atm || fields.attemptsMade || '0';
  return /^\d{1,9}$/.test(made) ? Number(made) + 1 : null;
}

/** A reason as one short line: no control or format characters (tabs, newlines, bidi marks). */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, 200);

/** @internal entries.test.ts reads any hash through it. */
export function deadLetterOf(id: string, fields: EntryFields): DeadLetter {
  return {
    id,
    queuedAt: timeOf(fields.timestamp),
    failedAt: timeOf(fields.finishedOn),
    attempts: attemptsOf(fields),
    reason: isCorrupted(fields) ? 'corrupted' : oneLine(fields.failedReason ?? '') || '-',
  };
}

/** @internal entries.test.ts reads any hash through it. */
export function waitingOf(id: string, fields: EntryFields, state: Waiting['state']): Waiting {
  return {
    id,
    queuedAt: timeOf(fields.timestamp),
    attempts: attemptsOf(fields),
    state: isCorrupted(fields) ? 'corrupted' : state,
  };
}

const cell = (value: string | number | null) => (value === null ? '-' : String(value));

/** A dead letter's row: id, when queued, when given up, attempts, why (tab-separated). */
export const deadLetterLine = (row: DeadLetter) =>
  [shownId(row.id), row.queuedAt, row.failedAt, row.attempts, row.reason].map(cell).join('\t');

/** A waiting entry's row: id, when queued, attempts, state (tab-separated). */
export const waitingLine = (row: Waiting) =>
  [shownId(row.id), row.queuedAt, row.attempts, row.state].map(cell).join('\t');

/** An entry's hash as read: absent, or its fields (all null and corrupted when not a hash). */
type Read = { id: string; fields: EntryFields; hash: boolean } | null;

const NO_FIELDS = Object.fromEntries(FIELDS.map((field) => [field, null])) as EntryFields;

/** The hashes of `ids`, a pipeline per CHUNK ids; null for an id without one. */
async function readEntries(client: Redis, ids: readonly string[]): Promise<Map<string, Read>> {
  const read = new Map<string, Read>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const pipeline = client.pipeline();
    for (const id of chunk) pipeline.exists(jobKey(id)).hmget(jobKey(id), ...FIELDS);
    const replies = (await pipeline.exec()) ?? [];
    chunk.forEach((id, index) => {
      const [existsError, exists] = replies[2 * index] ?? [];
      const [fieldsError, values] = replies[2 * index + 1] ?? [];
      if (existsError) throw existsError;
      if (exists !== 1) read.set(id, null);
      // A key of another type under the entry's name (WRONGTYPE): nothing in it is an entry's.
      else if (fieldsError) read.set(id, { id, fields: NO_FIELDS, hash: false });
      else {
        const list = values as (string | null)[];
        const fields = Object.fromEntries(FIELDS.map((field, i) => [field, list[i] ?? null]));
        read.set(id, { id, fields: fields as EntryFields, hash: true });
      }
    });
  }
  return read;
}

const readEntry = async (client: Redis, id: string) =>
  (await readEntries(client, [id])).get(id) ?? null;

/** The ids in BullMQ's structures `states`, in order, each once (the first state it is in). */
async function idsIn(client: Redis, states: readonly string[]): Promise<Map<string, string>> {
  const pipeline = client.pipeline();
  for (const state of states) {
    const key = stateKey(state);
    if ((LISTS as readonly string[]).includes(state)) pipeline.lrange(key, 0, -1);
    else pipeline.zrange(key, 0, -1);
  }
  const replies = (await pipeline.exec()) ?? [];
  const ids = new Map<string, string>();
  states.forEach((state, index) => {
    const [error, list] = replies[index] ?? [];
    if (error) throw error;
    for (const id of list as string[]) if (!ids.has(id)) ids.set(id, state);
  });
  return ids;
}

/** The dead letters, oldest given up first, without opening any. */
export async function deadLetters(client: Redis): Promise<DeadLetter[]> {
  const ids = [...(await idsIn(client, ['failed'])).keys()];
  const read = await readEntries(client, ids);
  return ids.flatMap((id) => {
    const entry = read.get(id);
    return entry ? [deadLetterOf(id, entry.fields)] : [];
  });
}

const WAITING_STATES: Record<string, Waiting['state']> = {
  active: 'delivering',
  wait: 'due',
  paused: 'due',
  prioritized: 'due',
  delayed: 'backing off',
};

/** The entries waiting for delivery, oldest first, without opening any. */
export async function waitingEntries(client: Redis): Promise<Waiting[]> {
  const ids = await idsIn(client, Object.keys(WAITING_STATES));
  const read = await readEntries(client, [...ids.keys()]);
  const rows = [...ids].flatMap(([id, state]) => {
    const entry = read.get(id);
    return entry ? [waitingOf(id, entry.fields, WAITING_STATES[state] ?? 'due')] : [];
  });
  // Unreadable times last; the same time in the order found.
  const at = (row: Waiting) => (row.queuedAt === null ? Infinity : Date.parse(row.queuedAt));
  return rows.sort((a, b) => at(a) - at(b) || 0);
}

/** BullMQ's queue on `client`, for the few changes it makes itself; closed by `use`'s end. */
async function withQueue<T>(client: Redis, use: (queue: Queue) => Promise<T>): Promise<T> {
  const queue = new Queue(OUTBOX_QUEUE, {
    connection: client,
    prefix: OUTBOX_PREFIX,
    skipWaitingForReady: true,
    // No INFO of its own, nor its warnings on stderr: the command prints only its lines.
    skipVersionCheck: true,
  });
  // Its errors are the client's, and reach the caller as the command's rejection.
  queue.on('error', () => {});
  try {
    return await use(queue);
  } finally {
    await queue.close().catch(() => {});
  }
}

export type RetryResult = 'queued' | 'missing' | 'corrupted';

/**
 * Sends dead letter `id` back to the queue, due now (through BullMQ, once the entry is known to
 * read); `missing` when there is no such dead letter, `corrupted` when it can only be dropped.
 */
export async function retryDeadLetter(client: Redis, id: string): Promise<RetryResult> {
  if (!isEntryId(id)) return 'missing';
  const [entry, failed] = await Promise.all([
    readEntry(client, id),
    client.zscore(stateKey('failed'), id),
  ]);
  if (!entry || failed === null) return 'missing';
  if (!entry.hash || isCorrupted(entry.fields)) return 'corrupted';
  return withQueue(client, async (queue) => {
    const job = await queue.getJob(id);
    if (!job) return 'missing';
    await client.zadd(SINCE_KEY, Date.now(), id);
    await job.retry('failed', { resetAttemptsMade: true });
    return 'queued';
  });
}

/** The keys BullMQ keeps beside an entry's hash (removeJobKeys.lua, and its lock). */
const JOB_KEYS = ['lock', 'logs', 'dependencies', 'processed', 'failed', 'unsuccessful'];

export type DropResult = 'dropped' | 'missing' | 'delivering';

/**
 * Deletes entry `id` (a dead letter, or one still queued, corrupted or not), with its lock, its
 * logs, its id in every BullMQ structure, its age, its resume's hold and its late mark (the
 * outbox's index, keys.ts). BullMQ's Queue.remove does most of it without reading `data`
 * (removeJob-2.lua), but leaves the index, and an id in a second structure, and refuses a locked
 * entry: an entry a worker is delivering now is left to it (`delivering`); a corrupted one's lock
 * is no worker's (see the top of this file), so it goes.
 */
export async function dropEntry(client: Redis, id: string): Promise<DropResult> {
  if (!isEntryId(id)) return 'missing';
  const entry = await readEntry(client, id);
  if (!entry) return 'missing';
  const corrupted = !entry.hash || isCorrupted(entry.fields);
  const locked = (await client.exists(`${jobKey(id)}:lock`)) === 1;
  if (locked && !corrupted) return 'delivering';
  if (!locked && entry.hash) {
    const removed = await withQueue(client, (queue) => queue.remove(id));
    if (removed !== 1 && !corrupted) return 'delivering';
  }
  const key = jobKey(id);
  const forget = client.multi().del(key, ...JOB_KEYS.map((suffix) => `${key}:${suffix}`));
  for (const list of LISTS) forget.lrem(stateKey(list), 0, id);
  for (const set of SORTED_SETS) forget.zrem(stateKey(set), id);
  forget.srem(stateKey('stalled'), id).zrem(SINCE_KEY, id).hdel(HOLDS_KEY, id).srem(LATE_KEY, id);
  await execAll(forget);
  return 'dropped';
}

/** Runs a MULTI, rejecting with the first command's error, if any. */
async function execAll(multi: ReturnType<Redis['multi']>) {
  const replies = (await multi.exec()) ?? [];
  const failed = replies.find(([error]) => error);
  if (failed) throw failed[0];
  return replies.map(([, reply]) => reply);
}

/**
 * Moves the entry to the dead letters if its fields are still those read (ARGV[4..11]: present,
 * value for data, opts, progress, parent): out of every other structure, its lock and its age.
 */
const QUARANTINE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local fields = redis.call('HMGET', KEYS[1], 'data', 'opts', 'progress', 'parent')
for i = 1, 4 do
  local present, value = ARGV[2 + 2 * i], ARGV[3 + 2 * i]
  if (present == '1' and fields[i] ~= value) or (present == '0' and fields[i]) then return 0 end
end
for i = 3, 5 do redis.call('LREM', KEYS[i], 0, ARGV[1]) end
for i = 6, 9 do redis.call('ZREM', KEYS[i], ARGV[1]) end
redis.call('SREM', KEYS[10], ARGV[1])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'failedReason', ARGV[3], 'finishedOn', ARGV[2])
redis.call('ZADD', KEYS[11], ARGV[2], ARGV[1])
redis.call('ZREM', KEYS[12], ARGV[1])
return 1
`;

/**
 * Finds the entries in wait, paused, prioritized, delayed or active that BullMQ cannot read (its
 * Job.fromJSON would throw) and moves each, atomically and only if unchanged since read, to the
 * dead letters with failedReason UNREADABLE_REASON and finishedOn `now`: out of every other state
 * structure, its lock released, out of SINCE_KEY (its hold stays, as a dead letter's does).
 * Resolves with their ids.
 */
export async function quarantineCorrupted(client: Redis, now = Date.now()): Promise<string[]> {
  const ids = await idsIn(client, ['wait', 'paused', 'prioritized', 'delayed', 'active']);
  const read = await readEntries(client, [...ids.keys()]);
  const moved: string[] = [];
  for (const entry of read.values()) {
    if (!entry?.hash || !unreadableByBullMQ(entry.fields)) continue;
    const { id, fields } = entry;
    const keys = [
      jobKey(id),
      `${jobKey(id)}:lock`,
      ...LISTS.map(stateKey),
      ...['delayed', 'prioritized', 'waiting-children', 'completed', 'stalled', 'failed'].map(
        stateKey,
      ),
      SINCE_KEY,
    ];
    const guard = [fields.data, fields.opts, fields.progress, fields.parent].flatMap((value) =>
      value === null ? ['0', ''] : ['1', value],
    );
    const done = await client.eval(
      QUARANTINE,
      keys.length,
      ...keys,
      id,
      now,
      UNREADABLE_REASON,
      ...guard,
    );
    if (done === 1) moved.push(id);
  }
  return moved;
}
