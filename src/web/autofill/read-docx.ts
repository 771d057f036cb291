// A DOCX resume: `word/document.xml` unzipped as a stream (so that a zip bomb stops at the
// cap), then the text of its `<w:p>` paragraphs: runs joined, tabs as spaces, breaks as new
// lines (a tab becomes a column separator), deleted revisions and field codes left out, XML
// entities decoded. Each paragraph is a line of the document (document.ts), with what its style
// (`word/styles.xml`), its own properties and its runs say of how it is set.
import { Unzip, UnzipInflate } from 'fflate';
import { leadOf, type RawLine } from './document.ts';
import { mailtoTargets, unshownAddresses } from './links.ts';
import { documentResult, failure, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';
import { rule, ruleOn } from './rules.ts';

/**
 * A list item is indented as its numbering's level (`w:ilvl`), where the paragraph states no
 * indentation.
 */
const LIST_LEVELS = rule('docx-list-levels', 'reader');
/** A paragraph that holds a text box goes on after it: its runs after the box are kept. */
const BOX_INSIDE = rule('docx-box-inside', 'reader');
/**
 * Text boxes the body opens with (a sidebar), the body then opening larger than they are (a
 * name), are read after the body.
 */
const BOX_ASIDE = rule('docx-box-aside', 'reader');
/**
 * A layout table's first cell that is a sidebar of sections, the next cell opening larger (a
 * name), is read after it.
 */
const CELL_ASIDE = rule('docx-cell-aside', 'reader');
/**
 * A run of three spaces or more inside a paragraph parts columns as a tab does (`Jo Doe
 * Curriculum Vitae`).
 */
const WIDE_GAP = rule('docx-wide-gap', 'reader');
/** The body's email links give their address where the text shows only a word. */
const MAILTO = rule('docx-mailto', 'reader');
/**
 * A text box anchored further down whose first line is set as large as the document's largest
 * text and that holds an email (the name and contact, floated to the page's top) is read first.
 */
const NAME_BOX = rule('docx-name-box', 'reader');
/** An email address in a line: the mark of a contact block. */
const HAS_EMAIL = /[^\s@]@[^\s@]+\.\p{L}{2,}/u;

/** A relationship's element, and its id. */
const RELATIONSHIP = /<Relationship\b[^<>]{0,3000}>/g;
const RELATIONSHIP_ID = /\sId="([^"]{1,64})"/;
/** Where the body points at a relationship: `r:id="rId7"`, whatever the namespace's prefix. */
const POINTED_ID = /:id="([^"]{1,64})"/g;

/**
 * The email links of `rels` that `body` points at (`r:id="rId7"`), as their markup: the body's
 * ids are read in one pass, and only a `mailto:` relationship is looked up among them.
 */
function usedRelationships(rels: string, body: string): string {
  const links = [...rels.matchAll(RELATIONSHIP)]
    .map(([element]) => element)
    .filter((element) => /mailto:/i.test(element));
  if (links.length === 0) return '';
  const pointed = new Set([...body.matchAll(POINTED_ID)].map(([, id]) => id));
  return links.filter((element) => pointed.has(RELATIONSHIP_ID.exec(element)?.[1])).join('');
}

const DOCUMENT = 'word/document.xml';
const STYLES = 'word/styles.xml';
/** The body's relationships: where its links point (`mailto:`). */
const LINKS = 'word/_rels/document.xml.rels';
/**
 * The parts a reader needs: the body, the page headers and footers, the styles, and the body's
 * relationships.
 */
const PART =
  /^word\/(?:(?:document|styles|header\d{0,3}|footer\d{0,3})\.xml|_rels\/document\.xml\.rels)$/;
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
const HIDDEN = new Set(['w:delText', 'w:instrText', 'mc:Fallback']);

/** What a style, a paragraph or a run says of how its text is set. */
interface Setting {
  bold?: boolean;
  /** Half-points. */
  size?: number;
  caps?: boolean;
  /** 0 for the highest heading (Word's outline level); 9 is body text. */
  outline?: number;
  list?: boolean;
  /** A list item's level (`w:ilvl`): 0 for the outermost. */
  level?: number;
  /** Twips. */
  indent?: number;
}

interface Style extends Setting {
  basedOn?: string;
  name?: string;
}

/** An attribute's value in a tag's text: `w:val="Heading1"`. */
function attribute(tag: string, name: string): string | undefined {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const from = at + name.length + 3;
  const to = tag.indexOf('"', from);
  return to < 0 ? undefined : tag.slice(from, to);
}

