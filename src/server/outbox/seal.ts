// What Redis holds of a queued registration: AES-256-GCM under OUTBOX_KEY, bound to its entry's
// id, so that Redis never sees the candidate's answers or password in plain text, and an entry's
// text moved under another id does not open (docs/decisions/020).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The sealed text's form, so that a later one can be told apart: `v1.<iv>.<tag>.<text>`. */
const VERSION = 'v1';

/** Two keys derived from OUTBOX_KEY: one seals entries, one names held resumes. */
export interface OutboxKeys {
  seal: Buffer;
  hold: Buffer;
}

const derive = (key: Buffer, info: string) =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));

export function outboxKeys(key: Buffer): OutboxKeys {
  if (key.length !== 32) throw new Error('OUTBOX_KEY must be 32 bytes');
  return { seal: derive(key, 'outbox entry'), hold: derive(key, 'outbox resume hold') };
}

const aad = (id: string) => Buffer.from(`outbox:${VERSION}:${id}`);

/** `plain` sealed for entry `id`. */
export function seal(keys: OutboxKeys, id: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, keys.seal, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(id));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), text]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The entry that does not open: a wrong key, another entry's text, or text changed in Redis. */
export class UnsealFailed extends Error {
  constructor() {
    super('the outbox entry does not open under OUTBOX_KEY');
    this.name = 'UnsealFailed';
  }
}

/** The form `seal` writes, exactly: a 12-byte IV, a 16-byte tag, then the text (base64url). */
const SEALED = /^v1\.([\w-]{16})\.([\w-]{22})\.([\w-]*)$/;
/** base64url as Buffer writes it: no part that decodes the same when written otherwise. */
const canonical = (part: string) => {
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
};

/** What `seal` sealed for entry `id`; UnsealFailed for anything else, even a changed letter. */
export function unseal(keys: OutboxKeys, id: string, sealed: string): string {
  const [, iv, tag, text] = SEALED.exec(sealed) ?? [];
  const parts = [iv, tag, text].map((part) => (part === undefined ? null : canonical(part)));
  const [ivBytes, tagBytes, textBytes] = parts;
  if (!ivBytes || !tagBytes || !textBytes) throw new UnsealFailed();
  try {
    const decipher = createDecipheriv(CIPHER, keys.seal, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(id));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(textBytes), decipher.final()]).toString('utf8');
  } catch {
    throw new UnsealFailed();
  }
}

/**
 * The name under which a queued entry holds a stored resume against the retention sweep: a keyed
 * hash, since a resume's name may carry the candidate's own (the file they chose).
 */
export const holdOf = (keys: OutboxKeys, resumeName: string): string =>
  createHmac('sha256', keys.hold).update(resumeName).digest('base64url');
