// The document model (document.ts) and what each reader says of its lines, each rule on a small
// document made up for it.
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../test/helpers/extract.ts';
import { type DocLine, documentOf, isCaps, leadOf, textsOf } from './document.ts';
import { pageDocLines } from './pdf-layout.ts';
import { readDocx } from './read-docx.ts';
import type { ReadResult } from './read-result.ts';
import { readRtf } from './read-rtf.ts';
import { readText } from './read-text.ts';
import { withRulesOff } from './rules.ts';

const encoded = (text: string) => new TextEncoder().encode(text);
/** A table's row as the text reader gives it, in block 0: its cells parted by ` | `. */
const row = (table: number, index: number, columns: string[]): DocLine => ({
  text: columns.filter(Boolean).join(' | '),
  table: { table, row: index, column: 0, columns },
  block: 0,
});

function linesOf(result: ReadResult): DocLine[] {
  if (!result.ok) throw new Error(`not read: ${result.reason}`);
  return result.lines;
}

describe('documentOf', () => {
  it('makes sizes relative to the size most characters are set in', () => {
    expect(
      documentOf(
        [
          { text: 'Jane Doe', size: 36 },
          { text: 'A body line set in the usual size', size: 20 },
          { text: 'Another line of the body', size: 20 },
          { text: 'Skills', size: 26 },
        ],
        1_000,
      ),
    ).toEqual([
      { text: 'Jane Doe', size: 1.8, block: 0 },
      { text: 'A body line set in the usual size', size: 1, block: 0 },
      { text: 'Another line of the body', size: 1, block: 0 },
      { text: 'Skills', size: 1.3, block: 0 },
    ]);
  });

  it('splits a text at its breaks, each part with the marks, and parts blocks at blank lines and gaps', () => {
    expect(
      documentOf(
        [
          { text: 'Jane Doe\njane@example.com', bold: true },
          { text: '   ' },
          { text: 'SKILLS', heading: 1 },
          { text: 'Go\tPython', list: true },
          { text: 'Experience', gap: true },
        ],
        1_000,
      ),
    ).toEqual([
      { text: 'Jane Doe', bold: true, block: 0 },
      { text: 'jane@example.com', bold: true, block: 0 },
      { text: 'SKILLS', heading: 1, caps: true, block: 1 },
      { text: 'Go | Python', list: true, block: 1 },
      { text: 'Experience', block: 2 },
    ]);
  });

  it('keeps a line set in capitals as such, whatever its letters', () => {
    expect(documentOf([{ text: 'Skills', caps: true }], 100)).toEqual([
      { text: 'Skills', caps: true, block: 0 },
    ]);
  });

  it.each([
    ['SKILLS', true],
    ['WORK HISTORY & MORE', true],
    ['ÉDUCATION', true],
    ['Skills', false],
    ['A', false],
    ['C++ / C#', false],
    ['2020 - 2024', false],
    ['IT', true],
  ])('isCaps(%j) is %s', (text, caps) => {
    expect(isCaps(text)).toBe(caps);
  });

  it('gives trimmed, non-empty lines in blocks that only grow, within the cap, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: fc.oneof(
              fc.string({ unit: 'grapheme', maxLength: 300 }),
              fc.string({ unit: 'binary', maxLength: 300 }),
              fc.constantFrom('\n\n\n', '\t\t', '\u2028', '', ' '.repeat(5_000)),
              // Comments' marks, a comment open over lines, and openings that close nothing.
              fc.constantFrom('<!--', '-->', '<!-- a\nb -->', 'a <!-- b', '<!--'.repeat(500)),
              // Letters spaced out, and a long run of them that fails at its end.
              fc.constantFrom('J A N E   D O E', `${'a '.repeat(5_000)}  b b!`),
              fc.constantFrom('Harbour Surveyor for Globex', 'Harbour Surveyor\tGlobex\nLeeds'),
            ),
            size: fc.option(
              fc.oneof(fc.double(), fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY)),
              { nil: undefined },
            ),
            gap: fc.boolean(),
            // A bold opening: the text's own start, another text, empty, or broken over lines.
            lead: fc.option(
              fc.oneof(
                fc.string({ unit: 'grapheme', maxLength: 50 }),
                fc.constantFrom(
                  '',
                  ' ',
                  '\n',
                  'J A N E',
                  'a\tb',
                  'a\nb',
                  'Harbour Surveyor',
                  'Harbour Surveyor for Globex',
                  'Harbour Surveyor\t',
                ),
              ),
              { nil: undefined },
            ),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 2_000 }),
        (raw, cap) => {
          const lines = documentOf(raw, cap);
          expect(lines.reduce((sum, line) => sum + line.text.length, 0)).toBeLessThanOrEqual(cap);
          for (const [index, line] of lines.entries()) {
            expect(line.text).toBe(line.text.trim());
            expect(line.text).not.toBe('');
            expect(line.text).not.toMatch(/[\r\n\t]/);
            expect(line.block).toBeGreaterThanOrEqual(lines[index - 1]?.block ?? 0);
            if (line.size !== undefined) expect(Number.isFinite(line.size)).toBe(true);
            if (line.lead !== undefined) {
              expect(line.lead).not.toBe('');
              expect(line.lead.length).toBeLessThan(line.text.length);
              expect(line.text.startsWith(line.lead)).toBe(true);
            }
          }
        },
      ),
      // A tab between two characters the trim keeps: ` | ` makes the line longer than read.
      {
        numRuns: 200,
        examples: [
          [[{ text: '\u0000\t\u0000', size: undefined, gap: false, lead: undefined }], 3],
          // A comment that takes all but the bold opening: the opening is the whole line, none.
          [
            [
              { text: 'a <!-- b', size: undefined, gap: false, lead: 'a\nb' },
              { text: '-->', size: undefined, gap: false, lead: undefined },
            ],
            12,
          ],
        ],
      },
    );
  });
});

describe('documentOf: letters spaced out (letter-spacing)', () => {
  const texts = (raw: string[]) =>
    documentOf(
      raw.map((text) => ({ text })),
      10_000,
    ).map((line) => line.text);
  const raw = [
    'M A R A   Q U I L L',
    'H E A D    G A R D E N E R',
    'A B C',
    'Mara  Quill',
    'T X  7 8 7 0 1',
  ];

  it('letters spaced out, words parted by wider gaps, are words', () => {
    expect(texts(raw)).toEqual([
      'MARA QUILL',
      'HEAD GARDENER',
      'A B C',
      'Mara Quill',
      'T X 7 8 7 0 1',
    ]);
  });

  it('without letter-spacing, each letter stays a word', () => {
    expect(withRulesOff(['letter-spacing'], () => texts(raw))).toEqual([
      'M A R A Q U I L L',
      'H E A D G A R D E N E R',
      'A B C',
      'Mara Quill',
      'T X 7 8 7 0 1',
    ]);
  });

  it('a plain-text line of letters spaced out is no row of columns', () => {
    expect(
      textsOf(linesOf(readText(encoded('M A R A    Q U I L L\nGlazing    Raku    Kiln')))),
    ).toEqual(['MARA QUILL', 'Glazing | Raku | Kiln']);
  });
});

describe('documentOf: the bold words a line opens with (lead-bold)', () => {
  const bold = (text: string) => ({ text, bold: true });
  const plain = (text: string) => ({ text, bold: false });

  it.each([
    [
      'bold, then plain',
      [bold('Harbour Surveyor'), plain(' for Fernhill Ports')],
      'Harbour Surveyor',
    ],
    [
      'bold runs with a plain space between',
      [bold('Harbour'), plain(' '), bold('Surveyor'), plain(', Leeds')],
      'Harbour Surveyor',
    ],
    ['all bold: the line is bold, no opening', [bold('Harbour Surveyor')], undefined],
    ['plain first', [plain('Fernhill Ports '), bold('Surveyor')], undefined],
    ['bold spaces only before the plain text', [bold('  '), plain('Surveyor')], undefined],
    ['no runs', [], undefined],
  ])('%s', (_name, runs, lead) => {
    expect(leadOf(runs)).toBe(lead);
  });

  it('keeps it on the first line of a text broken over lines, and only while the line opens with it', () => {
    const raw = [
      { text: 'Harbour Surveyor\tFernhill Ports\nLeeds, UK', lead: 'Harbour Surveyor\t' },
      { text: 'Fernhill Ports', lead: 'Harbour' },
    ];
    expect(withRulesOff(['lead-bold'], () => documentOf(raw, 10_000))[0]).toEqual({
      text: 'Harbour Surveyor | Fernhill Ports',
      block: 0,
    });
    const lines = documentOf(raw, 10_000);
    expect(lines).toEqual([
      { text: 'Harbour Surveyor | Fernhill Ports', lead: 'Harbour Surveyor', block: 0 },
      { text: 'Leeds, UK', block: 0 },
      { text: 'Fernhill Ports', block: 0 },
    ]);
  });

  it('in plain text, strong emphasis that opens a line with text after it', () => {
    const lines = linesOf(
      readText(encoded(':   **Harbour Surveyor** for Fernhill Ports\n**Skills**\n__Go__\n')),
    );
    expect(lines.map(({ text, lead, bold }) => ({ text, lead, bold }))).toEqual([
      {
        text: '**Harbour Surveyor** for Fernhill Ports',
        lead: '**Harbour Surveyor**',
        bold: undefined,
      },
      { text: '**Skills**', lead: undefined, bold: true },
      { text: '__Go__', lead: undefined, bold: true },
    ]);
  });
});

