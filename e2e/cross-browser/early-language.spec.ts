// Choosing a language before the app has hydrated (docs/languages.md), in each engine (Firefox,
// WebKit, and Chromium as the control), on a slow phone's fresh start: a candidate types into
// First Name, chooses Español in the prerendered switch and types on. Once hydrated, the page is
// in Spanish exactly as after a choice made later, the switch never showed English again,
// nothing typed is lost and the focus is where the candidate left it.
//
// Firefox and WebKit have no CPU throttle, so the page comes through slow-phone.ts, in every
// engine alike (Chromium too, as the control): a script of its own, run before the page's, keeps
// the main thread busy five times as long as the page had it, each turn (a 6x slower CPU's share
// of it: roughly 6x, not exactly, and a single long task still runs at full speed before it
// waits); and the app's script is held back until the choice is made, so that the choice is
// certainly an early one rather than likely. e2e/early-language.spec.ts is the same test under
// Chromium's own throttle (DevTools' 6x).
import { languageShown, noteLanguageShown } from '../form.ts';
import { expect, openForm, test } from './fixtures.ts';
import { startSlowPhone, stopSlowCpu } from './slow-phone.ts';

const hydrated = () => document.documentElement.hasAttribute('data-hydrated');

/** The page's language as the candidate meets it, and what they typed and where they are. */
const pageState = () => {
  const select = document.getElementById('language') as HTMLSelectElement;
  const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;
  return {
    lang: document.documentElement.lang,
    language: select.value,
    label: select.labels[0]?.textContent ?? null,
    title: document.title,
    step: document.getElementById('step-title')?.textContent ?? null,
    cookie: /(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1] ?? null,
    first: value('field-first_name'),
    last: value('field-last_name'),
    focus: document.activeElement?.id ?? null,
  };
};

test('Español chosen before the app hydrates is the page’s language once it has', async ({
  session,
  server,
}) => {
  const phone = await startSlowPhone(server.url, [noteLanguageShown]);
  try {
    await session.goto(`${phone.url}/`);
    expect(
      await session.evaluate(() => [document.documentElement.lang, 'slowCpu' in window]),
      'an English page, slowed',
    ).toEqual(['en', true]);
    await session.fill('First Name', 'Lucía');
    await session.select('Language', 'es');
    // The choice was made on the prerendered page: the app had not hydrated.
    expect(await session.evaluate(hydrated)).toBe(false);
    await session.fill('Last Name', 'Hernández');
    phone.releaseApp();
    await expect
      .poll(() => session.evaluate(hydrated), { message: 'the form hydrates', timeout: 30_000 })
      .toBe(true);

    await expect
      .poll(() => session.evaluate(pageState), { message: 'the page in Spanish', timeout: 15_000 })
      .toEqual({
        lang: 'es',
        language: 'es',
        label: 'Idioma',
        title: 'Registro en Resume Library',
        step: 'Datos personales',
        cookie: 'es',
        first: 'Lucía',
        last: 'Hernández',
        focus: 'field-last_name',
      });
    expect(await session.evaluate(languageShown)).toEqual(['en', 'es']);
    await session.evaluate(stopSlowCpu);

    // The app knows the answers, and says what is missing in Spanish.
    await session.fill('Correo electrónico', 'lucia@example.com');
    await session.click('button', 'Siguiente paso');
    await expect
      .poll(() =>
        session.evaluate(() =>
          Array.from(document.querySelectorAll('[role="alert"] a'), (link) => link.textContent),
        ),
      )
      .toEqual([
        'La contraseña debe tener al menos 8 caracteres',
        'El código postal es obligatorio',
      ]);

    await openForm(session, `${phone.url}/`);
    expect(await session.evaluate(pageState)).toMatchObject({
      lang: 'es',
      language: 'es',
      first: 'Lucía',
    });
  } finally {
    await phone.stop();
  }
});
