// Moving between the steps: the step list and Next validate the steps before the target,
// Back and backward step clicks are always allowed and keep every value.
import { expect, type Page } from '@playwright/test';
import { FIELD_MESSAGES } from '../src/shared/messages.ts';
import { test } from './fixtures.ts';
import {
  attachUrl,
  errorSummary,
  expectStep,
  fillCareer,
  fillPersonal,
  next,
  resumeAdded,
  stepButton,
  submitButton,
} from './form.ts';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('clicking "Resume" or "Career Info" from an invalid step 1 stays there with the summary', async ({
  page,
}) => {
  await page.goto('/');
  await field(page, 'First Name').fill('Ada');
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Personal Info');
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    FIELD_MESSAGES.lastName,
    FIELD_MESSAGES.email,
    FIELD_MESSAGES.password,
    FIELD_MESSAGES.zipRequired,
  ]);
  await expect(field(page, 'First Name')).toHaveValue('Ada');

  await stepButton(page, 'Career Info').click();
  await expectStep(page, 'Personal Info');
  await expect(errorSummary(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('clicking "Resume" with a valid step 1 and an invalid step 2 stops on step 2', async ({
  page,
}) => {
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  await field(page, 'Minimum Salary').fill('-10');
  // Back is allowed even with an invalid step 2.
  await stepButton(page, 'Personal Info').click();
  await expectStep(page, 'Personal Info');
  await expect(errorSummary(page)).toHaveCount(0);

  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Career Info');
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link')).toHaveText([FIELD_MESSAGES.notNegative]);
  await expect(field(page, 'Minimum Salary')).toHaveValue('-10');

  await field(page, 'Minimum Salary').fill('0');
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(errorSummary(page)).toHaveCount(0);
});

test('Back and the step list go back from any step and keep every value', async ({ page }) => {
  await page.goto('/');
  const personal = await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  const career = await fillCareer(page);
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await attachUrl(page, 'https://example.com/cv.pdf');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();

  // Resume → Personal Info directly.
  await stepButton(page, 'Personal Info').click();
  await expectStep(page, 'Personal Info');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(field(page, 'First Name')).toHaveValue(personal.first);
  await expect(field(page, 'Email')).toHaveValue(personal.email);
  await expect(field(page, 'Password')).toHaveValue(personal.password);

  // Forward again with the step list, then back one step at a time.
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectStep(page, 'Career Info');
  await expect(field(page, 'Key Skills')).toHaveValue(career.skills);
  await expect(field(page, 'Education Level')).toHaveValue(career.education);
  await expect(page.getByRole('checkbox', { name: 'Contract', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Has Driving License' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectStep(page, 'Personal Info');
  await expect(field(page, 'Zip Code')).toHaveValue(personal.zip);
  await expect(field(page, 'Phone')).toHaveValue(personal.phone);
  await expect(field(page, 'Home Town')).toHaveValue(personal.town);
});

/** Counts form submissions in the page, from now on. */
async function countSubmits(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { submits: number };
    w.submits = 0;
    document.addEventListener('submit', () => w.submits++, true);
  });
  return () => page.evaluate(() => (window as unknown as { submits: number }).submits);
}

test('Next Step on Career Info opens the Resume step without submitting the registration', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  const submits = await countSubmits(page);

  // The click is dispatched and handled before Playwright's click returns, so any submit it
  // caused has already been counted.
  await next(page);
  await expectStep(page, 'Resume');
  expect(await submits(), 'form submissions caused by clicking Next Step').toBe(0);
  await expect(errorSummary(page)).toHaveCount(0);
  await expect(page.locator('#resume-error')).toHaveCount(0);
  expect(standIn.requests).toHaveLength(0);
});

test('Next Step on Career Info with a resume already attached does not register the candidate', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Fill with Random Data' }).click();
  await expect(field(page, 'First Name')).not.toHaveValue('');
  await next(page);
  await expectStep(page, 'Career Info');
  const submits = await countSubmits(page);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(new URL(request.url()).pathname));

  await page.getByRole('button', { name: 'Next Step', exact: true }).focus();
  await page.keyboard.press('Enter');
  expect(await submits(), 'form submissions caused by pressing Enter on Next Step').toBe(0);
  // The candidate is on the Resume step with the button to press, and nothing was sent.
  await expectStep(page, 'Resume');
  await expect(submitButton(page)).toBeEnabled();
  // The sentinel: a request of the test's own, sent after the key. Requests are reported in the
  // order they are sent, so a registration the key caused is in the list before it.
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/healthz')),
    page.evaluate(() => fetch('/healthz')),
  ]);
  expect(sent, 'a POST /api/register was sent').not.toContain('/api/register');
  expect(standIn.requests).toHaveLength(0);
  await expect(page.getByRole('heading', { name: "You're registered" })).toHaveCount(0);
});
