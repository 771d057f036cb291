// The sections' structural rules, each on a small document made up for it (docs/autofill.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../test/helpers/extract.ts';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import type { DocLine } from './document.ts';
import { withRulesOff } from './rules.ts';
import { sectionsOf } from './sections.ts';

/** Each section as its kind, its heading and its lines' texts. */
const outline = (lines: readonly DocLine[]) =>
  sectionsOf(lines).map((section) => [section.kind, section.heading?.text ?? '', section.lines]);

const body = (text: string, block = 0): DocLine => ({ text, size: 1, block });
/** A line in bold capitals at the body's size, as some resumes set their headings. */
const boldCaps = (text: string, block: number): DocLine => ({
  ...body(text, block),
  bold: true,
  caps: true,
});
/** A heading a format states, at `level`, set large and bold. */
const styled = (text: string, level: number): DocLine => ({
  text,
  heading: level,
  size: 1.2,
  bold: true,
  block: 0,
});
const heading = (text: string, block = 0): DocLine => ({
  text,
  size: 1.3,
  bold: true,
  block,
});
/** A definition list's term, and a definition indented under it (Markdown's, Pandoc's). */
const term = (text: string, block: number): DocLine => ({ text, size: 1, block });
const definition = (text: string, block: number): DocLine => ({ text, size: 1, block, indent: 1 });

describe('sectionsOf: a word in capitals among skills (caps-item)', () => {
  // The headings in bold capitals; a skill in capitals, set as the body, in the list.
  const lines: DocLine[] = [
    body('Jane Doe'),
    { ...heading('EXPERIENCE'), caps: true },
    body('Surveyor, Fernhill Ports'),
    { ...heading('SOFTWARE'), caps: true },
    body('Hydrography suite'),
    { text: 'QGISPRO', size: 1, caps: true, block: 0 },
    body('Tide tables'),
    { ...heading('EDUCATION'), caps: true },
    body('Harbour College'),
  ];

  it('is an item of the list, not a heading', () => {
    expect(outline(lines)[2]).toEqual([
      'skills',
      'SOFTWARE',
      ['Hydrography suite', 'QGISPRO', 'Tide tables'],
    ]);
  });

  it('without the rule, it ends the list', () => {
    const off = withRulesOff(['caps-item'], () => outline(lines)[2]);
    expect(off).toEqual(['skills', 'SOFTWARE', ['Hydrography suite']]);
  });
});

describe('sectionsOf: a heading that asks to be contacted', () => {
  it("`Contact Me` and `Contáctame` open a contact section, whose phone is the candidate's", () => {
    for (const words of ['CONTACT ME', 'Contáctame']) {
      const lines = [
        { ...body('Rowan Pike'), size: 2 },
        heading('About me'),
        body('I weld.', 1),
        heading(words, 2),
        body('QC, Saint-Côme', 3),
        body('418-957-0141', 4),
      ];
      expect(outline(lines).map(([kind]) => kind)).toEqual(['header', 'other', 'contact']);
      expect(extractFields(lines).phone).toBe('+14189570141');
    }
  });
});

describe('sectionsOf: headings by how they are set', () => {
  // Two known headings set large and bold; an unknown heading set the same way.
  const doc = [
    body('Jane Doe'),
    heading('Education'),
    body('State University, 2015'),
    heading('Experience'),
    body('Engineer, Globex'),
    heading('Familiarity with these technologies'),
    body('Python, Go'),
    heading('Volunteering abroad'),
    body('Red Cross, Lima'),
  ];

  it('knows a heading no list names by its setting, and its kind by its words', () => {
    expect(outline(doc)).toEqual([
      ['header', '', ['Jane Doe']],
      ['other', 'Education', ['State University, 2015']],
      ['experience', 'Experience', ['Engineer, Globex']],
      ['skills', 'Familiarity with these technologies', ['Python, Go']],
      ['other', 'Volunteering abroad', ['Red Cross, Lima']],
    ]);
  });

  it('without heading-by-setting, the unknown lines run on in the section before', () => {
    expect(withRulesOff(['heading-by-setting'], () => outline(doc).at(-1))).toEqual([
      'experience',
      'Experience',
      [
        'Engineer, Globex',
        'Familiarity with these technologies',
        'Python, Go',
        'Volunteering abroad',
        'Red Cross, Lima',
      ],
    ]);
  });

  it('without heading-words, an unknown heading is no skills section', () => {
    expect(withRulesOff(['heading-words'], () => outline(doc)[3]?.[0])).toBe('other');
  });

  it('a heading that ends in a heading of jobs our lists name is that heading (heading-known-tail)', () => {
    const doc = [
      body('Jane Doe'),
      heading('Objective'),
      body('To chart harbours.'),
      heading('Active Work History'),
      { ...body('Fernhill Ports'), bold: true },
      body('Harbour Surveyor | October 2013 – July 2014'),
      heading('Education'),
      body('Fernhill College'),
    ];
    expect(outline(doc).map(([kind]) => kind)).toEqual(['header', 'other', 'experience', 'other']);
    expect(extractFields(doc).latest_job_title).toBe('Harbour Surveyor');
    const off = withRulesOff(['heading-known-tail'], () => outline(doc).map(([kind]) => kind));
    expect(off).toEqual(['header', 'other', 'other', 'other']);
    // A volunteer's work history holds no jobs, whatever its tail.
    const volunteer = doc.map((one) =>
      one.text === 'Active Work History' ? { ...one, text: 'Volunteer Work History' } : one,
    );
    expect(outline(volunteer).map(([kind]) => kind)).toEqual(['header', 'other', 'other', 'other']);
  });

  it("a school's name set as the headings is no skills section (heading-school-name)", () => {
    const school = [
      body('Jane Doe'),
      heading('Education'),
      heading('Fernhill Institute of Physics and Technology'),
      body('Master of Science, Applied Hydrography | 2016'),
      heading('Skills'),
      body('Python, QGIS'),
    ];
    expect(outline(school).map(([kind]) => kind)).toEqual(['header', 'other', 'other', 'skills']);
    expect(extractFields(school).key_skills).toBe('Python, QGIS');
    const off = withRulesOff(['heading-school-name'], () => outline(school).map(([kind]) => kind));
    expect(off).toEqual(['header', 'other', 'skills', 'skills']);
  });

  it('a word that names skills counts in either number: `Technology Overview`, `Tecnología`', () => {
    for (const words of ['Technology Overview', 'Tecnología y herramientas']) {
      const lines = [...doc.slice(0, 5), heading(words), body('Fortran, Lisp')];
      expect(outline(lines).at(-1)).toEqual(['skills', words, ['Fortran, Lisp']]);
    }
  });

  it('a heading naming skills and experience both is no skills section', () => {
    const lines = [...doc.slice(0, 5), heading('Technologies experience'), body('Globex')];
    expect(outline(lines).at(-1)?.[0]).toBe('other');
  });

  it('a sub-heading set smaller, or as the body, does not close a skills section', () => {
    const lines = [
      body('Jane Doe'),
      heading('Education'),
      body('State University'),
      heading('Skills'),
      { ...body('Programming'), bold: true },
      body('Python, Go'),
      { text: 'Cloud platforms', size: 1.1, bold: true, block: 0 },
      body('AWS, GCP'),
    ];
    expect(outline(lines).at(-1)).toEqual([
      'skills',
      'Skills',
      ['Programming', 'Python, Go', 'Cloud platforms', 'AWS, GCP'],
    ]);
  });

  it('takes no list or sentence for a heading, and nothing before the first known heading', () => {
    const lines = [
      heading('Jane Doe'),
      heading('Education'),
      body('State University'),
      heading('Skills'),
      { ...heading('Python'), list: true },
      heading('Go, Rust'),
      heading('Education'),
      body('State University'),
    ];
    expect(outline(lines).map(([kind, title]) => `${kind}:${title}`)).toEqual([
      'header:',
      'other:Education',
      'skills:Skills',
      'other:Education',
    ]);
  });

  it('capitals alone make a heading only where space parts it from what follows', () => {
    const caps = (text: string, block: number): DocLine => ({ text, caps: true, block });
    const lines = [
      body('Jane Doe', 0),
      caps('EDUCATION', 1),
      body('State University', 2),
      caps('SKILLS', 3),
      caps('AWS', 4),
      body('Python, Go', 4),
      caps('GOVERNANCE', 5),
      body('Board member, Acme', 6),
    ];
    expect(outline(lines).slice(2)).toEqual([
      ['skills', 'SKILLS', ['AWS', 'Python, Go']],
      ['other', 'GOVERNANCE', ['Board member, Acme']],
    ]);
  });

  it('and from what comes before it: the last item of a list in capitals is no heading (space-before)', () => {
    const caps = (text: string, block: number): DocLine => ({ text, caps: true, block });
    const lines = [
      body('Jane Doe', 0),
      caps('EDUCATION', 1),
      body('Tide College', 2),
      caps('SKILLS', 3),
      body('Sextant', 4),
      body('Chartwork', 4),
      caps('QGIS', 4),
      caps('EXPERIENCE', 5),
      body('Harbour Pilot', 6),
    ];
    expect(outline(lines).slice(2, 3)).toEqual([
      ['skills', 'SKILLS', ['Sextant', 'Chartwork', 'QGIS']],
    ]);
    expect(withRulesOff(['space-before'], () => outline(lines).slice(2, 4))).toEqual([
      ['skills', 'SKILLS', ['Sextant', 'Chartwork']],
      ['other', 'QGIS', []],
    ]);
  });

  it('bold alone at the body size makes a heading in an experience section only where space parts it from what follows', () => {
    const bold = (text: string, block: number): DocLine => ({ text, bold: true, block });
    const lines = [
      body('Jane Doe', 0),
      bold('Education', 1),
      body('State University', 2),
      bold('Experience', 3),
      body('Acme', 4),
      bold('Senior Engineer', 4),
      body('Built things', 4),
      bold('Charity work', 5),
      body('Red Cross', 6),
    ];
    expect(outline(lines).slice(2)).toEqual([
      ['experience', 'Experience', ['Acme', 'Senior Engineer', 'Built things']],
      ['other', 'Charity work', ['Red Cross']],
    ]);
    const skills = [
      ...lines.slice(0, 3),
      bold('Skills', 3),
      body('Go, Rust', 3),
      bold('Charity work', 3),
    ];
    expect(outline(skills).at(-1)).toEqual(['other', 'Charity work', []]);
  });

  it('headings set as the body is give no setting to match', () => {
    const lines = [
      body('Jane Doe'),
      body('Education'),
      body('State University'),
      body('Skills'),
      body('Python, Go'),
      body('Hobbies and Travel'),
      body('Chess'),
    ];
    expect(outline(lines).at(-1)?.[2]).toEqual(['Python, Go', 'Hobbies and Travel', 'Chess']);
  });
});

describe('sectionsOf: a heading wrapped over two lines', () => {
  // A narrow sidebar: each heading in capitals, the longer ones wrapped.
  const sidebar = (second: string) => [
    heading('MARISOL', 0),
    heading('QUINTANA', 0),
    heading('CONTACT', 1),
    heading(second, 1),
    body('marisol.q@example.com', 1),
    body('(505) 555-0143', 1),
    body('Taos, NM 87571', 1),
    heading('SKILLS', 2),
    body('Welding, Forklift', 2),
  ];

  it('is one heading where its lines set alike make a heading our lists name', () => {
    expect(outline(sidebar('INFORMATION')).slice(1)).toEqual([
      [
        'contact',
        'CONTACT INFORMATION',
        ['marisol.q@example.com', '(505) 555-0143', 'Taos, NM 87571'],
      ],
      ['skills', 'SKILLS', ['Welding, Forklift']],
    ]);
    const fields = extractFields(sidebar('INFORMATION'));
    expect([fields.phone, fields.zip_code, fields.home_town]).toEqual([
      '+15055550143',
      '87571',
      'Taos, NM',
    ]);
  });

  it('without heading-wraps, its second line opens a section of no kind that holds the contact lines', () => {
    const off = withRulesOff(['heading-wraps'], () => outline(sidebar('INFORMATION')));
    expect(off.slice(1, 3)).toEqual([
      ['contact', 'CONTACT', []],
      ['other', 'INFORMATION', ['marisol.q@example.com', '(505) 555-0143', 'Taos, NM 87571']],
    ]);
  });

  it('two headings whose words together name none stay two', () => {
    expect(outline(sidebar('REFERENCES')).slice(1, 3)).toEqual([
      ['contact', 'CONTACT', []],
      ['references', 'REFERENCES', ['marisol.q@example.com', '(505) 555-0143', 'Taos, NM 87571']],
    ]);
  });
});

