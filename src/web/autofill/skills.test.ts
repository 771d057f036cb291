// Key skills' rules, each on a small document made up for it (docs/autofill.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../test/helpers/extract.ts';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import type { DocLine } from './document.ts';
import { withRulesOff } from './rules.ts';

const body = (text: string, block = 0): DocLine => ({ text, size: 1, block });
const heading = (text: string): DocLine => ({ text, size: 1.3, bold: true, block: 0 });

/** The key skills of a resume whose skills section holds `lines`. */
const skillsOf = (lines: readonly (DocLine | string)[]) =>
  extractFields(['Jane Doe', 'Skills', ...lines, 'Education', 'State University']).key_skills;

describe('key skills: a category label before a colon', () => {
  it('is left out, its letters accented or not', () => {
    expect(
      skillsOf([
        'Herramientas de análisis: STATA, Jupyter',
        'Lenguajes de programación: Fortran, Julia',
        'Programming languages: Rust, Go',
      ]),
    ).toBe('STATA, Jupyter, Fortran, Julia, Rust, Go');
  });
});

describe('key skills: fields run into their lists (field-openings)', () => {
  it('leaves out the field each line of a run opens with', () => {
    const lines = [
      'Backend Erlang, Elixir, Phoenix',
      'Mobile Flutter, Dart',
      'Cloud OpenStack, Ceph',
    ];
    expect(skillsOf(lines)).toBe('Erlang, Elixir, Phoenix, Flutter, Dart, OpenStack, Ceph');
    expect(withRulesOff(['field-openings'], () => skillsOf(lines))).toBe(
      'Backend Erlang, Elixir, Phoenix, Mobile Flutter, Dart, Cloud OpenStack, Ceph',
    );
  });

  it('keeps a skill that one line alone opens with', () => {
    expect(skillsOf(['Web Design, Figma, Sketch'])).toBe('Web Design, Figma, Sketch');
  });
});

describe('key skills: notes in parentheses', () => {
  const line = 'AWS (EC2, S3), Python (Pandas/NumPy), Go (advanced), Excel (18/24)';

  it('an item keeps its parentheses, a level or a figure in them aside', () => {
    expect(skillsOf([line])).toBe('AWS (EC2, S3), Python (Pandas/NumPy), Go, Excel');
  });

  it('a level in the note goes, however it is written', () => {
    expect(skillsOf(['Greek (Mother Tongue), German (Advanced/C1), Quechua (professional)'])).toBe(
      'Greek, German, Quechua',
    );
  });

  it('a level before the item goes too', () => {
    expect(skillsOf(['Programming: (Beginner) Python, Java'])).toBe('Python, Java');
  });

  it('without items-keep-notes, every note goes and its commas split', () => {
    expect(withRulesOff(['items-keep-notes'], () => skillsOf([line]))).toBe(
      'AWS, Python, Go, Excel',
    );
  });

  it('a parenthesis left open splits the line as if there were none', () => {
    expect(skillsOf(['Python (3, Go, Rust'])).toBe('Go, Rust');
  });
});

describe('key skills: sentences', () => {
  const line = 'Also proficient in Photoshop and Illustrator, grew up bilingual (English).';

  it('a line that reads as a sentence gives no item, nor do its parentheses', () => {
    expect(skillsOf([line, 'HTML5, Docker'])).toBe('HTML5, Docker');
  });

  it('without sentence-not-items, its short pieces are read as items', () => {
    expect(withRulesOff(['sentence-not-items'], () => skillsOf([line, 'HTML5, Docker']))).toBe(
      'grew up bilingual (English), HTML5, Docker',
    );
  });

  it('a list that ends with a full stop is still a list', () => {
    expect(skillsOf(['Python, Go, Rust, SQL, Docker, Kubernetes.'])).toBe(
      'Python, Go, Rust, SQL, Docker, Kubernetes',
    );
  });

  it('a list of short items with one long among them stays a list, the long one left out (long-item-in-list)', () => {
    const line =
      'Other: Fennel, Tidewave, Kelp DB, Marlin, charting tide tables with fennel and kelp.';
    expect(skillsOf([line])).toBe('Fennel, Tidewave, Kelp DB, Marlin');
    expect(withRulesOff(['long-item-in-list'], () => skillsOf([line]))).toBeUndefined();
    // Four pieces, one long: a sentence still.
    expect(
      skillsOf(['Fennel: charting tides, mapping kelp, and reading the whole sky at night.']),
    ).toBe(undefined);
  });

  it('drops the words of a level around a skill (level-words)', () => {
    const lines = [
      '• basic Quechua knowledge, Rust Working Knowledge',
      '• Minor Fortran experience, Basic experience with Ada, Domain knowledge',
    ];
    expect(skillsOf(lines)).toBe('Quechua, Rust, Fortran, Ada, Domain knowledge');
    expect(withRulesOff(['level-words'], () => skillsOf(lines))).toBe(
      'basic Quechua knowledge, Rust Working Knowledge, Minor Fortran experience, Basic experience with Ada, Domain knowledge',
    );
  });

  it("counts an item's words without the level before it", () => {
    expect(skillsOf(['Basic knowledge of Kelp administration, Fennel, Marlin.'])).toBe(
      'Kelp administration, Fennel, Marlin',
    );
  });
});

describe('key skills: categories', () => {
  const lines = [
    'Programming Languages: Go, Rust',
    'Awards: 1st CTF prize',
    'Interests: Chess, Tetris',
    'Certifications: Security+',
  ];

  it('a `Category: a, b` line whose category names another section gives no item; certifications are skills', () => {
    expect(skillsOf(lines)).toBe('Go, Rust, Security+');
  });

  it('without other-category, its items are read', () => {
    expect(withRulesOff(['other-category'], () => skillsOf(lines))).toBe(
      'Go, Rust, 1st CTF prize, Chess, Tetris, Security+',
    );
  });

  it('a category whose last word names another section gives no item, before a long first piece too (other-category-word)', () => {
    const lines = [
      'Programming Languages: Go, Rust',
      'Sailing Organizations: Fernhill Harbour Rowing Club of Wren, Friends of the Tide',
    ];
    expect(skillsOf(lines)).toBe('Go, Rust');
    // Off, the category before a long first piece is read as a run-in head (run-in-head).
    expect(withRulesOff(['other-category-word'], () => skillsOf(lines))).toBe(
      'Go, Rust, Sailing Organizations',
    );
  });

  it('a category of labels parted by bars before its colon is one label (barred-category)', () => {
    const lines = ['Charts | Instruments | Related Tools: Sextant, Chartwork, Tide tables'];
    expect(skillsOf(lines)).toBe('Sextant, Chartwork, Tide tables');
    expect(withRulesOff(['barred-category'], () => skillsOf(lines))).toBe(
      'Charts, Instruments, Sextant, Chartwork, Tide tables',
    );
  });

  it('drops a level named as LinkedIn names it (proficiency-level)', () => {
    const lines = [
      'Languages: Welsh (Native or bilingual proficiency), Breton (full professional proficiency)',
      'Cornish - Elementary proficiency',
    ];
    expect(skillsOf(lines)).toBe('Welsh, Breton, Cornish');
    expect(withRulesOff(['proficiency-level'], () => skillsOf(lines))).toBe(
      'Welsh, Breton (full professional proficiency), Cornish',
    );
  });

  it('joins no list line to the one above it across space (block-apart)', () => {
    const at = (text: string, block: number): DocLine => ({ text, block });
    const lines = [
      at('Sextant, Theodolite, Echo sounder, Chartwork, Tide tables, Harbour Pilotage', 0),
      at('Radar Plotting Practice, Knots, Splicing', 1),
    ];
    expect(skillsOf(lines)).toBe(
      'Sextant, Theodolite, Echo sounder, Chartwork, Tide tables, Harbour Pilotage, Radar Plotting Practice, Knots, Splicing',
    );
    // Joined, the last item of the first and the first of the second run into a phrase, left out.
    expect(withRulesOff(['block-apart'], () => skillsOf(lines))).toBe(
      'Sextant, Theodolite, Echo sounder, Chartwork, Tide tables, Knots, Splicing',
    );
    // A line that ran to its column's edge goes on in the next, space or none.
    const wrapped = [
      {
        ...at('Sextant, Theodolite, Echo sounder, Chartwork, Tide tables, Harbour', 0),
        wraps: true,
      },
      at('Pilotage, Knots', 1),
    ];
    expect(skillsOf(wrapped)).toBe(
      'Sextant, Theodolite, Echo sounder, Chartwork, Tide tables, Harbour Pilotage, Knots',
    );
  });

  it('drops how well before a skill: `Fluency in`, `Intermediate Proficiency in`', () => {
    expect(
      skillsOf(['Languages: Fluency in Welsh, Intermediate Proficiency in Breton, Cornish']),
    ).toBe('Welsh, Breton, Cornish');
  });

  it('drops `Moderate` as a level, as `Proficient` is', () => {
    expect(skillsOf(['Sextant (Proficient), Chartwork (Moderate), Knots'])).toBe(
      'Sextant, Chartwork, Knots',
    );
  });

  it('drops a level named by how much one knows (knowledge-level)', () => {
    const lines = [
      'Chartwork (foundational knowledge), Sounding (basic understanding), Knots (knowledge)',
      'Tides (deep sea)',
    ];
    expect(skillsOf(lines)).toBe('Chartwork, Sounding, Knots, Tides (deep sea)');
    expect(withRulesOff(['knowledge-level'], () => skillsOf(lines))).toBe(
      // A note that opens with a level word (`basic`) goes by that alone.
      'Chartwork (foundational knowledge), Sounding, Knots (knowledge), Tides (deep sea)',
    );
  });

  it("reads the skill before `proficiency` or `expertise`, which a level of LinkedIn's names not (level-words)", () => {
    const lines = ['Sextant proficiency, Chartwork Expertise, Knots, some rigging skills'];
    expect(skillsOf(lines)).toBe('Sextant, Chartwork, Knots, rigging');
    expect(withRulesOff(['level-words'], () => skillsOf(lines))).toBe(
      'Sextant proficiency, Chartwork Expertise, Knots, some rigging skills',
    );
  });

  it('a label that opens a piece after a separator is no part of its item (mid-line-category)', () => {
    const lines = [
      'Proficient: Theodolite, QGIS; Familiar: Sonar, Sextant',
      'Surveying: Leveling, Triangulation; Tools: Total station, GNSS',
      'Languages: (fluent): Welsh, Breton (basic): Cornish',
    ];
    expect(skillsOf(lines)).toBe(
      'Theodolite, QGIS, Sonar, Sextant, Leveling, Triangulation, Total station, GNSS, Welsh, Breton, Cornish',
    );
    expect(withRulesOff(['mid-line-category'], () => skillsOf(lines))).toBe(
      'Theodolite, QGIS, Sextant, Leveling, Triangulation, GNSS',
    );
    // A skill and its level after a colon gives the skill; a colon in a name of no category stays.
    expect(skillsOf(['Welsh (native), Breton: basic, Cornish'])).toBe('Welsh, Breton, Cornish');
  });

  it('a category that names interests gives no item, inline or as a label over its list (interest-category)', () => {
    const interests = [
      'Tools: Theodolite, QGIS',
      'Interested In: Hydrography, Sonar',
      'Hobbies & Interests:',
      'Kayaking, Chess',
      'Surveying: Leveling',
    ];
    expect(skillsOf(interests)).toBe('Theodolite, QGIS, Leveling');
    expect(withRulesOff(['interest-category'], () => skillsOf(interests))).toBe(
      'Theodolite, QGIS, Hydrography, Sonar, Kayaking, Chess, Leveling',
    );
  });

  it('a label of another kind alone on its line goes over the lines until the next label (other-list-label)', () => {
    // The headings set large and bold; `Volunteering` set as the items, so no heading.
    const lines = [
      body('Jane Doe'),
      heading('Skills'),
      body('Theodolite, QGIS'),
      body('Volunteering'),
      body('Harbour cleanup, Taos'),
      body('Tide Tools'),
      body('Echo sounder, Tide gauge'),
      heading('Education'),
      body('State University'),
    ];
    expect(extractFields(lines).key_skills).toBe('Theodolite, QGIS, Echo sounder, Tide gauge');
    expect(
      withRulesOff(
        ['labels-over-lists', 'other-list-label'],
        () => extractFields(lines).key_skills,
      ),
    ).toBe('Theodolite, QGIS, Volunteering, Harbour cleanup, Taos, Echo sounder, Tide gauge');
    // Set in bold as the category labels are, it is a label and still goes over its list.
    const bold = lines.map((doc) =>
      doc.text === 'Volunteering' || doc.text === 'Tide Tools' ? { ...doc, bold: true } : doc,
    );
    expect(extractFields(bold).key_skills).toBe('Theodolite, QGIS, Echo sounder, Tide gauge');
  });

  it('a level of the European framework after a language is no part of it (cefr-level)', () => {
    const lines = ['Inglés A2, German (C1), Quechua (native), Vitamin B12'];
    expect(skillsOf(lines)).toBe('Inglés, German, Quechua, Vitamin B12');
    expect(withRulesOff(['cefr-level'], () => skillsOf(lines))).toBe(
      'Inglés A2, German (C1), Quechua, Vitamin B12',
    );
  });

  it("a language test's score after a language is its level (test-score-level)", () => {
    const lines = ['English (TOEFL 105), Inglés (IELTS 7.5), Japanese (JLPT N2), Tides (2 papers)'];
    expect(skillsOf(lines)).toBe('English, Inglés, Japanese, Tides (2 papers)');
    expect(withRulesOff(['test-score-level'], () => skillsOf(lines))).toBe(
      'English (TOEFL 105), Inglés (IELTS 7.5), Japanese (JLPT N2), Tides (2 papers)',
    );
  });

  it("a site's or a street's address is no skill (address-not-skill)", () => {
    const lines = [
      'Theodolite, tidecharts.org (solo project), www.fernhill.com',
      'Node.js, ASP.NET, Socket.io',
      '1285 Thompson St. - Taos, NM 87571',
    ];
    expect(skillsOf(lines)).toBe('Theodolite, Node.js, ASP.NET, Socket.io');
    expect(withRulesOff(['address-not-skill'], () => skillsOf(lines))).toBe(
      'Theodolite, tidecharts.org (solo project), www.fernhill.com, Node.js, ASP.NET, Socket.io, 1285 Thompson St',
    );
  });

  it("a registration's or a certificate's number is no skill (code-not-skill)", () => {
    const lines = ['Theodolite, 2021SR0564382, ISO27001, EC2, COMP001022241841'];
    expect(skillsOf(lines)).toBe('Theodolite, ISO27001, EC2');
    expect(withRulesOff(['code-not-skill'], () => skillsOf(lines))).toBe(
      'Theodolite, 2021SR0564382, ISO27001, EC2, COMP001022241841',
    );
  });

  it('a language, one or several, is a category of skills whatever the number of its heading', () => {
    expect(skillsOf(['Language: Fluent in Quechua', 'Languages: Aymara'])).toBe('Quechua, Aymara');
    // A level of speaking before it, `Proficiency` or not, is none of it.
    expect(
      skillsOf(['Languages: Fluent in Quechua; Conversational Proficiency in Aymara, Mapudungun']),
    ).toBe('Quechua, Aymara, Mapudungun');
  });

  it('a long category is dropped whole: `Collaboration and Version Control: Git`', () => {
    expect(skillsOf(['Collaboration and Version Control: Git, GitHub'])).toBe('Git, GitHub');
  });

  const bold: DocLine[] = [
    { ...body('Backend'), bold: true },
    body('Django, Flask'),
    { ...body('Mobile apps'), bold: true },
    body('Swift'),
  ];

  it('a short bold line among plain ones is a category label', () => {
    expect(skillsOf(bold)).toBe('Django, Flask, Swift');
  });

  it('without bold-label, it is an item', () => {
    expect(withRulesOff(['bold-label'], () => skillsOf(bold))).toBe(
      'Backend, Django, Flask, Mobile apps, Swift',
    );
  });

  it('bold lines alone are the items themselves', () => {
    expect(
      skillsOf([
        { ...body('Python'), bold: true },
        { ...body('Go'), bold: true },
      ]),
    ).toBe('Python, Go');
  });
});

