import { describe, expect, it } from 'vitest';
import { toastTop, type VisiblePart } from './visible-part.ts';

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