describe('sectionsOf: heading levels the format states', () => {
  const lines = [
    body('Jane Doe'),
    styled('Education', 2),
    body('State University'),
    styled('Projects', 2),
    { ...body('Programming Languages'), bold: true },
    body('Compilers for C, Go'),
    styled('Skills', 2),
    { ...body('Languages'), bold: true },
    body('English, French'),
  ];

  it('a skills heading set below the level of the headings opens no skills section', () => {
    expect(outline(lines).map(([kind, title]) => `${kind}:${title}`)).toEqual([
      'header:',
      'other:Education',
      'other:Projects',
      'skills:Skills',
    ]);
  });

  it("under a profile's heading, a skills heading a level below opens one (skills-under-profile)", () => {
    const profiled = [
      body('Jane Doe'),
      styled('Profile', 2),
      body('Surveyor of harbours for ten years.'),
      styled('Skills', 3),
      body('Sextant, Chartwork'),
      styled('Education', 2),
      body('State University'),
    ];
    expect(outline(profiled)[2]).toEqual(['skills', 'Skills', ['Sextant, Chartwork']]);
    expect(
      withRulesOff(['skills-under-profile'], () => outline(profiled).map(([kind]) => kind)),
    ).toEqual(['header', 'other', 'other']);
  });

  it('without heading-level, it opens one', () => {
    expect(withRulesOff(['heading-level'], () => outline(lines).map(([kind]) => kind))).toEqual([
      'header',
      'other',
      'other',
      'skills',
      'skills',
    ]);
  });

  it('under a skills heading, a heading our lists name but set as the items is a category', () => {
    expect(outline(lines).at(-1)).toEqual(['skills', 'Skills', ['Languages', 'English, French']]);
    expect(withRulesOff(['named-category'], () => outline(lines).at(-1))).toEqual([
      'other',
      'Languages',
      ['English, French'],
    ]);
  });
});

describe('sectionsOf: a first category set as plain text', () => {
  // Nothing sets the headings apart from the body: only the words and the colon tell.
  const lines = [
    body('Mara Quill'),
    body('Education'),
    body('Northfield College'),
    body('Skills'),
    body('Languages:'),
    body('Fennel, Kelp DB'),
    body('Charting:'),
    body('Tide tables'),
    body('Awards'),
    body('Best chart, 2021'),
  ];

  it('right under a skills heading, a named label ending in a colon is its first category (first-category)', () => {
    expect(outline(lines).slice(2)).toEqual([
      ['skills', 'Skills', ['Languages:', 'Fennel, Kelp DB', 'Charting:', 'Tide tables']],
      ['other', 'Awards', ['Best chart, 2021']],
    ]);
    expect(
      withRulesOff(['first-category', 'coding-languages'], () => outline(lines).slice(2, 4)),
    ).toEqual([
      ['skills', 'Skills', []],
      ['other', 'Languages:', ['Fennel, Kelp DB', 'Charting:', 'Tide tables']],
    ]);
  });

  it('once the list has begun, a named label opens its own section', () => {
    const later = [...lines.slice(0, 6), body('Languages:'), body('English, French')];
    expect(outline(later).at(-1)).toEqual(['other', 'Languages:', ['English, French']]);
  });
});

describe('sectionsOf: a list a run-in label opened, then a heading (run-in-ends-at-heading)', () => {
  const cv: DocLine[] = [
    body('Mara Quill'),
    body('mara@example.com'),
    body('Skills: Sextant, Chartwork, Tide tables'),
    { ...body('Fernhill Ports | 2019 to Present'), heading: 2, bold: true },
    { ...body('● Charted the shoals with QGIS'), indent: 1 },
    { ...body('● Pilotage'), indent: 1 },
  ];

  it('ends at the line the format sets as a heading', () => {
    expect(extractFields(cv).key_skills).toBe('Sextant, Chartwork, Tide tables');
    expect(withRulesOff(['run-in-ends-at-heading'], () => extractFields(cv).key_skills)).toBe(
      'Sextant, Chartwork, Tide tables, Fernhill Ports, Pilotage',
    );
  });
});

describe('sectionsOf: a career summary of dated roles (summary-roles)', () => {
  const cv = (more: DocLine[] = []): DocLine[] => [
    body('Mara Quill'),
    heading('Career Summary'),
    body('July 2021 – Present | Fernhill Ports'),
    body('Harbour Surveyor'),
    body('Charted the shoals of the western bay.'),
    body('2018 – 2021 | Tide Office'),
    body('Survey Officer'),
    ...more,
  ];

  it('is the experience where no section is headed so', () => {
    expect(extractFields(cv()).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['summary-roles'], () => extractFields(cv())).latest_job_title,
    ).toBeUndefined();
  });

  it('stays a summary beside an experience section', () => {
    const both = cv([heading('Experience'), body('Dock Clerk, Fernhill Ports, 2015 - 2018')]);
    expect(extractFields(both).latest_job_title).toBe('Dock Clerk');
  });
});

describe('sectionsOf: a Languages section that names no language one speaks (coding-languages)', () => {
  const cv = (languages: string): DocLine[] => [
    body('Mara Quill'),
    heading('Skills'),
    body('Chartwork, Sounding'),
    heading('Languages'),
    body(languages),
    heading('Education'),
    body('B.S. Hydrography'),
  ];

  it('lists the languages one codes in: a skills section', () => {
    expect(extractFields(cv('Fortran, Ada, Haskell')).key_skills).toBe(
      'Chartwork, Sounding, Fortran, Ada, Haskell',
    );
    expect(
      withRulesOff(['coding-languages'], () => extractFields(cv('Fortran, Ada, Haskell')))
        .key_skills,
    ).toBe('Chartwork, Sounding');
  });

  it('a language one speaks among them keeps it a section of its own', () => {
    expect(extractFields(cv('Welsh (native), Fortran')).key_skills).toBe('Chartwork, Sounding');
    expect(extractFields(cv('Inglés, Español')).key_skills).toBe('Chartwork, Sounding');
  });
});

describe('sectionsOf: where a sub-heading stands', () => {
  const label = (text: string): DocLine => ({ ...body(text), bold: true });

  it('a skills heading in the header, before any heading, opens its section whatever its level', () => {
    const lines = [
      body('Jane Doe'),
      label('Technical Skills'),
      body('Go, Rust'),
      styled('Experience', 2),
      body('Surveyor, Acme'),
      styled('Education', 2),
      body('State University'),
    ];
    expect(outline(lines).map(([kind, title]) => `${kind}:${title}`)).toEqual([
      'header:',
      'skills:Technical Skills',
      'experience:Experience',
      'other:Education',
    ]);
  });

  it('under a heading known by its setting alone, a skills heading opens its section', () => {
    const lines = [
      body('Jane Doe'),
      styled('Education', 2),
      body('State University'),
      styled('Experience', 2),
      body('Surveyor, Acme'),
      styled('Engineering Toolbox', 2),
      label('Programming Languages'),
      body('Go, Rust'),
    ];
    expect(outline(lines).map(([kind, title]) => `${kind}:${title}`)).toEqual([
      'header:',
      'other:Education',
      'experience:Experience',
      'other:Engineering Toolbox',
      'skills:Programming Languages',
    ]);
  });
});

describe('sectionsOf: categories set as headings under a skills heading', () => {
  const lines = [
    body('Jane Doe'),
    heading('Education'),
    body('State University'),
    heading('Skills'),
    heading('Cartography'),
    body('QGIS, ArcGIS'),
    heading('Surveying'),
    body('Total stations'),
    heading('References'),
    body('On request'),
  ];

  it('headings set as the others, right under a skills heading, stay in it until a named heading', () => {
    expect(outline(lines).map(([kind, title, texts]) => `${kind}:${title}:${texts}`)).toEqual([
      'header::Jane Doe',
      'other:Education:State University',
      'skills:Skills:Cartography,QGIS, ArcGIS,Surveying,Total stations',
      'references:References:On request',
    ]);
    expect(extractFields(lines).key_skills).toBe('QGIS, ArcGIS, Total stations');
  });

  it('without skills-subheadings, each opens a section of its own and the skills are empty', () => {
    expect(withRulesOff(['skills-subheadings'], () => extractFields(lines).key_skills)).toBe(
      undefined,
    );
  });

  it('a heading set so after a skills section with lines of its own still closes it', () => {
    const after = [...lines.slice(0, 4), body('QGIS'), heading('Sailing'), body('Dinghies')];
    expect(outline(after).at(-1)).toEqual(['other', 'Sailing', ['Dinghies']]);
  });
});

describe('sectionsOf: a skills heading that opens its line', () => {
  const lines = [
    body('Jane Doe'),
    heading('Education'),
    body('State University'),
    { ...body('SKILLS Elixir, Phoenix, Erlang'), caps: false, size: 1.3 },
    heading('Experience'),
    body('Engineer, Globex'),
  ];

  it('a skills heading in capitals at the start of a line opens the section with the rest', () => {
    expect(outline(lines)[2]).toEqual([
      'skills',
      'SKILLS Elixir, Phoenix, Erlang',
      ['Elixir, Phoenix, Erlang'],
    ]);
    expect(extractFields(lines).key_skills).toBe('Elixir, Phoenix, Erlang');
    expect(withRulesOff(['caps-run-in'], () => extractFields(lines).key_skills)).toBeUndefined();
    // The heading set in bold as the line's opening: its first item stays, the bold labels none.
    const bold = lines.map((doc) =>
      doc.text.startsWith('SKILLS')
        ? { ...doc, text: 'SKILLS Rails, Elixir, Phoenix', lead: 'SKILLS' }
        : doc,
    );
    expect(extractFields(bold).key_skills).toBe('Rails, Elixir, Phoenix');
  });

  it('not a line whose rest holds a year: an entry in capitals (caps-run-in-undated)', () => {
    const school = [
      body('Jane Doe'),
      heading('Skills'),
      body('Elixir, Phoenix'),
      heading('Education'),
      body('TECHNICAL UNIVERSITY OF TAOS | September 2017 – December 2021'),
      body('Bachelor of Hydrography'),
    ];
    expect(extractFields(school).key_skills).toBe('Elixir, Phoenix');
    expect(withRulesOff(['caps-run-in-undated'], () => extractFields(school).key_skills)).toContain(
      'UNIVERSITY OF TAOS',
    );
  });

  it('not a line in capitals throughout, nor one whose first words name no skills', () => {
    const caps = [body('Jane Doe'), heading('Education'), body('SKILLS ELIXIR, PHOENIX')];
    expect(outline(caps).map(([kind]) => kind)).toEqual(['header', 'other']);
    const other = [body('Jane Doe'), heading('Education'), body('PROJECTS Elixir, Phoenix')];
    expect(outline(other).map(([kind]) => kind)).toEqual(['header', 'other']);
  });
});

describe('sectionsOf: a rule drawn beside a heading', () => {
  it('`TECHNICAL | ______` is the heading `TECHNICAL`', () => {
    const lines = [body('Jane Doe'), body('TECHNICAL | ___________'), body('Go, Rust')];
    expect(outline(lines).at(-1)).toEqual(['skills', 'TECHNICAL', ['Go, Rust']]);
  });
});

describe('sectionsOf: siblings and furniture', () => {
  it('a skills heading at the level of the section it follows is its sibling and opens its section', () => {
    const lines = [
      body('Jane Doe'),
      styled('Education', 2),
      body('State University'),
      styled('Experience', 2),
      body('Engineer, Globex'),
      styled('Technical Work', 2),
      styled('Open Source', 3),
      body('A linter plugin'),
      styled('Programming Languages', 3),
      body('Go, Rust'),
    ];
    expect(outline(lines).at(-1)).toEqual(['skills', 'Programming Languages', ['Go, Rust']]);
  });

  it('two lines in a row that repeat the header word for word are no section’s text', () => {
    const lines = [
      body('Jane Doe'),
      body('jane@example.com • (415) 555-0100'),
      body('12 Elm Street - Springfield'),
      heading('Experience'),
      body('Engineer, Globex'),
      heading('Skills'),
      body('Go, Rust'),
      body('jane@example.com • (415) 555-0100'),
      body('12 Elm Street - Springfield'),
    ];
    expect(outline(lines)[2]).toEqual(['skills', 'Skills', ['Go, Rust']]);
    expect(withRulesOff(['repeats-header'], () => outline(lines)[2]?.[2])).toEqual([
      'Go, Rust',
      'jane@example.com • (415) 555-0100',
      '12 Elm Street - Springfield',
    ]);
    // One line alone may be both: a headline that is also the latest title.
    const headline = [
      body('Jane Doe'),
      body('Staff Engineer at Globex'),
      heading('Experience'),
      body('Staff Engineer at Globex'),
    ];
    expect(outline(headline).at(-1)).toEqual([
      'experience',
      'Experience',
      ['Staff Engineer at Globex'],
    ]);
  });
});

