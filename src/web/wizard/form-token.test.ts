import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormTokenAnswer, waitBeforeSending } from './form-token.ts';

describe('how long a token waits before it is sent', () => {
  it.each([
    // [least fill time, came at, now, wait]
    [1_500, 1_000, 1_000, 1_500],
    [1_500, 1_000, 2_000, 500],
    [1_500, 1_000, 2_500, 0],
    [1_500, 1_000, 90_000, 0],
    [0, 1_000, 1_000, 0],
  ])('least %i ms, came at %i, now %i: waits %i ms', (minFillMs, cameAt, now, wait) => {
    expect(waitBeforeSending({ minFillMs, cameAt }, now)).toBe(wait);
  });
});

describe('GET /api/form-token’s answer as the page reads it', () => {
  it.each([
    [
      { token: 'v1.abc', min_fill_ms: 1500 },
      { token: 'v1.abc', min_fill_ms: 1500 },
    ],
    [
      { token: 'v1.abc', min_fill_ms: 0 },
      { token: 'v1.abc', min_fill_ms: 0 },
    ],
    // A server asking for more than the largest BOT_MIN_FILL_MS is held to it.
    [
      { token: 'v1.abc', min_fill_ms: 1e12 },
      { token: 'v1.abc', min_fill_ms: 600_000 },
    ],
    [{ token: 'v1.abc', min_fill_ms: -1 }, null],
    [{ token: 'v1.abc', min_fill_ms: Number.NaN }, null],
    [{ token: 'v1.abc', min_fill_ms: '1500' }, null],
    [{ token: 7, min_fill_ms: 1500 }, null],
    [{ token: 'x'.repeat(257), min_fill_ms: 1500 }, null],
    [{ min_fill_ms: 1500 }, null],
    [null, null],
    ['v1.abc', null],
  ])('%j reads as %j', (json, expected) => {
    expect(parseFormTokenAnswer(json)).toEqual(expected);
  });

  it('never throws, and never gives a wait outside 0 to 10 minutes, whatever the JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.anything(), (json, token) => {
        for (const value of [
          json,
          { token, min_fill_ms: json },
          { token: 'v1', min_fill_ms: json },
        ]) {
          const answer = parseFormTokenAnswer(value);
          if (answer === null) continue;
          expect(answer.min_fill_ms).toBeGreaterThanOrEqual(0);
          expect(answer.min_fill_ms).toBeLessThanOrEqual(600_000);
          expect(typeof answer.token).toBe('string');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
