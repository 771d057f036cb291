import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  attachUrl,
  expect,
  fillPersonal,
  reachResumeStep,
  stepButton,
  test,
  toast,
} from './fixtures.ts';

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('every step and every error state has no serious or critical axe violation', async ({
  page,
  standIn,
}) => {
  // Nine states, nine axe passes: room for a loaded machine (15 s idle, 27 s loaded).
  test.setTimeout(60_000);
  await page.goto('/');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  await expectNoSeriousViolations(page);

  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Minimum Salary').fill('-1');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Minimum Salary').fill('1000');
  await page.getByRole('button', { name: 'Next Step' }).click();

  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await expectNoSeriousViolations(page);

  standIn.respond(409, { detail: 'Candidate already exists' });
  await attachUrl(page, 'https://example.com/cv.pdf');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, 'already registered')).toBeVisible();
  await expectNoSeriousViolations(page);

  standIn.respond(201, { id: 'ok' }, 'application/json');
  await stepButton(page, 'Resume').click();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

for (const width of [320, 1280]) {
  test(`nothing scrolls sideways at ${width} px on any step`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Next Step' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await reachResumeStep(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Add URL' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const container = await page
      .locator('.page')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(container).toBeLessThanOrEqual(800);
  });
}

test('the interactive targets are at least 24 by 24 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  await reachResumeStep(page);
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, input:not([type=hidden]):not(#website), select, a',
      ),
    ]
      .filter((el) => el.offsetParent !== null && el.tabIndex >= 0)
      .map((el) => ({ el: el.outerHTML.slice(0, 80), rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width < 24 || rect.height < 24)
      .map(({ el, rect }) => `${el} ${rect.width}x${rect.height}`),
  );
  expect(small).toEqual([]);
});

/** Presses Tab until the focused element matches; fails after 60 presses. */
async function tabTo(
  page: Page,
  matches: (el: { id: string; text: string; role: string }) => boolean,
) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        id: el?.id ?? '',
        text: el?.textContent?.trim() ?? '',
        role: el?.getAttribute('role') ?? '',
      };
    });
    if (matches(focused)) return;
  }
  throw new Error('the control was never reached with Tab');
}

test('a keyboard-only candidate completes all three steps', async ({ page, standIn }) => {
  await page.goto('/');
  const byId = (id: string) => (el: { id: string }) => el.id === id;
  const byText = (text: string) => (el: { text: string }) => el.text === text;
  const typeInto = async (id: string, text: string) => {
    await tabTo(page, byId(id));
    await page.keyboard.type(text);
  };
  await typeInto('field-first_name', 'Kay');
  await typeInto('field-last_name', 'Board');
  await typeInto('field-email', 'kay.board@example.com');
  await typeInto('field-password', 'keyboard-only');
  await typeInto('field-zip_code', '30301');
  await tabTo(page, byText('Next Step'));
  await page.keyboard.press('Enter');
  await expect(stepButton(page, 'Career Info')).toHaveAttribute('aria-current', 'step');

  await tabTo(page, (el) => el.id === 'field-acceptable_job_types');
  await page.keyboard.press('Space');
  await typeInto('field-key_skills', 'Typing');
  await tabTo(page, byId('field-relocate'));
  await page.keyboard.press('Space');
  await tabTo(page, byText('Next Step'));
  await page.keyboard.press('Enter');
  await expect(stepButton(page, 'Resume')).toHaveAttribute('aria-current', 'step');

  await tabTo(page, (el) => el.role === 'tab');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Add URL' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('example.com/kay.pdf');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Resume added: kay.pdf')).toBeVisible();
  await tabTo(page, byText('Submit Registration'));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  expect(standIn.requests[0]?.body).toMatchObject({
    first_name: 'Kay',
    email: 'kay.board@example.com',
    zip_code: '30301',
    acceptable_job_types: ['Permanent'],
    relocate: '0',
    key_skills: 'Typing',
    resume_url: 'https://example.com/kay.pdf',
  });
});