describe('sectionsOf: lines that are no headings', () => {
  it('a named heading set smaller than the body, where headings are set larger, opens nothing', () => {
    const lines = [
      body('Jane Doe'),
      heading('Education'),
      body('State University'),
      heading('Experience'),
      { ...body('Languages'), size: 0.9 },
      body('Interpreter, Globex'),
    ];
    expect(outline(lines).at(-1)).toEqual([
      'experience',
      'Experience',
      ['Languages', 'Interpreter, Globex'],
    ]);
    expect(
      withRulesOff(['heading-not-smaller', 'coding-languages'], () => outline(lines).at(-1)),
    ).toEqual(['other', 'Languages', ['Interpreter, Globex']]);
  });

  it('a horizontal rule ends the section it closes, not the header', () => {
    const lines = [
      body('Jane Doe'),
      body('————'),
      body('jane@example.com'),
      heading('Skills'),
      body('Go, Rust'),
      body('————'),
      body('Jane Doe, 12 Elm St, Room 5 - Springfield'),
    ];
    expect(outline(lines)).toEqual([
      ['header', '', ['Jane Doe', 'jane@example.com']],
      ['skills', 'Skills', ['Go, Rust']],
      ['other', '', ['Jane Doe, 12 Elm St, Room 5 - Springfield']],
    ]);
    // The line's first dash is read as a bullet.
    expect(withRulesOff(['rule-closes'], () => outline(lines).at(-1)?.[2])).toEqual([
      'Go, Rust',
      '———',
      'Jane Doe, 12 Elm St, Room 5 - Springfield',
    ]);
  });

  it('among bold roles, a bold line whose last word names a section is a heading', () => {
    // Headings and roles alike bold at the body's size, in one block.
    const bold = (text: string): DocLine => ({ ...body(text), bold: true });
    const lines = [
      body('Jane Doe'),
      bold('Experience'),
      bold('Customer Experience Manager'),
      body('Acme Bakery, 2020 - now'),
      bold('Head of Research'),
      body('Loaf Lab, 2018 - 2020'),
      bold('Bakery Skills'),
      body('Sourdough, Pastry'),
      bold('Education'),
      body('Culinary School, 2015'),
    ];
    expect(outline(lines).slice(1, 3)).toEqual([
      [
        'experience',
        'Experience',
        [
          'Customer Experience Manager',
          'Acme Bakery, 2020 - now',
          'Head of Research',
          'Loaf Lab, 2018 - 2020',
        ],
      ],
      ['skills', 'Bakery Skills', ['Sourdough, Pastry']],
    ]);
    expect(withRulesOff(['heading-word-last'], () => outline(lines)[1]?.[2])).toEqual([
      'Customer Experience Manager',
      'Acme Bakery, 2020 - now',
      'Head of Research',
      'Loaf Lab, 2018 - 2020',
      'Bakery Skills',
      'Sourdough, Pastry',
    ]);
  });

  it('a bold line of words joined by slashes, the first a heading of ours, is a heading (heading-slashed)', () => {
    // Headings in bold capitals at the body's size, each line of a list in the heading's block.
    const lines = [
      body('Jane Doe'),
      boldCaps('EXPERIENCE', 1),
      body('Baker, Acme, 2020 - now', 1),
      body('Proved the dough.', 1),
      boldCaps('SKILLS/INTERESTS/AWARDS', 2),
      body('Sourdough', 2),
      body('Lamination', 2),
      boldCaps('EDUCATION', 3),
      body('Culinary School, 2015', 3),
    ];
    expect(outline(lines).slice(1, 3)).toEqual([
      ['experience', 'EXPERIENCE', ['Baker, Acme, 2020 - now', 'Proved the dough.']],
      ['skills', 'SKILLS/INTERESTS/AWARDS', ['Sourdough', 'Lamination']],
    ]);
    expect(withRulesOff(['heading-slashed'], () => outline(lines)[1]?.[2])).toEqual([
      'Baker, Acme, 2020 - now',
      'Proved the dough.',
      'SKILLS/INTERESTS/AWARDS',
      'Sourdough',
      'Lamination',
    ]);
  });

  it('a bold line of headings of ours parted by commas is a heading (heading-of-headings)', () => {
    const lines = [
      body('Jane Doe'),
      boldCaps('EXPERIENCE', 1),
      body('Baker, Acme, 2020 - now', 1),
      boldCaps('EDUCATION', 2),
      body('Culinary School, 2015', 2),
      boldCaps('SKILLS, ACTIVITIES & INTERESTS', 3),
      body('Languages: Welsh, Breton', 3),
    ];
    expect(extractFields(lines).key_skills).toBe('Welsh, Breton');
    expect(
      withRulesOff(['heading-of-headings'], () => extractFields(lines).key_skills),
    ).toBeUndefined();
    // A bold list of skills in capitals is no heading: its pieces are no headings of ours.
    const list = lines.map((line, index) =>
      index === 5 ? boldCaps('SOURDOUGH, LAMINATION & PROOFING', 3) : line,
    );
    expect(outline(list).map(([kind]) => kind)).toEqual(['header', 'experience', 'other']);
  });

  it("a line at the level of its section's own heading is the next heading", () => {
    // The document's headings are level 1; `Skills` and `Travel` are level 2 under the name.
    const lines = [
      body('Jane Doe'),
      styled('Skills', 2),
      body('Sourdough, Pastry'),
      styled('Travel', 2),
      body('Lyon, Naples'),
      styled('Experience', 1),
      body('Baker, Acme'),
      styled('Education', 1),
      body('Culinary School, 2015'),
    ];
    expect(outline(lines).slice(1, 3)).toEqual([
      ['skills', 'Skills', ['Sourdough, Pastry']],
      ['other', 'Travel', ['Lyon, Naples']],
    ]);
    expect(withRulesOff(['heading-sibling'], () => outline(lines)[1])).toEqual([
      'skills',
      'Skills',
      ['Sourdough, Pastry', 'Travel', 'Lyon, Naples'],
    ]);
  });

  it("a rule drawn in Markdown's marks ends the section it closes too", () => {
    const lines = [
      body('Jane Doe'),
      heading('Skills'),
      body('Go, Rust'),
      body('----'),
      body('Springfield, IL USA'),
      heading('Experience'),
      body('Baker, Acme'),
      body('___'),
      body('jane@example.com'),
    ];
    expect(outline(lines)).toEqual([
      ['header', '', ['Jane Doe']],
      ['skills', 'Skills', ['Go, Rust']],
      ['other', '', ['Springfield, IL USA']],
      ['experience', 'Experience', ['Baker, Acme']],
      ['other', '', ['jane@example.com']],
    ]);
    expect(withRulesOff(['rule-closes'], () => outline(lines).slice(1, 3))).toEqual([
      ['skills', 'Skills', ['Go, Rust', 'Springfield, IL USA']],
      ['experience', 'Experience', ['Baker, Acme', 'jane@example.com']],
    ]);
  });

  it('a star against a word opens emphasis, not a list item', () => {
    const [, section] = sectionsOf([body('Jane Doe'), heading('Skills'), body('*Go* and Rust')]);
    expect(section?.docs[0]?.list).toBeUndefined();
    const [, bulleted] = sectionsOf([body('Jane Doe'), heading('Skills'), body('* Go')]);
    expect(bulleted?.docs[0]).toMatchObject({ text: 'Go', list: true });
  });
});

describe('sectionsOf: what a role used is no skills section', () => {
  const role = [body('Jane Doe'), heading('Education'), body('State University')];

  it('a skills heading in bold or capitals that opens a block of its own opens its section (run-in-apart)', () => {
    const lines: DocLine[] = [
      ...role,
      heading('Experience', 1),
      body('Deckhand, Fernhill Ports', 1),
      body('Kept the charts and the tide tables.', 1),
      { text: 'SKILLS: Knots, Sextant, Tide tables', size: 1, block: 2, lead: 'SKILLS:' },
    ];
    expect(outline(lines).at(-1)).toEqual([
      'skills',
      'SKILLS: Knots, Sextant, Tide tables',
      ['Knots, Sextant, Tide tables'],
    ]);
    // Without the rule, it is what the role used.
    expect(withRulesOff(['run-in-apart'], () => outline(lines).at(-1)?.[0])).toBe('experience');
    // In the role's own block, it stays the role's.
    const inRole = lines.map((line) => ({ ...line, block: Math.min(line.block, 1) }));
    expect(outline(inRole).at(-1)?.[0]).toBe('experience');
  });

  it('a `Tech: a, b` line under a role stays in the experience section', () => {
    const lines = [
      ...role,
      heading('Experience'),
      body('Engineer, Globex'),
      body('Tech: Java, Go'),
    ];
    expect(outline(lines).map(([kind]) => kind)).toEqual(['header', 'other', 'experience']);
    expect(
      withRulesOff(['inline-outside-roles', 'used-under-entry'], () =>
        outline(lines).at(-1)?.slice(0, 1),
      ),
    ).toEqual(['skills']);
  });

  it('a `Tech:` label set as the body, where headings are bold, opens no section', () => {
    const lines = [
      ...role,
      heading('Experience'),
      body('Engineer, Globex'),
      body('Tech:'),
      body('Java, Go'),
    ];
    expect(outline(lines).at(-1)).toEqual([
      'experience',
      'Experience',
      ['Engineer, Globex', 'Tech:', 'Java, Go'],
    ]);
    expect(withRulesOff(['heading-level'], () => outline(lines).at(-1))).toEqual([
      'skills',
      'Tech:',
      ['Java, Go'],
    ]);
  });

  it('a heading set as the body among bold ones still opens its section', () => {
    const lines = [...role, heading('Experience'), body('Engineer'), body('Skills'), body('Go')];
    expect(outline(lines).at(-1)).toEqual(['skills', 'Skills', ['Go']]);
  });
});

describe('sectionsOf: page margins', () => {
  const lines: DocLine[] = [
    body('Jane Doe'),
    heading('Skills'),
    body('Python, Go'),
    { text: 'Jane Doe · page 1', size: 0.8, area: 'footer', block: 1 },
    body('Rust, SQL', 2),
  ];

  it('a footer past the first heading stays out of the section it crosses', () => {
    expect(outline(lines)).toEqual([
      ['header', '', ['Jane Doe']],
      ['skills', 'Skills', ['Python, Go', 'Rust, SQL']],
      ['other', '', ['Jane Doe · page 1']],
    ]);
  });

  it('without margins-apart, it runs in the section', () => {
    expect(withRulesOff(['margins-apart'], () => outline(lines)[1]?.[2])).toEqual([
      'Python, Go',
      'Jane Doe · page 1',
      'Rust, SQL',
    ]);
  });
});

describe('sectionsOf and key skills on hostile documents', () => {
  const hostileLine = fc.record({
    text: fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.constantFrom(
        'Skills',
        'SKILLS',
        'Experience',
        'Tech:',
        '((((((((((',
        `${'a, '.repeat(3_000)}(`,
        `Awards: ${'('.repeat(500)}`,
        '../../etc/passwd: a, b',
        'Ünïcödé Skïlls',
        ' '.repeat(3_000),
        '',
        // A heading wrapped over two lines, and an item cut where its list wrapped.
        'CONTACT',
        'INFORMATION',
        'Welding, Quick',
        'learning, Collaborative',
        `${'ä'.repeat(3_000)}, B`,
        `${'a, '.repeat(3_000)}B`,
        // A skills heading before the known ones, a list item that names a section.
        'Lab Skills',
        'Leadership',
        'Glazing — Raku — Kiln',
        // A heading with a note, one of work before the known ones, accented and shared items.
        'EXPERIENCIA (10/2022 - 05/2023)',
        `Skills ${' ('.repeat(40)}x)`,
        'SURVEYING & WORK EXPERIENCE',
        'POSTDOCTORAL RESEARCH EXPERIENCE',
        'Herramientas de análisis: STATA, learning SQL, Verbal and Written Reporting',
      ),
    ),
    size: fc.option(fc.constantFrom(0.8, 1, 1.3, Number.NaN), { nil: undefined }),
    bold: fc.option(fc.boolean(), { nil: undefined }),
    caps: fc.option(fc.boolean(), { nil: undefined }),
    heading: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    list: fc.option(fc.boolean(), { nil: undefined }),
    area: fc.option(fc.constantFrom('header' as const, 'footer' as const), { nil: undefined }),
    table: fc.option(
      fc.record({
        table: fc.integer({ min: 0, max: 2 }),
        row: fc.integer({ min: 0, max: 3 }),
        column: fc.integer({ min: 0, max: 3 }),
        columns: fc.option(fc.array(fc.string({ maxLength: 30 }), { maxLength: 4 }), {
          nil: undefined,
        }),
      }),
      { nil: undefined },
    ),
    block: fc.integer({ min: 0, max: 5 }),
  });

  it('puts every line in one section at most, and fills skills within their cap', () => {
    fc.assert(
      fc.property(fc.array(hostileLine, { maxLength: 40 }), (lines) => {
        const sections = sectionsOf(lines);
        expect(sections[0]?.kind).toBe('header');
        const kept = sections.reduce((sum, section) => sum + section.docs.length, 0);
        expect(kept).toBeLessThanOrEqual(lines.length + sections.length);
        for (const section of sections) {
          expect(section.docs.map((doc) => doc.text)).toEqual(section.lines);
        }
        const skills = extractFields(lines).key_skills ?? '';
        expect(skills.length).toBeLessThanOrEqual(MAX_LENGTHS.key_skills);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sectionsOf: a heading in the other number (heading-number)', () => {
  const lines = [
    heading('Ines Okoro'),
    heading('Projects'),
    body('Tide tables for the harbour'),
    heading('Work Experiences'),
    body('Harbour Survey Ltd'),
    body('Survey Technician'),
    body('2021 – Present'),
    heading('Skill'),
    body('Theodolites, tide gauges'),
  ];

  it('names the section its other number names', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['other', 'Projects'],
      ['experience', 'Work Experiences'],
      ['skills', 'Skill'],
    ]);
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Survey Technician',
      key_skills: 'Theodolites, tide gauges',
    });
  });

  it("names no section by an object's own words (`Constructors`, `toString`)", () => {
    const words = [
      ...[heading('Projects'), body('Tide tables'), heading('Skills'), body('Go')],
      ...[heading('Constructors'), body('Cranes'), heading('toString'), body('Knots')],
    ];
    expect(outline(words).map(([kind]) => kind)).toEqual([
      'header',
      'other',
      'skills',
      'other',
      'other',
    ]);
  });

  it('without heading-number, neither is a heading our lists name', () => {
    // `Skill` names skills by its word too (skill-sets).
    const off = withRulesOff(['heading-number', 'skill-sets'], () => extractFields(lines));
    expect(off.latest_job_title).toBeUndefined();
    expect(off.key_skills).toBeUndefined();
  });
});

