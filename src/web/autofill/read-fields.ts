// The resume reader's whole job, as its worker does it (reader.worker.ts): a file's bytes to the
// values found in them (the page keeps those that pass the form's check, valid.ts). A file that
// cannot be read finds none; a reader whose code did not download says so, so that a good file
// is never called unreadable for it (decision 016).
import { NotDownloaded } from '../load-once.ts';
import { fieldsFound } from './found.ts';
import { type ReadOptions, readResume } from './read.ts';
import type { ReaderMessage } from './reader-protocol.ts';

export async function readFields(bytes: Uint8Array, options: ReadOptions): Promise<ReaderMessage> {
  try {
    const read = await readResume(bytes, options);
    return { reader: 'found', fields: read.ok ? fieldsFound(read.lines) : {} };
  } catch (error) {
    return error instanceof NotDownloaded
      ? { reader: 'not-downloaded' }
      : { reader: 'found', fields: {} };
  }
}