describe('documentOf: Markdown comments (markup-comments)', () => {
  const texts = (raw: string[]) =>
    documentOf(
      raw.map((text) => ({ text })),
      10_000,
    ).map(({ text, block }) => [text, block]);

  it('drops a comment from its line, and a line that held only a comment, over lines too', () => {
    const raw = [
      'Mara Quill',
      '<!-- the left half goes in a span -->',
      'Head Gardener <!-- then the right half --> | Fernhill Estate',
      '<!-- a note',
      'that runs on -->',
      '',
      'Pruned the orchard',
    ];
    expect(texts(raw)).toEqual([
      ['Mara Quill', 0],
      ['Head Gardener | Fernhill Estate', 0],
      ['Pruned the orchard', 1],
    ]);
    expect(withRulesOff(['markup-comments'], () => texts(raw))).toHaveLength(6);
  });

  it('keeps an opening that nothing after it closes as text, and an arrow as an arrow', () => {
    expect(texts(['Inbox --> Archive', 'Sketches <!-- drafts', 'Mara Quill'])).toEqual([
      ['Inbox --> Archive', 0],
      ['Sketches <!-- drafts', 0],
      ['Mara Quill', 0],
    ]);
  });

  it('reads capitals again where the comment held the only lower-case letters', () => {
    const [line] = documentOf([{ text: 'SKILLS <!-- keep short -->' }], 100);
    expect(line).toEqual({ text: 'SKILLS', block: 0, caps: true });
  });
});