describe('sectionsOf: an unknown heading that names roles (heading-roles)', () => {
  const lines = (...headings: string[]) => [
    heading('Ines Okoro'),
    heading('Education'),
    body('B.S. Geology'),
    heading('Skills'),
    body('Mapping'),
    ...headings.flatMap((text) => [heading(text), body('Fernhill Co')]),
  ];

  it('a heading of jobs holds experience, one of research or teaching other roles', () => {
    const kinds = outline(lines('Experience & Leadership', 'Research Positions')).map(
      ([kind, head]) => [kind, head],
    );
    expect(kinds.slice(3)).toEqual([
      ['experience', 'Experience & Leadership'],
      ['roles', 'Research Positions'],
    ]);
  });

  it("a volunteer's, a project's or technical experience holds no jobs", () => {
    const kinds = outline(
      lines(
        'Community Outreach Experience',
        'Technical Experience',
        'Projects and Experience',
        'Charity Work',
        'Computer Experience',
      ),
    ).map(([kind]) => kind);
    // `Computer Experience` is a skills heading our lists name.
    expect(kinds.slice(3)).toEqual(['other', 'other', 'other', 'other', 'skills']);
  });

  it('a heading naming jobs outright holds experience, whatever else it names (heading-jobs)', () => {
    const heads = ['Volunteer Work and Job Experience', 'Community Service & Employment'];
    const kinds = (off: string[] = []) =>
      withRulesOff(off, () =>
        outline(lines(...heads))
          .map(([kind]) => kind)
          .slice(3),
      );
    expect(kinds()).toEqual(['experience', 'experience']);
    expect(kinds(['heading-jobs'])).toEqual(['other', 'other']);
  });

  it('a heading that names interests holds no roles (interests-no-roles)', () => {
    const kinds = (off: string[] = []) =>
      withRulesOff(off, () =>
        outline(lines('Research Interests', 'Teaching Interests'))
          .map(([kind]) => kind)
          .slice(3),
      );
    expect(kinds()).toEqual(['other', 'other']);
    expect(kinds(['interests-no-roles'])).toEqual(['roles', 'roles']);
  });

  it('without heading-roles, a heading of jobs is a section of no field', () => {
    const off = withRulesOff(['heading-roles'], () => outline(lines('Experience & Leadership')));
    expect(off.at(-1)?.[0]).toBe('other');
  });
});

describe('sectionsOf: a title set larger than the headings (heading-above)', () => {
  const small = (text: string): DocLine => ({ text, size: 1.09, caps: true, block: 0 });
  const lines = [
    { ...body('Ines Okoro'), size: 1.8 },
    small('EDUCATION'),
    body('State University'),
    small('SKILLS'),
    body('Mapping, Surveying'),
    { ...body('Appendix: Abstracts of Field Reports'), size: 1.46 },
    body('Tide Tables, Revised'),
  ];

  it('closes the section before it', () => {
    expect(extractFields(lines).key_skills).toBe('Mapping, Surveying');
    expect(outline(lines).at(-1)?.slice(0, 2)).toEqual([
      'other',
      'Appendix: Abstracts of Field Reports',
    ]);
  });

  it('without heading-above, the skills run on under it', () => {
    expect(withRulesOff(['heading-above'], () => extractFields(lines).key_skills)).toBe(
      'Mapping, Surveying, Abstracts of Field Reports, Tide Tables, Revised',
    );
  });
});

describe('sectionsOf: a heading in capitals after a list in mixed case', () => {
  // No heading is set apart: the lists' case alone tells the second heading from an item.
  const lines = [
    body('Jane Doe'),
    body('Skills'),
    body('Go, Rust, Elixir'),
    body('LABORATORY SKILLS'),
    body('Pipetting, Titration'),
    body('FIELDWORK HISTORY'),
    body('Ran the Taos soil survey'),
  ];

  it('ends the skills section, and its words name the section it opens (heading-words)', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['skills', 'Skills'],
      ['skills', 'LABORATORY SKILLS'],
      ['other', 'FIELDWORK HISTORY'],
    ]);
    expect(extractFields(lines).key_skills).toBe('Go, Rust, Elixir, Pipetting, Titration');
    expect(withRulesOff(['heading-words'], () => extractFields(lines).key_skills)).toBe(
      'Go, Rust, Elixir',
    );
  });
});

describe('sectionsOf: headings set smaller than the body (heading-smaller)', () => {
  const small = (text: string, block: number): DocLine => ({ text, size: 0.75, caps: true, block });
  const item = (text: string, block: number): DocLine => ({ text, size: 1, list: true, block });
  // Each heading shares its block with the lines under it: no space sets it apart.
  const lines = [
    body('Jane Doe'),
    small('EDUCATION', 1),
    body('State University, 2015', 1),
    small('EXPERIENCE', 2),
    body('Surveyor, Globex, 2016 - 2020', 2),
    small('FIELD SKILLS & TOOLS', 3),
    item('Theodolite', 3),
    item('Echo sounding', 3),
  ];

  it('a line set as the known headings are, small capitals, is a heading', () => {
    expect(outline(lines).at(-1)).toEqual([
      'skills',
      'FIELD SKILLS & TOOLS',
      ['Theodolite', 'Echo sounding'],
    ]);
    expect(extractFields(lines).key_skills).toBe('Theodolite, Echo sounding');
  });

  it('without heading-smaller, the line runs on in the section before', () => {
    expect(withRulesOff(['heading-smaller'], () => outline(lines).at(-1)?.[0])).toBe('experience');
    expect(
      withRulesOff(['heading-smaller'], () => extractFields(lines).key_skills),
    ).toBeUndefined();
  });
});

describe('sectionsOf: a technical section of short lists (technical-lists)', () => {
  const doc = (lines: readonly string[]) => [
    body('Jane Doe'),
    heading('Experience'),
    body('Surveyor, Globex, 2019 - Present'),
    heading('Technical Experience'),
    ...lines.map((line) => body(line)),
    heading('Education'),
    body('State University, 2015'),
  ];
  const lists = doc([
    'Proficient In:',
    'Theodolite, Total station, Echo sounding, QGIS',
    'Coastal: Tide gauges, Leveling, Soil augers',
  ]);
  const projects = doc([
    'Tide Atlas, a survey of the Taos shoals, 2021',
    'Charted the shoals with a crew of four, and wrote the report.',
  ]);

  it('holds skills when most of its lines are lists of short items', () => {
    expect(outline(lists)[2]?.[0]).toBe('skills');
    expect(extractFields(lists).key_skills).toBe(
      'Theodolite, Total station, Echo sounding, QGIS, Tide gauges, Leveling, Soil augers',
    );
    expect(
      withRulesOff(['technical-lists'], () => extractFields(lists).key_skills),
    ).toBeUndefined();
  });

  it('holds no skills when its lines are projects or roles', () => {
    expect(outline(projects)[2]?.[0]).toBe('other');
    expect(extractFields(projects).key_skills).toBeUndefined();
  });
});

describe('sectionsOf: a technical section of bold run-in heads (technical-run-ins)', () => {
  const lead = (head: string, said: string): DocLine => ({
    ...body(`${head} ${said}`),
    lead: head,
  });
  const lines = [
    body('Jane Doe'),
    heading('Experience'),
    body('Surveyor, Globex, 2019 - Present'),
    heading('Technical Experience'),
    lead('**Hypack, QGIS, CARIS:**', 'Charted the Fernhill shoals for the harbour board in 2021.'),
    lead(
      '**Theodolite, Total station:**',
      'Set out the levels of the new quay with a crew of four.',
    ),
    lead('**Python:**', 'Wrote the scripts that clean the echo soundings before they are charted.'),
    heading('Education'),
    body('State University, 2015'),
  ];

  it('holds skills when most of its lines open with a bold series of short items', () => {
    expect(outline(lines)[2]?.[0]).toBe('skills');
    expect(extractFields(lines).key_skills).toBe(
      'Hypack, QGIS, CARIS, Theodolite, Total station, Python',
    );
    expect(withRulesOff(['technical-run-ins'], () => outline(lines)[2]?.[0])).toBe('other');
  });
});

describe('sectionsOf: entries set larger than the headings (entries-above-headings)', () => {
  const caps = (text: string, block: number): DocLine => ({ text, size: 1, block, caps: true });
  const role = (text: string, block: number): DocLine => ({ text, size: 1.3, block });
  const lines = [
    { text: 'Mara Quill', size: 2, bold: true, block: 0 },
    caps('EXPERIENCE', 1),
    role('Harbour Surveyor at Fernhill Ports', 2),
    body('June 2021 – Present | Taos, NM', 2),
    body('Charts the shoals of the western bay with a crew of four.', 2),
    role('Chart Assistant at Globex', 3),
    body('May 2018 – June 2021 | Taos, NM', 3),
    body('Drew the charts of the harbour for the port authority.', 3),
    caps('EDUCATION', 4),
    body('State University, 2018', 4),
  ];

  it('keeps a role with its dates below in the experience section', () => {
    expect(outline(lines).map(([kind]) => kind)).toEqual(['header', 'experience', 'other']);
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['entries-above-headings'], () => extractFields(lines).latest_job_title),
    ).toBeUndefined();
  });
});

describe('sectionsOf: categories of labelled lists set as the headings (category-lists-alike)', () => {
  const bold = (text: string, block: number): DocLine => ({ text, size: 1, block, bold: true });
  const lines = [
    { text: 'Mara Quill', size: 2, bold: true, block: 0 },
    bold('Experience', 1),
    body('Harbour Surveyor, Fernhill Ports, 2019 - Present', 1),
    bold('Skills', 2),
    body('Twenty years at sea teach a surveyor a thing or two; ask me of any below.', 2),
    bold('Tools', 3),
    body('Fluent: Hypack, QGIS', 3),
    body('Adequate: CARIS', 3),
    bold('Field instruments', 4),
    body('Fluent: Theodolite, Total station', 4),
    body('Adequate: Echo sounder', 4),
    bold('Education', 5),
    body('State University, 2015', 5),
  ];

  it('reads a heading over labelled lists, after a skills section of them, as one more category', () => {
    expect(extractFields(lines).key_skills).toBe(
      'Hypack, QGIS, CARIS, Theodolite, Total station, Echo sounder',
    );
    expect(withRulesOff(['category-lists-alike'], () => extractFields(lines).key_skills)).toBe(
      'Hypack, QGIS, CARIS',
    );
  });
});

describe('sectionsOf: terms of lists under a technical heading (technical-terms)', () => {
  const md = (text: string, heading?: number): DocLine => ({
    text,
    block: 0,
    ...(heading ? { heading } : {}),
  });
  const definition = (text: string): DocLine => ({ text, block: 0, indent: 1 });
  const lines = [
    md('Mara Quill', 1),
    md('Experience', 2),
    md('Harbour Surveyor, Fernhill Ports, 2019 - Present'),
    md('Technical Experience', 2),
    md('Field Craft'),
    definition('I learnt to read the tides from the pilots of the western bay.'),
    md('Languages'),
    definition('Python, R'),
    md('Survey Software'),
    definition('Hypack, QGIS, CARIS'),
    md('Instruments'),
    definition('Echo sounder'),
    md('Education', 2),
    md('State University, 2015'),
  ];

  it('reads a term over lists of short items as a category of skills, and a term over prose as none', () => {
    expect(extractFields(lines).key_skills).toBe('Python, R, Hypack, QGIS, CARIS, Echo sounder');
    expect(
      withRulesOff(['technical-terms', 'coding-languages'], () => extractFields(lines).key_skills),
    ).toBeUndefined();
  });
});

describe('sectionsOf: a heading that names skills before the first known one (header-skills)', () => {
  const lines = [
    body('Jane Doe', 0),
    body('jane@example.com', 0),
    heading('Navigation Skills', 1),
    body('Sextant, Chartwork, Tide tables', 1),
    heading('Experience', 2),
    body('Harbour Pilot', 2),
    heading('Education', 3),
    body('Tide College', 3),
  ];

  it('set as the headings, it opens its section: its list is read', () => {
    expect(extractFields(lines).key_skills).toBe('Sextant, Chartwork, Tide tables');
  });

  it('without header-skills, it stays in the header with its list', () => {
    expect(withRulesOff(['header-skills'], () => extractFields(lines).key_skills)).toBeUndefined();
  });

  it('a headline whose words name skills elsewhere stays in the header', () => {
    const headline = [lines[0] as DocLine, heading('Technology Leader', 0), ...lines.slice(1)];
    expect(outline(headline)[0]?.[2]).toEqual([
      'Jane Doe',
      'Technology Leader',
      'jane@example.com',
    ]);
  });
});

