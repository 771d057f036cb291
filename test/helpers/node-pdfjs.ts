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
  // Node 20 lacks ArrayBuffer's transferToFixedLength too (Node 21 has it), with which pdf.js
  // hands a page's fonts over; without it no font has a name, and no PDF text is bold.
  const buffer = ArrayBuffer.prototype as ArrayBuffer & {
    transferToFixedLength?: (length?: number) => ArrayBuffer;
  };
  buffer.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}
