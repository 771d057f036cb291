// docs/form.md layout: nothing scrolls sideways at 320 px; a centred container of at most 800 px.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { errorSummary, expectStep, fillPersonal, next, stepButton, submitButton } from './form.ts';

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('at 320 px no step scrolls sideways, with or without errors', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expectStep(page, 'Personal Info');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);

  await next(page);
  await expect(errorSummary(page)).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);

  await fillPersonal(page, { email: 'a.very.long.address.for.a.narrow.screen@example.com' });
  await next(page);
  await expectStep(page, 'Career Info');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);

  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(page.getByRole('button', { name: 'Select Resume' })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);

  await page.getByRole('tab', { name: 'Add URL' }).click();
  await expect(page.getByLabel('Resume URL', { exact: true })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);

  await submitButton(page).click();
  await expect(errorSummary(page)).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(320);
});

test('at 1280 px the form sits in a centred container at most 800 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const container = page.getByRole('main');
  const box = async () => {
    const rect = await container.boundingBox();
    expect(rect).not.toBeNull();
    return rect as { x: number; y: number; width: number; height: number };
  };
  for (const step of ['Personal Info', 'Career Info', 'Resume'] as const) {
    if (step === 'Career Info') {
      await fillPersonal(page);
      await next(page);
    }
    if (step === 'Resume') await stepButton(page, 'Resume').click();
    await expectStep(page, step);
    const { x, width } = await box();
    expect(width).toBeLessThanOrEqual(800);
    expect(width).toBeGreaterThan(600);
    // Centred in the viewport (less any scroll bar): the same space on both sides, ±1 px.
    const clientWidth = await page.evaluate(() => document.documentElement.clientWidth);
    expect(Math.abs(x - (clientWidth - (x + width)))).toBeLessThanOrEqual(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1280);
  }
});