describe('sectionsOf: a heading the format states may hold commas (heading-stated-commas)', () => {
  // Markdown's headings: the name a level 1, the sections a level 2.
  const lines = [
    styled('Jane Doe', 1),
    body('jane@example.com', 0),
    styled('Skills, Tools, and Charts', 2),
    body('Sextant, Chartwork, Tide tables', 1),
    styled('Experience', 2),
    body('Harbour Pilot', 2),
    styled('Education', 2),
    body('Tide College', 3),
  ];

  it('names skills by a piece that ends in a skills word, before the first known heading too', () => {
    expect(extractFields(lines).key_skills).toBe('Sextant, Chartwork, Tide tables');
    expect(
      withRulesOff(['heading-stated-commas'], () => extractFields(lines).key_skills),
    ).toBeUndefined();
  });

  it('a line the format does not state as a heading holds no commas', () => {
    const bold = lines.map((line, index) =>
      index === 2 ? { ...body(line.text, 1), bold: true } : line,
    );
    expect(extractFields(bold).key_skills).toBeUndefined();
  });
});

describe('sectionsOf: a heading in capitals that names work, before the first known one (header-experience)', () => {
  // Every line in one block, the headings set in capitals at the body's size: no space parts them.
  const caps = (text: string): DocLine => ({ text, size: 1, caps: true, block: 0 });
  const lines = (work: string) => [
    { ...body('Ines Okoro'), size: 1.5, bold: true },
    body('ines@example.com | (555) 010-0199'),
    caps(work),
    { ...body('Fernhill Ports'), bold: true },
    body('Harbour Surveyor, Tide Division'),
    body('Sept 2022 - Present'),
    body('Charted the shoals and surveyed the harbour for the port authority.'),
    caps('SKILLS'),
    body('Sextant, Chartwork, Tide tables'),
    caps('EDUCATION'),
    body('Tide College'),
  ];

  it('opens the experience section: its role is read', () => {
    expect(extractFields(lines('SURVEYING & WORK EXPERIENCE')).latest_job_title).toBe(
      'Harbour Surveyor',
    );
    expect(outline(lines('SURVEYING & WORK EXPERIENCE'))[1]?.slice(0, 2)).toEqual([
      'experience',
      'SURVEYING & WORK EXPERIENCE',
    ]);
  });

  it('without header-experience, it stays in the header with the role', () => {
    const off = withRulesOff(['header-experience'], () =>
      extractFields(lines('SURVEYING & WORK EXPERIENCE')),
    );
    expect(off.latest_job_title).toBeUndefined();
  });

  it('so does one of research roles (header-roles), which stand in for jobs', () => {
    const research = lines('POSTDOCTORAL RESEARCH EXPERIENCE');
    expect(outline(research)[1]?.slice(0, 2)).toEqual([
      'roles',
      'POSTDOCTORAL RESEARCH EXPERIENCE',
    ]);
    expect(extractFields(research).latest_job_title).toBe('Harbour Surveyor');
    const off = withRulesOff(['header-roles'], () => extractFields(research));
    expect(off.latest_job_title).toBeUndefined();
  });

  it('a headline in capitals that names a role stays in the header', () => {
    expect(outline(lines('CUSTOMER EXPERIENCE LEAD'))[0]?.[2]).toContain(
      'CUSTOMER EXPERIENCE LEAD',
    );
  });
});

describe('sectionsOf: a heading we know with a note after it (heading-note)', () => {
  const set = (text: string): DocLine => ({ text, size: 1.27, bold: true, caps: true, block: 1 });
  const lines = [
    { ...body('INES OKORO'), size: 1.6 },
    body('ines@example.com'),
    set('EXPERIENCIA (10/2022 - 05/2023)'),
    { ...body('Analista de Mareas | Fernhill Puertos', 1), bold: true },
    body('Levanté las cartas del puerto.', 1),
    set('APTITUDES (SELECCIÓN)'),
    body('Sextante', 1),
    body('Cartografía', 1),
  ];

  it('set apart as a heading, it names its section', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['experience', 'EXPERIENCIA (10/2022 - 05/2023)'],
      ['skills', 'APTITUDES (SELECCIÓN)'],
    ]);
    expect(extractFields(lines).latest_job_title).toBe('Analista de Mareas');
  });

  it('without heading-note, the lines stay in the header', () => {
    expect(withRulesOff(['heading-note'], () => outline(lines).length)).toBe(1);
  });

  it('set in bold up to its note, it is set as its words are (heading-note-lead)', () => {
    const noted = [
      ...lines.slice(0, 2),
      set('EDUCATION'),
      body('Fernhill University', 1),
      {
        text: 'WORK EXPERIENCE (more on the website)',
        lead: 'WORK EXPERIENCE',
        size: 1.27,
        block: 2,
      },
      { ...body('Harbour Surveyor', 2), bold: true },
      body('Oct 2021 – Present | Fernhill Ports', 2),
      { ...set('LANGUAGES'), block: 3 },
      body('English', 3),
    ];
    // The document's headings are known by their setting: bold capitals at 1.27.
    expect(outline(noted).map(([kind]) => kind)).toEqual([
      'header',
      'other',
      'experience',
      'other',
    ]);
    expect(extractFields(noted).latest_job_title).toBe('Harbour Surveyor');
    const off = withRulesOff(['heading-note-lead'], () => outline(noted).map(([kind]) => kind));
    expect(off).toEqual(['header', 'other', 'other']);
  });

  it('set as the body, a skill with a note stays an item', () => {
    const plain = [...lines.slice(5), body('Leadership (team of 5)', 1), set('EDUCATION')];
    expect(extractFields(plain).key_skills).toBe('Sextante, Cartografía, Leadership (team of 5)');
  });
});

describe('sectionsOf: a list item that names a section (list-item-not-heading)', () => {
  const item = (text: string, block: number): DocLine => ({ text, list: true, block });
  const lines = [
    body('Jane Doe', 0),
    body('Skills', 1),
    item('Glazing', 1),
    item('Leadership', 1),
    body('Experience', 2),
    body('Potter', 2),
    body('Education', 3),
    body('Tide College', 3),
  ];

  it('in a skills section, it is an item', () => {
    expect(extractFields(lines).key_skills).toBe('Glazing, Leadership');
  });

  it('without list-item-not-heading, it opens a section, which takes the next heading as its second line', () => {
    expect(withRulesOff(['list-item-not-heading'], () => outline(lines)[2])).toEqual([
      'other',
      'Leadership Experience',
      ['Potter'],
    ]);
  });
});

describe('sectionsOf: numbered headings (heading-numbered)', () => {
  const doc = [
    body('Mara Quill'),
    heading('I. Perfil'),
    body('Topógrafa con diez años en puertos.'),
    heading('II) Experiencia laboral'),
    body('Topógrafa, Puertos del Sur'),
    heading('3 Skills'),
    body('Hydrography, Bathymetry'),
    heading('IT Skills'),
    body('QGIS, Python'),
  ];

  it('reads the words after a number in figures or Roman numerals, and leaves a word in capitals whole', () => {
    expect(outline(doc).map(([kind, text]) => [kind, text])).toEqual([
      ['header', ''],
      ['other', 'I. Perfil'],
      ['experience', 'II) Experiencia laboral'],
      ['skills', '3 Skills'],
      ['skills', 'IT Skills'],
    ]);
  });

  it('without heading-numbered, a numbered heading names nothing our lists know', () => {
    const off = withRulesOff(['heading-numbered'], () => outline(doc));
    expect(off.map(([kind]) => kind)).not.toContain('experience');
    expect(withRulesOff(['heading-numbered'], () => extractFields(doc)).key_skills).toBe(
      'QGIS, Python',
    );
    expect(extractFields(doc).key_skills).toBe('Hydrography, Bathymetry, QGIS, Python');
  });
});

describe('sectionsOf: a known heading in capitals after a skills list (known-closes-skills)', () => {
  const doc = [
    body('Mara Quill'),
    heading('Education'),
    body('State University'),
    heading('Skills'),
    body('Hydrography'),
    body('Bathymetry'),
    // Set smaller than the body, as no heading of this document is: read by its words alone.
    { text: 'EXPERIENCE', size: 0.8, block: 0 },
    body('Harbour Surveyor'),
    body('2019 - 2024'),
  ];

  it('opens its section without being a line of it', () => {
    expect(outline(doc).slice(3)).toEqual([
      ['experience', 'EXPERIENCE', ['Harbour Surveyor', '2019 - 2024']],
    ]);
  });

  it('without known-closes-skills, it is the first line of its section too', () => {
    expect(withRulesOff(['known-closes-skills'], () => outline(doc)).slice(3)).toEqual([
      ['experience', 'EXPERIENCE', ['EXPERIENCE', 'Harbour Surveyor', '2019 - 2024']],
    ]);
  });
});

describe('sectionsOf: technical experience of dated roles (technical-roles)', () => {
  const doc = (entries: string[]) => [
    body('Mara Quill'),
    heading('Education'),
    body('State University, 2015'),
    heading('Technical Experience'),
    ...entries.map((text) => body(text)),
    heading('Skills'),
    body('Hydrography, Bathymetry'),
  ];
  const roles = [
    'Harbour Surveyor, Fernhill Ports',
    '2019 - Present',
    'Charted the inner harbour.',
    'Survey Technician, Tidewater Ltd',
    '2015 - 2019',
  ];

  it('is an experience section, and gives the latest title', () => {
    expect(outline(doc(roles)).at(-2)?.[0]).toBe('experience');
    expect(extractFields(doc(roles)).latest_job_title).toBe('Harbour Surveyor');
  });

  it('without technical-roles, it is a section of no field', () => {
    expect(withRulesOff(['technical-roles'], () => outline(doc(roles))).at(-2)?.[0]).toBe('other');
  });

  it('dated projects, named by no role, stay a section of no field', () => {
    const projects = ['Tide Tracker', '2019 - 2020', 'Harbour Map', '2020 - 2021'];
    expect(outline(doc(projects)).at(-2)?.[0]).toBe('other');
  });
});

describe('sectionsOf: what an entry used (used-under-entry)', () => {
  const lines: DocLine[] = [
    body('Jane Doe'),
    heading('Education'),
    body('2015 - 2019'),
    body('BSc Hydrography, Fernhill College'),
    body('Tools: Sextant, Echo sounder, QGIS'),
    body('2013 - 2015'),
    body('Diploma, Harbour School'),
  ];

  it('a `Tools:` line under an entry stays in its section', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['other', 'Education'],
    ]);
    expect(extractFields(lines).key_skills).toBeUndefined();
  });

  it('without the rule, it opens a skills section', () => {
    const off = withRulesOff(['used-under-entry'], () => outline(lines));
    expect(off.at(-1)?.slice(0, 2)).toEqual(['skills', 'Tools: Sextant, Echo sounder, QGIS']);
  });

  it('a `Skills:` line names what its writer can do, and opens its section', () => {
    const skills = lines.map((line) =>
      line.text.startsWith('Tools') ? body('Skills: Sextant, Echo sounder, QGIS') : line,
    );
    expect(outline(skills).at(-1)?.slice(0, 2)).toEqual([
      'skills',
      'Skills: Sextant, Echo sounder, QGIS',
    ]);
  });

  it('right under a heading, nothing is under an entry yet: it opens its section', () => {
    const first = [body('Jane Doe'), heading('Projects'), body('Tech stack: Go, Rust, Redis')];
    expect(extractFields(first).key_skills).toBe('Go, Rust, Redis');
  });
});

describe('sectionsOf: long headings and fields of work (long-heading, computer-field)', () => {
  const caps = (text: string): DocLine => ({ ...heading(text), caps: true });
  const lines = (title: string): DocLine[] => [
    body('Jane Doe'),
    caps('EDUCATION'),
    body('BSc Hydrography, Fernhill College, 2019'),
    caps(title),
    body('Harbour Surveyor, Fernhill Ports | 2020 - Present'),
    caps('PROJECTS'),
    body('Tide tables for the estuary'),
  ];

  it('a heading of six words whose last names a section holds its roles, however long', () => {
    const long = lines('MARINE ENGINEERING AND COMPUTER SCIENCE EXPERIENCE');
    expect(extractFields(long).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['long-heading'], () => extractFields(long).latest_job_title),
    ).toBeUndefined();
  });

  it('`Computer Science` names the field of the work, `Computer` alone the skills', () => {
    const field = lines('COMPUTER SCIENCE EXPERIENCE');
    expect(outline(field).at(-2)?.[0]).toBe('experience');
    expect(withRulesOff(['computer-field'], () => outline(field).at(-2)?.[0])).toBe('other');
    expect(outline(lines('COMPUTER EXPERIENCE')).at(-2)?.[0]).toBe('skills');
  });
});

