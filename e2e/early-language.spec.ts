// Choosing a language before the app has hydrated (docs/languages.md), on a phone-like CPU (6x
// slower, through the DevTools protocol) and a fresh load: a candidate types into First Name,
// chooses the other language in the prerendered switch and types on. The app's script is held
// back until then, so that the choice is certainly an early one; it then arrives, runs and
// hydrates at 6x. Once hydrated, the page is in the chosen language exactly as after a choice
// made later (the switch, <html lang>, the texts, the remembered choice), the switch never showed
// the first language again, nothing typed is lost and the focus is where the candidate left it;
// in a board's frame, the frame is as tall as the form in its new language. Each of
// EARLY_CHOICES (form.ts): the form's own page, a small phone, a Spanish page choosing English,
// the frame on a job board's page. e2e/cross-browser/early-language.spec.ts is the same in each
// engine, under a throttle of its own.
import { expect, type Frame, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import {
  EARLY_CHOICES,
  type EarlyChoice,
  holdAppScript,
  languageShown,
  NAMES,
  noteLanguageShown,
} from './form.ts';
import { boardPage, heightsHeard, startBoard } from './host-page.ts';

type Board = Awaited<ReturnType<typeof startBoard>>;

/**
 * Opens the case's page as its load begins, before anything of it has run, and returns the
 * document the form is in: the page itself, or the frame on the board's page.
 */
async function open(page: Page, choice: EarlyChoice, board: Board | null): Promise<Page | Frame> {
  if (!board) {
    await page.goto(choice.path, { waitUntil: 'commit' });
    return page;
  }
  await page.goto(board.host.url, { waitUntil: 'commit' });
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error('the board’s page has no frame');
  return frame;
}

for (const choice of EARLY_CHOICES) {
  const said = NAMES[choice.from];
  const chosen = NAMES[choice.to];

  test(`${chosen.option} chosen before the app hydrates is the page’s language once it has, ${choice.where}`, async ({
    page,
    baseURL,
  }) => {
    if (choice.window) await page.setViewportSize(choice.window);
    if (choice.remembered) {
      await page.context().addCookies([{ name: 'lang', value: choice.from, url: baseURL }]);
    }
    const board = choice.board ? await startBoard() : null;
    try {
      board?.host.serve(boardPage(board.app.url));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      const release = await holdAppScript(page);
      await page.addInitScript(noteLanguageShown);
      const form = await open(page, choice, board);
      const hydrated = form.locator('html[data-hydrated]');

      await form.getByLabel(said.first, { exact: true }).fill('Lucía');
      await expect(form.locator('html')).toHaveAttribute('lang', choice.from);
      // The switch has been seen showing the page's language in a frame before it is changed: at
      // 4x CPU no frame may be painted between the switch's parsing and the choice (CI run 29).
      await expect.poll(() => form.evaluate(languageShown)).toEqual([choice.from]);
      await form.getByLabel(said.language, { exact: true }).selectOption(choice.to);
      // The choice was made on the prerendered page: the app had not hydrated.
      expect(await hydrated.count()).toBe(0);
      await form.getByLabel(said.last, { exact: true }).fill('Hernández');
      release();
      await expect(hydrated).toHaveCount(1, { timeout: 15_000 });

      const language = form.getByLabel(chosen.language, { exact: true });
      await expect(language).toHaveValue(choice.to);
      await expect(form.locator('html')).toHaveAttribute('lang', choice.to);
      await expect.poll(() => form.title()).toBe(chosen.title);
      await expect(form.getByRole('heading', { level: 2 })).toHaveText(chosen.step);
      await expect(form.getByLabel(chosen.first, { exact: true })).toHaveValue('Lucía');
      await expect(form.getByLabel(chosen.last, { exact: true })).toHaveValue('Hernández');
      await expect(form.getByLabel(chosen.last, { exact: true })).toBeFocused();
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe(choice.to);
      expect(await form.evaluate(languageShown)).toEqual([choice.from, choice.to]);
      if (board) {
        // The board heard the form's height in its new language, and gave the frame that height.
        await expect(async () => {
          const height = await form.evaluate(() =>
            Math.ceil(document.documentElement.getBoundingClientRect().height),
          );
          expect((await page.evaluate(heightsHeard)).at(-1), 'the last height heard').toBe(height);
          expect((await page.locator('iframe').boundingBox())?.height, 'the frame’s').toBe(height);
        }).toPass({ timeout: 5_000 });
      }

      // The early choice is made and the app has taken it: what follows needs no slow phone.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      // The app knows the answers, and says what is missing in the chosen language.
      await form.getByLabel(chosen.email, { exact: true }).fill('lucia@example.com');
      await form.getByRole('button', { name: chosen.next }).click();
      const summary = form.getByRole('alert', { name: chosen.problem });
      await expect(summary.getByRole('link')).toHaveText([...chosen.missing]);

      // The next visit comes in the chosen language, with what was typed.
      const again = await open(page, choice, board);
      await expect(again.locator('html[data-hydrated]')).toHaveCount(1);
      await expect(again.locator('html')).toHaveAttribute('lang', choice.to);
      await expect(again.getByLabel(chosen.language, { exact: true })).toHaveValue(choice.to);
      await expect(again.getByLabel(chosen.first, { exact: true })).toHaveValue('Lucía');
    } finally {
      // The page first: a request it still has on its way (its form token, asked with the first
      // input, or a chunk) to a server stopped under it is a console error of the test's making.
      if (board) await page.close();
      await board?.stop();
    }
  });
}
