// The form on a job board's own page (docs/embedding.md), in real Chromium with real origins: the built
// app on one port, the boards' pages on others, with only the two lines of HTML.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { DRAFT_KEY } from '../src/web/draft.ts';
import {
  type App,
  clickHeard,
  countFrameLoads,
  fillRandomData,
  formFrame,
  frameAtRest,
  framesLoaded,
  type Host,
  startApp,
  startHost,
} from './host-page.ts';

const STEP_NAMES = ['Personal Info', 'Career Info', 'Resume'] as const;

/**
 * A job board's page: tall content above and below, the two lines of HTML, and a record of
 * every event the container heard and every raw message the window received.
 */
function hostPage(appUrl: string, attributes = '', extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:900px;background:#eee">Acme Jobs</header>
<div data-resume-registration ${attributes}></div>
<script src="${appUrl}/embed.js" async></script>
<footer id="footer" style="height:400px;background:#ddd">Footer</footer>
<script>
  window.heard = []; window.raw = [];
  window.addEventListener('message', (event) => window.raw.push({ origin: event.origin, data: event.data }));
  for (const name of ['ready', 'height', 'step', 'registered', 'queued', 'failed']) {
    document.addEventListener('resume-registration:' + name, (event) =>
      window.heard.push({ type: event.type, detail: event.detail, on: event.target.tagName }));
  }
</script>${extra}</body></html>`;
}

/** The docs' analytics example (a dataLayer fed from the events), as docs/embedding.md has it. */
async function readmeAnalytics(): Promise<string> {
  const readme = await readFile(path.join(import.meta.dirname, '../docs/embedding.md'), 'utf8');
  const example = /```html\n(<script>\n[^`]*dataLayer[^`]*<\/script>)\n```/.exec(readme)?.[1];
  if (!example) throw new Error('docs/embedding.md has no analytics example with dataLayer');
  return example;
}

type Heard = { type: string; detail: Record<string, unknown>; on: string };
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
/** The types of the events the host heard, in order, but the heights. */
const heardTypes = async (page: Page) =>
  (await heard(page)).map((e) => e.type).filter((type) => type !== 'resume-registration:height');
const raw = (page: Page) =>
  page.evaluate(() => (window as unknown as { raw: { origin: string; data: unknown }[] }).raw);

/**
 * No scroll bar inside the frame: the iframe on the host's page is as tall as the form's
 * content and as wide (measured on the host: a frame out of view keeps an old viewport size).
 */
async function expectNoInnerScroll(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const content = await frame.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      const box = await page.locator('iframe').boundingBox();
      return (
        box !== null &&
        box.height >= content.height &&
        box.height <= content.height + 1 &&
        box.width >= content.width
      );
    })
    .toBe(true);
}

let listedHost: Host;
let otherHost: Host;
let app: App;
let unframeable: App;

test.describe.configure({ mode: 'serial' });
// Arriving on a step scrolls the board's page to the frame's top, smoothly unless the visitor
// asked for reduced motion (e2e/cross-browser/step-arrival.spec.ts covers both): a click sent
// while the page glides would land where its button was. These tests click at machine speed.
test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  listedHost = await startHost();
  otherHost = await startHost();
  app = await startApp({ EMBED_ORIGINS: listedHost.origin });
  unframeable = await startApp({});
});

test.afterAll(async () => {
  await Promise.all([app?.stop(), unframeable?.stop(), listedHost?.stop(), otherHost?.stop()]);
});

test('a listed host frames the form at its height, on every step, at 320, 768 and 1280 px', async ({
  browser,
}) => {
  listedHost.serve(hostPage(app.url));
  const events: Heard[] = [];
  for (const width of [320, 768, 1280]) {
    // A fresh browser each time: the form would restore the last one's draft on its last step.
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(listedHost.url);
    const frame = await formFrame(page);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
      'Resume Library Registration',
    );
    await expectNoInnerScroll(page, frame);
    // Step 1 with its error summary open, then steps 2 and 3 (random data makes them valid).
    await clickHeard(frame, frame.getByRole('button', { name: 'Next Step' }));
    await expect(frame.getByRole('alert', { name: 'There is a problem' })).toBeVisible();
    await expectNoInnerScroll(page, frame);
    // The summary took the focus and the board's page scrolled to it: a click waits for rest.
    await frameAtRest(page, frame);
    await fillRandomData(frame);
    for (const name of ['Career Info', 'Resume'] as const) {
      await frame.getByRole('button', { name: 'Next Step' }).click();
      await expect(frame.getByRole('heading', { level: 2, name })).toBeVisible();
      await expectNoInnerScroll(page, frame);
      await frameAtRest(page, frame);
    }
    events.push(...(await heard(page)));
    await page.close();
  }
  expect(events.filter((e) => e.type === 'resume-registration:ready').length).toBe(3);
  expect(events.filter((e) => e.type === 'resume-registration:step').map((e) => e.detail)).toEqual(
    Array.from({ length: 3 }, () => STEP_NAMES.map((name, i) => ({ step: i + 1, name }))).flat(),
  );
  for (const event of events) expect(event.on).toBe('DIV');
});

test('a registration inside the frame fires registered with an empty detail, and no message carries what was typed', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url, '', await readmeAnalytics()));
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  const typed = {
    first: 'Zenobia',
    last: 'Quartermaine',
    email: `zenobia.${Date.now()}@example.com`,
    password: 'Tr0ub4dor-and-3',
    phone: '5550109999',
    town: 'Springfield',
  };
  await frame.getByLabel('First Name', { exact: true }).fill(typed.first);
  await frame.getByLabel('Last Name', { exact: true }).fill(typed.last);
  await frame.getByLabel('Email', { exact: true }).fill(typed.email);
  await frame.getByLabel('Password', { exact: true }).fill(typed.password);
  await frame.getByLabel('Phone', { exact: true }).fill(typed.phone);
  await frame.getByLabel('Zip Code', { exact: true }).fill('10001');
  await frame.getByLabel('Home Town', { exact: true }).fill(typed.town);
  await frame.getByRole('button', { name: 'Next Step' }).click();
  // Step 2 on screen first: a press while the first move is checked does nothing.
  await expect(frame.getByRole('heading', { level: 2, name: 'Career Info' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
  await frame.getByRole('button', { name: 'Next Step' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Resume' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
  await frame.getByRole('tab', { name: 'Add URL' }).click();
  await frame.getByLabel('Resume URL', { exact: true }).fill('example.com/cv/zenobia.pdf');
  await frame.getByRole('button', { name: 'Add', exact: true }).click();
  await frame.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(frame.getByRole('heading', { name: "You're registered" })).toBeVisible();

  await expect
    .poll(async () =>
      (await heard(page)).filter((e) => e.type === 'resume-registration:registered'),
    )
    .toEqual([{ type: 'resume-registration:registered', detail: {}, on: 'DIV' }]);
  // The docs' analytics example counts each step once and the registration once: the empty
  // step 1 under the confirmation is no step view.
  await frameAtRest(page, frame);
  expect(
    await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer),
  ).toEqual([
    { event: 'registration_step', step: 1 },
    { event: 'registration_step', step: 2 },
    { event: 'registration_step', step: 3 },
    { event: 'candidate_registered', source: 'resume-library-form' },
  ]);
  expect(await heardTypes(page)).toEqual([
    'resume-registration:ready',
    'resume-registration:step',
    'resume-registration:step',
    'resume-registration:step',
    'resume-registration:registered',
  ]);
  // Every message the host's window received, raw: from the app's origin, nothing typed in it.
  const messages = await raw(page);
  expect(messages.length).toBeGreaterThan(3);
  const text = JSON.stringify(messages);
  for (const value of [...Object.values(typed), 'zenobia', 'example.com/cv']) {
    expect(text.toLowerCase()).not.toContain(value.toLowerCase());
  }
  for (const message of messages) expect(message.origin).toBe(app.url);
  // The login opens beside the host's page, not inside the frame.
  await expect(frame.getByRole('link', { name: /\/login$/ })).toHaveAttribute('target', '_blank');
});

test('a registration kept for later delivery (OUTBOX=on) fires queued, never registered, and leaves no draft in the frame', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url, '', await readmeAnalytics()));
  // The server's answer with OUTBOX=on when the provider cannot take it now (docs/api.md).
  await page.route(`${app.url}/api/register`, (route) =>
    route.fulfill({
      status: 202,
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, status: 202, queued: true }),
    }),
  );
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  await fillRandomData(frame);
  for (const name of ['Career Info', 'Resume'] as const) {
    await frame.getByRole('button', { name: 'Next Step' }).click();
    await expect(frame.getByRole('heading', { level: 2, name })).toBeVisible();
    await frameAtRest(page, frame);
  }
  const draft = () => frame.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
  await expect.poll(draft, { message: 'a draft is saved in the frame' }).not.toBeNull();
  await frame.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(frame.getByRole('heading', { name: 'We have your registration' })).toBeVisible();
  await expect(
    frame.getByText(
      "We have your registration. The resume library is busy right now, so we will send it shortly. You don't need to do anything.",
      { exact: true },
    ),
  ).toBeVisible();

  await expect
    .poll(async () => (await heard(page)).filter((e) => e.type === 'resume-registration:queued'))
    .toEqual([{ type: 'resume-registration:queued', detail: {}, on: 'DIV' }]);
  await frameAtRest(page, frame);
  expect(await heardTypes(page)).toEqual([
    'resume-registration:ready',
    'resume-registration:step',
    'resume-registration:step',
    'resume-registration:step',
    'resume-registration:queued',
  ]);
  // The docs' analytics example counts no registration for it.
  expect(
    await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer),
  ).not.toContainEqual(expect.objectContaining({ event: 'candidate_registered' }));
  expect(await draft()).toBeNull();
});

test('embed.js frames containers added later, adds one global only, and passes on no message but its frames’', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url));
  // Every global the page has before embed.js runs, and the test's own records.
  await page.addInitScript(() => {
    (window as unknown as { before: string[] }).before = Object.keys(window);
  });
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  // A container a single-page host adds after embed.js ran.
  await page.evaluate(() => {
    const late = document.createElement('section');
    late.innerHTML = '<div data-resume-registration></div>';
    document.body.append(late);
  });
  await expect(page.locator('iframe[title="Resume Library Registration"]')).toHaveCount(2);
  const added = await page.evaluate(() => {
    const before = new Set((window as unknown as { before: string[] }).before);
    // Numeric keys are the page's frames (window[0]), not globals.
    return Object.keys(window).filter((key) => !before.has(key) && !/^\d+$/.test(key));
  });
  expect(added.filter((key) => !['before', 'heard', 'raw'].includes(key))).toEqual([
    'ResumeRegistration',
  ]);
  // A message of the right shape from anything but the form's own frame is not an event.
  await page.evaluate(() => {
    window.postMessage({ type: 'resume-registration:registered' }, '*');
    window.postMessage({ type: 'resume-registration:failed', status: 500 }, '*');
  });
  // Then one from the form's own frame: the window takes its messages in the order they were
  // posted, so once this one is heard the forged ones have been handled (no clock involved).
  await frame.evaluate(() =>
    window.parent.postMessage({ type: 'resume-registration:step', step: 3 }, '*'),
  );
  await expect
    .poll(async () => (await heard(page)).map((event) => event.detail))
    .toContainEqual({ step: 3, name: 'Resume' });
  const types = (await heard(page)).map((event) => event.type);
  expect(types).not.toContain('resume-registration:registered');
  expect(types).not.toContain('resume-registration:failed');
});

test('a failed registration fires failed with the status only', async ({ page }) => {
  listedHost.serve(hostPage(app.url));
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  await fillRandomData(frame);
  await frame.getByLabel('Email', { exact: true }).fill('status-503@example.com');
  await frame.getByRole('button', { name: 'Next Step' }).click();
  // Step 2 on screen first: a press while the first move is checked does nothing.
  await expect(frame.getByRole('heading', { level: 2, name: 'Career Info' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
  await frame.getByRole('button', { name: 'Next Step' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Resume' })).toBeVisible();
  await frameAtRest(frame.page(), frame);
  await frame.getByRole('button', { name: 'Submit Registration' }).click();
  await expect
    .poll(async () => (await heard(page)).filter((e) => e.type === 'resume-registration:failed'))
    .toEqual([{ type: 'resume-registration:failed', detail: { status: 503 }, on: 'DIV' }]);
});

test('a host not in EMBED_ORIGINS is refused by frame-ancestors and hears nothing', async ({
  page,
}) => {
  otherHost.serve(hostPage(app.url));
  await countFrameLoads(page);
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.goto(otherHost.url);
  await blocked;
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  // The refused frame has finished loading the browser's error page: no form runs in it to send
  // a ready or height message, and embed.js has done all it does on a frame's load.
  await expect.poll(() => framesLoaded(page)).toBe(1);
  expect(await frame?.getByText('Resume Library Registration').count()).toBe(0);
  expect(await heard(page)).toEqual([]);
  expect(await raw(page)).toEqual([]);
});

test('with EMBED_ORIGINS unset the form cannot be framed at all', async ({ page }) => {
  listedHost.serve(hostPage(unframeable.url));
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.goto(listedHost.url);
  await blocked;
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  expect(await frame?.getByText('Resume Library Registration').count()).toBe(0);
  expect(await heard(page)).toEqual([]);
});

test('data-brand-color recolours the form; a colour below 4.5:1 is ignored with one warning', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url, 'data-brand-color="#2e7d32"'));
  await page.goto(listedHost.url);
  let frame = await formFrame(page);
  const primary = () =>
    frame
      .getByRole('button', { name: 'Next Step' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(await primary()).toBe('rgb(46, 125, 50)');

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  listedHost.serve(hostPage(app.url, 'data-brand-color="#777777"'));
  await page.goto(listedHost.url);
  frame = await formFrame(page);
  expect(await primary()).toBe('rgb(11, 92, 173)');
  expect(warnings).toEqual([
    'resume-registration: data-brand-color #777777 has 4.47:1 contrast against white; at least 4.5:1 is needed; ignored',
  ]);
});

test('the error summary inside the frame is brought into the host’s view when it takes focus', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url));
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  // The host's page at its end, far below the form's top, then Next Step activated where it is
  // (a pointer click would first scroll the host only as far as the button, which leaves the
  // summary in view anyway, and aims at coordinates while the frame may still be resizing).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await frame.getByRole('button', { name: 'Next Step' }).dispatchEvent('click');
  const summary = frame.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect
    .poll(async () => {
      const box = await summary.boundingBox();
      return box !== null && box.y >= 0 && box.y + 40 <= 700;
    })
    .toBe(true);
});

test('BRAND_COLOR recolours the whole deployment from the first paint, and data-brand-color overrides it', async ({
  page,
}) => {
  const branded = await startApp({ BRAND_COLOR: '#2E7D32' });
  try {
    const background = () =>
      page
        .getByRole('button', { name: 'Next Step' })
        .evaluate((button) => getComputedStyle(button).backgroundColor);
    // Before any script runs: the page as the server sent it.
    await page.goto(`${branded.url}/`, { waitUntil: 'commit' });
    await page.waitForSelector('.button--primary');
    // The stylesheet, once it has arrived (a linked sheet joins document.styleSheets then).
    await page.waitForFunction(() =>
      Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/')),
    );
    expect(await background()).toBe('rgb(46, 125, 50)');
    await page.goto(`${branded.url}/?embed=1&brand=000000`);
    expect(await background()).toBe('rgb(0, 0, 0)');
  } finally {
    await branded.stop();
  }
});

for (const brand of ['000000', '767676']) {
  test(`with the allowed brand colour #${brand} the form has no serious axe violation`, async ({
    page,
  }) => {
    await page.goto(`${app.url}/?brand=${brand}`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('button', { name: 'Next Step' }).click();
    await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
  });
}