/** An on/off property (`<w:b/>`, `<w:b w:val="0"/>`). */
const isOn = (tag: string) => !/^(?:0|false|off)$/.test(attribute(tag, 'w:val') ?? '');

/** A number attribute, or undefined when it is none. */
function numberOf(tag: string, name: string): number | undefined {
  const value = Number(attribute(tag, name));
  return Number.isFinite(value) ? value : undefined;
}

/** Reads one property tag of a `w:pPr` or `w:rPr` into a setting. */
function setFrom(setting: Setting, name: string, tag: string) {
  if (name === 'w:b') setting.bold = isOn(tag);
  else if (name === 'w:sz') setting.size = numberOf(tag, 'w:val') ?? setting.size;
  else if (name === 'w:caps') setting.caps = isOn(tag);
  else if (name === 'w:outlineLvl') setting.outline = numberOf(tag, 'w:val') ?? setting.outline;
  else if (name === 'w:numPr') setting.list = true;
  else if (name === 'w:numId') setting.list = attribute(tag, 'w:val') !== '0';
  else if (name === 'w:ilvl') setting.level = numberOf(tag, 'w:val') ?? setting.level;
  else if (name === 'w:ind') {
    setting.indent = numberOf(tag, 'w:left') ?? numberOf(tag, 'w:start') ?? setting.indent;
  }
}

/** A scan over an XML part's tags and the text between them. */
function* tagsOf(xml: string): Generator<{ name: string; tag: string; text: string }> {
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    const text = xml.slice(at, open < 0 ? xml.length : open);
    if (open < 0) {
      yield { name: '', tag: '', text };
      return;
    }
    const close = xml.indexOf('>', open);
    if (close < 0) return;
    const tag = xml.slice(open + 1, close);
    at = close + 1;
    const nameEnd = tag.search(/[\s/>]|$/);
    const name = tag.startsWith('/') ? tag.slice(1).trim() : tag.slice(0, nameEnd || tag.length);
    yield { name, tag, text };
  }
}

/** The paragraph styles of `word/styles.xml` by id, and the document's default run size. */
function stylesOf(xml: string): { styles: Map<string, Style>; size?: number } {
  const styles = new Map<string, Style>();
  let style: Style | null = null;
  let defaults: Setting | null = null;
  let size: number | undefined;
  for (const { name, tag } of tagsOf(xml)) {
    const closing = tag.startsWith('/');
    if (name === 'w:style') {
      style = null;
      if (closing || attribute(tag, 'w:type') !== 'paragraph') continue;
      const id = attribute(tag, 'w:styleId');
      if (id === undefined) continue;
      style = {};
      styles.set(id, style);
    } else if (name === 'w:rPrDefault') {
      defaults = closing ? null : {};
    } else if (closing) continue;
    else if (defaults && name === 'w:sz') size = numberOf(tag, 'w:val');
    else if (!style) continue;
    else if (name === 'w:basedOn') style.basedOn = attribute(tag, 'w:val');
    else if (name === 'w:name') style.name = attribute(tag, 'w:val')?.toLowerCase();
    else setFrom(style, name, tag);
  }
  return { styles, size };
}

/** A style with what it inherits from the styles it is based on (a few levels, no loops). */
function resolved(styles: ReadonlyMap<string, Style>, id: string | undefined): Style {
  const chain: Style[] = [];
  for (let at = id, depth = 0; at !== undefined && depth < 10; depth++) {
    const style = styles.get(at);
    if (!style || chain.includes(style)) break;
    chain.unshift(style);
    at = style.basedOn;
  }
  const out: Style = {};
  for (const style of chain) Object.assign(out, style);
  return out;
}

/** A style's heading level: its outline level, or its name (`heading 2`, `Title`). */
function headingOf(style: Style, outline: number | undefined): number | undefined {
  const level = outline ?? style.outline;
  if (level !== undefined && level >= 0 && level < 9) return level + 1;
  const named = /^heading ([1-9])$/.exec(style.name ?? '');
  if (named?.[1]) return Number(named[1]);
  return style.name === 'title' ? 1 : undefined;
}

/** A list's deepest level: Word numbers nine, 0 to 8. */
const MAX_LEVEL = 8;

/** Twips of indentation to a level: Word indents a level by half an inch. */
const INDENT_TWIPS = 720;

interface Paragraph {
  runs: { text: string; bold: boolean; size?: number; caps: boolean }[];
  style?: string;
  own: Setting;
}

interface Cell {
  /** Where each of the cell's paragraphs stands in the output. */
  lines: number[];
  /** A table inside the cell: its text is no single line. */
  nested: boolean;
}

interface Table {
  index: number;
  rows: number;
  cells: Cell[] | null;
}

