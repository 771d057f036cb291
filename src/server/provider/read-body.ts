// A provider's answer read as the server can afford it (issue 31): decoded when it says it is
// gzip, deflate or br; never more than PROVIDER_BODY_LIMIT bytes of it, decoded, kept in memory.
// Past that the connection is cut: an endless or huge body costs 64 KB, not the process.
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * What a provider's answer may hold that the server uses: the catalogue needs `detail` (500
 * characters kept), the field messages (5 a field, 200 characters each) and a success's id. A
 * real answer is a few hundred bytes; 64 KB leaves room for a verbose one.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const PROVIDER_BODY_LIMIT = 64 * 1024;

/** The body's text, or why it was not read: past the limit, or an encoding it cannot undo. */
export type BodyRead = { text: string } | { unread: 'too_large' | 'encoding' };

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** `Content-Encoding` as one lowercase coding; '' for none or identity; null for a list. */
function codingOf(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim().toLowerCase();
  if (value === '' || value === 'identity') return '';
  return value.includes(',') ? null : value;
}

/**
 * Reads `body` (decoded per `contentEncoding`) up to `limit` bytes. Beyond, or on an encoding it
 * does not know or a stream that does not decode, the body is destroyed, which closes the
 * connection rather than read the rest.
 */
export async function readLimited(
  body: Readable,
  contentEncoding: string | string[] | undefined,
  limit = PROVIDER_BODY_LIMIT,
): Promise<BodyRead> {
  const coding = codingOf(contentEncoding);
  const decoder =
    coding === null
      ? undefined
      : coding === ''
        ? null
        : Object.hasOwn(DECODERS, coding)
          ? DECODERS[coding]
          : undefined;
  const decoding = decoder?.();
  // pipe() passes no error on: a deadline that aborts the body must end the decoding too. Every
  // error is listened to: a body destroyed here still reports its own abort.
  body.on('error', (error) => decoding?.destroy(error));
  if (decoder === undefined) {
    body.destroy();
    return { unread: 'encoding' };
  }
  const source: AsyncIterable<Buffer> = decoding ? body.pipe(decoding) : body;
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > limit) {
        body.destroy();
        decoding?.end();
        return { unread: 'too_large' };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    body.destroy();
    // A body that does not decode as it says; a timeout or a reset is the caller's to tell.
    if (decoding && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      return { unread: 'encoding' };
    }
    throw error;
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}
