// Request bodies are read as they arrive: no content coding is undone, and JSON is UTF-8 only
// (RFC 8259 §8.1). A body declared otherwise is refused with 415 (RFC 7694 §3) instead of
// being misread as if it were plain UTF-8.
import type { FastifyInstance } from 'fastify';

/** @internal Tests name it, not its figure (body-encoding, register-limits). */
export const UNSUPPORTED_BODY = {
  encoding: 'Content-Encoding is not supported. Send the body uncompressed.',
  charset: 'JSON bodies must be UTF-8.',
} as const;

export class UnsupportedBody extends Error {
  readonly statusCode = 415;
}

const UTF8_NAMES = new Set(['utf-8', 'utf8']);

function isJsonType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** The `charset` parameter of a Content-Type, lower-cased and unquoted, or null when absent. */
function charsetOf(parameters: readonly string[]): string | null {
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = parameter.slice(equals + 1).trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    return unquoted.toLowerCase();
  }
  return null;
}

/**
 * Why a request body with these headers cannot be read, or null when it can.
 * @internal Pure, and tested directly in test/body-encoding.test.ts.
 */
export function unsupportedBody(
  contentType: string | undefined,
  contentEncoding: string | undefined,
): string | null {
  const codings = (contentEncoding ?? '').split(',').map((coding) => coding.trim().toLowerCase());
  if (codings.some((coding) => coding !== '' && coding !== 'identity')) {
    return UNSUPPORTED_BODY.encoding;
  }
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';');
  if (!isJsonType(mediaType.trim().toLowerCase())) return null;
  const charset = charsetOf(parameters);
  return charset === null || UTF8_NAMES.has(charset) ? null : UNSUPPORTED_BODY.charset;
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Refuses, before it is parsed, every body this server could only misread. */
export function refuseUnreadableBodies(app: FastifyInstance) {
  app.addHook('preParsing', async (request) => {
    if (!hasBody(request.headers)) return;
    const problem = unsupportedBody(
      request.headers['content-type'],
      request.headers['content-encoding'],
    );
    if (problem) throw new UnsupportedBody(problem);
  });
}
