// The form in Spanish (docs/languages.md) in each engine: the Spanish page at first paint for a browser
// set to US Spanish, a whole registration in Spanish, a switch to English mid-form that keeps
// what was typed, the choice remembered on reload, and the embed with data-lang="es".
// WebKitGTK takes its languages from the system locale, and these machines have only C: there
// the Spanish page is asked for with ?lang=es, as a link from a Spanish page would.
import { startBuiltServer } from '../built-server.ts';
import { startHost } from '../host-page.ts';
import { expect, expectStep, openForm, test, toastTexts } from './fixtures.ts';

test.use({ languages: ['es-US', 'es'] });

/** The page's language, title, first heading and step heading. */
const pageState = () => ({
  lang: document.documentElement.lang,
  title: document.title,
  h1: document.querySelector('h1')?.textContent ?? null,
  step: document.getElementById('step-title')?.textContent ?? null,
});

/** The form's address for a Spanish visitor in `engine`. */
const spanishUrl = (base: string, engine: string) =>
  engine === 'webkit' ? `${base}/?lang=es` : `${base}/`;

test('the Spanish page at first paint, and a whole registration in Spanish', async ({
  session,
  server,
  standIn,
  engine,
}) => {
  await openForm(session, spanishUrl(server.url, engine));
  expect(await session.evaluate(pageState)).toEqual({
    lang: 'es',
    title: 'Registro en Resume Library',
    h1: 'Registro en Resume Library',
    step: 'Datos personales',
  });

  await session.fill('Nombre', 'Lucía');
  await session.fill('Apellido', 'Hernández');
  await session.fill('Correo electrónico', 'lucia.es@example.com');
  await session.fill('Contraseña', 'correct-horse');
  await session.fill('Código postal', '78701');
  await session.fill('Ciudad', 'Austin');
  await session.click('button', 'Siguiente paso');
  await expectStep(session, 'Datos profesionales');
  await session.fill('Puesto deseado', 'Enfermera');
  await session.click('checkbox', 'Por contrato');
  await session.click('button', 'Currículum');
  await expectStep(session, 'Currículum');
  await session.click('tab', 'Agregar URL');
  await session.fill('URL del currículum', 'example.com/cv/lucia.pdf');
  await session.click('button', 'Agregar');
  await session.click('button', 'Enviar registro');
  await expect
    .poll(() => session.evaluate(toastTexts), { message: 'the success toast', timeout: 10_000 })
    .toContain(
      '¡Registro completado! Ya puede iniciar sesión en Resume Library con su correo electrónico y su contraseña.',
    );

  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toMatchObject({
    first_name: 'Lucía',
    last_name: 'Hernández',
    email: 'lucia.es@example.com',
    desired_job_title: 'Enfermera',
    acceptable_job_types: ['Contract'],
    resume_url: 'https://example.com/cv/lucia.pdf',
  });
});

test('switching to English mid-form keeps what was typed, and a reload remembers it', async ({
  session,
  server,
  engine,
}) => {
  await openForm(session, spanishUrl(server.url, engine));
  await session.fill('Nombre', 'Lucía');
  await session.fill('Correo electrónico', 'lucia@example.com');
  await session.select('Idioma', 'en');
  await expect
    .poll(() => session.evaluate(pageState), { message: 'the page in English' })
    .toEqual({
      lang: 'en',
      title: 'Resume Library Registration',
      h1: 'Resume Library Registration',
      step: 'Personal Info',
    });
  expect(
    await session.evaluate(() => [
      (document.getElementById('field-first_name') as HTMLInputElement).value,
      (document.getElementById('field-email') as HTMLInputElement).value,
    ]),
  ).toEqual(['Lucía', 'lucia@example.com']);

  // The same address: the remembered choice outranks ?lang= and the browser's languages.
  await openForm(session, spanishUrl(server.url, engine));
  expect(await session.evaluate(pageState)).toMatchObject({ lang: 'en', step: 'Personal Info' });
});

test('embedded with data-lang="es", the form comes in Spanish under a Spanish title', async ({
  session,
}) => {
  const host = await startHost();
  const app = await startBuiltServer(null, { EMBED_ORIGINS: host.origin });
  try {
    host.serve(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Empleos</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<div data-resume-registration data-lang="es"></div>
<script src="${app.server.url}/embed.js" async></script></body></html>`);
    await session.goto(host.url);
    await expect
      .poll(
        () =>
          session
            .evaluateInFrame('iframe[title="Registro en Resume Library"]', () => ({
              hydrated: document.documentElement.hasAttribute('data-hydrated'),
              lang: document.documentElement.lang,
              step: document.getElementById('step-title')?.textContent ?? null,
            }))
            .catch((error: Error) => error.message),
        { message: 'the Spanish form hydrates in the frame', timeout: 15_000 },
      )
      .toEqual({ hydrated: true, lang: 'es', step: 'Datos personales' });
  } finally {
    await Promise.all([app.stop(), host.stop()]);
  }
});
