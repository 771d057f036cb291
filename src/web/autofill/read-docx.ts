// A DOCX resume: `word/document.xml` unzipped as a stream (so that a zip bomb stops at the
// cap), then the text of its `<w:p>` paragraphs: runs joined, tabs as spaces, breaks as new
// lines (a tab becomes a column separator), deleted revisions and field codes left out, XML entities decoded.
import { Unzip, UnzipInflate } from 'fflate';
import { failure, linesResult, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';

const DOCUMENT = 'word/document.xml';
/** The most XML inflated: markup runs to about ten times the text it holds. */
const MAX_XML_BYTES = MAX_TEXT_CHARS * 40;
/** Compressed bytes pushed at a time: a chunk inflates to at most about a thousand times more. */
const CHUNK = 4 * 1024;

type Unzipped = { xml: Uint8Array } | { reason: 'unsupported' | 'unreadable' };

function documentXml(bytes: Uint8Array): Unzipped {
  const parts: Uint8Array[] = [];
  let size = 0;
  let found = false;
  let anyFile = false;
  let done = false;
  let broken = false;
  const unzip = new Unzip((file) => {
    anyFile = true;
    if (file.name !== DOCUMENT || found) return;
    found = true;
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
      if (final) done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !done && !broken; at += CHUNK) {
      unzip.push(bytes.subarray(at, at + CHUNK), at + CHUNK >= bytes.length);
    }
  } catch {
    return { reason: 'unreadable' };
  }
  // A zip of other files (a spreadsheet, an OpenDocument) is not ours to read; no file at all is a broken zip.
  if (!found) return { reason: anyFile ? 'unsupported' : 'unreadable' };
  if (broken || !done) return { reason: 'unreadable' };
  const xml = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    xml.set(part, offset);
    offset += part.length;
  }
  return { xml };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
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

/** The paragraphs of a WordprocessingML body, one scan over its tags. */
export function paragraphsOf(xml: string): string {
  const out: string[] = [];
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
    else if (name === 'w:p' && (closing || selfClosing)) out.push('\n');
    else if (hidden === 0 && !closing && (name === 'w:tab' || name === 'w:ptab')) out.push('\t');
    else if (hidden === 0 && !closing && (name === 'w:br' || name === 'w:cr')) out.push('\n');
    else if (hidden === 0 && !closing && name === 'w:noBreakHyphen') out.push('-');
    if (hidden < 0) hidden = 0;
  }
  return out.join('');
}

export function readDocx(bytes: Uint8Array): ReadResult {
  const unzipped = documentXml(bytes);
  if ('reason' in unzipped) return failure(unzipped.reason);
  const xml = new TextDecoder().decode(unzipped.xml);
  return linesResult(paragraphsOf(xml));
}
