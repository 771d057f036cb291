// A phone on a slow or changing network: code the page fetches on the first input (the form's
// rules here, docs/decisions/015) may be late or not arrive. A failed prefetch costs nothing (the
// check that needs the code asks again), and while Next Step waits for it, it is busy.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectStep, fillPersonal, next } from './form.ts';

const RULES = /\/assets\/rules-[\w-]+\.js$/;

test('the form’s rules lost on the first input are fetched again for Next', async ({ page }) => {
  let asked = 0;
  await page.route(RULES, async (route) => {
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

test('Next pressed twice while the rules are on their way: busy, then one step each', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(RULES, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await fillPersonal(page);
  const nextStep = page.getByRole('button', { name: 'Next Step', exact: true });
  await nextStep.click();
  await expect(nextStep).toHaveAttribute('aria-busy', 'true');
  await expect(nextStep).toHaveAttribute('aria-disabled', 'true');
  // The second press waits for the first move (Playwright waits for an enabled button).
  const second = nextStep.click();
  await expectStep(page, 'Personal Info');
  release();
  await second;
  await expectStep(page, 'Resume');
  await expect(nextStep).toHaveCount(0);
});
