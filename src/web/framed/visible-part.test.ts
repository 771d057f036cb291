// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastTop, type VisiblePart, watchVisiblePart } from './visible-part.ts';

// A form 2,400 px tall in a frame as tall as it; toasts 24 px from the visible part's edges.
const FRAME = 2_400;
const MARGIN = 24;

describe('where the toasts go in a frame', () => {
  it.each<[string, VisiblePart, number, number]>([
    ['the whole frame shows: its top, as on the page', { top: 0, bottom: FRAME }, 80, 24],
    ['the board scrolled to the form’s bottom', { top: 1_556, bottom: 2_400 }, 80, 1_580],
    ['the middle of the form shows', { top: 700, bottom: 1_544 }, 80, 724],
    ['the frame’s top part shows, below the board’s header', { top: 0, bottom: 300 }, 80, 24],
    [
      'a strip with room for the stack but not its margins: the strip’s top',
      { top: 2_300, bottom: 2_400 },
      80,
      2_300,
    ],
    ['a strip exactly as tall as stack and margins', { top: 2_272, bottom: 2_400 }, 80, 2_296],
    [
      'a strip shorter than the stack at the frame’s bottom: the stack ends there',
      { top: 2_350, bottom: 2_400 },
      80,
      2_320,
    ],
    [
      'a strip shorter than the stack mid-frame: the stack’s first line at its top',
      { top: 1_000, bottom: 1_050 },
      80,
      1_000,
    ],
    ['never below the frame’s bottom', { top: 2_390, bottom: 2_400 }, 80, 2_320],
    ['never above the frame’s top', { top: 0, bottom: 40 }, 80, 0],
  ])('%s', (_, part, stack, top) => {
    expect(toastTop(part, stack, MARGIN, FRAME)).toBe(top);
  });

  it('keeps the stack wholly inside any visible part at least as tall as stack and margins', () => {
    for (let top = 0; top <= FRAME - 200; top += 37) {
      for (const height of [128, 200, 500, 844]) {
        const part = { top, bottom: Math.min(FRAME, top + height) };
        if (part.bottom - part.top < 80 + 2 * MARGIN) continue;
        const at = toastTop(part, 80, MARGIN, FRAME);
        expect(at).toBeGreaterThanOrEqual(part.top + MARGIN);
        expect(at + 80).toBeLessThanOrEqual(part.bottom - MARGIN);
      }
    }
  });
});

describe('watching the visible part', () => {
  /** The observers as the browser would drive them: resize the document, report intersections. */
  function fakeObservers() {
    const observed = new Set<Element>();
    let intersect: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
    let resize: (entries: Partial<ResizeObserverEntry>[]) => void = () => {};
    const disconnected: string[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          intersect = callback;
        }
        observe(target: Element) {
          observed.add(target);
        }
        unobserve(target: Element) {
          observed.delete(target);
        }
        disconnect() {
          disconnected.push('intersection');
        }
      },
    );
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: (entries: Partial<ResizeObserverEntry>[]) => void) {
          resize = callback;
        }
        observe() {}
        disconnect() {
          disconnected.push('resize');
        }
      },
    );
    return {
      observed,
      disconnected,
      resizeTo: (blockSize: number) =>
        resize([{ borderBoxSize: [{ blockSize, inlineSize: 390 }] as ResizeObserverSize[] }]),
      report: (target: Element, rect: { top: number; bottom: number } | null) =>
        intersect([
          {
            target,
            isIntersecting: rect !== null,
            intersectionRect: (rect
              ? { ...rect, height: rect.bottom - rect.top }
              : { top: 0, bottom: 0, height: 0 }) as DOMRectReadOnly,
          },
        ]),
    };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('covers the document with bands no taller than it, observed, and hidden from assistive technology', () => {
    const fake = fakeObservers();
    const watch = watchVisiblePart(() => {});
    fake.resizeTo(300);
    const probe = document.querySelector('.visible-probe') as HTMLElement;
    expect(probe.getAttribute('aria-hidden')).toBe('true');
    const bands = [...probe.children] as HTMLElement[];
    expect(bands.map((band) => [band.style.top, band.style.height])).toEqual([
      ['0px', '128px'],
      ['128px', '128px'],
      ['256px', '44px'],
    ]);
    expect([...fake.observed]).toEqual(bands);
    fake.resizeTo(200);
    expect([...probe.children].map((band) => (band as HTMLElement).style.height)).toEqual([
      '128px',
      '72px',
    ]);
    expect(fake.observed.size).toBe(2);
    watch.stop();
    expect(document.querySelector('.visible-probe')).toBeNull();
    expect(fake.disconnected.sort()).toEqual(['intersection', 'resize']);
  });

  it('reports the union of the bands that show, and null once none does', () => {
    const fake = fakeObservers();
    const parts: (VisiblePart | null)[] = [];
    watchVisiblePart((part) => parts.push(part));
    fake.resizeTo(384);
    const [first, second, third] = [...document.querySelectorAll('.visible-probe__band')];
    fake.report(second as Element, { top: 200, bottom: 256 });
    fake.report(third as Element, { top: 256, bottom: 384 });
    fake.report(first as Element, null);
    fake.report(second as Element, null);
    fake.report(third as Element, null);
    expect(parts).toEqual([
      { top: 200, bottom: 256 },
      { top: 200, bottom: 384 },
      { top: 200, bottom: 384 },
      { top: 256, bottom: 384 },
      null,
    ]);
  });

  it('asks for every band afresh when told to remeasure, and the next reports count', () => {
    const fake = fakeObservers();
    const parts: (VisiblePart | null)[] = [];
    const watch = watchVisiblePart((part) => parts.push(part));
    fake.resizeTo(384);
    const bands = [...document.querySelectorAll('.visible-probe__band')];
    fake.report(bands[0] as Element, { top: 0, bottom: 128 });
    const unobserved: Element[] = [];
    const reobserved: Element[] = [];
    const unobserve = fake.observed.delete.bind(fake.observed);
    fake.observed.delete = (band) => {
      unobserved.push(band);
      return unobserve(band);
    };
    const observe = fake.observed.add.bind(fake.observed);
    fake.observed.add = (band) => {
      reobserved.push(band);
      return observe(band);
    };
    watch.remeasure();
    expect(unobserved).toEqual(bands);
    expect(reobserved).toEqual(bands);
    expect([...fake.observed]).toEqual(bands);
    // The browser's fresh entries: the board has scrolled to the form's bottom meanwhile.
    fake.report(bands[0] as Element, null);
    fake.report(bands[2] as Element, { top: 300, bottom: 384 });
    expect(parts).toEqual([{ top: 0, bottom: 128 }, null, { top: 300, bottom: 384 }]);
  });

  it('without IntersectionObserver, watches nothing and remeasures nothing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const parts: (VisiblePart | null)[] = [];
    const watch = watchVisiblePart((part) => parts.push(part));
    watch.remeasure();
    watch.stop();
    expect(parts).toEqual([]);
    expect(document.querySelector('.visible-probe')).toBeNull();
  });

  it('forgets a band the document no longer reaches', () => {
    const fake = fakeObservers();
    const parts: (VisiblePart | null)[] = [];
    watchVisiblePart((part) => parts.push(part));
    fake.resizeTo(384);
    const [first, , third] = [...document.querySelectorAll('.visible-probe__band')];
    fake.report(third as Element, { top: 300, bottom: 384 });
    fake.resizeTo(200);
    fake.report(first as Element, { top: 100, bottom: 128 });
    expect(parts.at(-1)).toEqual({ top: 100, bottom: 128 });
  });
});
