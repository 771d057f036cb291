// Toasts (docs/form.md): top-right, 5 s default and success, 8 s error, announced by a polite live
// region. The Toaster mounts once the app has hydrated; notify() before that waits in a queue,
// so an early toast is delayed, never lost. A toast's time stops while the pointer is over the
// toasts, while focus is in them (Alt+T moves it there) and while the page is hidden.
// In a frame (embed mode) the toasts sit in the part of the frame the host's page shows
// (framed/useToastPlacement.ts). The bus is bus.ts.
import { i18n } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToastPlacement } from '../framed/index.ts';
import { EARLY_TEXTS } from '../texts.ts';
import { showWith, type Toast, type ToastKind } from './bus.ts';

/** At most this many at once: a new one pushes the oldest out. */
const VISIBLE = 3;

/** How long each kind stays, in milliseconds (docs/form.md). */
const DURATION: Record<ToastKind, number> = { success: 5_000, error: 8_000, info: 5_000 };

export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(() => document.hidden);
  const list = useRef<HTMLOListElement>(null);
  // Where focus was before it came into the toasts: it goes back there if they close under it.
  const before = useRef<HTMLElement | null>(null);
  useToastPlacement(list, toasts);

  useEffect(() => {
    const stop = showWith((toast) => setToasts((shown) => [toast, ...shown].slice(0, VISIBLE)));
    const onVisibility = () => setHidden(document.hidden);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyT') list.current?.focus();
    };
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const close = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);

  // Once none is left, mouseleave never comes: the pointer over the toasts no longer counts.
  if (toasts.length === 0 && hovered) setHovered(false);

  useEffect(() => {
    if (!focused || list.current?.contains(document.activeElement)) return;
    // The focused toast closed (or the last one, and the list with it).
    setFocused(false);
    before.current?.focus({ preventScroll: true });
    before.current = null;
  });

  return (
    <section
      aria-label={i18n._(EARLY_TEXTS.notifications)}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      className="toaster"
    >
      {toasts.length > 0 && (
        <ol
          ref={list}
          tabIndex={-1}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={(event) => {
            if (focused) return;
            setFocused(true);
            before.current =
              event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          {toasts.map((toast) => (
            <ToastItem
              key={toast.id}
              toast={toast}
              paused={hovered || focused || hidden}
              onClose={close}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function ToastItem({
  toast,
  paused,
  onClose,
}: {
  toast: Toast;
  paused: boolean;
  onClose: (id: number) => void;
}) {
  const remaining = useRef(DURATION[toast.kind]);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onClose(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onClose, toast.id]);

  return (
    <li className="toast" data-type={toast.kind === 'info' ? undefined : toast.kind}>
      <button
        type="button"
        className="toast__close"
        aria-label={i18n._(EARLY_TEXTS.closeToast)}
        onClick={() => onClose(toast.id)}
      >
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M3 3l6 6M9 3l-6 6" />
        </svg>
      </button>
      {toast.kind !== 'info' && (
        <svg className="toast__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="8" />
          <path d={toast.kind === 'success' ? 'M6.5 10.5l2.5 2.5 4.5-5' : 'M10 6v5M10 14v.01'} />
        </svg>
      )}
      {/* One paragraph, added at once: the live region reads message and detail as one. */}
      <p className="toast__message">
        {toast.message}
        {toast.detail && (
          <>
            {' '}
            <span lang="en">{toast.detail}</span>
          </>
        )}
      </p>
    </li>
  );
}
