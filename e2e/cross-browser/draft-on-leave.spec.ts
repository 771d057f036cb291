// The draft saved at once when the page is left (docs/form.md, "The draft"), in each engine, on a
// 360 × 640 phone: a change typed and the page reloaded in the same turn, before the save's
// delay could pass, comes back after the reload, on the form's own page in English and in a job
// board's frame in Spanish. Without the save on leaving, Chromium and WebKit lose it; Firefox
// keeps a reloaded page's typed values of its own, so there the case shows the draft harms none.
import { DRAFT_KEY } from '../../src/web/draft.ts';
import { boardPage, startBoard } from '../host-page.ts';
import { expect, FRAME, openBoardForm, openForm, test } from './fixtures.ts';

test.use({ windowSize: { width: 360, height: 640 } });

/** The page marked as being left: the page functions below run in it, so only a type is shared. */
type Leaving = Window & { leaving?: boolean };

/**
 * Types `value` into First Name as a keystroke does, then reloads the page a task later, far
 * inside the save's delay; answers the first name the device held before the reload. The page
 * it leaves is marked, so that nothing is read from it as if it were the reloaded one.
 */
const typeAndReload = (value: string, key: string) => {
  (window as Leaving).leaving = true;
  const input = document.getElementById('field-first_name') as HTMLInputElement;
  // The setter React's own tracker does not see, so the input event reads as a change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  setTimeout(() => location.reload(), 0);
  return JSON.parse(localStorage.getItem(key) ?? 'null')?.values?.first_name ?? null;
};

/** The reloaded form's language and First Name once it has hydrated, or null before. */
const restored = () =>
  !(window as Leaving).leaving && document.documentElement.hasAttribute('data-hydrated')
    ? [
        document.documentElement.lang,
        (document.getElementById('field-first_name') as HTMLInputElement).value,
      ]
    : null;

test('on the form’s own page, in English, what was typed right before a reload comes back', async ({
  session,
  server,
}) => {
  await openForm(session, `${server.url}/?lang=en`);
  // Not saved yet when the page goes: the reload's own save keeps it.
  expect(await session.evaluate(typeAndReload, 'Adaeze', DRAFT_KEY)).not.toBe('Adaeze');
  await expect
    .poll(() => session.evaluate(restored).catch(() => null), { message: 'the draft restored' })
    .toEqual(['en', 'Adaeze']);
});

test('in a board’s frame, in Spanish, what was typed right before the frame reloads comes back', async ({
  session,
}) => {
  const board = await startBoard();
  try {
    board.host.serve(boardPage(board.app.url));
    await openBoardForm(session, board.host.url);
    await session.selectInFrame(FRAME, 'Language', 'es');
    await expect
      .poll(() => session.evaluateInFrame(FRAME, restored), { message: 'the form in Spanish' })
      .toEqual(['es', '']);
    expect(await session.evaluateInFrame(FRAME, typeAndReload, 'Lucía', DRAFT_KEY)).not.toBe(
      'Lucía',
    );
    await expect
      .poll(() => session.evaluateInFrame(FRAME, restored).catch(() => null), {
        message: 'the draft restored in the frame',
      })
      .toEqual(['es', 'Lucía']);
  } finally {
    await board.stop();
  }
});
