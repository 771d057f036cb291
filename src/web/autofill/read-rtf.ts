// An RTF resume, stripped to its text: control words dropped, the font and colour tables,
// document info, footers, pictures and every `\*` destination skipped (page headers are read
// where they stand, before the body: a contact block is often there), `\par` and friends made line
// breaks, `\'hh` (in the code page the document declares, Windows-1252 by default) and `\uN`
// escapes decoded. One pass, no regular expressions (links.ts aside: it finds the email links'
// targets in the source).
// Each paragraph is a line of the document (document.ts) with what the RTF says of it: bold
// (`\b`), size (`\fs`), capitals (`\caps`), outline level, list text or a `\bullet` before any
// text, indentation (`\li`), a table's cell (`\intbl`, `\cell`, `\row`), and a page header as an area.
import { leadOf, type RawLine } from './document.ts';
import { mailtoTargets, unshownAddresses } from './links.ts';
import { documentResult, failure, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';
import { rule, ruleOn } from './rules.ts';

/** `\'hh` escapes decoded in the code page the document declares (`\ansicpg1250`). */
const CODE_PAGE = rule('rtf-code-page', 'reader');
/** A tab inside a paragraph parts columns (`Python\tab Java`), as a Word document's does. */
const TAB_COLUMNS = rule('rtf-tab-columns', 'reader');
/** Text that opens with an RTF group (`{\pard …`, a fragment Pandoc writes) is read as RTF. */
const FRAGMENT = rule('rtf-fragment', 'reader');
/** Email links (`HYPERLINK "mailto:…"`) give their address where the text shows only a word. */
const MAILTO = rule('rtf-mailto', 'reader');

/** Destinations whose text is not the document's. */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'xmlnstbl',
  'fldinst',
  'filetbl',
  'revtbl',
  'pgdsctbl',
  'footnote',
  'annotation',
  'bkmkstart',
  'bkmkend',
  'nonshppict',
  'shpinst',
]);
const LINE_BREAKS = new Set(['par', 'line', 'sect', 'page', 'row', 'cell', 'pard']);
/** Destinations whose text is a page header. */
const HEADERS = new Set(['header', 'headerl', 'headerr', 'headerf']);
/** The size `\\plain` sets back to: 12 points, in half-points. */
const PLAIN_SIZE = 24;
/** Twips of indentation to a level: half an inch. */
const INDENT_TWIPS = 720;
const WINDOWS_1252 = new TextDecoder('windows-1252');

interface Group {
  skip: boolean;
  /** Fallback characters after each `\uN`, as set by `\ucN`. */
  uc: number;
  bold: boolean;
  /** Half-points. */
  size?: number;
  caps: boolean;
  header: boolean;
  /** A list item's number or bullet (`\listtext`, `\pntext`): the paragraph is a list item. */
  listText: boolean;
}

/** What a paragraph's properties say; `\pard` sets them back. */
interface ParagraphState {
  inTable: boolean;
  indent: number;
  outline?: number;
  list: boolean;
}

interface Run {
  text: string;
  bold: boolean;
  size?: number;
  caps: boolean;
}

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * The single-byte code pages an RTF may declare (`\ansicpgN`): Windows' (Thai, Central European,
 * Cyrillic, Western, Greek, Turkish, Hebrew, Arabic, Baltic, Vietnamese) and the Mac's Roman. A
 * double-byte one writes its pairs half escaped, half as text: it is left to Windows-1252, as before.
 */
const CODE_PAGES: Record<number, string> = {
  874: 'windows-874',
  1250: 'windows-1250',
  1251: 'windows-1251',
  1252: 'windows-1252',
  1253: 'windows-1253',
  1254: 'windows-1254',
  1255: 'windows-1255',
  1256: 'windows-1256',
  1257: 'windows-1257',
  1258: 'windows-1258',
  10000: 'macintosh',
};
/** How far into the file its code page is looked for: it stands in the header. */
const HEADER_CHARS = 1_000;
const ANSI_CODE_PAGE = '\\ansicpg';

/**
 * The decoder of the code page the document declares (`\ansicpg1250`: Central European), for
 * its `\'hh` escapes; Windows-1252 where it declares none, or one not listed or not decoded here.
 */
function codePageOf(src: string): TextDecoder {
  const at = src.slice(0, HEADER_CHARS).indexOf(ANSI_CODE_PAGE);
  if (at < 0 || !ruleOn(CODE_PAGE)) return WINDOWS_1252;
  const start = at + ANSI_CODE_PAGE.length;
  let end = start;
  while (end < src.length && end - start < 6 && isDigit(src.charCodeAt(end))) end++;
  const label = CODE_PAGES[Number(src.slice(start, end))];
  if (!label) return WINDOWS_1252;
  try {
    return new TextDecoder(label);
  } catch {
    return WINDOWS_1252;
  }
}

