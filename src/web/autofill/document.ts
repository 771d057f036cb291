// The document every reader produces (PDF, DOCX, RTF, TXT): its lines in reading order, each
// with what the format says of it, for the extraction to tell headings, lists, tables, page
// margins and sidebars apart by how they are set rather than by their words alone. A reader
// gives its lines as it finds them (RawLine: text that may hold line breaks and tabs, a size
// in the format's own unit); documentOf makes them one shape for all: one line each, trimmed,
// sizes relative to the body text, capitals noted, blank lines as breaks between blocks.

import { rule, ruleOn } from './rules.ts';

// Pure for the bundler: the page's own chunk, which takes only the reader's time limit from
// read-result.ts, then drops the registration with documentOf and carries no reading rule.
/** Letters spaced out, words parted by wider gaps (`J A N E   D O E`), are words. */
const LETTER_SPACING = /* @__PURE__ */ rule('letter-spacing', 'reader');
/**
 * The bold words a line opens with, the rest not bold, are a part of their own (`**Surveyor**
 * for Globex`).
 */
const LEAD_BOLD = /* @__PURE__ */ rule('lead-bold', 'reader');
/** A Markdown (HTML) comment, `<!-- … -->`, is no text, over lines too. */
const COMMENTS = /* @__PURE__ */ rule('markup-comments', 'reader');

/** Where a line stands in a table (from 0): the table in the document, its row and column. */
interface TableCell {
  table: number;
  row: number;
  column: number;
  /**
   * A row whose cells hold one line each is one line (`Engineer | Globex | 2020`): its column
   * is 0, and these are its cells' texts, in order.
   */
  columns?: string[];
  /** Of such a row, which cells are set in bold, by column (where any is). */
  bold?: boolean[];
}

/** The parts of a page beside its body. */
type Area = 'header' | 'footer' | 'box' | 'sidebar';

export interface DocLine {
  text: string;
  /** The text's size against the body text's (1: the body's, 1.5: half as large again); absent when the format does not say. */
  size?: number;
  /** Every letter of it set in bold. */
  bold?: boolean;
  /**
   * The bold words a line opens with, the rest of it not bold: `Harbour Surveyor` in
   * **Harbour Surveyor** for Globex. Its text starts with them.
   */
  lead?: string;
  /** Every letter of it in capitals, as written or as set (Word's "All caps"). */
  caps?: boolean;
  /** A heading level the format states (1 the highest): a style or outline level, Markdown's `#`, an underline of `=` or `-`. */
  heading?: number;
  /** How far it is indented, in levels (0: not at all). */
  indent?: number;
  /** An item of a list: a bullet or a number before it, or a list paragraph. */
  list?: boolean;
  table?: TableCell;
  /** A page header or footer, a text box, a sidebar. */
  area?: Area;
  /** The column of a page set in columns, from the left (0). */
  column?: number;
  /** The block it belongs to: blocks are parted by space (a blank line, a gap on the page), from 0. */
  block: number;
  /** It ran to its column's edge and broke there: its text goes on in the next line (a PDF's). */
  wraps?: boolean;
  /**
   * It ends with a break its format states (Markdown's two spaces or backslash at a line's end):
   * the next line goes on with nothing of it.
   */
  breaks?: boolean;
}

/** A line as a reader finds it: its text may hold line breaks and tabs, its size is absolute. */
export interface RawLine extends Omit<DocLine, 'block' | 'size' | 'caps' | 'text'> {
  text: string;
  /** Size in the format's own unit (points, half-points): documentOf makes it relative. */
  size?: number;
  /** Set in capitals whatever the text's case (Word's `w:caps`). */
  caps?: boolean;
  /** Space before this line parts it from the one before: a new block. */
  gap?: boolean;
}

/** A run of a paragraph's text and whether it is set in bold. */
interface BoldRun {
  text: string;
  bold: boolean;
}

/**
 * The text of the bold runs a paragraph opens with, when a run after them holds text that is not
 * bold (`**Harbour Surveyor** for Globex`); undefined otherwise. The DOCX and RTF readers share it.
 */
