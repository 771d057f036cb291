// The form in Spanish (docs/languages.md) in Chromium: a browser set to es-US gets the Spanish page at
// first paint; a candidate registers entirely in Spanish and the provider receives what an
// English registration sends; the switch keeps every value, the step and the errors (said
// again), moves no focus, and is remembered on reload.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { NAMES } from './form.ts';
import { type App, type Host, startBoard } from './host-page.ts';

test.use({ locale: 'es-US' });

/** The candidate both registrations type, field by accessible name in each language. */
const CANDIDATE = {
  first: 'Lucía',
  last: 'Hernández',
  password: 'correct-horse',
  phone: '(555) 123-4567',
  zip: '78701',
  town: 'Austin',
  desired: 'Enfermera',
  salaryMin: '40000',
  salaryMax: '60000',
  skills: 'Triage, Bilingual care',
  radius: '25',
};

/** Fills all three steps in `language` with CANDIDATE and `email`, and submits. */
async function register(page: Page, language: 'en' | 'es', email: string) {
  const n = NAMES[language];
  const field = (name: string) => page.getByLabel(name, { exact: true });
  await field(n.first).fill(CANDIDATE.first);
  await field(n.last).fill(CANDIDATE.last);
  await field(n.email).fill(email);
  await field(n.password).fill(CANDIDATE.password);
  await field(n.phone).fill(CANDIDATE.phone);
  await field(n.zip).fill(CANDIDATE.zip);
  await field(n.town).fill(CANDIDATE.town);
  await page.getByRole('button', { name: n.next }).click();
  await field(n.desired).fill(CANDIDATE.desired);
  await page.getByRole('checkbox', { name: n.contract, exact: true }).check();
  await field(n.salaryMin).fill(CANDIDATE.salaryMin);
  await field(n.salaryMax).fill(CANDIDATE.salaryMax);
  await field(n.education).selectOption({ label: n.masters });
  await field(n.skills).fill(CANDIDATE.skills);
  await field(n.radius).fill(CANDIDATE.radius);
  await page.getByRole('button', { name: n.next }).click();
  await page.getByRole('tab', { name: n.addUrl }).click();
  await field(n.resumeUrl).fill('example.com/cv/lucia.pdf');
  await page.getByRole('button', { name: n.add, exact: true }).click();
  await page.getByRole('button', { name: n.submit }).click();
  await expect(page.getByRole('heading', { name: n.registered })).toBeVisible();
}

test('a browser set to Spanish gets the Spanish page at first paint, before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'es-US', javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`${baseURL}/`);
  expect(response?.headers().vary).toBe('accept-encoding, cookie, accept-language');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Registro en Resume Library');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro en Resume Library');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Datos personales');
  for (const label of ['Nombre', 'Apellido', 'Correo electrónico', 'Contraseña', 'Código postal']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Siguiente paso' })).toBeVisible();
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  // Each language named in itself, marked with its own lang.
  expect(
    await page
      .getByLabel('Idioma')
      .locator('option')
      .evaluateAll((options) => options.map((o) => [o.getAttribute('lang'), o.textContent])),
  ).toEqual([
    ['en', 'English'],
    ['es', 'Español'],
  ]);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Regístrese en Resume Library en tres pasos breves.',
  );
  await context.close();
});

test('a candidate registers entirely in Spanish, and the provider receives what English sends', async ({
  page,
  browser,
  baseURL,
  standIn,
  email,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await register(page, 'es', email);
  await expect(
    page.getByText(
      '¡Registro completado! Ya puede iniciar sesión en Resume Library con su correo electrónico y su contraseña.',
    ),
  ).toBeVisible();

  const english = await browser.newContext({ locale: 'en-US' });
  const englishPage = await english.newPage();
  await englishPage.goto(`${baseURL}/`);
  await englishPage.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await expect(englishPage.locator('html')).toHaveAttribute('lang', 'en');
  await register(englishPage, 'en', email.replace('@', '+en@'));
  await english.close();

  expect(standIn.requests).toHaveLength(2);
  const [spanish, inEnglish] = standIn.requests.map((request) => ({
    ...(request.body as Record<string, unknown>),
  }));
  for (const body of [spanish, inEnglish]) {
    expect(body).toHaveProperty('registration_date');
    delete body?.registration_date;
  }
  expect(inEnglish?.email).toBe(email.replace('@', '+en@'));
  if (inEnglish) inEnglish.email = email;
  expect(spanish).toEqual(inEnglish);
  expect(spanish).toMatchObject({
    first_name: 'Lucía',
    acceptable_job_types: ['Contract'],
    education_level: 'Masters',
  });
});

test('switching mid-form keeps every value, the step and its errors, said again, and the focus', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  const summary = page.getByRole('alert', { name: 'Hay un problema' });
  await expect(summary).toContainText('Escriba un correo electrónico válido');

  const language = page.getByLabel('Idioma');
  await language.focus();
  await language.selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Resume Library Registration');
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toContainText(
    'Please enter a valid email address',
  );
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    /Please enter a valid email address/,
  );
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Lucía');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('not-an-email');
  await expect(page.locator('#step-title')).toHaveText('Personal Info');
  await expect(page.getByLabel('Language')).toBeFocused();

  // Back to Spanish on step 2, with what was typed there.
  await page.getByLabel('Email', { exact: true }).fill('lucia@example.com');
  await page.getByLabel('Last Name', { exact: true }).fill('Hernández');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Zip Code', { exact: true }).fill('78701');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Desired Job Title', { exact: true }).fill('Enfermera');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Datos profesionales');
  await expect(page.getByLabel('Puesto deseado', { exact: true })).toHaveValue('Enfermera');
  await expect(page.getByRole('button', { name: 'Atrás' })).toBeVisible();
});

