// An upload's delete token (docs/api.md): a capability that only the client which uploaded a
// resume holds, given in the upload's answer. A registration that looks like a bot's removes the
// resume it names only when it proves this way that the upload was its own.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 16;

/** The delete token of stored resume `name`. */
export function deleteTokenFor(key: Buffer, name: string): string {
  return createHmac('sha256', key)
    .update(name)
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString('base64url');
}

/** True when `token` (anything a client sent) is stored resume `name`'s delete token. */
export function provesUpload(key: Buffer, name: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== 22) return false;
  const sent = Buffer.from(token, 'base64url');
  // One capability, one text: the unused bits of the last character must be 0.
  if (sent.length !== TOKEN_BYTES || sent.toString('base64url') !== token) return false;
  return timingSafeEqual(sent, Buffer.from(deleteTokenFor(key, name), 'base64url'));
}
