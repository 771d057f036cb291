// A PDF page's text items back into lines, in reading order. Items on one baseline join into a
// line; a wide gap splits it into fragments; a gutter that no fragment crosses splits the page
// into two columns, read left column first, so that a sidebar never merges into the main text.
// A lone glyph of an icon font (a phone or a pin before a contact item) is a separator, not a
// letter. A narrow column whose every line sits beside a line of the other (section names in a
// margin, dates and places flush right) is no column: the page is read row by row. Rows of cells
// that stand level (pdf-table.ts) are a table: its cells part, each marked with its row and column.

import { isAcronym, isCaps, leadOf, type RawLine } from './document.ts';
import { columnAt, type TableRow, tableRowsOf } from './pdf-table.ts';
import { rule, ruleOn } from './rules.ts';

/** Glyphs set apart by letter spacing (J O H N) join into words. */
const LETTER_SPACING = rule('pdf-letter-spacing', 'reader');
/** Text either side of a gutter never joins across it, so interleaved columns part. */
const GUTTER_SPLIT = rule('pdf-gutter-split', 'reader');
/** A capital in a font of its own against the rest of its word (S + CIENTIFIC) is a letter. */
const INITIALS = rule('pdf-initials', 'reader');
/** A narrow column beside the body is a sidebar. */
const SIDEBAR = rule('pdf-sidebar', 'reader');
/** Text set upright (a vertical title in a margin) is no line. */
const ROTATED = rule('pdf-rotated', 'reader');
/**
 * A letter in a font of its own set against the letters of a word (`programaci` + `ó` + `n`) is
 * a letter.
 */
const LETTER_IN_WORD = rule('pdf-letter-in-word', 'reader');
/** Whole words a line opens with in a bold font, the rest not, are its bold opening. */
const FONT_LEAD = rule('pdf-bold-lead', 'reader');
/** A line whose every word is set in a bold font is bold. */
const FONT_BOLD = rule('pdf-bold', 'reader');
/**
 * The rows at the top that hold one line each (a centred name, a contact line) are left out
 * when a gutter is sought.
 */
const HEADER_APART = rule('pdf-header-apart', 'reader');
/**
 * A line that ran to its column's right edge, the next line's first word too long for the room
 * left, wrapped: its text goes on in the next line.
 */
const FULL_LINE = rule('pdf-full-line', 'reader');

/**
 * Headings side by side in the body (`SKILLS`, `LANGUAGES`), lines under each, are columns read
 * one after the other.
 */
const SIDE_BY_SIDE = rule('pdf-side-by-side', 'reader');

/**
 * A side whose every fragment below the header stands level with a line of the other, half as
 * many at most (section names in a margin), is no column however short the page.
 */
const MARGIN_LEVEL = rule('pdf-margin-level', 'reader');
/**
 * So is one of section names alone (in capitals, or a colon after them), some on rows of their
 * own over their sections, as a Word table sets `Work Experience:`.
 */
const MARGIN_HEADINGS = rule('pdf-margin-headings', 'reader');
/**
 * An acronym in capitals (`SAP`) under headings side by side, set as the lines about it, is a
 * line of its column and no heading.
 */
const ACRONYM_LINE = rule('pdf-acronym-line', 'reader');
/**
 * A gutter that only a table's columns make (a grid on a page of one column) parts no columns.
 */
const TABLE_NO_GUTTER = rule('pdf-table-gutter', 'reader');
/**
 * Text set flush right beside the body (a contact block, dates: right edges level, left edges
 * ragged) is no column.
 */
const FLUSH_RIGHT = rule('pdf-flush-right', 'reader');

/**
 * A stretch between rows across the gutter where one side is dates level with the other side (a
 * column of dates beside roles) is read row by row.
 */
const DATES_BESIDE = rule('pdf-dates-beside', 'reader');
/**
 * A narrow side that holds headings of its own, two or more, and more lines under them than
 * headings (a sidebar's `PROFILE`, `CONTACT`, `SKILLS` with their lines), is a column, however
 * many of its lines happen to stand level with the other side's.
 */
const HEADED_SIDE = rule('pdf-headed-side', 'reader');

/**
 * An accent set as a glyph of its own before its vowel (`Bogot´a`, LaTeX's older fonts) is that
 * vowel's: `Bogotá`.
 */
const SPACING_ACCENTS = rule('pdf-spacing-accents', 'reader');

/** Accents that a font may set apart from their letter, and the marks that join them to it. */
const COMBINING: Readonly<Record<string, string>> = {
  '´': '\u0301',
  '`': '\u0300',
  '¨': '\u0308',
  '˜': '\u0303',
  ˆ: '\u0302',
};
/**
 * Such an accent before a vowel or `n`, at a word's start or inside it, a space on either side
 * of it or none: `c´a`, `Espa ˜nol`, ` ´Alvaro`.
 */
