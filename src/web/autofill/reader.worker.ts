// The resume reader's worker (docs/autofill.md: reading never freezes the page): a file's bytes in, the
// fields found out, all the reading and extraction (pdf.js included) on this thread, none on the
// page's. One file per worker: the page ends it once it has answered, or at the time limit,
// whatever it is doing then (read-in-worker.ts).
import { loadBrowserPdfjs } from './pdfjs-browser.ts';
import { readFields } from './read-fields.ts';
import type { ReaderMessage } from './reader-protocol.ts';

const say = (message: ReaderMessage) => postMessage(message);

addEventListener('message', async ({ data }: MessageEvent<unknown>) => {
  // The bytes are the page's only message; pdf.js's worker code listens here too, for its own.
  if (data instanceof Uint8Array) say(await readFields(data, { loadPdfjs: loadBrowserPdfjs }));
});

// All of this module's code has arrived: a failure from now on is the file's, not the network's.
say({ reader: 'ready' });
