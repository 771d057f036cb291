// Where the toasts sit in a frame (docs/embedding.md): at the top-right of the part of the frame that the
// host's page shows, following it; the live region itself stays where it is. The code that
// watches that part (visible-part.ts) is fetched in a frame only, once the toasts mount: the
// page's own visits skip it. A failed download is tried again when a toast shows, and a toast
// about to show asks for a fresh measure.
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { importOnDemand, loadOnce } from '../load-once.ts';
import type { toastTop, VisiblePart, VisiblePartWatch } from './visible-part.ts';

/** The visible part's code (asked again after a failed download). */
const loadVisiblePart = loadOnce(() => importOnDemand(() => import('./visible-part.ts')));

/** Places `list`, which shows `toasts`, in the part of the frame the candidate sees. */
export function useToastPlacement(
  list: RefObject<HTMLElement | null>,
  toasts: readonly unknown[],
): void {
  const mounted = useRef(false);
  const topFor = useRef<typeof toastTop | null>(null);
  // The part of the frame the candidate sees; null while the host shows none of it.
  const visible = useRef<VisiblePart | null>(null);
  const watch = useRef<VisiblePartWatch | null>(null);

  const place = () => {
    const ol = list.current;
    if (!ol || !topFor.current) return;
    if (visible.current === null) {
      ol.style.removeProperty('top');
      return;
    }
    // The stylesheet's distance from the right edge is the margin at the top too.
    const margin = Number.parseFloat(getComputedStyle(ol).right) || 0;
    ol.style.top = `${topFor.current(visible.current, ol.offsetHeight, margin, window.innerHeight)}px`;
  };
  // A download already under way is the same promise: the first to arrive starts the watch.
  const start = () => {
    if (window.parent === window || watch.current) return;
    loadVisiblePart().then(
      (code) => {
        if (!mounted.current || watch.current) return;
        topFor.current = code.toastTop;
        watch.current = code.watchVisiblePart((part) => {
          visible.current = part;
          place();
        });
      },
      () => undefined,
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, from mount to unmount.
  useEffect(() => {
    mounted.current = true;
    start();
    return () => {
      mounted.current = false;
      watch.current?.stop();
      watch.current = null;
    };
  }, []);

  // Before the browser paints a new toast (or the pile after one closes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the toasts shown decide.
  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    place();
    if (watch.current) watch.current.remeasure();
    else start();
  }, [toasts]);
}
