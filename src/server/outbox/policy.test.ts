// The outbox's decisions row by row (issue 32): which failed registrations it keeps, what a
// delivery attempt came to, when the next attempt comes, and what a Retry-After header says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { providerResponse } from '../../../test/helpers/provider-result.ts';
import type { ProviderResult } from '../registration/registration-outcome.ts';
import {
  deliveryOf,
  queueReason,
  RETRY_AFTER_CAP_MS,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  retryAfterMs,
  retryDelayMs,
} from './policy.ts';

const response = providerResponse;
const TIMEOUT: ProviderResult = { kind: 'timeout' };
const NETWORK: ProviderResult = { kind: 'network' };
const PROBLEM = { type: 'about:blank', title: 'Error', detail: 'no' };

/** `result` with the Retry-After the provider client read from its answer. */
const withRetryAfter = (result: ProviderResult, ms: number): ProviderResult => {
  if (result.kind !== 'response') throw new Error('only an answer carries Retry-After');
  return { ...result, retryAfterMs: ms };
};

/** Just below 1: the largest value Math.random gives. */
const ALMOST_ONE = 1 - 2 ** -53;

describe('queueReason', () => {
  it.each([
    ['no answer in time', TIMEOUT, 'timeout'],
    ['no connection', NETWORK, 'network'],
    ['429', response(429, PROBLEM), '429'],
    ['429 with Retry-After', withRetryAfter(response(429, null), 30_000), '429'],
    ['502', response(502, 'Bad Gateway'), '502'],
    ['503', response(503, null), '503'],
    ['503 in JSON', response(503, PROBLEM), '503'],
    ['504', response(504, '<html>Gateway Timeout</html>', 'text/html'), '504'],
  ])('keeps a registration that met %s, as %j', (_, result, reason) => {
    expect(queueReason(result)).toBe(reason);
  });

  it.each([
    ['200 JSON', response(200, { id: 1 })],
    ['201 JSON', response(201, { id: 1 })],
    ['200 HTML', response(200, '<html></html>', 'text/html')],
    ['400', response(400, PROBLEM)],
    ['401', response(401, null)],
    ['403', response(403, null)],
    ['404', response(404, 'Not Found')],
    ['409', response(409, { detail: 'Candidate already registered' })],
    ['422', response(422, PROBLEM)],
    ['500', response(500, PROBLEM)],
    ['501', response(501, null)],
    ['505', response(505, null)],
    ['599', response(599, null)],
    ['500 with Retry-After', withRetryAfter(response(500, null), 30_000)],
  ])('leaves a registration that met %s to the candidate', (_, result) => {
    expect(queueReason(result)).toBeNull();
  });

  it('keeps only timeout, network, 429, 502, 503 and 504, over every status', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 999 }), (status) => {
        expect(queueReason(response(status, null))).toBe(
          [429, 502, 503, 504].includes(status) ? String(status) : null,
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('deliveryOf', () => {
  it.each([
    ['201 JSON', response(201, { id: 1 }), { kind: 'delivered', result: 'registered' }],
    ['200 JSON', response(200, { id: 1 }), { kind: 'delivered', result: 'registered' }],
    ['204 with no body', response(204, null), { kind: 'delivered', result: 'registered' }],
    ['409', response(409, PROBLEM), { kind: 'delivered', result: 'conflict' }],
    ['409 with no body', response(409, null), { kind: 'delivered', result: 'conflict' }],
  ])('counts %s as delivered', (_, result, delivery) => {
    expect(deliveryOf(result)).toEqual(delivery);
  });

  it.each([
    ['429', response(429, PROBLEM), '429'],
    ['502', response(502, 'Bad Gateway'), '502'],
    ['503', response(503, null), '503'],
    ['504', response(504, null), '504'],
    ['500', response(500, PROBLEM), '5xx'],
    ['501', response(501, null), '5xx'],
    ['505', response(505, null), '5xx'],
    ['599', response(599, null), '5xx'],
    ['200 HTML', response(200, '<html>Wi-Fi login</html>', 'text/html'), 'not_json'],
    ['201 plain text', response(201, 'Created'), 'not_json'],
    ['200 with broken JSON', response(200, '{"id":', 'application/json'), 'not_json'],
  ])('tries %s again as %j, with no Retry-After when none came', (_, result, reason) => {
    expect(deliveryOf(result)).toEqual({ kind: 'retry', reason, retryAfterMs: null });
  });

  it.each([
    ['429', response(429, null), '429'],
    ['502', response(502, null), '502'],
    ['503', response(503, null), '503'],
    ['504', response(504, null), '504'],
    ['500', response(500, null), '5xx'],
    ['599', response(599, null), '5xx'],
    ['200 HTML', response(200, '<html></html>', 'text/html'), 'not_json'],
  ])('tries %s again as %j, with the Retry-After that came', (_, result, reason) => {
    expect(deliveryOf(withRetryAfter(result, 0))).toEqual({
      kind: 'retry',
      reason,
      retryAfterMs: 0,
    });
    expect(deliveryOf(withRetryAfter(result, 120_000))).toEqual({
      kind: 'retry',
      reason,
      retryAfterMs: 120_000,
    });
  });

  it.each([
    ['no answer in time', TIMEOUT, 'timeout'],
    ['no connection', NETWORK, 'network'],
  ])('tries %s again as %j, with no Retry-After', (_, result, reason) => {
    expect(deliveryOf(result)).toEqual({ kind: 'retry', reason, retryAfterMs: null });
  });

  it.each([
    [400, response(400, PROBLEM)],
    [401, response(401, null)],
    [403, response(403, null)],
    [404, response(404, 'Not Found')],
    [422, response(422, PROBLEM)],
    [302, response(302, null)],
    [301, response(301, '<html>Moved</html>', 'text/html')],
    [100, response(100, null)],
    [418, response(418, "I'm a teapot")],
    [400, withRetryAfter(response(400, PROBLEM), 30_000)],
  ])('takes %i as the provider refusing the registration for good', (status, result) => {
    expect(deliveryOf(result)).toEqual({ kind: 'rejected', status });
  });

  it('gives every status one of its three ends, by its class', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 999 }),
        fc.option(fc.nat({ max: 10 ** 9 }), { nil: undefined }),
        (status, retryAfter) => {
          const base = response(status, '<html></html>', 'text/html');
          const delivery = deliveryOf(
            retryAfter === undefined ? base : withRetryAfter(base, retryAfter),
          );
          const retry = (reason: string) => ({
            kind: 'retry',
            reason,
            retryAfterMs: retryAfter ?? null,
          });
          if (status === 409) expect(delivery).toEqual({ kind: 'delivered', result: 'conflict' });
          else if ([429, 502, 503, 504].includes(status)) {
            expect(delivery).toEqual(retry(String(status)));
          } else if (status >= 500) expect(delivery).toEqual(retry('5xx'));
          else if (status >= 200 && status < 300) expect(delivery).toEqual(retry('not_json'));
          else expect(delivery).toEqual({ kind: 'rejected', status });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('retryDelayMs', () => {
  it('waits 10 s on average before the first retry, by default', () => {
    expect(RETRY_BASE_MS).toBe(10_000);
    expect(RETRY_CAP_MS).toBe(15 * 60_000);
    expect(RETRY_AFTER_CAP_MS).toBe(60 * 60_000);
  });

  it.each([
    [1, 5_000, 10_000],
    [2, 10_000, 20_000],
    [3, 20_000, 40_000],
    [4, 40_000, 80_000],
    [5, 80_000, 160_000],
    [6, 160_000, 320_000],
    [7, 320_000, 640_000],
    // 1,280 s is past the cap of 900 s
    [8, 450_000, 900_000],
    [30, 450_000, 900_000],
    [1_000_000, 450_000, 900_000],
    [Number.MAX_SAFE_INTEGER, 450_000, 900_000],
  ])(
    'waits from half the step to the step after attempt %i: %i ms to %i ms',
    (attempt, least, most) => {
      expect(retryDelayMs(attempt, null, 0)).toBe(least);
      expect(retryDelayMs(attempt, null, ALMOST_ONE)).toBe(most);
      expect(retryDelayMs(attempt, null, 0.5)).toBe(Math.round((least + most) / 2));
    },
  );

  it('takes another base', () => {
    expect(retryDelayMs(1, null, 0, 1_000)).toBe(500);
    expect(retryDelayMs(3, null, ALMOST_ONE, 1_000)).toBe(4_000);
    expect(retryDelayMs(1, null, 0, 0)).toBe(0);
  });

  it.each([
    // Retry-After below the jittered wait: the wait stands
    [1, 2_000, 0, 5_000],
    [1, 0, 0, 5_000],
    // above it: the provider's word
    [1, 30_000, 0, 30_000],
    [1, 30_000, ALMOST_ONE, 30_000],
    [5, 1_200_000, 0, 1_200_000],
    [40, RETRY_AFTER_CAP_MS, 0, RETRY_AFTER_CAP_MS],
    // above an hour: asked again in an hour
    [1, RETRY_AFTER_CAP_MS + 1, 0, RETRY_AFTER_CAP_MS],
    [1, 24 * 3_600_000, 0, RETRY_AFTER_CAP_MS],
    [1, 9_999_999_999_000, 0, RETRY_AFTER_CAP_MS],
    [1, Number.POSITIVE_INFINITY, 0, RETRY_AFTER_CAP_MS],
  ])(
    'after attempt %i with Retry-After %i ms and random %d, waits %i ms',
    (attempt, retryAfter, random, wait) => {
      expect(retryDelayMs(attempt, retryAfter, random)).toBe(wait);
    },
  );

  it('never waits less than half its step nor more than the longer cap, nor less than Retry-After up to its cap', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1 })),
        fc.option(fc.oneof(fc.nat({ max: 2 * RETRY_AFTER_CAP_MS }), fc.nat()), { nil: null }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, retryAfter, random) => {
          const wait = retryDelayMs(attempt, retryAfter, random);
          const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 30));
          expect(Number.isFinite(wait)).toBe(true);
          expect(Number.isInteger(wait)).toBe(true);
          expect(wait).toBeGreaterThanOrEqual(step / 2);
          expect(wait).toBeGreaterThanOrEqual(Math.min(retryAfter ?? 0, RETRY_AFTER_CAP_MS));
          expect(wait).toBeLessThanOrEqual(Math.max(RETRY_CAP_MS, RETRY_AFTER_CAP_MS));
          expect(wait).toBeLessThanOrEqual(
            Math.max(step, Math.min(retryAfter ?? 0, RETRY_AFTER_CAP_MS)),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('waits longer, never shorter, attempt after attempt for the same draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          expect(retryDelayMs(attempt + 1, null, random)).toBeGreaterThanOrEqual(
            retryDelayMs(attempt, null, random),
          );
        },
      ),
    );
  });
});

