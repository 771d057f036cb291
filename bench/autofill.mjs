// Autofill: in Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), step 1's
// "Start with your resume" with a two-page PDF (made here with pdfkit), from the file chosen
// (the input's change event) to the status line saying the fields are filled, including loading
// the reader (autofill chunk, pdf.js, its worker). Reports that time, the bytes fetched for it
// (encoded, as sent; the upload's request excluded) and each file, and whether pdf.js ran in a
// Worker. The page has had its first input before (the button's own code loads then).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, round, startOurs } from './lib.mjs';

const CPU_THROTTLING = 4;
const RUNS = 3;

/** A two-page resume: the contact lines and skills on page 1, the experience over both. */
function twoPagePdf() {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54 });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text('Jordan Avery');
    doc.fontSize(11).text('Columbus, OH 43215 | (614) 555-0199 | jordan.avery@example.com');
    doc.moveDown().fontSize(14).text('Skills');
    doc.fontSize(11).text('Kubernetes, Terraform, Go, PostgreSQL, Observability');
    doc.moveDown().fontSize(14).text('Experience');
    const job = (title, company, dates) => {
      doc.moveDown(0.5).fontSize(12).text(title);
      doc.fontSize(11).text(`${company}, ${dates}`);
      for (let i = 0; i < 6; i++)
        doc.text(`• Ran and improved production systems serving many teams, item ${i + 1}.`);
    };
    job('Site Reliability Engineer', 'Northwind Cloud', 'Mar 2021 – Present');
    job('Platform Engineer', 'Contoso Data', 'Jan 2018 – Feb 2021');
    doc.addPage();
    job('Systems Administrator', 'Fabrikam', 'Jun 2014 – Dec 2017');
    job('IT Support Technician', 'Tailspin', 'Aug 2011 – May 2014');
    doc.moveDown().fontSize(14).text('Education');
    doc.fontSize(11).text('B.S. Computer Science, Ohio State University, 2011');
    doc.end();
  });
}

/** Installed before the app: when the file is chosen and when the status says it is done. */
const OBSERVE = () => {
  window.__autofill = { chosenAt: null, filledAt: null };
  document.addEventListener(
    'change',
    (event) => {
      if (event.target?.id === 'autofill-file') window.__autofill.chosenAt = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    const status = document.querySelector('.autofill__status');
    if (!window.__autofill.filledAt && /^We filled/.test(status?.textContent ?? '')) {
      window.__autofill.filledAt = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

async function once(browser, server, file) {
  const context = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.addInitScript(OBSERVE);
    let workers = 0;
    page.on('worker', () => workers++);
    await page.goto(server.base, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, {
      polling: 50,
    });
    // The first input: the later steps' and the button's code load now, not in the figure.
    await page.focus('#field-first_name');
    await page.waitForSelector('#autofill-file', { state: 'attached' });
    await page.waitForLoadState('networkidle');

    const requests = [];
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.click('label[for="autofill-file"]'),
    ]);
    page.on('request', (request) => requests.push(request));
    await chooser.setFiles(file);
    await page.waitForFunction(() => window.__autofill.filledAt !== null, null, { polling: 50 });
    const { chosenAt, filledAt } = await page.evaluate(() => window.__autofill);
    const status = await page.textContent('.autofill__status');
    await page.waitForLoadState('networkidle');
    const fetched = [];
    for (const request of requests) {
      if (request.method() !== 'GET') continue;
      // A worker's script has no body size through Playwright: the length its answer states.
      const response = await request.response();
      const headers = (await response?.allHeaders()) ?? {};
      fetched.push({
        file: new URL(request.url()).pathname,
        encoding: headers['content-encoding'] ?? 'identity',
        bytes: Number(headers['content-length'] ?? (await request.sizes()).responseBodySize),
      });
    }
    return { ms: round(filledAt - chosenAt), fetched, workers, status };
  } finally {
    await context.close();
  }
}

export async function benchAutofill() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-autofill-'));
  const file = path.join(dir, 'jordan-avery.pdf');
  writeFileSync(file, await twoPagePdf());
  const server = await startOurs();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await once(browser, server, file));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const first = runs[0];
    return {
      cpuThrottling: CPU_THROTTLING,
      pages: 2,
      runs: RUNS,
      // Each run is a new browser context: a cold cache, the reader fetched every time.
      medianMs: times[Math.floor(times.length / 2)],
      timesMs: runs.map((r) => r.ms),
      fetchedBytes: first.fetched.reduce((sum, f) => sum + f.bytes, 0),
      fetched: first.fetched,
      pdfjsInAWorker: runs.every((r) => r.workers > 0),
      status: first.status,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/autofill.mjs` after `npm run build`: this row alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAutofill(), null, 2));
}