/** What one part (the body, a header, a footer) gives. */
interface PartOptions {
  styles: ReadonlyMap<string, Style>;
  defaultSize?: number;
  area?: 'header' | 'footer';
  /** Tables counted in the parts before: each table's number is the document's own. */
  tables: { count: number };
}

/** A gap wide enough to part columns, not words: three spaces or more (two may follow a stop). */
const WIDE = / {3,}/g;

/**
 * The paragraphs of a WordprocessingML part, one scan over its tags, each as a line with what
 * its style, its own properties and its runs say: heading level, bold, size, capitals, list
 * item, indentation, table cell, text box. A table row whose cells hold one paragraph each is
 * one line of columns (`Engineer | Globex | 2020`), as a reader sees it; a row of longer cells
 * (a layout table: a sidebar beside the body) is read cell by cell.
 */
function paragraphsOf(xml: string, options: PartOptions): RawLine[] {
  const out: RawLine[] = [];
  const tables: Table[] = [];
  let paragraph: Paragraph | null = null;
  let run: Setting | null = null;
  let inProperties: 'paragraph' | 'run' | null = null;
  let inText = false;
  let hidden = 0;
  let boxes = 0;
  /** The paragraphs a text box's paragraphs stand in, waiting for the box to end. */
  const outer: Paragraph[] = [];
  const styleCache = new Map<string | undefined, Style>();
  const styleOf = (id: string | undefined) => {
    const style = styleCache.get(id) ?? resolved(options.styles, id);
    styleCache.set(id, style);
    return style;
  };
  const text = (value: string) => {
    if (!paragraph || hidden > 0 || value === '') return;
    const setting = { ...styleOf(paragraph.style), ...run };
    paragraph.runs.push({
      text: value,
      bold: setting.bold === true,
      size: setting.size ?? options.defaultSize,
      caps: setting.caps === true,
    });
  };
  const end = () => {
    if (!paragraph) return;
    const style = styleOf(paragraph.style);
    const own = paragraph.own;
    const joined = paragraph.runs.map((part) => part.text).join('');
    const line: RawLine = { text: ruleOn(WIDE_GAP) ? joined.replace(WIDE, '\t') : joined };
    const inked = paragraph.runs.filter((part) => part.text.trim() !== '');
    if (inked.length > 0 && inked.every((part) => part.bold)) line.bold = true;
    const lead = leadOf(paragraph.runs);
    if (lead !== undefined) line.lead = lead;
    if (inked.length > 0 && inked.every((part) => part.caps)) line.caps = true;
    const sizes = inked.map((part) => part.size).filter((size) => size !== undefined);
    if (sizes.length > 0) line.size = Math.max(...sizes);
    const heading = headingOf(style, own.outline);
    if (heading !== undefined) line.heading = heading;
    if (own.list ?? style.list ?? /^list (?:paragraph|bullet|number)/.test(style.name ?? '')) {
      line.list = true;
    }
    // A list item of a deeper level is indented as its numbering indents it, half an inch a
    // level, where the paragraph states no indentation of its own.
    const numbered = line.list === true && own.indent === undefined && ruleOn(LIST_LEVELS);
    const level = numbered ? Math.min(Math.max(own.level ?? style.level ?? 0, 0), MAX_LEVEL) : 0;
    const indent = Math.round((own.indent ?? style.indent ?? 0) / INDENT_TWIPS) + level;
    if (indent > 0) line.indent = indent;
    const table = tables.at(-1);
    const cell = table?.cells?.at(-1);
    if (table?.cells && cell) {
      line.table = { table: table.index, row: table.rows - 1, column: table.cells.length - 1 };
      cell.lines.push(out.length);
    }
    if (boxes > 0) line.area = 'box';
    else if (options.area) line.area = options.area;
    out.push(line);
    paragraph = null;
  };
  const rowEnd = () => {
    const table = tables.at(-1);
    const cells = table?.cells ?? [];
    if (table) table.cells = null;
    const oneLine = cells.every((cell) => cell.lines.length <= 1 && !cell.nested);
    const first = cells.find((cell) => cell.lines.length > 0)?.lines[0];
    if (cells.length < 2 || !oneLine || first === undefined || !table) return;
    const columns = cells.map((cell) => out[cell.lines[0] ?? -1]?.text ?? '');
    const bold = cells.map((cell) => out[cell.lines[0] ?? -1]?.bold === true);
    const joined = out[first] as RawLine;
    joined.text = columns.join('\t');
    joined.table = { table: table.index, row: table.rows - 1, column: 0, columns };
    if (bold.some(Boolean)) joined.table.bold = bold;
    out.splice(first + 1);
  };

  for (const { name, tag, text: between } of tagsOf(xml)) {
    if (inText) text(decodeEntities(between));
    if (name === '') break;
    const closing = tag.startsWith('/');
    const selfClosing = tag.endsWith('/');
    const opening = !closing && !selfClosing;
    if (HIDDEN.has(name) && !selfClosing) {
      hidden = Math.max(0, hidden + (closing ? -1 : 1));
      continue;
    }
    if (hidden > 0) continue;
    if (name === 'w:t') inText = opening;
    else if (name === 'w:p') {
      // A text box's paragraphs stand inside a paragraph of the body (the name beside a photo
      // or an ORCID box): that paragraph waits, and goes on after the box with the rest of its
      // runs.
      if (paragraph && boxes > 0 && !closing && ruleOn(BOX_INSIDE)) outer.push(paragraph);
      else if (!closing) end();
      if (!closing) paragraph = { runs: [], own: {} };
      if (closing || selfClosing) {
        end();
        paragraph = outer.pop() ?? null;
      }
    } else if (name === 'w:pPr') inProperties = opening ? 'paragraph' : null;
    else if (name === 'w:rPr') {
      // A paragraph's own rPr is its mark's, not its text's.
      if (inProperties === 'paragraph') continue;
      inProperties = opening ? 'run' : null;
    } else if (name === 'w:r') run = opening ? {} : null;
    else if (inProperties === 'paragraph' && paragraph && !closing) {
      if (name === 'w:pStyle') paragraph.style = attribute(tag, 'w:val');
      else setFrom(paragraph.own, name, tag);
    } else if (inProperties === 'run' && run && !closing) setFrom(run, name, tag);
    else if (name === 'w:txbxContent' && !selfClosing)
      boxes = Math.max(0, boxes + (closing ? -1 : 1));
    else if (name === 'w:tbl' && !selfClosing) {
      if (closing) tables.pop();
      else {
        const cell = tables.at(-1)?.cells?.at(-1);
        if (cell) cell.nested = true;
        tables.push({ index: options.tables.count++, rows: 0, cells: null });
      }
    } else if (name === 'w:tr' && !selfClosing) {
      const table = tables.at(-1);
      if (closing) rowEnd();
      else if (table) {
        table.rows++;
        table.cells = [];
      }
    } else if (name === 'w:tc' && opening) tables.at(-1)?.cells?.push({ lines: [], nested: false });
    else if (closing) continue;
    else if (name === 'w:tab' || name === 'w:ptab') text('\t');
    else if (name === 'w:br' || name === 'w:cr') text('\n');
    else if (name === 'w:noBreakHyphen') text('-');
  }
  end();
  return out;
}

