// The funnel's queue (report.ts): nothing is sent before the server's configuration turns it on,
// or ever for a browser that opts out; what happens is sent later, in batches, at once when the
// page is hidden, and a failed send is not tried again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../shared/funnel.ts';
import { createFunnel, FLUSH_DELAY_MS } from './report.ts';

const PLACE = { device: 'phone', page: 'own' } as const;

/** A queue on fake browser parts: what it sent, and the callbacks it scheduled. */
function fakeFunnel({ counted = true, language = 'en' } = {}) {
  const sent: unknown[] = [];
  const timers: [() => void, number][] = [];
  let failing = false;
  let tries = 0;
  const funnel = createFunnel({
    send: (body) => {
      tries++;
      if (failing) throw new Error('offline');
      sent.push(JSON.parse(body));
    },
    later: (run, ms) => timers.push([run, ms]),
    language: () => language,
    counted: () => counted,
  });
  const runTimers = () => {
    for (const [run] of timers.splice(0)) run();
  };
  const tried = () => tries;
  return { funnel, sent, timers, runTimers, tried, fail: (on = true) => (failing = on) };
}

describe('the funnel queue', () => {
  it('sends nothing until it starts, then what waited, in one batch, after FLUSH_DELAY_MS', () => {
    const { funnel, sent, timers, runTimers } = fakeFunnel();
    funnel.report({ type: 'shown', step: 0 });
    funnel.report({ type: 'completed', from: 0, to: 0 });
    expect(timers).toEqual([]);
    funnel.start(PLACE);
    expect(timers.map(([, ms]) => ms)).toEqual([FLUSH_DELAY_MS]);
    expect(sent).toEqual([]);
    runTimers();
    expect(sent).toEqual([
      {
        context: { language: 'en', device: 'phone', page: 'own' },
        events: [
          { type: 'step_shown', step: 1 },
          { type: 'step_completed', step: 1 },
        ],
      },
    ]);
  });

  it('schedules one send for many reports', () => {
    const { funnel, sent, timers, runTimers } = fakeFunnel();
    funnel.start(PLACE);
    for (const step of [0, 1, 2]) funnel.report({ type: 'shown', step });
    expect(timers).toHaveLength(1);
    runTimers();
    expect(sent).toHaveLength(1);
  });

  it('sends what is queued and the visit left when the page is hidden for good', () => {
    const { funnel, sent } = fakeFunnel({ language: 'es' });
    funnel.start(PLACE);
    funnel.report({ type: 'shown', step: 0 });
    funnel.report({ type: 'shown', step: 1 });
    funnel.leave();
    expect(sent).toEqual([
      {
        context: { language: 'es', device: 'phone', page: 'own' },
        events: [
          { type: 'step_shown', step: 1 },
          { type: 'step_shown', step: 2 },
          { type: 'left', step: 2 },
        ],
      },
    ]);
  });

  it('queues and sends nothing at all for a browser that opts out (GPC, DNT)', () => {
    const { funnel, sent, timers, runTimers } = fakeFunnel({ counted: false });
    funnel.report({ type: 'shown', step: 0 });
    funnel.start(PLACE);
    funnel.report({ type: 'shown', step: 1 });
    funnel.leave();
    runTimers();
    expect(timers).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('never starts on a page whose configuration keeps the funnel off', () => {
    const { funnel, sent, timers } = fakeFunnel();
    funnel.report({ type: 'shown', step: 0 });
    funnel.flush();
    funnel.leave();
    expect(timers).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('drops a batch whose send fails, once, and sends the next events only', () => {
    const { funnel, sent, fail, runTimers, timers, tried } = fakeFunnel();
    funnel.start(PLACE);
    funnel.report({ type: 'shown', step: 0 });
    fail();
    runTimers();
    expect(tried()).toBe(1);
    expect(timers).toEqual([]);
    fail(false);
    funnel.report({ type: 'shown', step: 1 });
    runTimers();
    expect(tried()).toBe(2);
    expect(sent).toEqual([
      {
        context: { language: 'en', device: 'phone', page: 'own' },
        events: [{ type: 'step_shown', step: 2 }],
      },
    ]);
  });
});

it('is described in docs/operations.md with its own figures', () => {
  const docs = readFileSync(
    path.resolve(import.meta.dirname, '../../../docs/operations.md'),
    'utf8',
  ).replace(/\s+/g, ' ');
  expect(docs).toContain(`about ${FLUSH_DELAY_MS / 1000} s later, in an idle moment`);
  expect(docs).toContain(
    `in batches of at most ${MAX_BATCH_EVENTS} events and ${MAX_BATCH_BYTES} bytes`,
  );
});
