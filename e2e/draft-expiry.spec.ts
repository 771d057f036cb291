// The draft on the device lasts DRAFT_TTL_HOURS after it was last saved (24 by default): on a
// shared computer, the next person does not find the last candidate's answers.
import { expect, type Page } from '@playwright/test';
import { DRAFT_KEY } from '../src/web/draft.ts';
import { test } from './fixtures.ts';
import { expectStep, readDraft } from './form.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A draft on step 2 saved `hoursAgo` hours ago, on the device before the page loads. */
async function draftSaved(page: Page, hoursAgo: number) {
  const draft = JSON.stringify({
    values: { first_name: 'Grace', last_name: 'Hopper' },
    step: 1,
    resume: null,
    savedAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
  });
  await page.addInitScript(
    ([key, value]) => {
      if (localStorage.getItem('seeded') === null) {
        localStorage.setItem(key, value);
        localStorage.setItem('seeded', 'yes');
      }
    },
    [DRAFT_KEY, draft] as const,
  );
}

test('a draft saved 25 hours ago is not restored, and is gone from the device', async ({
  page,
}) => {
  await draftSaved(page, 25);
  await page.goto('/');
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'We restored the answers' })).toHaveCount(
    0,
  );
  await expect.poll(() => readDraft(page)).toBeNull();
});

test('a draft saved 23 hours ago comes back on its step', async ({ page }) => {
  await draftSaved(page, 23);
  await page.goto('/');
  await expectStep(page, 'Career Info');
  await expect(
    page.getByRole('status').filter({ hasText: 'We restored the answers' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Personal Info', exact: true }).click();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
});