/** A footer's text is kept only when it holds contact details, not a page number or a notice. */
const CONTACT_DETAILS = /@|\d[\d\s().-]{8,}\d/;

/** Text boxes the body opens with hold this many lines at least to be a sidebar. */
const MIN_SIDEBAR_LINES = 3;

/**
 * Whether a sidebar's lines are read after the main lines beside them: the sidebar holds three
 * lines or more with a heading among them (sections, not a contact block beside the name: a
 * box of one or two, an ORCID, stays), and the main lines open larger than any of its lines (the
 * name), as a PDF reads the column under a large name first.
 */
function readsAfter(side: readonly RawLine[], main: readonly RawLine[], defaultSize = 0): boolean {
  const text = side.filter((line) => line.text.trim() !== '');
  if (text.length < MIN_SIDEBAR_LINES) return false;
  if (!text.some((line) => line.heading !== undefined || line.bold === true)) return false;
  const sizeOf = (line: RawLine) => line.size ?? defaultSize;
  const opening = main.find((line) => line.text.trim() !== '');
  return opening !== undefined && sizeOf(opening) > Math.max(...text.map(sizeOf));
}

/** The body with the text boxes it opens with read after it, where they are such a sidebar. */
function boxesAside(body: RawLine[], defaultSize: number | undefined): RawLine[] {
  const first = body.findIndex((line) => line.area !== 'box' && line.text.trim() !== '');
  if (!ruleOn(BOX_ASIDE) || first <= 0) return body;
  if (!readsAfter(body.slice(0, first), body.slice(first), defaultSize)) return body;
  return [...body.slice(first), { text: '', gap: true }, ...body.slice(0, first)];
}

