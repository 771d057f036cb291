// pdf.js for tests in Node: the legacy build, whose worker runs in-process (a "fake worker").
import type { PdfJs } from '../../src/web/autofill/read-pdf.ts';

type WithResolvers = { withResolvers?: () => unknown };

export async function loadNodePdfjs(): Promise<PdfJs> {
  // Node 20 (the CI's second run of the unit suite) lacks Promise.withResolvers (Node 22 has it).
  const promise = Promise as unknown as WithResolvers;
  promise.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const created = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise: created, resolve, reject };
  };
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}
