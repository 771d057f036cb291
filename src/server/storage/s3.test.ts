// Which of S3's failures are outages (503 with Retry-After) and which are not, row by row: the
// SDK's errors as it builds them, with the answer's status in $metadata.
import { describe, expect, it } from 'vitest';
import { s3OutageOf } from './s3.ts';

const errorWith = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields);
/** An error the SDK builds from S3's answer: its code as the name, the status in $metadata. */
const answered = (status: number, name: string) =>
  errorWith({ name, $metadata: { httpStatusCode: status }, $fault: 'server' });

describe('s3OutageOf', () => {
  it.each([
    // S3 failing inside or throttling: a later try may work.
    ['500 InternalError', 'unavailable', answered(500, 'InternalError')],
    ['503 SlowDown', 'unavailable', answered(503, 'SlowDown')],
    ['503 ServiceUnavailable', 'unavailable', answered(503, 'ServiceUnavailable')],
    ['a HEAD’s 503, which has no body to name it', 'unavailable', answered(503, 'Unknown')],
    ['a proxy’s 502 web page', 'unavailable', answered(502, 'Unknown')],
    ['504 from a gateway', 'unavailable', answered(504, 'Unknown')],
    ['429 from a store that throttles so', 'unavailable', answered(429, 'TooManyRequests')],
    ['SlowDown without a status', 'unavailable', errorWith({ name: 'SlowDown' })],
    ['a throttling code with a 400', 'unavailable', answered(400, 'RequestLimitExceeded')],
    // The connection's outages, as for any store.
    ['an idle socket', 'timeout', errorWith({ name: 'TimeoutError' })],
    ['a refused connection', 'unreachable', errorWith({ code: 'ECONNREFUSED' })],
    [
      'a reset the SDK calls a timeout',
      'unreachable',
      errorWith({ name: 'TimeoutError', code: 'ECONNRESET' }),
    ],
    // Answers that say the request or the configuration is wrong: trying again will not help.
    ['403 AccessDenied', null, answered(403, 'AccessDenied')],
    ['404 NoSuchBucket', null, answered(404, 'NoSuchBucket')],
    ['400 EntityTooLarge', null, answered(400, 'EntityTooLarge')],
    ['409 a conflict', null, answered(409, 'OperationAborted')],
    ['a status that is not a number', null, errorWith({ $metadata: { httpStatusCode: '503' } })],
    ['a full disk', null, errorWith({ code: 'ENOSPC' })],
    ['not an error at all', null, 'oops'],
    ['nothing', null, null],
  ])('%s is %s', (_case, expected, error) => {
    expect(s3OutageOf(error)).toBe(expected);
  });
});
