// Issue 44 in each engine, at a phone's size: a resume link the server would refuse is refused at
// "Add" (point 8), and a Spanish page shows a provider refusal in Spanish with the provider's
// English after it, marked lang="en" (point 1), from the embedded sandbox's `status-422@…`.
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { messages as spanish } from '../../src/locales/es/messages.ts';
import { FIELD_MESSAGES, PROVIDER_TEXTS } from '../../src/shared/messages.ts';
import { startBuiltServer } from '../built-server.ts';
import type { Session } from './browsers.ts';
import { expect, expectStep, openForm, test } from './fixtures.ts';

/** The resume step's field, its message, and whether a resume was added, as the page shows them. */
const linkState = () => {
  const input = document.getElementById('field-resume_url_input') as HTMLInputElement | null;
  const described = (input?.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '');
  return {
    invalid: input?.getAttribute('aria-invalid') ?? null,
    described,
    added: Array.from(document.querySelectorAll('.attached p'), (line) =>
      line.textContent?.replace(/\s+/g, ' ').trim(),
    ),
  };
};

/** Step 1 filled with `email`, then the Resume step by the step list. */
async function toResumeStep(
  session: Session,
  names: { first: string; last: string; email: string; password: string; zip: string },
  email: string,
  buttons: { next: string; resume: string },
) {
  await session.fill(names.first, 'Lucía');
  await session.fill(names.last, 'Hernández');
  await session.fill(names.email, email);
  await session.fill(names.password, 'correct-horse');
  await session.fill(names.zip, '78701');
  await session.click('button', buttons.next);
  await expectStep(session, buttons.resume === 'Resume' ? 'Career Info' : 'Datos profesionales');
  await session.click('button', buttons.resume);
  await expectStep(session, buttons.resume);
}

test('a link the server would refuse is refused at Add; a good one is added', async ({
  session,
  server,
}) => {
  await openForm(session, `${server.url}/`);
  await toResumeStep(
    session,
    {
      first: 'First Name',
      last: 'Last Name',
      email: 'Email',
      password: 'Password',
      zip: 'Zip Code',
    },
    'lucia@example.com',
    { next: 'Next Step', resume: 'Resume' },
  );
  await session.click('tab', 'Add URL');
  for (const refused of ['no es una url', 'https://example.com/my cv.pdf']) {
    await session.fill('Resume URL', refused);
    await session.click('button', 'Add');
    await expect
      .poll(() => session.evaluate(linkState), { message: `"${refused}" is refused at Add` })
      .toEqual({ invalid: 'true', described: [`Error: ${FIELD_MESSAGES.url}`], added: [] });
  }
  await session.fill('Resume URL', 'example.com/cv/lucia.pdf');
  await session.click('button', 'Add');
  await expect
    .poll(() => session.evaluate(linkState), { message: 'a good link is added' })
    .toMatchObject({ invalid: null, added: ['Resume added: lucia.pdf'] });
});

test('a Spanish page shows the sandbox’s 422 in Spanish, the provider’s English after it as lang="en"', async ({
  session,
}) => {
  const es = (message: MessageDescriptor) =>
    setupI18n({ locale: 'es', messages: { es: spanish } })._(message);
  const app = await startBuiltServer(null);
  try {
    await openForm(session, `${app.server.url}/?lang=es`);
    await toResumeStep(
      session,
      {
        first: 'Nombre',
        last: 'Apellido',
        email: 'Correo electrónico',
        password: 'Contraseña',
        zip: 'Código postal',
      },
      'status-422@example.com',
      { next: 'Siguiente paso', resume: 'Currículum' },
    );
    await session.click('tab', 'Agregar URL');
    await session.fill('URL del currículum', 'example.com/cv/lucia.pdf');
    await session.click('button', 'Agregar');
    await session.click('button', 'Enviar registro');
    await expect
      .poll(
        () =>
          session.evaluate(() =>
            Array.from(document.querySelectorAll('li.toast .toast__message'), (message) => ({
              text: message.textContent,
              lang: Array.from(message.querySelectorAll('[lang]'), (part) => [
                part.getAttribute('lang'),
                part.textContent,
              ]),
            })),
          ),
        { message: 'the refusal’s toast', timeout: 10_000 },
      )
      .toEqual([
        {
          text: `${es(PROVIDER_TEXTS.unprocessable)} The resume could not be read`,
          lang: [['en', 'The resume could not be read']],
        },
      ]);
  } finally {
    await app.stop();
  }
});