describe('key skills: lists parted by slashes', () => {
  const lines = [
    'Baking / Pastry / Food safety / Stock control / Customer service / Good',
    'listener and communicator / Cash handling / Scheduling',
    'Git / GitHub',
  ];

  it('three pieces or more parted by spaced slashes are a list, wrapped or not; two are one item', () => {
    expect(skillsOf(lines)).toBe(
      'Baking, Pastry, Food safety, Stock control, Customer service, Good listener and communicator, Cash handling, Scheduling, Git / GitHub',
    );
  });

  it('without slash-list, the lines are one item each or none', () => {
    expect(withRulesOff(['slash-list'], () => skillsOf(lines))).toBe('Git / GitHub');
  });
});

describe('key skills: a heading that names skills by its words', () => {
  it.each([
    'Using Tools',
    'Familiarity of the following software',
    'Core Strengths',
    'Fortalezas principales',
  ])('%s opens a skills section', (head) => {
    const doc = [
      body('Jane Doe'),
      heading('Experience'),
      body('Baker, Acme'),
      heading(head),
      body('Excel, SAP'),
      heading('Education'),
      body('State University'),
    ];
    expect(extractFields(doc).key_skills).toBe('Excel, SAP');
  });
});

describe('key skills: terms and their definitions', () => {
  const term = (text: string): DocLine => ({ ...body(text), bold: true });
  // A glossary of skills: each a bold term, its definition under it, in prose or as a list.
  const glossary = [
    term('Welding'),
    body('Eight years on gas pipelines and in the shipyards of Norfolk,'),
    body('inspection: TIG, MIG and stick.'),
    term('Forklift'),
    body('Certified since 2019 and accident-free.'),
    term('Machines'),
    body('Lathe, Mill, CNC router'),
  ];

  it('a bold term over prose is the skill, the prose none', () => {
    expect(skillsOf(glossary)).toBe('Welding, Forklift, Lathe, Mill, CNC router');
  });

  it('without term-of-prose, the term is a label and the skill is lost', () => {
    expect(withRulesOff(['term-of-prose'], () => skillsOf(glossary))).toBe(
      'Lathe, Mill, CNC router',
    );
  });

  // Labels over lists of instruments: one long name among the others makes no sentence.
  const instruments = [
    heading('Technical Skills'),
    term('Navigation'),
    body('Sextant, Chartwork, Radar'),
    term('Hardware'),
    body('Echo Sounder SBE 19 & MB2 Array, Gyrocompass, Tide Gauge'),
  ];

  it('a long name among names is no prose: its list has a label over it', () => {
    expect(skillsOf(instruments)).toBe('Sextant, Chartwork, Radar, Gyrocompass, Tide Gauge');
  });

  it('without names-not-prose, the label is taken for a term and its list lost', () => {
    expect(withRulesOff(['names-not-prose'], () => skillsOf(instruments))).toBe(
      'Sextant, Chartwork, Radar, Hardware',
    );
  });

  it('a term over a definition that opens with its own skill is a category', () => {
    expect(skillsOf([term('Cloud'), body('Kubernetes: runs our clusters day to day.')])).toBe(
      'Kubernetes',
    );
  });

  // A glossary in plain text: the term plain, its definition indented under it.
  const indented = [
    body('Storage'),
    { ...body('Redis, MySQL, PostgreSQL'), indent: 1 },
    body('Version control'),
    { ...body('Git, Mercurial'), indent: 1 },
  ];

  it('a short line over a list indented under it is its label', () => {
    expect(skillsOf(indented)).toBe('Redis, MySQL, PostgreSQL, Git, Mercurial');
  });

  it('without indented-label, the label is an item', () => {
    expect(withRulesOff(['labels-over-lists', 'indented-label'], () => skillsOf(indented))).toBe(
      'Storage, Redis, MySQL, PostgreSQL, Version control, Git, Mercurial',
    );
  });
});

