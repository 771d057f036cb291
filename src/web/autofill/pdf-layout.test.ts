// The column search (gutterOf) against the pairwise search it replaced (issue 31, item 9): the
// same gutter on any layout, and on the crafted PDF's layout, each fragment's edges read a
// bounded number of times rather than once per strip per level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trapRow } from '../../../test/helpers/column-trap.mjs';
import { gutterOf, type Span } from './pdf-layout.ts';

/** The search as it was before issue 31: every strip at every level counts every fragment. */
function pairwiseGutter(fragments: readonly Span[], pageWidth: number): number | null {
  const width = Math.max(1, Math.ceil(pageWidth));
  const cover = new Array<number>(width + 1).fill(0);
  for (const fragment of fragments) {
    const from = Math.max(0, Math.floor(fragment.x0));
    const to = Math.min(width, Math.ceil(fragment.x1));
    for (let x = from; x <= to; x++) cover[x] = (cover[x] ?? 0) + 1;
  }
  const allowed = Math.max(2, Math.floor(fragments.length * 0.1));
  const from = Math.floor(width * 0.2);
  const to = Math.ceil(width * 0.8);
  for (let level = 0; level <= allowed; level++) {
    let best: { x: number; sides: number } | null = null;
    let runStart = -1;
    for (let x = from; x <= to + 1; x++) {
      const open = x <= to && (cover[x] ?? 0) <= level;
      if (open && runStart < 0) runStart = x;
      if (!open && runStart >= 0) {
        const middle = (runStart + x - 1) / 2;
        const left = fragments.filter((f) => f.x1 <= middle).length;
        const right = fragments.filter((f) => f.x0 >= middle).length;
        const sides = Math.min(left, right);
        if (x - 1 - runStart >= 8 && sides >= 3 && (!best || sides > best.sides)) {
          best = { x: middle, sides };
        }
        runStart = -1;
      }
    }
    if (best) return best.x;
  }
  return null;
}

/** `rows` rows of the crafted PDF's letters, as fragments. */
const trap = (rows: number): Span[] =>
  Array.from({ length: rows }, (_, row) => trapRow(700 - row * 6)).flatMap((items) =>
    items.map((item) => ({ x0: item.x, x1: item.x + item.width })),
  );

/** The same spans, counting every read of an edge. */
function watched(spans: readonly Span[]) {
  const count = { reads: 0 };
  const copies = spans.map(({ x0, x1 }) => ({
    get x0() {
      count.reads++;
      return x0;
    },
    get x1() {
      count.reads++;
      return x1;
    },
  }));
  return { spans: copies, count };
}

// Coordinates on the half-point grid (where a strip's middle falls: edges that touch it exactly),
// anywhere, and past the page; widths also negative, NaN and infinite (a width pdf.js did not know).
const coordinate = fc.oneof(
  fc.integer({ min: -40, max: 1_700 }).map((half) => half / 2),
  fc.double({ min: -50, max: 900, noNaN: true }),
);
const width = fc.oneof(
  fc.integer({ min: -4, max: 800 }).map((half) => half / 2),
  fc.double({ min: -10, max: 700, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const spanIn = (x0: fc.Arbitrary<number>, w: fc.Arbitrary<number>) =>
  fc.record({ x0, w }).map(({ x0, w }): Span => ({ x0, x1: x0 + w }));
const anywhere = spanIn(coordinate, width);
// Two columns and what crosses them (a name, a footer): gutters found at every level.
const twoColumns = fc
  .tuple(
    fc.array(spanIn(fc.integer({ min: 60, max: 400 }), fc.integer({ min: 1, max: 200 })), {
      maxLength: 60,
    }),
    fc.array(spanIn(fc.integer({ min: 300, max: 1_200 }), fc.integer({ min: 1, max: 300 })), {
      maxLength: 60,
    }),
    fc.array(anywhere, { maxLength: 12 }),
  )
  .map((parts) => parts.flat());
const layout = fc.oneof(fc.array(anywhere, { maxLength: 80 }), twoColumns);
const pageWidth = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.double({ min: 0, max: 1_000, noNaN: true }),
  fc.constantFrom(612, 595.28, 842),
);
// A few fragments on a narrow page: edges fall on a strip's middle, and one fragment more or
// less on a side decides between strips, or whether there is a gutter at all.
const half = (max: number) => fc.integer({ min: 0, max: 2 * max }).map((h) => h / 2);
const narrowPage = fc
  .integer({ min: 20, max: 120 })
  .chain((page) =>
    fc.tuple(
      fc.array(spanIn(half(page), half(Math.floor(page / 4))), { minLength: 3, maxLength: 14 }),
      fc.constant(page),
    ),
  );

describe('gutterOf', () => {
  it('finds the gutter the pairwise search finds, on any layout and page width', () => {
    fc.assert(
      fc.property(layout, pageWidth, (spans, page) => {
        expect(gutterOf(spans, page)).toBe(pairwiseGutter(spans, page));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(narrowPage, ([spans, page]) => {
        expect(gutterOf(spans, page)).toBe(pairwiseGutter(spans, page));
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds it on the crafted PDF’s layout too', () => {
    const spans = trap(12);
    expect(gutterOf(spans, 612)).toBe(pairwiseGutter(spans, 612));
  });

  it('reads each edge of the crafted PDF’s fragments a bounded number of times', () => {
    // 20 rows of 203 letters: the pairwise search read some 20 million edges here.
    const { spans, count } = watched(trap(20));
    gutterOf(spans, 612);
    expect(count.reads).toBeLessThanOrEqual(4 * spans.length);
  });
});