const SPACING_ACCENT = /(^|[\p{L}\s])( ?)([´`¨˜ˆ]) ?([aeiouynıAEIOUYN])/gu;

/** Whether a letter is in lower case. */
const isLower = (char: string) => /\p{Ll}/u.test(char);

/**
 * A line's text with accents set apart joined to their letters, where they make one letter
 * (`Buritic´a` gives `Buriticá`; `I´m` stays).
 * @internal Pure, and tested directly in pdf-layout.test.ts.
 */
export function withAccents(text: string): string {
  if (!ruleOn(SPACING_ACCENTS)) return text;
  return text.replace(
    SPACING_ACCENT,
    (whole, before: string, gap: string, accent: string, letter: string) => {
      // A dotless `ı` under an accent is an `i` whose dot the accent took (`Mart´ın`).
      const base = letter === 'ı' ? 'i' : letter;
      const composed = `${base}${COMBINING[accent] ?? ''}`.normalize('NFC');
      if (composed.length !== 1) return whole;
      // A space the accent's own place left inside a word (`Espa ˜nol`, `FORMACI ´ON`) is none
      // of it: the letters either side in one case.
      const inWord = /\p{L}/u.test(before) && isLower(before) === isLower(base);
      return `${before}${inWord ? '' : gap}${composed}`;
    },
  );
}

export interface PlacedText {
  str: string;
  /** Left edge and baseline, in PDF units (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size. */
  size: number;
  /** The font's name in the PDF, where known: an icon font is told apart by it. */
  font?: string;
  /** Set at an angle, its baseline nearer upright than level. */
  rotated?: boolean;
}

/**
 * A fragment's extent across the page: all that the column search looks at.
 * @internal pdf-layout.test.ts builds pages of spans.
 */
export interface Span {
  x0: number;
  x1: number;
}

/** A stretch of a fragment's text in one font (an icon's separator in none). */
interface FontRun {
  text: string;
  font?: string;
}

interface Fragment extends Span {
  text: string;
  y: number;
  size: number;
  /** The baseline's index, from the top of the page. */
  row: number;
  /** Its text by font, in order: joined, they are its text. */
  runs: FontRun[];
  /** The table cell it is (pdf-table.ts): the table on the page, its row and column. */
  cell?: { table: number; row: number; column: number };
}

/** A gap wider than this many font sizes separates fragments of one baseline. */
const FRAGMENT_GAP = 1.5;
/** A gap wider than this many font sizes between two items is a space. */
const SPACE_GAP = 0.12;
/** What an icon glyph becomes: a separator between the items it stands before. */
const ICON_SEPARATOR = ' | ';
/** Unicode's private use area, where icon fonts put their glyphs. */
const PRIVATE_USE = /[\ue000-\uf8ff]/u;
/** An icon font sets at most this many glyphs on a page. */
const MAX_ICONS = 200;

/** Two letters or digits in a row: a word, which no icon font sets. */
const WORD = /[\p{L}\p{N}]{2}/u;
/** At least this share of a letter-spaced run's pieces are one glyph. */
const SPACED_SHARE = 0.6;
/** A letter-spaced run has at least this many pieces. */
const SPACED_PIECES = 4;

/**
 * A run of glyphs as pdf.js gives it when letter spacing parts each glyph from the next: a space
 * after most glyphs (`J O H N`, `j o h n . d o e@em a il`; a kerned pair keeps no space). Its
 * pieces join into one word; two spaces stay a word break. Text whose pieces are mostly longer
 * than a glyph is left as it is.
 * @internal Pure, and tested directly in pdf-layout.test.ts.
 */
export function unspaced(text: string): string {
  if (!text.includes(' ')) return text;
  const pieces = text.trim().split(' ');
  const glyphs = pieces.filter((piece) => [...piece].length === 1).length;
  // Three glyphs alone (`D O E`) are letter-spaced too; more pieces may hold kerned pairs.
  const spaced =
    glyphs === pieces.length
      ? glyphs >= 3
      : pieces.length >= SPACED_PIECES && glyphs >= pieces.length * SPACED_SHARE;
  if (!spaced) return text;
  return text
    .trim()
    .split(/ {2,}/)
    .map((word) => word.replaceAll(' ', ''))
    .join(' ');
}

/** An item's text, letter-spaced runs joined. */
const joined = (text: string): string => (ruleOn(LETTER_SPACING) ? unspaced(text) : text);

/**
 * Fonts that never set a word on the page, and few glyphs: icon fonts (pictograms, rating
 * stars). On a page set glyph by glyph no font sets a word; such fonts holding most of the
 * page's glyphs are its text, not icons.
 */
function iconFonts(items: readonly PlacedText[]): Set<string> {
  const fonts = new Map<string, { glyphs: number; words: boolean }>();
  let glyphs = 0;
  for (const [index, item] of items.entries()) {
    const text = item.str.trim();
    if (!item.font || text === '') continue;
    glyphs += text.length;
    const font = fonts.get(item.font) ?? { glyphs: 0, words: false };
    font.glyphs += text.length;
    // A font that sets words letter-spaced (`C O N T A C T`) sets text, not icons; so does one
    // that sets a heading's initials in small capitals.
    font.words ||=
      WORD.test(joined(text)) ||
      isInitial(item, items[index + 1]) ||
      isInWord(item, items[index - 1], items[index + 1]);
    fonts.set(item.font, font);
  }
  const icons = new Set<string>();
  let iconGlyphs = 0;
  for (const [name, font] of fonts) {
    if (font.words || font.glyphs > MAX_ICONS) continue;
    icons.add(name);
    iconGlyphs += font.glyphs;
  }
  return iconGlyphs * 2 > glyphs ? new Set() : icons;
}

/**
 * A capital set in a font of its own, the rest of its word in capitals after it with no space
 * between (`S` + `CIENTIFIC`, small capitals with larger initials): a letter, not an icon.
 */
function isInitial(item: PlacedText, next: PlacedText | undefined): boolean {
  if (!next || next.font === item.font || !ruleOn(INITIALS)) return false;
  if (!/^\p{Lu}$/u.test(item.str) || !/^\p{Lu}{2}/u.test(next.str)) return false;
  const level = Math.abs(next.y - item.y) <= item.size * 0.4;
  return level && Math.abs(next.x - (item.x + item.width)) <= SPACE_GAP * item.size;
}

/** Two items on one baseline, the second set right after the first with no space between. */
const touching = (first: PlacedText, second: PlacedText) =>
  Math.abs(second.y - first.y) <= Math.max(first.size, second.size) * 0.4 &&
  Math.abs(second.x - (first.x + first.width)) <= SPACE_GAP * Math.max(first.size, second.size);

/** A letter or two beyond ASCII (`ó`, `ñ`, `É`): what a fallback font sets, and no icon font's letter. */
const ACCENTED = /^(?:(?!\p{ASCII})\p{L}){1,2}$/u;

/**
 * A letter or two beyond ASCII in a font of its own set against a word (a word processor's
 * fallback font for the accented letters its own font lacks: `programaci` + `ó` + `n`, `É` +
 * `cole`): a letter, not an icon. An icon font's glyph never stands so.
 */
function isInWord(
  item: PlacedText,
  before: PlacedText | undefined,
  after: PlacedText | undefined,
): boolean {
  if (!ruleOn(LETTER_IN_WORD) || !ACCENTED.test(item.str)) return false;
  if (before && /\p{L}$/u.test(before.str) && touching(before, item)) return true;
  return after !== undefined && /^\p{L}/u.test(after.str) && touching(item, after);
}

/** An item that is an icon alone: its glyph's size is no text's size. */
const isIcon = (item: PlacedText, icons: ReadonlySet<string>): boolean =>
  (item.font !== undefined && icons.has(item.font)) ||
  (PRIVATE_USE.test(item.str) && !/[^\ue000-\uf8ff\s]/u.test(item.str));

function textOf(item: PlacedText, icons: ReadonlySet<string>): string {
  if (item.font && icons.has(item.font)) return ICON_SEPARATOR;
  return PRIVATE_USE.test(item.str)
    ? item.str.replace(/[\ue000-\uf8ff]+/gu, ICON_SEPARATOR)
    : joined(item.str);
}

/** Items either side of a gutter join only when closer than this many font sizes (a word space). */
const GUTTER_GAP = 1;

/** The page's items in rows: one baseline each, top to bottom, each row left to right. */
function rowsOf(items: readonly PlacedText[]): PlacedText[][] {
  const sorted = items
    .filter((item) => item.str.trim() !== '' && Number.isFinite(item.x) && Number.isFinite(item.y))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PlacedText[][] = [];
  for (const item of sorted) {
    const line = rows.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.y - item.y) <= Math.max(first.size, item.size) * 0.4) {
      line.push(item);
    } else rows.push([item]);
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
}

/**
 * A row's fragments: its items joined where the gap between them is small. With a gutter, items
 * either side of it join only across a gap no wider than a word space, so that two columns whose
 * lines stand level (a heading beside a heading) part.
 */
function fragmentsOfRow(
  line: readonly PlacedText[],
  row: number,
  icons: ReadonlySet<string>,
  table: TableRow | undefined,
  gutter?: number,
): Fragment[] {
  const fragments: Fragment[] = [];
  let current: Fragment | null = null;
  // Whether the current fragment holds text yet, or icons only.
  let texted = false;
  let lastEnd = 0;
  for (const item of line) {
    const gap = item.x - lastEnd;
    const text = textOf(item, icons);
    const icon = isIcon(item, icons);
    const across =
      gutter !== undefined &&
      lastEnd <= gutter &&
      item.x >= gutter &&
      gap > Math.max(item.size, current?.size ?? 0) * GUTTER_GAP;
    const font = icon ? undefined : item.font;
    // A table's next column begins: a cell of its own, however close.
    const cell = table?.starts.has(item.x) === true;
    if (current && gap <= item.size * FRAGMENT_GAP && !across && !cell) {
      const spaced =
        gap > item.size * SPACE_GAP && !current.text.endsWith(' ') && !text.startsWith(' ');
      const added = (spaced ? ' ' : '') + text;
      current.text += added;
      const last = current.runs.at(-1);
      if (last && last.font === font) last.text += added;
      else current.runs.push({ text: added, font });
      current.x1 = Math.max(current.x1, item.x + item.width);
      // An icon's glyph (often larger) sets no size: the text beside it does.
      if (!icon) current.size = texted ? Math.max(current.size, item.size) : item.size;
      texted ||= !icon;
    } else {
      current = {
        text,
        x0: item.x,
        x1: item.x + item.width,
        y: item.y,
        size: item.size,
        row,
        runs: [{ text, font }],
      };
      if (table) {
        current.cell = {
          table: table.table,
          row: table.row,
          column: columnAt(table.edges, item.x),
        };
      }
      texted = !icon;
      fragments.push(current);
    }
    lastEnd = Math.max(lastEnd, item.x + item.width);
  }
  return fragments;
}

/**
 * The rows that hold a fragment across the gutter, and the rows of tables, joined again with both
 * in mind; the other rows' fragments as they were.
 */
function refragmented(
  fragments: readonly Fragment[],
  rows: readonly PlacedText[][],
  icons: ReadonlySet<string>,
  tables: ReadonlyMap<number, TableRow>,
  gutter: number | undefined,
): Fragment[] {
  const again = new Set(tables.keys());
  if (gutter !== undefined) {
    for (const { x0, x1, row } of fragments) if (x0 < gutter && x1 > gutter) again.add(row);
  }
  if (again.size === 0) return [...fragments];
  const out: Fragment[] = [];
  const done = new Set<number>();
  for (const fragment of fragments) {
    const row = fragment.row;
    if (!again.has(row)) out.push(fragment);
    else if (!done.has(row)) {
      done.add(row);
      out.push(...fragmentsOfRow(rows[row] ?? [], row, icons, tables.get(row), gutter));
    }
  }
  return out;
}

/** A strip of whole points across the page (`from` to `to`, both in) where `cover` fragments lie. */
interface Strip {
  from: number;
  to: number;
  cover: number;
}

/**
 * The page between `from` and `to` (whole points) as strips of even cover: each fragment covers
 * the points from the floor of its left edge to the ceiling of its right one. A sweep over the
 * sorted edges, so the strips are at most twice the fragments, whatever the page's width.
 */
function stripsOf(spans: readonly { x0: number; x1: number }[], from: number, to: number): Strip[] {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const { x0, x1 } of spans) {
    const first = Math.max(from, Math.floor(x0));
    const last = Math.min(to, Math.ceil(x1));
    // NaN fails this test too: an edge pdf.js did not know covers nothing.
    if (first <= last) {
      starts.push(first);
      ends.push(last + 1);
    }
  }
  const sortedStarts = Float64Array.from(starts).sort();
  const sortedEnds = Float64Array.from(ends).sort();
  const strips: Strip[] = [];
  let cover = 0;
  let started = 0;
  let ended = 0;
  for (let at = from; at <= to; ) {
    for (; (sortedStarts[started] ?? Number.POSITIVE_INFINITY) <= at; started++) cover++;
    for (; (sortedEnds[ended] ?? Number.POSITIVE_INFINITY) <= at; ended++) cover--;
    const next = Math.min(
      sortedStarts[started] ?? Number.POSITIVE_INFINITY,
      sortedEnds[ended] ?? Number.POSITIVE_INFINITY,
      to + 1,
    );
    strips.push({ from: at, to: next - 1, cover });
    at = next;
  }
  return strips;
}

/** How many of `sorted` are at most `value`, by bisection. */
function countAtMost(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many of `sorted` are at least `value`, by bisection. */
function countAtLeast(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return sorted.length - low;
}

/**
 * The x of a gutter between two columns, or null on a page of one column. The emptiest open run
 * of points wins: at each level of cover, from 0 up, the runs of points covered at most that much,
 * and among those 9 points wide or more with 3 fragments or more clear of their middle on either
 * side, the one with the most (the leftmost of equals). Levels are climbed by opening strips in
 * order of cover and joining each to its open neighbours (union-find): a run that did not change
 * at a level was weighed at the level before, so only the runs just opened or joined are weighed,
 * each by bisection of the sorted edges. Near-linear in the fragments, whatever the page's width
 * (a pairwise search took seconds on issue 31's crafted PDF).
 * @internal Pure, and tested directly in pdf-layout.test.ts.
 */
export function gutterOf(fragments: readonly Span[], pageWidth: number): number | null {
  const width = Math.max(1, Math.ceil(pageWidth));
  if (!Number.isFinite(width)) return null;
  // Each edge read once: the rest works on these copies.
  const edges = fragments.map(({ x0, x1 }) => ({ x0, x1 }));
  // Sorted, for counting by bisection; an unknown edge is on neither side.
  const sorted = (values: number[]) =>
    Float64Array.from(values.filter((x) => !Number.isNaN(x))).sort();
  const lefts = sorted(edges.map((edge) => edge.x0));
  const rights = sorted(edges.map((edge) => edge.x1));
  // Fragments spanning the gutter (a centred name, a full-width footer) are allowed, a few;
  // the emptiest strip wins, so a gutter is never placed where one long line crosses it.
  const allowed = Math.max(2, Math.floor(fragments.length * 0.1));
  const strips = stripsOf(edges, Math.floor(width * 0.2), Math.ceil(width * 0.8));
  const cover = (index: number) => strips[index]?.cover ?? Number.POSITIVE_INFINITY;
  const order = strips
    .map((_, index) => index)
    .filter((index) => cover(index) <= allowed)
    .sort((a, b) => cover(a) - cover(b));

  // Each open strip points towards the first strip of its run, which holds where the run ends.
  const parent = new Int32Array(strips.length).fill(-1);
  const runTo = new Float64Array(strips.length);
  const first = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    for (let at = index; at !== root; ) {
      const up = parent[at] ?? root;
      parent[at] = root;
      at = up;
    }
    return root;
  };
  const open = (index: number) => {
    parent[index] = index;
    runTo[index] = strips[index]?.to ?? 0;
    for (const [left, right] of [
      [index - 1, index],
      [index, index + 1],
    ] as const) {
      if ((parent[left] ?? -1) < 0 || (parent[right] ?? -1) < 0) continue;
      const [leftRun, rightRun] = [first(left), first(right)];
      parent[rightRun] = leftRun;
      runTo[leftRun] = runTo[rightRun] ?? 0;
    }
  };

  for (let next = 0; next < order.length; ) {
    const level = cover(order[next] ?? 0);
    const opened: number[] = [];
    for (; next < order.length && cover(order[next] ?? 0) === level; next++) {
      const index = order[next] ?? 0;
      open(index);
      opened.push(index);
    }
    let best: { x: number; sides: number; from: number } | null = null;
    for (const run of new Set(opened.map(first))) {
      const from = strips[run]?.from ?? 0;
      const to = runTo[run] ?? 0;
      const middle = (from + to) / 2;
      const sides = Math.min(countAtMost(rights, middle), countAtLeast(lefts, middle));
      const better = !best || sides > best.sides || (sides === best.sides && from < best.from);
      if (to - from >= 8 && sides >= 3 && better) best = { x: middle, sides, from };
    }
    if (best) return best.x;
  }
  return null;
}

/** A fragment that is a date or a date range: dates set flush right make no column. */
const DATE = /^[A-Za-z.]{0,9} ?(?:19|20)\d{2}\b|\b(?:19|20)\d{2}$|^present$/i;
/** A narrow column holds at most this share of the page's fragments. */
const NARROW = 0.3;
/** A narrow column with at least this share of its fragments level with the other is an aside. */
const LEVEL_SHARE = 0.6;
/** A header's rows are no further apart than this many font sizes. */
const HEADER_GAP = 2.5;
/** Fragments within this ratio of sizes are set in one size. */
const SAME_SIZE = 1.2;
/** A fragment this many times the page's usual size is a name or a title. */
const LARGE = 1.3;

type Side = 'left' | 'right' | 'both';

/**
 * Whether `narrow` is an aside of `wide` rather than a column of its own: few fragments, most of
 * them on a baseline of the other side (section names in a margin, places beside each role).
 */
function isAside(
  narrow: readonly Fragment[],
  wide: readonly Fragment[],
  boldFonts: ReadonlySet<string>,
): boolean {
  if (narrow.length > (narrow.length + wide.length) * NARROW) return false;
  // Headings by the side's own body size: a sidebar may set all its text larger than the page's.
  const usual = median(narrow.map((fragment) => fragment.size));
  const headings = narrow.filter((fragment) => setAsHeading(fragment, usual, boldFonts)).length;
  const under = narrow.length - headings;
  if (headings >= 2 && under > headings && ruleOn(HEADED_SIDE)) return false;
  const wideRows = new Set(wide.map((fragment) => fragment.row));
  const level = narrow.filter((fragment) => wideRows.has(fragment.row)).length;
  return level >= narrow.length * LEVEL_SHARE;
}

/**
 * Whether `narrow`, below the header, is a margin of `wide`: every fragment of it level with one
 * of the other, half as many at most (section names in a margin on a short page, where they are
 * many for their share of its fragments).
 */
function isMargin(
  narrow: readonly Fragment[],
  wide: readonly Fragment[],
  body: ReadonlySet<Fragment>,
): boolean {
  if (!ruleOn(MARGIN_LEVEL)) return false;
  const inNarrow = narrow.filter((fragment) => body.has(fragment));
  const inWide = wide.filter((fragment) => body.has(fragment));
  const wideRows = new Set(inWide.map((fragment) => fragment.row));
  return (
    inNarrow.length > 0 &&
    inNarrow.length * 2 <= inWide.length &&
    (inNarrow.every((fragment) => wideRows.has(fragment.row)) ||
      (marginOfNames(inNarrow, wide) && ruleOn(MARGIN_HEADINGS)))
  );
}

/**
 * Whether a side is mostly section names (in capitals, or a colon after them), its other lines
 * level with the other side's, the header's too (an address beside the name).
 */
function marginOfNames(narrow: readonly Fragment[], wide: readonly Fragment[]): boolean {
  const rows = new Set(wide.map((fragment) => fragment.row));
  const named = new Set(
    narrow.filter(({ text }) => SECTION_NAME.test(text.trim()) || isCaps(text)),
  );
  return (
    named.size * 2 > narrow.length &&
    narrow.every((fragment) => named.has(fragment) || rows.has(fragment.row))
  );
}

/** A section's name before its colon: `Work Experience:` (pdf-margin-headings). */
const SECTION_NAME = /^\p{L}[\p{L} &/-]{0,40}:$/u;

/** Most of a side's fragments share its right edge: this share. */
const FLUSH_SHARE = 0.8;

/**
 * Whether a side is set flush right rather than as a column: most of its fragments end level
 * with its rightmost edge, and fewer than half begin level with one another (a contact block
 * set right in the header, dates beside each role). A column's lines share a left edge.
 */
function isFlushRight(side: readonly Fragment[]): boolean {
  if (!ruleOn(FLUSH_RIGHT) || side.length < 3) return false;
  let right = Number.NEGATIVE_INFINITY;
  for (const fragment of side) right = Math.max(right, fragment.x1);
  const flush = side.filter((fragment) => right - fragment.x1 <= EDGE_SLACK).length;
  if (flush < side.length * FLUSH_SHARE) return false;
  // The most left edges within a window of twice the slack: a sweep over them sorted.
  const lefts = side.map((fragment) => fragment.x0).sort((a, b) => a - b);
  let level = 0;
  for (let from = 0, to = 0; to < lefts.length; to++) {
    while ((lefts[to] ?? 0) - (lefts[from] ?? 0) > 2 * EDGE_SLACK) from++;
    level = Math.max(level, to - from + 1);
  }
  return level * 2 < side.length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A heading is set at least this much larger than the page's usual size, where not in capitals or bold. */
const HEADING_SIZE = 1.1;

/** A fragment set as a heading: in capitals, larger than the page's usual size, or all in bold. */
const setAsHeading = (fragment: Fragment, usual: number, boldFonts: ReadonlySet<string>) =>
  isCaps(fragment.text) ||
  fragment.size >= usual * HEADING_SIZE ||
  fontMarks(fragment.runs, boldFonts).bold === true;

/** The rows of a fragment list, in order. */
function rowsOfFragments(fragments: readonly Fragment[]): Fragment[][] {
  const rows: Fragment[][] = [];
  for (const fragment of fragments) {
    const last = rows.at(-1);
    if (last?.[0]?.row === fragment.row) last.push(fragment);
    else rows.push([fragment]);
  }
  return rows;
}

/** Left edges this close (points) are one edge. */
const EDGE_SLACK = 2;
/** A list under a heading is indented at most this many font sizes. */
const INDENT_ROOM = 3;
/** A gap between rows this many times the columns' closest is a gap between blocks. */
const ROW_STEP = 1.5;

/**
 * The rows under headings side by side (`SKILLS`, `TOOLS`, `LANGUAGES`) on a page of one column,
 * read as columns: the first one's lines, then the next one's. The columns run while every line
 * stands wholly inside one column (from where its heading begins to where the next one's does),
 * each column's lines after the first share one left edge near its heading's, no line under them
 * is set as a heading, and no gap between rows is half as wide again as the closest (a heading
 * across the page below, set apart by space, ends them). Two lines at least must stand under
 * each heading after the first, and a label with a colon (`Address:` beside its value) is no
 * heading. Any other row is left in place.
 */
function sideBySide(
  fragments: readonly Fragment[],
  usual: number,
  boldFonts: ReadonlySet<string>,
): Fragment[] {
  const rows = rowsOfFragments(fragments);
  const out: Fragment[] = [];
  const set = (fragment: Fragment) => setAsHeading(fragment, usual, boldFonts);
  // Set as a heading by its capitals alone: an acronym (`SAP`) is a line of a column.
  const acronym = (fragment: Fragment) =>
    ruleOn(ACRONYM_LINE) &&
    isAcronym(fragment.text) &&
    fragment.size < usual * HEADING_SIZE &&
    fontMarks(fragment.runs, boldFonts).bold !== true;
  const heading = (fragment: Fragment) => set(fragment) && !fragment.text.trimEnd().endsWith(':');
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at] as Fragment[];
    const [head] = row;
    if (row.length < 2 || !head || !row.every(heading)) {
      out.push(...row);
      continue;
    }
    // Where each column after the first begins, and the left edge its lines share.
    const starts = row.slice(1).map((fragment) => fragment.x0);
    const edges: (number | undefined)[] = [];
    const columns = row.map((fragment) => [fragment]);
    const columnOf = (fragment: Fragment) =>
      starts.filter((start) => fragment.x0 >= start - EDGE_SLACK).length;
    const fits = (fragment: Fragment) => {
      const column = columnOf(fragment);
      const end = starts[column];
      if ((set(fragment) && !acronym(fragment)) || (end !== undefined && fragment.x1 >= end)) {
        return false;
      }
      if (column === 0) return true;
      edges[column] ??= fragment.x0;
      const edge = edges[column] ?? fragment.x0;
      const start = starts[column - 1] ?? 0;
      return Math.abs(fragment.x0 - edge) <= EDGE_SLACK && edge <= start + head.size * INDENT_ROOM;
    };
    let step = Number.POSITIVE_INFINITY;
    let end = at + 1;
    for (let y = head.y; end < rows.length; end++) {
      const next = rows[end] as Fragment[];
      const gap = y - (next[0]?.y ?? y);
      if (!next.every(fits) || gap > step * ROW_STEP) break;
      step = Math.min(step, gap);
      y = next[0]?.y ?? y;
      for (const fragment of next) columns[columnOf(fragment)]?.push(fragment);
    }
    if (columns.slice(1).some((column) => column.length < 3)) {
      out.push(...row);
      continue;
    }
    out.push(...columns.flat());
    at = end - 1;
  }
  return out;
}

/** Whether a table's columns stand either side of the gutter. */
const across = ({ edges }: TableRow, gutter: number) =>
  (edges[0] ?? 0) < gutter && (edges.at(-1) ?? 0) >= gutter;

/** The fragments with each table row's as one, from its leftmost edge to its rightmost. */
function tableRowsJoined(
  fragments: readonly Fragment[],
  tables: ReadonlyMap<number, TableRow>,
): Fragment[] {
  const out: Fragment[] = [];
  for (const fragment of fragments) {
    const last = out.at(-1);
    if (tables.has(fragment.row) && last?.row === fragment.row) {
      out[out.length - 1] = {
        ...last,
        x0: Math.min(last.x0, fragment.x0),
        x1: Math.max(last.x1, fragment.x1),
      };
    } else out.push(fragment);
  }
  return out;
}

/**
 * The tables that stand on one side of the gutter: one whose columns stand either side of it is
 * the page's two columns, their lines level.
 */
function tablesBeside(
  tables: ReadonlyMap<number, TableRow>,
  gutter: number | null,
): Map<number, TableRow> {
  if (gutter === null) return new Map(tables);
  return new Map([...tables].filter(([, table]) => !across(table, gutter)));
}

/** A header runs at most this many rows. */
const HEADER_ROWS = 6;

/**
 * The fragments below the header: the rows at the top of the page that hold one fragment each
 * (a centred name, a title, a contact line across the page), up to the first row of two or more
 * (two columns' first headings side by side), are left out. A centred header crosses the gutter
 * of the two columns under it row after row, more often than a gutter allows.
 */
function belowHeader(fragments: readonly Fragment[]): Fragment[] {
  const rows = [...new Set(fragments.map((fragment) => fragment.row))].slice(0, HEADER_ROWS + 1);
  const count = (row: number) => fragments.filter((fragment) => fragment.row === row).length;
  const body = rows.find((row) => count(row) >= 2);
  if (body === undefined || body === rows[0]) return [...fragments];
  return fragments.filter((fragment) => fragment.row >= body);
}

/**
 * The page's lines in reading order, each with its size (the font's, in PDF units), the column it
 * stands in on a page of two (0 left, 1 right; the header rows across the page in none), and a
 * gap where space parts it from the line before (a new block). Text set upright is left out.
 */
export function pageDocLines(
  all: readonly PlacedText[],
  pageWidth: number,
  boldFonts: ReadonlySet<string> = new Set(),
): RawLine[] {
  // Text set upright runs across the lines it stands beside: a word of it would join each.
  const items = ruleOn(ROTATED) ? all.filter((item) => !item.rotated) : all;
  const icons = iconFonts(items);
  const itemRows = rowsOf(items);
  const first = itemRows.flatMap((row, index) => fragmentsOfRow(row, index, icons, undefined));
  const gutterIn = (spans: readonly Fragment[]) =>
    gutterOf(spans, pageWidth) ??
    (ruleOn(HEADER_APART) ? gutterOf(belowHeader(spans), pageWidth) : null);
  const usualSize = median(items.map((item) => item.size));
  // A row every word of which is set as a section's heading is: in capitals or larger. Bold
  // alone, in the body's size, sets a table's head row apart (`Languages | Tools`), no heading.
  const setApart = (index: number) =>
    (itemRows[index] ?? []).every(
      (item) =>
        !LETTER.test(item.str) ||
        (isCaps(item.str) && !isAcronym(item.str)) ||
        item.size >= usualSize * HEADING_SIZE,
    );
  const found = tableRowsOf(itemRows, setApart);
  const firstGutter = gutterIn(first);
  // A gutter that only a table's columns make (a grid on a page of one column) is none: sought
  // again with each of the table's rows one span, it is gone.
  const tableMade =
    firstGutter !== null &&
    ruleOn(TABLE_NO_GUTTER) &&
    [...found.values()].some((table) => across(table, firstGutter));
  const gutter = tableMade ? gutterIn(tableRowsJoined(first, found)) : firstGutter;
  const tables = tablesBeside(found, gutter);
  const fragments = refragmented(
    first,
    itemRows,
    icons,
    tables,
    gutter !== null && ruleOn(GUTTER_SPLIT) ? gutter : undefined,
  );
  const usual = median(fragments.map((fragment) => fragment.size));
  // A page read in one column, two columns under headings side by side read one after the other.
  const inOrder = () =>
    documentLines(
      ruleOn(SIDE_BY_SIDE) ? sideBySide(fragments, usual, boldFonts) : fragments,
      () => undefined,
      boldFonts,
    );
  if (gutter === null) return inOrder();
  const side = (fragment: Fragment): Side =>
    fragment.x1 <= gutter ? 'left' : fragment.x0 >= gutter ? 'right' : 'both';
  const left = fragments.filter((fragment) => side(fragment) === 'left');
  const right = fragments.filter((fragment) => side(fragment) === 'right');
  const dates = right.filter((fragment) => DATE.test(fragment.text.trim())).length;
  if (
    dates * 2 >= right.length ||
    isAside(left, right, boldFonts) ||
    isAside(right, left, boldFonts)
  )
    return inOrder();
  const belowTop = new Set(belowHeader(fragments));
  if (isMargin(left, right, belowTop) || isMargin(right, left, belowTop)) return inOrder();
  if (isFlushRight(right)) return inOrder();

  const rows = rowsOfFragments(fragments);
  // The header: the rows at the top that run across both columns (a name, a contact line with
  // items on either side in one size), or that stand above a column not yet begun: a left one,
  // or a right one in a large size (a name). Body text on the right above a photo on the left is
  // the right column's.
  const lines: Fragment[] = [];
  let seen = { left: false, right: false };
  let start = 0;
  for (const row of rows) {
    const sides = new Set(row.map(side));
    const previous = rows[start - 1]?.[0];
    const size = Math.max(...row.map((fragment) => fragment.size));
    const smallest = Math.min(...row.map((fragment) => fragment.size));
    if (previous && previous.y - (row[0]?.y ?? 0) > size * HEADER_GAP) break;
    // Two columns' first headings side by side (`EXPERIENCE`, `CERTIFICATIONS`) begin the body.
    if (
      sides.size === 2 &&
      ruleOn(HEADER_APART) &&
      row.every((f) => setAsHeading(f, usual, boldFonts))
    ) {
      break;
    }
    const header =
      sides.has('both') ||
      // A line of contact items either side (one size), not a name beside a sidebar's heading.
      (sides.size === 2 && size <= smallest * SAME_SIZE) ||
      (sides.size === 1 && sides.has('left') && !seen.right) ||
      (sides.size === 1 && sides.has('right') && !seen.left && size >= usual * LARGE);
    if (!header) break;
    seen = { left: seen.left || sides.has('left'), right: seen.right || sides.has('right') };
    lines.push(...row);
    start++;
  }

  const body = rows.slice(start);
  // Columns that start level are read in the order of their first line's size: the column
  // under a large name first, so that the name never ends up inside the other column's list.
  const firstOf = (wanted: Side) => body.flat().find((fragment) => side(fragment) === wanted);
  const [firstLeft, firstRight] = [firstOf('left'), firstOf('right')];
  const rightFirst =
    firstLeft !== undefined &&
    firstRight !== undefined &&
    Math.abs(firstLeft.y - firstRight.y) <= 4 &&
    firstRight.size > firstLeft.size * LARGE;
  let columns: Record<'left' | 'right', Fragment[]> = { left: [], right: [] };
  let stretch: Fragment[][] = [];
  // Fragments read row by row in a stretch of dates beside roles: in no column.
  const rowByRow = new Set<Fragment>();
  const flush = () => {
    if (ruleOn(DATES_BESIDE) && datesBeside(columns, usual, boldFonts)) {
      for (const row of stretch) for (const fragment of row) rowByRow.add(fragment);
      lines.push(...stretch.flat());
    } else {
      lines.push(
        ...(rightFirst ? [...columns.right, ...columns.left] : [...columns.left, ...columns.right]),
      );
    }
    columns = { left: [], right: [] };
    stretch = [];
  };
  for (const row of body) {
    if (row.some((fragment) => side(fragment) === 'both')) {
      // A row across the gutter (a full-width footer, a centred heading) ends both columns.
      flush();
      lines.push(...row);
      continue;
    }
    stretch.push(row);
    for (const fragment of row) columns[side(fragment) as 'left' | 'right'].push(fragment);
  }
  flush();
  const headerRows = new Set(rows.slice(0, start).flat());
  const narrow = ruleOn(SIDEBAR) ? sidebarOf(left, right, pageWidth) : undefined;
  const placed = documentLines(
    lines,
    (fragment) => {
      if (headerRows.has(fragment) || rowByRow.has(fragment)) return undefined;
      const where = side(fragment);
      return where === 'both' ? undefined : where === 'left' ? 0 : 1;
    },
    boldFonts,
  );
  for (const line of placed) {
    if (narrow !== undefined && line.column === (narrow === 'left' ? 0 : 1)) line.area = 'sidebar';
  }
  return placed;
}

/**
 * Whether one side of a stretch of columns is dates beside the other's lines (pdf-dates-beside):
 * its lines not set as headings are dates, half of them at least, and half of its dates at
 * least stand level with a line of the other side. A column of dates left of the roles, its
 * section headings at the same edge, is one column read row by row, not a sidebar.
 */
function datesBeside(
  columns: Readonly<Record<'left' | 'right', readonly Fragment[]>>,
  usual: number,
  boldFonts: ReadonlySet<string>,
): boolean {
  const beside = (own: readonly Fragment[], other: readonly Fragment[]) => {
    const lines = own.filter((fragment) => !setAsHeading(fragment, usual, boldFonts));
    const dates = lines.filter((fragment) => DATE.test(fragment.text.trim()));
    const rows = new Set(other.map((fragment) => fragment.row));
    const level = dates.filter((fragment) => rows.has(fragment.row));
    return dates.length > 0 && dates.length * 2 >= lines.length && level.length * 2 >= dates.length;
  };
  return beside(columns.left, columns.right) || beside(columns.right, columns.left);
}

/**
 * A sidebar is narrower than this share of the page.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const SIDEBAR_WIDTH = 0.4;

/** How wide a column's text runs: from its leftmost edge to its rightmost. */
function extent(fragments: readonly Span[]): number {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { x0, x1 } of fragments) {
    from = Math.min(from, x0);
    to = Math.max(to, x1);
  }
  return to > from ? to - from : 0;
}

/**
 * The side that is a sidebar: a column whose text runs narrower than 40% of the page (its own
 * left edge, its own band) beside a body that runs wider, or none.
 * @internal Pure, and tested directly in pdf-layout.test.ts.
 */
export function sidebarOf(
  left: readonly Span[],
  right: readonly Span[],
  pageWidth: number,
): 'left' | 'right' | undefined {
  const [leftWidth, rightWidth] = [extent(left), extent(right)];
  const limit = pageWidth * SIDEBAR_WIDTH;
  // The body beside it runs wider than the sidebar may: two narrow columns are no sidebar.
  if (leftWidth > 0 && leftWidth < limit && rightWidth >= limit) return 'left';
  if (rightWidth > 0 && rightWidth < limit && leftWidth >= limit) return 'right';
  return undefined;
}

/** Space between two baselines wider than this many font sizes parts blocks. */
const BLOCK_GAP = 1.8;

const LETTER = /\p{L}/u;
/** A letter or a digit: the character after a bold opening that ends inside a word. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * What a fragment's fonts say of it: every word set in a bold font (`bold`), or the whole words
 * it opens with (`lead`), the rest not bold. Runs without a letter (a bullet, a comma) are
 * neither: a bullet before a bold opening joins it, a plain one makes none.
 * @internal Pure, and tested directly in pdf-layout.test.ts.
 */
export function fontMarks(
  runs: readonly FontRun[],
  boldFonts: ReadonlySet<string>,
): Pick<RawLine, 'bold' | 'lead'> {
  const isBold = (run: FontRun) => run.font !== undefined && boldFonts.has(run.font);
  const lettered = runs.filter((run) => LETTER.test(run.text));
  if (lettered.length === 0 || !lettered.some(isBold)) return {};
  if (lettered.every(isBold)) return ruleOn(FONT_BOLD) ? { bold: true } : {};
  if (!ruleOn(FONT_LEAD)) return {};
  const lead = leadOf(
    runs.map((run) => ({ text: run.text, bold: isBold(run) || !LETTER.test(run.text) })),
  );
  const text = runs.map((run) => run.text).join('');
  // Whole words only: a capital set in a font of its own (pdf-initials) opens no part.
  if (lead === undefined || !LETTER.test(lead) || WORD_CHAR.test(text.charAt(lead.length))) {
    return {};
  }
  return { lead };
}

/** A space is about this many font sizes wide. */
const SPACE_WIDTH = 0.25;
/** A line that goes on from a wrapped one starts within this many font sizes of its left edge. */
const WRAP_INDENT = 2;

/**
 * Whether a fragment ran full and wrapped into the next in reading order: the next stands on a
 * lower baseline of the same column and block, starts about where it does (a bullet's hanging
 * indent aside), and its first word would not have fitted in the room left before the column's
 * right edge (the rightmost end of any of its lines). Nothing stands to its right on its row.
 */
function wrapsInto(fragment: Fragment, next: Fragment, rightEdge: number, gap: boolean): boolean {
  if (gap || next.row <= fragment.row || next.y >= fragment.y) return false;
  if (wordsIn(fragment.text) < FULL_WORDS) return false;
  if (Math.abs(next.x0 - fragment.x0) > WRAP_INDENT * Math.max(fragment.size, next.size)) {
    return false;
  }
  const text = next.text.trimStart();
  const word = /^\S+/.exec(text)?.[0] ?? '';
  if (word === '') return false;
  const wordWidth = ((next.x1 - next.x0) * word.length) / text.length;
  return rightEdge - fragment.x1 < wordWidth + fragment.size * SPACE_WIDTH;
}

/** Lines of words that end near a column's rightmost end: at least this many make it an edge. */
const EDGE_LINES = 3;
/** Near: within this many font sizes of it (a word's length, in ragged text). */
const EDGE_NEAR = 3;
/** A line that can have run full holds at least this many words: a list's one-word lines never do. */
const FULL_WORDS = 3;

const wordsIn = (text: string) => text.split(/\s+/).filter((word) => WORD.test(word)).length;

/**
 * Each column's right edge (the rows across the page have one of their own): the rightmost end
 * of its lines, where several lines of words end near it. A column of short lines, one of them
 * the longest, has none: no line of it ran full.
 */
function rightEdges(
  fragments: readonly Fragment[],
  columnOf: (fragment: Fragment) => number | undefined,
): Map<number | undefined, number> {
  const ends = new Map<number | undefined, Fragment[]>();
  for (const fragment of fragments) {
    const column = columnOf(fragment);
    const lines = ends.get(column) ?? [];
    lines.push(fragment);
    ends.set(column, lines);
  }
  const edges = new Map<number | undefined, number>();
  for (const [column, lines] of ends) {
    const edge = lines.reduce((most, line) => Math.max(most, line.x1), Number.NEGATIVE_INFINITY);
    const near = lines.filter(
      (line) => line.x1 >= edge - line.size * EDGE_NEAR && wordsIn(line.text) >= FULL_WORDS,
    ).length;
    if (near >= EDGE_LINES) edges.set(column, edge);
  }
  return edges;
}

/** Fragments in reading order as lines: size, column, and a gap where space parts blocks. */
function documentLines(
  fragments: readonly Fragment[],
  columnOf: (fragment: Fragment) => number | undefined,
  boldFonts: ReadonlySet<string>,
): RawLine[] {
  const edges = rightEdges(fragments, columnOf);
  // Space between two baselines counts in the larger line's size: a name above its contact line
  // is one block with it; a line above the one before (a new column) starts one.
  const gaps = fragments.map((fragment, index) => {
    const before = fragments[index - 1];
    const size = Math.max(fragment.size, before?.size ?? 0);
    return (
      before !== undefined &&
      before.row !== fragment.row &&
      (before.y - fragment.y > size * BLOCK_GAP || fragment.y > before.y)
    );
  });
  return fragments.map((fragment, index) => {
    const marks = fontMarks(fragment.runs, boldFonts);
    if (marks.lead !== undefined) marks.lead = withAccents(marks.lead);
    const line: RawLine = { text: withAccents(fragment.text), size: fragment.size, ...marks };
    const column = columnOf(fragment);
    if (column !== undefined) line.column = column;
    if (fragment.cell) line.table = { ...fragment.cell };
    if (gaps[index]) line.gap = true;
    const next = fragments[index + 1];
    const edge = edges.get(column);
    if (
      ruleOn(FULL_LINE) &&
      edge !== undefined &&
      next !== undefined &&
      columnOf(next) === column &&
      wrapsInto(fragment, next, edge, gaps[index + 1] === true)
    ) {
      line.wraps = true;
    }
    return line;
  });
}

/**
 * The page's lines of text in reading order.
 * @internal read.test.ts and pdf-layout.test.ts hold the reading order by the text alone.
 */
export const pageLines = (items: readonly PlacedText[], pageWidth: number): string[] =>
  pageDocLines(items, pageWidth).map((line) => line.text);
