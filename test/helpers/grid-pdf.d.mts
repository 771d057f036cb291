// Types of grid-pdf.mjs (plain ESM, as pdfkit has no types of its own here).
export const GRID_PAGES: string[][][];
export function gridPdf(): Promise<Buffer>;
