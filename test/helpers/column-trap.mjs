// The crafted PDF of issue 31, item 9, made on demand with pdfkit (plain ESM: the unit tests, the
// browser suite and the bench all load it). A resume's name and email, then page after page of
// single tiny letters 3 pt apart in rows 6 pt apart: every letter is a text item and a fragment
// of its own, and the gaps between them are many narrow strips that a column search must weigh
// at every level up to the fragments it lets cross a gutter. About 160 KB; the pairwise search
// spent some 3 s a page on it in Node, the tab frozen all that time.
import PDFDocument from 'pdfkit';

/** The trap's shape: 203 letters a row, 100 rows a page, 3 pages. */
const COLUMN_TRAP = { pages: 3, rows: 100, step: 3, size: 0.5 };

/** What a reader finds in it: the resume's own lines come first. */
export const COLUMN_TRAP_FIELDS = {
  first_name: 'Jordan',
  last_name: 'Avery',
  email: 'jordan.avery@example.com',
};

/**
 * The letters of one trap row at baseline `y`, as pdf.js reports them (left edge, width in a
 * 0.5 pt font): the layout without the PDF, for tests of the column search alone.
 */
export function trapRow(y, { step, size } = COLUMN_TRAP) {
  const row = [];
  for (let x = 1; x < 610; x += step) row.push({ str: 'x', x, y, width: size / 2, size });
  return row;
}

/** The crafted PDF's bytes. */
export function columnTrapPdf({ pages, rows, step, size } = COLUMN_TRAP) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      autoFirstPage: false,
      info: { CreationDate: new Date('2024-01-02T03:04:05Z'), Producer: 'pdfkit' },
    });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < pages; page++) {
      doc.addPage({ size: 'LETTER', margin: 0 });
      if (page === 0) {
        const { first_name, last_name, email } = COLUMN_TRAP_FIELDS;
        doc.fontSize(20).text(`${first_name} ${last_name}`, 54, 40, { lineBreak: false });
        doc.fontSize(11).text(email, 54, 70, { lineBreak: false });
      }
      doc.fontSize(size);
      for (let row = 0; row < rows; row++) {
        for (let x = 1; x < 610; x += step) doc.text('x', x, 100 + row * 6, { lineBreak: false });
      }
    }
    doc.end();
  });
}
