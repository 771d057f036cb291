// Choosing a language before the app has hydrated (docs/languages.md), on a phone-like CPU (6x
// slower, through the DevTools protocol) and a fresh load: a candidate types into First Name,
// chooses Español in the prerendered switch and types on. The app's script is held back until
// then, so that the choice is certainly an early one; it then arrives, runs and hydrates at 6x.
// Once hydrated, the page is in Spanish exactly as after a choice made later (the switch,
// <html lang>, the texts, the remembered choice), the switch never showed English again, nothing
// typed is lost and the focus is where the candidate left it. e2e/cross-browser/early-language.spec.ts
// is the same in each engine, under a throttle of its own.
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { holdAppScript, languageShown, noteLanguageShown } from './form.ts';

test('Español chosen before the app hydrates is the page’s language once it has', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const release = await holdAppScript(page);
  await page.addInitScript(noteLanguageShown);
  await page.goto('/', { waitUntil: 'commit' });
  const hydrated = page.locator('html[data-hydrated]');

  await page.getByLabel('First Name', { exact: true }).fill('Lucía');
  await page.getByLabel('Language', { exact: true }).selectOption('es');
  // The choice was made on the prerendered page: the app had not hydrated.
  expect(await hydrated.count()).toBe(0);
  await page.getByLabel('Last Name', { exact: true }).fill('Hernández');
  release();
  await expect(hydrated).toHaveCount(1, { timeout: 15_000 });

  const language = page.getByLabel('Idioma', { exact: true });
  await expect(language).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Registro en Resume Library');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Datos personales');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
  await expect(page.getByLabel('Apellido', { exact: true })).toHaveValue('Hernández');
  await expect(page.getByLabel('Apellido', { exact: true })).toBeFocused();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe(
    'es',
  );
  expect(await page.evaluate(languageShown)).toEqual(['en', 'es']);

  // The app knows the answers, and says what is missing in Spanish.
  await page.getByLabel('Correo electrónico', { exact: true }).fill('lucia@example.com');
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  const summary = page.getByRole('alert', { name: 'Hay un problema' });
  await expect(summary.getByRole('link')).toHaveText([
    'La contraseña debe tener al menos 8 caracteres',
    'El código postal es obligatorio',
  ]);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(language).toHaveValue('es');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
});
