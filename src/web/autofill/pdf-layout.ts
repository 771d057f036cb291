// A PDF page's text items back into lines, in reading order. Items on one baseline join into a
// line; a wide gap splits it into fragments; a gutter that no fragment crosses splits the page
// into two columns, read left column first, so that a sidebar never merges into the main text.

export interface PlacedText {
  str: string;
  /** Left edge and baseline, in PDF units (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size. */
  size: number;
}

interface Fragment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** A gap wider than this many font sizes separates fragments of one baseline. */
const FRAGMENT_GAP = 1.5;
/** A gap wider than this many font sizes between two items is a space. */
const SPACE_GAP = 0.12;

function fragmentsOf(items: readonly PlacedText[]): Fragment[] {
  const sorted = items
    .filter((item) => item.str.trim() !== '' && Number.isFinite(item.x) && Number.isFinite(item.y))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PlacedText[][] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.y - item.y) <= Math.max(first.size, item.size) * 0.4) {
      line.push(item);
    } else lines.push([item]);
  }
  const fragments: Fragment[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    let current: Fragment | null = null;
    let lastEnd = 0;
    for (const item of line) {
      const gap = item.x - lastEnd;
      if (current && gap <= item.size * FRAGMENT_GAP) {
        const spaced =
          gap > item.size * SPACE_GAP && !current.text.endsWith(' ') && !item.str.startsWith(' ');
        current.text += (spaced ? ' ' : '') + item.str;
        current.x1 = Math.max(current.x1, item.x + item.width);
        current.size = Math.max(current.size, item.size);
      } else {
        current = {
          text: item.str,
          x0: item.x,
          x1: item.x + item.width,
          y: item.y,
          size: item.size,
        };
        fragments.push(current);
      }
      lastEnd = Math.max(lastEnd, item.x + item.width);
    }
  }
  return fragments;
}

/** The x of a gutter between two columns, or null on a page of one column. */
function gutterOf(fragments: readonly Fragment[], pageWidth: number): number | null {
  const width = Math.max(1, Math.ceil(pageWidth));
  const cover = new Array<number>(width + 1).fill(0);
  for (const fragment of fragments) {
    const from = Math.max(0, Math.floor(fragment.x0));
    const to = Math.min(width, Math.ceil(fragment.x1));
    for (let x = from; x <= to; x++) cover[x] = (cover[x] ?? 0) + 1;
  }
  // Fragments spanning the gutter (a centred name, a full-width footer) are allowed, a few;
  // the emptiest strip wins, so a gutter is never placed where one long line crosses it.
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

/** A fragment that is a date or a date range: dates set flush right make no column. */
const DATE = /^[A-Za-z.]{0,9} ?(?:19|20)\d{2}\b|\b(?:19|20)\d{2}$|^present$/i;

/** The page's lines in reading order. */
export function pageLines(items: readonly PlacedText[], pageWidth: number): string[] {
  const fragments = fragmentsOf(items);
  const gutter = gutterOf(fragments, pageWidth);
  const rightSide = gutter === null ? [] : fragments.filter((fragment) => fragment.x0 >= gutter);
  const dates = rightSide.filter((fragment) => DATE.test(fragment.text.trim())).length;
  if (gutter === null || dates * 2 >= rightSide.length) {
    return fragments.map((fragment) => fragment.text);
  }
  const side = (fragment: Fragment) =>
    fragment.x1 <= gutter ? 'left' : fragment.x0 >= gutter ? 'right' : 'both';
  // A fragment above the other column's first line (a name over the columns) spans the page.
  const topOf = (wanted: string) =>
    Math.max(...fragments.filter((fragment) => side(fragment) === wanted).map((f) => f.y));
  const tops = { left: topOf('left'), right: topOf('right') };
  // Columns that start level are read in the order of their first line's size: the column
  // under a large name first, so that the name never ends up inside the other column's list.
  const firstSize = (wanted: string) =>
    fragments.find(
      (fragment) => side(fragment) === wanted && fragment.y >= tops[wanted as 'left'] - 4,
    )?.size ?? 0;
  const rightFirst =
    Math.abs(tops.left - tops.right) <= 4 && firstSize('right') > firstSize('left') * 1.3;
  const lines: string[] = [];
  let left: Fragment[] = [];
  let right: Fragment[] = [];
  const flush = () => {
    for (const fragment of rightFirst ? [...right, ...left] : [...left, ...right]) {
      lines.push(fragment.text);
    }
    left = [];
    right = [];
  };
  for (const fragment of fragments) {
    const where = side(fragment);
    const otherTop = where === 'left' ? tops.right : tops.left;
    if (where === 'both' || fragment.y > otherTop + 4) {
      flush();
      lines.push(fragment.text);
    } else if (where === 'left') left.push(fragment);
    else right.push(fragment);
  }
  flush();
  return lines;
}
