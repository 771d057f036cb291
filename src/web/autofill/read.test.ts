import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { boldPdf } from '../../../test/helpers/bold-pdf.mjs';
import { COLUMN_TRAP_FIELDS, columnTrapPdf } from '../../../test/helpers/column-trap.mjs';
import { extractFields } from '../../../test/helpers/extract.ts';
import { GRID_PAGES, gridPdf } from '../../../test/helpers/grid-pdf.mjs';
import { loadNodePdfjs } from '../../../test/helpers/node-pdfjs.ts';
import { MAX_LENGTHS, MAX_RESUME_BYTES } from '../../shared/constants.ts';
import { RESUME_SIGNATURES } from '../../shared/resume-type.ts';
import { NotDownloaded } from '../load-once.ts';
import { textsOf } from './document.ts';
import { MAX_LINKS, mailtoTargets, unshownAddresses } from './links.ts';
import { pageLines } from './pdf-layout.ts';
import { readResume } from './read.ts';
import { readDocx } from './read-docx.ts';
import { isBoldFontName, mailtoAddresses, type PdfJs, readPdf } from './read-pdf.ts';
import { MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';
import { isRtfFragment, readRtf } from './read-rtf.ts';
import { readText } from './read-text.ts';
import { withRulesOff } from './rules.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...new TextEncoder().encode(part)] : part,
    ),
  );
const readDocument = (data: Uint8Array) => readResume(data, { loadPdfjs: loadNodePdfjs });
/** What a reader found, its lines as plain text (the document's marks are tested in document.test.ts). */
const read = async (data: Uint8Array) => {
  const result = await readDocument(data);
  return result.ok ? { ok: true as const, lines: textsOf(result.lines) } : result;
};

