// An RTF resume, stripped to its text: control words dropped, the font and colour tables,
// document info, footers, pictures and every `\*` destination skipped (page headers are read
// where they stand, before the body: a contact block is often there), `\par` and friends made line
// breaks, `\'hh` (Windows-1252) and `\uN` escapes decoded. One pass, no regular expressions.
import { failure, linesResult, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';

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
const WINDOWS_1252 = new TextDecoder('windows-1252');

interface Group {
  skip: boolean;
  /** Fallback characters after each `\uN`, as set by `\ucN`. */
  uc: number;
}

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

export function readRtf(bytes: Uint8Array): ReadResult {
  const src = WINDOWS_1252.decode(bytes);
  if (!src.startsWith('{\\rtf')) return failure('unreadable');
  const out: string[] = [];
  let length = 0;
  const stack: Group[] = [];
  let group: Group = { skip: false, uc: 1 };
  /** Fallback characters still to drop after a `\uN`. */
  let pendingSkip = 0;
  const emit = (text: string) => {
    if (group.skip) return;
    if (pendingSkip > 0 && text !== '\n') {
      pendingSkip--;
      return;
    }
    out.push(text);
    length += text.length;
  };

  let i = 0;
  while (i < src.length && length < MAX_TEXT_CHARS) {
    const ch = src[i] ?? '';
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
        let end = i + 1;
        while (end < src.length && isLetter(src.charCodeAt(end)) && end - i < 32) end++;
        const word = src.slice(i + 1, end);
        let numberEnd = end;
        if (src[numberEnd] === '-') numberEnd++;
        while (numberEnd < src.length && isDigit(src.charCodeAt(numberEnd)) && numberEnd - end < 11)
          numberEnd++;
        const param = numberEnd > end ? Number(src.slice(end, numberEnd)) : null;
        i = src[numberEnd] === ' ' ? numberEnd + 1 : numberEnd;
        if (SKIPPED.has(word)) group.skip = true;
        else if (word === 'uc' && param !== null) group.uc = param;
        else if (word === 'u' && param !== null) {
          emit(String.fromCharCode(param < 0 ? param + 65_536 : param));
          pendingSkip = group.uc;
        } else if (LINE_BREAKS.has(word)) emit('\n');
        else if (word === 'tab') emit(' ');
        else if (word === 'emdash') emit('—');
        else if (word === 'endash') emit('–');
        else if (word === 'bullet') emit('•');
        else if (word === 'lquote' || word === 'rquote') emit("'");
        else if (word === 'ldblquote' || word === 'rdblquote') emit('"');
      } else {
        const symbol = src[i + 1] ?? '';
        i += 2;
        if (symbol === '*') group.skip = true;
        else if (symbol === "'") {
          const code = Number.parseInt(src.slice(i, i + 2), 16);
          i += 2;
          if (!Number.isNaN(code)) emit(WINDOWS_1252.decode(Uint8Array.of(code)));
        } else if (symbol === '~') emit(' ');
        else if (symbol === '_') emit('-');
        else if (symbol === '\\' || symbol === '{' || symbol === '}') emit(symbol);
        else if (symbol === '\n' || symbol === '\r') emit('\n');
      }
    } else {
      if (ch !== '\r' && ch !== '\n') emit(ch);
      i++;
    }
  }
  return linesResult(out.join(''));
}
