// What Redis holds of a queued registration: AES-256-GCM under OUTBOX_KEY, bound to its entry's
// id, so that Redis never sees the candidate's answers or password in plain text, and an entry's
// text moved under another id does not open (docs/decisions/020). Each sealed text names its
// key's fingerprint, so that a key can be rotated without losing what the old one sealed.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * The sealed text's form: `v2.<key id>.<iv>.<tag>.<text>`, the id naming the OUTBOX_KEY that
 * sealed it (its fingerprint, never the key). `v1.<iv>.<tag>.<text>`, written before keys had
 * ids, still opens.
 */
const VERSION = 'v2';

/** What one OUTBOX_KEY gives: a key that seals entries, one that names held resumes, its id. */
export interface OutboxKeys {
  seal: Buffer;
  hold: Buffer;
  /** The key's fingerprint: safe to store and show, and no help in guessing the key. */
  id: string;
}

const derive = (key: Buffer, info: string, bytes = 32) =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, bytes));

/** @internal The tests seal under one key as an instance with it would. */
export function outboxKeys(key: Buffer): OutboxKeys {
  if (key.length !== 32) throw new Error('OUTBOX_KEY must be 32 bytes');
  return {
    seal: derive(key, 'outbox entry'),
    hold: derive(key, 'outbox resume hold'),
    id: derive(key, 'outbox key fingerprint', 12).toString('base64url'),
  };
}

/** The keys an instance holds: the one it seals with first, then those it still opens. */
export type Keyring = readonly [OutboxKeys, ...OutboxKeys[]];

/** OUTBOX_KEY and OUTBOX_OLD_KEYS as a keyring (a repeated key counted once). */
export function keyring(key: Buffer, oldKeys: readonly Buffer[] = []): Keyring {
  const current = outboxKeys(key);
  const old = oldKeys.map(outboxKeys).filter((keys) => keys.id !== current.id);
  return [
    current,
    ...old.filter((keys, index) => old.findIndex((k) => k.id === keys.id) === index),
  ];
}

const aad = (version: string, id: string) => Buffer.from(`outbox:${version}:${id}`);

/** `plain` sealed for entry `id` under `keys`. */
export function seal(keys: OutboxKeys, id: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, keys.seal, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(`${VERSION}:${keys.id}`, id));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, keys.id, iv, cipher.getAuthTag(), text]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The entry that does not open: a wrong key, another entry's text, or text changed in Redis. */
export class UnsealFailed extends Error {
  constructor(detail = '') {
    super(`the outbox entry does not open under OUTBOX_KEY${detail}`);
    this.name = 'UnsealFailed';
  }
}

/**
 * An entry sealed under a key this instance does not hold (another instance's OUTBOX_KEY, or an
 * old one no longer in OUTBOX_OLD_KEYS): not broken, only not this instance's to open.
 */
export class SealedUnderOtherKey extends UnsealFailed {
  constructor(readonly keyId: string | null) {
    super(keyId === null ? ' (sealed before keys had ids)' : ` (sealed under key ${keyId})`);
    this.name = 'SealedUnderOtherKey';
  }
}

/** The forms `seal` writes, exactly: a key id (v2), a 12-byte IV, a 16-byte tag, the text. */
const SEALED_V2 = /^v2\.([\w-]{16})\.([\w-]{16})\.([\w-]{22})\.([\w-]*)$/;
const SEALED_V1 = /^v1\.([\w-]{16})\.([\w-]{22})\.([\w-]*)$/;
/** base64url as Buffer writes it: no part that decodes the same when written otherwise. */
const canonical = (part: string | undefined) => {
  if (part === undefined) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
};

/** The id of the key that sealed `sealed`: null for a v1 text or anything else. */
export function sealedKeyId(sealed: string): string | null {
  return SEALED_V2.exec(sealed)?.[1] ?? null;
}

function open(sealKey: Buffer, additional: Buffer, parts: (string | undefined)[]): string | null {
  const [iv, tag, text] = parts.map(canonical);
  if (!iv || !tag || !text) throw new UnsealFailed();
  try {
    const decipher = createDecipheriv(CIPHER, sealKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additional);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * What `seal` sealed for entry `id` under one of `keys`. SealedUnderOtherKey when it names a key
 * not among them (or is a v1 text none of them opens); UnsealFailed for anything else, even a
 * changed letter.
 */
export function unseal(
  keys: OutboxKeys | readonly OutboxKeys[],
  id: string,
  sealed: string,
): string {
  const ring = Array.isArray(keys) ? (keys as readonly OutboxKeys[]) : [keys as OutboxKeys];
  const v2 = SEALED_V2.exec(sealed);
  if (v2) {
    const [, keyId = '', ...parts] = v2;
    const owner = ring.find((candidate) => candidate.id === keyId);
    if (!owner) throw new SealedUnderOtherKey(keyId);
    const plain = open(owner.seal, aad(`${VERSION}:${keyId}`, id), parts);
    if (plain === null) throw new UnsealFailed();
    return plain;
  }
  const v1 = SEALED_V1.exec(sealed);
  if (!v1) throw new UnsealFailed();
  const [, ...parts] = v1;
  for (const candidate of ring) {
    const plain = open(candidate.seal, aad('v1', id), parts);
    if (plain !== null) return plain;
  }
  throw new SealedUnderOtherKey(null);
}

/**
 * The name under which a queued entry holds a stored resume against the retention sweep: a keyed
 * hash, since a resume's name may carry the candidate's own (the file they chose).
 */
export const holdOf = (keys: OutboxKeys, resumeName: string): string =>
  createHmac('sha256', keys.hold).update(resumeName).digest('base64url');
