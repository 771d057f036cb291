// Which storage failures are outages (a 503 and Retry-After) and which are not, row by row.
import { describe, expect, it } from 'vitest';
import { StorageUnavailable, storageFailureOf } from './storage.ts';

const errorWith = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields);

describe('storageFailureOf', () => {
  it.each([
    // The AWS SDK's request handler: its idle, connection and request deadlines.
    ['an idle socket', 'timeout', errorWith({ name: 'TimeoutError' })],
    [
      'a request past its deadline',
      'timeout',
      errorWith({ name: 'TimeoutError', code: 'ETIMEDOUT' }),
    ],
    ['a socket timeout code', 'timeout', errorWith({ code: 'ESOCKETTIMEDOUT' })],
    // The SDK renames a reset a TimeoutError: the code says what it was.
    ['a reset', 'unreachable', errorWith({ name: 'TimeoutError', code: 'ECONNRESET' })],
    ['a refused connection', 'unreachable', errorWith({ code: 'ECONNREFUSED' })],
    ['a broken pipe', 'unreachable', errorWith({ name: 'TimeoutError', code: 'EPIPE' })],
    ['no route to the host', 'unreachable', errorWith({ code: 'EHOSTUNREACH' })],
    ['an unknown host', 'unreachable', errorWith({ code: 'ENOTFOUND' })],
    ['a failed name lookup', 'unreachable', errorWith({ code: 'EAI_AGAIN' })],
    [
      'every address refused',
      'unreachable',
      new AggregateError([
        errorWith({ code: 'ECONNREFUSED' }),
        errorWith({ code: 'ECONNREFUSED' }),
      ]),
    ],
    ['a named timeout', 'timeout', new StorageUnavailable('S3', 'timeout', new Error('x'))],
    [
      'a named unreachable',
      'unreachable',
      new StorageUnavailable('S3', 'unreachable', new Error('x')),
    ],
    // The backend names its store's answers that say "not now" (s3OutageOf), and its own limit.
    [
      'a named unavailable',
      'unavailable',
      new StorageUnavailable('S3', 'unavailable', new Error('x'), '503 SlowDown'),
    ],
    ['a named busy', 'busy', new StorageUnavailable('S3', 'busy')],
    // Answers no backend named, and the disk: not outages.
    ['S3 refusing the credential', 'error', errorWith({ name: 'AccessDenied' })],
    ['an answer the backend did not name', 'error', errorWith({ name: 'InternalError' })],
    ['a full disk', 'error', errorWith({ code: 'ENOSPC' })],
    ['a read-only disk', 'error', errorWith({ code: 'EROFS' })],
    ['an empty AggregateError', 'error', new AggregateError([])],
    ['not an error at all', 'error', 'oops'],
    ['nothing', 'error', null],
  ])('%s counts as %s', (_case, expected, error) => {
    expect(storageFailureOf(error)).toBe(expected);
  });

  it('names the store and the failure in one line, with the client’s error as its cause', () => {
    const cause = errorWith({ name: 'TimeoutError' });
    const error = new StorageUnavailable('S3', 'timeout', cause);
    expect(error.message).toBe('S3 timed out');
    expect(error.cause).toBe(cause);
    expect(new StorageUnavailable('S3', 'unreachable', cause).message).toBe('S3 unreachable');
  });

  it('says what the store answered, or why this instance sends it nothing more now', () => {
    const cause = errorWith({ name: 'SlowDown' });
    const unavailable = new StorageUnavailable('S3', 'unavailable', cause, '503 SlowDown');
    expect(unavailable.message).toBe('S3 unavailable (503 SlowDown)');
    expect(unavailable.cause).toBe(cause);
    const busy = new StorageUnavailable('S3', 'busy', undefined, '16 uploads in flight');
    expect(busy.message).toBe('S3 busy (16 uploads in flight)');
    expect('cause' in busy).toBe(false);
  });
});