describe('key skills: terms, labels and lists on any lines', () => {
  // Hostile lines set bold, indented, as list items or at another size at random: terms over
  // prose, labels over indented lists, slash lists, lines that end open, skills and levels taking
  // turns, rating marks and sentences wrapped over short lines meet very long, empty, unicode and
  // repeated text.
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      'Python',
      '+5 years of experience with',
      'Several projects.',
      'Storage',
      '',
      'Diseño de',
      'Tools and',
      'Advanced',
      'Lathe work Expert',
      '●●●●○',
      'initiatives rather than',
      'core competencies.',
      // Fields run into their lists (field-openings), and one alone.
      'DevOps AWS, GCP',
      'Back-end Django, Flask',
      'Web Design, Figma',
    ),
    fc
      .tuple(
        fc.constantFrom(' / ', 'a / ', 'é / ', ', ', 'a b c. ', '/', ' de', 'x and ', '●', 'a '),
        fc.nat(2_000),
      )
      .map(([unit, count]) => unit.repeat(count)),
  );
  const line = fc.record({
    text,
    bold: fc.boolean(),
    indent: fc.nat(3),
    list: fc.boolean(),
    size: fc.constantFrom(1, 1.5),
    block: fc.constant(0),
    wraps: fc.boolean(),
  });

  // Tables of any shape: cells or rows of columns, bold or not, the marks at odds with the text.
  const cellText = fc.oneof(
    text,
    fc.constantFrom('SQL', 'HTML5', '8 years', '5+ yrs', 'Expert', 'Databases', 'Web Design'),
  );
  const tableLine = fc.record({
    text: cellText,
    bold: fc.boolean(),
    block: fc.constant(0),
    table: fc.record({
      table: fc.nat(2),
      row: fc.nat(4),
      column: fc.nat(4),
      columns: fc.option(fc.array(cellText, { maxLength: 5 }), { nil: undefined }),
      bold: fc.option(fc.array(fc.boolean(), { maxLength: 6 }), { nil: undefined }),
    }),
  });

  it('never throws, and keeps key skills within the field, tables too', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(line, tableLine), { maxLength: 30 }), (lines) => {
        const skills = skillsOf(lines);
        if (skills !== undefined) {
          expect(skills.length).toBeGreaterThan(0);
          expect(skills.length).toBeLessThanOrEqual(MAX_LENGTHS.key_skills);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('key skills: tables', () => {
  const row = (row: number, columns: string[]): DocLine => ({
    text: columns.join(' | '),
    table: { table: 0, row, column: 0, columns },
    block: 0,
  });
  const categories = [
    row(0, ['Backend', 'Mobile']),
    row(1, ['Python', 'Git']),
    row(2, ['Go', 'Docker']),
  ];

  it('a table whose first row names categories is read column by column, without them', () => {
    expect(skillsOf(categories)).toBe('Python, Go, Git, Docker');
  });

  it('without table-by-column, row by row', () => {
    expect(withRulesOff(['table-by-column'], () => skillsOf(categories))).toBe(
      'Backend, Mobile, Python, Git, Go, Docker',
    );
  });

  it('a table whose columns run to different lengths is a list a column, under its first row of labels (ragged-columns)', () => {
    // Cells a reader gives one by one (RTF's, a PDF's): a column ends where its list does.
    const cell = (row: number, column: number, text: string): DocLine => ({
      text,
      block: 1,
      table: { table: 0, row, column },
    });
    const lines: DocLine[] = [
      { text: 'Mara Quill', size: 2, block: 0 },
      { text: 'Skills', size: 1.3, bold: true, block: 1 },
      ...[
        ['Languages', 'Charting', 'Crafts'],
        ['Fortran', 'Sextant', 'Glazing'],
      ].flatMap((texts, row) => texts.map((text, column) => cell(row, column, text))),
      cell(2, 0, 'Lisp'),
      cell(2, 2, 'Raku'),
      cell(3, 0, 'Cobol'),
      { text: 'Experience', size: 1.3, bold: true, block: 2 },
      { text: 'Hydrographic Surveyor', block: 2 },
    ];
    expect(extractFields(lines).key_skills).toBe('Fortran, Lisp, Cobol, Sextant, Glazing, Raku');
    // Without the rule, its first row is set as the rest and names a category in one cell only:
    // a grid's, read row by row.
    expect(withRulesOff(['ragged-columns'], () => extractFields(lines).key_skills)).toBe(
      'Languages, Charting, Crafts, Fortran, Sextant, Glazing, Lisp, Raku, Cobol',
    );
  });

  it('a grid of one item a cell, its first row set as the rest and naming no field, is read row by row (table-grid-alike)', () => {
    const grid = [
      row(0, ['Fortran', 'QGIS', 'Inkscape']),
      row(1, ['Glazing', 'Raku', 'Kiln work']),
    ];
    expect(skillsOf(grid)).toBe('Fortran, QGIS, Inkscape, Glazing, Raku, Kiln work');
    expect(withRulesOff(['table-grid-alike'], () => skillsOf(grid))).toBe(
      'Glazing, Raku, Kiln work',
    );
    // A first row set apart (bold) is a head.
    const bold = [{ ...row(0, ['Fortran', 'QGIS']), bold: true }, row(1, ['Glazing', 'Raku'])];
    expect(skillsOf(bold)).toBe('Glazing, Raku');
  });

  it('a row of a skill and its level gives the skill (level-cells)', () => {
    const rated = [
      row(0, ['Glazing', 'Expert']),
      row(1, ['Sextant', 'Intermediate']),
      row(2, ['Raku', 'Beginner']),
    ];
    expect(skillsOf(rated)).toBe('Glazing, Sextant, Raku');
    // Without the rule, each skill is a category over its level, and nothing is left.
    expect(withRulesOff(['level-cells'], () => skillsOf(rated))).toBeUndefined();
  });

  it('a first row of a skill and its level is no row of heads (rated-first-row)', () => {
    // `Survey software` reads as a category by its word `software`, as `CNC programming` would.
    const rated = [
      row(0, ['Survey software', 'Expert']),
      row(1, ['Sextant', 'Advanced']),
      row(2, ['Tide tables', 'Beginner']),
    ];
    expect(skillsOf(rated)).toBe('Survey software, Sextant, Tide tables');
    // Without the rule, the first row heads two columns, read one after the other: the first
    // row is gone, and the last skill reads as a category over the levels below it.
    // (grid-head-words off too: `Expert` names no category, so by it the row heads nothing.)
    expect(withRulesOff(['rated-first-row', 'grid-head-words'], () => skillsOf(rated))).toBe(
      'Sextant',
    );
  });

  it('years of use beside a skill are its level (years-level)', () => {
    const years = [
      row(0, ['Sextant', '8 years']),
      row(1, ['Glazing', '5+ yrs']),
      row(2, ['Raku', '1 year']),
    ];
    expect(skillsOf(years)).toBe('Sextant, Glazing, Raku');
    expect(withRulesOff(['years-level'], () => skillsOf(years))).toBe(
      'Sextant, 8 years, Glazing, 5+ yrs, Raku, 1 year',
    );
  });

  it('years of use after a skill in its item are its level (years-after-item)', () => {
    const lines = [heading('Skills'), body('Sextant 4yrs, Chartwork 6 years, Tide tables 10+ yrs')];
    expect(extractFields(lines).key_skills).toBe('Sextant, Chartwork, Tide tables');
    expect(withRulesOff(['years-after-item'], () => extractFields(lines).key_skills)).toBe(
      'Sextant 4yrs, Chartwork 6 years, Tide tables 10+ yrs',
    );
    // A figure that is no duration stays: `Windows 10`, `Python 3`.
    expect(extractFields([heading('Skills'), body('Windows 10, Python 3')]).key_skills).toBe(
      'Windows 10, Python 3',
    );
  });

  it('a row of skills each beside its level gives the skills (level-pairs)', () => {
    const pairs = [
      row(0, ['Sextant', 'Expert', 'Glazing', 'Advanced']),
      row(1, ['Raku', 'Intermediate', 'Kiln work', 'Beginner']),
    ];
    expect(skillsOf(pairs)).toBe('Sextant, Glazing, Raku, Kiln work');
    // Without the rule, the first row heads columns: of levels, each read as no skill.
    expect(withRulesOff(['level-pairs'], () => skillsOf(pairs))).toBeUndefined();
  });

  it('a first row of acronyms in capitals is a grid’s row, no head (acronym-row)', () => {
    const caps = (line: DocLine): DocLine => ({ ...line, caps: true });
    const grid = [caps(row(0, ['GIS', 'CNC', 'ROV'])), row(1, ['Glazing', 'Raku', 'Kiln work'])];
    expect(skillsOf(grid)).toBe('GIS, CNC, ROV, Glazing, Raku, Kiln work');
    // Without the rule, capitals set the first row apart: heads, left out.
    expect(withRulesOff(['acronym-row'], () => skillsOf(grid))).toBe('Glazing, Raku, Kiln work');
    // Words in capitals still head the columns under them.
    const heads = [caps(row(0, ['POTTERY', 'SURVEYS'])), row(1, ['Glazing', 'Sextant'])];
    expect(skillsOf(heads)).toBe('Glazing, Sextant');
  });

  it('a first column of categories gives each row’s other cells (category-column)', () => {
    const labelled = [
      row(0, ['Databases', 'PostGIS']),
      row(1, ['Tools', 'Sextant']),
      row(2, ['Frameworks', 'Leaflet']),
    ];
    expect(skillsOf(labelled)).toBe('PostGIS, Sextant, Leaflet');
    // Without the rule, the rows are a grid's: the categories are items.
    expect(withRulesOff(['category-column'], () => skillsOf(labelled))).toBe(
      'Databases, PostGIS, Tools, Sextant, Frameworks, Leaflet',
    );
    // Cells of their own, the first of each row alone in bold.
    const cell = (text: string, r: number, column: number, bold = false): DocLine => ({
      text,
      table: { table: 0, row: r, column },
      block: 0,
      ...(bold ? { bold: true } : {}),
    });
    const bold = [
      cell('Pottery', 0, 0, true),
      cell('Glazing', 0, 1),
      cell('Raku', 0, 2),
      cell('Surveys', 1, 0, true),
      cell('Sextant', 1, 1),
      cell('Leadline', 1, 2),
    ];
    expect(skillsOf(bold)).toBe('Glazing, Raku, Sextant, Leadline');
    // Rows read as one line of columns (DOCX), each noting its cells' bold.
    const boldFirst = (line: DocLine): DocLine =>
      line.table
        ? { ...line, bold: true, table: { ...line.table, bold: [true, false, false] } }
        : line;
    const rows = [
      boldFirst(row(0, ['Pottery', 'Glazing', 'Raku'])),
      boldFirst(row(1, ['Surveys', 'Sextant', 'Leadline'])),
    ];
    expect(skillsOf(rows)).toBe('Glazing, Raku, Sextant, Leadline');
    // A row all in bold sets no first column apart.
    const allBold = rows.map((line) =>
      line.table ? { ...line, table: { ...line.table, bold: [true, true, true] } } : line,
    );
    expect(skillsOf(allBold)).toBe('Pottery, Glazing, Raku, Surveys, Sextant, Leadline');
  });

  it('rows mostly a label beside a list have a first column of labels (listed-rows)', () => {
    const listed = [
      row(0, ['Survey', 'Sextant, Leadline']),
      row(1, ['Pottery', 'Glazing, Raku']),
      row(2, ['Charts', 'Tide tables']),
    ];
    expect(skillsOf(listed)).toBe('Sextant, Leadline, Glazing, Raku, Tide tables');
    // Without the rule, the label beside one item is an item too.
    expect(withRulesOff(['listed-rows'], () => skillsOf(listed))).toBe(
      'Sextant, Leadline, Glazing, Raku, Charts, Tide tables',
    );
  });

  it('a first row where some skills hold a field’s word is a grid’s row (grid-head-words)', () => {
    const grid = [
      row(0, ['Web Design', 'Glazing', 'Raku']),
      row(1, ['Sextant', 'QGIS', 'Kiln work']),
    ];
    expect(skillsOf(grid)).toBe('Web Design, Glazing, Raku, Sextant, QGIS, Kiln work');
    expect(withRulesOff(['grid-head-words'], () => skillsOf(grid))).toBe(
      'Sextant, QGIS, Kiln work',
    );
  });

  it('a grid’s items may hold digits (grid-digits)', () => {
    const grid = [row(0, ['Fortran', 'QGIS', 'Inkscape']), row(1, ['HTML5', 'Office 365', 'Raku'])];
    expect(skillsOf(grid)).toBe('Fortran, QGIS, Inkscape, HTML5, Office 365, Raku');
    // Without the rule, a digit makes the rows under the first lists, the first their heads.
    expect(withRulesOff(['grid-digits'], () => skillsOf(grid))).toBe('HTML5, Office 365, Raku');
  });

  it('a grid of items is read row by row', () => {
    const grid = [row(0, ['Python, SQL', 'Git']), row(1, ['Go', 'Docker'])];
    expect(skillsOf(grid)).toBe('Python, SQL, Git, Go, Docker');
  });

  it('a row of a label and a comma list gives the list; each cell stands apart (bar-label)', () => {
    const labelled = [
      row(0, ['Machining', 'Lathe, Mill, Surface grinder']),
      row(1, ['Drawing', 'AutoCAD, Technical sketching']),
    ];
    expect(skillsOf(labelled)).toBe('Lathe, Mill, Surface grinder, AutoCAD, Technical sketching');
    expect(withRulesOff(['bar-label'], () => skillsOf(labelled))).toBe(
      'Machining, Lathe, Mill, Surface grinder, Drawing, AutoCAD, Technical sketching',
    );
  });

  it('a label after cells empty or of labels is a category too (label-columns)', () => {
    const grouped = [
      row(0, ['Trades', 'Machining', 'Lathe, Mill, Surface grinder']),
      row(1, ['', 'Drawing Tools', 'AutoCAD, Technical sketching']),
      row(2, ['', 'INTERESTS', 'Sailing, Pottery']),
    ];
    // A heading of another section in that column is none: its row is no skills.
    expect(skillsOf(grouped)).toBe('Lathe, Mill, Surface grinder, AutoCAD, Technical sketching');
    expect(withRulesOff(['label-columns'], () => skillsOf(grouped))).toBe(
      'Machining, Lathe, Mill, Surface grinder, AutoCAD, Technical sketching',
    );
  });

  it('a table read cell by cell (cells of several lines) is read by column too', () => {
    const cell = (text: string, rowAt: number, column: number): DocLine => ({
      text,
      table: { table: 1, row: rowAt, column },
      block: 0,
    });
    const lines = [
      cell('Backend', 0, 0),
      cell('Frontend', 0, 1),
      cell('Django', 1, 0),
      cell('Flask', 1, 0),
      cell('React', 1, 1),
    ];
    expect(skillsOf(lines)).toBe('Django, Flask, React');
  });
});

describe('key skills: symbols between items (symbol-separators)', () => {
  const lines = ['Surveying (GNSS, LiDAR) ⬩ Drafting ◆ Tide gauges'];

  it('a symbol a word processor sets between items parts them', () => {
    expect(skillsOf(lines)).toBe('Surveying (GNSS, LiDAR), Drafting, Tide gauges');
  });

  it('without symbol-separators, the line is one piece too long for an item', () => {
    expect(withRulesOff(['symbol-separators'], () => skillsOf(lines))).toBeUndefined();
  });
});

describe('key skills: a category before parentheses (category-parentheses)', () => {
  const lines = ['Scripting languages (Lua, Tcl), Surveying (GNSS, LiDAR), Kiln Tools (Pyrometer)'];

  it('a category named before parentheses gives the items in them; a skill keeps its parts', () => {
    expect(skillsOf(lines)).toBe('Lua, Tcl, Surveying (GNSS, LiDAR), Kiln Tools (Pyrometer)');
  });

  it('without category-parentheses, the category is an item with its list as a note', () => {
    expect(withRulesOff(['category-parentheses'], () => skillsOf(lines))).toBe(
      'Scripting languages (Lua, Tcl), Surveying (GNSS, LiDAR), Kiln Tools (Pyrometer)',
    );
  });
});

describe('key skills: a row of categories, each with its list in parentheses (category-row)', () => {
  const lines = [
    'Charts (GNSS, LiDAR) ⬩ Kilns (Pyrometer, Cones)',
    'Surveying (Total station, Level)',
  ];

  it('each label of the row is a category, whatever its words; a label alone on its line is not', () => {
    expect(skillsOf(lines)).toBe('GNSS, LiDAR, Pyrometer, Cones, Surveying (Total station, Level)');
  });

  it('without category-row, each label is an item with its list as a note', () => {
    expect(withRulesOff(['category-row'], () => skillsOf(lines))).toBe(
      'Charts (GNSS, LiDAR), Kilns (Pyrometer, Cones), Surveying (Total station, Level)',
    );
  });
});

describe('key skills: a list line that closes a parenthesis has not wrapped (closed-item)', () => {
  // Long enough to have wrapped, no separator at its end: its parenthesis closes an item.
  const lines = [
    'Field survey (Theodolite, Total station, Level) ⬩ Hydrography (Echo sounder, Tide gauge)',
    'Pottery (Throwing, Glazing, Raku firing) ⬩ Cartography (QGIS, Inkscape)',
  ];

  it('the next line starts an item of its own', () => {
    expect(skillsOf(lines)).toBe(
      'Theodolite, Total station, Level, Echo sounder, Tide gauge, Throwing, Glazing, Raku firing, QGIS, Inkscape',
    );
  });

  it('without closed-item, the two lines join and the items across the join are lost', () => {
    expect(withRulesOff(['closed-item'], () => skillsOf(lines))).toBe(
      'Theodolite, Total station, Level, Echo sounder, Glazing, Raku firing, QGIS, Inkscape',
    );
  });
});

describe('key skills: a category run into its list (glued-label)', () => {
  const lines = [
    'Surveying Tools Theodolite, Level',
    'Languages Quechua | Aymara',
    'Interests Sailing, Chess',
    'Outdoor Interests Kayaking | Birding',
    'Cloud Storage, Tide Tables',
  ];

  it("a category's label before its list is no part of the first item; another section's gives none", () => {
    expect(skillsOf(lines)).toBe('Theodolite, Level, Quechua, Aymara, Cloud Storage, Tide Tables');
  });

  it('without glued-label, the label stays on the first item', () => {
    expect(withRulesOff(['glued-label'], () => skillsOf(lines))).toBe(
      'Surveying Tools Theodolite, Level, Languages Quechua, Aymara, Interests Sailing, Chess, Outdoor Interests Kayaking, Birding, Cloud Storage, Tide Tables',
    );
  });

  it('a list only inside parentheses is one item, no label glued before it', () => {
    const lines = ['Deep Stack Surveying (Sonar, Lidar)', 'Chartwork'];
    // Its words before the parentheses are the items' category (category-parentheses).
    expect(skillsOf(lines)).toBe('Sonar, Lidar, Chartwork');
    expect(withRulesOff(['category-parentheses'], () => skillsOf(lines))).toBe(
      'Deep Stack Surveying (Sonar, Lidar), Chartwork',
    );
  });

  it('without interest-category, a label that names interests by more words gives its list', () => {
    expect(withRulesOff(['interest-category'], () => skillsOf(lines))).toBe(
      'Theodolite, Level, Quechua, Aymara, Kayaking, Birding, Cloud Storage, Tide Tables',
    );
  });
});

describe('key skills: a label before a bar (bar-label)', () => {
  it('a label, a bar and a comma list: the label is a category', () => {
    expect(skillsOf(['• Machining | Lathe, Mill', '• Drawing | AutoCAD, Sketching'])).toBe(
      'Lathe, Mill, AutoCAD, Sketching',
    );
    expect(withRulesOff(['bar-label'], () => skillsOf(['• Machining | Lathe, Mill']))).toBe(
      'Machining, Lathe, Mill',
    );
  });

  it('a labelled piece before a bar is no label itself (labelled-before-bar)', () => {
    const line = 'Proficient: Python | Familiar: C++, Java';
    expect(skillsOf([line])).toBe('Python, C++, Java');
    expect(withRulesOff(['labelled-before-bar'], () => skillsOf([line]))).toBe('C++, Java');
  });

  it('a list parted by bars keeps its first item', () => {
    expect(skillsOf(['Lathe | Mill | Surface grinder,', 'AutoCAD'])).toBe(
      'Lathe, Mill, Surface grinder, AutoCAD',
    );
  });
});

describe('key skills: lists over several lines', () => {
  const first = 'Git, Maven, Docker, MySQL, Apache Kafka, Flume, Tomcat, WebLogic';
  const items: (DocLine | string)[] = [`– ${first}`, '– Jenkins, GitHub, Jira'];

  it('a list item of its own (a bullet) never continues the line before', () => {
    expect(skillsOf(items)).toBe(`${first}, Jenkins, GitHub, Jira`);
    expect(
      skillsOf([
        { ...body(first), list: true },
        { ...body('Jenkins, Jira'), list: true },
      ]),
    ).toBe(`${first}, Jenkins, Jira`);
  });

  it('without list-items-apart, the long line wraps into the next', () => {
    expect(withRulesOff(['list-items-apart'], () => skillsOf(items))).toBe(
      'Git, Maven, Docker, MySQL, Apache Kafka, Flume, Tomcat, WebLogic Jenkins, GitHub, Jira',
    );
  });

  it('a line that wraps, with no mark of its own, still joins', () => {
    expect(skillsOf([`${first}, Apache`, 'Spark, Jira'])).toBe(`${first}, Apache Spark, Jira`);
  });
});

describe('key skills: shapes', () => {
  it('figures are no words: `Java SE/EE 7 & 8` is an item of two words', () => {
    expect(skillsOf(['Java SE/EE 7 & 8, Golang'])).toBe('Java SE/EE 7 & 8, Golang');
  });

  it('an item may open with a dot: `.NET Razor Pages`', () => {
    expect(skillsOf(['C#, .NET Razor Pages, Java'])).toBe('C#, .NET Razor Pages, Java');
  });
});

describe('key skills: from skills sections only', () => {
  it('a section set as the headings are closes the skills before it', () => {
    const lines = [
      body('Jane Doe'),
      heading('Experience'),
      body('Engineer, Globex'),
      heading('Skills'),
      body('Python, Go'),
      heading('Charity work'),
      body('Red Cross, Lima'),
      heading('Education'),
      body('State University'),
    ];
    expect(extractFields(lines).key_skills).toBe('Python, Go');
  });
});

describe('key skills: work stays linear', () => {
  it('reads a skills section of two thousand long lines, one table cell and open brackets, at once', () => {
    const cell: DocLine = {
      text: `${'Go, '.repeat(400)}(`,
      table: { table: 0, row: 0, column: 0 },
      block: 0,
    };
    const lines = [
      ...Array.from({ length: 1_000 }, () => cell),
      ...Array.from({ length: 1_000 }, () => `${'(a, '.repeat(400)}`),
    ];
    // No clock is read: the patterns are held linear by test/patterns.test.ts, and work that
    // grew with the square of the lines would pass the test's time limit.
    expect(skillsOf(lines)).toBe('Go');
  });
});

describe('key skills: run-in heads', () => {
  const lines = [
    'Rust - embedded firmware for sensors',
    'Terraform: Wrote the modules our four teams deploy with every week.',
    'Tools: Vim, Make',
  ];

  it('`Skill - what for` and `Skill: a sentence` give the skill; a list after a colon is read', () => {
    expect(skillsOf(lines)).toBe('Rust, Terraform, Vim, Make');
  });

  it('without run-in-head, the dash line is one long item and the sentence none', () => {
    expect(withRulesOff(['run-in-head'], () => skillsOf(lines))).toBe('Vim, Make');
  });

  it('a head that names a category or another section gives no item', () => {
    expect(
      skillsOf(['Frameworks - Django, Flask', 'Awards: First prize at the state fair 2019']),
    ).toBe('Django, Flask');
  });

  it('a run of names after a colon is no sentence: its head is a category (run-in-prose)', () => {
    const lines = ['Rigging: Spreader Beams Chain Hoists Turnbuckles Shackles', 'Kilns, Lathes'];
    expect(skillsOf(lines)).toBe('Kilns, Lathes');
    expect(withRulesOff(['run-in-prose'], () => skillsOf(lines))).toBe('Rigging, Kilns, Lathes');
  });

  it('a head over years of using it is the skill, however short what follows (run-in-years)', () => {
    const lines = ['Sextant: 10+ years experience charting bays, coves', 'Kilns, Lathes'];
    expect(skillsOf(lines)).toBe('Sextant, Kilns, Lathes');
    expect(withRulesOff(['run-in-years'], () => skillsOf(lines))).not.toContain('Sextant,');
  });

  it('"Proficient in" does not make a list a sentence', () => {
    expect(skillsOf(['Office: Proficient in Word and PowerPoint, Excel'])).toBe(
      'Word, PowerPoint, Excel',
    );
  });

  it('"Native in" and "fluent in" before a language are its level', () => {
    expect(skillsOf(['Languages: Native in Welsh, fluent in Breton, proficient in English'])).toBe(
      'Welsh, Breton, English',
    );
  });
});

describe('key skills: sentences inside a list', () => {
  const line = 'Proficient in Haskell, Elm, Nix. Familiar with OCaml, Idris';

  it('a full stop before a capital parts items as a comma does', () => {
    expect(skillsOf([line])).toBe('Haskell, Elm, Nix, OCaml, Idris');
  });

  it('without full-stop-parts, the two sentences run together', () => {
    expect(withRulesOff(['full-stop-parts'], () => skillsOf([line]))).toBe(
      'Haskell, Elm, Nix. Familiar with OCaml, Idris',
    );
  });

  it('a full stop after an abbreviation parts nothing, in a label too (abbreviation-stop)', () => {
    expect(skillsOf(['Misc. Skills: Pilotage, Knot tying'])).toBe('Pilotage, Knot tying');
    const misc = ['Sextant, Chartwork; Misc. Tools: Pilotage, Knot tying'];
    expect(skillsOf(misc)).toBe('Sextant, Chartwork, Pilotage, Knot tying');
    expect(withRulesOff(['abbreviation-stop'], () => skillsOf(misc))).toBe(
      'Sextant, Chartwork, Misc, Pilotage, Knot tying',
    );
  });

  it('a line with a piece twice as long as an item is prose, full stop or not', () => {
    const prose = 'Built, tuned, and then shipped a small ray tracer in Zig';
    expect(skillsOf([prose, 'Zig, Lua'])).toBe('Zig, Lua');
    expect(withRulesOff(['prose-not-items'], () => skillsOf([prose, 'Zig, Lua']))).toBe(
      'Built, tuned, Zig, Lua',
    );
  });

  it('a line that ends with a colon introduces items and is none', () => {
    const lines = ['Work with these tools, and more besides:', 'Ansible, Packer'];
    expect(skillsOf(lines)).toBe('Ansible, Packer');
    expect(withRulesOff(['colon-introduces'], () => skillsOf(lines))).toBe(
      'Work with these tools, Ansible, Packer',
    );
  });

  it('a line in lower case after an unfinished sentence goes on with it', () => {
    const lines = [
      'Kotlin: Writing it every day for our Android app and its',
      'build scripts, tests and release tooling.',
    ];
    expect(skillsOf(lines)).toBe('Kotlin');
    expect(withRulesOff(['prose-continues'], () => skillsOf(lines))).toBe(
      'Kotlin, build scripts, tests and release tooling',
    );
  });
});

describe('key skills: code spans side by side', () => {
  it('are items (code-spans-apart), and without the rule one', () => {
    expect(skillsOf(['`Sextant` `Theodolite` `GNSS`'])).toBe('Sextant, Theodolite, GNSS');
    expect(withRulesOff(['code-spans-apart'], () => skillsOf(['`Sextant` `Theodolite`']))).toBe(
      'Sextant Theodolite',
    );
  });
});

describe('key skills: a line that ends open', () => {
  it('goes on in the next line, in English and in Spanish', () => {
    expect(skillsOf(['Surveying, Principles of', 'Accounting, Drafting'])).toBe(
      'Surveying, Principles of Accounting, Drafting',
    );
    expect(skillsOf(['Cartografía, Diseño de', 'Interiores, Excel'])).toBe(
      'Cartografía, Diseño de Interiores, Excel',
    );
  });

  it('without open-ending, each line is a list of its own', () => {
    expect(
      withRulesOff(['open-ending'], () =>
        skillsOf(['Cartografía, Diseño de', 'Interiores, Excel']),
      ),
    ).toBe('Cartografía, Diseño de, Interiores, Excel');
  });

  it('a skill in capitals, a list item or a category of its own after it, is no open ending', () => {
    expect(skillsOf(['Fortran, C', 'Go, Rust'])).toBe('Fortran, C, Go, Rust');
    expect(skillsOf(['Tools: Docker, Podman and', 'Languages: Go, Rust'])).toBe(
      'Docker, Podman and, Go, Rust',
    );
  });
});

describe("key skills: a list line that ran to its column's edge", () => {
  const full = (text: string): DocLine => ({ ...body(text), wraps: true });

  it('goes on in the next line, the item at its end cut there, whatever its case', () => {
    expect(skillsOf([full('Surveying, Hydrography, Power'), body('BI, Drafting')])).toBe(
      'Surveying, Hydrography, Power BI, Drafting',
    );
    expect(skillsOf([full('Cartografía, Topografía, Diseño'), body('Asistido, Excel')])).toBe(
      'Cartografía, Topografía, Diseño Asistido, Excel',
    );
  });

  it("goes on after a category's label that the line opens with (label-runs-on)", () => {
    // The label and the first item read as one long piece, were the label part of the list.
    const lines = [
      full('Survey & Chart Tools: Digital Theodolite, Echo sounder, Tide'),
      body('Gauge Array'),
    ];
    expect(skillsOf(lines)).toBe('Digital Theodolite, Echo sounder, Tide Gauge Array');
    expect(withRulesOff(['label-runs-on'], () => skillsOf(lines))).toBe(
      'Digital Theodolite, Echo sounder, Tide, Gauge Array',
    );
  });

  it('without full-line-item, each line is a list of its own', () => {
    expect(
      withRulesOff(['full-line-item'], () =>
        skillsOf([full('Surveying, Hydrography, Power'), body('BI, Drafting')]),
      ),
    ).toBe('Surveying, Hydrography, Power, BI, Drafting');
  });

  it('a separator at its end, a row of bars, a category or a list item after it: no item goes on', () => {
    expect(skillsOf([full('Surveying, Hydrography,'), body('Drafting, Excel')])).toBe(
      'Surveying, Hydrography, Drafting, Excel',
    );
    expect(skillsOf([full('Surveying | Hydrography | Power'), body('Drafting | Excel')])).toBe(
      'Surveying, Hydrography, Power, Drafting, Excel',
    );
    expect(skillsOf([full('Tools: Surveying, Hydrography'), body('Office: Word, Excel')])).toBe(
      'Surveying, Hydrography, Word, Excel',
    );
    expect(
      skillsOf([full('• Surveying, Hydrography'), { ...body('• Drafting, Excel'), list: true }]),
    ).toBe('Surveying, Hydrography, Drafting, Excel');
    // A label set in bold under plain lines is the next list's, not the rest of an item.
    const labelled = [
      { ...body('Charting'), bold: true },
      body('Sextant, Echo Sounder'),
      full('Survey Boat, Tide Tables'),
      { ...body('Office'), bold: true },
      body('Word, Excel'),
    ];
    expect(skillsOf(labelled)).toBe('Sextant, Echo Sounder, Survey Boat, Tide Tables, Word, Excel');
  });
});

describe('key skills: labels over lists, taking turns', () => {
  const lines = ['Surveying', 'Hydrography, Bathymetry, GIS', 'Office', 'Word, Excel'];

  it('leaves the labels out where two pairs at least take turns', () => {
    expect(skillsOf(lines)).toBe('Hydrography, Bathymetry, GIS, Word, Excel');
  });

  it('without labels-over-lists, each label is an item', () => {
    expect(withRulesOff(['labels-over-lists'], () => skillsOf(lines))).toBe(
      'Surveying, Hydrography, Bathymetry, GIS, Office, Word, Excel',
    );
  });

  it('a single item over a single list stays an item', () => {
    expect(skillsOf(['Surveying', 'Hydrography, Bathymetry, GIS'])).toBe(
      'Surveying, Hydrography, Bathymetry, GIS',
    );
  });
});

describe('key skills: skills and their levels, taking turns (levels-take-turns)', () => {
  // A table of skills and levels whose rows a PDF set apart, one row's cells close enough to
  // stay one line.
  const lines = ['Knot tying Expert', 'Sextant', 'Advanced', 'Tide tables', 'Beginner'];

  it('gives the skills, their levels left out', () => {
    expect(skillsOf(lines)).toBe('Knot tying, Sextant, Tide tables');
  });

  it('without the rule, a line over a level is a category over it', () => {
    expect(withRulesOff(['levels-take-turns'], () => skillsOf(lines))).toBe('Knot tying Expert');
  });

  it('a single pair is not enough: a category over its level stays one', () => {
    expect(skillsOf(['Web Design', 'Advanced', 'Figma, Sketch'])).toBe('Figma, Sketch');
  });
});

describe('key skills: the words of a rating scale under each skill (rating-words, rated-figures)', () => {
  // A builder's sidebar: each skill over its rating in words.
  const lines = [
    'Hydrography',
    'Very Good',
    'Chartwork',
    'Excellent',
    'Sextant',
    'Good',
    'Bootstrap 4',
    'Fair',
  ];

  it('gives the skills, the ratings left out, a skill with a figure in its name too', () => {
    expect(skillsOf(lines)).toBe('Hydrography, Chartwork, Sextant, Bootstrap 4');
  });

  it('without rating-words, the ratings are items; without rated-figures, the last skill is a category', () => {
    expect(withRulesOff(['rating-words'], () => skillsOf(lines))).toBe(
      'Hydrography, Very Good, Chartwork, Excellent, Sextant, Good, Bootstrap 4, Fair',
    );
    expect(withRulesOff(['rated-figures'], () => skillsOf(lines))).toBe(
      'Hydrography, Chartwork, Sextant',
    );
  });

  it('takes a year over a rating for no skill', () => {
    expect(skillsOf(['Sextant', 'Good', 'Chartwork', 'Excellent', 'Since 2019', 'Good'])).toBe(
      'Sextant, Chartwork',
    );
  });
});

describe('key skills: years of use with a bound (duration-bound)', () => {
  const lines = [
    'Sextant (Less than 1 year), Chartwork (More than 10 years), Tide tables (Over 5 years)',
    'Hidrografía (Menos de 1 año)',
  ];

  it('leaves the years out of each skill', () => {
    expect(skillsOf(lines)).toBe('Sextant, Chartwork, Tide tables, Hidrografía');
  });

  it('without the rule, the years stay with them', () => {
    expect(withRulesOff(['duration-bound'], () => skillsOf(lines))).toBe(
      'Sextant (Less than 1 year), Chartwork (More than 10 years), Tide tables (Over 5 years), Hidrografía (Menos de 1 año)',
    );
  });
});

describe('key skills: a list item over a level (listed-not-category)', () => {
  const label = (text: string): DocLine => ({ text, size: 1.1, bold: true, block: 0 });
  const item = (text: string): DocLine => ({ text, size: 1, block: 0, list: true });
  const lines = [
    label('Proficient'),
    item('Hydrography'),
    item('Sextant'),
    label('Familiar'),
    item('Chartwork'),
  ];

  it("is the list's last item, the level after it the next list's label", () => {
    expect(skillsOf(lines)).toBe('Hydrography, Sextant, Chartwork');
  });

  it('without the rule, it is the category of that level, and left out', () => {
    expect(withRulesOff(['listed-not-category'], () => skillsOf(lines))).toBe(
      'Hydrography, Chartwork',
    );
  });

  it('is an item over another item of its list, each naming a category word', () => {
    const named = [item('Julia Programming'), item('Python Programming'), item('Problem-Solving')];
    expect(skillsOf(named)).toBe('Julia Programming, Python Programming, Problem-Solving');
    expect(withRulesOff(['listed-not-category'], () => skillsOf(named))).toBe(
      'Python Programming, Problem-Solving',
    );
    // An item with items indented under it is their category.
    const nested = [
      item('Programming'),
      { ...item('Julia'), indent: 1 },
      { ...item('Python'), indent: 1 },
    ];
    expect(skillsOf(nested)).toBe('Julia, Python');
  });
});

describe('key skills: a line cut inside an item, in a list whose lines end with a separator (separator-ends-item)', () => {
  const lines = [
    'Hydrography • Chartwork • Tide tables •',
    'Echo sounding • Sextant • Harbour',
    'Pilotage • Knot tying',
  ];

  it('joins the item across the cut', () => {
    expect(skillsOf(lines)).toBe(
      'Hydrography, Chartwork, Tide tables, Echo sounding, Sextant, Harbour Pilotage, Knot tying',
    );
  });

  it('without the rule, the item is two', () => {
    expect(withRulesOff(['separator-ends-item'], () => skillsOf(lines))).toBe(
      'Hydrography, Chartwork, Tide tables, Echo sounding, Sextant, Harbour, Pilotage, Knot tying',
    );
  });

  it('reads no cut from a comma at a line end, which prose ends lines with too', () => {
    expect(skillsOf(['Hydrography, Chartwork,', 'Sextant, Harbour', 'Pilotage, Knot tying'])).toBe(
      'Hydrography, Chartwork, Sextant, Harbour, Pilotage, Knot tying',
    );
  });

  it('leaves lines that each end with the separator apart', () => {
    expect(skillsOf(['Hydrography • Chartwork •', 'Sextant • Harbour', 'Pilotage'])).toBe(
      'Hydrography, Chartwork, Sextant, Harbour, Pilotage',
    );
  });
});

describe('key skills: terms set larger over prose wrapped in a narrow column', () => {
  const term = (text: string): DocLine => ({ text, size: 1.5, block: 0 });
  const lines = [
    term('Hydrography'),
    body('Sounded the inner harbour'),
    body('and the docks for the port'),
    body('authority every season.'),
    term('Tide Work'),
    body('Kept the tables that'),
    body('the pilots of the fleet used.'),
  ];

  it('gives the terms, the prose none (wrapped-sentence, sized-term)', () => {
    expect(skillsOf(lines)).toBe('Hydrography, Tide Work');
  });

  it("without wrapped-sentence, the prose's short lines read as items", () => {
    // Each term over a short line of words is a label over it.
    expect(withRulesOff(['wrapped-sentence'], () => skillsOf(lines))).toBe(
      'Sounded the inner harbour, Kept the tables that',
    );
  });

  it('without sized-term, the terms are labels of the prose', () => {
    expect(withRulesOff(['sized-term'], () => skillsOf(lines))).toBeUndefined();
  });

  it('a list of one item a line, no full stop at its end, stays a list', () => {
    expect(skillsOf(['Sextant', 'tide tables', 'knots', 'Echo sounding'])).toBe(
      'Sextant, tide tables, knots, Echo sounding',
    );
  });
});

describe('key skills: rating marks alone on a line (rating-marks)', () => {
  // Each skill's rating set apart from it, its first mark read as a bullet.
  const lines: DocLine[] = ['Sextant', '●●●●○', 'Tide tables', '●●●○○', 'Knots', '●●○○○'].map(
    (text) => (text.startsWith('●') ? { ...body(text), list: true } : body(text)),
  );

  it('are a level, not a list item: each line above is a skill', () => {
    expect(skillsOf(lines)).toBe('Sextant, Tide tables, Knots');
  });

  it('without the rule, the skills are labels of lists of marks', () => {
    expect(withRulesOff(['rating-marks'], () => skillsOf(lines))).toBeUndefined();
  });
});

describe('key skills: Spanish `de` in an item', () => {
  const lines = ['Gestor de base de datos', 'Diseño de interiores', 'Cartografía'];

  it('counts as none of its words: an item of four words and two `de` is an item', () => {
    expect(skillsOf(lines)).toBe('Gestor de base de datos, Diseño de interiores, Cartografía');
  });

  it('without spanish-de, the item of six words is too long to be one', () => {
    expect(withRulesOff(['spanish-de'], () => skillsOf(lines))).toBe(
      'Diseño de interiores, Cartografía',
    );
  });

  it('an English item of five words is still too long', () => {
    expect(skillsOf(['Management of the harbour office', 'Cartography'])).toBe('Cartography');
  });
});

describe('key skills: an item cut where a narrow list wrapped', () => {
  const lines = ['Welding, Forklift, Team', 'leadership, Blueprint', 'reading.'];

  it('its lower-case rest on the next line is part of it, in a list written in capitals', () => {
    expect(skillsOf(lines)).toBe('Welding, Forklift, Team leadership, Blueprint reading');
  });

  it('without item-wraps, each half is an item', () => {
    expect(withRulesOff(['item-wraps'], () => skillsOf(lines))).toBe(
      'Welding, Forklift, Team, leadership, Blueprint, reading',
    );
  });

  it('a line that opens with a label and its colon starts a list of its own (label-not-wrap)', () => {
    const labelled = ['Survey: Sextant, Chartwork, Tide Tables', 'office: Excel, QGIS'];
    expect(skillsOf(labelled)).toBe('Sextant, Chartwork, Tide Tables, Excel, QGIS');
    expect(withRulesOff(['label-not-wrap'], () => skillsOf(labelled))).toBe(
      'Sextant, Chartwork, QGIS',
    );
  });

  it('a line that opens with a label and a bar starts a list of its own, after a long line too (bar-label-not-wrap)', () => {
    const labelled = [
      'Instruments | Sextant, Theodolite, Echo Sounder, Tide Gauge, Compass, Chartwork',
      'Software | QGIS, Fortran, Julia',
    ];
    expect(skillsOf(labelled)).toBe(
      'Sextant, Theodolite, Echo Sounder, Tide Gauge, Compass, Chartwork, QGIS, Fortran, Julia',
    );
    expect(withRulesOff(['bar-label-not-wrap'], () => skillsOf(labelled))).toContain(
      'Chartwork Software',
    );
  });

  it('a list in lower case, or a line a separator ends, is no cut item', () => {
    expect(skillsOf(['Node.js, Express', 'npm, yarn'])).toBe('Node.js, Express, npm, yarn');
    expect(skillsOf(['Swift, Objective-C,', 'iOS, macOS'])).toBe('Swift, Objective-C, iOS, macOS');
    expect(skillsOf(['Swift, Objective-C', 'iOS, macOS'])).toBe('Swift, Objective-C, iOS, macOS');
  });
});

describe('key skills: labels set at another size', () => {
  const lines: DocLine[] = [
    { ...body('Cloud'), size: 0.9 },
    body('GCP, Azure'),
    { ...body('Data'), size: 0.9 },
    body('BigQuery, dbt'),
    body('Looker'),
  ];

  it('a short line set at another size than most of the section is a category label', () => {
    expect(skillsOf(lines)).toBe('GCP, Azure, BigQuery, dbt, Looker');
  });

  it('without label-by-size, it is an item', () => {
    expect(withRulesOff(['labels-over-lists', 'label-by-size'], () => skillsOf(lines))).toBe(
      'Cloud, GCP, Azure, Data, BigQuery, dbt, Looker',
    );
  });

  it('as many lines at each size: the body’s is the list’s', () => {
    const even: DocLine[] = [{ ...body('Cloud'), size: 0.9 }, body('GCP, Azure')];
    expect(skillsOf(even)).toBe('GCP, Azure');
  });

  // Labels set larger than the lists under them, as many of each, neither at the body's size.
  const larger: DocLine[] = [
    { ...body('Cloud'), size: 1.06 },
    { ...body('GCP, Azure, Fly'), size: 0.94 },
    { ...body('Data'), size: 1.06 },
    { ...body('BigQuery, dbt, Looker'), size: 0.94 },
  ];

  it('as many lines at each size, neither the body’s: the longer text is the body (longer-body)', () => {
    expect(skillsOf(larger)).toBe('GCP, Azure, Fly, BigQuery, dbt, Looker');
  });

  it('without longer-body, the labels are read as the body and give items', () => {
    expect(withRulesOff(['labels-over-lists', 'longer-body'], () => skillsOf(larger))).toBe(
      'Cloud, GCP, Azure, Fly, Data, BigQuery, dbt, Looker',
    );
  });
});

describe('key skills: a section written in sentences (prose-section)', () => {
  const lines = [
    'Experience with tide gauges and their calibration.',
    'Minor Fortran experience.',
    'Knowledge of GIS, as well as various survey instruments used on the shore',
    'Comfortable presenting findings to harbour boards and to the public.',
    'Trained in first aid at sea and in the use of small boats.',
    'Proficient in QGIS, Inkscape, Fortran.',
  ];

  it('gives only the lines that are plain lists of three skills or more', () => {
    expect(skillsOf(lines)).toBe('QGIS, Inkscape, Fortran');
  });

  it('without prose-section, the short pieces among the sentences are items too', () => {
    expect(withRulesOff(['prose-section'], () => skillsOf(lines))).toBe(
      'Minor Fortran experience, QGIS, Inkscape, Fortran',
    );
  });

  it('a list with a sentence or two beside it is read whole', () => {
    expect(skillsOf([lines[0] ?? '', lines[1] ?? '', 'Tide Tables, GIS'])).toBe(
      'Minor Fortran experience, Tide Tables, GIS',
    );
  });
});

describe("key skills: an entry's head over its dates (entry-head-not-items)", () => {
  const lines = [
    'QGIS, Inkscape',
    'Fernhill Ports, Taos, NM',
    'Mar 2019 – Jun 2021',
    'Harbour Guide (Taos Rafting)',
    '2018',
    'Glazing',
    'Raku firing',
    '2016 - 2020',
  ];

  it('gives no item; a lone skill over dates stays one', () => {
    expect(skillsOf(lines)).toBe('QGIS, Inkscape, Glazing, Raku firing');
  });

  it('without entry-head-not-items, its pieces are read as items', () => {
    expect(withRulesOff(['entry-head-not-items'], () => skillsOf(lines))).toBe(
      'QGIS, Inkscape, Fernhill Ports, Taos, NM, Harbour Guide (Taos Rafting), Glazing, Raku firing',
    );
  });
});

describe('key skills: a heading inside a skills section (heading-label)', () => {
  // A Markdown resume: `## Skills`, `### Idiomas`, …, `## Education`.
  const marked = (text: string, heading?: number): DocLine => ({
    text,
    size: 1,
    block: 0,
    heading,
  });
  const lines = [
    marked('Jane Doe', 1),
    marked('Skills', 2),
    marked('Idiomas', 3),
    marked('Quechua'),
    marked('Aymara'),
    marked('Herramientas', 3),
    marked('QGIS'),
    marked('Inkscape'),
    marked('Education', 2),
    marked('State University'),
  ];
  const skills = () => extractFields(lines).key_skills;

  it('is a category label, no item', () => {
    expect(skills()).toBe('Quechua, Aymara, QGIS, Inkscape');
  });

  it('without heading-label, it is read as an item', () => {
    expect(withRulesOff(['heading-label'], skills)).toBe(
      'Idiomas, Quechua, Aymara, Herramientas, QGIS, Inkscape',
    );
  });
});

describe('key skills: a category before a spaced dash (dash-category)', () => {
  const lines = [
    'Survey Tools – Theodolite, Level',
    'Mapping, Charts & Libraries — QGIS, Leaflet',
    'Fortran - Tide models, Wave tables',
    'Glazing – raku and salt firing',
  ];

  it('a label ending with a category’s word, a list after the dash: the list; a skill’s head stays', () => {
    expect(skillsOf(lines)).toBe('Theodolite, Level, QGIS, Leaflet, Fortran, Glazing');
  });

  it('without dash-category, the label runs into the first item, which is lost', () => {
    expect(withRulesOff(['dash-category'], () => skillsOf(lines))).toBe(
      'Level, Mapping, Leaflet, Fortran, Glazing',
    );
  });
});

describe('key skills: two names joined by `and` (and-names)', () => {
  const lines = [
    'Fortran, Jenkins and macOS',
    'QGIS, Pascal and common Lisp',
    'Glazing, Tides and currents, Sextant and AI',
    'Kiln firing, edTPA and Tide Tables',
  ];

  it('parts them where the second starts in lower case with a capital inside', () => {
    expect(skillsOf(lines)).toBe(
      'Fortran, Jenkins, macOS, QGIS, Pascal, common Lisp, Glazing, Tides and currents, Sextant, AI, Kiln firing, edTPA and Tide Tables',
    );
  });

  it('without and-names, only two capitalised names are parted', () => {
    expect(withRulesOff(['and-names'], () => skillsOf(lines))).toBe(
      'Fortran, Jenkins and macOS, QGIS, Pascal and common Lisp, Glazing, Tides and currents, Sextant, AI, Kiln firing, edTPA and Tide Tables',
    );
  });
});

describe('key skills: two fields of work joined by `and` (and-fields)', () => {
  const lines = [
    'QGIS, Planning and Organization, Survey and Charting',
    'Tide Management, Sextant and Compass',
  ];

  it('keeps them one skill, and parts two names', () => {
    expect(skillsOf(lines)).toBe(
      'QGIS, Planning and Organization, Survey and Charting, Tide Management, Sextant, Compass',
    );
    expect(withRulesOff(['and-fields'], () => skillsOf(lines))).toBe(
      'QGIS, Planning, Organization, Survey, Charting, Tide Management, Sextant, Compass',
    );
  });
});

describe('key skills: a skill being learnt (learning-prefix)', () => {
  const lines = [
    'Sextant, learning Chartwork, currently learning QGIS',
    'Machine learning, Learning Management Systems',
  ];

  it('is the skill; `learning` inside a name or capitalised stays', () => {
    expect(skillsOf(lines)).toBe(
      'Sextant, Chartwork, QGIS, Machine learning, Learning Management Systems',
    );
  });

  it('without learning-prefix, the word stays with the skill', () => {
    expect(withRulesOff(['learning-prefix'], () => skillsOf(lines))).toBe(
      'Sextant, learning Chartwork, currently learning QGIS, Machine learning, Learning Management Systems',
    );
  });
});

describe('key skills: an adjective that shares the noun after `and` (shared-noun)', () => {
  const lines = [
    'Sextant, Nautical and Coastal Charting, Verbal and Written Reporting,',
    'Pascal and common Lisp, Windows and Mac OS, Supervised and Unsupervised Learning',
  ];

  it('keeps the item whole; names and a name in lower case are still parted', () => {
    expect(skillsOf(lines)).toBe(
      'Sextant, Nautical and Coastal Charting, Verbal and Written Reporting, Pascal, common Lisp, Windows, Mac OS, Supervised and Unsupervised Learning',
    );
  });

  it('without shared-noun (and-fields off too, which keeps fields of work whole), the adjective is an item of its own', () => {
    expect(withRulesOff(['shared-noun', 'and-fields'], () => skillsOf(lines))).toBe(
      'Sextant, Nautical, Coastal Charting, Verbal, Written Reporting, Pascal, common Lisp, Windows, Mac OS, Supervised, Unsupervised Learning',
    );
  });
});

describe('key skills: items parted by dashes (dash-list)', () => {
  const lines = [
    'Glazing — Raku — Salt firing —',
    'Tide tables - Sextant - Chartwork',
    'Fortran - wave models',
  ];

  it('three skills or more parted by dashes are a list; a skill and its use stay a run-in head', () => {
    expect(skillsOf(lines)).toBe(
      'Glazing, Raku, Salt firing, Tide tables, Sextant, Chartwork, Fortran',
    );
  });

  it('without dash-list, each line gives the skill before its first dash', () => {
    expect(withRulesOff(['dash-list'], () => skillsOf(lines))).toBe(
      'Glazing, Tide tables, Fortran',
    );
  });
});

describe('key skills: a bold opening before a list (lead-label)', () => {
  const led = (text: string, lead: string): DocLine => ({ text, lead, size: 1, block: 0 });
  const lines = [
    led('Pottery Glazing, Raku, Salt firing', 'Pottery'),
    led('Navigation – Sextant, Chartwork', 'Navigation'),
    // A bold first item, a comma after it, stays an item.
    led('Tide tables, Pilotage', 'Tide tables'),
  ];

  it('bold words before a list, a space or a dash between, are its label', () => {
    expect(skillsOf(lines)).toBe(
      'Glazing, Raku, Salt firing, Sextant, Chartwork, Tide tables, Pilotage',
    );
  });

  it('without lead-label, the label runs into the first item or stands for the list', () => {
    expect(withRulesOff(['lead-label'], () => skillsOf(lines))).toBe(
      'Pottery Glazing, Raku, Salt firing, Navigation, Tide tables, Pilotage',
    );
  });
});

describe('key skills: labels before sentences of what was done (labelled-sentence)', () => {
  const lines = [
    'Survey Work: Built tide tables and charts with QGIS, Hypack and CARIS for the harbour board.',
    'Field Craft: Used sextants, echo sounders and lead lines to sound the western shoals.',
    'Data Handling: Applied quality checks, backups and reports to every survey.',
  ];

  it('give no items: the skills are written as sentences', () => {
    expect(skillsOf(lines)).toBeUndefined();
    expect(withRulesOff(['labelled-sentence'], () => skillsOf(lines))).toBe('Survey Work');
  });

  it('a one-word label before such a sentence is the skill it speaks of', () => {
    const one = ['QGIS: Built tide tables and charts for the harbour board of the bay.'];
    expect(skillsOf(one)).toBe('QGIS');
  });
});

describe("key skills: a template's credit at the list's foot (template-credit)", () => {
  const lines = ['Sextant', 'Chartwork', 'Designed with | by Mara Quill for surveyors'];

  it('is no item', () => {
    expect(skillsOf(lines)).toBe('Sextant, Chartwork');
    expect(withRulesOff(['template-credit'], () => skillsOf(lines))).toBe(
      'Sextant, Chartwork, Designed with',
    );
  });
});

describe('key skills: a bold opening before items parted by bullets (lead-bullets)', () => {
  const led = (text: string, lead: string): DocLine => ({ text, lead, size: 1, block: 0 });
  const lines = [led('Ceramic methods Glazing • Raku • Salt firing', 'Ceramic methods')];

  it('is their label, as before a comma list', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Salt firing');
    expect(withRulesOff(['lead-bullets'], () => skillsOf(lines))).toBe(
      'Ceramic methods Glazing, Raku, Salt firing',
    );
  });
});

describe('key skills: a bold opening before items parted by spaced slashes (lead-slashes)', () => {
  const lines: DocLine[] = [
    {
      text: 'Ceramic methods Glazing / Raku / Salt firing',
      lead: 'Ceramic methods',
      size: 1,
      block: 0,
    },
  ];

  it('is their label, as before a comma list', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Salt firing');
    expect(withRulesOff(['lead-slashes'], () => skillsOf(lines))).toBe(
      'Ceramic methods Glazing, Raku, Salt firing',
    );
  });
});

