// The notice at collection (issue 30): above Submit Registration, who receives the candidate's
// data, with the board's privacy policy and the provider's terms where the board set them.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectStep, fillCareer, fillPersonal, next, stepButton, submitButton } from './form.ts';
import { type App, startApp } from './host-page.ts';

const NOTICE =
  'When you submit, we send your answers and resume to Resume Library, which creates your candidate account.';
const PRIVACY = 'https://jobs.example.com/privacy';
const TERMS = 'https://www.resume-library.com/terms';

async function toTheLastStep(page: Page) {
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  await fillCareer(page);
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
}

test.describe('with PRIVACY_POLICY_URL and PROVIDER_TERMS_URL', () => {
  let app: App;
  test.beforeAll(async () => {
    app = await startApp({ PRIVACY_POLICY_URL: PRIVACY, PROVIDER_TERMS_URL: TERMS });
  });
  test.afterAll(() => app?.stop());

  test('the last step says who receives the data above Submit, and links both beside the form', async ({
    page,
  }) => {
    await page.goto(app.url);
    await toTheLastStep(page);
    const notice = page.locator('p').filter({ hasText: NOTICE });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(`${NOTICE} Privacy policy · Resume Library’s terms`);
    for (const [name, href] of [
      ['Privacy policy', PRIVACY],
      ['Resume Library’s terms', TERMS],
    ] as const) {
      const link = notice.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // Above the button, and nothing to tick: Submit is enabled as it was.
    const [noticeBox, submitBox] = await Promise.all([
      notice.boundingBox(),
      submitButton(page).boundingBox(),
    ]);
    expect((noticeBox?.y ?? 0) + (noticeBox?.height ?? 0)).toBeLessThanOrEqual(submitBox?.y ?? 0);
    await expect(submitButton(page)).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: /privacy|terms/i })).toHaveCount(0);
  });

  test('in Spanish too', async ({ page }) => {
    await page.goto(`${app.url}/?lang=es`);
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await toTheLastStep(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    const notice = page.locator('p').filter({ hasText: 'Al enviar el registro' });
    await expect(notice).toHaveText(
      'Al enviar el registro, mandamos sus respuestas y su currículum a Resume Library, que crea su cuenta de candidato. Política de privacidad · Términos de Resume Library',
    );
  });
});

test('without them, the last step has no such line', async ({ page }) => {
  await page.goto('/');
  await toTheLastStep(page);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
