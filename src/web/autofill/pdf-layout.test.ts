// The column search (gutterOf) against the pairwise search it replaced (issue 31, item 9): the
// same gutter on any layout, and on the crafted PDF's layout, each fragment's edges read a
// bounded number of times rather than once per strip per level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trapRow } from '../../../test/helpers/column-trap.mjs';
import {
  fontMarks,
  gutterOf,
  type PlacedText,
  pageDocLines,
  pageLines,
  type Span,
  sidebarOf,
  unspaced,
  withAccents,
} from './pdf-layout.ts';
import { withRulesOff } from './rules.ts';

/** The search as it was before issue 31: every strip at every level counts every fragment. */
function pairwiseGutter(fragments: readonly Span[], pageWidth: number): number | null {
  const width = Math.max(1, Math.ceil(pageWidth));
  const cover = new Array<number>(width + 1).fill(0);
  for (const fragment of fragments) {
    const from = Math.max(0, Math.floor(fragment.x0));
    const to = Math.min(width, Math.ceil(fragment.x1));
    for (let x = from; x <= to; x++) cover[x] = (cover[x] ?? 0) + 1;
  }
  const allowed = Math.max(2, Math.floor(fragments.length * 0.1));
  const from = Math.floor(width * 0.2);
  const to = Math.ceil(width * 0.8);
  for (let level = 0; level <= allowed; level++) {
    let best: { x: number; sides: number } | null = null;
    let runStart = -1;
    for (let x = from; x <= to + 1; x++) {
      const open = x <= to && (cover[x] ?? 0) <= level;
      if (open && runStart < 0) runStart = x;
      if (!open && runStart >= 0) {
        const middle = (runStart + x - 1) / 2;
        const left = fragments.filter((f) => f.x1 <= middle).length;
        const right = fragments.filter((f) => f.x0 >= middle).length;
        const sides = Math.min(left, right);
        if (x - 1 - runStart >= 8 && sides >= 3 && (!best || sides > best.sides)) {
          best = { x: middle, sides };
        }
        runStart = -1;
      }
    }
    if (best) return best.x;
  }
  return null;
}

/** `rows` rows of the crafted PDF's letters, as fragments. */
const trap = (rows: number): Span[] =>
  Array.from({ length: rows }, (_, row) => trapRow(700 - row * 6)).flatMap((items) =>
    items.map((item) => ({ x0: item.x, x1: item.x + item.width })),
  );

/** The same spans, counting every read of an edge. */
function watched(spans: readonly Span[]) {
  const count = { reads: 0 };
  const copies = spans.map(({ x0, x1 }) => ({
    get x0() {
      count.reads++;
      return x0;
    },
    get x1() {
      count.reads++;
      return x1;
    },
  }));
  return { spans: copies, count };
}

