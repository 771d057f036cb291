// A page set with pdfkit's standard fonts, for the PDF reader's bold: Helvetica-Bold is named
// bold, Helvetica is not. A heading in bold, a role's line that opens in bold, a plain line.
import PDFDocument from 'pdfkit';

/** The page's bytes. */
export function boldPdf() {
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
  doc.end();
  return done;
}