export function leadOf(runs: readonly BoldRun[]): string | undefined {
  const plain = runs.findIndex((run) => !run.bold && run.text.trim() !== '');
  if (plain <= 0) return undefined;
  const lead = runs
    .slice(0, plain)
    .map((run) => run.text)
    .join('');
  return lead.trim() === '' ? undefined : lead;
}

/**
 * A word in capitals (two capitals in a row) and no letter in lower case: `SKILLS`, `IT`.
 * Pure: sections.ts reads it, and document.test.ts tests it.
 */
export const isCaps = (text: string): boolean => !/\p{Ll}/u.test(text) && /\p{Lu}{2}/u.test(text);

/**
 * Acronyms: one to three words of two to four capitals or digits, a capital first (`SQL`, `AWS
 * SAA`, `CPR/BLS`, `OSHA 10`), in capitals as a heading in capitals is, but no heading by them.
 */
export function isAcronym(text: string): boolean {
  const words = text.trim().split(/[ /]/);
  return (
    /^\p{Lu}/u.test(text.trim()) &&
    words.length <= 3 &&
    words.every((word) => /^[\p{Lu}\p{N}]{2,4}$/u.test(word))
  );
}

/** The body text's size: the size most characters are set in. */
function bodySize(lines: readonly RawLine[]): number | undefined {
  const chars = new Map<number, number>();
  for (const { size, text } of lines) {
    if (size === undefined || !(size > 0) || !Number.isFinite(size)) continue;
    chars.set(size, (chars.get(size) ?? 0) + text.length);
  }
  let best: number | undefined;
  let most = 0;
  for (const [size, count] of chars) {
    if (count > most || (count === most && best !== undefined && size < best)) {
      best = size;
      most = count;
    }
  }
  return best;
}

/**
 * Letters spaced out, words parted by wider gaps (`J A N E   D O E`, a name typed for show): two
 * words at least, each of two letters or more.
 */
const LETTER_SPACED = /^\p{L}(?: \p{L})+(?: {2,}\p{L}(?: \p{L})+)+$/u;

/** Whether a line is letters spaced out, its words parted by wider gaps. */
export const isLetterSpaced = (text: string) => ruleOn(LETTER_SPACING) && LETTER_SPACED.test(text);

/** A line of letters spaced out as its words: `J A N E   D O E` is `JANE DOE`. */
const unspaced = (text: string) =>
  isLetterSpaced(text)
    ? text
        .split(/ {2,}/)
        .map((word) => word.replaceAll(' ', ''))
        .join(' ')
    : text;

/** A line's text as one line: tabs as a column separator, spaces collapsed, trimmed. */
function oneLine(text: string): string {
  return unspaced(text.trim())
    .replace(/\t+/g, ' | ')
    .replace(/[\u00a0 ]+/g, ' ')
    .trim()
    .replace(/^\|\s?|\s?\|$/g, '')
    .trim();
}

/** A break inside a line's text. */
const BREAKS = /\r\n|[\r\n\f\v\u2028\u2029]/;

/**
 * The readers' lines in one shape, capped at `maxChars` of text: each break inside a line's text
 * is a line of its own with the same marks; a blank line, or a gap, starts a new block.
 */