/** The body with a text box of the name and contact, anchored past its first line, read first. */
function nameBoxFirst(body: RawLine[], defaultSize: number | undefined): RawLine[] {
  if (!ruleOn(NAME_BOX)) return body;
  const sizeOf = (line: RawLine) => line.size ?? defaultSize ?? 0;
  const shown = (line: RawLine) => line.text.trim() !== '';
  const first = body.findIndex((line) => line.area !== 'box' && shown(line));
  const start = body.findIndex((line, at) => at > first && line.area === 'box' && shown(line));
  if (first < 0 || start < 0) return body;
  let end = start;
  while (body[end + 1]?.area === 'box') end++;
  const box = body.slice(start, end + 1);
  const largest = body.reduce(
    (most, line) => (line.area === 'box' ? most : Math.max(most, sizeOf(line))),
    Number.NEGATIVE_INFINITY,
  );
  const opening = box.find(shown);
  if (!opening || sizeOf(opening) < largest || !box.some((line) => HAS_EMAIL.test(line.text))) {
    return body;
  }
  return [...box, { text: '', gap: true }, ...body.slice(0, start), ...body.slice(end + 1)];
}

/**
 * A layout table's row read cell by cell with its first cell, such a sidebar, after the others
 * (`Contact`, `Skills` and their lines beside a cell that opens with the name).
 */
function cellsAside(body: RawLine[], defaultSize: number | undefined): RawLine[] {
  if (!ruleOn(CELL_ASIDE)) return body;
  const out: RawLine[] = [];
  for (let at = 0; at < body.length; at++) {
    const cell = body[at]?.table;
    if (cell?.column !== 0 || cell.columns) {
      out.push(body[at] as RawLine);
      continue;
    }
    let end = at;
    const inRow = (line: RawLine | undefined) =>
      line?.table?.table === cell.table && line.table.row === cell.row && !line.table.columns;
    while (inRow(body[end + 1])) end++;
    const row = body.slice(at, end + 1);
    const side = row.filter((line) => line.table?.column === 0);
    const main = row.filter((line) => line.table?.column !== 0);
    const after = main.length > 0 && readsAfter(side, main, defaultSize);
    out.push(...(after ? [...main, { text: '', gap: true }, ...side] : row));
    at = end;
  }
  return out;
}

/**
 * The lines in the order a reader meets them: the page headers (where a contact block often
 * stands), the footers that hold contact details, then the body, a sidebar beside the name after
 * it (boxesAside, cellsAside). A header repeated for the first page and the others is read once.
 */
export function readDocx(bytes: Uint8Array): ReadResult {
  const unzipped = wordParts(bytes);
  if ('reason' in unzipped) return failure(unzipped.reason);
  const decoder = new TextDecoder();
  const styled = unzipped.parts.get(STYLES);
  const { styles, size } = styled ? stylesOf(decoder.decode(styled)) : { styles: new Map() };
  const tables = { count: 0 };
  const xmlOf = (name: string) => decoder.decode(unzipped.parts.get(name));
  const documentXml = xmlOf(DOCUMENT);
  const linesOf = (name: string) =>
    paragraphsOf(name === DOCUMENT ? documentXml : xmlOf(name), {
      styles,
      defaultSize: size,
      tables,
      area: name.startsWith('word/header')
        ? 'header'
        : name.startsWith('word/footer')
          ? 'footer'
          : undefined,
    });
  const order = (name: string) => (name.startsWith('word/header') ? 0 : 1);
  const names = [...unzipped.parts.keys()]
    .filter((name) => name !== DOCUMENT && name !== STYLES && name !== LINKS)
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b, 'en', { numeric: true }));
  const margins: RawLine[] = [];
  const seen: string[] = [];
  for (const name of names) {
    const lines = linesOf(name);
    const part = lines
      .map((line) => line.text)
      .join('\n')
      .trim();
    const wanted = name.startsWith('word/header') || CONTACT_DETAILS.test(part);
    if (wanted && part !== '' && !seen.includes(part)) {
      seen.push(part);
      margins.push(...lines, { text: '', gap: true });
    }
  }
  const lines = [
    ...margins,
    ...cellsAside(nameBoxFirst(boxesAside(linesOf(DOCUMENT), size), size), size),
  ];
  if (ruleOn(MAILTO)) {
    // A hyperlink's target is a relationship's; a field's (`HYPERLINK "mailto:…"`) is in the body.
    // Only a relationship the body points at: pandoc writes one for every link of its source,
    // shown or not.
    const targets = [
      ...mailtoTargets(usedRelationships(xmlOf(LINKS), documentXml)),
      ...mailtoTargets(documentXml),
    ];
    const text = lines.map((line) => line.text).join('\n');
    for (const address of unshownAddresses(targets, text)) {
      lines.push({ text: address, area: 'footer', gap: true });
    }
  }
  return documentResult(lines);
}
