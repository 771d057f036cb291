// Typing while the app takes over (issue 21): on a phone-like CPU (4x slower, through the DevTools
// protocol), a candidate starts typing into First Name right after the first paint and keeps
// typing, one key every 50 ms, while the app's script arrives, runs and hydrates the form. Every
// key is kept, and the app knows the value, not only the input. How long a key takes to paint
// meanwhile is a bench figure (npm run bench), not this test's.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectStep, holdAppScript, next } from './form.ts';

const NAME = 'Ada Lovelace-Byron';

test('what is typed into First Name while the app hydrates is all kept', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The app's script waits until the first keys are in, then arrives while the typing goes on:
  // the keys that follow meet its evaluation and the hydration (a busy page handles them between
  // its tasks).
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  const hydrated = page.locator('html[data-hydrated]');
  const firstName = page.getByLabel('First Name', { exact: true });
  const typing = firstName.pressSequentially(NAME, { delay: 50 });
  await expect(firstName).toHaveValue(/^Ada/);
  expect(await hydrated.count()).toBe(0);
  release();
  await typing;
  await expect(hydrated).toHaveCount(1);
  await expect(firstName).toHaveValue(NAME);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada.typing@example.com');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Zip Code', { exact: true }).fill('10001');
  await next(page);
  await expectStep(page, 'Career Info');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(firstName).toHaveValue(NAME);
});
