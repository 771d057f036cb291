// Which request bodies the server refuses to read (415), row by row, and the upload route's
// answer in its own shape.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_BODY, unsupportedBody } from '../src/server/plugins/body-encoding.ts';
import { listFiles, startApp } from './helpers/app.ts';
import { fixture } from './helpers/fixtures.ts';

const { encoding: ENCODING, charset: CHARSET } = UNSUPPORTED_BODY;

describe('which bodies cannot be read', () => {
  it.each([
    ['application/json', undefined, null],
    ['application/json; charset=utf-8', undefined, null],
    ['Application/JSON; Charset="UTF-8"', undefined, null],
    ['application/json; charset=utf8', undefined, null],
    ['application/problem+json; charset=utf-8', undefined, null],
    ['application/json; boundary=x', undefined, null],
    ['application/json', 'identity', null],
    ['application/json', ' Identity ', null],
    ['application/json', '', null],
    [undefined, undefined, null],
    ['multipart/form-data; boundary=x; charset=utf-16', undefined, null],
    ['text/plain; charset=latin1', undefined, null],
    ['application/json', 'gzip', ENCODING],
    ['application/json', 'GZIP', ENCODING],
    ['application/json', 'identity, gzip', ENCODING],
    ['application/json', 'br', ENCODING],
    ['multipart/form-data; boundary=x', 'deflate', ENCODING],
    [undefined, 'zstd', ENCODING],
    ['application/json; charset=utf-16', undefined, CHARSET],
    ['application/json;charset=UTF-16LE', undefined, CHARSET],
    ['application/json; charset="iso-8859-1"', undefined, CHARSET],
    ['application/json; charset=', undefined, CHARSET],
    ['application/vnd.api+json; charset=us-ascii', undefined, CHARSET],
  ])('Content-Type %j with Content-Encoding %j → %j', (contentType, contentEncoding, expected) => {
    expect(unsupportedBody(contentType, contentEncoding)).toBe(expected);
  });

  it('answers for any header values, however long or strange', () => {
    const header = fc.oneof(
      fc.constant(undefined),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ maxLength: 10 }).map((text) => `application/json;${text.repeat(2_000)}`),
    );
    fc.assert(
      fc.property(header, header, (contentType, contentEncoding) => {
        expect([null, ENCODING, CHARSET]).toContain(unsupportedBody(contentType, contentEncoding));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('an upload with a Content-Encoding', () => {
  it('is refused with 415 in the upload route’s shape, and nothing is stored', async () => {
    const started = await startApp();
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(fixture('resume.pdf'))]), 'cv.pdf');
      const request = new Request(`${started.base}/api/upload`, { method: 'POST', body: form });
      const body = gzipSync(Buffer.from(await request.arrayBuffer()));
      const response = await fetch(request.url, {
        method: 'POST',
        headers: {
          'content-type': request.headers.get('content-type') ?? '',
          'content-encoding': 'gzip',
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 415,
        body: { success: false, error: ENCODING },
      });
      expect(await listFiles(started.uploadDir)).toEqual([]);
    } finally {
      await started.close();
    }
  });
});
