// A toast inside a board's frame is drawn in the part of the frame the board shows (docs/embedding.md,
// framed/useToastPlacement.ts), in each engine, at a phone's size: the frame is as tall as the
// form, so its own top, where a toast fixed to the frame's viewport would sit, is far above the
// board's view when the candidate presses Submit at the bottom of step 3.
import { REGISTRATION_TOASTS } from '../../src/shared/messages.ts';
import { startBuiltServer } from '../built-server.ts';
import { startHost } from '../host-page.ts';
import type { Session } from './browsers.ts';
import { expect, FRAME, fillRandomInFrame, openBoardForm, pressInFrame, test } from './fixtures.ts';

/** Where `selector`'s first match inside the frame lies on the board's viewport, if anywhere. */
async function onBoard(session: Session, selector: string, text?: string) {
  const frameTop = await session.evaluate(
    (frame) => document.querySelector(frame)?.getBoundingClientRect().top ?? Number.NaN,
    FRAME,
  );
  const box = await session.evaluateInFrame(
    FRAME,
    (wanted, withText) => {
      const found = Array.from(document.querySelectorAll(wanted)).find(
        (element) => withText === null || element.textContent?.includes(withText),
      );
      if (!found) return null;
      const { top, bottom } = found.getBoundingClientRect();
      return { top, bottom };
    },
    selector,
    text ?? null,
  );
  const viewport = await session.evaluate(() => window.innerHeight);
  return box && { top: frameTop + box.top, bottom: frameTop + box.bottom, viewport };
}

/** Types `value` into the frame's field `id` as React hears typing: the value, then an input event. */
const setInFrame = (session: Session, id: string, value: string) =>
  session.evaluateInFrame(
    FRAME,
    (fieldId, text) => {
      const input = document.getElementById(fieldId) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    id,
    value,
  );

// Arriving on a step scrolls the board to the frame's top, smoothly unless the visitor asked for
// reduced motion (step-arrival.spec.ts covers both): a press while the board glides would land
// where its button was.
test.use({ reduceMotion: true });

/**
 * Waits until step `name` has arrived: its heading focused and in the board's view, where the
 * board scrolled it (a press computed before that scroll would land where its button was).
 */
async function arrivedAt(session: Session, name: string) {
  await expect
    .poll(
      async () => {
        const heading = await onBoard(session, '#step-title');
        const state = await session.evaluateInFrame(FRAME, () => {
          const title = document.getElementById('step-title');
          return {
            step: title?.textContent,
            focused: title !== null && document.activeElement === title,
          };
        });
        return state.step === name && state.focused && heading !== null && heading.top >= 0;
      },
      { message: `step "${name}" in the board's view` },
    )
    .toBe(true);
}

test('a provider error after Submit, the board scrolled to the button, shows in the board’s view', async ({
  session,
}) => {
  const host = await startHost();
  const app = await startBuiltServer(null, { EMBED_ORIGINS: host.origin });
  try {
    host.serve(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Jobs</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:700px;background:#eee">Acme Jobs</header>
<div data-resume-registration></div>
<footer style="height:600px;background:#ddd">Footer</footer>
<script src="${app.server.url}/embed.js" async></script>
</body></html>`);
    await openBoardForm(session, host.url);
    await fillRandomInFrame(session);
    // The sandbox answers this address with its 500.
    await setInFrame(session, 'field-email', 'status-500@example.com');
    await pressInFrame(session, 'Next Step');
    await arrivedAt(session, 'Career Info');
    await pressInFrame(session, 'Next Step');
    await arrivedAt(session, 'Resume');

    await pressInFrame(session, 'Submit Registration');
    // The form's top is far above the board's view: a toast there would be out of sight.
    expect((await onBoard(session, 'h1'))?.bottom).toBeLessThan(0);
    await expect
      .poll(
        async () => {
          const toast = await onBoard(session, 'li.toast', REGISTRATION_TOASTS.serverError);
          const inView = toast !== null && toast.top >= 0 && toast.bottom <= toast.viewport;
          return `${inView} ${JSON.stringify(toast)}`;
        },
        { message: 'the toast lies in the board’s view', timeout: 10_000 },
      )
      .toMatch(/^true /);
  } finally {
    await Promise.all([app.stop(), host.stop()]);
  }
});