describe('key skills: a bold phrase or list before a list is no label (lead-phrase)', () => {
  const led = (text: string, lead: string): DocLine => ({ text, lead, size: 1, block: 0 });
  const lines = [
    led('Proficient in Sextant, Chartwork', 'Proficient'),
    led('Charts, Tides & Pilotage — Radar, Gyrocompass', 'Charts, Tides & Pilotage'),
  ];

  it('a bold word that runs on into the words after it labels nothing; a bold list labels', () => {
    expect(skillsOf(lines)).toBe('Sextant, Chartwork, Radar, Gyrocompass');
  });

  it('without lead-phrase, the phrase is cut into a label and an item, the list into pieces', () => {
    expect(withRulesOff(['lead-phrase', 'series-label'], () => skillsOf(lines))).toBe(
      'in Sextant, Chartwork, Charts, Gyrocompass',
    );
  });
});

describe('key skills: labels between lists (list-label)', () => {
  const item = (text: string): DocLine => ({ text, list: true, block: 0 });
  const lines = [
    body('Pottery'),
    item('Glazing'),
    item('Raku'),
    body('Navigation'),
    item('Sextant'),
    item('Chartwork'),
  ];

  it('a short line that is no list item, over list items, after one or none, is their label', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Sextant, Chartwork');
  });

  it('without list-label, the labels are items', () => {
    expect(withRulesOff(['list-label'], () => skillsOf(lines))).toBe(
      'Pottery, Glazing, Raku, Navigation, Sextant, Chartwork',
    );
  });

  it('a line after a line that is no list item is an item, not a label', () => {
    expect(skillsOf([body('Kiln firing'), body('Pottery'), item('Glazing')])).toBe(
      'Kiln firing, Pottery, Glazing',
    );
  });
});

