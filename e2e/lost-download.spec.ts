// A phone on a slow or changing network: code the page fetches on the first input (the form's
// rules here, docs/decisions/015) may be late or not arrive. A failed prefetch costs nothing (the
// check that needs the code asks again), and while Next Step waits for it, it is busy.
import path from 'node:path';
import { expect, type Page, type Route } from '@playwright/test';
import { LOADING_TOASTS } from '../src/shared/messages.ts';
import { AUTOFILL_TEXTS } from '../src/web/autofill/texts.ts';
import { test } from './fixtures.ts';
import { expectStep, fillCareer, fillPersonal, next, stepButton, toast } from './form.ts';

/** The rules chunk, also at the URL a retry asks for it (`?retry=1`: src/web/load-once.ts). */
const RULES = /\/assets\/rules-[\w-]+\.js(?:\?retry=\d+)?$/;

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

/** Steps 1 and 2 filled, on step 2. */
async function fillTwoSteps(page: Page) {
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  await fillCareer(page);
}

/** Answers 503 for the requests `pattern` matches until `release` is called; counts them. */
async function lostUntilReleased(page: Page, pattern: RegExp) {
  const state = { asked: 0, lost: true };
  await page.route(pattern, async (route: Route) => {
    state.asked += 1;
    if (state.lost) await route.fulfill({ status: 503, body: '' });
    else await route.continue();
  });
  return { state, release: () => (state.lost = false) };
}

test('the last step’s code lost on the way there: said, the step stays, the next press goes on', async ({
  page,
}) => {
  const lost = await lostUntilReleased(page, /\/assets\/ResumeStep-[\w-]+\.js(?:\?retry=\d+)?$/);
  await fillTwoSteps(page);
  await stepButton(page, 'Resume').click();
  await expect(toast(page, LOADING_TOASTS.failed)).toBeVisible();
  await expectStep(page, 'Career Info');
  await expect(page.getByLabel('Latest Job Title', { exact: true })).not.toHaveValue('');

  lost.release();
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeVisible();
});

// The reader's chunk, and the script of its worker (which loads the readers in turn).
for (const [lostPart, pattern] of [
  ['the resume reader', /\/assets\/autofill-[\w-]+\.js(?:\?retry=\d+)?$/],
  ['the resume reader’s worker', /\/assets\/reader\.worker-[\w-]+\.js$/],
] as const) {
  test(`${lostPart} lost: said, nothing filled, and the next choice reads the file`, async ({
    page,
  }) => {
    const lost = await lostUntilReleased(page, pattern);
    const resume = path.join(import.meta.dirname, '../test/fixtures/resumes/text-zoe-nguyen.txt');
    const choose = async () => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByText(AUTOFILL_TEXTS.button, { exact: true }).click(),
      ]);
      await chooser.setFiles(resume);
    };
    await page.goto('/');
    await choose();
    await expect(toast(page, LOADING_TOASTS.failed)).toBeVisible();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: /resume/ })).toHaveCount(0);

    lost.release();
    await choose();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Zoe');
    expect(lost.state.asked).toBe(2);
  });
}

test('step 2’s code lost on the way there: said, step 1 stays, the next press goes on', async ({
  page,
}) => {
  const lost = await lostUntilReleased(page, /\/assets\/CareerStep-[\w-]+\.js(?:\?retry=\d+)?$/);
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expect(toast(page, LOADING_TOASTS.failed)).toBeVisible();
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');

  lost.release();
  await next(page);
  await expectStep(page, 'Career Info');
  await expect(page.getByLabel('Desired Job Title', { exact: true })).toBeVisible();
});

test('the registration’s code lost at Submit: said, nothing sent, the next press registers', async ({
  page,
  standIn,
}) => {
  const lost = await lostUntilReleased(page, /\/assets\/registration-[\w-]+\.js(?:\?retry=\d+)?$/);
  await fillTwoSteps(page);
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await page.getByLabel('Resume URL', { exact: true }).fill('example.com/cv.pdf');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const submit = page.getByRole('button', { name: 'Submit Registration', exact: true });
  await submit.click();
  await expect(toast(page, LOADING_TOASTS.failed)).toBeVisible();
  expect(standIn.requests).toHaveLength(0);

  lost.release();
  await submit.click();
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  expect(standIn.requests).toHaveLength(1);
});
