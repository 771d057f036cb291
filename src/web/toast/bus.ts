// The toasts' bus (docs/form.md): any module notifies; the Toaster, once mounted, shows. A toast
// notified before that waits in a queue, so it is delayed, never lost.

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** The provider's own words after the message, in English: shown marked `lang="en"`. */
  detail?: string;
}

let lastId = 0;
let queued: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;

export function notify(kind: ToastKind, message: string, detail?: string): void {
  const toast: Toast = { id: ++lastId, kind, message, detail };
  if (show) show(toast);
  else queued.push(toast);
}

/**
 * Forgets the toasts waiting for a Toaster. Only for tests: the queue lives as long as this module,
 * and a test cannot empty it otherwise without showing its toasts. The app never calls it, so the
 * build drops it (it is in no chunk).
 * @internal Only for tests, as said above.
 */
export function clearQueuedToasts(): void {
  queued = [];
}

/** The Toaster shows the toasts from now on, the queued ones first; returns what stops it. */
export function showWith(shower: (toast: Toast) => void): () => void {
  show = shower;
  for (const toast of queued.splice(0)) shower(toast);
  return () => {
    show = null;
  };
}