describe('key skills: a line with a level is no label of the lines under it (levelled-not-label)', () => {
  // A list whose second item a Markdown converter indented under the first.
  const at = (text: string, indent: number): DocLine => ({ text, list: true, indent, block: 0 });
  const lines = [at('Basque (native speaker)', 1), at('Welsh (B2+/C1)', 2)];

  it('both are items, each without its level', () => {
    expect(skillsOf(lines)).toBe('Basque, Welsh');
  });

  it("without the rule, the first was the second's label", () => {
    expect(withRulesOff(['levelled-not-label'], () => skillsOf(lines))).toBe('Welsh');
  });
});

describe('key skills: a level over the next level of a list (deeper-label)', () => {
  const at = (text: string, indent: number): DocLine => ({ text, list: true, indent, block: 0 });
  const lines = [
    at('Pottery', 1),
    at('Glazing', 2),
    at('Raku', 2),
    at('Navigation', 1),
    at('Sextant', 2),
  ];

  it('a short line over single items indented deeper is their label', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Sextant');
  });

  it('without deeper-label, every level gives items', () => {
    expect(withRulesOff(['deeper-label'], () => skillsOf(lines))).toBe(
      'Pottery, Glazing, Raku, Navigation, Sextant',
    );
  });

  it('a term over its definition in prose stays an item', () => {
    expect(skillsOf([at('Glazing', 1), at('Fired at cone six for the studio.', 2)])).toBe(
      'Glazing',
    );
  });
});

