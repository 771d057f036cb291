// The resume reader's worker in this process, for tests that run the page without a browser
// (happy-dom has no Worker): what reader.worker.ts does, with pdf.js for Node, behind the
// interface the page talks to (read-in-worker.ts). The real worker is the browser suite's.
import { readFields } from '../../src/web/autofill/read-fields.ts';
import type { ReaderWorker } from '../../src/web/autofill/read-in-worker.ts';
import type { ReaderMessage } from '../../src/web/autofill/reader-protocol.ts';
import { loadNodePdfjs } from './node-pdfjs.ts';

export function inProcessReader(): ReaderWorker {
  const events = new EventTarget();
  const say = (message: ReaderMessage) =>
    events.dispatchEvent(new MessageEvent('message', { data: message }));
  queueMicrotask(() => say({ reader: 'ready' }));
  return {
    postMessage: (bytes) => void readFields(bytes, { loadPdfjs: loadNodePdfjs }).then(say),
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    terminate: () => undefined,
  };
}