describe('readText: what plain text says of its lines', () => {
  it.each([
    [
      'a line underlined with = is a heading, with - a lower one; the underline is no line',
      'Jane Doe\n========\nSkills\n------\nGo',
      [
        { text: 'Jane Doe', heading: 1, block: 0 },
        { text: 'Skills', heading: 2, block: 0 },
        { text: 'Go', block: 0 },
      ],
    ],
    [
      "Markdown's # and AsciiDoc's = open a heading of their level, and are no part of its text",
      '# Jane Doe\n## Skills\n=== Tools\n#hashtag',
      [
        { text: 'Jane Doe', heading: 1, block: 0 },
        { text: 'Skills', heading: 2, block: 0 },
        { text: 'Tools', heading: 3, block: 0 },
        { text: '#hashtag', block: 0 },
      ],
    ],
    [
      'a bullet or a number opens a list item, and is no part of its text',
      '- Go\n* Python\n• SQL\n1. Excel\n2) Word\n-5 degrees\n2020. A year',
      [
        { text: 'Go', list: true, block: 0 },
        { text: 'Python', list: true, block: 0 },
        { text: 'SQL', list: true, caps: true, block: 0 },
        { text: 'Excel', list: true, block: 0 },
        { text: 'Word', list: true, block: 0 },
        { text: '-5 degrees', block: 0 },
        { text: '2020. A year', block: 0 },
      ],
    ],
    [
      'leading spaces indent, two to a level, a tab two spaces',
      'Engineer\n  Acme\n    Built things\n\tTabbed',
      [
        { text: 'Engineer', block: 0 },
        { text: 'Acme', indent: 1, block: 0 },
        { text: 'Built things', indent: 2, block: 0 },
        { text: 'Tabbed', indent: 1, block: 0 },
      ],
    ],
    [
      'blank lines part blocks; a line in capitals is noted',
      'JANE DOE\njane@example.com\n\n\nEXPERIENCE\nEngineer',
      [
        { text: 'JANE DOE', caps: true, block: 0 },
        { text: 'jane@example.com', block: 0 },
        { text: 'EXPERIENCE', caps: true, block: 1 },
        { text: 'Engineer', block: 1 },
      ],
    ],
    [
      "an underline under a paragraph's last line is a rule between blocks, not a heading",
      'Jane Doe\njane@example.com\n=====\nSkills\n======\nGo',
      [
        { text: 'Jane Doe', block: 0 },
        { text: 'jane@example.com', block: 0 },
        { text: 'Skills', heading: 1, block: 1 },
        { text: 'Go', block: 1 },
      ],
    ],
    [
      'a Pandoc attribute after a Markdown heading is no part of its text',
      '### Skills {#skills}\n## Tools {.section}\nGo {#x}',
      [
        { text: 'Skills', heading: 3, block: 0 },
        { text: 'Tools', heading: 2, block: 0 },
        { text: 'Go {#x}', block: 0 },
      ],
    ],
    [
      'a rule after a blank line is no underline, and a dash of two is none either',
      'Jane\n\n---\nA -- B\n--\nC',
      [
        { text: 'Jane', block: 0 },
        { text: '---', block: 1 },
        { text: 'A -- B', block: 1 },
        { text: '--', block: 1 },
        { text: 'C', block: 1 },
      ],
    ],
    [
      'a line wholly in strong emphasis is bold; a Markdown definition is indented under its term',
      '**Cloud Tools**\n:   **Terraform:** modules\n: - Packer\n**Go** and Rust',
      [
        { text: '**Cloud Tools**', bold: true, block: 0 },
        { text: '**Terraform:** modules', indent: 1, lead: '**Terraform:**', block: 0 },
        { text: 'Packer', indent: 1, list: true, block: 0 },
        { text: '**Go** and Rust', lead: '**Go**', block: 0 },
      ],
    ],
    [
      "a Pandoc simple table's rows are rows of cells, by the columns its rules' dashes mark; the rules are no text",
      [
        '--------------------   ------------------------',
        '**Odile Marchetti**          odile@example.net',
        '5 Wren Lane                     (802) 555-0144',
        'Burlington, VT 05401',
        '--------------------   ------------------------',
        'Summary',
      ].join('\n'),
      [
        row(0, 0, ['**Odile Marchetti**', 'odile@example.net']),
        row(0, 1, ['5 Wren Lane', '(802) 555-0144']),
        row(0, 2, ['Burlington, VT 05401', '']),
        { text: 'Summary', block: 0 },
      ],
    ],
    [
      "a Markdown pipe table's head and rows are rows of cells; its delimiter row and an empty head are no text",
      [
        '| Tools | Level |',
        '|:--|--:|',
        '| Lathe \\| mill | expert |',
        '',
        '|',
        ':------ | -----:',
        '**Lab Tech /** *Mill Works* | **2021 - Present**',
        'Kept the lathes running',
      ].join('\n'),
      [
        row(0, 0, ['Tools', 'Level']),
        row(0, 1, ['Lathe \\| mill', 'expert']),
        { ...row(1, 0, ['**Lab Tech /** *Mill Works*', '**2021 - Present**']), block: 1 },
        { text: 'Kept the lathes running', block: 1 },
      ],
    ],
    [
      'a rule of dashes over a line that fills one column is no table: the rule is no text',
      '----------   ----------\nRowan Pike\nWelder',
      [
        { text: 'Rowan Pike', block: 0 },
        { text: 'Welder', block: 0 },
      ],
    ],
  ])('%s', (_rule, text, lines) => {
    expect(linesOf(readText(encoded(text)))).toEqual(lines);
  });

  it('without text-tables, a table is lines of text', () => {
    const text = '|:--|--:|\n| Lathe | expert |\n-------  -------\nWren Lane   VT';
    expect(withRulesOff(['text-tables'], () => textsOf(linesOf(readText(encoded(text)))))).toEqual([
      ':--|--:',
      'Lathe | expert',
      '------- -------',
      'Wren Lane VT',
    ]);
  });

  it('gaps of two spaces or more part columns, two on a line or one wide (text-space-columns)', () => {
    const text = [
      'Welding      Rigging    Kiln work',
      'Surveying  Glazing  Raku',
      'Rowan Pike        rowan@example.com',
      // A lone gap of two or three spaces is a typist's: a name, a ZIP after its state.
      'Rowan  Pike',
      'Taos, NM   87571',
      'Done.  Next: two  spaces',
    ].join('\n');
    // The lines with a lone gap read alike with the rule on and off.
    const typed = ['Rowan Pike', 'Taos, NM 87571', 'Done. Next: two spaces'];
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Welding | Rigging | Kiln work',
      'Surveying | Glazing | Raku',
      'Rowan Pike | rowan@example.com',
      ...typed,
    ]);
    expect(
      withRulesOff(['text-space-columns'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toEqual([
      'Welding Rigging Kiln work',
      'Surveying Glazing Raku',
      'Rowan Pike rowan@example.com',
      ...typed,
    ]);
  });

  it("a bullet as Word's plain text writes it opens a list item (text-word-bullets)", () => {
    const text = [
      '·\tGlazing',
      '\uf0b7\tRaku',
      'o\tKiln work',
      '\u00a7\tSextant',
      '» Chartwork',
      'o Pike',
    ].join('\n');
    const lines = linesOf(readText(encoded(text)));
    expect(lines.map((line) => [line.text, line.list === true])).toEqual([
      ['Glazing', true],
      ['Raku', true],
      ['Kiln work', true],
      ['Sextant', true],
      ['Chartwork', true],
      // A letter before a space is a word: `o` in Spanish.
      ['o Pike', false],
    ]);
    expect(
      withRulesOff(['text-word-bullets'], () =>
        linesOf(readText(encoded(text))).map((line) => line.list === true),
      ),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('a line standing alone with a rule after its words is a heading (text-trailing-rule)', () => {
    const text = 'Rowan Pike\n\nTRADES ------------\nWelding, Rigging\nKiln work ==== here';
    expect(linesOf(readText(encoded(text)))).toEqual([
      { text: 'Rowan Pike', block: 0 },
      { text: 'TRADES', block: 1, heading: 2, caps: true },
      { text: 'Welding, Rigging', block: 1 },
      { text: 'Kiln work ==== here', block: 1 },
    ]);
    expect(
      withRulesOff(['text-trailing-rule'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toContain('TRADES ------------');
  });

  it("gives Markdown's front matter values of a name, a title or a contact as lines, the rest none (text-front-matter)", () => {
    const text =
      '---\nlayout: cv\ntitle: "Rowan Pike"\nauthor: Rowan Pike\ngeometry: margin=1in\ncontact:\n  email: rowan@example.com\n---\n\n## Trades\nWelding';
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'rowan@example.com',
      'Trades',
      'Welding',
    ]);
    expect(
      withRulesOff(['text-front-matter'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toContain('geometry: margin=1in');
    // A rule with no closing one after it is no front matter.
    expect(textsOf(linesOf(readText(encoded('---\nRowan Pike\n\nWelding'))))).toEqual([
      '---',
      'Rowan Pike',
      'Welding',
    ]);
  });

  it("gives a front matter key's value nested under it (text-nested-front-matter)", () => {
    const text = [
      '---',
      'title: Rowan Pike',
      'email:',
      '  url: mailto:rowan@example.com',
      '  text: rowan@example.com',
      'homepage:',
      '  url: https://rowan.example',
      '---',
      '',
      '## Trades',
      'Welding',
    ].join('\n');
    // The link's scheme gone, the two values are one; an unwanted key's (a homepage) is none.
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'rowan@example.com',
      'Trades',
      'Welding',
    ]);
    expect(
      withRulesOff(['text-nested-front-matter'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toEqual(['Rowan Pike', 'Trades', 'Welding']);
  });

  it("drops Markdown's code fences, keeping what they fence (text-code-fences)", () => {
    const text = '# Rowan Pike\n\n```\nPortsmouth, NH\n```\n\n~~~yaml\nWelding\n~~~';
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'Portsmouth, NH',
      'Welding',
    ]);
    expect(
      withRulesOff(['text-code-fences'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toContain('~~~yaml');
  });

  it("reads Hugo's TOML front matter as YAML's (text-toml-front-matter)", () => {
    const text =
      "+++\ndraft = false\nauthor = 'Rowan Pike'\nhidePagination = true\n+++\n\n## Trades\nWelding";
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual(['Rowan Pike', 'Trades', 'Welding']);
    expect(
      withRulesOff(['text-toml-front-matter'], () => textsOf(linesOf(readText(encoded(text))))),
    ).toContain('draft = false');
  });

  it('reads Org-mode: its title is the first heading, its stars headings, its links their text, its settings none (text-org-mode)', () => {
    const text = [
      '#+TITLE: Rowan Pike',
      '#+SUBTITLE: Welder',
      '#+options: toc:nil',
      '',
      '* Contact',
      '[[tel:6175550142][(617) 555-0142]] | [[mailto:rowan@example.com][rowan@example.com]]',
      '',
      '* Experience',
      '** Harbour Works',
      'Welder, 2019 - Present',
      '- Welded hulls, see [[https://example.com/hulls]]',
    ].join('\n');
    expect(linesOf(readText(encoded(text))).map(({ text, heading }) => [text, heading])).toEqual([
      ['Rowan Pike', 1],
      ['Welder', undefined],
      ['Contact', 1],
      ['(617) 555-0142 | rowan@example.com', undefined],
      ['Experience', 1],
      ['Harbour Works', 2],
      ['Welder, 2019 - Present', undefined],
      ['Welded hulls, see https://example.com/hulls', undefined],
    ]);
    const off = withRulesOff(['text-org-mode'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off).toContain('#+options: toc:nil');
    // Stars open list items where no `#+TITLE:` says the file is Org's (Markdown's bullets).
    expect(linesOf(readText(encoded('Rowan Pike\n\n* Welding\n* Rigging')))[1]).toMatchObject({
      text: 'Welding',
      list: true,
    });
  });

  it('drops the marks that close a Markdown or AsciiDoc heading after a space (text-closing-marks)', () => {
    const text = [
      '# Rowan Pike #',
      '',
      '## Work Experience ##',
      'Welder at Harbour Works',
      '',
      '== Skills ==',
      'Welding',
      '',
      '## C# ##',
      '### Issue #42',
      '## ##',
    ].join('\n');
    const headings = (lines: readonly { text: string; heading?: number }[]) =>
      lines.filter((line) => line.heading).map(({ text, heading }) => [text, heading]);
    expect(headings(linesOf(readText(encoded(text))))).toEqual([
      ['Rowan Pike', 1],
      ['Work Experience', 2],
      ['Skills', 2],
      ['C#', 2],
      ['Issue #42', 3],
      ['##', 2],
    ]);
    const off = withRulesOff(['text-closing-marks'], () =>
      headings(linesOf(readText(encoded(text)))),
    );
    expect(off.slice(0, 3)).toEqual([
      ['Rowan Pike #', 1],
      ['Work Experience ##', 2],
      ['Skills ==', 2],
    ]);
  });

  it('reads a reStructuredText field as a label and its text (text-field-lists)', () => {
    const text = [
      'Skills',
      '------',
      '',
      ':Languages: Python, Bash, Julia',
      '',
      ':Unix Software: KVM, Git',
      '',
      ':: not a field',
      'C::D is no field either',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Skills',
      'Languages: Python, Bash, Julia',
      'Unix Software: KVM, Git',
      ':: not a field',
      'C::D is no field either',
    ]);
    const off = withRulesOff(['text-field-lists'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off[1]).toBe(':Languages: Python, Bash, Julia');
  });

  it('on any line of colons and words, drops no letter and adds none (text-field-lists)', () => {
    const letters = (text: string) => text.replace(/[^a-zé`]/g, '');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(':', ' ', 'a', 'é', '`'), maxLength: 300 }),
        (written) => {
          const texts = textsOf(linesOf(readText(encoded(`a ${written}`))));
          expect(letters(texts.join(''))).toBe(letters(`a ${written}`));
          const field = textsOf(linesOf(readText(encoded(`:${written}`))));
          expect(letters(field.join(''))).toBe(letters(written));
        },
      ),
    );
  });

  it('on any heading, drops no text but the closing marks (text-closing-marks)', () => {
    // Markdown's mark, spaces and letters (other marks and tabs are other rules' to read; a run
    // of three `=` closing a line is text-trailing-rule's, so AsciiDoc's is left to the example).
    const headings = fc
      .constantFrom('#', '##', '###', '######')
      .chain((mark) =>
        fc.tuple(
          fc.constant(mark),
          fc.string({ unit: fc.constantFrom(mark.charAt(0), ' ', 'a', 'é', '😀'), maxLength: 200 }),
        ),
      );
    fc.assert(
      fc.property(headings, ([mark, rest]) => {
        // One space between words, as the document's lines keep them.
        const written = `a${rest}`.trim().replace(/ +/g, ' ');
        const [line, ...more] = linesOf(readText(encoded(`${mark} ${written}`)));
        expect(more).toEqual([]);
        expect(line?.heading).toBe(mark.length);
        const text = line?.text ?? '-';
        expect(written.startsWith(text)).toBe(true);
        // What is dropped is the run of the heading's mark that closes the line after a space.
        const dropped = written.slice(text.length);
        const run = written.length - written.trimEnd().replace(/#+$/, '').length;
        const closes = run > 0 && written.at(-run - 1) === ' ';
        expect(dropped).toBe(closes ? ` ${written.slice(-run)}` : '');
      }),
    );
  });

  it('on any front matter, never throws and gives no setting of it as text', () => {
    const keyed = fc
      .tuple(
        // Nested keys too (text-nested-front-matter): `email:` then `  text: …`, `  url: mailto:…`.
        fc.constantFrom(
          'name',
          'email',
          'geometry',
          'Title',
          '  author',
          'fontsize',
          'é',
          '  text',
          '  url',
        ),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'grapheme', maxLength: 50 }),
          fc.string({ maxLength: 50 }).map((value) => ` mailto:${value}`),
        ),
      )
      .map(([key, value]) => `${key}:${value}`);
    const line = fc.oneof(
      keyed,
      fc.string({ maxLength: 300 }),
      fc.constantFrom('---', '...', '', ':'.repeat(5_000), `${'a'.repeat(31)}: x`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 80 }), (lines) => {
        const read = readText(encoded(['---', ...lines, 'Welding'].join('\n')));
        if (!read.ok) return;
        const close = lines.findIndex((text) => /^(?:---|\.\.\.)\s*$/.test(text));
        if (close < 0 || close >= 60) return;
        if (lines.slice(close).some((text) => text.startsWith('geometry:'))) return;
        // Settings inside closed front matter never reach the text.
        for (const { text } of linesOf(read)) expect(text.startsWith('geometry:')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('on any TOML front matter, never throws and gives no setting of it as text', () => {
    const keyed = fc
      .tuple(
        fc.constantFrom('name', 'email', 'draft', 'Title', '  author', 'hidePagination', 'é'),
        fc.constantFrom('=', ' = ', ' =', '=='),
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 })),
      )
      .map(([key, equals, value]) => `${key}${equals}${value}`);
    const line = fc.oneof(
      keyed,
      fc.string({ maxLength: 300 }),
      fc.constantFrom('+++', '+++ ', '', '='.repeat(5_000), `${'a'.repeat(31)} = x`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 80 }), (lines) => {
        const read = readText(encoded(['+++', ...lines, 'Welding'].join('\n')));
        if (!read.ok) return;
        const close = lines.findIndex((text) => /^\+\+\+\s*$/.test(text));
        if (close < 0 || close >= 60) return;
        if (lines.slice(close).some((text) => text.startsWith('draft'))) return;
        // Settings inside closed front matter never reach the text.
        for (const { text } of linesOf(read)) expect(text.startsWith('draft')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('gives no text of the lines AsciiDoc reads and never shows (text-asciidoc-directives)', () => {
    const text = [
      'ifndef::backend-pdf[]',
      'A badge line',
      'endif::[]',
      '',
      '== Rowan Pike',
      '',
      '[%hardbreaks]',
      '617-555-0142',
      'rowan@example.com',
      '',
      '[cols="1,3"]',
      '[Rigging]',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'A badge line',
      'Rowan Pike',
      '617-555-0142',
      'rowan@example.com',
      '[Rigging]',
    ]);
    const off = withRulesOff(['text-asciidoc-directives'], () =>
      textsOf(linesOf(readText(encoded(text)))),
    );
    expect(off).toContain('[%hardbreaks]');
    expect(off[0]).toBe('ifndef::backend-pdf[]');
  });

  it('ends a Markdown line at its hard break: the list on the next line is no part of its last item (text-hard-breaks)', () => {
    const text = [
      '# Rowan Pike',
      '## Skills',
      'Sextants (brass, digital), tide tables, chartwork, hand tools  ',
      'Sounding lines, echo sounders (single, multi-beam), radar plotting\\',
      'Welding, rigging, splicing',
    ].join('\n');
    const read = (off: readonly string[] = []) =>
      withRulesOff(off, () => linesOf(readText(encoded(text))));
    expect(read()[2]).toMatchObject({
      text: 'Sextants (brass, digital), tide tables, chartwork, hand tools',
      breaks: true,
    });
    expect(extractFields(read()).key_skills).toBe(
      'Sextants (brass, digital), tide tables, chartwork, hand tools, Sounding lines, echo sounders (single, multi-beam), radar plotting, Welding, rigging, splicing',
    );
    expect(
      withRulesOff(
        ['text-hard-breaks'],
        () => extractFields(read(['text-hard-breaks'])).key_skills,
      ),
    ).toContain('hand tools Sounding lines');
  });

  it('on any line of spaces, tabs and backslashes, marks a break only after its text, and keeps the text', () => {
    const written = fc.string({
      unit: fc.constantFrom(' ', '\t', '\\', 'a', ','),
      maxLength: 2_000,
    });
    fc.assert(
      fc.property(written, (line) => {
        const lines = linesOf(readText(encoded(`Rowan Pike\n\n${line}`)));
        for (const one of lines.slice(1)) {
          if (one.breaks) expect(one.text).toMatch(/[^\s\\]$|[^\s]\\$/);
        }
        expect(lines[0]?.text).toBe('Rowan Pike');
      }),
    );
  });

  it('reads AsciiDoc attribute entries, references and link macros (text-asciidoc-attributes)', () => {
    const text = [
      ':authors: Rowan Pike',
      ':doctitle: Resume: Rowan Pike',
      ':hp-tags: welding, rigging',
      '[discrete]',
      '= {doctitle}',
      '',
      '== CONTACT',
      '617-555-0142 +',
      'mailto:rowan@example.com[] +',
      'https://github.com/rpike[@ *GitHub*] +',
      'Updated {docdate}',
    ].join('\n');
    const texts = (off: readonly string[] = []) =>
      withRulesOff(off, () => textsOf(linesOf(readText(encoded(text)))));
    expect(texts()).toEqual([
      'Rowan Pike',
      'Resume: Rowan Pike',
      'CONTACT',
      '617-555-0142',
      'rowan@example.com',
      '@ *GitHub*',
      'Updated {docdate}',
    ]);
    const off = texts(['text-asciidoc-attributes']);
    expect(off).toContain('{doctitle}');
    expect(off).toContain('mailto:rowan@example.com[] +');
    // Without an AsciiDoc heading, `:Languages: Python` is a reStructuredText field, kept.
    expect(textsOf(linesOf(readText(encoded(':Languages: Python, Bash\n\nRowan Pike'))))).toEqual([
      'Languages: Python, Bash',
      'Rowan Pike',
    ]);
  });

  it('on any AsciiDoc line of braces, brackets and links, never throws and leaves no link macro', () => {
    const line = fc.oneof(
      fc.string({
        unit: fc.constantFrom('{', '}', '[', ']', ':', 'a', '@', ' ', '+', 'mailto:', 'https://'),
        maxLength: 400,
      }),
      fc.constantFrom(
        `:${'a'.repeat(5_000)}: x`,
        `${'{a}'.repeat(3_000)}`,
        `https://${'['.repeat(5_000)}`,
      ),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const read = readText(encoded(['= Rowan Pike', ':a: {a}{a}', ...lines].join('\n')));
        if (!read.ok) return;
        for (const { text } of linesOf(read))
          expect(text).not.toMatch(/(?:^|\s)mailto:[^\s[\]]+\[[^[\]]*\]/);
      }),
      { numRuns: 300 },
    );
  });

  it('on any line of brackets and colons, drops only whole directive or attribute lines (text-asciidoc-directives)', () => {
    const written = fc.string({
      unit: fc.constantFrom('[', ']', ':', '%', '.', 'i', 'f', 'n', 'd', 'e', 'x', ' '),
      maxLength: 400,
    });
    fc.assert(
      fc.property(written, (line) => {
        const texts = textsOf(linesOf(readText(encoded(`Rowan Pike\n${line}`))));
        const dropped = texts.length === 1;
        expect(texts[0]).toBe('Rowan Pike');
        if (dropped && line.trim() !== '') expect(line.trimEnd()).toMatch(/\]$/);
      }),
    );
  });

  it('shows the call of an Org macro as the words given it, its commas parting them (text-org-macros)', () => {
    const text = [
      '#+TITLE: Rowan Pike',
      '#+MACRO: date @@html: <span>$1</span> @@',
      '* Experience',
      '** Welder {{{date(May 2019 -- Present)}}}',
      '{{{role(Rigger,Fernhill Docks\\, Taos,2016 -- 2019)}}}{{{pagebreak()}}}',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'Experience',
      'Welder May 2019 -- Present',
      'Rigger | Fernhill Docks, Taos | 2016 -- 2019',
    ]);
    const off = withRulesOff(['text-org-macros'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off).toContain('Welder {{{date(May 2019 -- Present)}}}');
  });

  it('gives no text of raw TeX in Markdown: space between parts parts them, a line of it alone is blank (text-raw-tex)', () => {
    const text = [
      '# Rowan Pike',
      '\\Begin{center}',
      '> rowan@example.com \\hspace[oneem] \\textbullet \\hspace[oneem] github.com/rpike',
      '\\End{center}',
      '## Experience',
      '*Welder* \\alignright 2019 --- Current \\hfill',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      '> rowan@example.com | github.com/rpike',
      'Experience',
      '*Welder* | 2019 --- Current',
    ]);
    const off = withRulesOff(['text-raw-tex'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off).toContain('\\Begin{center}');
  });

  it('shows a raw TeX link as the text it shows, in the body and in front matter (text-tex-links)', () => {
    const text = [
      '---',
      'title: Rowan Pike',
      'email: \\href{mailto:rowan@example.com}{rowan@example.com}',
      '---',
      '# Experience',
      'Welder at \\url{forge.example.com} \\href{https://x.example.com}{Ironworks}',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'rowan@example.com',
      'Experience',
      'Welder at forge.example.com Ironworks',
    ]);
    const off = withRulesOff(['text-tex-links'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off).toContain('\\href{mailto:rowan@example.com}{rowan@example.com}');
  });

  it('sets a raw HTML table head cell alone on its line in bold (text-html-head-cells)', () => {
    const text = [
      '# Skills',
      '<table><thead>',
      '<th>Category</th>',
      '<td>Sextant, Chartwork</td>',
    ].join('\n');
    const bold = (off: readonly string[] = []) =>
      withRulesOff(off, () =>
        linesOf(readText(encoded(text)))
          .filter((line) => line.bold)
          .map((line) => line.text),
      );
    // The tags go when the line is cleaned for the fields.
    expect(bold()).toEqual(['<th>Category</th>']);
    expect(bold(['text-html-head-cells'])).toEqual([]);
  });

  it('reads a file with any Org setting as Org: its property drawers no text, a whole emphasis its words (text-org-settings, text-org-drawers, text-org-emphasis)', () => {
    const text = [
      '#+OPTIONS: toc:nil',
      '* Rowan Pike',
      '  :PROPERTIES:',
      '  :CUSTOM_ID: rowan-pike',
      '  :END:',
      '** Fernhill Docks',
      '*** /Welder / Rigger (May 2019 - Present)/',
      ':PROPERTIES:',
      ':END:',
      '*Certified*',
      '- /Welded hulls/',
    ].join('\n');
    const read = (off: readonly string[] = []) =>
      withRulesOff(off, () =>
        linesOf(readText(encoded(text))).map(({ text, heading, bold }) => ({
          text,
          heading,
          bold,
        })),
      );
    expect(read()).toEqual([
      { text: 'Rowan Pike', heading: 1, bold: undefined },
      { text: 'Fernhill Docks', heading: 2, bold: undefined },
      { text: 'Welder / Rigger (May 2019 - Present)', heading: 3, bold: undefined },
      { text: '*Certified*', heading: undefined, bold: undefined },
      { text: '/Welded hulls/', heading: undefined, bold: undefined },
    ]);
    // Without a `#+TITLE:`, the settings alone say the file is Org's.
    expect(read(['text-org-settings'])[0]).toMatchObject({ text: '#+OPTIONS: toc:nil' });
    expect(read(['text-org-drawers']).map((line) => line.text)).toContain(':CUSTOM_ID: rowan-pike');
    expect(read(['text-org-emphasis'])[2]?.text).toBe('/Welder / Rigger (May 2019 - Present)/');
    // A bold heading is bold; two emphases on one line are left as written; a drawer left open
    // hides nothing.
    const more = [
      '#+TITLE: Rowan Pike',
      '** *Skills*',
      '** /Welder/ and /Rigger/',
      ':PROPERTIES:',
      'Welding',
    ];
    expect(
      linesOf(readText(encoded(more.join('\n')))).map(({ text, bold }) => ({ text, bold })),
    ).toEqual([
      { text: 'Rowan Pike', bold: undefined },
      { text: 'Skills', bold: true },
      { text: '/Welder/ and /Rigger/', bold: undefined },
      { text: ':PROPERTIES:', bold: undefined },
      { text: 'Welding', bold: undefined },
    ]);
  });

  it('gives no text of what Org-mode leaves out of its export (text-org-export)', () => {
    const text = [
      '#+TITLE: Rowan Pike',
      '# a note to self',
      '#+begin_info',
      'rowan@example.com',
      '#+end_info',
      '* Skills :cv:',
      'Welding, Rigging',
      '#+BEGIN_SRC css :tangle resume.css',
      'body { color: red }',
      '#+END_SRC',
      '* Local Variables :noexport:',
      'ispell-local-words: "hulls"',
      '** Deeper still',
      'more notes',
      '* Experience',
      'Welder, 2019 - Present',
    ].join('\n');
    expect(textsOf(linesOf(readText(encoded(text))))).toEqual([
      'Rowan Pike',
      'rowan@example.com',
      'Skills',
      'Welding, Rigging',
      'Experience',
      'Welder, 2019 - Present',
    ]);
    const off = withRulesOff(['text-org-export'], () => textsOf(linesOf(readText(encoded(text)))));
    expect(off).toContain('body { color: red }');
    expect(off).toContain('Skills :cv:');
    // A block left open hides what follows it, and nothing past the file's end.
    expect(textsOf(linesOf(readText(encoded('#+TITLE: Rowan Pike\n#+begin_src\ncode'))))).toEqual([
      'Rowan Pike',
    ]);
  });

  it('on any Org-mode file of blocks, comments and tagged headings, gives none of them as text (text-org-export)', () => {
    const line = fc.oneof(
      fc.constantFrom('# note', '#', '#+begin_src', '#+END_SRC', '#+begin_info', '#+end_info'),
      fc.constantFrom('* Skills :cv:', '** Old :noexport:', '* Work', 'Welding', '- Rigging'),
      fc.string({ unit: fc.constantFrom('#', '+', '*', ':', ' ', 'a', '_'), maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (body) => {
        const texts = textsOf(
          linesOf(readText(encoded(['#+TITLE: Rowan Pike', ...body].join('\n')))),
        );
        for (const text of texts) {
          expect(text).not.toMatch(/^#\+(?:begin|end)_/i);
          expect(text).not.toMatch(/:noexport:|^# note$/);
        }
      }),
    );
  });

  it('on any Org-mode file, never throws and gives no `#+` setting but its text keys as text', () => {
    const setting = fc
      .tuple(
        fc.constantFrom('options', 'html_head', 'TITLE', 'email', 'latex_header', 'é', ''),
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 })),
      )
      .map(([key, value]) => `#+${key}:${value}`);
    const line = fc.oneof(
      setting,
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }).map((text) => `** ${text}`),
      // Emphasis marks and drawers, worst cases for their patterns.
      fc
        .string({ unit: fc.constantFrom('/', '*', '=', ' ', 'a', ':'), maxLength: 600 })
        .map((text) => `*** ${text}`),
      fc.constantFrom(
        '',
        '*',
        ':PROPERTIES:',
        ':END:',
        `** /${'a /'.repeat(3_000)}/`,
        `${'*'.repeat(5_000)} x`,
        `[[${'['.repeat(5_000)}`,
        `#+:${' '.repeat(9_000)}`,
      ),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const read = readText(encoded(['#+TITLE: Rowan Pike', ...lines].join('\n')));
        if (!read.ok) return;
        expect(linesOf(read)[0]).toMatchObject({ text: 'Rowan Pike', heading: 1 });
        // A setting other than the title, subtitle, author or email never reaches the text.
        for (const { text } of linesOf(read))
          expect(text).not.toMatch(/^#\+(?:options|html_head|latex_header):/i);
      }),
      { numRuns: 300 },
    );
  });

  it('without text-strong-and-definitions, the marks stay text and nothing is bold', () => {
    const text = '**Cloud Tools**\n:   Terraform';
    expect(
      withRulesOff(['text-strong-and-definitions'], () => linesOf(readText(encoded(text)))),
    ).toEqual([
      { text: '**Cloud Tools**', block: 0 },
      { text: ': Terraform', block: 0 },
    ]);
  });
});

/** A DOCX of this body, these paragraph styles (`word/styles.xml`'s inside) and other parts. */
function docx(body: string, styles = '', others: Record<string, string> = {}) {
  const part = (root: string, inner: string) =>
    new TextEncoder().encode(`<?xml version="1.0"?><${root} xmlns:w="w">${inner}</${root}>`);
  return zipSync({
    'word/document.xml': part('w:document', `<w:body>${body}</w:body>`),
    'word/styles.xml': part(
      'w:styles',
      `<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="20"/></w:rPr></w:rPrDefault></w:docDefaults>${styles}`,
    ),
    ...Object.fromEntries(
      Object.entries(others).map(([name, inner]) => [name, part('w:hdr', inner)]),
    ),
  });
}
const run = (text: string, properties = '') =>
  `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t>${text}</w:t></w:r>`;
const para = (content: string, properties = '') =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${content.startsWith('<') ? content : run(content)}</w:p>`;
const style = (id: string, inner: string) =>
  `<w:style w:type="paragraph" w:styleId="${id}">${inner}</w:style>`;
const tc = (...paragraphs: string[]) => `<w:tc>${paragraphs.map((p) => para(p)).join('')}</w:tc>`;

describe('readDocx: what Word says of its paragraphs', () => {
  it.each([
    [
      'a heading style, by its name or an outline level, through the styles it is based on',
      para('Jane Doe', '<w:pStyle w:val="Title"/>') +
        para('Skills', '<w:pStyle w:val="Heading2"/>') +
        para('Tools', '<w:pStyle w:val="MySection"/>') +
        para('Work', '<w:outlineLvl w:val="0"/>') +
        para('Body', '<w:outlineLvl w:val="9"/>'),
      style('Title', '<w:name w:val="Title"/>') +
        style('Heading2', '<w:name w:val="heading 2"/>') +
        style('Outlined', '<w:name w:val="Outlined"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr>') +
        style('MySection', '<w:name w:val="My section"/><w:basedOn w:val="Outlined"/>'),
      [
        { text: 'Jane Doe', size: 1, heading: 1, block: 0 },
        { text: 'Skills', size: 1, heading: 2, block: 0 },
        { text: 'Tools', size: 1, heading: 3, block: 0 },
        { text: 'Work', size: 1, heading: 1, block: 0 },
        { text: 'Body', size: 1, block: 0 },
      ],
    ],
    [
      'bold and size from the runs or the style, against the default size; a bold turned off is none',
      para(run('Jane Doe', '<w:b/><w:sz w:val="40"/>')) +
        para(`${run('Engineer ', '<w:b/>')}${run('at Acme', '<w:b w:val="0"/>')}`) +
        para('Experience', '<w:pStyle w:val="Big"/>') +
        para('A line of body text') +
        para('Another line of body text'),
      style('Big', '<w:name w:val="Big"/><w:rPr><w:b/><w:sz w:val="30"/></w:rPr>'),
      [
        { text: 'Jane Doe', size: 2, bold: true, block: 0 },
        { text: 'Engineer at Acme', lead: 'Engineer', size: 1, block: 0 },
        { text: 'Experience', size: 1.5, bold: true, block: 0 },
        { text: 'A line of body text', size: 1, block: 0 },
        { text: 'Another line of body text', size: 1, block: 0 },
      ],
    ],
    [
      "Word's All caps makes a line capitals, whatever its letters; a paragraph mark's bold is not its text's",
      para(run('Skills', '<w:caps/>')) + para('Go', '<w:rPr><w:b/></w:rPr>'),
      '',
      [
        { text: 'Skills', size: 1, caps: true, block: 0 },
        { text: 'Go', size: 1, block: 0 },
      ],
    ],
    [
      'numbering or a list style makes a list item; indentation counts in half inches',
      para('Go', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>') +
        para('Python', '<w:pStyle w:val="ListParagraph"/>') +
        para('Not a list', '<w:numPr><w:numId w:val="0"/></w:numPr>') +
        para('Indented', '<w:ind w:left="1440" w:hanging="360"/>'),
      style('ListParagraph', '<w:name w:val="List Paragraph"/>'),
      [
        { text: 'Go', size: 1, list: true, block: 0 },
        { text: 'Python', size: 1, list: true, block: 0 },
        { text: 'Not a list', size: 1, block: 0 },
        { text: 'Indented', size: 1, indent: 2, block: 0 },
      ],
    ],
    [
      'a list item of a deeper level is indented as its numbering indents it, where the paragraph states no indentation (docx-list-levels)',
      para('Pottery', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>') +
        para('Glazing', '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr>') +
        para('Raku', '<w:numPr><w:ilvl w:val="2"/><w:numId w:val="3"/></w:numPr>') +
        para(
          'Kiln',
          '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr><w:ind w:left="720"/>',
        ) +
        para('Deep', '<w:numPr><w:ilvl w:val="99999"/><w:numId w:val="3"/></w:numPr>'),
      '',
      [
        { text: 'Pottery', size: 1, list: true, block: 0 },
        { text: 'Glazing', size: 1, list: true, indent: 1, block: 0 },
        { text: 'Raku', size: 1, list: true, indent: 2, block: 0 },
        { text: 'Kiln', size: 1, list: true, indent: 1, block: 0 },
        { text: 'Deep', size: 1, list: true, indent: 8, block: 0 },
      ],
    ],
    [
      'a table: a row of one-line cells is one line with its cells, a layout row is read cell by cell',
      `<w:tbl><w:tr>${tc('Python')}${tc('Leadership')}</w:tr><w:tr>${tc('SQL')}${tc('Teamwork')}</w:tr></w:tbl>` +
        `<w:tbl><w:tr>${tc('Jane Doe', 'jane@example.com')}${tc('Experience')}</w:tr></w:tbl>`,
      '',
      [
        {
          text: 'Python | Leadership',
          size: 1,
          table: { table: 0, row: 0, column: 0, columns: ['Python', 'Leadership'] },
          block: 0,
        },
        {
          text: 'SQL | Teamwork',
          size: 1,
          table: { table: 0, row: 1, column: 0, columns: ['SQL', 'Teamwork'] },
          block: 0,
        },
        { text: 'Jane Doe', size: 1, table: { table: 1, row: 0, column: 0 }, block: 0 },
        { text: 'jane@example.com', size: 1, table: { table: 1, row: 0, column: 0 }, block: 0 },
        { text: 'Experience', size: 1, table: { table: 1, row: 0, column: 1 }, block: 0 },
      ],
    ],
    [
      'a row of one-line cells notes which of its cells are bold',
      `<w:tbl><w:tr><w:tc><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Pottery</w:t></w:r></w:p></w:tc>${tc('Glazing')}</w:tr></w:tbl>`,
      '',
      [
        {
          text: 'Pottery | Glazing',
          size: 1,
          bold: true,
          table: {
            table: 0,
            row: 0,
            column: 0,
            columns: ['Pottery', 'Glazing'],
            bold: [true, false],
          },
          block: 0,
        },
      ],
    ],
    [
      'a text box is an area of its own; an empty paragraph parts blocks',
      `<w:p><w:r><w:drawing><wps:txbx><w:txbxContent>${para('jane@example.com')}</w:txbxContent></wps:txbx></w:drawing></w:r></w:p>` +
        '<w:p/>' +
        para('Skills'),
      '',
      [
        { text: 'jane@example.com', size: 1, area: 'box', block: 0 },
        { text: 'Skills', size: 1, block: 1 },
      ],
    ],
  ])('%s', (_rule, body, styles, lines) => {
    expect(linesOf(readDocx(docx(body, styles)))).toEqual(lines);
  });

  describe('a paragraph that holds a text box (docx-box-inside)', () => {
    // The name's paragraph holds an ORCID box between its runs, and a title after a wide gap.
    const body =
      '<w:p><w:r><w:rPr><w:sz w:val="48"/></w:rPr><w:t xml:space="preserve">Dr. Mara </w:t></w:r>' +
      `<w:r><w:drawing><wps:txbx><w:txbxContent>${para('0000-0001-2345-6789')}</w:txbxContent></wps:txbx></w:drawing></w:r>` +
      '<w:r><w:rPr><w:sz w:val="48"/></w:rPr><w:t xml:space="preserve">Quill        Curriculum Vitae</w:t></w:r></w:p>' +
      para('Skills');
    const texts = () => linesOf(readDocx(docx(body, ''))).map((line) => [line.text, line.area]);

    it('goes on after the box: its runs after it are kept, in one line', () => {
      expect(texts()).toEqual([
        ['0000-0001-2345-6789', 'box'],
        ['Dr. Mara Quill | Curriculum Vitae', undefined],
        ['Skills', undefined],
      ]);
      expect(extractFields(linesOf(readDocx(docx(body, '')))).last_name).toBe('Quill');
    });

    it('without docx-wide-gap, the name and the title after the gap are one', () => {
      expect(withRulesOff(['docx-wide-gap'], texts)[1]).toEqual([
        'Dr. Mara Quill Curriculum Vitae',
        undefined,
      ]);
    });

    it('without docx-box-inside, what follows the box is lost, and the box takes what came before', () => {
      expect(withRulesOff(['docx-box-inside'], texts)).toEqual([
        ['Dr. Mara', 'box'],
        ['0000-0001-2345-6789', 'box'],
        ['Skills', undefined],
      ]);
    });
  });

  describe('a sidebar in text boxes the body opens with (docx-box-aside)', () => {
    const box = (inner: string) =>
      `<w:p><w:r><w:drawing><wps:txbx><w:txbxContent>${inner}</w:txbxContent></wps:txbx></w:drawing></w:r></w:p>`;
    const body =
      box(
        para(run('Contact', '<w:b/>')) +
          para('mara@example.com') +
          para('(617) 555-0110') +
          para('Taos, NM 87571') +
          para(run('Skills', '<w:b/>')) +
          para('Sextant') +
          para('Tide tables'),
      ) +
      para(run('Mara Quill', '<w:sz w:val="48"/>')) +
      para('Harbour Surveyor');
    const texts = () => linesOf(readDocx(docx(body, ''))).map((line) => line.text);

    it('is read after the body, whose first line is set larger: the name opens the document', () => {
      expect(texts()).toEqual([
        'Mara Quill',
        'Harbour Surveyor',
        'Contact',
        'mara@example.com',
        '(617) 555-0110',
        'Taos, NM 87571',
        'Skills',
        'Sextant',
        'Tide tables',
      ]);
      expect(extractFields(linesOf(readDocx(docx(body, ''))))).toMatchObject({
        first_name: 'Mara',
        last_name: 'Quill',
        home_town: 'Taos, NM',
      });
    });

    it('a box of contact lines beside the name, no heading in it, stays where it is', () => {
      const contact =
        box(para('mara@example.com') + para('(617) 555-0110') + para('Taos, NM 87571')) +
        para(run('Mara Quill', '<w:sz w:val="48"/>'));
      expect(linesOf(readDocx(docx(contact, ''))).map((line) => line.text)[0]).toBe(
        'mara@example.com',
      );
    });

    it('without the rule, the boxes come first and the name is lost under their skills', () => {
      expect(withRulesOff(['docx-box-aside'], texts)[0]).toBe('Contact');
      // name-largest-line, which finds a name however the lines were ordered, off too.
      const off = withRulesOff(['docx-box-aside', 'name-largest-line'], () =>
        extractFields(linesOf(readDocx(docx(body, '')))),
      );
      expect(off.first_name).toBeUndefined();
    });
  });

  describe('a text box of the name and contact anchored further down (docx-name-box)', () => {
    const box = (inner: string) =>
      `<w:p><w:r><w:drawing><wps:txbx><w:txbxContent>${inner}</w:txbxContent></wps:txbx></w:drawing></w:r></w:p>`;
    const large = '<w:b/><w:sz w:val="48"/>';
    const body = (contact: string) =>
      para(run('Profile', large)) +
      para('Surveyor of ten years.') +
      para(run('Experience', large)) +
      para('Harbour Surveyor, Fernhill Ports, 2019 - Present') +
      box(para(run('Mara Quill', large)) + para(contact)) +
      para('Charted the bay.');
    const texts = (contact = 'mara@example.com | (617) 555-0110') =>
      linesOf(readDocx(docx(body(contact), ''))).map((line) => line.text);

    it('is read first: the name opens the document', () => {
      expect(texts().slice(0, 3)).toEqual([
        'Mara Quill',
        'mara@example.com | (617) 555-0110',
        'Profile',
      ]);
      expect(extractFields(linesOf(readDocx(docx(body('mara@example.com'), ''))))).toMatchObject({
        first_name: 'Mara',
        last_name: 'Quill',
      });
      expect(withRulesOff(['docx-name-box'], texts)[0]).toBe('Profile');
    });

    it('a box with no email, or whose first line is smaller than the largest, stays where it is', () => {
      expect(texts('Taos, NM')[0]).toBe('Profile');
      const small =
        para(run('Profile', large)) + box(para('Mara Quill') + para('mara@example.com'));
      expect(linesOf(readDocx(docx(small, ''))).map((line) => line.text)[0]).toBe('Profile');
    });
  });

  describe("a layout table's sidebar cell beside the name's (docx-cell-aside)", () => {
    const sidebar = tc(
      run('Contact', '<w:b/>'),
      'mara@example.com',
      'Taos, NM 87571',
      run('Skills', '<w:b/>'),
      'Sextant',
    );
    const main = tc(run('Mara Quill', '<w:sz w:val="48"/>'), 'Harbour Surveyor');
    const body = `<w:tbl><w:tr>${sidebar}${main}</w:tr></w:tbl>`;
    const texts = () => linesOf(readDocx(docx(body, ''))).map((line) => line.text);

    it("is read after the name's cell", () => {
      expect(texts()).toEqual([
        'Mara Quill',
        'Harbour Surveyor',
        'Contact',
        'mara@example.com',
        'Taos, NM 87571',
        'Skills',
        'Sextant',
      ]);
      expect(extractFields(linesOf(readDocx(docx(body, ''))))).toMatchObject({
        first_name: 'Mara',
        key_skills: 'Sextant',
      });
    });

    it('without the rule, the sidebar comes first and the name is read as a skill', () => {
      expect(withRulesOff(['docx-cell-aside'], texts)[0]).toBe('Contact');
      // name-largest-line, which finds a name however the lines were ordered, off too.
      const off = withRulesOff(['docx-cell-aside', 'name-largest-line'], () =>
        extractFields(linesOf(readDocx(docx(body, '')))),
      );
      expect(off.first_name).toBeUndefined();
      expect(off.key_skills).toBe('Mara Quill, Harbour Surveyor');
    });
  });

  it('without docx-list-levels, every level of a list stands at the first', () => {
    const levels =
      para('Pottery', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>') +
      para('Glazing', '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr>');
    const indents = () => linesOf(readDocx(docx(levels, ''))).map((line) => line.indent);
    expect(indents()).toEqual([undefined, 1]);
    expect(withRulesOff(['docx-list-levels'], indents)).toEqual([undefined, undefined]);
  });

  it('marks the lines of a page header and a footer, each its own block before the body', () => {
    const file = docx(para('Experience'), '', {
      'word/header1.xml': para('Jane Doe'),
      'word/footer1.xml': para('jane@example.com'),
    });
    expect(linesOf(readDocx(file))).toEqual([
      { text: 'Jane Doe', size: 1, area: 'header', block: 0 },
      { text: 'jane@example.com', size: 1, area: 'footer', block: 1 },
      { text: 'Experience', size: 1, block: 2 },
    ]);
  });
});

describe('readRtf: what RTF says of its paragraphs', () => {
  const rtf = (body: string) => encoded(`{\\rtf1\\ansi\\fs20 ${body}}`);

  it.each([
    [
      'bold and size by group and control word, against the body; \\plain sets them back',
      String.raw`{\b\fs40 Jane Doe}\par \b Engineer\b0  at Acme\par A line of body text\par Another line\par {\fs30\b Skills}\par \b\fs30\plain Go\par`,
      [
        { text: 'Jane Doe', size: 2, bold: true, block: 0 },
        { text: 'Engineer at Acme', lead: 'Engineer', size: 1, block: 0 },
        { text: 'A line of body text', size: 1, block: 0 },
        { text: 'Another line', size: 1, block: 0 },
        { text: 'Skills', size: 1.5, bold: true, block: 0 },
        { text: 'Go', size: 1.2, block: 0 },
      ],
    ],
    [
      'capitals as set, an outline level, list text, indentation; \\pard sets a paragraph back',
      String.raw`{\caps Skills}\par \pard\outlinelevel1 Work\par \pard{\listtext \'95\tab}Go\par \pard\li1440 Indented\par \pard Plain\par`,
      [
        { text: 'Skills', size: 1, caps: true, block: 0 },
        { text: 'Work', size: 1, heading: 2, block: 0 },
        { text: 'Go', size: 1, list: true, block: 0 },
        { text: 'Indented', size: 1, indent: 2, block: 0 },
        { text: 'Plain', size: 1, block: 0 },
      ],
    ],
    [
      'a \\bullet before any text opens a list item, with the tab after it; one inside text is text',
      String.raw`{\pard \li360 \fi-360 \bullet \tx360\tab Go, Rust\par}{\pard A \bullet\tab B\par}{\pard Plain\par}`,
      [
        { text: 'Go, Rust', size: 1, list: true, indent: 1, block: 0 },
        { text: 'A • B', size: 1, block: 0 },
        { text: 'Plain', size: 1, block: 0 },
      ],
    ],
    [
      "a table's cells by row and column, a new table after a paragraph outside one",
      String.raw`\trowd\intbl Python\cell Leadership\cell\row \trowd\intbl SQL\cell Teamwork\cell\row \pard Between\par \trowd\intbl Go\cell\row`,
      [
        { text: 'Python', size: 1, table: { table: 0, row: 0, column: 0 }, block: 0 },
        { text: 'Leadership', size: 1, table: { table: 0, row: 0, column: 1 }, block: 0 },
        { text: 'SQL', size: 1, caps: true, table: { table: 0, row: 1, column: 0 }, block: 0 },
        { text: 'Teamwork', size: 1, table: { table: 0, row: 1, column: 1 }, block: 0 },
        { text: 'Between', size: 1, block: 0 },
        { text: 'Go', size: 1, table: { table: 1, row: 0, column: 0 }, block: 0 },
      ],
    ],
    [
      'a page header is an area; an empty paragraph parts blocks',
      String.raw`{\header \pard Jane Doe\par}\pard Summary\par\par Experience\par`,
      [
        { text: 'Jane Doe', size: 1, area: 'header', block: 0 },
        { text: 'Summary', size: 1, block: 0 },
        { text: 'Experience', size: 1, block: 1 },
      ],
    ],
  ])('%s', (_rule, body, lines) => {
    expect(linesOf(readRtf(rtf(body)))).toEqual(lines);
  });

  it('a tab inside a paragraph parts columns (rtf-tab-columns)', () => {
    const body = String.raw`Glazing\tab Raku\tab Kiln work\par Harbour Pilot\tab\tab 2019 - 2021\par`;
    expect(textsOf(linesOf(readRtf(rtf(body))))).toEqual([
      'Glazing | Raku | Kiln work',
      'Harbour Pilot | 2019 - 2021',
    ]);
    expect(withRulesOff(['rtf-tab-columns'], () => textsOf(linesOf(readRtf(rtf(body)))))).toEqual([
      'Glazing Raku Kiln work',
      'Harbour Pilot 2019 - 2021',
    ]);
  });
});

describe('pageDocLines: what a PDF page says of its lines', () => {
  const at = (str: string, x: number, y: number, size = 10) => ({
    str,
    x,
    y,
    width: str.length * size * 0.5,
    size,
    font: 'text',
  });

  it('gives each line its size, its column on a page of two (the header rows none), and a gap where space parts blocks', () => {
    const left = ['EXPERIENCE', 'Engineer', 'Acme', 'Built things', 'Led things'];
    const right = ['SKILLS', 'Go', 'Python', 'SQL', 'Excel'];
    const items = [
      at('Jane Doe', 50, 760, 20),
      at('jane@example.com', 50, 735),
      at('Austin, TX', 400, 735),
      ...left.map((text, i) => at(text, 50, 700 - i * 14 - (i >= 3 ? 20 : 0))),
      ...right.map((text, i) => at(text, 400, 700 - i * 14)),
    ];
    const lines = documentOf(pageDocLines(items, 612), 1_000);
    expect(lines).toEqual([
      { text: 'Jane Doe', size: 2, block: 0 },
      { text: 'jane@example.com', size: 1, block: 0 },
      { text: 'Austin, TX', size: 1, block: 0 },
      { text: 'EXPERIENCE', size: 1, caps: true, column: 0, block: 1 },
      { text: 'Engineer', size: 1, column: 0, block: 1 },
      { text: 'Acme', size: 1, column: 0, block: 1 },
      { text: 'Built things', size: 1, column: 0, block: 2 },
      { text: 'Led things', size: 1, column: 0, block: 2 },
      { text: 'SKILLS', size: 1, caps: true, column: 1, block: 3 },
      { text: 'Go', size: 1, column: 1, block: 3 },
      { text: 'Python', size: 1, column: 1, block: 3 },
      { text: 'SQL', size: 1, caps: true, column: 1, block: 3 },
      { text: 'Excel', size: 1, column: 1, block: 3 },
    ]);
  });

  it('marks only the last line of a text broken over several as running on', () => {
    expect(
      documentOf([{ text: 'Surveying, Power\nBathymetry, Power', wraps: true }], 1_000),
    ).toEqual([
      { text: 'Surveying, Power', block: 0 },
      { text: 'Bathymetry, Power', block: 0, wraps: true },
    ]);
  });

  it('gives no column on a page of one', () => {
    const items = [at('Jane Doe', 50, 760, 14), at('Skills', 50, 740), at('Go, Python', 50, 726)];
    expect(documentOf(pageDocLines(items, 612), 1_000)).toEqual([
      { text: 'Jane Doe', size: 1.4, block: 0 },
      { text: 'Skills', size: 1, block: 0 },
      { text: 'Go, Python', size: 1, block: 0 },
    ]);
  });
});

describe('readText: raw HTML style and script elements (text-style-blocks)', () => {
  const text = [
    '## Work Experience',
    '<style>',
    '.cv-entry {',
    '  display: grid;',
    '}',
    '</style>',
    '<div class="cv-entry-prefix">07/2025 - Present:</div>',
    '<div class="cv-entry-role">Harbour Surveyor</div>',
    '<div class="cv-entry-place">Fernhill Ports</div>',
  ].join('\n');
  const read = (off: readonly string[] = []) =>
    withRulesOff(off, () => linesOf(readText(encoded(text))));

  it('gives no text of the element, over its lines, and the role under it its place', () => {
    expect(textsOf(read()).some((line) => line.includes('display'))).toBe(false);
    expect(extractFields(read()).latest_job_title).toBe('Harbour Surveyor');
    expect(textsOf(read(['text-style-blocks']))).toContain('display: grid;');
  });

  it('hides only its own line where nothing closes it, however many there are', () => {
    const open = ['# Mara Quill', ...Array.from({ length: 2_000 }, () => '<style>'), 'Taos, NM'];
    expect(textsOf(linesOf(readText(encoded(open.join('\n')))))).toEqual([
      'Mara Quill',
      'Taos, NM',
    ]);
  });
});