describe("key skills: a table's row of a label and a cell of lines (cell-label)", () => {
  const cell = (text: string, row: number, column: number): DocLine => ({
    text,
    table: { table: 0, row, column },
    block: 0,
  });
  const lines = [
    cell('Pottery', 0, 0),
    cell('Glazing', 0, 1),
    cell('Raku', 0, 1),
    cell('Navigation', 1, 0),
    cell('Sextant', 1, 1),
    cell('Chartwork', 1, 1),
  ];

  it('the label is a category, its cell of lines the items', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Sextant, Chartwork');
  });

  it('without cell-label, the label is an item', () => {
    expect(withRulesOff(['cell-label'], () => skillsOf(lines))).toBe(
      'Pottery, Glazing, Raku, Navigation, Sextant, Chartwork',
    );
  });
});

describe('key skills: a table cell of lines beside another is a list (cell-lines-no-label)', () => {
  const cell = (text: string, column: number): DocLine => ({
    text,
    table: { table: 0, row: 0, column },
    list: true,
    block: 0,
  });
  const lines = [cell('Glazing', 0), cell('Raku', 0), cell('Sextant', 1), cell('Chartwork', 1)];

  it('two columns of lines are two lists', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Sextant, Chartwork');
  });

  it('lines that together name a category stay its label', () => {
    const wrapped = [cell('Programming', 0), cell('Languages', 0), ...lines.slice(2)];
    expect(skillsOf(wrapped)).toBe('Sextant, Chartwork');
  });

  it('without cell-lines-no-label, the first column was taken for the label of the second', () => {
    expect(withRulesOff(['cell-lines-no-label'], () => skillsOf(lines))).toBe('Sextant, Chartwork');
  });
});

