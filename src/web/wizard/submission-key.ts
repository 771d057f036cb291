// The idempotency key each submission carries (docs/form.md, src/shared/idempotency.ts): made when
// a submission is first sent, sent again with the same answers after an attempt that got no final
// answer, and new once the answers change or an answer was final. Code the first input fetches
// with registration.ts, not the page's first script.
import { isIdempotencyKey } from '../../shared/idempotency.ts';
import { isRecord } from '../../shared/is-record.ts';
import { SUBMISSION_KEY_ITEM } from '../draft.ts';

/**
 * How the last attempt with a key ended: `no-answer` (none at all, or not yet: a reload while it
 * was on its way), `server-error` (a 5xx), or `final` (any other status: 2xx or 4xx).
 */
export type AttemptEnd = 'no-answer' | 'server-error' | 'final';

/** A key as it was last sent: with the fingerprint of the answers it was made for. */
export interface SentKey {
  key: string;
  fingerprint: string;
  ended: AttemptEnd;
}

const ENDS: ReadonlySet<unknown> = new Set<AttemptEnd>(['no-answer', 'server-error', 'final']);

/** How an attempt ended, from its HTTP status (null: no answer at all). */
export const attemptEnd = (status: number | null): AttemptEnd =>
  status === null ? 'no-answer' : status >= 500 ? 'server-error' : 'final';

/**
 * Whether a submission of answers with `fingerprint` sends `previous`'s key again: only when
 * they are the answers it was made for and its last attempt got no final answer.
 * @internal Pure, and tested over every case in submission-key.test.ts.
 */
export function keyDecision(previous: SentKey | null, fingerprint: string): 'keep' | 'renew' {
  const unanswered = previous?.ended === 'no-answer' || previous?.ended === 'server-error';
  return unanswered && isIdempotencyKey(previous.key) && previous.fingerprint === fingerprint
    ? 'keep'
    : 'renew';
}

/** The part of `crypto` a key is made from (randomUUID exists only in secure contexts). */
interface RandomSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/**
 * A new key: `crypto.randomUUID()` where the page has it, else 128 random bits in hex.
 * @internal Tested with and without randomUUID in submission-key.test.ts.
 */
export function makeIdempotencyKey(random: RandomSource = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `value` with every object's keys in one order, so that their order does not count. */
const sortedKeys = (_key: string, value: unknown) =>
  isRecord(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, value[key]]),
      )
    : value;

/**
 * A short fingerprint of `answers` (16 hex digits, 64 bits of cyrb53's two lanes): equal answers
 * give equal fingerprints whatever their keys' order; nothing of them can be read back from it.
 * Not a cryptographic hash: it tells this candidate's answers apart, it guards no secret.
 * @internal Pure, and property-tested in submission-key.test.ts.
 */
export function answersFingerprint(answers: object): string {
  const text = JSON.stringify(answers, sortedKeys);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (lane: number) => (lane >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The key kept on the device with the draft, or null (none, or not one: the device's to tamper). */
function loadSentKey(storage: KeyStorage): SentKey | null {
  try {
    const kept: unknown = JSON.parse(storage.getItem(SUBMISSION_KEY_ITEM) ?? 'null');
    if (!isRecord(kept)) return null;
    const { key, fingerprint, ended } = kept;
    if (typeof key !== 'string' || typeof fingerprint !== 'string' || !ENDS.has(ended)) return null;
    return { key, fingerprint, ended: ended as AttemptEnd };
  } catch {
    return null;
  }
}

function saveSentKey(storage: KeyStorage, sent: SentKey): void {
  try {
    storage.setItem(SUBMISSION_KEY_ITEM, JSON.stringify(sent));
  } catch {
    // Private mode or a full quota: the key lasts as long as the page, as the draft does.
  }
}

/** A submission on its way: its key, and what to remember once its attempt has ended. */
interface Sending {
  key: string;
  ended(end: AttemptEnd): void;
}

/**
 * The keys of this page's submissions. This page's last key is compared with all the answers;
 * one kept on the device from before a reload, with all but the password, which the device never
 * keeps, not even as a fingerprint (docs/form.md: the draft). A key is remembered as unanswered
 * from the moment it leaves, so that a reload while it is on its way sends it again.
 */
export function submissionKeys(storage: KeyStorage | null, make = makeIdempotencyKey) {
  let sentHere: SentKey | null = null;
  return {
    /** The key to send `answers` (a body without its time and bot fields) with. */
    send(answers: { readonly password: string; readonly [field: string]: unknown }): Sending {
      const kept = answersFingerprint({ ...answers, password: '' });
      const all = answersFingerprint({ kept, password: answers.password });
      const previous = sentHere ?? (storage && loadSentKey(storage));
      const fingerprint = sentHere ? all : kept;
      const key = previous && keyDecision(previous, fingerprint) === 'keep' ? previous.key : make();
      const ended = (end: AttemptEnd) => {
        sentHere = { key, fingerprint: all, ended: end };
        if (storage) saveSentKey(storage, { key, fingerprint: kept, ended: end });
      };
      ended('no-answer');
      return { key, ended };
    },
    /** Forgets the last key, here and on the device ("Clear this form": the next one is new). */
    forget(): void {
      sentHere = null;
      try {
        storage?.removeItem(SUBMISSION_KEY_ITEM);
      } catch {
        // A storage that refuses: nothing was kept there either.
      }
    },
  };
}
