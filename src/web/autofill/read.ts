// Any resume's bytes to text lines, by the type its bytes show. pdf.js is asked for only when
// the file is a PDF, so that the browser fetches it only then.
import { readDocx } from './read-docx.ts';
import type { PdfJs } from './read-pdf.ts';
import { failure, type ReadResult } from './read-result.ts';
import { readRtf } from './read-rtf.ts';
import { readText } from './read-text.ts';
import { sniffType } from './sniff.ts';

export interface ReadOptions {
  /** Loads pdf.js (in the browser: with its worker set to a URL of our own origin). */
  loadPdfjs: () => Promise<PdfJs>;
  timeLimitMs?: number;
}

export async function readResume(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  try {
    switch (sniffType(bytes)) {
      case 'pdf': {
        const [{ readPdf }, pdfjs] = await Promise.all([
          import('./read-pdf.ts'),
          options.loadPdfjs(),
        ]);
        return await readPdf(bytes, pdfjs, options.timeLimitMs);
      }
      case 'docx':
        return readDocx(bytes);
      case 'rtf':
        return readRtf(bytes);
      case 'text':
        return readText(bytes);
      case 'empty':
        return failure('no-text');
      default:
        return failure('unsupported');
    }
  } catch {
    return failure('unreadable');
  }
}