/** A paragraph's runs as a line of the document, with what they have in common. */
function lineOf(runs: readonly Run[], state: ParagraphState, header: boolean): RawLine {
  const line: RawLine = { text: runs.map((run) => run.text).join('') };
  const inked = runs.filter((run) => run.text.trim() !== '');
  if (inked.length > 0 && inked.every((run) => run.bold)) line.bold = true;
  const lead = leadOf(runs);
  if (lead !== undefined) line.lead = lead;
  if (inked.length > 0 && inked.every((run) => run.caps)) line.caps = true;
  const sizes = inked.map((run) => run.size).filter((size) => size !== undefined);
  if (sizes.length > 0) line.size = Math.max(...sizes);
  if (state.outline !== undefined && state.outline >= 0 && state.outline < 9) {
    line.heading = state.outline + 1;
  }
  if (state.list) line.list = true;
  const indent = Math.round(state.indent / INDENT_TWIPS);
  if (indent > 0) line.indent = indent;
  if (header) line.area = 'header';
  return line;
}

/**
 * Whether text is RTF without its `{\\rtf1` header, as Pandoc writes a fragment (`{\\pard \\ql
 * …`): the first thing in it, past blank space, is a group opened with a paragraph's or a table
 * row's control word (not LaTeX's `{\\bf …}`).
 */
