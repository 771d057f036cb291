// A page set with pdfkit's standard fonts, for the PDF reader's bold: Helvetica-Bold is named
// bold, Helvetica is not. A heading in bold, a role's line that opens in bold, a plain line.
import PDFDocument from 'pdfkit';

/** The page's bytes; `filler` tiny letters below its text, each a text item of its own. */
export function boldPdf({ filler = 0 } = {}) {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(20).text('Mara Quill');
  doc.fontSize(10).text('mara.quill@example.org');
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Experience');
  doc.text('Harbour Surveyor ', { continued: true });
  doc.font('Helvetica').text('for Fernhill Ports');
  doc.text('Charted the outer harbour and its approaches every spring.');
  doc.fontSize(1);
  for (let index = 0; index < filler; index++) {
    doc.text('x', 50 + (index % 200) * 2.5, 400 + Math.floor(index / 200) * 3, {
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
