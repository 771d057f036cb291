// Fixtures of the cross-browser suite. Playwright runs these files once per engine (the
// projects "firefox", "webkit" and "chromium-puppeteer" of playwright.config.ts), but never
// launches a browser of its own for them: `session` is the engine of the project, opened here
// for each test and ended after it, with a screenshot attached when the test failed. Each worker
// keeps its Firefox or Chromium between tests, one for each set of launch options, each test in a
// browser context of its own (`Browsers` in browsers.ts).
import { writeFile } from 'node:fs/promises';
import { test as base, expect } from '@playwright/test';
import { SERVER_FIXTURES, type ServerFixtures } from '../built-server.ts';
import { Browsers, type Engine, type LaunchOptions, PHONE, type Session } from './browsers.ts';

/** The form's iframe on a board's page (embed.js titles it). */
export const FRAME = 'iframe[title="Resume Library Registration"]';

export interface Options {
  engine: Engine;
  /**
   * false: Firefox with `location.ancestorOrigins` turned off (its preference
   * dom.location.ancestorOrigins.enabled), as Firefox was before it had it (docs/embedding.md); true:
   * the browser as it is (Debian's Firefox ESR 153 has it).
   */
  ancestorOrigins: boolean;
  /** The browser window's size: a phone's unless a test says otherwise. */
  windowSize: NonNullable<LaunchOptions['window']>;
  /** The system asks for reduced motion (not Playwright's own `reducedMotion`: no page of its). */
  reduceMotion: boolean;
  /** The languages the visitor set in the browser, preferred first; its own by default. */
  languages: string[] | null;
}

interface TestFixtures {
  session: Session;
}

interface WorkerFixtures extends ServerFixtures {
  /** The worker's browsers, ended with it. */
  browsers: Browsers;
}

export const test = base.extend<TestFixtures & Options, WorkerFixtures>({
  engine: ['chromium', { option: true }],
  ancestorOrigins: [true, { option: true }],
  windowSize: [PHONE, { option: true }],
  reduceMotion: [false, { option: true }],
  languages: [null, { option: true }],

  ...SERVER_FIXTURES,

  browsers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
    async ({}, use) => {
      const browsers = new Browsers();
      try {
        await use(browsers);
      } finally {
        await browsers.close();
      }
    },
    { scope: 'worker' },
  ],

  session: async (
    { browsers, engine, ancestorOrigins, windowSize, reduceMotion, languages, standIn },
    use,
    testInfo,
  ) => {
    standIn.reset();
    const session = await browsers.open(engine, {
      ancestorOrigins,
      window: windowSize,
      reducedMotion: reduceMotion,
      ...(languages ? { languages } : {}),
    });
    try {
      await use(session);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        const body = await session.screenshot().catch(() => null);
        if (body) {
          const file = testInfo.outputPath('screenshot.png');
          await writeFile(file, body);
          await testInfo.attach('screenshot', { path: file, contentType: 'image/png' });
        }
      }
      await session.close();
    }
  },
});

export { expect };

/** The texts of the toasts on screen, for `session.evaluate` (it runs in the page). */
export const toastTexts = () =>
  Array.from(document.querySelectorAll('li.toast'), (toast) =>
    toast.textContent?.replace(/\s+/g, ' ').trim(),
  );

/** Opens `url` and waits until the app has hydrated (src/web/start/boot.ts), as a person waits. */
export async function openForm(session: Session, url: string) {
  await session.goto(url);
  await expect
    .poll(() => session.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), {
      message: 'the form hydrates',
      timeout: 15_000,
    })
    .toBe(true);
}

/** Waits until the step's heading is `name`. */
export async function expectStep(session: Session, name: string) {
  await expect
    .poll(
      () => session.evaluate(() => document.getElementById('step-title')?.textContent ?? null),
      {
        message: `the step "${name}" shows`,
      },
    )
    .toBe(name);
}

/**
 * Opens a board's page at `url` and waits until the form in its frame has hydrated and the frame
 * is as tall as the form, so that nothing moves under the candidate's finger.
 */
export async function openBoardForm(session: Session, url: string) {
  await session.goto(url);
  await expect
    .poll(
      () =>
        session
          .evaluateInFrame(FRAME, () => document.documentElement.hasAttribute('data-hydrated'))
          .catch(() => false),
      { message: 'the form hydrates in the frame', timeout: 15_000 },
    )
    .toBe(true);
  await frameFitsForm(session);
}

/** Waits until the board's frame is as tall as the form in it: a resize after a change is over. */
export async function frameFitsForm(session: Session) {
  await expect
    .poll(
      async () => {
        const frame = await session.evaluate(
          (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0,
          FRAME,
        );
        const form = await session.evaluateInFrame(FRAME, () =>
          Math.ceil(document.documentElement.getBoundingClientRect().height),
        );
        return Math.abs(frame - form) <= 2;
      },
      { message: 'the frame is as tall as the form', timeout: 10_000 },
    )
    .toBe(true);
}

/** Where button `name`'s middle lies on the board's viewport (NaN when there is none). */
async function middleOnBoard(session: Session, name: string, frame: string): Promise<number> {
  const middle = await session.evaluateInFrame(
    frame,
    (wanted) => {
      const button = Array.from(document.querySelectorAll('button')).find(
        (candidate) => candidate.textContent?.trim() === wanted,
      );
      const box = button?.getBoundingClientRect();
      return box ? box.top + box.height / 2 : Number.NaN;
    },
    name,
  );
  const frameTop = await session.evaluate(
    (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? 0,
    frame,
  );
  return frameTop + middle;
}

/**
 * Presses button `name` in the board's frame as a person would: brought to the middle of the
 * board's view, then clicked where it is. The click waits until the button stands still in the
 * view (two reads 100 ms apart agree), and brings it back to the middle each time it has left
 * it: the frame takes its new step's height a moment after the step arrives, and the
 * board then moves (it scrolls the frame's top into view, smoothly, when the new step starts
 * above it), so that a press computed before that lands on what stood there, or outside the
 * view (on a loaded machine). A WebDriver click does not scroll the board for an element inside
 * a frame. `frame` selects the frame on the board: by default the form's English title.
 */
export async function pressInFrame(session: Session, name: string, frame = FRAME) {
  const toMiddle = (y: number) =>
    session.evaluate((at) => window.scrollBy(0, at - window.innerHeight / 2), y);
  await toMiddle(await middleOnBoard(session, name, frame));
  const height = await session.evaluate(() => window.innerHeight);
  let before = Number.NaN;
  await expect
    .poll(
      async () => {
        // A button not there yet is NaN, never equal to the read before: the poll waits for it.
        const now = await middleOnBoard(session, name, frame);
        if (Number.isFinite(now) && (now < 0 || now > height)) {
          await toMiddle(now);
          before = Number.NaN;
          return false;
        }
        const still = now === before;
        before = now;
        return still;
      },
      { message: `"${name}" stands still in the board's view`, intervals: [100] },
    )
    .toBe(true);
  await session.clickInFrame(frame, 'button', name);
}

/** "Fill with Random Data" in the board's frame, pressed as pressInFrame does, once it has filled. */
export async function fillRandomInFrame(session: Session) {
  await pressInFrame(session, 'Fill with Random Data');
  await expect
    .poll(() =>
      session.evaluateInFrame(
        FRAME,
        () => (document.getElementById('field-first_name') as HTMLInputElement | null)?.value ?? '',
      ),
    )
    .not.toBe('');
}
