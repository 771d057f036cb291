// The funnel in each engine (Firefox, WebKit, and Chromium as the control), at a phone's size
// against the built server and the provider stand-in (docs/operations.md, "The funnel"): a full
// registration in English on the own page and one in Spanish in a board's frame move each
// counter by exactly what happened, sent with the engine's own sendBeacon or fetch. Chromium's
// are e2e/funnel.spec.ts: the control does not run them again.
import {
  type FunnelServer,
  LISTED_SOURCE,
  moved,
  registrationMoved,
  sourcedBoardPage,
  startFunnelServer,
} from '../funnel.ts';
import { type Host, startHost } from '../host-page.ts';
import type { Session } from './browsers.ts';
import { expect, expectStep, openForm, pressInFrame, test } from './fixtures.ts';

/** The board's one frame, whatever the form's language titles it. */
const FRAME = 'iframe';

test.skip(({ engine }) => engine === 'chromium', 'e2e/funnel.spec.ts runs them in Chromium');

let funnel: FunnelServer;
let host: Host;
test.beforeAll(async ({ standIn }) => {
  host = await startHost();
  funnel = await startFunnelServer(standIn.url, { EMBED_ORIGINS: host.origin });
});
test.afterAll(async () => {
  await funnel?.stop();
  await host?.stop();
});

/** Presses button `name` in the board's frame, whatever its language titles it. */
const press = (session: Session, name: string) => pressInFrame(session, name, FRAME);

const stepInFrame = (session: Session) =>
  session.evaluateInFrame(FRAME, () => document.getElementById('step-title')?.textContent ?? null);

test('a full registration in English on the own page moves each counter by exactly what happened', async ({
  session,
}) => {
  const before = await funnel.counts();
  await openForm(session, `${funnel.server.url}/?utm_source=${LISTED_SOURCE}`);
  await session.click('button', 'Fill with Random Data');
  await expect
    .poll(() =>
      session.evaluate(
        () => (document.getElementById('field-first_name') as HTMLInputElement | null)?.value,
      ),
    )
    .not.toBe('');
  // The step's buttons in view: WebKit's driver clicks nothing out of it.
  const actionsInView = () =>
    session.evaluate(() => document.querySelector('.actions')?.scrollIntoView({ block: 'center' }));
  await actionsInView();
  await session.click('button', 'Next Step');
  await expectStep(session, 'Career Info');
  await actionsInView();
  await session.click('button', 'Next Step');
  await expectStep(session, 'Resume');
  await actionsInView();
  await session.click('button', 'Submit Registration');
  await expect
    .poll(
      () =>
        session.evaluate(() => document.getElementById('confirmation-title')?.textContent ?? null),
      { message: 'the confirmation shows', timeout: 15_000 },
    )
    .toBe("You're registered");
  // Leaving sends what is queued at once (pagehide), rather than in 2 s.
  await session.goto('about:blank');
  await expect
    .poll(async () => moved(before, await funnel.counts()), { timeout: 15_000 })
    .toEqual(
      registrationMoved({ language: 'en', page: 'own', device: 'phone', source: LISTED_SOURCE }),
    );
});

test('a full registration in Spanish in a board’s frame moves each counter by exactly what happened', async ({
  session,
}) => {
  const before = await funnel.counts();
  host.serve(sourcedBoardPage(funnel.server.url, 'es', LISTED_SOURCE));
  await session.goto(host.url);
  await expect
    .poll(
      () =>
        session
          .evaluateInFrame(FRAME, () => document.documentElement.hasAttribute('data-hydrated'))
          .catch(() => false),
      { timeout: 15_000 },
    )
    .toBe(true);
  await press(session, 'Completar con datos aleatorios');
  await expect
    .poll(() =>
      session.evaluateInFrame(
        FRAME,
        () => (document.getElementById('field-first_name') as HTMLInputElement | null)?.value,
      ),
    )
    .not.toBe('');
  await press(session, 'Siguiente paso');
  await expect.poll(() => stepInFrame(session)).toBe('Datos profesionales');
  await press(session, 'Siguiente paso');
  await expect.poll(() => stepInFrame(session)).toBe('Currículum');
  await press(session, 'Enviar registro');
  // The board heard the same source.
  await expect
    .poll(() => session.evaluate(() => (window as unknown as { heard: unknown[] }).heard), {
      message: 'the board hears registered',
      timeout: 15_000,
    })
    .toEqual([{ source: LISTED_SOURCE }]);
  // Leaving sends what is queued at once (pagehide), rather than in 2 s.
  await session.goto('about:blank');
  await expect
    .poll(async () => moved(before, await funnel.counts()), { timeout: 15_000 })
    .toEqual(
      registrationMoved({
        language: 'es',
        page: 'embedded',
        device: 'phone',
        source: LISTED_SOURCE,
      }),
    );
});
