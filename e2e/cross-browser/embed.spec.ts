// The form on a job board's page that sends no referrer (docs/embedding.md), in each engine: the host is
// listed in EMBED_ORIGINS, serves the two lines of HTML with `Referrer-Policy: no-referrer`, and
// must see the whole form (the iframe as tall as the form and following it: not the 150 px of an
// iframe nobody resizes, nor only the first height embed.js gives it) and hear
// `resume-registration:ready`. A browser without location.ancestorOrigins (Firefox before it had
// it: the project "firefox-no-ancestorOrigins") gives the frame nothing to learn its host from:
// embed.js has to say.
import { startBuiltServer } from '../built-server.ts';
import { startHost } from '../host-page.ts';
import { expect, FRAME, test } from './fixtures.ts';

/** The two lines of HTML, and a record of the events the container hears. */
function hostPage(appUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<script>
  window.heard = [];
  for (const name of ['ready', 'height', 'step', 'registered', 'failed']) {
    document.addEventListener('resume-registration:' + name, (event) => window.heard.push(event.type));
  }
</script>
<h1>Acme Jobs</h1>
<div data-resume-registration></div>
<script src="${appUrl}/embed.js" async></script>
</body></html>`;
}

test('a listed host that sends no referrer shows the whole form and hears ready', async ({
  session,
  ancestorOrigins,
}) => {
  const host = await startHost();
  const app = await startBuiltServer(null, { EMBED_ORIGINS: host.origin });
  try {
    // A board that sends no referrer with anything.
    host.serve(hostPage(app.server.url), { 'referrer-policy': 'no-referrer' });
    await session.goto(host.url);

    // The form is in the frame, and the frame has no referrer to learn its host from.
    await expect
      .poll(
        () =>
          session
            .evaluateInFrame(
              FRAME,
              (expected) => ({
                hydrated: document.documentElement.hasAttribute('data-hydrated'),
                heading: document.querySelector('h1')?.textContent ?? null,
                referrer: document.referrer,
                // Only when the project turns it off: else whatever the browser has.
                ancestorOrigins: expected || 'ancestorOrigins' in location,
              }),
              ancestorOrigins,
            )
            .catch((error: Error) => error.message),
        { message: 'the form hydrates in the frame', timeout: 15_000 },
      )
      .toEqual({
        hydrated: true,
        heading: 'Resume Library Registration',
        referrer: '',
        ancestorOrigins,
      });

    // The whole form shows: the iframe on the host's page is as tall as the form inside it.
    const measure = async () => ({
      iframe: await session.evaluate(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0,
        FRAME,
      ),
      form: await session.evaluateInFrame(FRAME, () =>
        Math.ceil(document.documentElement.getBoundingClientRect().height),
      ),
    });
    let first = { iframe: 0, form: 0 };
    await expect
      .soft(async () => {
        first = await measure();
        const { iframe, form } = first;
        expect(iframe, `the iframe's height on the host (the form is ${form} px)`).toBeGreaterThan(
          600,
        );
        expect(
          Math.abs(iframe - form),
          `the iframe is ${iframe} px tall, the form ${form} px`,
        ).toBeLessThanOrEqual(2);
      }, 'the iframe is as tall as the form')
      .toPass({ timeout: 10_000 });

    // And follows it: embed.js gives the iframe step 1's expected height before the form loads,
    // so only a change shows that the form's own height arrives. Next Step on the empty step 1
    // adds the error summary and a message under every field.
    await session.evaluateInFrame(FRAME, () => {
      const next = Array.from(document.querySelectorAll('button')).find(
        (button) => button.textContent?.trim() === 'Next Step',
      );
      next?.click();
    });
    await expect
      .soft(async () => {
        const { iframe, form } = await measure();
        expect(form, `the form's height after Next Step (${first.form} px before)`).toBeGreaterThan(
          first.form + 50,
        );
        expect(
          Math.abs(iframe - form),
          `the iframe is ${iframe} px tall, the form ${form} px`,
        ).toBeLessThanOrEqual(2);
      }, 'the iframe follows the form as it grows')
      .toPass({ timeout: 10_000 });

    await expect
      .poll(() => session.evaluate(() => (window as unknown as { heard: string[] }).heard), {
        message: 'the events the host heard',
        timeout: 10_000,
      })
      .toContain('resume-registration:ready');
  } finally {
    await Promise.all([app.stop(), host.stop()]);
  }
});
