// Weight: `npm run size` weighs the scripts the build lists (scripts/weight.mjs, FETCHED). This
// checks that list against what a phone-sized Chromium actually fetches, so the budget cannot
// miss a script: nothing but the `load` chunks while nobody touches the page, and the
// `first-input` chunks once someone does.
import { expect, type Page, type Request } from '@playwright/test';
import { fetched, firstLoads, overBudget } from '../scripts/weight.mjs';
import { test } from './fixtures.ts';

// Fake time (Playwright's clock, installed before the page loads), run at once: longer than any
// timer or idle callback of the app would wait to fetch something by itself.
const BY_ITSELF_MS = 60_000;
/** A request of the test's own, sent after what the page does by itself (not a script). */
const SENTINEL = '/healthz';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The list `npm run size` reads, through the same function. */
async function listed(when: 'load' | 'firstInput') {
  return (await fetched())[when];
}

/** Every request the page sends from now on. */
function requestsOf(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** The scripts among them (paths without the leading slash), sorted. */
function scripts(requests: Request[]): string[] {
  const paths = requests.map((request) => new URL(request.url()).pathname);
  return [...new Set(paths.filter((path) => path.endsWith('.js')))].map((p) => p.slice(1)).sort();
}

/**
 * Leaves the page alone until it has done all it does by itself, without waiting for time to
 * pass: once every request so far has finished (an arriving script may import another), every
 * timer and idle callback the page schedules within BY_ITSELF_MS runs at once; then the test
 * sends SENTINEL from the page and waits until it is seen. Chromium reports requests in the
 * order they are sent, so by then every request those callbacks sent is in `requests`. Again,
 * until a round sends nothing but the sentinel.
 */
async function leaveAlone(page: Page, requests: Request[]) {
  for (let round = 0; round < 5; round++) {
    await Promise.all(requests.map(async (request) => (await request.response())?.finished()));
    const before = requests.length;
    await page.clock.runFor(BY_ITSELF_MS);
    await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === SENTINEL),
      page.evaluate((url) => fetch(url).then((response) => response.text()), SENTINEL),
    ]);
    if (requests.length === before + 1) return;
  }
  throw new Error('the page keeps sending requests by itself');
}

test('without interaction the page fetches exactly the scripts npm run size counts', async ({
  page,
}) => {
  await page.clock.install();
  const requests = requestsOf(page);
  await page.goto('/');
  await leaveAlone(page, requests);
  expect(scripts(requests)).toEqual((await listed('load')).sort());
});

test('the first input fetches exactly the first-input scripts', async ({ page }) => {
  await page.clock.install();
  const beforeInput = requestsOf(page);
  await page.goto('/');
  await leaveAlone(page, beforeInput);
  const requests = requestsOf(page);
  await page.getByLabel('First Name', { exact: true }).tap();
  const expected = (await listed('firstInput')).sort();
  await expect.poll(() => scripts(requests)).toEqual(expected);
  await leaveAlone(page, requests);
  expect(scripts(requests)).toEqual(expected);
});

test("each page is within the budget: 2 scripts, 100 KB, and the two languages' pages within 1 KB of each other", async () => {
  const loads = await firstLoads();
  expect(loads.map((load) => load.page).sort()).toEqual(['index.es.html', 'index.html']);
  expect(overBudget(loads)).toEqual([]);
});
