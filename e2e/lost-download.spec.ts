// A phone between networks: code the page fetches on the first input (the form's rules here,
// docs/decisions/015) may not arrive. That prefetch failing costs nothing: the check that needs
// the code asks for it again, and the candidate goes on.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectStep, fillPersonal, next } from './form.ts';

test('the form’s rules lost on the first input are fetched again for Next', async ({ page }) => {
  let asked = 0;
  await page.route(/\/assets\/rules-[\w-]+\.js$/, async (route) => {
    asked += 1;
    if (asked === 1) await route.fulfill({ status: 503, body: '' });
    else await route.continue();
  });
  await page.goto('/');
  await fillPersonal(page);
  await expect.poll(() => asked).toBe(1);
  await next(page);
  await expectStep(page, 'Career Info');
  expect(asked).toBe(2);
});
