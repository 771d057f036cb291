// A DOCX resume: `word/document.xml` unzipped as a stream (so that a zip bomb stops at the
// cap), then the text of its `<w:p>` paragraphs: runs joined, tabs as spaces, breaks as new
// lines (a tab becomes a column separator), deleted revisions and field codes left out, XML entities decoded.
import { Unzip, UnzipInflate } from 'fflate';
import { failure, linesResult, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';

const DOCUMENT = 'word/document.xml';
/** The parts whose text a reader sees: the body, and the page headers and footers. */
const PART = /^word\/(?:document|header\d{0,3}|footer\d{0,3})\.xml$/;
/** The most XML inflated: markup runs to about ten times the text it holds. */
const MAX_XML_BYTES = MAX_TEXT_CHARS * 40;
/** Compressed bytes pushed at a time: a chunk inflates to at most about a thousand times more. */
const CHUNK = 4 * 1024;

type Unzipped = { parts: Map<string, Uint8Array> } | { reason: 'unsupported' | 'unreadable' };

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The body and the headers and footers, inflated with one cap for them all. */
function wordParts(bytes: Uint8Array): Unzipped {
  const chunks = new Map<string, Uint8Array[]>();
  let size = 0;
  let pending = 0;
  let anyFile = false;
  let broken = false;
  const unzip = new Unzip((file) => {
    anyFile = true;
    if (!PART.test(file.name) || chunks.has(file.name)) return;
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    pending++;
    file.ondata = (error, chunk, final) => {
      if (error || broken) {
        broken = true;
        return;
      }
      size += chunk.length;
      if (size > MAX_XML_BYTES) {
        broken = true;
        file.terminate();
        return;
      }
      parts.push(chunk);
      if (final) pending--;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !broken; at += CHUNK) {
      unzip.push(bytes.subarray(at, at + CHUNK), at + CHUNK >= bytes.length);
    }
  } catch {
    return { reason: 'unreadable' };
  }
  // A zip of other files (a spreadsheet, an OpenDocument) is not ours to read; no file at all is a broken zip.
  if (!chunks.has(DOCUMENT)) return { reason: anyFile ? 'unsupported' : 'unreadable' };
  if (broken || pending > 0) return { reason: 'unreadable' };
  return {
    parts: new Map([...chunks].map(([name, parts]) => [name, joined(parts)])),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (all, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name] ?? all;
  });
}

/** Elements whose content is not the document's visible text. */
const HIDDEN = new Set(['w:delText', 'w:instrText', 'mc:Fallback', 'w:rPr', 'w:pPr']);

interface Cell {
  /** Where each of the cell's paragraphs ended in the output. */
  ends: number[];
  /** A table inside the cell: its text is no single line. */
  nested: boolean;
}

/**
 * A table row whose cells hold one paragraph each is a line of columns (`Engineer | Globex |
 * 2020`), as a reader sees it; a row of longer cells (a layout table: a sidebar beside the
 * body) is read cell by cell.
 */
class Rows {
  private readonly open: Cell[][] = [];

  row() {
    this.open.push([]);
  }

  cell() {
    const cells = this.open.at(-1);
    if (!cells) return;
    cells.push({ ends: [], nested: false });
  }

  table() {
    const cell = this.open.at(-1)?.at(-1);
    if (cell) cell.nested = true;
  }

  paragraphEnd(at: number) {
    this.open.at(-1)?.at(-1)?.ends.push(at);
  }

  rowEnd(out: string[]) {
    const cells = this.open.pop() ?? [];
    const oneLine = cells.every((cell) => cell.ends.length <= 1 && !cell.nested);
    if (cells.length < 2 || !oneLine) return;
    for (const cell of cells.slice(0, -1)) {
      const end = cell.ends[0];
      if (end !== undefined) out[end] = '\t';
    }
  }
}

/** The paragraphs of a WordprocessingML body, one scan over its tags. */
function paragraphsOf(xml: string): string {
  const out: string[] = [];
  const rows = new Rows();
  let inText = false;
  let hidden = 0;
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const textEnd = open < 0 ? xml.length : open;
    if (inText && hidden === 0 && textEnd > at) out.push(decodeEntities(xml.slice(at, textEnd)));
    if (open < 0) break;
    const close = xml.indexOf('>', open);
    if (close < 0) break;
    const tag = xml.slice(open + 1, close);
    at = close + 1;
    const closing = tag.startsWith('/');
    const selfClosing = tag.endsWith('/');
    const nameEnd = tag.search(/[\s/>]|$/);
    const name = closing ? tag.slice(1).trim() : tag.slice(0, nameEnd === 0 ? tag.length : nameEnd);
    if (HIDDEN.has(name) && !selfClosing) hidden += closing ? -1 : 1;
    else if (name === 'w:t') inText = !closing && !selfClosing;
    else if (name === 'w:p' && (closing || selfClosing)) {
      out.push('\n');
      if (hidden === 0) rows.paragraphEnd(out.length - 1);
    } else if (hidden === 0 && name === 'w:tr') {
      if (closing) rows.rowEnd(out);
      else if (!selfClosing) rows.row();
    } else if (hidden === 0 && !closing && !selfClosing && name === 'w:tc') rows.cell();
    else if (hidden === 0 && !closing && !selfClosing && name === 'w:tbl') rows.table();
    else if (hidden === 0 && !closing && (name === 'w:tab' || name === 'w:ptab')) out.push('\t');
    else if (hidden === 0 && !closing && (name === 'w:br' || name === 'w:cr')) out.push('\n');
    else if (hidden === 0 && !closing && name === 'w:noBreakHyphen') out.push('-');
    if (hidden < 0) hidden = 0;
  }
  return out.join('');
}

/** A footer's text is kept only when it holds contact details, not a page number or a notice. */
const CONTACT_DETAILS = /@|\d[\d\s().-]{8,}\d/;

/**
 * The text in the order a reader meets it: the page headers (where a contact block often
 * stands), the footers that hold contact details, then the body. A header repeated for the
 * first page and the others is read once.
 */
export function readDocx(bytes: Uint8Array): ReadResult {
  const unzipped = wordParts(bytes);
  if ('reason' in unzipped) return failure(unzipped.reason);
  const decoder = new TextDecoder();
  const text = (name: string) => paragraphsOf(decoder.decode(unzipped.parts.get(name)));
  const order = (name: string) => (name.startsWith('word/header') ? 0 : 1);
  const names = [...unzipped.parts.keys()].sort(
    (a, b) => order(a) - order(b) || a.localeCompare(b, 'en', { numeric: true }),
  );
  const margins: string[] = [];
  for (const name of names) {
    if (name === DOCUMENT) continue;
    const part = text(name).trim();
    const wanted = name.startsWith('word/header') || CONTACT_DETAILS.test(part);
    if (wanted && part !== '' && !margins.includes(part)) margins.push(part);
  }
  return linesResult([...margins, text(DOCUMENT)].join('\n'));
}
