// The page's side of the resume reader (docs/autofill.md: reading never freezes the page): the file's
// bytes go to a worker of their own (reader.worker.ts), which reads them and extracts the fields
// off the page's thread. The page ends the worker once it has answered, or at the time limit
// whatever it is doing (a hostile file can keep a thread busy for as long as it likes; only
// ending the thread stops it), or when it fails. A worker ended, crashed or answering what no
// reader says has found nothing, and the page says that it could not read the file; a worker
// whose own code did not arrive is NotDownloaded, as any code loaded on demand (decision 016).
import { NotDownloaded } from '../load-once.ts';
import type { Extracted } from './found.ts';
import { READ_TIME_LIMIT_MS } from './read-result.ts';
import { readerMessage } from './reader-protocol.ts';

/** What the page needs of a Worker (a stand-in in tests that run without a browser). */
export interface ReaderWorker {
  postMessage(message: Uint8Array, transfer: Transferable[]): void;
  addEventListener(
    type: 'message' | 'messageerror' | 'error',
    listener: (event: Event) => void,
  ): void;
  terminate(): void;
}

/** The reader's worker: a module script of our own origin, as the CSP's script-src 'self' asks. */
export function startReader(): ReaderWorker {
  return new Worker(new URL('./reader.worker.ts', import.meta.url), {
    type: 'module',
    name: 'resume-reader',
  });
}

/** The fields `worker` finds in `bytes` (given over to it), none when it fails; it is ended. */
export function readInWorker(
  bytes: Uint8Array,
  worker: ReaderWorker,
  timeLimitMs = READ_TIME_LIMIT_MS,
): Promise<Extracted> {
  return new Promise<Extracted>((resolve, reject) => {
    let started = false;
    let ended = false;
    const end = (found: Extracted | NotDownloaded) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      worker.terminate();
      if (found instanceof NotDownloaded) reject(found);
      else resolve(found);
    };
    const timer = setTimeout(() => end({}), timeLimitMs);
    worker.addEventListener('message', (event) => {
      const message = readerMessage((event as MessageEvent<unknown>).data);
      if (message?.reader === 'ready') started = true;
      else if (message?.reader === 'found') end(message.fields);
      else if (message?.reader === 'not-downloaded') end(new NotDownloaded('the reader’s pdf.js'));
    });
    worker.addEventListener('messageerror', () => end({}));
    worker.addEventListener('error', (event) => {
      // Said here, not again in the console as an uncaught error.
      event.preventDefault();
      // Before the worker said it runs, its script did not arrive (or did not load).
      end(started ? {} : new NotDownloaded(event));
    });
    worker.postMessage(bytes, [bytes.buffer]);
  });
}
