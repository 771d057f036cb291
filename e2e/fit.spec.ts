// At a small phone's width, in English and in Spanish, no control's text is cut and no button or tab
// wraps (docs/form.md layout): every step walked once, each state measured with the page function
// of e2e/fit.ts, every failure reported at the end with the state it was seen in.
import { expect } from '@playwright/test';
import type { Locale } from '../src/shared/locale.ts';
import { controlsThatDoNotFit, describeMisfits, type Misfit, misfitsSeen } from './fit.ts';
import { test } from './fixtures.ts';
import { NAMES } from './form.ts';

const SMALL_PHONE = { width: 360, height: 640 };

for (const language of ['en', 'es'] as const satisfies Locale[]) {
  test(`at 360 × 640 in ${NAMES[language].option}, every control's text fits its box on every step`, async ({
    page,
  }) => {
    const n = NAMES[language];
    const step = (name: string) => expect(page.locator('#step-title')).toHaveText(name);
    const misfits: Record<string, Misfit[]> = {};
    const look = async (state: string) => {
      misfits[state] = await page.evaluate(controlsThatDoNotFit);
    };
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`/?lang=${language}`);
    await step(n.step);
    await look('step 1');

    await page.getByRole('button', { name: n.next }).click();
    await expect(page.getByRole('alert', { name: n.problem })).toBeVisible();
    await look('step 1 with its errors');

    // Random data fills every step and attaches a resume.
    await page.getByRole('button', { name: n.random }).click();
    await expect(page.getByLabel(n.first, { exact: true })).not.toHaveValue('');
    await page.getByRole('button', { name: n.next }).click();
    await step(n.career);
    await look('step 2');

    await page.getByRole('button', { name: n.next }).click();
    await step(n.resume);
    await expect(page.getByRole('button', { name: n.remove })).toBeVisible();
    await look('step 3 with a resume added, and the answers to check');

    await page.getByRole('button', { name: n.remove }).click();
    await page.getByRole('button', { name: n.submit }).click();
    await expect(page.getByRole('alert', { name: n.problem })).toBeVisible();
    await look('step 3, the file tab, with its error');

    await page.getByRole('tab', { name: n.addUrl }).click();
    await expect(page.getByLabel(n.resumeUrl, { exact: true })).toBeVisible();
    await look('step 3, the link tab');

    await page.getByLabel(n.resumeUrl, { exact: true }).fill('example.com/cv/ada.pdf');
    await page.getByRole('button', { name: n.add, exact: true }).click();
    await page.getByRole('button', { name: n.submit }).click();
    await expect(page.getByRole('heading', { name: n.registered })).toBeVisible();
    await look('the confirmation');

    expect(misfitsSeen(misfits), describeMisfits(misfits)).toEqual({});
  });
}
