// What every reader gives back: the text's lines, or why there are none. A reader never throws
// and never runs unbounded: the caps below stop it on a huge or hostile file.

export type ReadFailure = 'unsupported' | 'no-text' | 'encrypted' | 'unreadable';
export type ReadResult = { ok: true; lines: string[] } | { ok: false; reason: ReadFailure };

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

/** Text split into trimmed lines, capped at MAX_TEXT_CHARS; no text at all is a failure. */
export function linesResult(text: string): ReadResult {
  const lines = text
    .slice(0, MAX_TEXT_CHARS)
    .split(/\r\n|[\r\n\f\v\u2028\u2029]/)
    // A tab separates the columns of a line, as in `Engineer<tab>Acme<tab>2020`.
    .map((line) =>
      line
        .replace(/\t+/g, ' | ')
        .replace(/[\u00a0 ]+/g, ' ')
        .trim(),
    )
    .map((line) => line.replace(/^\|\s?|\s?\|$/g, '').trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? { ok: true, lines } : failure('no-text');
}