test('the choice is remembered on the device: a reload comes back in it, before any script', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Personal Info');
  // The server chose it: the page's own HTML is English although the browser asks for Spanish.
  const html = await page.evaluate(async (url) => (await fetch(url)).text(), `${baseURL}/`);
  expect(html).toContain('<html lang="en"');
});

test('?lang=en gives the English page to a Spanish browser', async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Next Step' })).toBeVisible();
});

for (const state of ['step 1', 'step 1 with its errors', 'step 2', 'step 3'] as const) {
  test(`the Spanish page has no serious axe violation: ${state}`, async ({ page }) => {
    await page.goto('/');
    if (state === 'step 1 with its errors') {
      await page.getByRole('button', { name: 'Siguiente paso' }).click();
      await expect(page.getByRole('alert', { name: 'Hay un problema' })).toBeVisible();
    }
    if (state === 'step 2' || state === 'step 3') {
      await page.getByRole('button', { name: 'Completar con datos aleatorios' }).click();
      await expect(page.getByLabel('Nombre', { exact: true })).not.toHaveValue('');
      await page.getByRole('button', { name: 'Siguiente paso' }).click();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('Datos profesionales');
    }
    if (state === 'step 3') {
      await page.getByRole('button', { name: 'Siguiente paso' }).click();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('Currículum');
    }
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
}

test.describe('embedded with data-lang="es"', () => {
  let host: Host;
  let app: App;
  let stop = async () => {};
  test.beforeAll(async () => {
    ({ host, app, stop } = await startBoard());
  });
  test.afterAll(() => stop());

  test('an English browser on the board sees the form in Spanish, under a Spanish title', async ({
    browser,
  }) => {
    host.serve(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Empleos</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<div data-resume-registration data-lang="es"></div>
<script src="${app.url}/embed.js" async></script></body></html>`);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(host.url);
    const element = page.locator('iframe[title="Registro en Resume Library"]');
    await expect(element).toHaveAttribute('src', /[?&]lang=es(&|$)/);
    const frame = page.frameLocator('iframe[title="Registro en Resume Library"]');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'es');
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText('Datos personales');
    await expect(frame.getByRole('button', { name: 'Siguiente paso' })).toBeVisible();
    await context.close();
  });
});

/**
 * Every text a person or a screen reader meets on the page: the text, the accessible names and
 * descriptions given by attributes, the title.
 */
const everythingSaid = () =>
  [
    document.title,
    document.body.innerText,
    ...Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], option'), (el) =>
      [
        el.getAttribute('aria-label'),
        el.getAttribute('title'),
        el.getAttribute('placeholder'),
        el.textContent,
      ].join('\n'),
    ),
    ...Array.from(document.querySelectorAll('label'), (label) => label.textContent ?? ''),
  ].join('\n');

test('no English sentence is left on the Spanish page, on any step or in its errors', async ({
  page,
}) => {
  const { messages } = await import('../src/locales/en/messages.ts');
  // The English of every message with two words or more ("Resume Library" is a name).
  const english = Object.values(messages)
    .filter(
      (parts): parts is string[] =>
        Array.isArray(parts) && parts.every((p) => typeof p === 'string'),
    )
    .map((parts) => parts.join(''))
    .filter((text) => /\w+ \w+/.test(text) && text !== 'Resume Library');
  expect(english.length).toBeGreaterThan(80);
  const left = async () => {
    const said = await page.evaluate(everythingSaid);
    return english.filter((text) => said.includes(text));
  };

  await page.goto('/');
  expect(await left()).toEqual([]);
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toBeVisible();
  expect(await left()).toEqual([]);
  await page.getByRole('button', { name: 'Completar con datos aleatorios' }).click();
  await expect(page.getByLabel('Nombre', { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  await expect(page.locator('#step-title')).toHaveText('Datos profesionales');
  await page.getByLabel('Salario mínimo', { exact: true }).fill('90000');
  await page.getByLabel('Salario máximo', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText(
    'El salario máximo debe ser igual o mayor que el salario mínimo',
  );
  expect(await left()).toEqual([]);
  await page.getByLabel('Salario máximo', { exact: true }).fill('100000');
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  await expect(page.locator('#step-title')).toHaveText('Currículum');
  expect(await left()).toEqual([]);
  // Random data attached a resume: the registration goes through, and its confirmation too.
  await page.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(page.getByRole('heading', { name: 'Registro completado' })).toBeVisible();
  expect(await left()).toEqual([]);
});
