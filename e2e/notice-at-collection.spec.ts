// The notices at collection (issue 44, points 4 and 5) on a 360 × 640 phone, in English and
// Spanish: step 1 always says who receives the answers and why, what the password becomes and
// how long this device keeps the draft, with the deployment's own figure and privacy policy in
// the first paint; where a file is chosen, what becomes of the upload, from the configuration.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { type App, startApp } from './host-page.ts';

test.use({ viewport: { width: 360, height: 640 } });

const POLICY = 'https://jobs.example.com/privacy?from=form&lang=any';

/** With the funnel on (FUNNEL, on by default), what it counts (docs/operations.md). */
const FUNNEL_SENTENCE = {
  en: 'We count anonymously which steps are reached, never what you type.',
  es: 'Contamos de forma anónima a qué pasos se llega, nunca lo que usted escribe.',
};
const STEP_1 = {
  en: (time: string) =>
    `When you submit, Resume Library gets your answers and resume and creates your account: your email and password become your login there. This device keeps your answers, never your password, for ${time} after your last change. ${FUNNEL_SENTENCE.en}`,
  es: (time: string) =>
    `Al enviar el registro, Resume Library recibe sus respuestas y su currículum y crea su cuenta: su correo electrónico y su contraseña serán sus datos de acceso allí. Este dispositivo guarda sus respuestas, nunca su contraseña, durante ${time} desde su último cambio. ${FUNNEL_SENTENCE.es}`,
};
const POLICY_LINK = { en: 'Privacy policy', es: 'Política de privacidad' };
const FIRST_FIELD = { en: 'First Name', es: 'Nombre' };

/** Step 1's notice: the paragraph that says who receives the answers. */
const notice = (page: Page) =>
  page.locator('p').filter({
    hasText: /^(When you submit, Resume Library|Al enviar el registro, Resume Library)/,
  });

/** The notice is whole on a phone: nothing cut, nothing scrolls sideways, above the first field. */
async function expectReadable(page: Page, lang: 'en' | 'es') {
  const box = await notice(page).boundingBox();
  const field = await page.getByLabel(FIRST_FIELD[lang], { exact: true }).boundingBox();
  expect(box && field && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(field?.y ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

for (const lang of ['en', 'es'] as const) {
  test(`with the defaults, step 1 says who receives the answers, the password’s use and the draft’s 24 hours (${lang})`, async ({
    page,
  }) => {
    // The first paint: the page as sent, before any script.
    const html = await (await page.request.get(`/?lang=${lang}`)).text();
    expect(html).toContain(
      STEP_1[lang](lang === 'en' ? '24 hours' : '24 horas')
        .split('. ')
        .at(-2),
    );
    expect(html).toContain(`<span data-notice="funnel">${FUNNEL_SENTENCE[lang]}</span>`);

    await page.goto(`/?lang=${lang}`);
    // What is shown (innerText): no policy configured, no link.
    await expect(notice(page)).toHaveText(STEP_1[lang](lang === 'en' ? '24 hours' : '24 horas'), {
      useInnerText: true,
    });
    await expect(notice(page).getByRole('link')).toHaveCount(0);
    await expectReadable(page, lang);
  });
}

test.describe('a deployment with DRAFT_TTL_HOURS=48, a privacy policy, RESUME_ORPHAN_MINUTES=90 and RESUME_RETENTION_DAYS=7', () => {
  let app: App;
  test.beforeAll(async () => {
    app = await startApp({
      DRAFT_TTL_HOURS: '48',
      PRIVACY_POLICY_URL: POLICY,
      RESUME_ORPHAN_MINUTES: '90',
      RESUME_RETENTION_DAYS: '7',
    });
  });
  test.afterAll(() => app?.stop());

  for (const lang of ['en', 'es'] as const) {
    test(`step 1 says its 2 days and links its policy in the first paint, and hydrating moves nothing (${lang})`, async ({
      page,
      browser,
    }) => {
      const said = STEP_1[lang](lang === 'en' ? '2 days' : '2 días');
      // The first paint: no script runs.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 360, height: 640 },
      });
      const first = await context.newPage();
      await first.goto(`${app.url}/?lang=${lang}`);
      await expect(notice(first)).toHaveText(`${said} ${POLICY_LINK[lang]}`);
      const link = notice(first).getByRole('link', { name: POLICY_LINK[lang], exact: true });
      await expect(link).toHaveAttribute('href', POLICY);
      const painted = await notice(first).boundingBox();
      await context.close();

      // Hydrated with the server's configuration: the same words, link and place.
      await page.goto(`${app.url}/?lang=${lang}`);
      await expect(notice(page)).toHaveText(`${said} ${POLICY_LINK[lang]}`);
      const hydrated = notice(page).getByRole('link', { name: POLICY_LINK[lang], exact: true });
      await expect(hydrated).toHaveAttribute('href', POLICY);
      await expect(hydrated).toHaveAttribute('target', '_blank');
      await expect(hydrated).toHaveAttribute('rel', 'noopener noreferrer');
      expect(await notice(page).boundingBox()).toEqual(painted);
      await expectReadable(page, lang);
    });

    test(`where a file is chosen, it says the file is stored at once, gone after 90 minutes unused, kept 7 days once sent (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${app.url}/?lang=${lang}`);
      await page
        .getByRole('button', {
          name: lang === 'en' ? 'Fill with Random Data' : 'Completar con datos aleatorios',
        })
        .click();
      await expect(page.getByLabel(FIRST_FIELD[lang], { exact: true })).not.toHaveValue('');
      await page
        .getByRole('navigation', {
          name: lang === 'en' ? 'Registration steps' : 'Pasos del registro',
        })
        .getByRole('button', { name: lang === 'en' ? 'Resume' : 'Currículum', exact: true })
        .click();
      const sentence =
        lang === 'en'
          ? 'We store your file as soon as you choose it. If you do not submit, we delete it after 90 minutes; if you do, Resume Library receives it and we keep our copy for 7 days.'
          : 'Guardamos su archivo en cuanto lo elige. Si no envía el registro, lo eliminamos después de 90 minutos; si lo envía, Resume Library lo recibe y conservamos nuestra copia durante 7 días.';
      const said = page.getByText(sentence, { exact: true });
      await expect(said).toBeVisible();
      // The button that chooses the file is described by it.
      const select = page.getByRole('button', {
        name: lang === 'en' ? 'Select Resume' : 'Seleccionar currículum',
        exact: true,
      });
      await expect(select).toHaveAccessibleDescription(
        new RegExp(`${sentence.replace(/[.?]/g, '\\$&')}$`),
      );
      const box = await said.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    });
  }
});
