// The part of the frame that the candidate sees (docs/embedding.md, "What answers an action is shown
// where the candidate is looking"). A frame is as tall as the form, so its own viewport is the
// whole form and something fixed to its top can be a screen or more above what the job board's
// page shows. An IntersectionObserver in the frame knows the visible part even cross-origin: its
// intersectionRect is clipped by every ancestor viewport up to the top-level one. One target
// whose visible height stays the same while the board scrolls (a form taller than the screen)
// reports nothing, so the document is covered with thin bands: the band at each edge of the
// visible part changes its ratio as the board scrolls and reports where that edge is, to
// BAND / STEPS px. Nothing is posted to the host: this works without embed.js.

/** Top and bottom of the visible part, in the frame's viewport coordinates (CSS px). */
export interface VisiblePart {
  top: number;
  bottom: number;
}

const BAND = 128;
const STEPS = 32;

/**
 * Where the toasts' top edge goes, in the frame's viewport: `margin` below the top of the
 * visible part; when the stack does not fit below that, as low as it fits, but never above
 * the visible part's top (its first line shows); never out of the frame's viewport.
 */
export function toastTop(
  part: VisiblePart,
  stackHeight: number,
  margin: number,
  viewportHeight: number,
): number {
  const lowest = part.bottom - margin - stackHeight;
  let top = part.top + margin;
  if (top > lowest) top = Math.max(part.top, lowest);
  return Math.max(0, Math.min(top, viewportHeight - stackHeight));
}

/** A watch on the visible part. */
export interface VisiblePartWatch {
  /** Stops watching and removes the bands. */
  stop(): void;
  /**
   * Asks the browser for every band's intersection afresh (observing a target again always
   * brings an entry on its next rendering update), rather than only for the bands whose
   * ratio changed: a toast about to show is placed from the latest layout, whatever the
   * browser last sent (a frame in another process hears of the board's scroll from there).
   */
  remeasure(): void;
}

/**
 * Calls `onChange` with the visible part whenever it moves by a few px (null: none of the
 * frame shows), and when asked to remeasure.
 */
export function watchVisiblePart(
  onChange: (part: VisiblePart | null) => void,
  doc: Document = document,
): VisiblePartWatch {
  if (typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') {
    return { stop: () => {}, remeasure: () => {} };
  }
  const probe = doc.createElement('div');
  probe.className = 'visible-probe';
  probe.setAttribute('aria-hidden', 'true');
  const bands: HTMLElement[] = [];
  const seen = new Map<Element, DOMRectReadOnly>();

  const report = () => {
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const rect of seen.values()) {
      top = Math.min(top, rect.top);
      bottom = Math.max(bottom, rect.bottom);
    }
    onChange(top < bottom ? { top, bottom } : null);
  };
  const intersections = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.intersectionRect.height > 0) {
          seen.set(entry.target, entry.intersectionRect);
        } else seen.delete(entry.target);
      }
      report();
    },
    { threshold: Array.from({ length: STEPS + 1 }, (_, i) => i / STEPS) },
  );

  // Bands from the document's top to its bottom, never beyond (the frame's height follows it).
  const cover = (height: number) => {
    const count = Math.ceil(height / BAND);
    while (bands.length > count) {
      const band = bands.pop() as HTMLElement;
      intersections.unobserve(band);
      seen.delete(band);
      band.remove();
    }
    while (bands.length < count) {
      const band = doc.createElement('div');
      band.className = 'visible-probe__band';
      band.style.top = `${bands.length * BAND}px`;
      bands.push(band);
      probe.append(band);
      intersections.observe(band);
    }
    bands.forEach((band, i) => {
      band.style.height = `${Math.min(BAND, height - i * BAND)}px`;
    });
  };
  const resizes = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1];
    const size = entry?.borderBoxSize?.[0];
    cover(Math.floor(size ? size.blockSize : doc.documentElement.getBoundingClientRect().height));
  });
  doc.body.append(probe);
  resizes.observe(doc.documentElement);

  return {
    stop: () => {
      resizes.disconnect();
      intersections.disconnect();
      probe.remove();
    },
    remeasure: () => {
      for (const band of bands) {
        intersections.unobserve(band);
        intersections.observe(band);
      }
    },
  };
}
