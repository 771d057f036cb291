// Tables on a PDF page, which marks none: rows of cells whose left edges stand level, row under
// row, evenly spaced (a grid of skills, a table of categories, skills beside their levels). Their
// cells part however close they stand (a grid's gap is often narrower than the gap that parts
// fragments), and each cell becomes a line of its own, marked with its row and column as the
// DOCX and RTF readers mark theirs.

import { rule, ruleOn } from './rules.ts';

/**
 * Rows of two cells or more whose left edges stand level, row under row and evenly spaced, are
 * a table: its cells part however close, each marked with its row and column.
 */
const TABLE = rule('pdf-table', 'reader');

/**
 * A first row set apart in capitals or larger over rows that are not is headings side by side,
 * no row of a table; one in bold alone is its head row.
 */
const HEADINGS_APART = rule('pdf-table-headings', 'reader');

/** What the search looks at of a text item: where it stands, how wide, in what size. */
export interface Placed {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/**
 * A row of a table: which table (from 0, on the page), which row, its columns' left edges, and
 * where its own cells begin (the left edges of the items that begin them).
 */
export interface TableRow {
  table: number;
  row: number;
  edges: readonly number[];
  starts: ReadonlySet<number>;
}

/** A gap wider than this many font sizes between two items of a row may part two cells. */
const CELL_GAP = 0.4;
/** Left edges this close (points) are one edge. */
const EDGE_SLACK = 2;
/** A table's rows stand no further apart than this many font sizes. */
const ROW_STEP = 2.5;
/** Each step between a table's rows is within this share of the first. */
const EVEN_STEP = 0.2;
/** Sizes within this share of each other are one size. */
const SAME_SIZE = 0.1;
/**
 * A table holds at most this many rows; a longer run of rows is tables one after another. The
 * search from each row stops there, so a page of many rows that stand level but make no table
 * (a crafted PDF's) costs rows times this at most, not rows squared.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_ROWS = 40;
/** A table holds at least this many cells: two rows of three, three of two. */
const TABLE_CELLS = 6;

/** A letter or a digit: a cell holds one, a bullet or a dash alone is no cell. */
const WORDY = /[\p{L}\p{N}]/u;
/** A table's cell holds one item: at most this many words, and no list. */
const CELL_WORDS = 4;
const LIST_MARK = /[,;|]/;

/** A cell of a row: where it begins (its first item's left edge), and its text. */
interface Cell {
  x: number;
  text: string;
}

/**
 * The cells of a row of items, left to right. A gap wider than a space parts cells; an item with
 * no letter or digit (a bullet, a dash) belongs to the cell after it.
 */
function cellsOf(row: readonly Placed[]): Cell[] {
  const cells: Cell[] = [];
  let end = Number.NEGATIVE_INFINITY;
  // Whether the cell begun last holds a word yet: one that does not takes the next item in.
  let worded = false;
  for (const item of row) {
    const last = cells.at(-1);
    if (!last || (item.x - end > item.size * CELL_GAP && worded)) {
      cells.push({ x: item.x, text: item.str });
      worded = false;
    } else last.text += item.x - end > item.size * CELL_GAP * 0.5 ? ` ${item.str}` : item.str;
    worded ||= WORDY.test(item.str);
    end = Math.max(end, item.x + item.width);
  }
  return cells;
}

/** Whether every start stands at one of the edges, in order, the first at the first. */
function onEdges(starts: readonly number[], edges: readonly number[]): boolean {
  let edge = 0;
  for (const [index, start] of starts.entries()) {
    while (edge < edges.length && (edges[edge] ?? 0) < start - EDGE_SLACK) edge++;
    const at = edges[edge];
    if (at === undefined || Math.abs(at - start) > EDGE_SLACK) return false;
    if (index === 0 && edge !== 0) return false;
    edge++;
  }
  return true;
}

const words = (text: string) => text.split(/\s+/).filter((word) => WORDY.test(word));

/**
 * Whether rows of cells read as a table of items: each cell one short item, no list in it; each
 * column's edge where two rows' cells begin at least (words of justified text stand level by
 * chance, in one row); no cell going on from the one above it as a sentence does (columns of
 * prose, level: a cell that begins in lower case under one of two words or more).
 */
function itemsTable(rows: readonly Cell[][], edges: readonly number[]): boolean {
  const all = rows.flat();
  if (all.some(({ text }) => words(text).length > CELL_WORDS || LIST_MARK.test(text))) return false;
  const used = edges.map(
    (edge) =>
      rows.filter((row) => row.some((cell) => Math.abs(cell.x - edge) <= EDGE_SLACK)).length,
  );
  if (used.some((count) => count < 2)) return false;
  return rows.every((row, index) =>
    row.every((cell) => {
      const above = rows[index - 1]?.find((other) => Math.abs(other.x - cell.x) <= EDGE_SLACK);
      return !(above && /^\p{Ll}/u.test(cell.text.trim()) && words(above.text).length >= 2);
    }),
  );
}

/**
 * The rows of the page's tables, by the index of the row of items (each row one baseline, top to
 * bottom, its items left to right). A table's first row holds two cells or more; each row after
 * it stands the same step below the one before (within a fifth) and holds two cells or more, each
 * beginning at a column's left edge; a last row of one cell in the first column, in the first
 * row's size, ends it (a grid's odd item out). Two rows of two cells at least, six cells in all,
 * and its cells items (itemsTable). A row `setApart` over one that is not begins none: headings
 * side by side, sections of their own.
 */
export function tableRowsOf(
  rows: readonly (readonly Placed[])[],
  setApart: (row: number) => boolean = () => false,
): Map<number, TableRow> {
  const found = new Map<number, TableRow>();
  if (!ruleOn(TABLE)) return found;
  const cells = rows.map(cellsOf);
  const starts = cells.map((row) => row.map((cell) => cell.x));
  const baseline = (index: number) => rows[index]?.[0]?.y ?? 0;
  const size = (index: number) => Math.max(...(rows[index] ?? []).map((item) => item.size));
  let tables = 0;
  for (let at = 0; at < rows.length; ) {
    const edges = starts[at] ?? [];
    // Headings side by side over the lines under each: sections, read as columns.
    const headings = ruleOn(HEADINGS_APART) && setApart(at) && !setApart(at + 1);
    if (edges.length < 2 || headings) {
      at++;
      continue;
    }
    let step: number | undefined;
    let count = edges.length;
    let full = 1;
    let end = at + 1;
    for (; end < rows.length && end - at < MAX_ROWS; end++) {
      const next = starts[end] ?? [];
      const gap = baseline(end - 1) - baseline(end);
      const even = step === undefined || Math.abs(gap - step) <= step * EVEN_STEP;
      if (!(gap > 0 && gap <= size(end) * ROW_STEP && even && onEdges(next, edges))) break;
      step ??= gap;
      count += next.length;
      if (next.length >= 2) full++;
      else {
        // One cell: a grid's last, in its first column, or no row of the table.
        const item = rows[end]?.at(-1);
        const inFirst = item !== undefined && item.x + item.width < (edges[1] ?? 0);
        if (inFirst && Math.abs(size(end) - size(at)) <= size(at) * SAME_SIZE) end++;
        else count -= next.length;
        break;
      }
    }
    if (full < 2 || count < TABLE_CELLS || !itemsTable(cells.slice(at, end), edges)) {
      at++;
      continue;
    }
    const table = tables++;
    for (let row = at; row < end; row++) {
      found.set(row, { table, row: row - at, edges, starts: new Set(starts[row]) });
    }
    at = end;
  }
  return found;
}

/** The column of a table's row that a fragment beginning at `x` stands in. */
export function columnAt(edges: readonly number[], x: number): number {
  let column = 0;
  while (column + 1 < edges.length && (edges[column + 1] ?? 0) <= x + EDGE_SLACK) column++;
  return column;
}