describe('key skills: the end of a list that names no skill (etc-not-skill)', () => {
  const lines = [
    'Glazing, Raku, etc.',
    'Sextant; Chartwork; and more',
    'Cerámica, Esmaltado, entre otros',
    'Tide tables, Pilotage, ...',
  ];

  it('`etc.`, `and more`, `entre otros` and an ellipsis are no item', () => {
    expect(skillsOf(lines)).toBe(
      'Glazing, Raku, Sextant, Chartwork, Cerámica, Esmaltado, Tide tables, Pilotage',
    );
  });

  it('without etc-not-skill, they were items', () => {
    expect(withRulesOff(['etc-not-skill'], () => skillsOf(lines))).toBe(
      'Glazing, Raku, etc, Sextant, Chartwork, more, Cerámica, Esmaltado, entre otros, Tide tables, Pilotage',
    );
  });
});

describe('key skills: `etc.` after an item (etc-after-item)', () => {
  const lines = ['Glazing, Raku etc.', 'Tide tables, Sextant etc'];

  it('is no part of it', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Tide tables, Sextant');
    // A word that holds the letters keeps them.
    expect(skillsOf(['Glazing, Hetc, Netcdf'])).toBe('Glazing, Hetc, Netcdf');
  });

  it('without the rule, it was', () => {
    expect(withRulesOff(['etc-after-item'], () => skillsOf(lines))).toBe(
      'Glazing, Raku etc, Tide tables, Sextant etc',
    );
  });
});