export function isRtfFragment(bytes: Uint8Array): boolean {
  const start = WINDOWS_1252.decode(bytes.subarray(0, FRAGMENT_PROBE));
  return /^\s*\{\\(?:pard|plain|trowd)(?![a-z])/.test(start) && ruleOn(FRAGMENT);
}
/** How many bytes of a text's start tell an RTF fragment. */
const FRAGMENT_PROBE = 64;

export function readRtf(bytes: Uint8Array): ReadResult {
  const read = WINDOWS_1252.decode(bytes);
  // A fragment is read inside the header it lacks.
  const src = !read.startsWith('{\\rtf') && isRtfFragment(bytes) ? `{\\rtf1 ${read}}` : read;
  if (!src.startsWith('{\\rtf')) return failure('unreadable');
  const codePage = codePageOf(src);
  /** The bytes of a run of `\'hh` escapes, decoded together when the run ends. */
  let escaped: number[] = [];
  const out: RawLine[] = [];
  let length = 0;
  const stack: Group[] = [];
  let group: Group = {
    skip: false,
    uc: 1,
    bold: false,
    caps: false,
    header: false,
    listText: false,
  };
  const plain = (): ParagraphState => ({ inTable: false, indent: 0, list: false });
  let state = plain();
  let runs: Run[] = [];
  let header = false;
  /** The table being read: its number, row and column, while paragraphs are in it. */
  let tables = 0;
  let table: { index: number; row: number; column: number } | null = null;
  /** Fallback characters still to drop after a `\uN`. */
  let pendingSkip = 0;
  /** A list's bullet opened this paragraph, and the tab after it is its, not the text's. */
  let bulleted = false;
  let pendingTab = false;
  const emit = (text: string) => {
    if (group.skip) return;
    if (pendingSkip > 0 && text !== '\n') {
      pendingSkip--;
      return;
    }
    if (group.listText) {
      state.list = true;
      return;
    }
    if (runs.length === 0) header = group.header;
    runs.push({ text, bold: group.bold, size: group.size, caps: group.caps });
    length += text.length;
  };
  /** A paragraph ends (`\par`, `\cell`, …): its runs become a line. */
  const end = (word: string) => {
    if (group.skip) return;
    const inTable = state.inTable || word === 'cell';
    if (!inTable) table = null;
    else if (!table) table = { index: tables++, row: 0, column: 0 };
    const line = lineOf(runs, state, header);
    if (bulleted) line.list = true;
    bulleted = false;
    pendingTab = false;
    if (table && inTable && runs.length > 0) {
      line.table = { table: table.index, row: table.row, column: table.column };
    }
    if (runs.length > 0) out.push(line);
    else if (word === 'par') out.push({ text: '' });
    runs = [];
    if (table && word === 'cell') table.column++;
    if (table && word === 'row') {
      table.row++;
      table.column = 0;
    }
  };

  let i = 0;
  /** A run of `\'hh` escapes ends: its bytes as text in the document's code page. */
  const flush = () => {
    const text = codePage.decode(Uint8Array.from(escaped));
    escaped = [];
    emit(text);
  };
  while (i < src.length && length < MAX_TEXT_CHARS) {
    const ch = src[i] ?? '';
    if (escaped.length > 0 && !(ch === '\\' && src[i + 1] === "'")) flush();
    if (ch === '{') {
      stack.push(group);
      group = { ...group };
      i++;
    } else if (ch === '}') {
      group = stack.pop() ?? group;
      pendingSkip = 0;
      i++;
    } else if (ch === '\\') {
      const next = src.charCodeAt(i + 1);
      if (isLetter(next)) {
        let end_ = i + 1;
        while (end_ < src.length && isLetter(src.charCodeAt(end_)) && end_ - i < 32) end_++;
        const word = src.slice(i + 1, end_);
        let numberEnd = end_;
        if (src[numberEnd] === '-') numberEnd++;
        while (
          numberEnd < src.length &&
          isDigit(src.charCodeAt(numberEnd)) &&
          numberEnd - end_ < 11
        )
          numberEnd++;
        const param = numberEnd > end_ ? Number(src.slice(end_, numberEnd)) : null;
        i = src[numberEnd] === ' ' ? numberEnd + 1 : numberEnd;
        if (SKIPPED.has(word)) group.skip = true;
        else if (HEADERS.has(word)) group.header = true;
        else if (word === 'listtext' || word === 'pntext') group.listText = true;
        else if (word === 'uc' && param !== null) group.uc = param;
        else if (word === 'u' && param !== null) {
          emit(String.fromCharCode(param < 0 ? param + 65_536 : param));
          pendingSkip = group.uc;
        } else if (word === 'line') emit('\n');
        else if (LINE_BREAKS.has(word)) {
          end(word);
          if (word === 'pard') state = plain();
        } else if (word === 'b') group.bold = param !== 0;
        else if (word === 'caps') group.caps = param !== 0;
        else if (word === 'fs' && param !== null && param > 0) group.size = param;
        else if (word === 'plain')
          Object.assign(group, { bold: false, caps: false, size: PLAIN_SIZE });
        else if (word === 'intbl') state.inTable = true;
        else if (word === 'li' && param !== null) state.indent = param;
        else if (word === 'outlinelevel' && param !== null) state.outline = param;
        else if (word === 'ls' && param !== null && param > 0) state.list = true;
        else if (word === 'tab' && pendingTab) pendingTab = false;
        else if (word === 'tab') {
          // A bullet between items parts them already: the tab after it is its space.
          const afterBullet = runs.at(-1)?.text.trimEnd().endsWith('•') === true;
          emit(ruleOn(TAB_COLUMNS) && !afterBullet ? '\t' : ' ');
        } else if (word === 'emdash') emit('—');
        else if (word === 'endash') emit('–');
        else if (word === 'bullet' && runs.every((run) => run.text.trim() === '')) {
          // A bullet before any text opens a list item (Pandoc's `\bullet \tab`): no text of it.
          bulleted = !group.skip;
          pendingTab = bulleted;
        } else if (word === 'bullet') emit('•');
        else if (word === 'lquote' || word === 'rquote') emit("'");
        else if (word === 'ldblquote' || word === 'rdblquote') emit('"');
      } else {
        const symbol = src[i + 1] ?? '';
        i += 2;
        if (symbol === '*') group.skip = true;
        else if (symbol === "'") {
          const code = Number.parseInt(src.slice(i, i + 2), 16);
          i += 2;
          // A fallback after `\uN` is dropped, as emit() drops one; the others wait for the run's end.
          if (!Number.isNaN(code)) {
            if (pendingSkip > 0 || group.skip) emit('?');
            else escaped.push(code);
          }
        } else if (symbol === '~') emit(' ');
        else if (symbol === '_') emit('-');
        else if (symbol === '\\' || symbol === '{' || symbol === '}') emit(symbol);
        else if (symbol === '\n' || symbol === '\r') end('par');
      }
    } else {
      if (ch !== '\r' && ch !== '\n') emit(ch);
      i++;
    }
  }
  if (escaped.length > 0) flush();
  end('par');
  if (ruleOn(MAILTO)) {
    // A link's target is its field's instruction, which the text skips.
    const text = out.map((line) => line.text).join('\n');
    for (const address of unshownAddresses(mailtoTargets(src), text)) {
      out.push({ text: address, area: 'footer', gap: true });
    }
  }
  return documentResult(out);
}