describe('sectionsOf: a run-in label of skills under another section (inline-one-list)', () => {
  const lines: DocLine[] = [
    body('Jane Doe'),
    heading('Education'),
    body('BSc Hydrography, Fernhill College, 2019'),
    body('Technical Skills: QGIS, Python, R'),
    body('Relevant Coursework: Tides, Coastal Mapping,'),
    body('Marine Law, Hydrographic Surveying'),
    heading('Experience'),
    body('Harbour Surveyor, Fernhill Ports, 2020 - Present'),
  ];

  it('opens a skills list, and a label of no skills ends it', () => {
    expect(extractFields(lines).key_skills).toBe('QGIS, Python, R');
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['other', 'Education'],
      ['skills', 'Technical Skills: QGIS, Python, R'],
      ['other', ''],
      ['experience', 'Experience'],
    ]);
  });

  it('without inline-one-list, the list runs on into the coursework', () => {
    const off = withRulesOff(['inline-one-list'], () => extractFields(lines).key_skills);
    expect(off).toBe('QGIS, Python, R, Marine Law, Hydrographic Surveying');
  });

  it('a label our lists do not name may be the next category: the list goes on', () => {
    const design = lines
      .filter((line) => !line.text.startsWith('Marine'))
      .map((line) => (line.text.startsWith('Relevant') ? body('Drafting: AutoCAD, Rhino') : line));
    expect(extractFields(design).key_skills).toBe('QGIS, Python, R, AutoCAD, Rhino');
  });
});

describe('sectionsOf: an experience heading set unlike the others (experience-not-category)', () => {
  const caps = (text: string): DocLine => ({ ...heading(text), caps: true });
  const lines: DocLine[] = [
    body('Jane Doe'),
    caps('TECHNICAL SKILLS'),
    body('QGIS, Python, R'),
    heading('Relevant Experience'),
    body('Fernhill Ports, Remote'),
    body('September 2020 - Present'),
    body('Harbour Surveyor'),
    caps('EDUCATION'),
    body('BSc Hydrography, Fernhill College, 2019'),
  ];

  it('closes the skills section, set in bold where the headings are in bold capitals', () => {
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Harbour Surveyor',
      key_skills: 'QGIS, Python, R',
    });
  });

  it('without the rule, it is a category of the skills, and the roles go with it', () => {
    const off = withRulesOff(['experience-not-category'], () => extractFields(lines));
    expect(off.latest_job_title).toBeUndefined();
  });
});

describe('sectionsOf: `experience` set as the items, in a skills list', () => {
  it('is a wrapped item’s word, no heading', () => {
    const caps = (text: string): DocLine => ({ ...heading(text), caps: true });
    const lines: DocLine[] = [
      body('Jane Doe'),
      caps('SKILLS'),
      body('QGIS, Python, R, Team worker, Tide tables'),
      body('Experience'),
      caps('EDUCATION'),
      body('BSc Hydrography, Fernhill College, 2019'),
    ];
    expect(outline(lines).map(([kind]) => kind)).toEqual(['header', 'skills', 'other']);
  });
});

describe('sectionsOf: terms of a definition list (term-sibling)', () => {
  const lines: DocLine[] = [
    body('Jane Doe'),
    heading('Education', 1),
    body('BSc Hydrography, Fernhill College, 2019', 1),
    term('Skills', 2),
    definition('QGIS, Python, R', 2),
    term('Things I built', 3),
    definition('Tidebot: a bot that posts the tides', 3),
    definition('Chartkit: charts for small harbours', 3),
  ];

  it('a term set as the skills term, its definitions under it, opens a section of its own', () => {
    expect(extractFields(lines).key_skills).toBe('QGIS, Python, R');
    expect(outline(lines).at(-1)?.slice(0, 2)).toEqual(['other', 'Things I built']);
  });

  it("a term that names a category of skills is the list's next category", () => {
    const databases = [
      ...lines.slice(0, 5),
      term('Databases', 3),
      definition('PostGIS, SQLite', 3),
    ];
    expect(extractFields(databases).key_skills).toBe('QGIS, Python, R, PostGIS, SQLite');
  });

  it('without the rule, the projects are read as skills', () => {
    const off = withRulesOff(['term-sibling'], () => extractFields(lines).key_skills);
    expect(off).toBe('QGIS, Python, R, Things I built, Tidebot, charts for small harbours');
  });
});

describe("sectionsOf: an academic CV's posts (heading-appointments)", () => {
  const cv = (title: string): DocLine[] => [
    { ...heading('MARGARET FERNHILL'), caps: true },
    { ...body('Fernhill College of Hydrography'), caps: false },
    { text: 'EDUCATION', size: 1, bold: true, caps: true, block: 1 },
    body('Ph.D., Hydrography, Tide University, 2019', 1),
    { text: title, size: 1, bold: true, caps: true, block: 2 },
    body('Assistant Professor, School of Tides, Fernhill College, 2023-present', 2),
    body('Postdoctoral Fellow, Tide University, 2019-2023', 2),
  ];

  it('names the posts held as experience, in English and Spanish', () => {
    for (const title of [
      'ACADEMIC APPOINTMENTS',
      'APPOINTMENTS',
      'ACADEMIC POSITIONS',
      'CURRENT POSITIONS',
      'CARGOS ACTUALES',
    ]) {
      expect(outline(cv(title)).map(([kind]) => kind)).toEqual(['header', 'other', 'experience']);
      expect(extractFields(cv(title)).latest_job_title).toBe('Assistant Professor');
    }
  });

  it('without the rule, the posts are no section our lists name: no title', () => {
    const off = withRulesOff(['heading-appointments'], () => extractFields(cv('APPOINTMENTS')));
    expect(off.latest_job_title).toBeUndefined();
  });
});

describe('sectionsOf: a heading whose word spaces a PDF lost (glued-heading)', () => {
  // Letter-spaced headings in capitals, each read back as one word.
  const lines = (title: string): DocLine[] => [
    body('Margaret Fernhill'),
    { text: 'EDUCATION', size: 1.5, caps: true, block: 1 },
    body('BSc Hydrography, Fernhill College', 1),
    { text: title, size: 1.5, caps: true, block: 2 },
    body('Harbour Surveyor', 2),
    body('Fernhill Ports, 2019 - Present', 2),
    { text: 'AWARDS', size: 1.5, caps: true, block: 3 },
    body('Tide Medal, 2020', 3),
  ];

  it('spaces the heading again where its letters are wholly the words headings use', () => {
    expect(outline(lines('WORKEXPERIENCE')).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['other', 'EDUCATION'],
      ['experience', 'WORK EXPERIENCE'],
      ['other', 'AWARDS'],
    ]);
    expect(extractFields(lines('PROFESSIONALEXPERIENCE')).latest_job_title).toBe(
      'Harbour Surveyor',
    );
  });

  it('without the rule, the glued heading is no experience', () => {
    const off = withRulesOff(['glued-heading'], () => outline(lines('WORKEXPERIENCE')));
    expect(off.map(([kind]) => kind)).toEqual(['header', 'other', 'other', 'other']);
  });

  it('leaves a word of its own, or letters no heading words make up, as they are', () => {
    for (const word of ['CERTIFICATIONS', 'SCHLUMBERGER', 'MERNSTACKDEVELOPER']) {
      expect(outline(lines(word))[2]?.[1]).toBe(word);
    }
  });

  it('spaces any run of heading words, however long, in time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('WORK', 'EXPERIENCE', 'SKILLS', 'AND', 'X', 'Á'), {
          maxLength: 30,
        }),
        (words) => {
          const text = words.join('');
          const out = sectionsOf([{ text, size: 1.5, caps: true, block: 0 }]);
          expect(out.length).toBeGreaterThan(0);
          const shown = out.flatMap((section) => [section.heading?.text ?? '', ...section.lines]);
          expect(shown.join('').replaceAll(' ', '')).toBe(text);
        },
      ),
    );
  });
});

describe('sectionsOf: a work heading set as one known heading (lone-work-heading)', () => {
  // Two known headings set otherwise (no setting shared by two), then a work heading whose
  // first word is misspelt, set exactly as the first of them.
  const lines: DocLine[] = [
    body('Margaret Fernhill'),
    { text: 'EDUCATION', size: 1.1, bold: true, caps: true, block: 1 },
    body('Fernhill College; Omaha, NE', 1),
    body('BSc Hydrography', 1),
    { text: 'PROFESIONAL EXPERIENCE', size: 1.1, bold: true, caps: true, block: 2 },
    body('Fernhill Ports; Omaha, NE', 2),
    body('Harbour Surveyor', 2),
    { text: 'SKILLS AND INTERESTS', size: 1, bold: true, caps: true, block: 3 },
    body('Sextant, Tide tables', 3),
  ];

  it('opens the experience section', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['other', 'EDUCATION'],
      ['experience', 'PROFESIONAL EXPERIENCE'],
      ['skills', 'SKILLS AND INTERESTS'],
    ]);
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor');
  });

  it('without the rule, the roles stay under Education', () => {
    const off = withRulesOff(['lone-work-heading'], () => extractFields(lines));
    expect(off.latest_job_title).toBeUndefined();
  });

  it('opens nothing where it is set otherwise than the known headings', () => {
    const plain = lines.map((line) =>
      line.text === 'PROFESIONAL EXPERIENCE' ? { ...line, bold: false } : line,
    );
    expect(outline(plain).map(([kind]) => kind)).toEqual(['header', 'other', 'skills']);
  });
});

describe('sectionsOf: a term that names skills (term-skills)', () => {
  const lines = (name: string): DocLine[] => [
    body('Jane Doe'),
    heading('Experience', 1),
    term('Harbour Surveyor, Fernhill Ports', 2),
    definition('2019 - Present: charted the shoals of the bay', 2),
    heading('Other', 3),
    term('Open Source', 4),
    definition('Tidebot: a bot that posts the tides', 4),
    term(name, 5),
    definition('QGIS, Python, R', 5),
  ];

  it('opens a skills section under a section of another kind', () => {
    expect(extractFields(lines('Programming Languages / Skills')).key_skills).toBe(
      'QGIS, Python, R',
    );
    expect(extractFields(lines('Charting Tools')).key_skills).toBe('QGIS, Python, R');
  });

  it('without the rule, the term is a line of the section before it: no skills', () => {
    const off = withRulesOff(['term-skills'], () =>
      extractFields(lines('Programming Languages / Skills')),
    );
    expect(off.key_skills).toBeUndefined();
  });

  it("a role's term, that names its noun, opens none", () => {
    expect(extractFields(lines('Tools Developer')).key_skills).toBeUndefined();
  });
});

describe('sectionsOf: a heading drawn out to the margin in underscores (heading-leader)', () => {
  // Word's underlined headings: the heading's words, then underscores to the margin.
  const lines: DocLine[] = [
    body('Mara Quill'),
    heading('Skills__________________________'),
    body('QGIS, Python, Tide tables'),
    heading('Work Experience ____________'),
    body('Hydrographic Surveyor'),
    body('Fernhill Ports, 2019 – Present'),
  ];

  it('is read without them: its section opens', () => {
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Hydrographic Surveyor',
      key_skills: 'QGIS, Python, Tide tables',
    });
  });

  it('without the rule, neither section opens', () => {
    const off = withRulesOff(['heading-leader'], () => extractFields(lines));
    expect([off.latest_job_title, off.key_skills]).toEqual([undefined, undefined]);
  });
});

describe('sectionsOf: a row of links to the sections (links-row)', () => {
  // A table's row at the top whose cells each name a section, as a site's menu.
  const link = (text: string, column: number): DocLine => ({
    text,
    size: 1,
    block: 0,
    table: { table: 0, row: 0, column },
  });
  const lines: DocLine[] = [
    { text: 'Mara Quill', size: 2, block: 0 },
    ...['About', 'Skills', 'Projects', 'Experience'].map(link),
    heading('About me', 1),
    body('I chart harbours.', 1),
    heading('Skills', 2),
    body('QGIS, Python, Tide tables', 2),
    heading('Experience', 3),
    body('Hydrographic Surveyor', 3),
    body('Fernhill Ports, 2019 – Present', 3),
  ];

  it('is none of the headings: its cells stay in the header', () => {
    expect(outline(lines)).toEqual([
      ['header', '', ['Mara Quill', 'About', 'Skills', 'Projects', 'Experience']],
      ['other', 'About me', ['I chart harbours.']],
      ['skills', 'Skills', ['QGIS, Python, Tide tables']],
      ['experience', 'Experience', ['Hydrographic Surveyor', 'Fernhill Ports, 2019 – Present']],
    ]);
    expect(extractFields(lines).key_skills).toBe('QGIS, Python, Tide tables');
  });

  it('without the rule, its cells open sections, and the names of the others are skills', () => {
    expect(withRulesOff(['links-row'], () => extractFields(lines).key_skills)).toBe(
      'Projects, Experience, QGIS, Python, Tide tables',
    );
  });
});

describe('sectionsOf: references offered on request (references-on-request)', () => {
  const lines = (request: string): DocLine[] => [
    { text: 'Mara Quill', size: 2, block: 0 },
    body('mara@example.com'),
    heading('Skills', 1),
    body('QGIS', 2),
    body('Tide tables', 3),
    body(request, 4),
  ];

  it.each([
    'References available upon request.',
    'Referencias disponibles a petición',
    'Referencias bajo solicitud.',
  ])('%j ends the section before it and is none of its lines', (request) => {
    expect(outline(lines(request)).at(-1)).toEqual(['references', '', []]);
    expect(extractFields(lines(request)).key_skills).toBe('QGIS, Tide tables');
    const off = withRulesOff(['references-on-request'], () => extractFields(lines(request)));
    expect(off.key_skills).toBe(`QGIS, Tide tables, ${request.replace(/\.$/, '')}`);
  });

  it('a line that only names references stays where it stands', () => {
    expect(extractFields(lines('Reference letters')).key_skills).toBe(
      'QGIS, Tide tables, Reference letters',
    );
    // A references label run into its line is a heading of its own, the rule on or off.
    const labelled = lines('References: Available on request');
    expect(extractFields(labelled).key_skills).toBe('QGIS, Tide tables');
  });
});

