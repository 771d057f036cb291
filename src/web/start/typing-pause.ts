// Hydration waits for a pause in typing (issue 21). A key typed into the prerendered form is
// the browser's own work and paints at once; the same key while React hydrates waits for React
// to hydrate the field's whole Suspense boundary first (a discrete event cannot wait), which on
// a phone is a few hundred milliseconds. So the page starts hydrating when the candidate is not
// in the middle of typing, and at once for anything that needs the app: a pointer press, or a
// key that is not typing into a text field (Enter, Space on a button, a shortcut).
// boot.ts starts watching with the page; main.tsx asks for the pause, which ends the watch.

/**
 * How long after the last key typed into a field the candidate counts as paused.
 * @internal Tests name it, not its figure (typing-pause.test.ts).
 */
export const TYPING_PAUSE_MS = 400;

/**
 * The parts of a key event the decision reads.
 * @internal typing-pause.test.ts builds keys without a DOM.
 */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/**
 * The parts of an event target the decision reads.
 * @internal typing-pause.test.ts builds targets without a DOM.
 */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Input types whose keys edit text; any other (a checkbox, a file, a button) reacts to keys. */
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'search', 'password', 'number', '']);

/** Keys that only edit or move within a text field's own text, or move to the next field. */
const EDITING_KEYS = new Set([
  'Tab',
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Shift',
  'CapsLock',
  'Dead',
  'Process',
  'Unidentified',
]);

/**
 * Whether `target` is a field the candidate types text into.
 * @internal Pure, and tested directly in typing-pause.test.ts.
 */
export function isTextField(target: TargetLike | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  return tag === 'INPUT' && TEXT_TYPES.has((target.type ?? '').toLowerCase());
}

/**
 * Whether a key pressed on `target` is typing: it only changes the text of a text field. A
 * shortcut (Ctrl, Cmd, Alt), Enter, Escape, Space on a button and the like are not; Tab from
 * a text field is (it only moves on to the next field).
 * @internal Pure, and tested directly in typing-pause.test.ts.
 */
export function isTyping(event: KeyLike, target: TargetLike | null): boolean {
  if (!isTextField(target)) return false;
  if (event.isComposing) return true;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return [...event.key].length === 1 || EDITING_KEYS.has(event.key);
}

let lastTypedAt = Number.NEGATIVE_INFINITY;
/** What a pointer press, or a key that is not typing, starts once a pause is asked for. */
let interrupt: (() => void) | undefined;

const onKeyDown = (event: Event) => {
  if (isTyping(event as KeyboardEvent, event.target as TargetLike | null)) {
    lastTypedAt = performance.now();
  } else interrupt?.();
};
// Text that comes without a key event worth reading (pasting, dictation, an IME).
const onInput = (event: Event) => {
  if (isTextField(event.target as TargetLike | null)) lastTypedAt = performance.now();
};
const onPointerDown = () => interrupt?.();

/**
 * Notes the candidate's typing from now on (boot.ts, as the page starts), or stops noting it. A
 * listener added twice is there once, and removing one that is not there does nothing.
 */
function watch(on: boolean): void {
  const listen = on ? 'addEventListener' : 'removeEventListener';
  window[listen]('keydown', onKeyDown, true);
  window[listen]('input', onInput, true);
  window[listen]('pointerdown', onPointerDown, true);
}

/** Notes the candidate's typing from now on (boot.ts, as the page starts). */
export const watchTyping = (): void => watch(true);

/**
 * Calls `start` once the candidate is not typing: after the input already queued has been seen
 * (a task later), at once if nothing was typed in the last `pauseMs`, else when that much time
 * has passed since the last key. A pointer press, or a key that is not typing, calls it at once,
 * inside that event's dispatch, so that the app hears the event itself.
 */
export function afterTypingPause(start: () => void, pauseMs = TYPING_PAUSE_MS): void {
  watchTyping();
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    // Once started, nothing reads the typing any more.
    watch(false);
    interrupt = undefined;
    start();
  };
  interrupt = go;
  const check = () => {
    const wait = lastTypedAt + pauseMs - performance.now();
    if (wait <= 0) go();
    else timer = setTimeout(check, wait);
  };
  timer = setTimeout(check, 0);
}
