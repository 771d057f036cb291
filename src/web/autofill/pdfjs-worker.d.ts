// pdf.js's worker code, imported into the resume reader's worker for what it sets up
// (globalThis.pdfjsWorker, which pdf.js then runs in-thread), not for its exports.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