export function documentOf(raw: readonly RawLine[], maxChars: number): DocLine[] {
  const body = bodySize(raw);
  const out: DocLine[] = [];
  let block = 0;
  let chars = 0;
  // What the lines hold: a tab becomes ` | `, so the text given out can run longer than what was
  // read; it is held to the cap too.
  let written = 0;
  let blank = false;
  for (const line of raw) {
    if (chars >= maxChars || written >= maxChars) break;
    const { text, size, caps, gap, lead, wraps, ...marks } = line;
    let opening = ruleOn(LEAD_BOLD) ? lead : undefined;
    if (gap && out.length > 0) blank = true;
    const kept = text.slice(0, maxChars - chars);
    chars += kept.length + 1;
    const parts = kept.split(BREAKS);
    for (const [at, part] of parts.entries()) {
      let one = oneLine(part);
      if (one.length > maxChars - written) one = oneLine(one.slice(0, maxChars - written));
      written += one.length;
      if (one === '') {
        blank = out.length > 0;
        continue;
      }
      if (blank) block++;
      blank = false;
      const doc: DocLine = { text: one, ...marks, block };
      // The bold opening belongs to the first line of a text broken over several.
      const leadText = opening === undefined ? '' : oneLine(opening.split(BREAKS)[0] ?? '');
      opening = undefined;
      if (leadText !== '' && leadText.length < one.length && one.startsWith(leadText)) {
        doc.lead = leadText;
      }
      const relative = size !== undefined && body !== undefined ? size / body : Number.NaN;
      const rounded = Math.round(relative * 100) / 100;
      if (rounded > 0 && Number.isFinite(rounded)) doc.size = rounded;
      if (caps || isCaps(one)) doc.caps = true;
      // Only the last of a text's lines ran to the edge where the reader found it.
      if (wraps && at === parts.length - 1 && kept === text) doc.wraps = true;
      out.push(doc);
    }
  }
  return ruleOn(COMMENTS) ? withoutComments(out) : out;
}

const OPEN = '<!--';
const CLOSE = '-->';

/**
 * The lines without the Markdown comments in them (a resume written in Markdown and given as
 * text, or turned into a DOCX, keeps its author's notes): a line that held only a comment is
 * gone, not a blank. An opening with no closing after it anywhere is text. One pass each way.
 */
function withoutComments(lines: DocLine[]): DocLine[] {
  if (!lines.some((line) => line.text.includes(OPEN))) return lines;
  // The last line that closes a comment: an opening after it closes nothing.
  let lastClose = -1;
  for (const [index, line] of lines.entries()) if (line.text.includes(CLOSE)) lastClose = index;
  const out: DocLine[] = [];
  let open = false;
  for (const [index, line] of lines.entries()) {
    let text = '';
    let at = 0;
    const { text: whole } = line;
    while (at < whole.length) {
      if (open) {
        const close = whole.indexOf(CLOSE, at);
        if (close < 0) break;
        at = close + CLOSE.length;
        open = false;
        continue;
      }
      const start = whole.indexOf(OPEN, at);
      const closes =
        start >= 0 && (index < lastClose || whole.includes(CLOSE, start + OPEN.length));
      if (!closes) {
        text += whole.slice(at);
        break;
      }
      text += whole.slice(at, start);
      at = start + OPEN.length;
      open = true;
    }
    const kept = oneLine(text);
    if (kept === whole) out.push(line);
    else if (kept !== '') {
      const { caps, lead, ...marks } = line;
      // Capitals the format sets stay; capitals read from the text are read again.
      const doc: DocLine = { ...marks, text: kept };
      if (isCaps(kept) || (caps && !isCaps(whole))) doc.caps = true;
      // The bold opening stays only while the line, the comment gone, still runs on after it.
      if (lead !== undefined && lead.length < kept.length && kept.startsWith(lead)) doc.lead = lead;
      out.push(doc);
    }
  }
  return out;
}

/**
 * A table's cells by row and by column, each the texts of its lines in order, from the lines
 * that stand in it: a row read as one line of columns (DOCX, plain text) or one line per cell
 * (RTF, a layout table). Lines outside a table count as row 0, column 0.
 */
export function tableGrid(lines: readonly DocLine[]): Map<number, Map<number, string[]>> {
  const grid = new Map<number, Map<number, string[]>>();
  for (const line of lines) {
    const { row, column, columns } = line.table ?? { row: 0, column: 0 };
    const rowCells = grid.get(row) ?? new Map<number, string[]>();
    grid.set(row, rowCells);
    (columns ?? [line.text]).forEach((text, offset) => {
      const cell = rowCells.get(column + offset) ?? [];
      rowCells.set(column + offset, cell);
      cell.push(text);
    });
  }
  return grid;
}

/**
 * The plain text of a document's lines.
 * @internal read.test.ts holds the readers' text by it; the extraction will read the lines' marks.
 */
export const textsOf = (lines: readonly DocLine[]): string[] => lines.map((line) => line.text);
