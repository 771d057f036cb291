// Places for uploads being sent: taken at once while free, waited for in order and for a bounded
// time, never more taken than there are. Timers are Vitest's, so no test waits on a clock.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slots } from './slots.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What `promise` has come to by now: its value, or 'pending'. */
async function stateOf<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, vi.advanceTimersByTimeAsync(0).then(() => 'pending' as const)]);
}

describe('slots', () => {
  it('gives free places at once, and makes the next caller wait', async () => {
    const places = slots(2, 5_000);
    expect(await places.take()).toBe(true);
    expect(await places.take()).toBe(true);
    const third = places.take();
    expect(await stateOf(third)).toBe('pending');
    expect(places.taken).toBe(2);
  });

  it('passes a place given back to the first in line, in the order they came', async () => {
    const places = slots(1, 5_000);
    await places.take();
    const first = places.take();
    const second = places.take();

    places.give();
    expect(await stateOf(first)).toBe(true);
    expect(await stateOf(second)).toBe('pending');
    expect(places.taken).toBe(1);

    places.give();
    expect(await stateOf(second)).toBe(true);
    places.give();
    expect(places.taken).toBe(0);
  });

  it('answers false once the wait is over, and leaves the line', async () => {
    const places = slots(1, 5_000);
    await places.take();
    const waiting = places.take();

    await vi.advanceTimersByTimeAsync(4_999);
    expect(await stateOf(waiting)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await stateOf(waiting)).toBe(false);

    // The one who gave up is not handed the place: it goes back to the pool.
    places.give();
    expect(places.taken).toBe(0);
    expect(await places.take()).toBe(true);
  });

  it('holds as many places as callers hold, never more than it has, and lets no one wait while one is free', async () => {
    const step = fc.oneof(
      fc.constant({ op: 'take' as const }),
      fc.constant({ op: 'give' as const }),
      fc.integer({ min: 0, max: 1_500 }).map((ms) => ({ op: 'wait' as const, ms })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 60 }),
        async (size, steps) => {
          const places = slots(size, 1_000);
          let holding = 0;
          let waiting = 0;
          for (const next of steps) {
            if (next.op === 'take') {
              waiting++;
              void places.take().then((granted) => {
                waiting--;
                if (granted) holding++;
              });
            } else if (next.op === 'give' && holding > 0) {
              holding--;
              places.give();
            } else if (next.op === 'wait') {
              await vi.advanceTimersByTimeAsync(next.ms);
            }
            await vi.advanceTimersByTimeAsync(0);
            expect(places.taken).toBe(holding);
            expect(holding).toBeLessThanOrEqual(size);
            if (waiting > 0) expect(holding).toBe(size);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