describe('key skills: `Familiarity with` before a list is its level', () => {
  it('as `Familiar with` is, however the sentence before it ends', () => {
    expect(skillsOf(['Programming: Python, R. Familiarity with C++, SQL.'])).toBe(
      'Python, R, C++, SQL',
    );
  });
});

describe('key skills: a level in figures (figure-level)', () => {
  const lines = ['Glazing 90%', 'Raku: 8/10', 'Kiln firing - 75 %', 'Throwing 4.5/5'];

  it('a percentage or a score after a skill is its level', () => {
    expect(skillsOf(lines)).toBe('Glazing, Raku, Kiln firing, Throwing');
    // A figure a sentence ends with is no level, and a version stays with its skill.
    expect(skillsOf(['Cut kiln time by 20%'])).toBeUndefined();
    expect(skillsOf(['Office 365', 'Windows 10'])).toBe('Office 365, Windows 10');
  });

  it('without figure-level, a skill with a score was no item, or an item with its score', () => {
    expect(withRulesOff(['figure-level'], () => skillsOf(lines))).toBe(
      'Kiln firing, Throwing 4.5/5',
    );
  });
});

describe('key skills: the last line of a column of items (last-line-item)', () => {
  const lines = ['Glazing', 'Kiln firing', 'Raku', 'Throwing skills'];

  it('names a category but heads nothing: an item, when set as the items are', () => {
    expect(skillsOf(lines)).toBe('Glazing, Kiln firing, Raku, Throwing skills');
    // Set apart in bold, it is a category whose items a grid set elsewhere.
    const bold: DocLine = { text: 'Throwing skills', size: 1, bold: true, block: 0 };
    expect(skillsOf([...lines.slice(0, 3), bold])).toBe('Glazing, Kiln firing, Raku');
  });

  it('without last-line-item, it was a label', () => {
    expect(withRulesOff(['last-line-item'], () => skillsOf(lines))).toBe(
      'Glazing, Kiln firing, Raku',
    );
  });
});

describe('key skills: a skill and its level (skill-level)', () => {
  const lines = [
    'Glazing: Advanced',
    'Inglés: nivel alto',
    'Sextant: Intermedio',
    'Raku (4 years), Kiln work (Level: Intermediate), Chartwork (6 months)',
  ];

  it('a level after a colon, named as such, or how long, leaves the skill', () => {
    expect(skillsOf(lines)).toBe('Glazing, Inglés, Sextant, Raku, Kiln work, Chartwork');
  });

  it('without skill-level, a skill before a level is a category of none, and the notes stay', () => {
    // `nivel alto` is no level word the other rules know.
    expect(withRulesOff(['skill-level'], () => skillsOf(lines))).toBe(
      'nivel alto, Raku (4 years), Kiln work (Level: Intermediate), Chartwork (6 months)',
    );
  });

  it('a category before a level is no skill', () => {
    expect(skillsOf(['Languages: Advanced', 'Glazing'])).toBe('Glazing');
  });
});

describe('key skills: a run-in head in each piece (run-in-pieces)', () => {
  const lines = ['Glazing – Advanced; Sextant – daily use; Raku – Basic'];

  it('each piece gives its head', () => {
    expect(skillsOf(lines)).toBe('Glazing, Sextant, Raku');
  });

  it('without run-in-pieces, the first head alone', () => {
    expect(withRulesOff(['run-in-pieces'], () => skillsOf(lines))).toBe('Glazing');
  });
});

describe('key skills: a label that names a series before its colon (series-label)', () => {
  const lines = [
    'Survey, Mapping, and Charting: Hypack, QGIS, CARIS',
    'Cloud, DevOps & CI/CD: Terraform, Jenkins',
  ];

  it('is the list’s label, none of its items', () => {
    expect(skillsOf(lines)).toBe('Hypack, QGIS, CARIS, Terraform, Jenkins');
  });

  it('is the label set in bold before its colon, whatever it names', () => {
    const bold = {
      text: 'Survey, Mapping, Charting: Hypack, QGIS',
      lead: 'Survey, Mapping, Charting:',
    };
    expect(skillsOf([{ ...body(bold.text), lead: bold.lead }])).toBe('Hypack, QGIS');
  });

  it('without the rule, its first words are taken for items', () => {
    expect(withRulesOff(['series-label'], () => skillsOf(lines))).toBe(
      'Survey, Mapping, QGIS, CARIS, Cloud, Jenkins',
    );
  });
});

describe('key skills: a bold series before a colon and a sentence (bold-head-of-prose)', () => {
  const line = (lead: string, said: string): DocLine => ({ ...body(`${lead} ${said}`), lead });
  const lines = [
    line('Hypack, QGIS, CARIS:', 'Charted the Fernhill shoals for the harbour board in 2021.'),
    line(
      '**Theodolite, Total station:**',
      'Set out the levels of the new quay, alone or with a crew.',
    ),
  ];

  it('names the skills the sentence says something of', () => {
    expect(skillsOf(lines)).toBe('Hypack, QGIS, CARIS, Theodolite, Total station');
  });

  it('without the rule, is a label over a sentence, no items', () => {
    expect(withRulesOff(['bold-head-of-prose'], () => skillsOf(lines))).toBeUndefined();
  });

  it('before a list, is still its label (series-label)', () => {
    expect(skillsOf([line('Survey, Mapping:', 'Hypack, QGIS, CARIS')])).toBe('Hypack, QGIS, CARIS');
  });
});

describe('key skills: a reference’s author list (author-list)', () => {
  // An academic CV's "Expertise": a report's reference, its authors in citation form.
  const lines = [
    'Quill M, Okafor D, Le Gall L, Haddad N, Ramiro Sánchez B,',
    'Stone R. 2021. Tide tables of the Fernhill estuary. 40 pp.',
    'Hydrography, QGIS, R',
  ];

  it('gives no item', () => {
    expect(skillsOf(lines)).toBe('Hydrography, QGIS, R');
  });

  it('a list of skills with a letter after a word stays one (`Visual C`, `Windows XP`)', () => {
    expect(skillsOf(['Visual C, Windows XP, Python, Go'])).toBe('Visual C, Windows XP, Python, Go');
  });

  it('without the rule, the authors are items', () => {
    expect(withRulesOff(['author-list'], () => skillsOf(lines))).toBe(
      'Quill M, Okafor D, Le Gall L, Haddad N, Ramiro Sánchez B, Hydrography, QGIS, R',
    );
  });
});

describe('key skills: the lines of one table cell, a page laid out in a table (one-cell-lines)', () => {
  // A Word CV laid out in a table: the skills section stands in one cell, its categories in
  // heading styles.
  const cell = (text: string, marks: Partial<DocLine> = {}): DocLine => ({
    text,
    block: 1,
    table: { table: 0, row: 1, column: 1 },
    ...marks,
  });
  const lines: DocLine[] = [
    body('Jane Doe'),
    cell('EXPERIENCE', { heading: 1, bold: true, caps: true, size: 0.7 }),
    cell('Surveyor @ Fernhill Ports', { heading: 2, bold: true, size: 1.2 }),
    cell('EDUCATION', { heading: 1, bold: true, caps: true, size: 0.7 }),
    cell('Harbour College', { heading: 2, bold: true, size: 1.2 }),
    cell('SKILLS', { heading: 1, bold: true, caps: true, size: 0.7 }),
    cell('Languages', { heading: 2, bold: true, size: 1.2 }),
    cell('Scripting', { heading: 3, bold: true, size: 0.8 }),
    cell('Python, Lua'),
    cell('Tools', { heading: 2, bold: true, size: 1.2 }),
    cell('Survey', { heading: 3, bold: true, size: 0.8 }),
    cell('QGIS, Hypack'),
  ];

  it('are read as lines, the categories in heading styles no items', () => {
    expect(extractFields(lines).key_skills).toBe('Python, Lua, QGIS, Hypack');
  });

  it('without the rule, the cell is read as a grid, its categories items', () => {
    expect(withRulesOff(['one-cell-lines'], () => extractFields(lines).key_skills)).toBe(
      'Languages, Scripting, Python, Lua, Tools, Survey, QGIS, Hypack',
    );
  });
});

describe('key skills: a line that opens with a level (level-opens-list)', () => {
  // A list long enough to have wrapped, then a line of its own that opens with a level.
  const lines = [
    'Proficient in Hypack, QGIS, Sonar Suite, Tide Tables, Chartplotter',
    'Working knowledge of GNSS, Fortran, R',
  ];

  it('opens a list of its own: the last item before it and the first after it are items', () => {
    expect(skillsOf(lines)).toBe(
      'Hypack, QGIS, Sonar Suite, Tide Tables, Chartplotter, GNSS, Fortran, R',
    );
  });

  it('without the rule, the two lines run together and lose the items they meet at', () => {
    expect(withRulesOff(['level-opens-list'], () => skillsOf(lines))).toBe(
      'Hypack, QGIS, Sonar Suite, Tide Tables, Fortran, R',
    );
  });
});

describe('key skills: `both … and …` (both-and)', () => {
  const lines = ['Proficient in both SQL (PostgreSQL) and NoSQL (DynamoDB)', 'Hypack, QGIS'];

  it('names two skills, each with its note', () => {
    expect(skillsOf(lines)).toBe('SQL (PostgreSQL), NoSQL (DynamoDB), Hypack, QGIS');
  });

  it('without the rule, it stays one item with `both` in it', () => {
    expect(withRulesOff(['both-and'], () => skillsOf(lines))).toBe(
      'both SQL (PostgreSQL) and NoSQL (DynamoDB), Hypack, QGIS',
    );
  });
});

describe('key skills: levels and names set apart', () => {
  it('drops a level before a language one speaks (level-language)', () => {
    const lines = [
      'Tools: Sextants, tide tables',
      'Other: Intermediate Spanish, Native Yoruba, Advanced Analytics',
    ];
    expect(skillsOf(lines)).toBe('Sextants, tide tables, Spanish, Yoruba, Advanced Analytics');
    expect(withRulesOff(['level-language'], () => skillsOf(lines))).toBe(
      'Sextants, tide tables, Intermediate Spanish, Native Yoruba, Advanced Analytics',
    );
  });

  it('reads bold names as items where every plain line is one skill and its note (bold-among-noted)', () => {
    const bold = (text: string): DocLine => ({ ...body(text), bold: true });
    const lines = [
      body('Fortran (NumPy, f2py)'),
      body('Julia (Makie)'),
      bold('C'),
      body('SQL (PostGIS)'),
      bold('Redis'),
      bold('GDAL'),
    ];
    expect(skillsOf(lines)).toBe(
      'Fortran (NumPy, f2py), Julia (Makie), C, SQL (PostGIS), Redis, GDAL',
    );
    expect(withRulesOff(['bold-among-noted'], () => skillsOf(lines))).not.toContain('Redis');
    // Among plain lists, a bold line is still a label.
    const labelled = [
      bold('Charting'),
      body('Sextants, tide tables'),
      bold('Code'),
      body('Fortran, Julia'),
    ];
    expect(skillsOf(labelled)).toBe('Sextants, tide tables, Fortran, Julia');
  });
});
