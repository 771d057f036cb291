// Types of bold-pdf.mjs (plain ESM, as pdfkit has no types of its own here).
export function boldPdf(options?: { filler?: number }): Promise<Buffer>;
