// Step 1's notice at collection (issue 44, point 4) in each engine, on a 360 × 640 phone with the
// default configuration: who receives the answers and why, what the password becomes, the
// draft's 24 hours and, the funnel being on by default, what it counts, whole above the first
// field, in English and then in Spanish.
import { expect, openForm, test } from './fixtures.ts';

test.use({ windowSize: { width: 360, height: 640 } });

/** Step 1's notice as shown (innerText: the hidden policy link is not), and where it sits. */
const noticeState = () => {
  const notice = Array.from(document.querySelectorAll('p')).find((p) =>
    /^(When you submit|Al enviar el registro), Resume Library/.test(p.textContent ?? ''),
  );
  const first = document.querySelector('input[autocomplete="given-name"]');
  const box = notice?.getBoundingClientRect();
  return {
    text: notice?.innerText.replace(/\s+/g, ' ').trim() ?? null,
    links: notice ? Array.from(notice.querySelectorAll('a')).filter((a) => !a.hidden).length : null,
    inWidth: box ? box.left >= 0 && box.right <= document.documentElement.clientWidth : false,
    aboveFirstField: box && first ? box.bottom <= first.getBoundingClientRect().top : false,
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  };
};

test('step 1 says who receives the answers, the password’s use and the draft’s 24 hours, in English and Spanish', async ({
  session,
  server,
}) => {
  for (const [lang, text] of [
    [
      'en',
      'When you submit, Resume Library gets your answers and resume and creates your account: your email and password become your login there. This device keeps your answers, never your password, for 24 hours after your last change. We count anonymously which steps are reached, never what you type.',
    ],
    [
      'es',
      'Al enviar el registro, Resume Library recibe sus respuestas y su currículum y crea su cuenta: su correo electrónico y su contraseña serán sus datos de acceso allí. Este dispositivo guarda sus respuestas, nunca su contraseña, durante 24 horas desde su último cambio. Contamos de forma anónima a qué pasos se llega, nunca lo que usted escribe.',
    ],
  ] as const) {
    await openForm(session, `${server.url}/?lang=${lang}`);
    expect(await session.evaluate(noticeState)).toEqual({
      text,
      links: 0,
      inWidth: true,
      aboveFirstField: true,
      sideways: false,
    });
  }
});
