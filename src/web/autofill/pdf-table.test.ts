// Tables on a PDF page (pdf-table.ts), on made-up pages of text items: a grid's close cells part
// and carry their row and column; prose, lists and a page's two columns make no table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlacedText, pageDocLines } from './pdf-layout.ts';
import { withRulesOff } from './rules.ts';

/** An item of text at (x, y), each glyph half its size wide. */
const at = (str: string, x: number, y: number, size = 10, font = 'text'): PlacedText => ({
  str,
  x,
  y,
  width: str.length * size * 0.5,
  size,
  font,
});

/** Rows of cells, each column's cells beginning at one left edge, 13 points a row apart. */
const grid = (rows: readonly string[][], edges: readonly number[], top = 700) =>
  rows.flatMap((cells, row) =>
    cells.map((text, column) => at(text, edges[column] ?? 0, top - row * 13)),
  );

const head = [at('MARA QUILL', 40, 800, 20), at('SKILLS', 40, 720, 12)];
// Columns as close as a grid sets them: `Echo sounding` ends 5 points before the next column,
// less than the gap that parts fragments (15 points at this size).
const cells = [
  ['Sextant', 'Theodolite', 'Charts'],
  ['Echo sounding', 'Tide tables', 'GIS'],
  ['Leadline', 'Sonar', 'Radar'],
];
const page = [...head, ...grid(cells, [40, 110, 170])];
const texts = (items: readonly PlacedText[]) => pageDocLines(items, 595).map((line) => line.text);

