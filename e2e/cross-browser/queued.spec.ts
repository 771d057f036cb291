// A registration the provider cannot take now, kept by the outbox (OUTBOX=on, docs/api.md), in each
// engine at a phone's size, in English and in Spanish: the built server on a real redis-server,
// the stand-in answering 503. The toast and the confirmation say so; the provider gets it later.
import { REGISTRATION_TOASTS } from '../../src/shared/messages.ts';
import { startOutboxServer } from '../built-server.ts';
import { expect, expectStep, openForm, test, toastTexts } from './fixtures.ts';

const headings = () => Array.from(document.querySelectorAll('h2'), (h) => h.textContent?.trim());

const LANGUAGES = [
  {
    lang: 'en',
    labels: {
      first: 'First Name',
      last: 'Last Name',
      email: 'Email',
      password: 'Password',
      zip: 'Zip Code',
      next: 'Next Step',
      resumeStep: 'Resume',
      urlTab: 'Add URL',
      url: 'Resume URL',
      add: 'Add',
      submit: 'Submit Registration',
      career: 'Career Info',
    },
    toast: REGISTRATION_TOASTS.queued,
    heading: 'We have your registration',
  },
  {
    lang: 'es',
    labels: {
      first: 'Nombre',
      last: 'Apellido',
      email: 'Correo electrónico',
      password: 'Contraseña',
      zip: 'Código postal',
      next: 'Siguiente paso',
      resumeStep: 'Currículum',
      urlTab: 'Agregar URL',
      url: 'URL del currículum',
      add: 'Agregar',
      submit: 'Enviar registro',
      career: 'Datos profesionales',
    },
    toast:
      'Recibimos su registro. Resume Library no está disponible en este momento; se lo enviaremos en breve. No tiene que hacer nada.',
    heading: 'Recibimos su registro',
  },
] as const;

for (const { lang, labels, toast, heading } of LANGUAGES) {
  test(`queued in ${lang}: the toast and the confirmation say so, and the provider gets it once it is back`, async ({
    session,
    standIn,
  }) => {
    const app = await startOutboxServer(standIn.url);
    try {
      standIn.respond(503, {});
      await openForm(session, `${app.server.url}/?lang=${lang}`);
      expect(
        await session.evaluate(() => ({
          narrow: window.innerWidth < 768,
          scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
        })),
      ).toEqual({ narrow: true, scrollsSideways: false });
      await session.fill(labels.first, 'Grace');
      await session.fill(labels.last, 'Hopper');
      await session.fill(labels.email, `queued.${lang}@example.com`);
      await session.fill(labels.password, 'correct-horse');
      await session.fill(labels.zip, '10001');
      await session.click('button', labels.next);
      await expectStep(session, labels.career);
      await session.click('button', labels.resumeStep);
      await expectStep(session, labels.resumeStep);
      await session.click('tab', labels.urlTab);
      await session.fill(labels.url, 'example.com/cv/hopper.pdf');
      await session.click('button', labels.add);
      await session.click('button', labels.submit);
      await expect
        .poll(() => session.evaluate(toastTexts), { message: 'the queued toast', timeout: 10_000 })
        .toContain(toast);
      await expect
        .poll(() => session.evaluate(headings), { message: 'the confirmation', timeout: 10_000 })
        .toContain(heading);
      expect(
        await session.evaluate(() =>
          document.documentElement.scrollWidth > window.innerWidth ? 'sideways' : 'fits',
        ),
      ).toBe('fits');

      // The entry waits out its backoff (the first retry 5–10 s after the attempt); made due
      // now, the server's worker delivers it.
      standIn.respond(201, { id: 'candidate-1' });
      await app.retryNow();
      await expect.poll(() => standIn.requests.length, { message: 'delivered' }).toBe(2);
      expect(standIn.requests[1]?.body).toEqual(standIn.requests[0]?.body);
      expect(standIn.requests[0]?.body).toMatchObject({ email: `queued.${lang}@example.com` });
    } finally {
      await app.stop();
    }
  });
}
