// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arriveAt } from './arrival.ts';

const BOARD = 'https://board.example';

/** A step's card and heading, with where layout would put the heading (happy-dom has none). */
function stepHeading(top: number, height = 30) {
  document.body.innerHTML =
    '<form class="card"><p>Step 2 of 3</p><h2 tabindex="-1">Career Info</h2></form>';
  const heading = document.querySelector('h2') as HTMLHeadingElement;
  const form = document.querySelector('form') as HTMLFormElement;
  heading.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 300, height });
  const scrolled = vi.fn();
  form.scrollIntoView = scrolled;
  heading.scrollIntoView = scrolled;
  return { heading, scrolled };
}

/** The window arriveAt sees: the page's own document, a viewport, a motion preference. */
function windowWith({ reduced = false, framedBy = null as string | null } = {}) {
  const postMessage = vi.fn();
  const win = {
    document,
    innerHeight: 640,
    matchMedia: (query: string) => ({ matches: reduced && query.includes('reduce') }),
    parent: framedBy ? { postMessage } : undefined,
    location: { ancestorOrigins: framedBy ? [framedBy] : [] },
  };
  if (!framedBy) win.parent = win as never;
  return { win: win as unknown as Window, postMessage };
}

afterEach(() => {
  delete document.documentElement.dataset.embed;
  delete document.documentElement.dataset.embedOrigins;
});

describe('arriving on a step', () => {
  it.each([
    ['above the screen', -758, 'smooth', false],
    ['below the screen', 900, 'smooth', false],
    ['above the screen, with reduced motion', -758, 'auto', true],
  ])(
    'focuses the heading and scrolls the card into view when the heading is %s',
    (_where, top, behavior, reduced) => {
      const { heading, scrolled } = stepHeading(top);
      const { win } = windowWith({ reduced });
      arriveAt(heading, win);
      expect(document.activeElement).toBe(heading);
      expect(scrolled).toHaveBeenCalledExactlyOnceWith({ block: 'start', behavior });
    },
  );

  it('focuses the heading and scrolls nothing when the heading is already in view', () => {
    const { heading, scrolled } = stepHeading(120);
    arriveAt(heading, windowWith().win);
    expect(document.activeElement).toBe(heading);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('in a frame, asks the host page for the frame’s top and scrolls nothing itself', () => {
    document.documentElement.dataset.embed = '1';
    document.documentElement.dataset.embedOrigins = BOARD;
    const { heading, scrolled } = stepHeading(-207);
    const { win, postMessage } = windowWith({ framedBy: BOARD });
    arriveAt(heading, win);
    expect(document.activeElement).toBe(heading);
    expect(scrolled).not.toHaveBeenCalled();
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'resume-registration:show-top' },
      BOARD,
    );
  });

  it('in a frame whose host is not allowed, posts nothing', () => {
    document.documentElement.dataset.embed = '1';
    document.documentElement.dataset.embedOrigins = BOARD;
    const { heading } = stepHeading(-207);
    const { win, postMessage } = windowWith({ framedBy: 'https://elsewhere.example' });
    arriveAt(heading, win);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
