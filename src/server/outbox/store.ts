// What the outbox decides about the Redis it is kept on, as pure functions (docs/outbox.md):
// whether Redis keeps the queue through a crash and never evicts it, whether this instance's key
// is the fleet's, and whether a queue it saw has lost entries it had acknowledged.

/** The Redis settings read with CONFIG GET; null when CONFIG is not allowed (managed Redis). */
export interface StoreSettings {
  appendonly: string;
  save: string;
  maxmemoryPolicy: string;
}

export type StoreVerdict =
  | { kind: 'durable' }
  | { kind: 'volatile'; problems: string[] }
  | { kind: 'unknown' };

/**
 * Whether a queue on Redis with `settings` survives a crash of Redis (the append-only file) and is
 * never evicted (noeviction). Snapshots alone lose every write since the last one.
 */
export function storeVerdict(settings: StoreSettings | null): StoreVerdict {
  if (settings === null) return { kind: 'unknown' };
  const problems: string[] = [];
  if (settings.appendonly.trim().toLowerCase() !== 'yes') {
    problems.push(
      settings.save.trim() === ''
        ? 'it keeps neither an append-only file nor snapshots (appendonly no, save ""), so a restart loses the whole queue'
        : 'it keeps no append-only file (appendonly no), so a crash loses every entry queued since its last snapshot',
    );
  }
  const policy = settings.maxmemoryPolicy.trim().toLowerCase();
  if (policy !== 'noeviction') {
    problems.push(`it may evict the queue when its memory is full (maxmemory-policy ${policy})`);
  }
  return problems.length === 0 ? { kind: 'durable' } : { kind: 'volatile', problems };
}

/** The line start-up stops with on a volatile Redis. */
export const volatileStoreLine = (problems: string[]) =>
  `OUTBOX is on, but the Redis at REDIS_URL would lose registrations that candidates were told are kept: ${problems.join('; ')}. Set appendonly yes and maxmemory-policy noeviction (docs/outbox.md), or OUTBOX_ALLOW_VOLATILE=1 to start anyway`;

/** Whether an error of CONFIG GET says the command is not allowed here (renamed, ACL). */
export const configRefused = (message: string) =>
  /unknown command|NOPERM|no permissions|disabled/i.test(message);

/**
 * The outbox's marker in Redis: which queue this is (`generation`, new whenever the queue is
 * made anew), the fingerprint of the key that seals its entries (never the key), and how many
 * entries it has taken in all.
 */
export interface Marker {
  generation: string;
  key: string;
  enqueued: number;
}

/** The marker as Redis holds it (HGETALL), or null when there is none or it is not whole. */
export function markerOf(hash: Record<string, string>): Marker | null {
  const { generation, key = '', enqueued = '0' } = hash;
  if (!generation || !/^\d{1,15}$/.test(enqueued)) return null;
  return { generation, key, enqueued: Number(enqueued) };
}

/** What this instance's keys say of the fleet's key, as the marker names it. */
export type KeyVerdict =
  /** No key named yet: this instance names its own. */
  | { kind: 'unnamed' }
  | { kind: 'ours' }
  /** The marker names one of OUTBOX_OLD_KEYS: a rotation starts, this instance's key seals now. */
  | { kind: 'rotating'; from: string }
  | { kind: 'foreign'; key: string };

/** `ids`: this instance's key fingerprints, the sealing one first (keyring order). */
export function keyVerdict(marker: Marker | null, ids: readonly string[]): KeyVerdict {
  if (marker === null || marker.key === '') return { kind: 'unnamed' };
  if (marker.key === ids[0]) return { kind: 'ours' };
  if (ids.includes(marker.key)) return { kind: 'rotating', from: marker.key };
  return { kind: 'foreign', key: marker.key };
}

/** The line start-up stops with when this instance's key is not the fleet's. */
export const foreignKeyLine = (key: string, own: string) =>
  `OUTBOX_KEY is not the key the outbox on REDIS_URL is sealed with (that key's fingerprint is ${key}, this one's ${own}): give every instance the same OUTBOX_KEY, or, to rotate to this one, set the old key in OUTBOX_OLD_KEYS (docs/outbox.md)`;

/** What an instance saw of the queue at its last look. */
export interface Seen {
  generation: string;
  enqueued: number;
  /** Entries waiting or dead-lettered: acknowledged to a candidate, and not delivered. */
  held: number;
}

export type Loss =
  /** The queue is gone (Redis restarted empty, or was emptied): what it held is lost. */
  | { cause: 'emptied'; lost: number }
  /** Redis went back to an earlier state: at most this many entries taken since are gone. */
  | { cause: 'rewound'; lost: number };

/**
 * What a look saw, from the marker read before the queue was counted and again after: null when
 * the two differ in a way only a Redis that restarted or went back in between explains (the
 * marker gone, a new generation, a count gone down). Then the count may be the new Redis's, not
 * the queue the marker names, and the last look's view stands until the next judges the change.
 */
export function seenAfter(before: Marker, held: number, after: Marker | null): Seen | null {
  if (after === null || after.generation !== before.generation) return null;
  if (after.enqueued < before.enqueued) return null;
  return { generation: before.generation, enqueued: before.enqueued, held };
}

/** Whether the queue lost acknowledged entries since `seen`, judging by the marker now. */
export function lossSince(seen: Seen | null, marker: Marker | null): Loss | null {
  if (seen === null) return null;
  if (marker === null || marker.generation !== seen.generation) {
    return { cause: 'emptied', lost: seen.held };
  }
  if (marker.enqueued < seen.enqueued) {
    return { cause: 'rewound', lost: seen.enqueued - marker.enqueued };
  }
  return null;
}
