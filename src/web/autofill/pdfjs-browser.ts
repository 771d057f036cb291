// pdf.js for the browser, loaded only when a PDF is read. Its worker is a file of our own
// origin, whose URL the caller gives (with Vite: `import workerUrl from
// 'pdfjs-dist/build/pdf.worker.min.mjs?url'`), so the CSP's script-src 'self' covers it and no
// third party ever sees that a resume is being read.
import { importOnDemand } from '../load-once.ts';
import type { PdfJs } from './read-pdf.ts';

export async function loadBrowserPdfjs(workerUrl: string): Promise<PdfJs> {
  const pdfjs = await importOnDemand(() => import('pdfjs-dist'));
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}
