// Choosing a language before the app has hydrated (docs/languages.md), in each engine (Firefox,
// WebKit, and Chromium as the control), on a slow phone's fresh start: a candidate types into
// First Name, chooses the other language in the prerendered switch and types on. Once hydrated,
// the page is in the chosen language exactly as after a choice made later, the switch never
// showed the first language again, nothing typed is lost and the focus is where the candidate
// left it; in a board's frame, the frame is as tall as the form in its new language. Each of
// EARLY_CHOICES (../form.ts) but the one whose page comes in Spanish by the lang cookie (a
// session has no cookie to give before its first visit) and those marked chromiumOnly: Chromium's
// own spec has them; in WebKit, not the board's (below).
//
// Firefox and WebKit have no CPU throttle, so the page comes through slow-phone.ts, in every
// engine alike (Chromium too, as the control): a script of its own, run before the page's, keeps
// the main thread busy five times as long as the page had it, each turn (a 6x slower CPU's share
// of it: roughly 6x, not exactly, and a single long task still runs at full speed before it
// waits); and the app's script is held back until the choice is made, so that the choice is
// certainly an early one rather than likely. On a board, the frame's page comes through it: the
// board loads embed.js from it. e2e/early-language.spec.ts is the same test under Chromium's own
// throttle (DevTools' 6x).
import { EARLY_CHOICES, languageShown, NAMES, noteLanguageShown } from '../form.ts';
import { boardPage, heightsHeard, startBoard } from '../host-page.ts';
import type { Session } from './browsers.ts';
import { expect, FRAME, openBoardForm, openForm, pressInFrame, test } from './fixtures.ts';
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

/** The form as the candidate meets it: on its own page, or in the frame on the board's page. */
function formIn(session: Session, board: boolean) {
  return {
    evaluate: <R>(fn: () => R): Promise<R> =>
      board ? session.evaluateInFrame(FRAME, fn) : session.evaluate(fn),
    fill: (label: string, value: string) =>
      board ? session.fillInFrame(FRAME, label, value) : session.fill(label, value),
    select: (label: string, value: string) =>
      board ? session.selectInFrame(FRAME, label, value) : session.select(label, value),
    press: (name: string) => (board ? pressInFrame(session, name) : session.click('button', name)),
  };
}

for (const choice of EARLY_CHOICES.filter(
  ({ remembered, chromiumOnly }) => !remembered && !chromiumOnly,
)) {
  const said = NAMES[choice.from];
  const chosen = NAMES[choice.to];

  test.describe(() => {
    if (choice.window) test.use({ windowSize: choice.window });
    // Held back, the app's script holds a document's load in WebKit when its request starts
    // before the load (the frame's, now and then), and WebKitWebDriver answers no command sent to
    // a document still loading: the session hung. WebKit has the own page's case.
    test.skip(
      ({ engine }) => engine === 'webkit' && choice.board === true,
      'WebKitWebDriver answers no command in a frame whose load the test holds back',
    );

    test(`${chosen.option} chosen before the app hydrates is the page’s language once it has, ${choice.where}`, async ({
      session,
      server,
    }, testInfo) => {
      const board = choice.board ? await startBoard() : null;
      const phone = await startSlowPhone(board?.app.url ?? server.url, [noteLanguageShown]).catch(
        async (error: unknown) => {
          await board?.stop();
          throw error;
        },
      );
      const form = formIn(session, board !== null);
      try {
        board?.host.serve(boardPage(phone.url));
        const address = board?.host.url ?? `${phone.url}${choice.path}`;
        // A board only until it is parsed: in Firefox its load waits for the frame's, and that
        // for the app's script, held back here.
        await session.goto(address, board ? 'parsed' : 'load');
        await expect
          .poll(
            () =>
              form
                .evaluate(() => [document.documentElement.lang, 'slowCpu' in window])
                .catch((error: Error) => error.message),
            { message: 'the page as it came, slowed' },
          )
          .toEqual([choice.from, true]);
        // What the engine made of the window asked for (WebKitGTK keeps 447 px at least).
        const [width, height] = await session.evaluate(() => [innerWidth, innerHeight]);
        testInfo.annotations.push({ type: 'viewport', description: `${width} × ${height}` });
        await form.fill(said.first, 'Lucía');
        // The switch has been seen showing the page's language in a frame before it is changed:
        // at 4x CPU no frame may be painted between the switch's parsing and the choice.
        await expect.poll(() => form.evaluate(languageShown)).toEqual([choice.from]);
        await form.select(said.language, choice.to);
        // The choice was made on the prerendered page: the app had not hydrated.
        expect(await form.evaluate(hydrated)).toBe(false);
        await form.fill(said.last, 'Hernández');
        phone.releaseApp();
        await expect
          .poll(() => form.evaluate(hydrated), { message: 'the form hydrates', timeout: 30_000 })
          .toBe(true);

        await expect
          .poll(() => form.evaluate(pageState), {
            message: `the page in ${chosen.option}`,
            timeout: 15_000,
          })
          .toEqual({
            lang: choice.to,
            language: choice.to,
            label: chosen.language,
            title: chosen.title,
            step: chosen.step,
            cookie: choice.to,
            first: 'Lucía',
            last: 'Hernández',
            focus: 'field-last_name',
          });
        expect(await form.evaluate(languageShown)).toEqual([choice.from, choice.to]);
        if (board) {
          // The board heard the form's height in its new language, and gave the frame that height.
          await expect(async () => {
            const height = await form.evaluate(() =>
              Math.ceil(document.documentElement.getBoundingClientRect().height),
            );
            expect((await session.evaluate(heightsHeard)).at(-1), 'the last height heard').toBe(
              height,
            );
            const frame = await session.evaluate(
              (selector) => document.querySelector(selector)?.getBoundingClientRect().height,
              FRAME,
            );
            expect(frame, 'the frame’s height').toBe(height);
          }, 'the frame is as tall as the form').toPass({ timeout: 10_000 });
        }
        await form.evaluate(stopSlowCpu);

        // The app knows the answers, and says what is missing in the chosen language.
        await form.fill(chosen.email, 'lucia@example.com');
        await form.press(chosen.next);
        await expect
          .poll(() =>
            form.evaluate(() =>
              Array.from(document.querySelectorAll('[role="alert"] a'), (link) => link.textContent),
            ),
          )
          .toEqual([...chosen.missing]);

        // The next visit comes in the chosen language, with what was typed.
        if (board) await openBoardForm(session, address);
        else await openForm(session, address);
        expect(await form.evaluate(pageState)).toMatchObject({
          lang: choice.to,
          language: choice.to,
          first: 'Lucía',
        });
      } finally {
        await phone.stop();
        await board?.stop();
      }
    });
  });
}