describe('pageDocLines: a table on a page (pdf-table)', () => {
  it('parts a grid’s close cells, each marked with its row and column', () => {
    const lines = pageDocLines(page, 595).slice(2);
    expect(lines.map((line) => [line.text, line.table])).toEqual([
      ['Sextant', { table: 0, row: 0, column: 0 }],
      ['Theodolite', { table: 0, row: 0, column: 1 }],
      ['Charts', { table: 0, row: 0, column: 2 }],
      ['Echo sounding', { table: 0, row: 1, column: 0 }],
      ['Tide tables', { table: 0, row: 1, column: 1 }],
      ['GIS', { table: 0, row: 1, column: 2 }],
      ['Leadline', { table: 0, row: 2, column: 0 }],
      ['Sonar', { table: 0, row: 2, column: 1 }],
      ['Radar', { table: 0, row: 2, column: 2 }],
    ]);
  });

  it('without the rule, close cells join into one line of the row', () => {
    const off = withRulesOff(['pdf-table'], () => texts(page));
    expect(off.slice(2, 5)).toEqual([
      'Sextant',
      'Theodolite Charts',
      'Echo sounding Tide tables GIS',
    ]);
  });

  it('takes a grid’s last row of one cell in its first column, and a bullet with its item', () => {
    const odd = [...page, at('Compass', 40, 661)];
    expect(pageDocLines(odd, 595).at(-1)).toEqual({
      text: 'Compass',
      size: 10,
      table: { table: 0, row: 3, column: 0 },
    });
    // A bullet, set apart from its item by a gap as wide as between cells, begins its cell.
    const bulleted = grid(
      cells.map((row) => row.flatMap((text) => ['•', text])),
      [30, 40, 120, 130, 190, 200],
    );
    expect(texts([...head, ...bulleted]).slice(2, 5)).toEqual([
      '• Sextant',
      '• Theodolite',
      '• Charts',
    ]);
  });

  const rest = [
    ['Tides', 'Tables'],
    ['Sonar', 'Echo'],
  ];
  it.each([
    ['a list in a cell', [['Survey', 'Sextant, Charts'], ...rest], [40, 110]],
    ['a cell of five words', [['Survey', 'sounded the harbour each season'], ...rest], [40, 110]],
    [
      'two rows of two cells only',
      [
        ['Survey', 'Sextant'],
        ['Tides', 'Tables'],
      ],
      [40, 110],
    ],
    // Columns of prose whose lines stand level: a cell goes on, in lower case, from the one above.
    [
      'columns of prose',
      [
        ['Sounded the harbour', 'Drew the charts'],
        ['every season', 'for the pilots'],
        ['for the port', 'and the office'],
      ],
      [40, 200],
    ],
  ] as [string, string[][], number[]][])('makes no table of %s', (_what, rows, edges) => {
    const lines = pageDocLines([...head, ...grid(rows, edges)], 595);
    expect(lines.every((line) => !line.table)).toBe(true);
  });

  it('makes no table of words that stand level in one row only (justified text)', () => {
    // The columns need two rows each: `Charts` stands in one.
    const words = [
      ...grid([['Sextant', 'Charts', 'Sonar']], [40, 110, 170]),
      ...grid([['Tides', 'Radar']], [40, 170], 687),
      ...grid([['Compass', 'Leadline']], [40, 170], 674),
    ];
    expect(pageDocLines([...head, ...words], 595).every((line) => !line.table)).toBe(true);
  });

  it('reads a run of rows longer than a table holds as tables one after another', () => {
    const long = Array.from({ length: 100 }, () => ['Sextant', 'Sonar', 'GIS']);
    const lines = pageDocLines([...head, ...grid(long, [40, 110, 170])], 595).slice(2);
    expect(lines.length).toBe(300);
    const tables = lines.map((line) => line.table?.table);
    expect([tables[0], tables[119], tables[120], tables[239], tables[240], tables[299]]).toEqual([
      0, 0, 1, 1, 2, 2,
    ]);
  });

  it('numbers a second table on the page after the first', () => {
    const two = [...page, at('TOOLS', 40, 640, 12), ...grid(cells, [40, 110, 170], 620)];
    expect(pageDocLines(two, 595).at(-1)?.table).toEqual({ table: 1, row: 2, column: 2 });
  });

  it('leaves a row of headings set apart over the rows under them out (pdf-table-headings)', () => {
    const headings = [
      ...head.slice(0, 1),
      at('SKILLS', 40, 720, 12),
      at('TOOLS', 110, 720, 12),
      at('LANGUAGES', 170, 720, 12),
      ...grid(cells, [40, 110, 170], 707),
    ];
    const lines = pageDocLines(headings, 595);
    expect(lines.filter((line) => line.table?.row === 0).map((line) => line.text)).toEqual([
      'Sextant',
      'Theodolite',
      'Charts',
    ]);
    const off = withRulesOff(['pdf-table-headings'], () => pageDocLines(headings, 595));
    expect(off.find((line) => line.text === 'SKILLS')?.table).toEqual({
      table: 0,
      row: 0,
      column: 0,
    });
    // Set apart in bold alone, in the body's size, a row is the table's head row.
    const bold = [
      ...head,
      ...['Surveys', 'Charts', 'Tides'].map((text, column) =>
        at(text, [40, 110, 170][column] ?? 0, 713, 10, 'bold'),
      ),
      ...grid(cells, [40, 110, 170]),
    ];
    const heads = pageDocLines(bold, 595, new Set(['bold']));
    expect(heads.filter((line) => line.table?.row === 0).map((line) => line.text)).toEqual([
      'Surveys',
      'Charts',
      'Tides',
    ]);
  });

  it('marks no table whose columns stand either side of the page’s gutter', () => {
    // A sidebar of short items beside a body whose lines stand level with them: three rows of
    // the body are short (a role, its employer, its dates), the rest prose.
    const left = ['Sextant', 'Charts', 'Sonar', 'Radar', 'GIS', 'Tides', 'Leadline', 'Compass'];
    const right = [
      'Harbour Surveyor',
      'Fernhill Ports',
      '2019 to 2024',
      'Sounded the inner harbour every season for the port',
      'Drew the charts the pilots used for the whole fleet',
      'Kept the tide tables for the harbour office each year',
      'Trained four junior surveyors in the new echo sounder',
      'Wrote the survey reports for the port authority board',
    ];
    const columns = left.flatMap((text, row) => [
      at(text, 40, 700 - row * 13),
      at(right[row] ?? '', 200, 700 - row * 13),
    ]);
    const lines = pageDocLines([head[0] as PlacedText, ...columns], 595);
    expect(lines.every((line) => !line.table)).toBe(true);
    expect(lines.slice(1, 4).map((line) => line.text)).toEqual(['Sextant', 'Charts', 'Sonar']);
  });

  it('reads a grid that makes the only gutter on its page as a table (pdf-table-gutter)', () => {
    // A page of a heading and a grid only, its columns further apart than fragments part.
    const pairs = [
      ['Sextant', 'Theodolite'],
      ['Echo sounding', 'Tide tables'],
      ['Leadline', 'Sonar'],
    ];
    const spaced = [...head, ...grid(pairs, [140, 228])];
    expect(texts(spaced).slice(2, 5)).toEqual(['Sextant', 'Theodolite', 'Echo sounding']);
    // Without the rule, the grid's columns are the page's, read one after the other.
    const off = withRulesOff(['pdf-table-gutter'], () => texts(spaced));
    expect(off.slice(2, 5)).toEqual(['Sextant', 'Echo sounding', 'Leadline']);
  });

  it('on any page, loses no glyph and repeats none', () => {
    const item = fc.record({
      str: fc.oneof(
        fc.constantFrom('Sextant', 'GIS', '•', 'Echo sounding', 'sounded', 'a, b', ''),
        fc.string({ maxLength: 20 }),
      ),
      x: fc.constantFrom(40, 41, 60, 110, 111, 170, 300, -20, 700),
      y: fc.integer({ min: 0, max: 40 }).map((row) => 800 - row * 13),
      width: fc.double({ min: 0, max: 200, noNaN: true }),
      size: fc.constantFrom(10, 12, 20),
      font: fc.constantFrom('text', 'bold'),
    });
    const glyphs = (lines: readonly { text: string }[]) =>
      [...lines.map((line) => line.text).join('')].filter((char) => char.trim() !== '').sort();
    fc.assert(
      fc.property(fc.array(item, { maxLength: 80 }), (items) => {
        const on = pageDocLines(items, 595, new Set(['bold']));
        const off = withRulesOff(['pdf-table'], () => pageDocLines(items, 595, new Set(['bold'])));
        expect(glyphs(on)).toEqual(glyphs(off));
      }),
      { numRuns: 500 },
    );
  });
});
