// Answers in view (docs/embedding.md, issue 18): a toast is drawn inside the part of the page the
// candidate is looking at. In a job board's page the frame is as tall as the form, so the
// frame's own viewport is the whole form; the toasts follow the part of the frame that the
// board's viewport shows. On the standalone page, a short phone screen.
import { readFile } from 'node:fs/promises';
import { expect, type Frame, type Locator, type Page, test } from '@playwright/test';
import { REGISTRATION_TOASTS, UPLOAD_TOASTS } from '../src/shared/messages.ts';
import { NOTES_PNG } from './form.ts';
import { type App, formFrame, frameAtRest, type Host, startBoard } from './host-page.ts';

const PHONE = { width: 390, height: 844 };

/** A board's page on a phone: content above and below the form, and the two lines of HTML. */
const boardPage = (appUrl: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Acme Jobs</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:700px;background:#eee">Acme Jobs</header>
<div data-resume-registration></div>
<script src="${appUrl}/embed.js" async></script>
<footer style="height:600px;background:#ddd">Footer</footer>
</body></html>`;

let app: App;
let board: Host;
let stop = async () => {};

test.describe.configure({ mode: 'serial' });
// Arriving on a step scrolls the board's page to the frame's top, smoothly unless the visitor
// asked for reduced motion (e2e/cross-browser/step-arrival.spec.ts covers both): a click sent
// while the page glides would land where its button was. These tests click at machine speed.
test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  // Another site than the app's (localhost, not 127.0.0.1), as a job board is: Chromium puts
  // the frame in a process of its own, where the visible part crosses a process boundary.
  ({ host: board, app, stop } = await startBoard('localhost'));
  board.serve(boardPage(app.url));
});

test.afterAll(() => stop());

/** A toast whose whole message is `message`, in the live region the page always had. */
function toastIn(frame: Frame, message: string): Locator {
  return frame
    .getByRole('region', { name: 'Notifications alt+T' })
    .getByRole('listitem')
    .filter({ has: frame.getByText(message, { exact: true }) });
}

/**
 * Where the toast is drawn on the board's viewport: the iframe's offset on the board's page
 * plus the toast's rectangle inside the frame, both as the browser lays them out.
 */
async function onBoard(page: Page, toast: Locator) {
  const frameBox = await page
    .locator('iframe[title="Resume Library Registration"]')
    .evaluate((iframe) => {
      const { top, left } = iframe.getBoundingClientRect();
      return { top, left };
    });
  const box = await toast.evaluate((item) => {
    const { top, bottom, left, right } = item.getBoundingClientRect();
    return { top, bottom, left, right };
  });
  return {
    top: frameBox.top + box.top,
    bottom: frameBox.top + box.bottom,
    left: frameBox.left + box.left,
    right: frameBox.left + box.right,
  };
}

/**
 * Waits until the toast lies wholly inside the board's viewport (its entry animation done),
 * and, when `edge` is given, its top is the toasts' margin (1rem on a phone) below that edge
 * of the board's view, give or take the few px the visible part is measured to.
 */
async function expectInView(page: Page, toast: Locator, edge?: number) {
  await expect
    .poll(async () => {
      const box = await onBoard(page, toast);
      const inside =
        box.top >= 0 && box.bottom <= PHONE.height && box.left >= 0 && box.right <= PHONE.width;
      return inside && (edge === undefined || Math.abs(box.top - (edge + 16)) <= 6);
    })
    .toBe(true);
}

/** Scrolls the board's page until `control` (inside the frame) is at the bottom of its view. */
async function scrollBoardTo(page: Page, control: Locator) {
  const { top: frameTop } = await page
    .locator('iframe[title="Resume Library Registration"]')
    .evaluate((iframe) => iframe.getBoundingClientRect());
  const inFrame = await control.evaluate((element) => element.getBoundingClientRect().bottom);
  const y = await page.evaluate(() => window.scrollY);
  const target = y + frameTop + inFrame - PHONE.height + 24;
  await page.evaluate((top) => window.scrollTo(0, top), target);
  await expect
    .poll(() => control.evaluate((element) => element.getBoundingClientRect().top))
    .toBeGreaterThan(0);
}

async function toResume(frame: Frame, email: string) {
  await frame.getByRole('button', { name: 'Fill with Random Data' }).click();
  await expect(frame.getByLabel('First Name', { exact: true })).not.toHaveValue('');
  await frame.getByLabel('Email', { exact: true }).fill(email);
  await frame.getByRole('button', { name: 'Next Step' }).click();
  // Step 2 on screen first: a press while the first move is checked does nothing.
  await expect(frame.getByRole('heading', { level: 2, name: 'Career Info' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
  await frame.getByRole('button', { name: 'Next Step' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Resume' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
}

test('a provider error after Submit, the board scrolled to the button at 390 × 844, is shown in the board’s viewport and announced', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: PHONE });
  try {
    await page.goto(board.url);
    const frame = await formFrame(page);
    await toResume(frame, 'status-500@example.com');
    const submit = frame.getByRole('button', { name: 'Submit Registration' });
    await scrollBoardTo(page, submit);
    // The form's top, where a toast fixed to the frame's viewport used to be drawn, is far
    // above the board's view.
    expect((await onBoard(page, frame.getByRole('heading', { level: 1 }))).bottom).toBeLessThan(0);
    await submit.click();

    const toast = toastIn(frame, REGISTRATION_TOASTS.serverError);
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(toast.getByRole('paragraph')).toHaveText(
      'Our server encountered an error. Please try again later.',
    );
    // Once its entry animation is over, where it is drawn on the board's viewport.
    await toast.evaluate((li) =>
      Promise.all(li.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    console.log(
      `the toast on the board's 390 × 844 viewport: ${JSON.stringify(await onBoard(page, toast))}`,
    );
    // Top-right (docs/form.md) of what the board shows: its margin below the view's top edge.
    await expectInView(page, toast, 0);
    // Announced as before: inside the polite live region that is always in the page.
    const region = frame.getByRole('region', { name: 'Notifications alt+T' });
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveAttribute('aria-relevant', 'additions text');

    // The board scrolls while the toast shows: the toast follows what the board shows.
    await page.evaluate(() => window.scrollBy(0, -400));
    await expectInView(page, toast, 0);
    await page.evaluate(() => window.scrollBy(0, 250));
    await expectInView(page, toast, 0);
    // The form's top back in view below the board's header: the toast at the form's top.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expectInView(page, toast, 300);
  } finally {
    await page.close();
  }
});

