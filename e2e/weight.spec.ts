// Weight: `npm run size` weighs the scripts the build lists (scripts/weight.mjs, FETCHED). This
// checks that list against what a phone-sized Chromium actually fetches, so the budget cannot
// miss a script: nothing but the `load` chunks while nobody touches the page, and the
// `first-input` chunks once someone does.
import { expect, type Page } from '@playwright/test';
import { fetched } from '../scripts/weight.mjs';
import { test } from './fixtures.ts';

// Longer than any idle callback or timer of the app would wait to fetch something by itself.
const UNTOUCHED_MS = 5_000;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The list `npm run size` reads, through the same function. */
async function listed(when: 'load' | 'firstInput') {
  return (await fetched())[when];
}

/** The scripts the page fetches from now on (paths without the leading slash). */
function scriptsFetched(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) fetched.add(pathname.slice(1));
  });
  return fetched;
}

test('without interaction the page fetches exactly the scripts npm run size counts', async ({
  page,
}) => {
  const fetched = scriptsFetched(page);
  await page.goto('/');
  await page.waitForTimeout(UNTOUCHED_MS);
  expect([...fetched].sort()).toEqual((await listed('load')).sort());
});

test('the first input fetches exactly the first-input scripts', async ({ page }) => {
  await page.goto('/');
  await page.waitForTimeout(1_000);
  const fetched = scriptsFetched(page);
  await page.getByLabel('First Name', { exact: true }).tap();
  const expected = (await listed('firstInput')).sort();
  await expect.poll(() => [...fetched].sort()).toEqual(expected);
  await page.waitForTimeout(UNTOUCHED_MS);
  expect([...fetched].sort()).toEqual(expected);
});
