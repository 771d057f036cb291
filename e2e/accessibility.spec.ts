// axe-core on every step and state: no violation of impact serious or critical.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { FIELD_MESSAGES, REGISTRATION_TOASTS } from '../src/shared/messages.ts';
import { JOB_BOARD_URL } from './built-server.ts';
import { test } from './fixtures.ts';
import {
  attachUrl,
  errorSummary,
  expectStep,
  expectToast,
  fillPersonal,
  next,
  nextToResume,
  submitButton,
  toast,
} from './form.ts';

/** Waits until every toast has finished its entrance, so colours are final. */
async function toastsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.toast')].every(
          (el) => el.getAnimations().length === 0 && getComputedStyle(el).opacity === '1',
        ),
      ),
    )
    .toBe(true);
}

/** Runs axe on the page; fails on serious or critical violations, notes the others. */
async function expectNoSeriousViolations(page: Page, state: string, testInfo: TestInfo) {
  await toastsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const describe = (v: (typeof violations)[number]) =>
    `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`;
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const others = violations.filter((v) => !serious.includes(v));
  if (others.length > 0) {
    testInfo.annotations.push({
      type: 'axe (moderate/minor)',
      description: `${state}: ${others.map(describe).join('; ')}`,
    });
  }
  expect(serious.map(describe), `serious or critical axe violations on ${state}`).toEqual([]);
}

test('step 1, and step 1 with its error summary, have no serious axe violation', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expectStep(page, 'Personal Info');
  await expectNoSeriousViolations(page, 'step 1', testInfo);

  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expectNoSeriousViolations(page, 'step 1 error summary', testInfo);
});

test('step 2, and step 2 with its error summary, have no serious axe violation', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  await expectNoSeriousViolations(page, 'step 2', testInfo);

  await page.getByLabel('Minimum Salary', { exact: true }).fill('-1');
  await page.getByLabel('Maximum Salary', { exact: true }).fill('-2');
  await next(page);
  await expect(errorSummary(page)).toBeFocused();
  await expectNoSeriousViolations(page, 'step 2 error summary', testInfo);
});

test('step 3 on both tabs, and its no-resume state, have no serious axe violation', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  await expectNoSeriousViolations(page, 'step 3, Upload File tab', testInfo);

  await page.getByRole('tab', { name: 'Add URL' }).click();
  await expect(page.getByLabel('Resume URL', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'step 3, Add URL tab', testInfo);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByLabel('Resume URL', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousViolations(page, 'step 3, empty URL error', testInfo);

  await page.getByRole('tab', { name: 'Upload File' }).click();
  await submitButton(page).click();
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText(FIELD_MESSAGES.resumeMissing);
  await expectNoSeriousViolations(page, 'step 3, submitted without a resume', testInfo);
});

test('the conflict toast state has no serious axe violation', async ({
  page,
  standIn,
  email,
}, testInfo) => {
  await page.goto('/');
  await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  standIn.respond(409, { title: 'Conflict', status: 409, detail: 'Candidate already exists' });
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.conflict(JOB_BOARD_URL), 'error');
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expectNoSeriousViolations(page, 'conflict toast', testInfo);
});

test('the confirmation state has no serious axe violation', async ({ page, email }, testInfo) => {
  await page.goto('/');
  await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  await submitButton(page).click();
  await expect(toast(page, REGISTRATION_TOASTS.success)).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  await expectStep(page, 'Personal Info');
  await expectNoSeriousViolations(page, 'confirmation', testInfo);
});
