// The embed on boards that send no referrer, on single-page boards and as the page first lays
// out (docs/embedding.md, issue 18), in real Chromium with real origins: the built app on one port, the
// boards' pages on others.
import { expect, type Page, test } from '@playwright/test';
import {
  type App,
  countFrameLoads,
  formFrame,
  framesLoaded,
  type Host,
  startApp,
  startHost,
} from './host-page.ts';

/** Records every event heard on the document and every raw message the window received. */
const RECORDER = `<script>
  window.heard = []; window.raw = [];
  window.addEventListener('message', (event) => window.raw.push({ origin: event.origin, data: event.data }));
  for (const name of ['ready', 'height', 'step', 'registered', 'failed']) {
    document.addEventListener('resume-registration:' + name, (event) =>
      window.heard.push({ type: event.type, detail: event.detail, id: event.target.id }));
  }
</script>`;

/** A board's page with the two lines of HTML (and `body` after them). */
function hostPage(
  appUrl: string,
  { header = 120, body = '', lang = '' }: { header?: number; body?: string; lang?: string } = {},
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${RECORDER}</head>
<body style="margin:0;font-family:sans-serif">
<header style="height:${header}px;background:#eee">Acme Jobs</header>
<div data-resume-registration id="form"${lang ? ` data-lang="${lang}"` : ''}></div>
<script src="${appUrl}/embed.js" async></script>
<footer id="footer" style="height:400px;background:#ddd">Footer</footer>${body}
</body></html>`;
}

/** The one global embed.js adds, as a board's TypeScript sees it. */
type Board = {
  ResumeRegistration?: {
    mount(element: HTMLElement, options?: { brandColor?: string }): void;
    unmount(element: HTMLElement): void;
  };
};

type Heard = { type: string; detail: Record<string, unknown>; id: string };
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
const raw = (page: Page) => page.evaluate(() => (window as unknown as { raw: unknown[] }).raw);
const types = async (page: Page) => (await heard(page)).map((event) => event.type);

/** The window's `message` listeners, as DevTools lists them. */
async function messageListeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId ?? '',
    });
    return listeners.filter((listener) => listener.type === 'message').length;
  } finally {
    await cdp.detach();
  }
}

let listedHost: Host;
let otherHost: Host;
let app: App;
/** The production form: no random-data button (RANDOM_DATA_BUTTON=off), the sandbox provider. */
let production: App;

test.describe.configure({ mode: 'serial' });
// Arriving on a step scrolls the board's page to the frame's top, smoothly unless the visitor
// asked for reduced motion (e2e/cross-browser/step-arrival.spec.ts covers both): a click sent
// while the page glides would land where its button was. These tests click at machine speed.
test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  listedHost = await startHost();
  otherHost = await startHost();
  app = await startApp({ EMBED_ORIGINS: listedHost.origin });
  production = await startApp({
    EMBED_ORIGINS: listedHost.origin,
    RANDOM_DATA_BUTTON: 'off',
    PROVIDER: 'sandbox',
  });
});

test.afterAll(async () => {
  await Promise.all([app?.stop(), production?.stop(), listedHost?.stop(), otherHost?.stop()]);
});

test('a listed board that sends no referrer shows the whole form and hears its events', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url), { 'referrer-policy': 'no-referrer' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(listedHost.url);
  const frame = await formFrame(page);
  // No referrer reached the frame; embed.js named the board, and the server accepted it.
  expect(await frame.evaluate(() => document.referrer)).toBe('');
  expect(new URL(frame.url()).searchParams.get('host')).toBe(listedHost.origin);
  expect(await frame.evaluate(() => document.documentElement.dataset.embedHost)).toBe(
    listedHost.origin,
  );
  await expect.poll(() => types(page)).toContain('resume-registration:ready');
  const events = await heard(page);
  expect(events.find((e) => e.type === 'resume-registration:step')?.detail).toEqual({
    step: 1,
    name: 'Personal Info',
  });
  // The whole form: the iframe as tall as the form's content (no 150 px sliver).
  await expect
    .poll(async () => {
      const content = await frame.evaluate(() => document.documentElement.scrollHeight);
      const box = await page.locator('iframe').boundingBox();
      return box !== null && content > 1000 && Math.abs(box.height - content) <= 1;
    })
    .toBe(true);
});

test('an unlisted board naming itself in ?host= is not framed and hears nothing', async ({
  page,
}) => {
  otherHost.serve(hostPage(app.url), { 'referrer-policy': 'no-referrer' });
  await countFrameLoads(page);
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.goto(otherHost.url);
  await blocked;
  const element = page.locator('iframe');
  expect(new URL((await element.getAttribute('src')) ?? '').searchParams.get('host')).toBe(
    otherHost.origin,
  );
  // What the server answered that frame: no host named, and frame-ancestors without it.
  const response = await fetch(`${app.url}/?embed=1&host=${encodeURIComponent(otherHost.origin)}`);
  expect(await response.text()).not.toContain('data-embed-host');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]).toBe(listedHost.origin);
  // The refused frame has finished loading the browser's error page: no form runs in it to send
  // a message, and embed.js has done all it does on a frame's load.
  await expect.poll(() => framesLoaded(page)).toBe(1);
  expect(await heard(page)).toEqual([]);
  expect(await raw(page)).toEqual([]);
});

test('an unlisted board naming a listed origin in ?host= is not framed and hears nothing', async ({
  page,
}) => {
  const src = `${app.url}/?embed=1&host=${encodeURIComponent(listedHost.origin)}`;
  otherHost.serve(
    `<!doctype html><html lang="en"><head><title>Not Acme</title>${RECORDER}</head><body>
<iframe title="Resume Library Registration" src="${src}"></iframe></body></html>`,
    { 'referrer-policy': 'no-referrer' },
  );
  await countFrameLoads(page);
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.goto(otherHost.url);
  await blocked;
  // The refused frame has finished loading the browser's error page: no form runs in it.
  await expect.poll(() => framesLoaded(page)).toBe(1);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  expect(await frame?.getByText('Resume Library Registration').count()).toBe(0);
  expect(await raw(page)).toEqual([]);
});

test('a listed board framing the plain page, not the embed, is refused and hears nothing', async ({
  page,
}) => {
  listedHost.serve(
    `<!doctype html><html lang="en"><head><title>Acme</title>${RECORDER}</head><body>
<iframe title="Resume Library Registration" src="${app.url}/"></iframe></body></html>`,
  );
  await countFrameLoads(page);
  const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
  await page.goto(listedHost.url);
  await blocked;
  await expect.poll(() => framesLoaded(page)).toBe(1);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  expect(await frame?.getByText('Resume Library Registration').count()).toBe(0);
  expect(await raw(page)).toEqual([]);
});

test('a single-page board: removing the container releases its frame and listener; mount and unmount work on a later element', async ({
  page,
}) => {
  listedHost.serve(hostPage(app.url));
  await page.goto(listedHost.url);
  await formFrame(page);
  await expect.poll(() => types(page)).toContain('resume-registration:ready');
  // The page's own recorder and embed.js's.
  expect(await messageListeners(page)).toBe(2);

  await page.evaluate(() => document.getElementById('form')?.remove());
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect.poll(() => messageListeners(page)).toBe(1);

  // A view rendered later, without the attribute: mounted by hand, with a colour.
  const before = (await heard(page)).length;
  await page.evaluate(() => {
    const late = document.createElement('section');
    late.id = 'late';
    document.body.append(late);
    (window as unknown as Board).ResumeRegistration?.mount(late, { brandColor: '#2e7d32' });
    // Mounting twice frames it once.
    (window as unknown as Board).ResumeRegistration?.mount(late);
  });
  await expect(page.locator('#late iframe')).toHaveCount(1);
  expect(new URL((await page.locator('#late iframe').getAttribute('src')) ?? '').search).toBe(
    `?embed=1&host=${encodeURIComponent(listedHost.origin)}&brand=2e7d32`,
  );
  await formFrame(page);
  await expect
    .poll(async () => (await heard(page)).slice(before).map((e) => `${e.id} ${e.type}`))
    .toContain('late resume-registration:ready');
  expect(await messageListeners(page)).toBe(2);

  await page.evaluate(() => {
    const late = document.getElementById('late');
    if (late) (window as unknown as Board).ResumeRegistration?.unmount(late);
  });
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await messageListeners(page)).toBe(1);
  const after = (await heard(page)).length;
  // The board's own message to itself, once received: every message the removed frame had sent
  // came before it, and none became an event.
  await page.evaluate(() => window.postMessage('after-unmount', '*'));
  await expect.poll(async () => JSON.stringify(await raw(page))).toContain('after-unmount');
  expect((await heard(page)).length).toBe(after);
  // The element stays where the board put it; mounting again frames it again.
  await page.evaluate(() => {
    const late = document.getElementById('late');
    if (late) (window as unknown as Board).ResumeRegistration?.mount(late);
  });
  await expect(page.locator('#late iframe')).toHaveCount(1);
});

// In each language: Spanish wraps sooner on a phone (shared/embed-protocol.ts FIRST_HEIGHTS_ES).
for (const [lang, width] of [320, 390, 768, 1280].flatMap((w) => [
  ['en', w] as const,
  ['es', w] as const,
])) {
  test(`at ${width} px in ${lang} the iframe starts at step 1’s height: no layout shift on the board once it is in the page`, async ({
    page,
  }) => {
    // The footer is in view right below the (empty) container until the frame arrives.
    listedHost.serve(
      hostPage(production.url, {
        lang,
        body: `<script>
  window.shifts = []; window.inPageAt = null; window.firstHeight = null;
  const record = (entries) => {
    for (const e of entries) window.shifts.push({ at: e.startTime, value: e.value, input: e.hadRecentInput });
  };
  window.shiftObserver = new PerformanceObserver((list) => record(list.getEntries()));
  window.shiftObserver.observe({ type: 'layout-shift', buffered: true });
  // Every shift drawn so far, including those whose callback has not run yet.
  window.allShifts = () => { record(window.shiftObserver.takeRecords()); return window.shifts; };
  // When the iframe is in the page and drawn (its own arrival is drawn in the next frame).
  new MutationObserver((records, observer) => {
    const frame = document.querySelector('iframe');
    if (!frame) return;
    observer.disconnect();
    window.firstHeight = frame.getBoundingClientRect().height;
    requestAnimationFrame(() => requestAnimationFrame(() => { window.inPageAt = performance.now(); }));
  }).observe(document.body, { childList: true, subtree: true });
</script>`,
      }),
    );
    await page.setViewportSize({ width, height: 800 });
    await page.goto(listedHost.url);
    const frame = await formFrame(page);
    await expect.poll(() => types(page)).toContain('resume-registration:height');
    const formHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
    // Not a pause: the frame has taken the form's height, and two frames later the board's page
    // has drawn it, so any shift it caused is recorded (takeRecords, below).
    const frameHeight = () =>
      page.evaluate(() => document.querySelector('iframe')?.getBoundingClientRect().height ?? 0);
    await expect
      .poll(async () => Math.abs((await frameHeight()) - formHeight))
      .toBeLessThanOrEqual(1);
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
    );
    const measured = await page.evaluate(() => {
      const w = window as unknown as {
        allShifts: () => { at: number; value: number; input: boolean }[];
        inPageAt: number;
        firstHeight: number;
      };
      const shifts = w.allShifts();
      const after = shifts.filter((s) => s.at > w.inPageAt && !s.input);
      return {
        firstHeight: w.firstHeight,
        cls: after.reduce((sum, s) => sum + s.value, 0),
        clsTotal: shifts.reduce((sum, s) => sum + (s.input ? 0 : s.value), 0),
        frameHeight: document.querySelector('iframe')?.getBoundingClientRect().height ?? 0,
      };
    });
    test.info().annotations.push({
      type: 'first height',
      description: JSON.stringify({ lang, width, formHeight, ...measured }),
    });
    expect(measured.cls).toBeLessThanOrEqual(0.01);
    // The first height is step 1's within a line of text, and the frame then follows the form.
    expect(Math.abs(measured.firstHeight - formHeight)).toBeLessThanOrEqual(24);
    expect(Math.abs(measured.frameHeight - formHeight)).toBeLessThanOrEqual(1);
  });
}
