// At 360 px, in English and in Spanish, no control's text is cut and no button or tab wraps
// (docs/form.md layout), in each engine: e2e/fit.spec.ts's walk, measured by the same page function.
// WebKitGTK's window is never narrower than 447 px and Firefox's classic scroll bar takes 12 px
// of its window, so the form is opened in a frame 360 px wide on a page of our own, tall enough
// never to scroll inside. Only the embed mode may be framed (frame-ancestors); its layout differs
// from the page's by its margins alone (html[data-embed] in styles.css), so with that attribute
// removed the frame lays out as the page does in a window 360 px wide.
import type { Locale } from '../../src/shared/locale.ts';
import { startBuiltServer } from '../built-server.ts';
import { controlsThatDoNotFit, describeMisfits, type Misfit, misfitsSeen } from '../fit.ts';
import { clicksHeard, countClicks, NAMES } from '../form.ts';
import { startHost } from '../host-page.ts';
import type { Session } from './browsers.ts';
import { expect, test } from './fixtures.ts';

const FORM = 'iframe[title="form"]';
const WIDTH = 360;

/** The frame's step heading, for `session.evaluateInFrame`. */
const stepTitle = () => document.getElementById('step-title')?.textContent ?? null;

/**
 * Brings the frame's button named `name` into the window, then clicks it (a WebDriver click does
 * not scroll the page for an element inside a frame).
 */
async function press(session: Session, role: 'button' | 'tab', name: string) {
  const middle = await session.evaluateInFrame(
    FORM,
    (wanted) => {
      const button = Array.from(document.querySelectorAll('button')).find(
        (candidate) => candidate.textContent?.replace(/\s+/g, ' ').trim() === wanted,
      );
      const box = button?.getBoundingClientRect();
      return box ? box.top + box.height / 2 : Number.NaN;
    },
    name,
  );
  expect(middle, `the button "${name}"`).not.toBeNaN();
  await session.evaluate(
    (selector, y) => {
      const top = document.querySelector(selector)?.getBoundingClientRect().top ?? 0;
      window.scrollBy(0, top + y - window.innerHeight / 2);
    },
    FORM,
    middle,
  );
  // Chromium runs the frame, of another origin, in a process of its own, and drops a click on it
  // until the board's page routes input there (a first Next Step that did nothing, in CI): the
  // frame's page notes each click it hears, and a click it never heard is made again.
  const heard = () => session.evaluateInFrame(FORM, clicksHeard);
  await session.evaluateInFrame(FORM, countClicks);
  const before = await heard();
  await expect(async () => {
    if ((await heard()) === before) await session.clickInFrame(FORM, role, name);
    expect(await heard(), `the frame heard the click on "${name}"`).toBeGreaterThan(before);
  }).toPass({ intervals: [1_000], timeout: 10_000 });
}

const inFrame = <R>(session: Session, what: string, fn: () => R) =>
  expect.poll(() => session.evaluateInFrame(FORM, fn).catch(() => null), {
    message: what,
    timeout: 10_000,
  });

for (const language of ['en', 'es'] as const satisfies Locale[]) {
  test(`at 360 px in ${NAMES[language].option}, every control's text fits its box on every step`, async ({
    session,
    standIn,
  }) => {
    const n = NAMES[language];
    const host = await startHost();
    const app = await startBuiltServer(standIn.url, { EMBED_ORIGINS: host.origin });
    try {
      host.serve(`<!doctype html><html><head><meta charset="utf-8"><title>360 px</title></head>
<body style="margin:0"><iframe title="form" src="${app.server.url}/?embed=1&lang=${language}"
style="display:block;border:0;width:${WIDTH}px;height:3200px"></iframe></body></html>`);
      await session.goto(host.url);
      await inFrame(session, 'the form hydrates in the frame', () =>
        document.documentElement.hasAttribute('data-hydrated'),
      ).toBe(true);
      expect(
        await session.evaluateInFrame(FORM, () => {
          document.documentElement.removeAttribute('data-embed');
          return document.documentElement.clientWidth;
        }),
        'the page lays out 360 px wide, no scroll bar',
      ).toBe(WIDTH);

      const misfits: Record<string, Misfit[]> = {};
      const look = async (state: string) => {
        misfits[state] = await session.evaluateInFrame(FORM, controlsThatDoNotFit);
      };
      await look('step 1');

      await press(session, 'button', n.next);
      await inFrame(session, 'the error summary', () =>
        Boolean(document.querySelector('.error-summary')),
      ).toBe(true);
      await look('step 1 with its errors');

      await press(session, 'button', n.random);
      await inFrame(
        session,
        'random data',
        () => (document.getElementById('field-first_name') as HTMLInputElement).value !== '',
      ).toBe(true);
      await press(session, 'button', n.next);
      await inFrame(session, 'step 2', stepTitle).toBe(n.career);
      await look('step 2');

      await press(session, 'button', n.next);
      await inFrame(session, 'step 3', stepTitle).toBe(n.resume);
      await inFrame(session, 'the resume added', () =>
        Boolean(document.querySelector('.attached')),
      ).toBe(true);
      await look('step 3 with a resume added, and the answers to check');

      await press(session, 'button', n.remove);
      await press(session, 'button', n.submit);
      await inFrame(session, 'the error summary', () =>
        Boolean(document.querySelector('.error-summary')),
      ).toBe(true);
      await look('step 3, the file tab, with its error');

      await press(session, 'tab', n.addUrl);
      await inFrame(session, 'the link tab', () =>
        Boolean(document.querySelector('.url-row input')),
      ).toBe(true);
      await look('step 3, the link tab');

      expect(misfitsSeen(misfits), describeMisfits(misfits)).toEqual({});
    } finally {
      await Promise.all([app.stop(), host.stop()]);
    }
  });
}