describe('retryAfterMs', () => {
  const NOW = Date.UTC(2030, 0, 1, 0, 0, 0);

  it.each([
    ['0', 0],
    ['1', 1_000],
    ['120', 120_000],
    ['0120', 120_000],
    [' 120 ', 120_000],
    ['120\r\n', 120_000],
    ['9999999999', 9_999_999_999_000],
  ])('reads delay-seconds %j as %i ms', (header, ms) => {
    expect(retryAfterMs(header, NOW)).toBe(ms);
  });

  it.each([
    ['Tue, 01 Jan 2030 00:00:01 GMT', NOW, 1_000],
    ['Tue, 01 Jan 2030 00:02:00 GMT', NOW, 120_000],
    ['Tue, 01 Jan 2030 00:02:00 GMT', NOW + 250, 119_750],
    ['Wed, 02 Jan 2030 00:00:00 GMT', NOW, 86_400_000],
    ['Sat, 01 Jan 2033 00:00:00 GMT', NOW, Date.UTC(2033, 0, 1) - NOW],
    ['Sun, 06 Nov 1994 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 0), 37_000],
  ])('reads the IMF-fixdate %j, seen at %i, as %i ms from then', (header, now, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });

  it.each([
    // a date now or past
    ['Tue, 01 Jan 2030 00:00:00 GMT'],
    ['Mon, 31 Dec 2029 23:59:59 GMT'],
    ['Sun, 06 Nov 1994 08:49:37 GMT'],
    // absent or blank
    [undefined],
    [''],
    ['  '],
    ['\t\r\n'],
    // not delay-seconds
    ['-1'],
    ['+1'],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    ['12 0'],
    ['120s'],
    ['soon'],
    ['١٢٠'],
    ['１２０'],
    // 11 digits and more
    ['10000000000'],
    ['99999999999'],
    ['1'.repeat(400)],
    // the obsolete HTTP-date forms, and near misses of the IMF-fixdate
    ['Sunday, 06-Nov-94 08:49:37 GMT'],
    ['Sunday, 06-Nov-2030 08:49:37 GMT'],
    ['Sun Nov  6 08:49:37 2030'],
    ['Wed, 02 Jan 2030 00:00:00 UTC'],
    ['Wed, 02 Jan 2030 00:00:00 +0000'],
    ['Wed, 2 Jan 2030 00:00:00 GMT'],
    ['wed, 02 jan 2030 00:00:00 GMT'],
    ['2030-01-02T00:00:00Z'],
    ['Wed, 02 Jan 2030 00:00 GMT'],
    ['Wed, 02 Foo 2030 00:00:00 GMT'],
    ['Wed, 32 Jan 2030 00:00:00 GMT'],
    ['Wed, 02 Jan 2030 25:00:00 GMT'],
    ['Wed, 02 Jan 2030 00:00:00 GMT, 120'],
  ])('finds no wait in %j', (header) => {
    expect(retryAfterMs(header, NOW)).toBeNull();
  });

  // Linearity stands on test/patterns.test.ts (every pattern in src) and the test's time limit,
  // not on a clock read here.
  it('gives null or a finite wait of 0 or more for any header, long or strange', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string({ unit: 'grapheme', maxLength: 50 }),
          fc.string({ unit: fc.constantFrom(...'0123456789 ,:-GMTJanSu\t'), maxLength: 60 }),
          fc.stringMatching(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/),
          fc.stringMatching(/^\s*\d{1,12}\s*$/),
          // Regex worst cases: 100k characters of what the patterns match in part.
          fc.constantFrom(
            '1'.repeat(100_000),
            `${' '.repeat(100_000)}1`,
            `1${' '.repeat(100_000)}x`,
            'Tue, 01 Jan 2030 00:02:00 GMT'.repeat(3_500),
            `Tue, 01 Jan 2030 00:02:00 ${'G'.repeat(100_000)}`,
            '\u00a0'.repeat(100_000),
            '😀'.repeat(50_000),
            'a'.repeat(100_000),
          ),
        ),
        fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }),
        (header, now) => {
          const ms = retryAfterMs(header, now);
          if (ms !== null) {
            expect(Number.isFinite(ms)).toBe(true);
            expect(ms).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('reads any delay-seconds of up to 10 digits exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (seconds) => {
        expect(retryAfterMs(String(seconds), NOW)).toBe(seconds * 1_000);
      }),
    );
  });

  it('reads any future IMF-fixdate exactly, whenever it is seen', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (date, before) => {
          const at = Math.floor(date.getTime() / 1_000) * 1_000;
          const now = at - before;
          expect(retryAfterMs(new Date(at).toUTCString(), now)).toBe(before === 0 ? null : before);
        },
      ),
    );
  });
});

describe('values no caller should send', () => {
  it.each([
    ['a NaN attempt', Number.NaN, null, 0, 5_000],
    ['a NaN draw', 1, null, Number.NaN, 5_000],
    ['a NaN Retry-After', 1, Number.NaN, 0, 5_000],
  ])('%s reads as the mildest value', (_name, attempt, retryAfter, random, wait) => {
    expect(retryDelayMs(attempt, retryAfter, random)).toBe(wait);
  });

  it.each(['Tue, 30 Feb 2100 00:00:00 GMT', 'Mon, 01 Jan 2100 00:00:00 GMT'])(
    'an impossible or misnamed date (%s) is no Retry-After',
    (header) => {
      expect(retryAfterMs(header, Date.UTC(2026, 0, 1))).toBeNull();
    },
  );
});
