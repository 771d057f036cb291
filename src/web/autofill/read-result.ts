// What every reader gives back: the document's lines (document.ts), or why there are none. A
// reader never throws and never runs unbounded: the caps below stop it on a huge or hostile file.
import { type DocLine, documentOf, type RawLine } from './document.ts';

export type ReadFailure = 'unsupported' | 'no-text' | 'encrypted' | 'unreadable';
export type ReadResult = { ok: true; lines: DocLine[] } | { ok: false; reason: ReadFailure };

/** Characters of text kept in all: a resume holds far fewer. */
export const MAX_TEXT_CHARS = 200_000;
/** PDF pages read: a resume's fields are on its first pages. */
export const MAX_PDF_PAGES = 10;
/**
 * The longest a file may take to read, in the reader's worker (read-in-worker.ts) or a PDF in
 * readPdf, before it counts as unreadable.
 */
export const READ_TIME_LIMIT_MS = 15_000;

export const failure = (reason: ReadFailure): ReadResult => ({ ok: false, reason });

/** A reader's lines as a document, capped at MAX_TEXT_CHARS; no text at all is a failure. */
export function documentResult(raw: readonly RawLine[]): ReadResult {
  const lines = documentOf(raw, MAX_TEXT_CHARS);
  return lines.length > 0 ? { ok: true, lines } : failure('no-text');
}
