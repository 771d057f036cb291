// Toasts (DESIGN §5): top-right, 5 s default and success, 8 s error, announced by a polite live
// region. The Toaster (the live region) mounts once the app has hydrated; notify() before the
// toasts can show waits in a queue, so an early toast is delayed, never lost. A toast's time stops
// while the pointer is over the toasts, while focus is in them (Alt+T moves it there) and while
// the page is hidden (ToastList.tsx).
// The toasts' own code is not in the first page load: it loads on the candidate's first input
// (lazy-steps.ts), or with the first toast, long before a toast can follow from that input.
// In a frame (embed mode) the toasts sit at the top-right of the part of the frame that the
// host's page shows, and follow it (DESIGN §6); the live region itself stays where it is. That
// code is fetched in a frame only, once the form is interactive: the page's own visits skip it.
import { type ComponentType, useEffect, useState } from 'react';
import { loadOnce } from './load-once.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let lastId = 0;
let queued: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;

export function notify(kind: ToastKind, message: string): void {
  const toast = { id: ++lastId, kind, message };
  if (show) show(toast);
  else {
    queued.push(toast);
    // Should the code not come, the toast waits for the next attempt (the next toast's).
    loadToasts().catch(() => undefined);
  }
}

/** For ToastList: shows the waiting toasts and every later one with `shower`, until stopped. */
export function takeToasts(shower: (toast: Toast) => void): () => void {
  show = shower;
  for (const toast of queued.splice(0)) shower(toast);
  return () => {
    show = null;
  };
}

/**
 * Forgets the toasts waiting for a Toaster. Only for tests: the queue lives as long as this module,
 * and a test cannot empty it otherwise without showing its toasts. The app never calls it, so the
 * build drops it (it is in no chunk).
 */
export function clearQueuedToasts(): void {
  queued = [];
}

let loaded: ComponentType | undefined;
/** The mounted Toaster, waiting for the toasts' code. */
let waiting: ((list: ComponentType) => void) | null = null;

const loadList = loadOnce(() => import('./ToastList.tsx').then((module) => module.ToastList));

/** Loads the toasts' code (once; again after a failure) and hands it to the Toaster. */
export async function loadToasts(): Promise<ComponentType> {
  loaded = await loadList();
  waiting?.(loaded);
  return loaded;
}

export function Toaster() {
  const [List, setList] = useState<ComponentType | undefined>(() => loaded);
  useEffect(() => {
    waiting = (list) => setList(() => list);
    if (loaded) waiting(loaded);
    return () => {
      waiting = null;
    };
  }, []);

  return (
    <section
      aria-label="Notifications alt+T"
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      className="toaster"
    >
      {List && <List />}
    </section>
  );
}
