// One registration per submission (docs/api.md): the page sends a key of its own with each
// submission, the same key when it sends that submission again, and the server answers every
// request with one key as it answered the first.

/** The request header that carries the key (as in the IETF's Idempotency-Key draft). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A key as the server takes it: 16 to 64 letters, digits, `-` or `_` (a UUID is one). */
const IDEMPOTENCY_KEY = /^[\w-]{16,64}$/;

export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && IDEMPOTENCY_KEY.test(value);
