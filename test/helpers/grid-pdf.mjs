// Two pages set with pdfkit, each with a grid of skills under a heading: three rows of three
// cells whose left edges stand level, closer than the gap that parts fragments.
import PDFDocument from 'pdfkit';

/** The skills in each page's grid, row by row. */
export const GRID_PAGES = [
  [
    ['Sextant', 'Theodolite', 'Charts'],
    ['Echo sounding', 'Tide tables', 'GIS'],
    ['Leadline', 'Sonar', 'Radar'],
  ],
  [
    ['Glazing', 'Raku', 'Kilns'],
    ['Throwing', 'Slip casting', 'Firing'],
    ['Clay mixing', 'Trimming', 'Wedging'],
  ],
];

/** The document's bytes. */
export function gridPdf() {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(10);
  for (const [page, rows] of GRID_PAGES.entries()) {
    if (page > 0) doc.addPage();
    doc.text(page === 0 ? 'SKILLS' : 'CRAFTS', 50, 80, { lineBreak: false });
    for (const [row, cells] of rows.entries()) {
      for (const [column, text] of cells.entries()) {
        doc.text(text, 50 + column * 75, 100 + row * 13, { lineBreak: false });
      }
    }
  }
  doc.end();
  return done;
}
