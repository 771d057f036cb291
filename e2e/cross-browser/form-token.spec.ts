// The form token at the server's real least fill time (BOT_MIN_FILL_MS=1500, docs/api.md) in each
// engine: the own page reloaded mid-form and sent at once (the own page's case, and the harder one),
// and the form in a board's frame of another origin each register once with the provider. A token the page sent too young
// gets the decoy 201, which shows the very same confirmation: only the provider tells them apart.
import { REGISTRATION_TOASTS } from '../../src/shared/messages.ts';
import { DRAFT_KEY } from '../../src/web/draft.ts';
import { REGISTER_PATH } from '../../test/helpers/provider-stand-in.mjs';
import { personalExample, uniqueEmail } from '../form.ts';
import { boardPage, type Host } from '../host-page.ts';
import { TOKEN_SERVER_FIXTURES } from '../token-server.ts';
import type { Session } from './browsers.ts';
import {
  expect,
  expectStep,
  FRAME,
  frameFitsForm,
  openBoardForm,
  openForm,
  pressInFrame,
  test as suite,
  toastTexts,
} from './fixtures.ts';

/** The suite's fixtures, with the server at the real fill time and framable by `host`. */
const test = suite.extend<Record<never, never>, { host: Host }>(TOKEN_SERVER_FIXTURES);

// A press while the board glides to a new step would land where its button was.
test.use({ reduceMotion: true });
// Chromium has these cases and more in e2e/form-token.spec.ts, where the network is seen.
test.skip(({ engine }) => engine === 'chromium', 'e2e/form-token.spec.ts runs them in Chromium');

/** Where the provider's registrations went, by email: exactly one for `email` is a pass. */
const received = (requests: { path: string; body: unknown }[]) =>
  requests.map(({ path, body }) => `${path} ${(body as { email?: unknown }).email}`);

/** Step 1 on the own page, then the Resume step with a link attached. */
async function fillToResume(session: Session, email: string, link: string) {
  const personal = { ...personalExample(), email };
  await session.fill('First Name', personal.first);
  await session.fill('Last Name', personal.last);
  await session.fill('Email', personal.email);
  await session.fill('Password', personal.password);
  await session.fill('Zip Code', personal.zip);
  await session.click('button', 'Next Step');
  await expectStep(session, 'Career Info');
  await session.click('button', 'Resume');
  await expectStep(session, 'Resume');
  await session.click('tab', 'Add URL');
  await session.fill('Resume URL', link);
  await session.click('button', 'Add');
  return personal;
}

/** Submit, then the success toast and the confirmation. */
async function submitAndSeeRegistered(session: Session) {
  await session.click('button', 'Submit Registration');
  await expect
    .poll(() => session.evaluate(toastTexts), { message: 'the success toast', timeout: 10_000 })
    .toContain(REGISTRATION_TOASTS.success);
  await expect
    .poll(() => session.evaluate(() => document.querySelector('h2#confirmation-title') !== null), {
      message: 'the confirmation',
    })
    .toBe(true);
}

test('reloaded mid-form, the draft restored and sent at once, it registers once with the provider', async ({
  session,
  server,
  standIn,
}) => {
  const email = uniqueEmail();
  await openForm(session, `${server.url}/`);
  const personal = await fillToResume(session, email, 'https://example.com/cv/reloaded.pdf');
  await expect
    .poll(
      () =>
        session.evaluate((key) => {
          const draft = JSON.parse(localStorage.getItem(key) ?? '{}');
          return [draft.step, draft.values?.resume_url];
        }, DRAFT_KEY),
      { message: 'the draft holds the link on the Resume step' },
    )
    .toEqual([2, 'https://example.com/cv/reloaded.pdf']);

  await openForm(session, `${server.url}/`);
  await expectStep(session, 'Resume');
  // The restored draft's notice loads on demand and moves the steps down as it arrives: the
  // click waits for it (CI saw a loaded Firefox click where the tab had been).
  await expect
    .poll(
      () => session.evaluate(() => document.body.textContent?.includes('We restored the answers')),
      {
        message: 'the restored draft is said',
      },
    )
    .toBe(true);
  // The password is never kept: typed again, then straight to Submit.
  await session.click('button', 'Personal Info');
  await expectStep(session, 'Personal Info');
  await session.fill('Password', personal.password);
  await session.click('button', 'Resume');
  await expectStep(session, 'Resume');
  await submitAndSeeRegistered(session);
  expect(received(standIn.requests)).toEqual([`${REGISTER_PATH} ${email}`]);
});

/** Waits until the frame shows step `name` with its heading focused, where the board scrolled it. */
async function frameStep(session: Session, name: string) {
  await expect
    .poll(
      () =>
        session.evaluateInFrame(FRAME, () => {
          const title = document.getElementById('step-title');
          return [title?.textContent, title !== null && document.activeElement === title];
        }),
      { message: `step "${name}" in the frame` },
    )
    .toEqual([name, true]);
}

test('the form in a board’s frame of another origin registers once with the provider', async ({
  session,
  server,
  host,
  standIn,
}) => {
  const email = uniqueEmail();
  host.serve(boardPage(server.url));
  await openBoardForm(session, host.url);
  await session.fillInFrame(FRAME, 'First Name', 'Grace');
  await session.fillInFrame(FRAME, 'Last Name', 'Hopper');
  await session.fillInFrame(FRAME, 'Email', email);
  await session.fillInFrame(FRAME, 'Password', 'correct-horse');
  await session.fillInFrame(FRAME, 'Zip Code', '10001');
  await pressInFrame(session, 'Next Step');
  await frameStep(session, 'Career Info');
  await session.clickInFrame(FRAME, 'button', 'Resume');
  await frameStep(session, 'Resume');
  await session.clickInFrame(FRAME, 'tab', 'Add URL');
  await session.fillInFrame(FRAME, 'Resume URL', 'https://example.com/cv/embedded.pdf');
  await pressInFrame(session, 'Add');
  // The link attached (the draft holds it) and the frame grown to the form's new height: a press
  // sent while the board still resizes the frame lands where the button was (WebKit, in CI).
  await expect
    .poll(
      () =>
        session.evaluateInFrame(
          FRAME,
          (key) => JSON.parse(localStorage.getItem(key) ?? '{}').values?.resume_url,
          DRAFT_KEY,
        ),
      { message: 'the link is attached in the frame' },
    )
    .toBe('https://example.com/cv/embedded.pdf');
  await frameFitsForm(session);
  await pressInFrame(session, 'Submit Registration');
  await expect
    .poll(
      () =>
        session.evaluateInFrame(FRAME, () =>
          Array.from(document.querySelectorAll('h2'), (h) => h.textContent?.trim()),
        ),
      { message: 'the confirmation in the frame', timeout: 10_000 },
    )
    .toContain("You're registered");
  expect(received(standIn.requests)).toEqual([`${REGISTER_PATH} ${email}`]);
});