/** A DOCX holding this body XML, and any other parts (a page header, a footer). */
function docx(body: string, name = 'word/document.xml', others: Record<string, string> = {}) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="w"><w:body>${body}</w:body></w:document>`;
  const parts = Object.entries(others).map(([part, text]) => [
    part,
    new TextEncoder().encode(`<w:hdr xmlns:w="w">${text}</w:hdr>`),
  ]);
  return zipSync({ [name]: new TextEncoder().encode(xml), ...Object.fromEntries(parts) });
}
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const cell = (...paragraphs: string[]) => `<w:tc>${paragraphs.map(paragraph).join('')}</w:tc>`;

/** Noise that repeats from run to run. */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = 42;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

describe('readResume: the type comes from the bytes', () => {
  it.each([
    ['resume.pdf', 'Ada Lovelace'],
    ['resume.docx', ''],
    ['resume.rtf', ''],
    ['resume.txt', ''],
  ])('reads the tiny real %s', async (name, text) => {
    const result = await read(fixture(name));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.lines.join('\n')).toContain(text);
  });

  it.each([
    ['a DOC', 'unsupported', fixture('resume.doc')],
    ['a PNG', 'unsupported', fixture('disguised.png')],
    ['a zip without a Word document', 'unsupported', docx('<w:p/>', 'content.xml')],
    ['an empty file', 'no-text', new Uint8Array()],
    ['a file of spaces', 'no-text', bytes('   \n\t \r\n')],
    ['a PDF header and nothing else', 'unreadable', bytes('%PDF-1.7\n')],
    ['a zip signature and nothing else', 'unreadable', bytes([0x50, 0x4b, 0x03, 0x04], 'garbage')],
    ['binary noise', 'unreadable', noise(64 * 1024)],
  ])('%s fails as %s', async (_what, reason, data) => {
    expect(await read(data)).toEqual({ ok: false, reason });
  });

  it('reads 5 MB of noise as unreadable, in a few seconds at most', async () => {
    const start = performance.now();
    expect(await read(noise(MAX_RESUME_BYTES))).toEqual({ ok: false, reason: 'unreadable' });
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('5 MB of noise behind a PDF or zip signature fails too', async () => {
    const body = noise(MAX_RESUME_BYTES);
    expect(
      (await read(new Uint8Array([...bytes('%PDF-1.4\n'), ...body.subarray(0, 1 << 20)]))).ok,
    ).toBe(false);
    expect(
      (await read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...body.subarray(0, 1 << 20)]))).ok,
    ).toBe(false);
  });

  it('asks for pdf.js only for a PDF', async () => {
    const loadPdfjs = vi.fn(loadNodePdfjs);
    await readResume(bytes('Jane Doe'), { loadPdfjs });
    expect(loadPdfjs).not.toHaveBeenCalled();
    await readResume(fixture('resume.pdf'), { loadPdfjs });
    expect(loadPdfjs).toHaveBeenCalledOnce();
  });

  it('says a PDF reader that did not download, and does not call the file unreadable', async () => {
    const loadPdfjs = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const reading = readResume(fixture('resume.pdf'), { loadPdfjs });
    await expect(reading).rejects.toBeInstanceOf(NotDownloaded);
    await expect(reading).rejects.toThrow('Part of the form did not download');
  });
});

describe('readResume: text', () => {
  it.each([
    [
      'UTF-8 with a byte-order mark',
      bytes([0xef, 0xbb, 0xbf], 'José Doe\r\nline two'),
      ['José Doe', 'line two'],
    ],
    ['Latin-1', bytes('Jos', [0xe9], ' Doe\n', 'caf', [0xe9]), ['José Doe', 'café']],
    [
      'UTF-16 with its mark',
      new Uint8Array([0xff, 0xfe, ...[...'Zoë'].flatMap((c) => [c.charCodeAt(0), 0])]),
      ['Zoë'],
    ],
    [
      'tab-separated columns',
      bytes('Engineer\tAcme\t2020\n\tIndented'),
      ['Engineer | Acme | 2020', 'Indented'],
    ],
  ])('%s', async (_what, data, lines) => {
    expect(await read(data)).toEqual({ ok: true, lines });
  });
});

describe('readResume: RTF', () => {
  it('drops tables, info and \\* destinations, decodes escapes, breaks at \\par and \\line, parts at \\tab', async () => {
    const rtf = String.raw`{\rtf1\ansi{\fonttbl{\f0\fswiss Arial;}}{\colortbl;\red0\green0\blue0;}{\*\generator Word;}{\info{\title Secret}{\author Nobody}}
\pard\f0\fs20 Jos\'e9 \uc1\u8211?\u-4064? Doe\par Line\line Two\tab end\par {\field{\*\fldinst HYPERLINK "x"}{\fldrslt jane@example.com}}\par \{braces\}\~ok}`;
    expect(await read(bytes(rtf))).toEqual({
      ok: true,
      // A tab parts columns, as a DOCX's does (rtf-tab-columns).
      lines: ['José –\uf020 Doe', 'Line', 'Two | end', 'jane@example.com', '{braces} ok'],
    });
  });

  it('reads the page header before the body, and leaves the footer out', async () => {
    const rtf = String.raw`{\rtf1\ansi{\header \pard Jane Doe\par jane@example.com\par}{\footer \pard Page {\field{\*\fldinst PAGE}{\fldrslt 1}}\par}\pard Experience\par}`;
    expect(await read(bytes(rtf))).toEqual({
      ok: true,
      lines: ['Jane Doe', 'jane@example.com', 'Experience'],
    });
  });

  it("gives the address of an email link whose text is only a word, after the body's lines (rtf-mailto)", async () => {
    const rtf = String.raw`{\rtf1\ansi\pard Jane Doe\par {\field{\*\fldinst HYPERLINK "mailto:jane.doe@example.com?subject=CV"}{\fldrslt Email}} | {\field{\*\fldinst HYPERLINK "https://example.com/jane"}{\fldrslt LinkedIn}}\par}`;
    expect(await read(bytes(rtf))).toEqual({
      ok: true,
      lines: ['Jane Doe', 'Email | LinkedIn', 'jane.doe@example.com'],
    });
    // The reader is synchronous: the rule is off while it reads.
    const off = withRulesOff(['rtf-mailto'], () => readRtf(bytes(rtf)));
    expect(off.ok && textsOf(off.lines)).toEqual(['Jane Doe', 'Email | LinkedIn']);
    // A link whose address the text shows adds nothing.
    const shown = String.raw`{\rtf1\ansi\pard {\field{\*\fldinst HYPERLINK "mailto:jo@example.com"}{\fldrslt jo@example.com}}\par}`;
    expect(await read(bytes(shown))).toEqual({ ok: true, lines: ['jo@example.com'] });
  });

  it.each([
    ['Central European', '1250', String.raw`Pawe\'b3 \'a3\'f3d\'9f`, 'Paweł Łódź', 'Pawe³ £ódŸ'],
    [
      'Cyrillic',
      '1251',
      String.raw`\'c8\'e2\'e0\'ed \'cf\'e5\'f2\'f0\'ee\'e2`,
      'Иван Петров',
      'Èâàí Ïåòðîâ',
    ],
    ['Greek', '1253', String.raw`\'c1\'ed\'e8\'fc\'f2`, 'Ανθός', 'Áíèüò'],
    ['Turkish', '1254', String.raw`\'dd\'fe\'e7i`, 'İşçi', 'Ýþçi'],
  ])(
    "decodes \\'hh escapes in the %s code page the document declares (rtf-code-page)",
    async (_name, page, text, decoded, western) => {
      const rtf = `{\\rtf1\\ansi\\ansicpg${page}\\deff0 ${text}\\par}`;
      expect(await read(bytes(rtf))).toEqual({ ok: true, lines: [decoded] });
      const off = withRulesOff(['rtf-code-page'], () => readRtf(bytes(rtf)));
      // Without the rule, the escapes are read as Windows-1252's.
      expect(off.ok && textsOf(off.lines)).toEqual([western]);
    },
  );

  it('reads a fragment without its header, as Pandoc writes one, as RTF (rtf-fragment)', async () => {
    const fragment = String.raw`{\pard \ql \f0 \sa180 \b \fs36 Jane Doe\par}
{\pard \ql \f0 \sa180 \b \fs28 Skills\par}
{\pard \ql \f0 Tide Tables, QGIS\par}`;
    expect(await read(bytes(fragment))).toEqual({
      ok: true,
      lines: ['Jane Doe', 'Skills', 'Tide Tables, QGIS'],
    });
    expect(withRulesOff(['rtf-fragment'], () => isRtfFragment(bytes(fragment)))).toBe(false);
    // Without the rule, it is text: its control words are read as words.
    const text = readText(bytes(fragment));
    expect(text.ok && textsOf(text.lines)[0]).toBe(
      String.raw`{\pard \ql \f0 \sa180 \b \fs36 Jane Doe\par}`,
    );
    // LaTeX's groups, and text that only opens with a brace, are no RTF.
    expect(isRtfFragment(bytes(String.raw`{\bf Jane Doe} \\`))).toBe(false);
    expect(isRtfFragment(bytes('{pard} Jane'))).toBe(false);
    expect(isRtfFragment(bytes(String.raw`  {\pardo x}`))).toBe(false);
  });

  it("keeps Windows-1252 for a code page it does not decode, and drops a \\u escape's fallback", async () => {
    // Shift-JIS writes its pairs half escaped: left to Windows-1252, as before.
    expect(await read(bytes(String.raw`{\rtf1\ansi\ansicpg932 Jos\'e9\par}`))).toEqual({
      ok: true,
      lines: ['José'],
    });
    expect(await read(bytes(String.raw`{\rtf1\ansi\ansicpg1250\uc1 Pawe\u322\'b3\par}`))).toEqual({
      ok: true,
      lines: ['Paweł'],
    });
  });

  it('survives deep nesting and a truncated file', async () => {
    expect(await read(bytes('{\\rtf1', '{'.repeat(100_000), 'x'))).toEqual({
      ok: true,
      lines: ['x'],
    });
    expect(await read(bytes('{\\rtf1 Jane\\'))).toEqual({ ok: true, lines: ['Jane'] });
  });
});

