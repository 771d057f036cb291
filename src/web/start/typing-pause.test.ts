// @vitest-environment happy-dom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterTypingPause,
  isTextField,
  isTyping,
  type KeyLike,
  type TargetLike,
  TYPING_PAUSE_MS,
  watchTyping,
} from './typing-pause.ts';

const key = (value: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const input = (type = 'text'): TargetLike => ({ tagName: 'INPUT', type });

describe('what counts as typing', () => {
  it.each<[string, TargetLike | null, boolean]>([
    ['a text input', input(), true],
    ['an email input', input('email'), true],
    ['a telephone input', input('tel'), true],
    ['a password input', input('password'), true],
    ['an input with no type', { tagName: 'input', type: '' }, true],
    ['a textarea', { tagName: 'TEXTAREA' }, true],
    ['an editable element', { tagName: 'DIV', isContentEditable: true }, true],
    ['a checkbox', input('checkbox'), false],
    ['a file input', input('file'), false],
    ['a button', { tagName: 'BUTTON', type: 'button' }, false],
    ['a submit input', input('submit'), false],
    ['the page', { tagName: 'BODY' }, false],
    ['nothing', null, false],
  ])('%s is a text field: %s', (_, target, expected) => {
    expect(isTextField(target)).toBe(expected);
  });

  it.each<[string, KeyLike, TargetLike | null, boolean]>([
    ['a letter in a text field', key('a'), input(), true],
    ['a capital', key('A'), input(), true],
    ['a space in a text field', key(' '), input(), true],
    ['an accented letter', key('é'), input(), true],
    ['an emoji of two UTF-16 units', key('😀'), input(), true],
    ['Backspace', key('Backspace'), input(), true],
    ['Delete', key('Delete'), input(), true],
    ['an arrow within the text', key('ArrowLeft'), input(), true],
    ['Shift on its own', key('Shift'), input(), true],
    ['Tab to the next field', key('Tab'), input(), true],
    ['a key while an IME composes', key('Enter', { isComposing: true }), input(), true],
    ['Enter (a form may submit on it)', key('Enter'), input(), false],
    ['Escape', key('Escape'), input(), false],
    ['Ctrl+V', key('v', { ctrlKey: true }), input(), false],
    ['Cmd+A', key('a', { metaKey: true }), input(), false],
    ['Alt+T (the toasts)', key('t', { altKey: true }), input(), false],
    ['ArrowDown (may open a list)', key('ArrowDown'), input(), false],
    ['Space on a button (presses it)', key(' '), { tagName: 'BUTTON' }, false],
    ['Enter on a button', key('Enter'), { tagName: 'BUTTON' }, false],
    ['a letter on a checkbox', key('a'), input('checkbox'), false],
    ['a letter on the page', key('a'), { tagName: 'BODY' }, false],
  ])('%s: %s', (_, event, target, expected) => {
    expect(isTyping(event, target)).toBe(expected);
  });

  it('never counts a key outside a text field, nor a shortcut, as typing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.record({ ctrlKey: fc.boolean(), metaKey: fc.boolean(), altKey: fc.boolean() }),
        fc.constantFrom('BUTTON', 'BODY', 'SELECT', 'A', 'LABEL'),
        (value, mods, tagName) => {
          expect(isTyping(key(value, mods), { tagName })).toBe(false);
          if (mods.ctrlKey || mods.metaKey || mods.altKey)
            expect(isTyping(key(value, mods), input())).toBe(false);
        },
      ),
    );
  });
});

describe('starting after a pause in typing', () => {
  let field: HTMLInputElement;
  let button: HTMLButtonElement;
  const type = (value: string, target: HTMLElement = field) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key: value, bubbles: true }));

  beforeEach(() => {
    vi.useFakeTimers();
    // As boot.ts does with the page; a start ends the watch.
    watchTyping();
    field = document.createElement('input');
    button = document.createElement('button');
    document.body.append(field, button);
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('starts a task later when nothing was typed for a pause', () => {
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    const start = vi.fn();
    afterTypingPause(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits while the candidate types, then starts once, a pause after the last key', () => {
    const start = vi.fn();
    type('A');
    afterTypingPause(start);
    for (const letter of 'da Lovelace') {
      vi.advanceTimersByTime(120);
      type(letter);
    }
    field.dispatchEvent(new Event('input', { bubbles: true }));
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    type('x');
    field.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(TYPING_PAUSE_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('removes its listeners once it has started, the typing watch included', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const start = vi.fn();
    type('A');
    afterTypingPause(start);
    expect(removed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    expect(start).toHaveBeenCalledTimes(1);
    // The watch's three: boot.ts started it, before these spies (a second add is a no-op).
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual([
      'input',
      'keydown',
      'pointerdown',
    ]);
    expect(removed.mock.calls).toEqual(expect.arrayContaining(added.mock.calls));
    added.mockRestore();
    removed.mockRestore();
    // The key typed now is no longer noted: asked again, the pause starts a task later.
    type('x');
    const again = vi.fn();
    afterTypingPause(again);
    vi.advanceTimersByTime(0);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('counts pasted or dictated text (an input event without a key) as typing', () => {
    const start = vi.fn();
    afterTypingPause(start);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each<[string, () => void]>([
    [
      'a pointer press',
      () => button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
    ],
    ['Enter in the field', () => type('Enter')],
    ['Space on a button', () => type(' ', button)],
    [
      'a shortcut',
      () =>
        field.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'v', ctrlKey: true, bubbles: true }),
        ),
    ],
  ])('starts at once, within the event, on %s mid-typing', (_, act) => {
    const start = vi.fn();
    type('A');
    afterTypingPause(start);
    let calledBeforeTheField = false;
    const seen = () => {
      calledBeforeTheField = start.mock.calls.length === 1;
    };
    // The app's own listeners are on the page's root, below the window: it hears the event.
    document.body.addEventListener('pointerdown', seen);
    document.body.addEventListener('keydown', seen);
    vi.advanceTimersByTime(50);
    act();
    expect(start).toHaveBeenCalledTimes(1);
    expect(calledBeforeTheField).toBe(true);
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
