// What the page and the resume reader's worker say to each other (read-in-worker.ts,
// reader.worker.ts). The page posts the file's bytes; the worker says that it runs, then answers
// once: the fields it found (none when the file could not be read), or that part of its own code
// did not download. Every message is tagged: pdf.js's worker code, which the reader runs in its
// own thread, greets the page on the same channel, and that is no answer.
import { RESUME_FIELDS } from './fill.ts';
import type { Extracted } from './found.ts';

export type ReaderMessage =
  | { reader: 'ready' }
  | { reader: 'found'; fields: Extracted }
  | { reader: 'not-downloaded' };

/** `data` as a message of the reader, or null; of what it found, only the fields, as text. */
export function readerMessage(data: unknown): ReaderMessage | null {
  if (typeof data !== 'object' || data === null || !('reader' in data)) return null;
  if (data.reader === 'ready' || data.reader === 'not-downloaded') return { reader: data.reader };
  if (data.reader !== 'found' || !('fields' in data)) return null;
  const found: unknown = data.fields;
  if (typeof found !== 'object' || found === null) return null;
  const fields: Extracted = {};
  for (const name of RESUME_FIELDS) {
    const value: unknown = (found as Record<string, unknown>)[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return { reader: 'found', fields };
}