describe('readResume: DOCX', () => {
  it('reads paragraphs: runs joined, tabs and breaks, entities; no deleted text or field codes', async () => {
    const body =
      '<w:p><w:r><w:t>Ja</w:t></w:r><w:r><w:t xml:space="preserve">ne </w:t></w:r><w:r><w:t>Doe</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>A&amp;B</w:t><w:tab/><w:t>Caf&#233; &#x263A;</w:t><w:br/><w:t>next</w:t></w:r></w:p>' +
      '<w:p><w:r><w:delText>deleted</w:delText><w:instrText>HYPERLINK</w:instrText><w:t>kept</w:t></w:r></w:p>';
    expect(await read(docx(body))).toEqual({
      ok: true,
      lines: ['Jane Doe', 'A&B | Café ☺', 'next', 'kept'],
    });
  });

  it('reads the page headers first, once each, and the footers that hold contact details', async () => {
    const file = docx(paragraph('Experience'), 'word/document.xml', {
      'word/header1.xml': paragraph('Jane Doe') + paragraph('jane@example.com'),
      'word/header2.xml': paragraph('Jane Doe') + paragraph('jane@example.com'),
      'word/footer1.xml': paragraph('Page 1 of 2'),
      'word/footer2.xml': paragraph('Austin, TX 78701 | (512) 555-0100'),
    });
    expect(await read(file)).toEqual({
      ok: true,
      lines: ['Jane Doe', 'jane@example.com', 'Austin, TX 78701 | (512) 555-0100', 'Experience'],
    });
  });

  it('reads a text box where it is anchored, and not its VML copy twice', async () => {
    const box = (text: string) => `<w:txbxContent>${paragraph(text)}</w:txbxContent>`;
    const body =
      '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx>' +
      box('jane@example.com') +
      '</wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox>' +
      box('jane@example.com') +
      '</v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>' +
      paragraph('Skills');
    expect(await read(docx(body))).toEqual({ ok: true, lines: ['jane@example.com', 'Skills'] });
  });

  it('reads a row of one-line cells as one line, and a layout table cell by cell', async () => {
    const body =
      `<w:tbl><w:tr>${cell('Senior Engineer')}${cell('Globex')}${cell('2020 - Present')}</w:tr></w:tbl>` +
      `<w:tbl><w:tr>${cell('Jane Doe', 'jane@example.com')}${cell('Experience', 'Analyst')}</w:tr></w:tbl>`;
    expect(await read(docx(body))).toEqual({
      ok: true,
      lines: [
        'Senior Engineer | Globex | 2020 - Present',
        'Jane Doe',
        'jane@example.com',
        'Experience',
        'Analyst',
      ],
    });
  });

  it('gives the address of an email link whose text is only a word (docx-mailto)', async () => {
    const xml = (text: string) => new TextEncoder().encode(text);
    const body =
      '<w:p><w:r><w:t>Jane Doe</w:t></w:r></w:p>' +
      '<w:p><w:hyperlink r:id="rId7"><w:r><w:t>Email</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> | </w:t></w:r>' +
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "mailto:jane.work@example.org" </w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Work</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    const rels =
      '<Relationships><Relationship Id="rId7" Type="hyperlink" Target="mailto:jane.doe@example.com" TargetMode="External"/>' +
      '<Relationship Id="rId8" Type="hyperlink" Target="https://example.com/jane" TargetMode="External"/>' +
      // A link its source held and the body does not show (pandoc writes them all): none.
      '<Relationship Type="hyperlink" Id="rId9" Target="mailto:old@example.net" TargetMode="External"/></Relationships>';
    const file = zipSync({
      'word/document.xml': xml(
        `<w:document xmlns:w="w" xmlns:r="r"><w:body>${body}</w:body></w:document>`,
      ),
      'word/_rels/document.xml.rels': xml(rels),
    });
    expect(await read(file)).toEqual({
      ok: true,
      lines: ['Jane Doe', 'Email | Work', 'jane.doe@example.com', 'jane.work@example.org'],
    });
    const off = withRulesOff(['docx-mailto'], () => readDocx(file));
    expect(off.ok && textsOf(off.lines)).toEqual(['Jane Doe', 'Email | Work']);
  });

  it('gives the address of a relationship the body points at, and of no other, whatever the ids (docx-mailto)', () => {
    const xml = (text: string) => new TextEncoder().encode(text);
    // Ids of any characters an attribute can hold, long ones and unicode among them.
    const id = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 80 })
      .filter((text) => !/["<>&]/.test(text));
    const link = fc.record({ id, used: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(link, { selector: (one) => one.id, maxLength: 12 }), (links) => {
        const address = (index: number) => `a${index}@example.org`;
        const rels = links
          .map(
            (one, index) =>
              `<Relationship Id="${one.id}" Type="hyperlink" Target="mailto:${address(index)}" TargetMode="External"/>`,
          )
          .join('');
        const body = links
          .map((one) =>
            one.used
              ? `<w:p><w:hyperlink r:id="${one.id}"><w:r><w:t>Email</w:t></w:r></w:hyperlink></w:p>`
              : '',
          )
          .join('');
        const file = zipSync({
          'word/document.xml': xml(
            `<w:document xmlns:w="w" xmlns:r="r"><w:body><w:p><w:r><w:t>Jane Doe</w:t></w:r></w:p>${body}</w:body></w:document>`,
          ),
          'word/_rels/document.xml.rels': xml(`<Relationships>${rels}</Relationships>`),
        });
        const read = readDocx(file);
        const found = read.ok ? textsOf(read.lines).filter((text) => text.includes('@')) : [];
        // An id longer than an attribute the reader takes is read as no link at all.
        const expected = links.flatMap((one, index) =>
          one.used && one.id.length <= 64 ? [address(index)] : [],
        );
        expect(found).toEqual(expected.slice(0, MAX_LINKS));
      }),
      { numRuns: 100 },
    );
  });

  it('stops unzipping a bomb at its cap', async () => {
    const bomb = docx(`<w:p><w:r><w:t>${' '.repeat(50 * 1024 * 1024)}</w:t></w:r></w:p>`);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const start = performance.now();
    expect(await read(bomb)).toEqual({ ok: false, reason: 'unreadable' });
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});

describe('readPdf', () => {
  it('gives up on a PDF that takes too long', async () => {
    const destroy = vi.fn(async () => undefined);
    const never: PdfJs = {
      getDocument: (() => ({
        promise: new Promise(() => undefined),
        destroy,
      })) as unknown as PdfJs['getDocument'],
    };
    expect(await readPdf(bytes('%PDF-1.4'), never, 50)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    expect(destroy).toHaveBeenCalled();
  });

  it('reads the crafted PDF of issue 31: its resume lines first, then the letters', async () => {
    const result = await read(new Uint8Array(await columnTrapPdf()));
    if (!result.ok) throw new Error(`not read: ${result.reason}`);
    expect(result.lines.slice(0, 3)).toEqual(['Jordan Avery', 'jordan.avery@example.com', 'x']);
    expect(extractFields(result.lines)).toEqual(COLUMN_TRAP_FIELDS);
  });
});

describe('readPdf: tables', () => {
  it('marks each grid’s cells, its tables numbered on from the pages before', async () => {
    const result = await readDocument(new Uint8Array(await gridPdf()));
    if (!result.ok) throw new Error(`not read: ${result.reason}`);
    const cells = result.lines.filter((line) => line.table);
    expect(cells.map((line) => line.text)).toEqual(GRID_PAGES.flat(2));
    expect(cells.map(({ table }) => table && [table.table, table.row, table.column])).toEqual(
      GRID_PAGES.flatMap((rows, table) =>
        rows.flatMap((row, r) => row.map((_, column) => [table, r, column])),
      ),
    );
  });
});

describe('readPdf: bold fonts', () => {
  it('marks the lines and the openings a bold font sets, from the fonts pdf.js names', async () => {
    const result = await readDocument(new Uint8Array(await boldPdf()));
    if (!result.ok) throw new Error(`not read: ${result.reason}`);
    const marks = result.lines.map(({ text, bold, lead }) => ({ text, bold, lead }));
    expect(marks).toEqual([
      { text: 'Mara Quill', bold: undefined, lead: undefined },
      { text: 'mara.quill@example.org', bold: undefined, lead: undefined },
      { text: 'Experience', bold: true, lead: undefined },
      { text: 'Harbour Surveyor for Fernhill Ports', bold: undefined, lead: 'Harbour Surveyor' },
      {
        text: 'Charted the outer harbour and its approaches every spring.',
        bold: undefined,
        lead: undefined,
      },
    ]);
    // The bold opening parts the role from its employer: without it, `for` leaves it unsure.
    expect(extractFields(result.lines).latest_job_title).toBe('Harbour Surveyor');
    const plain = result.lines.map(({ bold, lead, ...line }) => line);
    expect(extractFields(plain).latest_job_title).toBeUndefined();
  });

  it('leaves the fonts of a page of many thousand text items unread', async () => {
    const result = await readDocument(new Uint8Array(await boldPdf({ filler: 4_001 })));
    if (!result.ok) throw new Error(`not read: ${result.reason}`);
    // The page of boldPdf's first test, its letters beneath: the heading is read, not bold.
    expect(result.lines.filter((line) => line.text === 'Experience')).toHaveLength(1);
    expect(result.lines.some((line) => line.bold || line.lead)).toBe(false);
  });

  it.each([
    ['BCDEEE+Calibri-Bold', true],
    ['Arial,BoldItalic', true],
    ['Helvetica-Bold', true],
    ['Lato-Black', true],
    ['SourceSansPro-Semibold', true],
    ['Montserrat-ExtraBold', true],
    ['ABCDEF+CMBX12', true],
    ['SFBX1000', true],
    ['AvenirNext-Heavy', true],
    ['FuturaPT-Demi', true],
    ['BCDFEE+Calibri', false],
    ['Helvetica', false],
    ['ABCDEF+CMR10', false],
    ['AcademicSans-Regular', false],
    ['Georgia-Italic', false],
    ['Roboto-Medium', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('reads the font name %j as bold: %j', (name, expected) => {
    expect(isBoldFontName(name)).toBe(expected);
  });

  it('reads any name, however long or strange, by its first 200 characters', () => {
    // Letters none of the bold words hold (b, c, d, h): no name of them is bold.
    const plain = fc.string({
      unit: fc.constantFrom('A', 'e', 'L', 'x', '+', '-', ',', 'é', '𝔸', ' '),
      maxLength: 5_000,
    });
    fc.assert(
      fc.property(plain, fc.string({ maxLength: 150 }), (name, before) => {
        expect(isBoldFontName(name)).toBe(false);
        expect(isBoldFontName(`${before}Bold${name}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(isBoldFontName(`${'x'.repeat(200)}Bold`)).toBe(false);
  });
});

describe('mailtoTargets: the email links written in markup', () => {
  it.each([
    [
      'a DOCX relationship',
      '<Relationship Id="rId7" Target="mailto:jo@example.com"/>',
      ['mailto:jo@example.com'],
    ],
    [
      'a field code, its query cut',
      ' HYPERLINK "MAILTO:Jo@Example.com?subject=CV" ',
      ['mailto:Jo@Example.com'],
    ],
    [
      'an RTF field, up to its brace',
      '{\\*\\fldinst HYPERLINK mailto:jo@example.com}',
      ['mailto:jo@example.com'],
    ],
    [
      'an escape kept for the decoding',
      'Target="mailto:jo%2Bcv@example.com"',
      ['mailto:jo%2Bcv@example.com'],
    ],
    ['none', 'Target="https://example.com/mailto"', []],
  ])('%s', (_what, markup, targets) => {
    expect(mailtoTargets(markup)).toEqual(targets);
  });

  it(`reads at most ${MAX_LINKS} links, and gives only addresses the text does not show`, () => {
    const many = Array.from({ length: 200 }, (_, index) => `"mailto:a${index}@b.co"`).join(' ');
    expect(mailtoTargets(many)).toHaveLength(MAX_LINKS);
    expect(unshownAddresses(mailtoTargets(many), 'a0@b.co')).toHaveLength(MAX_LINKS - 1);
  });

  it('never throws, and gives addresses an email field takes the length of, on hostile markup', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc
        .tuple(fc.constantFrom('mailto:', 'MAILTO:', 'mailto:%', '"mailto:'), fc.nat(5_000))
        .map(([unit, count]) => unit.repeat(count)),
      fc.string().map((tail) => `mailto:${'a'.repeat(300)}@${tail}`),
    );
    fc.assert(
      fc.property(hostile, fc.string(), (markup, text) => {
        const targets = mailtoTargets(markup);
        expect(targets.length).toBeLessThanOrEqual(MAX_LINKS);
        for (const address of unshownAddresses(targets, text)) {
          expect(address.length).toBeLessThanOrEqual(MAX_LENGTHS.email);
          expect(text.toLowerCase()).not.toContain(address.toLowerCase());
        }
      }),
    );
  });
});

describe('mailtoAddresses: the email behind a link', () => {
  const link = (url: unknown) => ({ subtype: 'Link', url });

  it.each([
    [
      'an email link the text shows only as a word',
      [link('mailto:Jo.Li@example.com')],
      'email',
      ['Jo.Li@example.com'],
    ],
    [
      'its query and escapes',
      [link('mailto:jo%2Bcv@example.com?subject=Hi')],
      'email',
      ['jo+cv@example.com'],
    ],
    ['one the text shows already', [link('mailto:jo@example.com')], 'JO@example.com', []],
    [
      'a web link, a link without a URL, a repeat',
      [link('https://example.com'), {}, null, link('mailto:a@b.co'), link('mailto:a@b.co')],
      '',
      ['a@b.co'],
    ],
    ['a broken escape', [link('mailto:%E0%A4%A@b.co')], '', []],
    ['no list at all', 'mailto:a@b.co', '', []],
  ])('%s', (_what, annotations, text, addresses) => {
    expect(mailtoAddresses(annotations, text)).toEqual(addresses);
  });

  it('never throws, and gives at most one address a link, on hostile annotations', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.string().map((url) => link(`mailto:${url}`)),
          ),
        ),
        fc.string(),
        (annotations, text) => {
          const found = mailtoAddresses(annotations, text);
          expect(found.length).toBeLessThanOrEqual(annotations.length);
          for (const address of found) expect(address.length).toBeLessThanOrEqual(254);
        },
      ),
    );
  });

  it('a resume whose contact line shows "email", the address only in its link, gives the address', async () => {
    const path = '../../../test/fixtures/held-out-3-resumes/files/neurrone-resume.pdf';
    const file = new Uint8Array(readFileSync(new URL(path, import.meta.url)));
    const read = await readResume(file, { loadPdfjs: loadNodePdfjs });
    if (!read.ok) throw new Error(`not read: ${read.reason}`);
    expect(extractFields(read.lines).email).toBe('dickson.tan.2013@gmail.com');
  });
});

describe('pageLines', () => {
  const at = (str: string, x: number, y: number, size = 10, font = 'text') => ({
    str,
    x,
    y,
    width: str.length * size * 0.5,
    size,
    font,
  });
  const icon = (str: string, x: number, y: number) => at(str, x, y, 10, 'icons');

  it("reads an icon font's glyphs as separators, not letters", () => {
    const items = [
      at('Jane Doe', 50, 740, 20),
      icon('z', 50, 700),
      at('Austin, TX', 62, 700),
      icon('@', 90, 700),
      at('jane@example.com', 102, 700),
      icon('\u2605', 50, 686),
      icon('\u2605', 58, 686),
    ];
    expect(pageLines(items, 612)).toEqual([
      'Jane Doe',
      ' | Austin, TX | jane@example.com',
      ' |  | ',
    ]);
  });

  it('reads a private-use glyph as a separator whatever its font', () => {
    expect(pageLines([at('\uf095 (555) 234-5678', 50, 700)], 612)).toEqual([' |  (555) 234-5678']);
  });

  it('takes no font for an icon font on a page set glyph by glyph', () => {
    const items = [...'Jane'].map((letter, i) => at(letter, 50 + i * 5, 700, 10, `f${i}`));
    expect(pageLines(items, 612)).toEqual(['Jane']);
  });

  it('reads a contact line across both columns as the header, before either column', () => {
    const left = ['EXPERIENCE', 'President & CEO', 'Yahoo!', 'Led the company', 'Grew mobile'];
    const right = ['STRENGTHS', 'Persuasive', 'Hard-working', 'Leader', 'UX'];
    const items = [
      at('Marissa Mayer', 50, 760, 20),
      at('mmayer@example.com', 50, 735),
      at('Sunnyvale, CA', 400, 735),
      ...left.map((text, i) => at(text, 50, 700 - i * 14)),
      ...right.map((text, i) => at(text, 400, 700 - i * 14)),
    ];
    expect(pageLines(items, 612)).toEqual([
      'Marissa Mayer',
      'mmayer@example.com',
      'Sunnyvale, CA',
      ...left,
      ...right,
    ]);
  });

  it('reads section names in a margin column with their content, row by row', () => {
    const rows: [string | null, string][] = [
      ['Experience', 'Senior Engineer, Globex'],
      [null, 'Built the billing system for a national retailer'],
      [null, 'Led a team of five engineers across two offices'],
      ['Skills', 'Python, SQL, Docker'],
      [null, 'Terraform, Kubernetes, Go'],
      ['Education', 'B.S. Computer Science, State University'],
      [null, 'Graduated with honours in the spring of that year'],
    ];
    const items = rows.flatMap(([margin, text], i) => [
      ...(margin ? [at(margin, 40, 700 - i * 14)] : []),
      at(text, 200, 700 - i * 14),
    ]);
    expect(pageLines(items, 612)).toEqual(
      rows.flatMap(([margin, text]) => (margin ? [margin, text] : [text])),
    );
  });

  it('keeps body text on the right above a photo in the right column, after the sidebar', () => {
    const summary = [
      'Innovative web developer with',
      'five years of experience',
      'in building websites',
    ];
    const left = ['John Doe', 'Pleasantville, CA 94588', 'john@example.com', 'Skills', 'HTML5'];
    const right = ['Experience', 'Senior Web Developer', 'Creative Solutions'];
    const items = [
      ...summary.map((text, i) => at(text, 250, 760 - i * 14)),
      ...left.map((text, i) => at(text, 50, 700 - i * 14)),
      ...right.map((text, i) => at(text, 250, 700 - i * 14)),
    ];
    expect(pageLines(items, 612)).toEqual([...left, ...summary, ...right]);
  });

  it('joins the items of a baseline, with a space where the gap is wide', () => {
    expect(
      pageLines([at('Jane', 50, 700), at('Doe', 50 + 20 + 4, 700.5), at('x', 94, 700)], 612),
    ).toEqual(['Jane Doe x']);
  });

  it('reads a left column before a right one, below a name across the page', () => {
    const left = ['CONTACT', 'jane@example.com', '555-234-5678', 'SKILLS', 'Python'];
    const right = [
      'EXPERIENCE',
      'Senior Engineer',
      'Globex, 2020 - Present',
      'Built the billing',
      'EDUCATION',
    ];
    const items = [
      at('Jane Doe', 260, 740, 20),
      ...left.map((text, i) => at(text, 50, 700 - i * 14)),
      ...right.map((text, i) => at(text, 250, 700 - i * 14)),
    ];
    expect(pageLines(items, 612)).toEqual(['Jane Doe', ...left, ...right]);
  });

  it('keeps one column with right-aligned dates in reading order', () => {
    const items = [
      at('Senior Engineer', 50, 700),
      at('2020 - Present', 480, 700),
      at('Built the billing system for a national retailer and its stores', 50, 686),
      at('Engineer', 50, 672),
      at('2016 - 2020', 495, 672),
      at('Kept the lights on for the platform team across three regions', 50, 658),
    ];
    expect(pageLines(items, 612)).toEqual([
      'Senior Engineer',
      '2020 - Present',
      'Built the billing system for a national retailer and its stores',
      'Engineer',
      '2016 - 2020',
      'Kept the lights on for the platform team across three regions',
    ]);
  });

  it('sees no column in dates set flush right beside short lines', () => {
    const rows = ['Engineer', 'Globex', 'Analyst', 'Initech', 'Clerk', 'Acme'];
    const items = rows.flatMap((text, i) => [
      at(text, 50, 700 - i * 14),
      at(`${2020 - i} - ${2021 - i}`, 480, 700 - i * 14),
    ]);
    expect(pageLines(items, 612)).toEqual(
      rows.flatMap((text, i) => [text, `${2020 - i} - ${2021 - i}`]),
    );
  });

  it('reads first the column under a large name when both columns start level', () => {
    const left = ['CONTACT', 'jane@example.com', 'SKILLS', 'Python'];
    const right = ['Jane Doe', 'EXPERIENCE', 'Senior Engineer', 'Globex'];
    const items = [
      ...left.map((text, i) => at(text, 50, 700 - i * 14)),
      ...right.map((text, i) => at(text, 250, 700 - i * 14 - (i ? 10 : 0), i ? 10 : 22)),
    ];
    expect(pageLines(items, 612)).toEqual([...right, ...left]);
  });
});

describe('readResume over generated hostile files', () => {
  /** A result as the readers promise it: lines of text within the cap, or a known failure. */
  function expectWellFormed(result: ReadResult) {
    if (result.ok) {
      expect(result.lines.length).toBeGreaterThan(0);
      for (const { text, lead } of result.lines) {
        expect(text).toBe(text.trim());
        // A bold opening is the start of its line's text, never the whole of it.
        if (lead !== undefined) {
          expect(lead).not.toBe('');
          expect(lead.length).toBeLessThan(text.length);
          expect(text.startsWith(lead)).toBe(true);
        }
      }
      expect(textsOf(result.lines).join('').length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    } else {
      expect(['unsupported', 'no-text', 'encrypted', 'unreadable']).toContain(result.reason);
    }
  }
  const garbage = fc.uint8Array({ maxLength: 2_000 });
  const signature = fc.constantFrom(...Object.values(RESUME_SIGNATURES), []);
  const hostileText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 500 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.constantFrom(
      '',
      '\\',
      '{\\rtf1',
      '\\u-99999?',
      "\\'zz",
      '<w:t>',
      '&#xFFFFFFFF;',
      '&amp',
      '{\\header',
      '</w:tc></w:tr>',
      '<w:tr><w:tc>',
      '<w:tbl>',
      // Headings with a rule after them, and rules alone or long.
      '\n\nSKILLS -------\nGo',
      `${'x '.repeat(5_000)}---`,
      `\n\n ${'-'.repeat(20_000)}`,
      '\n\n─── ═══ ___ ===',
      // Code pages declared, odd or long, and escapes in runs; email links in fields.
      '\\ansicpg1251',
      '\\ansicpg99999999999',
      '\\ansicpg-1',
      "\\'c8".repeat(5_000),
      '{\\field{\\*\\fldinst HYPERLINK "mailto:a@b.co"}{\\fldrslt Email}}',
      `mailto:${'a'.repeat(300)}`,
      // An RTF fragment without its header, its groups left open or closed too often.
      '{\\pard ',
      '{\\trowd\\cellx99999999999 ',
      `{\\pard ${'{'.repeat(5_000)}`,
      `{\\plain ${'}'.repeat(5_000)}`,
      // Columns set by spaces, and a long run of them.
      'Python      Java  SQL',
      `a${' '.repeat(20_000)}b${'  c'.repeat(5_000)}`,
      // Word's plain-text bullets, and tabs in an RTF paragraph, after a bullet and in long runs.
      'o\tGlazing\n\u00a7\tRaku\n\uf0b7\t',
      `${'o\t'.repeat(5_000)}a`,
      `A \\bullet\\tab B${'\\tab'.repeat(5_000)}`,
      // A list's level out of range, negative, or no number.
      '</w:t></w:r><w:pPr><w:numPr><w:ilvl w:val="-99999999999"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>',
      '</w:t></w:r><w:pPr><w:numPr><w:ilvl w:val="1e308"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>',
      '</w:t></w:r><w:pPr><w:numPr><w:ilvl w:val="x"/></w:numPr></w:pPr><w:r><w:t>',
      // Strong emphasis that opens a line: unclosed, longer than read, repeated, broken.
      '**',
      '**'.repeat(5_000),
      `**${'a'.repeat(300)}** b`,
      `__a__${'_'.repeat(5_000)}`,
      '**a\nb** c',
      // Raw TeX in Markdown: unclosed, long, and a line of nothing else.
      '\\alignright',
      `${'\\hspace['.repeat(3_000)}x`,
      `a${' \\textbullet'.repeat(5_000)} b`,
      `\\Begin{${'c'.repeat(5_000)}}`,
      `\\vspace{${'{'.repeat(3_000)}`,
      // HTML head cells: unclosed, long, empty, attributes without end.
      `<th>${'a'.repeat(5_000)}</th>`,
      `<th ${'x'.repeat(3_000)}>a</th>`,
      '<th></th><th>',
      // Raw TeX links: unclosed, nested, long, empty, in front matter.
      `${'\\href{'.repeat(3_000)}x`,
      `\\href{${'a'.repeat(5_000)}}{b}`,
      '\\href{}{}\\url{}\\href{a}{\\url{b}}',
      `---\nemail: ${'\\url{'.repeat(3_000)}\n---\n# A`,
      // Org macros' calls: unclosed, long, empty, their arguments many or escaped.
      `#+TITLE: A\n${'{{{m('.repeat(3_000)}`,
      `#+TITLE: A\n** B {{{date(${'a,'.repeat(3_000)})}}}`,
      `#+TITLE: A\n{{{${'m'.repeat(5_000)}}}}`,
      '#+TITLE: A\n{{{m()}}}{{{n(\\,)}}}',
    ),
  );
  /** Table markup in any nesting, opened and closed in any order. */
  const tableXml = fc
    .array(
      fc.constantFrom(
        '<w:tbl>',
        '</w:tbl>',
        '<w:tr>',
        '</w:tr>',
        '<w:tc>',
        '</w:tc>',
        '<w:p>',
        '</w:p>',
        '<w:t>x</w:t>',
      ),
      { maxLength: 60 },
    )
    .map((tags) => tags.join(''));

  it('gives trimmed lines within the cap or a known failure, for any bytes behind any signature', async () => {
    await fc.assert(
      fc.asyncProperty(signature, garbage, async (head, tail) => {
        expectWellFormed(await readDocument(new Uint8Array([...head, ...tail])));
      }),
      { numRuns: 60 },
    );
  });

  it('gives trimmed lines within the cap or a known failure, for RTF, DOCX and text holding hostile text', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        expectWellFormed(await readDocument(bytes(`{\\rtf1 ${text}}`)));
        expectWellFormed(await readDocument(docx(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`)));
        expectWellFormed(await readDocument(bytes(text)));
        // The same text as a line's bold opening, plain text after it.
        expectWellFormed(await readDocument(bytes(`{\\rtf1 {\\b ${text}} after\\par}`)));
        expectWellFormed(
          await readDocument(
            docx(
              `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${text}</w:t></w:r><w:r><w:t> after</w:t></w:r></w:p>`,
            ),
          ),
        );
        expectWellFormed(await readDocument(bytes(`**${text}** after`)));
      }),
      { numRuns: 100 },
    );
  });

  /** Plain text of table rules, delimiter rows and rows in any order, and long worst cases for their patterns. */
  const textTables = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '-----   -----',
          '|:--|--:|',
          ':-- | --:',
          '|',
          '| a | b |',
          'a \\| b | c',
          'Kent, WA      206.555.0100',
          '',
          `${'-'.repeat(5_000)} ${'-'.repeat(5_000)}x`,
          `|${' '.repeat(5_000)}--${' '.repeat(5_000)}|${' '.repeat(5_000)}x`,
          `${'a '.repeat(5_000)}   b`,
        ),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
      ),
      { maxLength: 30 },
    )
    .map((lines) => lines.join('\n'));

  it("gives trimmed lines within the cap, each table row's text its cells, for text tables in any order", async () => {
    await fc.assert(
      fc.asyncProperty(textTables, async (text) => {
        const result = await readDocument(bytes(text));
        expectWellFormed(result);
        // A row's text holds its last cell (bars and spaces aside: a line's edge bars go).
        const bare = (text: string) => text.replace(/[|\s]/g, '');
        for (const line of result.ok ? result.lines : []) {
          const cells = line.table?.columns?.map(bare).filter(Boolean);
          if (cells?.length) expect(bare(line.text)).toContain(cells.at(-1));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('gives trimmed lines within the cap or a known failure, for tables and page headers in any order', async () => {
    await fc.assert(
      fc.asyncProperty(tableXml, tableXml, hostileText, async (body, header, text) => {
        const file = docx(body, 'word/document.xml', {
          'word/header1.xml': header,
          'word/footer1.xml': `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`,
        });
        expectWellFormed(await readDocument(file));
      }),
      { numRuns: 100 },
    );
  });
});