describe('sectionsOf: references on request, on any text (references-on-request)', () => {
  const lines = (last: string): DocLine[] => [
    { text: 'Mara Quill', size: 2, block: 0 },
    heading('Skills', 1),
    body('QGIS', 2),
    body(last, 3),
  ];
  const hostile = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc
      .tuple(
        fc.constantFrom('References', 'referencias', 'REFERENCE'),
        fc.string({ maxLength: 60 }),
      )
      .map(([word, rest]) => `${word}${rest}`),
    fc.constant(`References ${'a '.repeat(5_000)}`),
    fc.constant(`references${': '.repeat(20_000)}x on request!`),
  );

  it('reads any last line, and stands it for the section only where it offers references', () => {
    fc.assert(
      fc.property(hostile, (last) => {
        const final = sectionsOf(lines(last)).at(-1);
        if (final?.kind === 'references' && !final.heading && final.lines.length === 0) {
          expect(last).toMatch(/request|petición|solicitud|pedido/i);
        }
      }),
    );
  });
});

describe('sectionsOf: a page number in a section (page-mark)', () => {
  const lines = (mark: string): DocLine[] => [
    { text: 'Mara Quill', size: 2, block: 0 },
    heading('Skills', 1),
    body('QGIS, Python, Tide tables,', 2),
    body(mark, 3),
    body('Sextant, Chartwork', 4),
  ];

  it.each([
    'Page 2',
    'Page 2 of 3',
    'Mara Quill - page 1',
    'Mara Quill | Page 2 of 2',
    'Página 1 de 2',
  ])('%j is none of the section', (mark) => {
    expect(extractFields(lines(mark)).key_skills).toBe(
      'QGIS, Python, Tide tables, Sextant, Chartwork',
    );
    const off = withRulesOff(['page-mark'], () => extractFields(lines(mark)).key_skills);
    expect(off).not.toBe('QGIS, Python, Tide tables, Sextant, Chartwork');
  });

  it('leaves a line that names a page as part of its text', () => {
    expect(extractFields(lines('Landing page design')).key_skills).toBe(
      'QGIS, Python, Tide tables, Landing page design, Sextant, Chartwork',
    );
  });

  it('on any text, takes out only a line that ends with a page word and its number', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc
        .tuple(fc.string({ maxLength: 70 }), fc.nat(2_000))
        .map(([head, n]) => `${head} - page ${n}`),
      fc.constant(`${'a - '.repeat(10_000)}page 1`),
      fc.constant(`Page ${'1 '.repeat(10_000)}`),
    );
    const count = (mark: string) =>
      sectionsOf(lines(mark)).reduce((sum, section) => sum + section.lines.length, 0);
    fc.assert(
      fc.property(text, (mark) => {
        const off = withRulesOff(['page-mark'], () => count(mark));
        if (count(mark) !== off)
          expect(mark.trim()).toMatch(/(?:page|página|pág\.?)\s\d{1,3}$|\s\d{1,3}$/i);
      }),
    );
  });
});

describe('sectionsOf: a role head the dates run around (dates-around-head)', () => {
  // A builder's layout: the dates' start, the role set as the headings are, the dates' end.
  const lines: DocLine[] = [
    { text: 'Mara Quill', size: 2, block: 0 },
    heading('Work History', 1),
    body('2018-08 -', 2),
    heading('Harbour Surveyor', 2),
    body('Current', 2),
    body('Fernhill Ports, Portsmouth, NH', 2),
    body('Charted the bay.', 2),
    heading('Skills', 3),
    body('QGIS, Python', 4),
  ];

  it('reads the role in its section, and its title', () => {
    expect(outline(lines).map(([kind]) => kind)).toEqual(['header', 'experience', 'skills']);
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor');
  });

  it('without the rule, the role is a heading of its own and no title is read', () => {
    const off = withRulesOff(['dates-around-head'], () => extractFields(lines));
    expect(off.latest_job_title).toBeUndefined();
  });
});

describe('sectionsOf: a section in a sidebar ends with it (sidebar-ends)', () => {
  // A profile's heading read before the sidebar, the sidebar's skills, then the profile's text.
  const side = (text: string, marks: Partial<DocLine> = {}): DocLine => ({
    text,
    size: 1,
    block: 1,
    area: 'sidebar',
    column: 0,
    ...marks,
  });
  const main = (text: string): DocLine => ({ text, size: 1, block: 3, column: 1 });
  const lines: DocLine[] = [
    { text: 'PROFILE', size: 1.6, caps: true, block: 0 },
    side('Mara Quill', { size: 2 }),
    side('mara@example.com'),
    side('SKILLS', { size: 1.4, bold: true, caps: true, block: 2 }),
    side('QGIS', { block: 2 }),
    side('Tide tables', { block: 2 }),
    main('I chart harbours'),
    main('. I'),
    main('have sailed the western bay for ten years.'),
    { text: 'EXPERIENCE', size: 1.6, caps: true, block: 4, column: 1 },
  ];

  it("ends at the sidebar's last line: the main column's text is none of it", () => {
    expect(outline(lines)[3]).toEqual(['skills', 'SKILLS', ['QGIS', 'Tide tables']]);
    expect(extractFields(lines).key_skills).toBe('QGIS, Tide tables');
  });

  it("without the rule, the main column's prose runs on in the list, and no item is read", () => {
    expect(withRulesOff(['sidebar-ends'], () => extractFields(lines).key_skills)).toBeUndefined();
  });
});

describe('sectionsOf: a sidebar read after the main column ends its last section (main-ends)', () => {
  // The main column read first, its last section the references; then the sidebar's contact.
  const main = (text: string, marks: Partial<DocLine> = {}): DocLine => ({
    text,
    size: 1,
    block: 1,
    column: 0,
    ...marks,
  });
  const side = (text: string): DocLine => ({
    text,
    size: 0.9,
    block: 3,
    column: 1,
    area: 'sidebar',
  });
  const lines: DocLine[] = [
    main('Mara Quill', { size: 3, bold: true, block: 0 }),
    main('Hydrographer', { block: 0 }),
    main('EXPERIENCE', { bold: true, caps: true }),
    main('Fernhill Ports, Harbour Surveyor'),
    main('June 2019 - Present'),
    main('REFERENCES', { bold: true, caps: true, block: 2 }),
    main('Ada Finch, Wren Docks — Mentor', { block: 2 }),
    main('(617) 555-0199 / ada@example.com', { block: 2 }),
    side('12 Quay St'),
    side('Portsmouth, NH 03801'),
    side('(603) 555-0142'),
    side('mara@example.com'),
  ];

  it("reads the sidebar's contact block apart from the references", () => {
    expect(extractFields(lines)).toMatchObject({
      email: 'mara@example.com',
      phone: '+16035550142',
      zip_code: '03801',
      home_town: 'Portsmouth, NH',
    });
  });

  it('without the rule, the contact block is a reference and nothing of it is read', () => {
    const off = withRulesOff(['main-ends'], () => extractFields(lines));
    expect([off.email, off.phone, off.zip_code]).toEqual([undefined, undefined, undefined]);
  });
});

describe('sectionsOf: a margin heading beside its first line (heading-beside)', () => {
  // A PDF turned into Word: each section's name in the margin, a tab, the section's first line.
  const beside = (text: string, block: number): DocLine => ({ text, size: 1.6, block });
  const lines: DocLine[] = [
    { text: 'Mara Quill', size: 2, block: 0 },
    body('mara@example.com'),
    beside('Experience | Fernhill Ports', 1),
    body('Hydrographic Surveyor', 1),
    body('June 2019 – Present', 1),
    beside('Skills | QGIS', 2),
    body('Tide tables', 2),
    body('Sextant', 2),
  ];

  it('the heading and the line are read apart', () => {
    expect(outline(lines).slice(1)).toEqual([
      [
        'experience',
        'Experience',
        ['Fernhill Ports', 'Hydrographic Surveyor', 'June 2019 – Present'],
      ],
      ['skills', 'Skills', ['QGIS', 'Tide tables', 'Sextant']],
    ]);
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Hydrographic Surveyor',
      key_skills: 'QGIS, Tide tables, Sextant',
    });
  });

  it('one line so set alone is no margin heading', () => {
    const one = lines.slice(0, 5);
    expect(outline(one).map(([kind]) => kind)).toEqual(['header']);
  });

  it('without the rule, neither section opens', () => {
    // The role would still be read under the header, as where no heading names experience.
    const off = withRulesOff(['heading-beside', 'title-unheaded-roles'], () =>
      extractFields(lines),
    );
    expect([off.latest_job_title, off.key_skills]).toEqual([undefined, undefined]);
  });
});

describe('sectionsOf: the language skills of a Europass CV are no key skills', () => {
  it('`Language skills` and `Competencias lingüísticas` close the skills before them', () => {
    const lines = (heading: string) => [
      'Mara Quill',
      'Skills',
      'QGIS, Python',
      heading,
      'Mother tongue(s): Spanish',
      'Levels: A1 and A2: Basic user; C1 and C2: Proficient user',
    ];
    expect(extractFields(lines('LANGUAGE SKILLS')).key_skills).toBe('QGIS, Python');
    expect(extractFields(lines('Competencias lingüísticas')).key_skills).toBe('QGIS, Python');
  });
});

describe('a heading that names skills and languages together', () => {
  it.each(['Languages and Skills', 'Skills & Languages'])('%j heads a skills section', (name) => {
    const doc = [
      body('Noor Haddad'),
      heading('Experience', 1),
      body('Harbour Surveyor, Fernhill Ports, 2019 - Present', 2),
      heading(name, 3),
      body('Programming Languages: Python, Go', 4),
      body('Natural Languages: English, Malay', 4),
    ];
    expect(outline(doc).map(([kind]) => kind)).toEqual(['header', 'experience', 'skills']);
    expect(extractFields(doc).key_skills).toBe('Python, Go, English, Malay');
  });
});

describe('sectionsOf: skills headings before the first known one (skill-sets, header-tools, lone-skills-heading)', () => {
  const resume = (head: string): DocLine[] => [
    body('Jane Doe', 0),
    body('jane@example.com', 0),
    heading(head, 1),
    body('Sextant, Chartwork, Tide tables', 1),
    heading('Experience', 2),
    body('Harbour Pilot', 2),
    heading('Education', 3),
    body('Tide College', 3),
  ];

  it('`Skill Sets`, `Skill Set` and `Skillset` name skills (skill-sets)', () => {
    for (const head of ['Skill Sets', 'Core Skill Set', 'Skillset']) {
      expect(extractFields(resume(head)).key_skills, head).toBe('Sextant, Chartwork, Tide tables');
      expect(
        withRulesOff(['skill-sets'], () => extractFields(resume(head)).key_skills),
        head,
      ).toBeUndefined();
    }
  });

  it('`Skill` alone names skills after a known heading (skill-sets: `Skill Highlights`)', () => {
    const lines = [
      body('Jane Doe', 0),
      heading('Experience', 1),
      body('Harbour Pilot', 1),
      heading('Skill Highlights', 2),
      body('Sextant, Chartwork, Tide tables', 2),
      heading('Education', 3),
      body('Tide College', 3),
    ];
    expect(extractFields(lines).key_skills).toBe('Sextant, Chartwork, Tide tables');
    expect(withRulesOff(['skill-sets'], () => extractFields(lines).key_skills)).toBeUndefined();
  });

  it('a heading whose last word names tools or frameworks opens its section (header-tools)', () => {
    for (const head of ['Technical Tools', 'Skills // Frameworks']) {
      expect(extractFields(resume(head)).key_skills, head).toBe('Sextant, Chartwork, Tide tables');
      expect(
        withRulesOff(['header-tools'], () => extractFields(resume(head)).key_skills),
        head,
      ).toBeUndefined();
    }
    // A headline is no heading: `Developer Tools Engineer` ends in no such word.
    const headline = resume('Developer Tools Engineer');
    expect(outline(headline)[0]?.[2]).toContain('Developer Tools Engineer');
  });

  it('with one known heading, a skills heading set exactly as it opens its section (lone-skills-heading)', () => {
    // `Education` is the only heading our lists know: no setting is shared by two.
    const lines: DocLine[] = [
      { text: 'Margaret Fernhill', size: 2, bold: true, block: 0 },
      body('Omaha, NE | margaret@example.com', 0),
      heading('Harbour Surveyor', 1),
      heading('Technical Tools', 2),
      { text: 'Sextant', size: 1, list: true, block: 3 },
      { text: 'Tide tables', size: 1, list: true, block: 3 },
      heading('Education', 4),
      body('Fernhill College', 4),
    ];
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['skills', 'Technical Tools'],
      ['other', 'Education'],
    ]);
    expect(extractFields(lines).key_skills).toBe('Sextant, Tide tables');
    expect(
      withRulesOff(['lone-skills-heading'], () => outline(lines).map(([kind]) => kind)),
    ).toEqual(['header', 'other']);
  });
});

