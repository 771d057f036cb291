// Loading: the prerendered form paints before the app's JavaScript is even requested
// (src/web/start/boot.ts), and whatever the candidate types before the app hydrates is kept.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectStep, next } from './form.ts';

test('the form paints before the app bundle is requested', async ({ page }) => {
  await page.goto('/');
  const timings = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(timings.firstContentfulPaint).toBeGreaterThan(0);
  const boot = timings.scripts.filter((script) => /\/assets\/boot-[\w-]+\.js$/.test(script.name));
  const main = timings.scripts.filter((script) => /\/assets\/main-[\w-]+\.js$/.test(script.name));
  expect(boot).toHaveLength(1);
  expect(main).toHaveLength(1);
  expect(main[0]?.startTime).toBeGreaterThanOrEqual(timings.firstContentfulPaint ?? Infinity);
});

test('what is typed before the app hydrates is kept and validated', async ({ page }) => {
  // Hold every script but boot.ts until the fields are filled.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!boot-)[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('First Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
  // The app knows the values, not only the inputs: the rest of step 1 completes it.
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Zip Code', { exact: true }).fill('10001');
  await next(page);
  await expectStep(page, 'Career Info');
});
