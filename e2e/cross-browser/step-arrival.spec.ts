// Every step starts where the candidate is looking (docs/form.md and docs/embedding.md; issue 28), in each engine:
// on the form's own page at a small phone's size, Next Step and Back pressed at the bottom of a
// step land on the new step's heading, in view and focused; on a board's page the board scrolls
// the frame's top into view; with reduced motion nothing scrolls smoothly; and a form's rules
// chunk that does not download says so, and the next press moves on.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOADING_TOASTS } from '../../src/shared/messages.ts';
import { startBuiltServer } from '../built-server.ts';
import { personalExample } from '../form.ts';
import { startHost } from '../host-page.ts';
import type { Session } from './browsers.ts';
import {
  expect,
  expectStep,
  FRAME,
  fillRandomInFrame,
  openBoardForm,
  openForm,
  pressInFrame,
  test,
} from './fixtures.ts';

const SMALL_PHONE = { width: 360, height: 640 };

/** Where the step's heading is, in the viewport of the document it is in, and whether it has focus. */
function headingInView() {
  const heading = document.getElementById('step-title');
  const box = heading?.getBoundingClientRect();
  return {
    top: Math.round(box?.top ?? Number.NaN),
    bottom: Math.round(box?.bottom ?? Number.NaN),
    viewport: window.innerHeight,
    focused: heading !== null && document.activeElement === heading,
  };
}

const inView = ({ top, bottom, viewport }: { top: number; bottom: number; viewport: number }) =>
  top >= 0 && bottom <= viewport;

async function fillStepOne(session: Session) {
  const person = personalExample();
  await session.fill('First Name', person.first);
  await session.fill('Last Name', person.last);
  await session.fill('Email', person.email);
  await session.fill('Password', person.password);
  await session.fill('Zip Code', person.zip);
}

const scrollToBottom = (session: Session) =>
  session.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** Waits until the heading is in view and focused (a smooth scroll takes a moment). */
async function expectArrived(session: Session, step: string) {
  await expectStep(session, step);
  let last = await session.evaluate(headingInView);
  await expect
    .poll(
      async () => {
        last = await session.evaluate(headingInView);
        return inView(last) && last.focused;
      },
      { message: `the heading "${step}" is in view and focused`, timeout: 5_000 },
    )
    .toBe(true);
  // Where it comes to rest (a smooth scroll may still be under way), and still in view there.
  await expect
    .poll(
      async () => {
        const before = last.top;
        last = await session.evaluate(headingInView);
        return before === last.top && inView(last);
      },
      { message: `the heading "${step}" comes to rest in view`, intervals: [100], timeout: 5_000 },
    )
    .toBe(true);
  return last;
}

test.describe('on the form’s own page at 360 × 640', () => {
  test.use({ windowSize: SMALL_PHONE });

  test('Next Step and Back pressed at the bottom of a step land on the new step’s heading', async ({
    session,
    server,
  }, testInfo) => {
    await openForm(session, `${server.url}/`);
    await fillStepOne(session);
    await scrollToBottom(session);
    await session.click('button', 'Next Step');
    const afterNext = await expectArrived(session, 'Career Info');

    await scrollToBottom(session);
    await session.click('button', 'Back');
    const afterBack = await expectArrived(session, 'Personal Info');
    testInfo.annotations.push({
      type: 'heading top',
      description: `after Next ${afterNext.top} px, after Back ${afterBack.top} px (viewport ${afterNext.viewport} px)`,
    });
  });
});

