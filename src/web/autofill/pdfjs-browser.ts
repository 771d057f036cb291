// pdf.js in the resume reader's worker, loaded only when a PDF is read. pdf.js's own worker code
// comes too, from our origin, into the same thread: pdf.js finds it (globalThis.pdfjsWorker) and
// runs it there instead of starting a worker of its own, so that ending the reader's worker at
// the time limit ends all of pdf.js with it, and no third party ever sees that a resume is read.
import { importOnDemand } from '../load-once.ts';
import type { PdfJs } from './read-pdf.ts';

export async function loadBrowserPdfjs(): Promise<PdfJs> {
  const [pdfjs] = await Promise.all([
    importOnDemand(() => import('pdfjs-dist')),
    importOnDemand(() => import('pdfjs-dist/build/pdf.worker.min.mjs')),
  ]);
  return pdfjs;
}
