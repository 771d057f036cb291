// A PDF resume through pdf.js. The caller hands in the pdf.js module, so that the browser
// loads it on demand in the reader's worker, with pdf.js's worker code from our origin in the
// same thread (pdfjs-browser.ts), and Node's tests use the legacy build with its in-process
// worker. Pages and time are capped; every failure is typed.
import type * as PdfJsModule from 'pdfjs-dist';
import type { RawLine } from './document.ts';
import { MAX_LINKS, unshownAddresses } from './links.ts';
import { type PlacedText, pageDocLines } from './pdf-layout.ts';
import {
  documentResult,
  failure,
  MAX_PDF_PAGES,
  MAX_TEXT_CHARS,
  READ_TIME_LIMIT_MS,
  type ReadResult,
} from './read-result.ts';
import { rule, ruleOn } from './rules.ts';

/** The first page's email links give their address where the text shows only a word. */
const MAILTO = rule('pdf-mailto', 'reader');
/**
 * The addresses of a page's `mailto:` links that its text does not show: a contact line set as
 * `email • LinkedIn`, the address only in the link.
 * Pure, and tested directly in read.test.ts.
 */
export function mailtoAddresses(annotations: unknown, text: string): string[] {
  if (!Array.isArray(annotations)) return [];
  // A page of many annotations is read for its first links only.
  const urls = annotations
    .slice(0, MAX_LINKS)
    .map((annotation) => (annotation as { url?: unknown } | null)?.url);
  return unshownAddresses(urls, text);
}

/**
 * A font whose name says bold (`Calibri-Bold`, `Arial,Bold`, LaTeX's `CMBX10`) sets bold text.
 */
const BOLD_FONTS = rule('pdf-bold-fonts', 'reader');
/** A bold face's name: `ABCDEF+Calibri-Bold`, `Arial,BoldItalic`, `Lato-Black`, LaTeX's `CMBX12`. */
const BOLD_NAME = /bold|black|heavy|^(?:[A-Z]{6}\+)?(?:cmbx|sfbx)/i;
/** `FuturaPT-Demi`: a capital D, as a face's part of the name is set, not `Academic`'s `demi`. */
const DEMI = /Demi|DEMI/;

/**
 * Whether a font's name names a bold face. Pure, and tested directly in read.test.ts.
 */
export function isBoldFontName(name: unknown): boolean {
  if (typeof name !== 'string') return false;
  const head = name.slice(0, 200);
  return BOLD_NAME.test(head) || DEMI.test(head);
}

/** What this reader needs of pdf.js: `import('pdfjs-dist')` or its legacy build. */
export type PdfJs = Pick<typeof PdfJsModule, 'getDocument'>;

function placed(item: unknown): PlacedText | null {
  if (typeof item !== 'object' || item === null || !('str' in item)) return null;
  const { str, transform, width, fontName } = item as {
    str: string;
    transform: number[];
    width: number;
    fontName?: string;
  };
  const [a = 0, b = 0, , , x = 0, y = 0] = transform;
  const text: PlacedText = { str, x, y, width, size: Math.hypot(a, b) || 1, font: fontName };
  // A baseline nearer upright than level: text set at an angle (a vertical title in a margin).
  if (Math.abs(b) > Math.abs(a)) text.rotated = true;
  return text;
}

/**
 * pdf.js hands a font over with ArrayBuffer's transferToFixedLength (Chrome 114, Firefox 122,
 * Safari 17.4, Node 21); without it no font arrives, and waiting for them is time lost.
 */
const canHandOverFonts = () =>
  typeof (ArrayBuffer.prototype as { transferToFixedLength?: unknown }).transferToFixedLength ===
  'function';

/** How long a page's fonts may take to arrive once its drawing is read. */
const FONTS_WAIT_MS = 200;
/**
 * A page of more text items than this has its fonts left unread: reading its drawing would
 * double the time its text took (the crafted PDF of many thousand letters a page), and no
 * resume's page holds so many.
 */
const MAX_FONT_ITEMS = 4_000;

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

/**
 * The fonts among `ids` whose names say bold. pdf.js names a page's fonts only once it has read
 * the page's drawing (its operator list), not with its text; a font that does not arrive in
 * time, or a page whose drawing fails, gives none.
 */
async function boldFontsOf(page: PdfPage, ids: ReadonlySet<string>): Promise<Set<string>> {
  const bold = new Set<string>();
  if (ids.size === 0 || !ruleOn(BOLD_FONTS) || !canHandOverFonts()) return bold;
  await page.getOperatorList();
  const named = [...ids].map(
    (id) =>
      new Promise<void>((resolve) => {
        page.commonObjs.get(
          id,
          (font: unknown) => {
            if (isBoldFontName((font as { name?: unknown } | null)?.name)) bold.add(id);
            resolve();
          },
          () => resolve(),
        );
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FONTS_WAIT_MS);
  });
  await Promise.race([Promise.all(named), late]);
  clearTimeout(timer);
  return bold;
}

function failureOf(error: unknown): ReadResult {
  const name = (error as { name?: string } | null)?.name;
  return failure(name === 'PasswordException' ? 'encrypted' : 'unreadable');
}

export async function readPdf(
  bytes: Uint8Array,
  pdfjs: PdfJs,
  timeLimitMs = READ_TIME_LIMIT_MS,
): Promise<ReadResult> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    // Text and fonts' names only: no font faces, no fetches from the worker, no WebAssembly
    // image decoders.
    disableFontFace: true,
    useWorkerFetch: false,
    useWasm: false,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    // Fonts' names (`Calibri-Bold`): what tells bold text apart.
    fontExtraProperties: true,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ReadResult>((resolve) => {
    timer = setTimeout(() => resolve(failure('unreadable')), timeLimitMs);
  });
  const work = (async (): Promise<ReadResult> => {
    const pdf = await task.promise;
    const lines: RawLine[] = [];
    let length = 0;
    let tables = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PDF_PAGES); number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.map(placed).filter((item) => item !== null);
      const [, , pageWidth = 612] = page.view;
      const fonts = new Set(items.flatMap((item) => (item.font === undefined ? [] : [item.font])));
      const bold =
        items.length > MAX_FONT_ITEMS
          ? new Set<string>()
          : await boldFontsOf(page, fonts).catch(() => new Set<string>());
      const pageLines = pageDocLines(items, pageWidth, bold);
      const firstTable = tables;
      for (const [index, line] of pageLines.entries()) {
        // A page numbers its tables from 0: in the document, they follow the pages' before it.
        if (line.table) {
          line.table.table += firstTable;
          tables = Math.max(tables, line.table.table + 1);
        }
        // A new page parts blocks.
        lines.push(index === 0 ? { ...line, gap: true } : line);
        length += line.text.length + 1;
      }
      if (number === 1 && ruleOn(MAILTO)) {
        const text = pageLines.map((line) => line.text).join('\n');
        for (const address of mailtoAddresses(await page.getAnnotations(), text)) {
          lines.push({ text: address, area: 'footer', gap: true });
        }
      }
      page.cleanup();
      if (length > MAX_TEXT_CHARS) break;
    }
    return documentResult(lines);
  })().catch(failureOf);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}