describe('sectionsOf: a line the format sets at its section heading’s level, marks and all (sibling-punctuated)', () => {
  const lines: DocLine[] = [
    body('Jane Doe'),
    styled('Skill Sets', 2),
    body('Sextant, Tide tables'),
    styled('Experience in Fernhill Ports Co., Ltd.', 2),
    body('Harbour Surveyor, 4 months'),
    styled('Education', 2),
    body('Tide College'),
  ];

  it('closes the section before it', () => {
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['skills', 'Skill Sets'],
      ['experience', 'Experience in Fernhill Ports Co., Ltd.'],
      ['other', 'Education'],
    ]);
    expect(extractFields(lines).key_skills).toBe('Sextant, Tide tables');
    expect(withRulesOff(['sibling-punctuated'], () => outline(lines)[1]?.[2])).toEqual([
      'Sextant, Tide tables',
      'Experience in Fernhill Ports Co., Ltd.',
      'Harbour Surveyor, 4 months',
    ]);
  });
});

describe('sectionsOf: entries of work, rules between them, and a first role in bold (rule-between-entries, first-role-not-heading)', () => {
  it('a drawn rule between two dated entries of an experience section parts them, and closes nothing', () => {
    const lines = [
      body('Jane Doe'),
      styled('Experience', 2),
      body('March 2019 - Now - Self-employed', 1),
      body('Wrote a book on harbours.', 2),
      body('----', 3),
      body('March 2017 - March 2019 - Harbour Surveyor - Fernhill Ports', 4),
      body('Sounded the harbour.', 5),
      styled('Education', 2),
      body('Tide College', 6),
    ];
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['experience', 'Experience'],
      ['other', 'Education'],
    ]);
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['rule-between-entries'], () => outline(lines).map(([kind]) => kind)),
    ).toEqual(['header', 'experience', 'other', 'other']);
    // A rule before a line with no date still closes the section (rule-closes).
    const contact = lines.map((line) =>
      line.text.startsWith('March 2017') ? { ...line, text: 'Springfield, IL USA' } : line,
    );
    expect(outline(contact).map(([kind]) => kind)).toEqual([
      'header',
      'experience',
      'other',
      'other',
    ]);
  });

  it('a line set as the headings right under a work heading that ends with a title noun is its first role', () => {
    const lines = [
      body('Jane Doe'),
      heading('Work Experience', 1),
      heading('Harbour Surveyor Intern', 2),
      body('Fernhill Ports, Omaha, NE | May 2021 – August 2021', 2),
      body('Sounded the harbour.', 3),
      heading('Education', 4),
      body('Tide College', 4),
    ];
    expect(outline(lines).map(([kind, head]) => [kind, head])).toEqual([
      ['header', ''],
      ['experience', 'Work Experience'],
      ['other', 'Education'],
    ]);
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor Intern');
    expect(
      withRulesOff(['first-role-not-heading'], () => extractFields(lines).latest_job_title),
    ).toBeUndefined();
  });

  it("reads a skills heading first under a role's dated heading as that role's (skills-under-role)", () => {
    const lines = [
      styled('Mara Quill', 1),
      styled('Fernhill Ports', 2),
      styled('Harbour Surveyor (2019 - Present)', 3),
      body('Charted the bay.'),
      styled('Skills', 4),
      body('Chartwork, Sounding'),
    ];
    const skills = (docs: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(docs).key_skills);
    expect(skills(lines)).toBeUndefined();
    expect(skills(lines, ['skills-under-role'])).toBe('Chartwork, Sounding');
    // After another heading of its own level, it is the candidate's (`### Awards` then `### Skills`).
    const later = [...lines.slice(0, 4), styled('Awards', 4), body('Medal.'), ...lines.slice(4)];
    expect(skills(later)).toBe('Chartwork, Sounding');
    // Under an undated heading (a skills heading's own category), it opens its section.
    const undated = lines.map((doc) =>
      doc.text.includes('2019') ? { ...doc, text: 'Harbour Surveyor' } : doc,
    );
    expect(skills(undated)).toBe('Chartwork, Sounding');
  });

  it('reads `Languages` and `Operating Systems` set as the headings under a larger skills heading as its categories (named-under-skills)', () => {
    const set = (text: string, size: number, block: number): DocLine => ({
      text,
      size,
      bold: true,
      block,
    });
    const lines = [
      body('Mara Quill'),
      set('Technical Skills', 1.3, 1),
      set('Languages', 1.1, 2),
      body('Fortran, Ada', 2),
      set('Operating Systems', 1.1, 3),
      body('Plan 9, Haiku', 3),
      set('Education', 1.1, 4),
      body('B.S. Hydrography', 4),
      set('Experience', 1.1, 5),
      body('Harbour Surveyor, Fernhill Ports, 2019 - Present', 5),
    ];
    const skills = (off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(lines).key_skills);
    expect(skills()).toBe('Fortran, Ada, Plan 9, Haiku');
    expect(skills(['named-under-skills', 'coding-languages'])).toBeUndefined();
    // Set as the skills heading is, `Languages` is a section of its own (the languages one speaks).
    const level = lines.map((doc) =>
      doc.text === 'Technical Skills'
        ? { ...doc, size: 1.1 }
        : doc.text === 'Fortran, Ada'
          ? { ...doc, text: 'Welsh, Breton' }
          : doc,
    );
    expect(extractFields(level).key_skills).toBeUndefined();
  });

  it("reads labels set as the skills list's own label, each before its list, as its categories (colon-categories)", () => {
    const label = (text: string, block: number): DocLine => ({ text, bold: true, block });
    const lines = [
      body('Mara Quill'),
      label('Summary', 1),
      body('Surveyor of ten years.', 1),
      { ...label('TECHNICAL SKILLS', 2), caps: true },
      label('Technologies:', 2),
      body('Sextant, Theodolite', 2),
      label('Databases:', 3),
      body('PostGIS', 3),
      label('Charts:', 4),
      body('Admiralty, NOAA', 4),
      label('Interests:', 5),
      body('Sailing, Chess', 5),
      label('Experience', 6),
      body('Harbour Surveyor, Fernhill Ports, 2019 - Present', 6),
    ];
    const skills = (docs: readonly DocLine[], off: readonly string[] = []) =>
      withRulesOff(off, () => extractFields(docs).key_skills);
    // `Interests:`, a section our lists name, is no category.
    expect(skills(lines)).toBe('Sextant, Theodolite, PostGIS, Admiralty, NOAA');
    expect(skills(lines, ['colon-categories'])).toBe('Sextant, Theodolite');
    // A label over a sentence or a dated line heads a section of its own.
    const prose = lines.map((doc) =>
      doc.text === 'Admiralty, NOAA' ? { ...doc, text: 'Charts the bay each spring.' } : doc,
    );
    expect(skills(prose)).toBe('Sextant, Theodolite, PostGIS');
  });

  it("keeps a label our lists do not name inside a section of work as a role's (entry-labels)", () => {
    // A layout table: the headings in its first column, the roles beside them.
    const cell = (text: string, block: number, column: number, bold = false): DocLine => ({
      text,
      block,
      table: { table: 0, row: 1, column },
      ...(bold ? { bold } : {}),
    });
    const lines = [
      body('Mara Quill'),
      { ...cell('Skills', 1, 0, true), table: { table: 0, row: 0, column: 0 } },
      { ...cell('Sextant, Chartwork', 1, 1), table: { table: 0, row: 0, column: 1 } },
      cell('Experience', 2, 0, true),
      cell('Company: Fernhill Ports | Jan 2019 to Present', 2, 1, true),
      cell('Responsibilities:', 3, 1, true),
      cell('Charted the bay.', 4, 1),
      cell('Company: Wren Docks | 2016 to 2019', 5, 1, true),
    ];
    const kinds = (off: readonly string[] = []) =>
      withRulesOff(off, () => outline(lines).map(([kind, heading]) => `${kind}:${heading}`));
    expect(kinds()).toEqual(['header:', 'skills:Skills', 'experience:Experience']);
    expect(kinds(['entry-labels'])).toEqual([
      'header:',
      'skills:Skills',
      'experience:Experience',
      'other:Responsibilities:',
    ]);
  });
});

describe('sectionsOf: headings the setting or the text hides', () => {
  it('reads a heading in capitals run into the sentence before it apart (heading-after-sentence)', () => {
    const doc = [
      boldCaps('MARA QUILL', 0),
      boldCaps('PROFILE', 1),
      body(
        'Surveyor of harbours who charts the docks and keeps the soundings up to date.TECHNICAL SKILLS',
        1,
      ),
      body('Sextants, echo sounders, tide tables', 2),
      boldCaps('EDUCATION', 3),
      body('State Maritime Academy', 3),
    ];
    expect(extractFields(doc).key_skills).toBe('Sextants, echo sounders, tide tables');
    expect(
      withRulesOff(['heading-after-sentence'], () => extractFields(doc).key_skills),
    ).toBeUndefined();
    // Capitals after a sentence that are no heading of ours stay where they are.
    const acronym = doc.map((line, index) =>
      index === 2 ? body('Charted the docks for the port authority on every shift.NOAA', 1) : line,
    );
    expect(outline(acronym).map(([kind]) => kind)).toEqual(['header', 'other', 'other']);
  });

  it('reads a line in capitals whose last word alone names a section as a heading, space after it or not (caps-heading-word)', () => {
    const doc = [
      body('MARA QUILL', 0),
      { ...body('EDUCATION', 0), caps: true },
      body('State Maritime Academy', 0),
      { ...body('EXPERIENCE', 0), caps: true },
      body('Fernhill Ports', 0),
      body('Harbour Surveyor', 0),
      body('Jan 2020 – Jun 2021', 0),
      { ...body('ACADEMIC PROJECTS', 2), caps: true },
      body('Tide Gauge Network', 2),
      body('Prof. Reed | Sep 2022 – Present', 2),
    ];
    expect(extractFields(doc).latest_job_title).toBe('Harbour Surveyor');
    expect(withRulesOff(['caps-heading-word'], () => extractFields(doc).latest_job_title)).toBe(
      'Tide Gauge Network',
    );
    // A line whose other words name a section is read by its words, not by its last one: the
    // rule leaves it as it was.
    const awards = doc.map((line, index) =>
      index === 7 ? { ...body('TECHNICAL SKILLS & AWARDS', 2), caps: true } : line,
    );
    expect(outline(awards)).toEqual(withRulesOff(['caps-heading-word'], () => outline(awards)));
  });

  it('reads a line set bold as the styled headings, its style forgotten, as a heading where its last word names a section (heading-style-lost)', () => {
    const doc = [
      body('Mara Quill', 0),
      { ...styled('EDUCATION', 1), size: 1 },
      body('State Maritime Academy', 0),
      boldCaps('SURVEY EXPERIENCE', 1),
      body('Harbour Surveyor, Fernhill Ports | 2020 - Present', 1),
      { ...styled('SKILLS', 1), size: 1, block: 2 },
      body('Sextants, tide tables', 2),
    ].map((line) => (line.bold ? { ...line, caps: true } : line));
    expect(extractFields(doc).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['heading-style-lost'], () => extractFields(doc).latest_job_title),
    ).toBeUndefined();
  });
});

describe('sectionsOf: a heading given as its glyphs’ numbers (shifted-heading)', () => {
  /** A text as a font with no map to its characters gives it: each code 29 below. */
  const glyphs = (text: string) =>
    String.fromCharCode(...[...text].map((char) => char.charCodeAt(0) - 29));
  const doc = [
    body('Mara Quill', 0),
    { ...heading(glyphs('Skills ')), caps: true },
    body('Sextants, tide tables', 1),
    { ...heading(glyphs('Experience ')), caps: true },
    body('Harbour Surveyor, Fernhill Ports | 2020 - Present', 2),
  ];

  it('reads the heading its glyphs spell, and the sections under it', () => {
    expect(extractFields(doc)).toMatchObject({
      key_skills: 'Sextants, tide tables',
      latest_job_title: 'Harbour Surveyor',
    });
    expect(withRulesOff(['shifted-heading'], () => extractFields(doc).key_skills)).toBeUndefined();
  });

  it('leaves a line whose shifted characters make no heading of ours as it is', () => {
    for (const text of ['SQL', 'NASA', 'AWS 2020', glyphs('Sextants')]) {
      const lines = [body('Mara Quill', 0), heading('Skills'), body(text, 1)];
      expect(outline(lines)).toEqual(withRulesOff(['shifted-heading'], () => outline(lines)));
    }
  });
});

describe("sectionsOf: an academic CV's papers", () => {
  it.each(['Job Market Paper', 'Work in Progress', 'Works in Progress'])(
    '%s heads papers, no experience: the roles come from the teaching section',
    (papers) => {
      const doc = [
        body('Mara Quill', 0),
        heading(papers),
        body('“Tides and Docks: Evidence from Fernhill” sole author, 2025', 1),
        heading('Teaching Experience', 2),
        body('Teaching Assistant, State Maritime University', 2),
        body('2025 | Harbour Surveying 101', 2),
      ];
      expect(outline(doc)[1]?.[0]).toBe('other');
      expect(extractFields(doc).latest_job_title).toBe('Teaching Assistant');
    },
  );
});