test.describe('with reduced motion', () => {
  test.use({ windowSize: SMALL_PHONE, reduceMotion: true });

  test('the page jumps to the new step without a smooth scroll', async ({ session, server }) => {
    await openForm(session, `${server.url}/`);
    expect(
      await session.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
      'the browser reports the reduced-motion preference',
    ).toBe(true);
    await fillStepOne(session);
    await scrollToBottom(session);
    // Every scroll position from the press on, frame by frame, and how the page was asked to
    // scroll (recorded on the way through, the scroll itself is the browser's).
    await session.evaluate(() => {
      const record = { positions: [window.scrollY], asked: [] as unknown[] };
      (window as unknown as { scrollRecord: typeof record }).scrollRecord = record;
      const scrollIntoView = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options) {
        record.asked.push(options);
        return scrollIntoView.call(this, options);
      };
      const sample = () => {
        record.positions.push(window.scrollY);
        if (record.positions.length < 90) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await session.click('button', 'Next Step');
    await expectArrived(session, 'Career Info');
    const record = await session.evaluate(
      () =>
        (window as unknown as { scrollRecord: { positions: number[]; asked: unknown[] } })
          .scrollRecord,
    );
    expect(record.asked).toEqual([{ block: 'start', behavior: 'auto' }]);
    // Straight to the step's top: no run of positions on the way there. One other position may
    // come first: the browser keeping Next Step where it was as the taller step renders
    // (scroll anchoring), before the form asks for the step's top.
    const final = record.positions.at(-1);
    const between = new Set(record.positions.slice(1).filter((y) => y !== final));
    between.delete(record.positions[0] as number);
    expect(between.size, `the positions ${record.positions.join(', ')}`).toBeLessThanOrEqual(1);
  });
});

test('on a board’s page at 390 × 844, the board brings the new step into view', async ({
  session,
}, testInfo) => {
  const host = await startHost();
  const app = await startBuiltServer(null, { EMBED_ORIGINS: host.origin });
  try {
    host.serve(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:400px">Acme Jobs: apply in three steps</header>
<div data-resume-registration></div>
<footer style="height:300px">Acme Jobs</footer>
<script src="${app.server.url}/embed.js" async></script>
</body></html>`);
    await openBoardForm(session, host.url);
    // Step 1 filled, then Next Step pressed with the board scrolled down to it, as a person does.
    await fillRandomInFrame(session);
    await pressInFrame(session, 'Next Step');

    const onBoard = async () => {
      const frameTop = await session.evaluate(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN,
        FRAME,
      );
      const viewport = await session.evaluate(() => window.innerHeight);
      const inFrame = await session.evaluateInFrame(FRAME, headingInView);
      return {
        top: Math.round(frameTop + inFrame.top),
        bottom: Math.round(frameTop + inFrame.bottom),
        viewport,
        focused: inFrame.focused,
        step: await session.evaluateInFrame(
          FRAME,
          () => document.getElementById('step-title')?.textContent,
        ),
      };
    };
    let last = await onBoard();
    await expect
      .poll(
        async () => {
          last = await onBoard();
          return `${last.step === 'Career Info' && inView(last) && last.focused} ${JSON.stringify(last)}`;
        },
        {
          message: 'the heading "Career Info" is in the board’s view and focused',
          timeout: 5_000,
        },
      )
      .toMatch(/^true /);
    testInfo.annotations.push({
      type: 'heading top on the board',
      description: `after Next ${last.top} px (viewport ${last.viewport} px)`,
    });
  } finally {
    await Promise.all([app.stop(), host.stop()]);
  }
});

/**
 * The built app behind a proxy on another port of 127.0.0.1 that answers 503 for the form's
 * rules chunk while `failing` is true: a phone between networks, in any engine.
 */
async function behindFlakyNetwork(target: string) {
  const state = { failing: true, refused: 0 };
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    if (state.failing && /\/assets\/rules-[\w-]+\.js(?:\?|$)/.test(incoming.url ?? '')) {
      state.refused += 1;
      outgoing.writeHead(503, { 'cache-control': 'no-store', 'content-type': 'text/plain' });
      outgoing.end('Service Unavailable');
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

test('the form’s rules that do not download are said, and the next press moves on', async ({
  session,
  server,
}) => {
  const network = await behindFlakyNetwork(server.url);
  try {
    await openForm(session, `${network.url}/`);
    await fillStepOne(session);
    await session.click('button', 'Next Step');
    await expect
      .poll(
        () =>
          session.evaluate(() =>
            Array.from(document.querySelectorAll('.toast'), (toast) => toast.textContent ?? ''),
          ),
        { message: 'the toast says the part did not load' },
      )
      .toContainEqual(expect.stringContaining(LOADING_TOASTS.failed));
    await expectStep(session, 'Personal Info');
    expect(network.state.refused).toBeGreaterThanOrEqual(1);
    expect(
      await session.evaluate(
        () => (document.getElementById('field-first_name') as HTMLInputElement).value,
      ),
      'what the candidate typed is kept',
    ).not.toBe('');

    network.state.failing = false;
    await session.click('button', 'Next Step');
    await expectStep(session, 'Career Info');
  } finally {
    await network.stop();
  }
});
