// The Redis keys the outbox writes (docs/outbox.md): BullMQ's queue under one prefix, and the
// outbox's own index beside it. The app, the CLI and the tests name them from here.

/** The queue's name and the prefix of every Redis key the outbox writes. */
export const OUTBOX_QUEUE = 'outbox';
export const OUTBOX_PREFIX = 'resume-registration';
/** The entries' ages (a sorted set: id by time queued). */
export const SINCE_KEY = `${OUTBOX_PREFIX}:outbox-index:since`;
/** The stored resumes' holds (a hash: id → keyed hash of the resume's name). */
export const HOLDS_KEY = `${OUTBOX_PREFIX}:outbox-index:holds`;
/** The hash BullMQ keeps an entry in (its sealed text among its fields). */
export const jobKey = (id: string) => `${OUTBOX_PREFIX}:${OUTBOX_QUEUE}:${id}`;
/** A BullMQ state's list or sorted set of ids: wait, active, delayed, prioritized, failed, … */
export const stateKey = (state: string) => `${OUTBOX_PREFIX}:${OUTBOX_QUEUE}:${state}`;
/**
 * The outbox's marker (a hash): which queue this is, the fingerprint of the key that seals it,
 * and how many entries it has taken (store.ts).
 */
export const MARKER_KEY = `${OUTBOX_PREFIX}:outbox-index:marker`;
/** Entries whose first provider call answered after they were queued (a set of ids). */
export const LATE_KEY = `${OUTBOX_PREFIX}:outbox-index:late`;
/** A submission's record (routes/register.ts), by a hash of its idempotency key. */
export const submissionKey = (hash: string) => `${OUTBOX_PREFIX}:submission:${hash}`;