// Coordinates on the half-point grid (where a strip's middle falls: edges that touch it exactly),
// anywhere, and past the page; widths also negative, NaN and infinite (a width pdf.js did not know).
const coordinate = fc.oneof(
  fc.integer({ min: -40, max: 1_700 }).map((half) => half / 2),
  fc.double({ min: -50, max: 900, noNaN: true }),
);
const width = fc.oneof(
  fc.integer({ min: -4, max: 800 }).map((half) => half / 2),
  fc.double({ min: -10, max: 700, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const spanIn = (x0: fc.Arbitrary<number>, w: fc.Arbitrary<number>) =>
  fc.record({ x0, w }).map(({ x0, w }): Span => ({ x0, x1: x0 + w }));
const anywhere = spanIn(coordinate, width);
// Two columns and what crosses them (a name, a footer): gutters found at every level.
const twoColumns = fc
  .tuple(
    fc.array(spanIn(fc.integer({ min: 60, max: 400 }), fc.integer({ min: 1, max: 200 })), {
      maxLength: 60,
    }),
    fc.array(spanIn(fc.integer({ min: 300, max: 1_200 }), fc.integer({ min: 1, max: 300 })), {
      maxLength: 60,
    }),
    fc.array(anywhere, { maxLength: 12 }),
  )
  .map((parts) => parts.flat());
const layout = fc.oneof(fc.array(anywhere, { maxLength: 80 }), twoColumns);
const pageWidth = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.double({ min: 0, max: 1_000, noNaN: true }),
  fc.constantFrom(612, 595.28, 842),
);
// A few fragments on a narrow page: edges fall on a strip's middle, and one fragment more or
// less on a side decides between strips, or whether there is a gutter at all.
const half = (max: number) => fc.integer({ min: 0, max: 2 * max }).map((h) => h / 2);
const narrowPage = fc
  .integer({ min: 20, max: 120 })
  .chain((page) =>
    fc.tuple(
      fc.array(spanIn(half(page), half(Math.floor(page / 4))), { minLength: 3, maxLength: 14 }),
      fc.constant(page),
    ),
  );

describe('gutterOf', () => {
  it('finds the gutter the pairwise search finds, on any layout and page width', () => {
    fc.assert(
      fc.property(layout, pageWidth, (spans, page) => {
        expect(gutterOf(spans, page)).toBe(pairwiseGutter(spans, page));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(narrowPage, ([spans, page]) => {
        expect(gutterOf(spans, page)).toBe(pairwiseGutter(spans, page));
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds it on the crafted PDF’s layout too', () => {
    const spans = trap(12);
    expect(gutterOf(spans, 612)).toBe(pairwiseGutter(spans, 612));
  });

  it('reads each edge of the crafted PDF’s fragments a bounded number of times', () => {
    // 20 rows of 203 letters: the pairwise search read some 20 million edges here.
    const { spans, count } = watched(trap(20));
    gutterOf(spans, 612);
    expect(count.reads).toBeLessThanOrEqual(4 * spans.length);
  });
});

// Issue 45: the PDF's own marks (letter spacing, columns whose lines stand level, a sidebar),
// each on a page made up for it, with its rule turned off to show what it does.
const at = (str: string, x: number, y: number, size = 10, font = 'text'): PlacedText => ({
  str,
  x,
  y,
  width: str.length * size * 0.5,
  size,
  font,
});

describe('unspaced', () => {
  it.each([
    ['J O H N', 'JOHN'],
    ['D O E', 'DOE'],
    ['j o h n . d o e@em a il . c o m', 'john.doe@email.com'],
    ['N ew Yo r k', 'NewYork'],
    ['S K I L L S  A N D  T O O L S', 'SKILLS AND TOOLS'],
    ['0 1 2 3 4 5 6 7 89', '0123456789'],
    ['Jane Doe', 'Jane Doe'],
    ['I am a cat', 'I am a cat'],
    ['C R Go', 'C R Go'],
    ['A B', 'A B'],
    ['x', 'x'],
    ['', ''],
  ])('reads %j as %j', (text, expected) => {
    expect(unspaced(text)).toBe(expected);
  });

  it('only ever takes spaces out, on any text', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(fc.constantFrom('a', 'é', '𝔸', ' ', '  ', '@', '.', 'ab'), { maxLength: 2_000 })
        .map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const out = unspaced(input);
        expect(out.replaceAll(' ', '')).toBe(input.replaceAll(' ', ''));
        expect(out.length).toBeLessThanOrEqual(input.length);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('withAccents (pdf-spacing-accents)', () => {
  it.each([
    ['Bogot´a, Colombia', 'Bogotá, Colombia'],
    ['Espa ˜nol', 'Español'],
    ['Mart´ınez', 'Martínez'],
    ['FORMACI ´ON', 'FORMACIÓN'],
    ['Mart´inez', 'Martínez'],
    ['M¨uller', 'Müller'],
    ['Jos´e ´Alvaro', 'José Álvaro'],
    ['Fran`ois', 'Franòis'],
    ['na¨ıve', 'naïve'],
    ['I´m a surveyor, don´t ask', 'I´m a surveyor, don´t ask'],
    ['´', '´'],
    ['', ''],
  ])('reads %j as %j', (text, expected) => {
    expect(withAccents(text)).toBe(expected);
  });

  it('leaves the accents apart with the rule off', () => {
    expect(withRulesOff(['pdf-spacing-accents'], () => withAccents('Bogot´a'))).toBe('Bogot´a');
  });

  it('only ever joins an accent to its letter, on any text', () => {
    const text = fc
      .array(fc.constantFrom('a', 'n', 'E', 'x', ' ', '´', '˜', '¨', '`', 'ˆ', 'ı', '𝔸'), {
        maxLength: 2_000,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 300 })), (input) => {
        const out = withAccents(input);
        expect(out.length).toBeLessThanOrEqual(input.length);
        const base = (value: string) =>
          value
            .normalize('NFD')
            .replace(/[\u0300-\u0308´`¨˜ˆ ]/gu, '')
            .replaceAll('ı', 'i');
        expect(base(out)).toBe(base(input));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('pageDocLines: letter spacing, level columns, icons, sidebars', () => {
  const body = 'Built the billing system and the data platform for the whole company';
  const lettered = [
    at('J O H N', 230, 810, 14, 'spaced'),
    at('D O E', 300, 810, 14, 'spaced'),
    at('Developer', 230, 780),
    at('C O N T A C T', 30, 740, 10, 'spaced'),
    at('j o h n . d o e @ e m a i l . c o m', 30, 720, 10, 'spaced'),
    at(body, 30, 690),
  ];

  it('joins glyphs set apart by letter spacing into words, and takes their font for text', () => {
    expect(pageLines(lettered, 595)).toEqual([
      'JOHN DOE',
      'Developer',
      'CONTACT',
      'john.doe@email.com',
      body,
    ]);
    // Without the rule the font never sets a word: it is taken for an icon font.
    expect(withRulesOff(['pdf-letter-spacing'], () => pageLines(lettered, 595))).toEqual([
      ' |  | ',
      'Developer',
      ' | ',
      ' | ',
      body,
    ]);
  });

  // Two columns whose lines stand level, the left one set flush right against the gutter (a
  // heading beside a heading, dates beside a heading), each pair closer than the gap that parts
  // fragments on a line.
  const flushRight = (str: string, y: number, size = 10) =>
    at(str, 286 - str.length * size * 0.5, y, size);
  const left = ['Company A', 'Developer', 'since 2016', 'Company B', 'Trainee'];
  const right = ['Master of Arts', 'University A', 'Bachelor', 'University B', 'Skills'];
  const level = [
    at('Jane Doe', 60, 800, 20),
    flushRight('Experience', 700, 17.6),
    at('Education', 310, 700, 17.6),
    ...left.map((text, i) => flushRight(text, 680 - i * 20)),
    ...right.map((text, i) => at(text, 310, 680 - i * 20)),
    flushRight('2014 - 2015', 580),
    at('Languages', 310, 580, 17.6),
  ];

  it('parts two columns whose lines stand level, and reads one column after the other', () => {
    expect(pageLines(level, 595)).toEqual([
      'Jane Doe',
      'Experience',
      ...left,
      '2014 - 2015',
      'Education',
      ...right,
      'Languages',
    ]);
    const joined = withRulesOff(['pdf-gutter-split'], () => pageLines(level, 595));
    expect(joined).toContain('Experience Education');
    expect(joined).toContain('2014 - 2015 Languages');
  });

  it('leaves out text set upright, which would join each line it stands beside', () => {
    const items = [
      at('Skills', 100, 700, 12),
      at('Python', 100, 680),
      at('Go', 100, 660),
      { ...at('CURRICULUM', 92, 560, 65), rotated: true },
      { ...at('VITAE', 92, 680, 65), rotated: true },
    ];
    expect(pageLines(items, 595)).toEqual(['Skills', 'Python', 'Go']);
    expect(withRulesOff(['pdf-rotated'], () => pageLines(items, 595))).toEqual([
      'VITAESkills',
      'Python',
      'Go',
      'CURRICULUM',
    ]);
  });

  it('reads a capital set in a font of its own against the rest of its word as a letter (pdf-initials)', () => {
    // Small capitals with larger initials: each initial is a glyph of a font that sets no word.
    const initials = [
      at('Mara Quill', 30, 800, 20),
      at('C', 30, 760, 13, 'initials'),
      at('OASTAL', 36.5, 760, 11),
      at('I', 80, 760, 13, 'initials'),
      at('NTERESTS', 86.5, 760, 11),
      at(body, 30, 740),
    ];
    expect(pageLines(initials, 595)).toEqual(['Mara Quill', 'COASTAL INTERESTS', body]);
    expect(withRulesOff(['pdf-initials'], () => pageLines(initials, 595))).toEqual([
      'Mara Quill',
      ' | OASTAL | NTERESTS',
      body,
    ]);
    // An icon apart from the word after it stays an icon.
    const icon = [at('A', 30, 700, 12, 'icons'), at('AUSTIN, TX', 50, 700), at(body, 30, 680)];
    expect(pageLines(icon, 595)).toEqual([' | AUSTIN, TX', body]);
  });

  it('reads a letter in a font of its own set against a word as a letter (pdf-letter-in-word)', () => {
    // A word processor's fallback font for the accented letters its own font lacks.
    const accents = [
      at('Mara Quill', 30, 800, 20),
      at('Cartograf', 30, 760),
      at('í', 75, 760, 10, 'fallback'),
      at('a, Dise', 80, 760),
      at('ñ', 115, 760, 10, 'fallback'),
      at('o', 120, 760),
      at('É', 30, 740, 10, 'fallback'),
      at('cole Navale', 35, 740),
    ];
    expect(pageLines(accents, 595)).toEqual(['Mara Quill', 'Cartografía, Diseño', 'École Navale']);
    expect(withRulesOff(['pdf-letter-in-word'], () => pageLines(accents, 595))).toEqual([
      'Mara Quill',
      'Cartograf | a, Dise | o',
      ' | cole Navale',
    ]);
    // An icon font's letter before a word (ASCII) or apart from it stays an icon.
    const icons = [
      at('Mara Quill', 30, 800, 20),
      at('a', 30, 760, 10, 'icons'),
      at('Taos, NM', 35, 760),
      at('m', 30, 740, 10, 'icons'),
      at('mara@example.com', 45, 740),
    ];
    expect(pageLines(icons, 595)).toEqual(['Mara Quill', ' | Taos, NM', ' | mara@example.com']);
  });

  it('sizes a line by its text, not by the larger icon glyph before it', () => {
    const items = [at('\uf095', 30, 700, 20, 'icons'), at('New York', 50, 700, 10)];
    expect(pageDocLines(items, 595)).toEqual([{ text: ' | New York', size: 10 }]);
  });

  const sidebar = [
    at('Jane Doe', 30, 800, 20),
    at('jane@example.com', 30, 770),
    at('Austin, TX', 30, 750),
    at('Python', 30, 730),
    at('SQL', 30, 710),
    at('Experience', 250, 800, 14),
    at('Engineer at Initech since the year of our first product launch', 250, 770),
    at('Built the billing system and the data platform for the company', 250, 750),
    at('Analyst at Globex from the year we grew into a second office', 250, 730),
  ];

  it('marks a narrow column beside the body as a sidebar', () => {
    const lines = pageDocLines(sidebar, 595);
    expect(lines.filter((line) => line.area === 'sidebar').map((line) => line.text)).toEqual([
      'Jane Doe',
      'jane@example.com',
      'Austin, TX',
      'Python',
      'SQL',
    ]);
    expect(lines.filter((line) => line.column === 1).every((line) => !line.area)).toBe(true);
    const off = withRulesOff(['pdf-sidebar'], () => pageDocLines(sidebar, 595));
    expect(off.some((line) => line.area)).toBe(false);
  });

  it('marks no sidebar where both columns are wide, or both narrow', () => {
    const span = (x0: number, x1: number) => ({ x0, x1, text: '', y: 0, size: 10, row: 0 });
    expect(sidebarOf([span(20, 280)], [span(310, 570)], 595)).toBeUndefined();
    expect(sidebarOf([span(50, 110)], [span(400, 430)], 595)).toBeUndefined();
    expect(sidebarOf([span(20, 280)], [span(400, 560)], 595)).toBe('right');
    expect(sidebarOf([span(20, 200)], [span(230, 570)], 595)).toBe('left');
  });
});

describe('pageDocLines: two columns under a centred header (pdf-header-apart)', () => {
  // A name, a title and a contact line centred across the page, each crossing the gutter of the
  // two columns below, whose headings and lines stand level.
  const centred = (text: string, y: number, size = 10) =>
    at(text, 297 - (text.length * size * 0.5) / 2, y, size);
  // Each column's text runs close to the gutter, as a column's full lines do.
  const left = [
    'Charge Nurse',
    'WakeMed Health, Raleigh, NC',
    'Led a team of twelve nurses on the surgical',
    'unit and cut falls by a quarter in a year.',
  ];
  const right = [
    'BLS, ACLS',
    'CCRN',
    'Patient assessment, Epic EHR, IV therapy,',
    'Wound care, Telemetry monitoring',
  ];
  const page = [
    centred('MARA QUILL', 800, 20),
    centred('Registered Nurse', 775),
    centred('mara@example.com | (919) 555-0107 | Raleigh, NC', 760),
    at('EXPERIENCE', 40, 735, 12),
    at('SKILLS', 320, 735, 12),
    ...left.map((text, row) => at(text, 40, 720 - row * 13)),
    ...right.map((text, row) => at(text, 320, 720 - row * 13)),
  ];

  it('reads the header, then the left column, then the right one', () => {
    expect(pageLines(page, 595)).toEqual([
      'MARA QUILL',
      'Registered Nurse',
      'mara@example.com | (919) 555-0107 | Raleigh, NC',
      'EXPERIENCE',
      ...left,
      'SKILLS',
      ...right,
    ]);
  });

  it('reads a row across the gutter once, with the other fragments on its row', () => {
    // The contact line crosses the gutter; a date stands apart at the end of its row.
    const dated = [...page, at('2024', 540, 760)];
    const lines = pageLines(dated, 595);
    expect(lines.filter((line) => line === '2024')).toEqual(['2024']);
    expect(lines.slice(2, 4)).toEqual(['mara@example.com | (919) 555-0107 | Raleigh, NC', '2024']);
  });

  it('without pdf-header-apart, the header hides the gutter and the columns interleave', () => {
    // Read as one column, the headings side by side begin two columns: turned off too.
    const off = withRulesOff(['pdf-header-apart', 'pdf-side-by-side'], () => pageLines(page, 595));
    expect(off.slice(3, 7)).toEqual(['EXPERIENCE', 'SKILLS', 'Charge Nurse', 'BLS, ACLS']);
  });
});

describe('pageDocLines: two headings side by side in the body (pdf-side-by-side)', () => {
  // A page of one column: a name, a paragraph across the page, then two short sections side by
  // side, then a heading across the page again, set apart by space.
  const paragraph = [
    'Surveyed the inner harbour and the docks for the port authority every season, and drew',
    'the charts that the pilots and the harbour office used for the whole of the fleet.',
    'Trained four junior surveyors in sounding, tide work and the new echo sounder.',
  ];
  const page = [
    at('MARA QUILL', 40, 800, 20),
    ...paragraph.map((text, row) => at(text, 40, 770 - row * 13)),
    at('SKILLS', 40, 715, 12),
    at('LANGUAGES', 320, 715, 12),
    ...['Tide charts', 'Sextant', 'Echo sounding'].map((text, row) => at(text, 40, 700 - row * 13)),
    ...['Welsh', 'Breton'].map((text, row) => at(text, 320, 700 - row * 13)),
    at('EDUCATION', 40, 640, 12),
    at('Harbour College, Diploma in Hydrography', 40, 625),
  ];

  it('reads the left section, then the right one, then the rest', () => {
    expect(pageLines(page, 595).slice(4)).toEqual([
      'SKILLS',
      'Tide charts',
      'Sextant',
      'Echo sounding',
      'LANGUAGES',
      'Welsh',
      'Breton',
      'EDUCATION',
      'Harbour College, Diploma in Hydrography',
    ]);
  });

  it('reads three sections side by side one after another', () => {
    const three = [
      ...page.filter((item) => item.y > 720 || item.y < 650),
      at('TOOLS', 220, 715, 12),
      at('Sextant', 40, 700),
      at('Theodolite', 220, 700),
      at('Welsh', 400, 700),
      at('Charts', 40, 687),
      at('Echo sounder', 220, 687),
      at('Breton', 400, 687),
      at('SKILLS', 40, 715, 12),
      at('LANGUAGES', 400, 715, 12),
    ];
    expect(pageLines(three, 595).slice(4, -2)).toEqual([
      'SKILLS',
      'Sextant',
      'Charts',
      'TOOLS',
      'Theodolite',
      'Echo sounder',
      'LANGUAGES',
      'Welsh',
      'Breton',
    ]);
  });

  it('reads an acronym set as the lines about it as a line of its column (pdf-acronym-line)', () => {
    const acronyms = page.map((item) => (item.str === 'Sextant' ? { ...item, str: 'GIS' } : item));
    expect(pageLines(acronyms, 595).slice(4, 8)).toEqual([
      'SKILLS',
      'Tide charts',
      'GIS',
      'Echo sounding',
    ]);
    // Without the rule, `GIS` in capitals stands as a heading would: the columns end above it.
    const off = withRulesOff(['pdf-acronym-line'], () => pageLines(acronyms, 595));
    expect(off.slice(4, 8)).toEqual(['SKILLS', 'LANGUAGES', 'Tide charts', 'Welsh']);
  });

  it('without the rule, the two sections interleave row by row', () => {
    const off = withRulesOff(['pdf-side-by-side'], () => pageLines(page, 595));
    expect(off.slice(4, 8)).toEqual(['SKILLS', 'LANGUAGES', 'Tide charts', 'Welsh']);
  });

  it('leaves labels with a colon, and lines set as headings under them, in place', () => {
    const read = (items: PlacedText[]) => () =>
      pageDocLines(items, 595, new Set(['bold'])).map((line) => line.text);
    // `Address:` beside `Phone:`, a label table's bold labels under them.
    const labels = page.map((item) =>
      item.str === 'SKILLS' || item.str === 'LANGUAGES' ? { ...item, str: `${item.str}:` } : item,
    );
    const bold = page.map((item) => (item.str === 'Welsh' ? { ...item, font: 'bold' } : item));
    for (const items of [labels, bold]) {
      expect(read(items)().slice(6, 8)).toEqual(['Tide charts', 'Welsh']);
      expect(read(items)()).toEqual(withRulesOff(['pdf-side-by-side'], read(items)));
    }
  });

  it('on any page, gives every line it read without the rule, none twice', () => {
    const text = fc.oneof(
      fc.constantFrom('SKILLS', 'LANGUAGES', 'Tide charts', 'Welsh', 'Email:', ''),
      fc.string({ maxLength: 40 }),
    );
    const item = fc.record({
      str: text,
      x: fc.constantFrom(40, 41, 160, 320, 321, 330, -20, 700),
      y: fc.integer({ min: 0, max: 60 }).map((row) => 800 - row * 13),
      width: fc.double({ min: 0, max: 400, noNaN: true }),
      size: fc.constantFrom(10, 12, 20),
      font: fc.constantFrom('text', 'bold'),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 80 }), (items) => {
        const sorted = (lines: string[]) => [...lines].sort();
        const on = pageDocLines(items, 595, new Set(['bold'])).map((line) => line.text);
        const off = withRulesOff(['pdf-side-by-side'], () =>
          pageDocLines(items, 595, new Set(['bold'])).map((line) => line.text),
        );
        expect(sorted(on)).toEqual(sorted(off));
      }),
      { numRuns: 500 },
    );
  });
});

describe('pageDocLines: text set flush right beside the body (pdf-flush-right)', () => {
  // Set right: its right edge at 555, its left edge where its width puts it.
  const right = (text: string, y: number) => at(text, 555 - text.length * 5, y);
  const page = [
    at('Mara Quill', 40, 800, 20),
    right('mara@example.com', 800),
    right('(617) 555-0110', 787),
    at('Hydrographer', 40, 780),
    right('Fernhill, MA 02110', 774),
    at('EXPERIENCE', 40, 740, 12),
    at('Harbour Surveyor', 40, 725),
    right('2019 - 2024', 725),
    at('Fernhill Ports', 40, 712),
    at('Sounded the inner harbour.', 40, 699),
    at('EDUCATION', 40, 670, 12),
    at('Harbour College', 40, 655),
    right('2015', 655),
  ];

  it('reads its rows across: the contact block stays in the header', () => {
    const lines = pageLines(page, 595);
    expect(lines.slice(0, 5)).toEqual([
      'Mara Quill',
      'mara@example.com',
      '(617) 555-0110',
      'Hydrographer',
      'Fernhill, MA 02110',
    ]);
  });

  it('without the rule, it is a column read after the body', () => {
    const lines = withRulesOff(['pdf-flush-right'], () => pageLines(page, 595));
    expect(lines.indexOf('(617) 555-0110')).toBeGreaterThan(lines.indexOf('Harbour College'));
  });
});

describe('pageDocLines: a column of dates beside the roles (pdf-dates-beside)', () => {
  // Dates at the left edge, each level with its employer; the section headings at that edge too,
  // a list across the page between the sections.
  const page = [
    at('Mara Quill', 40, 800, 20),
    at('mara@example.com · (617) 555-0110 · Fernhill, MA 02110', 40, 780),
    at('EXPERIENCE', 40, 750, 12),
    at('2020 - Present', 40, 735),
    at('Fernhill Ports, Boston', 130, 735),
    at('Harbour Surveyor', 130, 722),
    at('2016 - 2020', 40, 709),
    at('Wren Docks, Salem', 130, 709),
    at('Deckhand', 130, 696),
    at('SKILLS', 40, 670, 12),
    at('Hydrography, Tide tables, Sextant, Echo sounding, Chartwork', 40, 655),
    at('EDUCATION', 40, 630, 12),
    at('Harbour College', 40, 615),
    at('2015', 530, 615),
  ];

  it('reads the stretch row by row: each heading after the roles above it', () => {
    const lines = pageLines(page, 595);
    expect(lines.slice(lines.indexOf('Harbour Surveyor'))).toEqual([
      'Harbour Surveyor',
      '2016 - 2020',
      'Wren Docks, Salem',
      'Deckhand',
      'SKILLS',
      'Hydrography, Tide tables, Sextant, Echo sounding, Chartwork',
      'EDUCATION',
      'Harbour College',
      '2015',
    ]);
    const docs = pageDocLines(page, 595);
    expect(docs.filter((line) => line.column !== undefined).map((line) => line.text)).toEqual([]);
  });

  it('without the rule, the dates and the heading are a sidebar read before the roles', () => {
    const lines = withRulesOff(['pdf-dates-beside'], () => pageLines(page, 595));
    expect(lines.indexOf('SKILLS')).toBeLessThan(lines.indexOf('Harbour Surveyor'));
  });
});

describe('pageDocLines: section names in a margin on a short page (pdf-margin-level)', () => {
  // Three names in a margin, each level with its section's first line; the name and contact
  // lines above them hold one line a row.
  const page = [
    at('Mara Quill', 40, 800, 20),
    at('mara@example.com', 40, 780),
    at('EXPERIENCE', 40, 750),
    at('Harbour Surveyor, Fernhill Ports', 180, 750),
    at('Sounded the inner harbour.', 190, 737),
    at('Drew the charts.', 190, 724),
    at('Kept the tide tables.', 190, 711),
    at('SKILLS', 40, 690),
    at('Hydrography, Tide tables', 180, 690),
    at('Sextant, Echo sounding', 180, 677),
    at('EDUCATION', 40, 657),
    at('Harbour College, 2015', 180, 657),
  ];

  it('reads each name beside its section, row by row', () => {
    expect(pageLines(page, 595).slice(2)).toEqual([
      'EXPERIENCE',
      'Harbour Surveyor, Fernhill Ports',
      'Sounded the inner harbour.',
      'Drew the charts.',
      'Kept the tide tables.',
      'SKILLS',
      'Hydrography, Tide tables',
      'Sextant, Echo sounding',
      'EDUCATION',
      'Harbour College, 2015',
    ]);
  });

  it('without the rule, the names are a column read before the sections', () => {
    const off = withRulesOff(['pdf-margin-level'], () => pageLines(page, 595));
    expect(off.slice(2, 6)).toEqual([
      'EXPERIENCE',
      'SKILLS',
      'EDUCATION',
      'Harbour Surveyor, Fernhill Ports',
    ]);
  });
});

describe('pageDocLines: section names in a margin, some alone on their rows (pdf-margin-headings)', () => {
  // Section names in a margin, each with a colon, set larger; one stands level with its
  // section's first line, the others on rows of their own over their sections.
  const page = [
    at('Mara Quill', 180, 800, 20),
    at('mara@example.com', 180, 780),
    at('Objective:', 40, 750, 12),
    at('A post charting harbours for the port.', 180, 750),
    at('Work Experience:', 40, 730, 12),
    at('Harbour Surveyor', 180, 715),
    at('Sounded the inner harbour.', 190, 702),
    at('Drew the charts of the channel.', 190, 689),
    at('Kept the tide tables.', 190, 676),
    at('Skills:', 40, 656, 12),
    at('Hydrography, Tide tables', 180, 641),
    at('Sextant, Echo sounding', 180, 628),
  ];

  it('reads each name over its section, row by row', () => {
    expect(pageLines(page, 595).slice(2, 6)).toEqual([
      'Objective:',
      'A post charting harbours for the port.',
      'Work Experience:',
      'Harbour Surveyor',
    ]);
  });

  it('without the rule, the names are a column read before their sections', () => {
    const off = withRulesOff(['pdf-margin-headings'], () => pageLines(page, 595));
    expect(off.slice(1, 4)).toEqual(['Objective:', 'Work Experience:', 'Skills:']);
  });
});

describe('pageDocLines: a sidebar with headings of its own, level with the body (pdf-headed-side)', () => {
  // A sidebar set larger than the body, few lines, most of them level with a line of the body by
  // the baseline grid: its own headings (`CONTACT`, `PROFILE`) with lines under them.
  const body = [
    'EXPERIENCE',
    'Harbour Surveyor',
    'Fernhill Ports, 2019 - Present',
    'Sounded the inner harbour and the outer channel for the port authority.',
    'Drew the charts of the channel and kept them up to date for the pilots.',
    'Kept the tide tables each week.',
    'Deckhand',
    'Wren Docks, 2016 - 2019',
    'Hauled the lines on the quay.',
    'Kept the deck clear.',
    'EDUCATION',
    'Harbour College',
    'Certificate in Hydrography, 2015',
    'Sea survival course',
    'First aid at sea',
  ].map((text, row) => at(text, 220, 800 - row * 13));
  const side = [
    at('CONTACT', 30, 787, 12),
    at('mara@example.com', 30, 774, 12),
    at('Fernhill, MA', 30, 755, 12),
    at('PROFILE', 30, 735, 12),
    at('A surveyor who', 30, 722, 12),
    at('charts harbours.', 30, 703, 12),
  ];
  const page = [...body, ...side];

  it('reads the sidebar as a column of its own, before the body', () => {
    const lines = pageDocLines(page, 595);
    expect(lines.filter((line) => line.area === 'sidebar').map((line) => line.text)).toEqual(
      side.map((item) => item.str),
    );
    expect(lines.slice(0, 7).map((line) => line.text)).toEqual([
      ...side.map((item) => item.str),
      'EXPERIENCE',
    ]);
  });

  it('without the rule, it is an aside read row by row into the body', () => {
    const off = withRulesOff(['pdf-headed-side'], () => pageLines(page, 595));
    expect(off.slice(0, 4)).toEqual([
      'EXPERIENCE',
      'CONTACT',
      'Harbour Surveyor',
      'mara@example.com',
    ]);
  });
});

describe('pageDocLines: lines that ran full', () => {
  // Ten points a line apart, one column; each glyph half its size wide (`at`).
  const page = [
    'Harbour Surveyor at Fernhill Ports',
    'Built the billing system for the harbour office in',
    'the first year, then the survey tools for the fleet',
    'and the docks, and the charts of the inner harbour.',
    'Skills: Surveying, Hydrography, Bathymetry, Power',
    'BI, Drafting',
  ].map((text, row) => at(text, 30, 700 - row * 12 - (row >= 4 ? 12 : 0)));

  it("marks a line that ran to its column's edge, the next line's first word too long for the room left", () => {
    expect(pageDocLines(page, 595).map(({ text, wraps }) => [text.slice(0, 12), wraps])).toEqual([
      // The next line's first word would have fitted: the line ended where its author ended it.
      ['Harbour Surv', undefined],
      ['Built the bi', true],
      ['the first ye', true],
      // Space parts the next line from it: a new block.
      ['and the dock', undefined],
      ['Skills: Surv', true],
      ['BI, Drafting', undefined],
    ]);
  });

  it('marks none without its rule, or in a column of short lines, where the longest sets the edge', () => {
    const off = withRulesOff(['pdf-full-line'], () => pageDocLines(page, 595));
    expect(off.some((line) => line.wraps)).toBe(false);
    const list = ['Surveying', 'Hydrography work', 'Bathymetry', 'Power BI'].map((text, row) =>
      at(text, 30, 700 - row * 12),
    );
    expect(pageDocLines(list, 595).some((line) => line.wraps)).toBe(false);
  });

  it('on any page, marks only a line of three words or more that another line follows', () => {
    const item = fc.record({
      str: fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 })),
      x: fc.double({ min: -50, max: 700, noNaN: true }),
      y: fc.double({ min: -50, max: 900, noNaN: true }),
      width: fc.double({ min: 0, max: 600, noNaN: true }),
      size: fc.double({ min: 1, max: 40, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const lines = pageDocLines(items, 595);
        lines.forEach((line, index) => {
          if (!line.wraps) return;
          expect(index).toBeLessThan(lines.length - 1);
          expect(
            line.text.split(/\s+/).filter((word) => /[\p{L}\p{N}]{2}/u.test(word)).length,
          ).toBeGreaterThanOrEqual(3);
        });
      }),
    );
  });
});

// What a page's bold fonts say of its lines: pdf.js names the fonts (read-pdf.ts), this reads
// which words they set. Each rule on a page made up for it, and turned off.
describe('pageDocLines: bold fonts', () => {
  const bold = new Set(['bold', 'symbol']);
  // Each item starts two points after the one before ends (a word space), or right at its end.
  const row = (y: number, ...parts: [string, string, number?][]) => {
    let x = 30;
    return parts.map(([str, font, gap = 2]) => {
      x += gap;
      const item = at(str, x, y, 10, font);
      x += item.width;
      return item;
    });
  };
  const page = [
    ...row(800, ['Fathom Works', 'bold']),
    ...row(786, ['Harbour Surveyor', 'bold'], ['for Fernhill Ports', 'text']),
    ...row(772, ['•', 'bold'], ['Surveying', 'bold'], ['Hydrography, Bathymetry', 'text']),
    ...row(758, ['S', 'bold'], ['urveyed the outer harbour', 'text', 0]),
    ...row(744, ['•', 'bold'], ['Charted the inner harbour', 'text']),
    ...row(730, ['2019 –', 'bold'], ['2024', 'text']),
  ];

  it('marks a line bold whose every word is bold, and the bold words a line opens with', () => {
    expect(pageDocLines(page, 595, bold)).toEqual([
      { text: 'Fathom Works', size: 10, bold: true },
      { text: 'Harbour Surveyor for Fernhill Ports', size: 10, lead: 'Harbour Surveyor' },
      { text: '• Surveying Hydrography, Bathymetry', size: 10, lead: '• Surveying' },
      // A capital in a bold font of its own opens no part: the word goes on after it.
      { text: 'Surveyed the outer harbour', size: 10 },
      // A bold bullet before plain words, bold figures before plain ones: no letter, no opening.
      { text: '• Charted the inner harbour', size: 10 },
      { text: '2019 – 2024', size: 10 },
    ]);
  });

  it('marks nothing without its rules, or where no font is bold', () => {
    const plain = pageDocLines(page, 595, new Set()).map(({ text }) => text);
    expect(plain).toHaveLength(6);
    expect(pageDocLines(page, 595, new Set())).toEqual(plain.map((text) => ({ text, size: 10 })));
    expect(
      withRulesOff(['pdf-bold', 'pdf-bold-lead'], () => pageDocLines(page, 595, bold)),
    ).toEqual(plain.map((text) => ({ text, size: 10 })));
    expect(withRulesOff(['pdf-bold'], () => pageDocLines(page, 595, bold))[0]).toEqual({
      text: 'Fathom Works',
      size: 10,
    });
    expect(withRulesOff(['pdf-bold-lead'], () => pageDocLines(page, 595, bold))[1]).toEqual({
      text: 'Harbour Surveyor for Fernhill Ports',
      size: 10,
    });
  });
});

describe('fontMarks', () => {
  it('gives, on any runs, an opening that starts the text, holds a letter and ends a word', () => {
    const run = fc.record({
      text: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('Harbour', ' Surveyor', ', ', '•', ' ', 'ß', '𝔸b', '2024', 'e\u0301'),
      ),
      font: fc.option(fc.constantFrom('bold', 'text', 'other'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 12 }), (runs) => {
        const text = runs.map((r) => r.text).join('');
        const marks = fontMarks(runs, new Set(['bold']));
        if (marks.bold) {
          expect(marks.lead).toBeUndefined();
          const lettered = runs.filter((r) => /\p{L}/u.test(r.text));
          expect(lettered.every((r) => r.font === 'bold')).toBe(true);
        }
        if (marks.lead !== undefined) {
          expect(text.startsWith(marks.lead)).toBe(true);
          expect(marks.lead.length).toBeLessThan(text.length);
          expect(marks.lead).toMatch(/\p{L}/u);
          expect(text.charAt(marks.lead.length)).not.toMatch(/[\p{L}\p{N}]/u);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
