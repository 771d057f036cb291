// Any resume's bytes to text lines, by the type its bytes show. pdf.js is asked for only when
// the file is a PDF, so that the browser fetches it only then; when that download fails, the
// file may be fine: the failure is the caller's to say (NotDownloaded), not "unreadable".
import { downloaded, importOnDemand } from '../load-once.ts';
import { readDocx } from './read-docx.ts';
import type { PdfJs } from './read-pdf.ts';
import { failure, type ReadResult } from './read-result.ts';
import { isRtfFragment, readRtf } from './read-rtf.ts';
import { readText } from './read-text.ts';
import { sniffType } from './sniff.ts';

export interface ReadOptions {
  /** Loads pdf.js (in the browser: in the reader's worker, its worker code in-thread there). */
  loadPdfjs: () => Promise<PdfJs>;
  timeLimitMs?: number;
}

export async function readResume(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  const type = sniffType(bytes);
  if (type === 'pdf') {
    const [{ readPdf }, pdfjs] = await downloaded(
      Promise.all([importOnDemand(() => import('./read-pdf.ts')), options.loadPdfjs()]),
    );
    return readPdf(bytes, pdfjs, options.timeLimitMs).catch(() => failure('unreadable'));
  }
  try {
    switch (type) {
      case 'docx':
        return readDocx(bytes);
      case 'rtf':
        return readRtf(bytes);
      case 'text':
        return isRtfFragment(bytes) ? readRtf(bytes) : readText(bytes);
      case 'empty':
        return failure('no-text');
      default:
        return failure('unsupported');
    }
  } catch {
    return failure('unreadable');
  }
}