test('an upload refused by the server (a PNG named .pdf), the board scrolled down, is shown in the board’s viewport', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: PHONE });
  try {
    await page.goto(board.url);
    const frame = await formFrame(page);
    await toResume(frame, `in.view.${Date.now()}@example.com`);
    await frame.getByRole('tab', { name: 'Upload File' }).click();
    await scrollBoardTo(page, frame.getByRole('button', { name: 'Submit Registration' }));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
    await frame.getByLabel('Resume file', { exact: true }).setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: await readFile(NOTES_PNG),
    });
    expect((await answered).status()).toBe(415);
    const toast = toastIn(frame, UPLOAD_TOASTS.serverError);
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expectInView(page, toast);
  } finally {
    await page.close();
  }
});

test('on the standalone page on a short phone screen (390 × 600), a provider error after Submit is on screen', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 600 } });
  try {
    await page.goto(`${app.url}/`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('button', { name: 'Fill with Random Data' }).click();
    await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');
    await page.getByLabel('Email', { exact: true }).fill('status-500@example.com');
    await page.getByRole('button', { name: 'Next Step' }).click();
    // Step 2 on screen first: a press while the first move is checked does nothing.
    await expect(page.getByRole('heading', { level: 2, name: 'Career Info' })).toBeVisible();
    await page.getByRole('button', { name: 'Next Step' }).click();
    const submit = page.getByRole('button', { name: 'Submit Registration' });
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await submit.click();
    const toast = page
      .getByRole('region', { name: 'Notifications alt+T' })
      .getByRole('listitem')
      .filter({ has: page.getByText(REGISTRATION_TOASTS.serverError, { exact: true }) });
    await expect(toast).toBeVisible();
    await expect
      .poll(async () => {
        const box = await toast.evaluate((item) => {
          const { top, bottom, left, right } = item.getBoundingClientRect();
          return { top, bottom, left, right };
        });
        return box.top >= 0 && box.bottom <= 600 && box.left >= 0 && box.right <= 390;
      })
      .toBe(true);
  } finally {
    await page.close();
  }
});
