// A job board's page for the embed specs: its own HTTP server on a free port of 127.0.0.1, so
// its origin differs from the app's, serving whatever page (and headers) a test gives it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import { startBuiltServer } from './built-server.ts';
import { clicksHeard, countClicks } from './form.ts';

export interface Host {
  url: string;
  origin: string;
  /** Serves `html` at `url` from now on, with `headers` beside its content type. */
  serve(html: string, headers?: Record<string, string>): void;
  stop(): Promise<void>;
}

/**
 * `hostname` names the origin: `localhost` makes the board another site than an app on
 * 127.0.0.1 (Chromium then puts the frame in a process of its own), not only another origin.
 */
export async function startHost(hostname: '127.0.0.1' | 'localhost' = '127.0.0.1'): Promise<Host> {
  let html = '';
  let extra: Record<string, string> = {};
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...extra }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://${hostname}:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    origin,
    serve: (page, headers = {}) => {
      html = page;
      extra = headers;
    },
    // Also the connections a browser opened ahead and never used, which close() would wait for.
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A job board's page that frames the form from `appUrl` with the two lines of HTML, and notes
 * each height its container hears (`heightsHeard` reads them, in the page).
 */
export function boardPage(appUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0">
<script>
  window.heights = [];
  document.addEventListener('resume-registration:height', (event) =>
    window.heights.push(event.detail.height));
</script>
<div data-resume-registration></div>
<script src="${appUrl}/embed.js" async></script></body></html>`;
}

/** The heights a `boardPage` heard so far (runs in the page). */
export const heightsHeard = () => (window as unknown as { heights: number[] }).heights;

/** The form's iframe, titled in the form's language (embed.js). */
const FORM_FRAME =
  'iframe[title="Resume Library Registration"], iframe[title="Registro en Resume Library"]';

/** The built app a board frames, on the embedded sandbox provider. */
export interface App {
  url: string;
  stop(): Promise<void>;
}

/** The built server on the embedded sandbox provider, with `env`. */
export async function startApp(env: Record<string, string>): Promise<App> {
  const { server, stop } = await startBuiltServer(null, env);
  return { url: server.url, stop };
}

/** A board's page and the built app that lists it in EMBED_ORIGINS; `stop` ends both. */
export async function startBoard(
  hostname?: '127.0.0.1' | 'localhost',
): Promise<{ host: Host; app: App; stop(): Promise<void> }> {
  const host = await startHost(hostname);
  const app = await startApp({ EMBED_ORIGINS: host.origin }).catch(async (error: unknown) => {
    await host.stop();
    throw error;
  });
  return { host, app, stop: async () => void (await Promise.all([app.stop(), host.stop()])) };
}

/**
 * The board's `nth` form frame once the form in it has hydrated and the board has given the
 * frame the height it asked for then. Until that height arrives, a frame whose form is taller
 * than step 1's first height (the sandbox's random-data button) scrolls inside, and a click
 * aimed at its lower part lands where the content was before the frame grew.
 */
export async function formFrame(page: Page, nth = 0): Promise<Frame> {
  const element = page.locator(FORM_FRAME).nth(nth);
  const frame = await (await element.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await frameAtRest(page, frame, nth);
  await takesPointer(page, frame, nth);
  return frame;
}

/**
 * Clicks `target` in `frame` until the frame's page hears a click: Chromium drops a click on a
 * frame of another origin now and then even once it has heard the pointer (a first Next Step that
 * did nothing, twice in CI, right after the board's page scrolled the button into view). Only a
 * click the frame never heard is made again; what the app does with it is the test's to check.
 */
export async function clickHeard(frame: Frame, target: Locator): Promise<void> {
  const heard = () => frame.evaluate(clicksHeard);
  await frame.evaluate(countClicks);
  const before = await heard();
  await expect(async () => {
    if ((await heard()) === before) await target.click();
    expect(await heard(), 'the frame heard the click').toBeGreaterThan(before);
  }).toPass({ intervals: [1_000], timeout: 10_000 });
}

/**
 * Waits until the frame receives the pointer: Chromium runs a frame of another origin in a
 * process of its own, and until the board's page can route input to it, a click on it is
 * dropped without a trace (a first Next Step or Fill with Random Data that did nothing, in CI).
 * The sentinel: a pointer move over the frame that the frame's own page hears.
 */
async function takesPointer(page: Page, frame: Frame, nth: number): Promise<void> {
  await frame.evaluate(() => {
    const marked = document.documentElement;
    addEventListener('pointermove', () => marked.setAttribute('data-pointer-seen', ''), {
      once: true,
    });
  });
  const box = await page.locator(FORM_FRAME).nth(nth).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the frame has no box');
  // A point of the frame on the board's screen, without scrolling the board (tests measure its
  // scroll); a frame wholly off screen is scrolled to by the click itself.
  const top = Math.max(box.y, 0);
  if (top + 8 > Math.min(box.y + box.height, viewport.height)) return;
  let step = 0;
  await expect
    .poll(
      async () => {
        step += 1;
        await page.mouse.move(box.x + 4 + (step % 4), top + 4);
        return frame.evaluate(() => document.documentElement.hasAttribute('data-pointer-seen'));
      },
      { message: 'the frame hears the pointer' },
    )
    .toBe(true);
}

/**
 * Waits until the board's page and the form's frame are at rest after a move: the frame as tall
 * as its content and where it was on the previous look. A step change resizes the frame and
 * brings its top into view (docs/embedding.md); a click sent meanwhile lands where its button was.
 */
export async function frameAtRest(page: Page, frame: Frame, nth = 0): Promise<void> {
  const element = page.locator(FORM_FRAME).nth(nth);
  let last = '';
  await expect
    .poll(async () => {
      const content = await frame.evaluate(() => document.documentElement.scrollHeight);
      const box = await element.boundingBox();
      const now = JSON.stringify([box?.y, box?.height, content]);
      const still = now === last && box !== null && box.height >= content;
      last = now;
      return still;
    })
    .toBe(true);
}

/**
 * Counts, on `page`, the load events of its iframes: the last thing a frame's navigation does,
 * refused or not. Call before the page loads; read with framesLoaded.
 */
export async function countFrameLoads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts = window as unknown as { framesLoaded: number };
    counts.framesLoaded = 0;
    document.addEventListener(
      'load',
      (event) => {
        if ((event.target as Element).tagName === 'IFRAME') counts.framesLoaded++;
      },
      true,
    );
  });
}

export const framesLoaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { framesLoaded: number }).framesLoaded);

/**
 * "Fill with Random Data" inside the frame, once the fill has shown. Should the fields still be
 * empty 3 s after a click, it clicks again: a click on a frame just scrolled into view can be
 * dropped before the board's page routes input to the frame's process (takesPointer).
 */
export async function fillRandomData(frame: Frame): Promise<void> {
  const firstName = frame.getByLabel('First Name', { exact: true });
  await expect(async () => {
    await frame.getByRole('button', { name: 'Fill with Random Data' }).click();
    await expect(firstName).not.toHaveValue('', { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}
