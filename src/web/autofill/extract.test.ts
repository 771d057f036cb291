import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Extracted, extractFields } from '../../../test/helpers/extract.ts';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { careerSchema, personalSchema } from '../../shared/schema.ts';
import type { DocLine } from './document.ts';
import { clean, MAX_LINE_LENGTH } from './lines.ts';
import { withRulesOff } from './rules.ts';

const pick = (lines: string[], field: keyof Extracted) => extractFields(lines)[field];

describe('extractFields: the name', () => {
  it.each([
    [['Jane Doe', 'jane@example.com'], 'Jane', 'Doe'],
    [['Resume', 'Jane Doe'], 'Jane', 'Doe'],
    [['CURRICULUM VITAE', 'Jane Doe'], 'Jane', 'Doe'],
    [['CV', 'Jane Doe'], 'Jane', 'Doe'],
    [['Hoja de vida', 'María Ruiz'], 'María', 'Ruiz'],
    [['# Currículum Vitae', '## María Ruiz'], 'María', 'Ruiz'],
    [['CURRÍCULUM', 'María Ruiz'], 'María', 'Ruiz'],
    [['Michael McDonald'], 'Michael', 'McDonald'],
    [["Siobhan O'Neil"], 'Siobhan', "O'Neil"],
    [['Maria de la Cruz'], 'Maria', 'de la Cruz'],
    [['Anna-Lena Schmidt-Weber'], 'Anna-Lena', 'Schmidt-Weber'],
    [['Jane Q. Doe'], 'Jane', 'Doe'],
    [['Jane Q Doe'], 'Jane', 'Doe'],
    [['JANE Q DOE'], 'Jane', 'Doe'],
    [['Mary Ann Smith', 'mary.annsmith@example.com'], 'Mary', 'Ann Smith'],
    [['José Álvarez'], 'José', 'Álvarez'],
    [['JANE DOE'], 'Jane', 'Doe'],
    [["SIOBHAN O'NEIL"], 'Siobhan', "O'Neil"],
    [['Jane Doe, MBA'], 'Jane', 'Doe'],
    [['Jane Doe | Software Engineer'], 'Jane', 'Doe'],
    [['Senior Software Engineer', 'Jane Doe'], 'Jane', 'Doe'],
    [['DeShawn LaRue'], 'DeShawn', 'LaRue'],
    [['JAN KÜSTER RESUME'], 'Jan', 'Küster'],
    [['Resume: Jane Doe'], 'Jane', 'Doe'],
    [['# Bill Wiens', 'bill@example.com'], 'Bill', 'Wiens'],
    [['[[jane-doe]]', '= Jane Doe'], 'Jane', 'Doe'],
    [['**Jane Doe**'], 'Jane', 'Doe'],
    // name-document: the document's own name as a piece, with `of`, after a possessive.
    [['Resume — Jane Doe'], 'Jane', 'Doe'],
    [['CV of Jane Doe'], 'Jane', 'Doe'],
    [["Jane Doe's Resume"], 'Jane', 'Doe'],
    [['Jane Doe’s CV'], 'Jane', 'Doe'],
  ])('%j gives %s %s', (lines, first, last) => {
    expect(extractFields(lines)).toMatchObject({ first_name: first, last_name: last });
  });

  it('without name-document, the possessive is read as the surname and the pieces as they stand', () => {
    const off = withRulesOff(['name-document'], () => ({
      possessive: extractFields(["Jane Doe's Resume"]),
      piece: extractFields(['Resume — Jane Doe']),
    }));
    expect(off.possessive).toMatchObject({ first_name: 'Jane', last_name: "Doe's" });
    expect(off.piece.first_name).toBeUndefined();
  });

  it.each([
    [['MICHAEL MCDONALD'], 'Michael'],
    [['MARIA DE LA CRUZ'], 'Maria'],
  ])('%j keeps the last name empty: its casing cannot be known', (lines, first) => {
    const fields = extractFields(lines);
    expect(fields.first_name).toBe(first);
    expect(fields.last_name).toBeUndefined();
  });

  it.each([
    [['Senior Software Engineer']],
    [['Professional Summary', 'Jane Doe']],
    [['Acme Corp']],
    [['jane doe']],
    [['Jane']],
    [['Jane Mary Ann Lou Doe']],
    [['Passionate about building things', 'Jane Doe']],
    [['www.janedoe.com Jane']],
    [["Jane Doe's Portfolio"]],
  ])('%j gives no name', (lines) => {
    const fields = extractFields(lines);
    expect(fields.first_name).toBeUndefined();
    expect(fields.last_name).toBeUndefined();
  });
});

describe('extractFields: contact details', () => {
  it.each([
    ['(555) 234-5678', '+15552345678'],
    ['555.234.5678', '+15552345678'],
    ['555-234-5678', '+15552345678'],
    ['+1 555 234 5678', '+15552345678'],
    ['+1 (555) 234-5678', '+15552345678'],
    ['1-555-234-5678', '+15552345678'],
    ['Phone: 555 234 5678', '+15552345678'],
    ['Cell: (555) 234-5678 ext. 12', '+15552345678'],
    ['Austin, TX 78701 (555) 234-5678', '+15552345678'],
    ['(415) · 497 · 7282', '+14154977282'],
    ['(631) 987 - 1475', '+16319871475'],
    ['555\u2010234\u20105678', '+15552345678'],
    ['(909) 555-\u00ad\u20105555', '+19095555555'],
    ['555–234–5678', '+15552345678'],
    ['\uf095 (555) 234-5678 \uf0e0 jane@example.com', '+15552345678'],
  ])('the phone %s is %s', (line, phone) => {
    expect(pick(['Jane Doe', line], 'phone')).toBe(phone);
  });

  it.each([
    ['2019 - 2021'],
    ['555-1234'],
    ['(055) 234-5678'],
    ['555-134-5678'],
    ['12345-6789'],
    ['+44 20 7946 0958'],
    ['1234567890123'],
  ])('%s is not a US phone number', (line) => {
    expect(pick(['Jane Doe', line], 'phone')).toBeUndefined();
  });

  it('takes the phone from the top, not from the references', () => {
    const lines = ['Jane Doe', '555-234-5678', 'References', 'John Roe 555-987-6543'];
    expect(pick(lines, 'phone')).toBe('+15552345678');
    expect(pick(['Jane Doe', 'References', 'John Roe 555-987-6543'], 'phone')).toBeUndefined();
  });

  it.each([
    ['jane.doe@example.com', 'jane.doe@example.com'],
    ['Email: Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['Email:jane@example.com', 'jane@example.com'],
    ['<jane@example.com>', 'jane@example.com'],
    ['mailto:jane@example.com', 'jane@example.com'],
    ['Springfield | jane+jobs@mail.example.org | 555', 'jane+jobs@mail.example.org'],
  ])('the email in %s is %s', (line, email) => {
    expect(pick(['Jane Doe', line], 'email')).toBe(email);
  });

  it.each([['jane@'], ['@example.com'], ['jane@example'], ['jane at example dot com']])(
    '%s is no email',
    (line) => {
      expect(pick(['Jane Doe', line], 'email')).toBeUndefined();
    },
  );

  it.each([
    ['Springfield, IL 62704', '62704', 'Springfield, IL'],
    ['123 Main St, Springfield, IL 62704', '62704', 'Springfield, IL'],
    ['Springfield, IL 62704-1234', '62704-1234', 'Springfield, IL'],
    ['St. Louis, MO 63101 | 555-234-5678', '63101', 'St. Louis, MO'],
    ['Winston-Salem, NC 27101', '27101', 'Winston-Salem, NC'],
    ['Salt Lake City, UT 84101', '84101', 'Salt Lake City, UT'],
    ['Burlington, VT 05401', '05401', 'Burlington, VT'],
    ['Springfield, IL', undefined, 'Springfield, IL'],
    ['jane@example.com, San Francisco, CA, linkedin.com/in/jane', undefined, 'San Francisco, CA'],
    ['jane@example.com , +1 (415) 555-0142 , San Francisco, CA', undefined, 'San Francisco, CA'],
    ['555 La Verne Way, La Verne, CA', undefined, 'La Verne, CA'],
    ['Somerville MA', undefined, 'Somerville, MA'],
    ['Springfield IL 62704', '62704', 'Springfield, IL'],
    ['Columbus, Ohio', undefined, 'Columbus, Ohio'],
    ['Columbus, Ohio 43215', '43215', 'Columbus, Ohio'],
    ['Washington, D.C. 20001', '20001', 'Washington, D.C.'],
    ['Washington, DC', undefined, 'Washington, DC'],
    ['Amherst, MA, 01002', '01002', 'Amherst, MA'],
    ['\uf3c5 Pleasantville, CA 94588 \uf095 (555) 123-4567', '94588', 'Pleasantville, CA'],
  ])('%s gives the zip %s and the home town %s', (line, zip, town) => {
    const fields = extractFields(['Jane Doe', line]);
    expect(fields.zip_code).toBe(zip);
    expect(fields.home_town).toBe(town);
  });

  it.each([['Jane Doe, MD'], ['Jane Doe, PA']])(
    '%s is a name and a credential, not a place',
    (line) => {
      const fields = extractFields([line, 'jane@example.com']);
      expect(fields.first_name).toBe('Jane');
      expect(fields.home_town).toBeUndefined();
    },
  );

  it('joins a zip wrapped onto its own line', () => {
    expect(extractFields(['Jane Doe', '12 Elm St, Springfield, IL', '62704'])).toMatchObject({
      zip_code: '62704',
      home_town: 'Springfield, IL',
    });
  });

  it.each([
    ['Springfield, XX 62704'],
    ['Acme Corp, NY'],
    ['Software Engineer, CA'],
    ['12 Elm St, IL'],
    ['Stripe, San Francisco, CA'],
    ['Bremen, Germany'],
    ['Somerville Ma'],
  ])('%s gives no place', (line) => {
    const fields = extractFields(['Jane Doe', line]);
    expect(fields.home_town).toBeUndefined();
    expect(fields.zip_code).toBeUndefined();
  });
});

describe('extractFields: the latest job title', () => {
  const withEntry = (heading: string, ...entry: string[]) => [
    'Jane Doe',
    heading,
    ...entry,
    '• Built things',
    'Junior Analyst',
    'Older Co, 2010 - 2014',
  ];

  it.each([
    [['Experience', 'Senior Software Engineer', 'Globex, Springfield, IL', '2020 - Present']],
    [['WORK EXPERIENCE', 'Senior Software Engineer, Globex', '2020 - Present']],
    [['Professional Experience', 'Globex', 'Senior Software Engineer', 'Jan 2020 – Present']],
    [['employment history', 'Senior Software Engineer | Globex | 2020 – Present']],
    [['Employment History:', 'Senior Software Engineer at Globex', '2020 - Present']],
    [['Work History', 'Acme Corp', 'Senior Software Engineer']],
  ])('%j gives Senior Software Engineer', ([heading = '', ...entry]) => {
    expect(pick(withEntry(heading, ...entry), 'latest_job_title')).toBe('Senior Software Engineer');
  });

  it.each([
    ['Software Engineer II', 'Software Engineer II'],
    ['Manager of Operations', 'Manager of Operations'],
    ['Sr. Data Analyst (Remote)', 'Sr. Data Analyst'],
    ['SOFTWARE ENGINEER', 'Software Engineer'],
    ['VICE PRESIDENT OF SALES', 'Vice President of Sales'],
    ['SENIOR QA ENGINEER', 'Senior QA Engineer'],
    ['President & CEO', 'President & CEO'],
    ['Nexus AI, Co-Founder & CTO', 'Co-Founder & CTO'],
    ['C++ Development Consultant', 'C++ Development Consultant'],
    ['Slalom Consulting Senior Cloud Engineer', 'Senior Cloud Engineer'],
    ['Deloitte Consulting Analyst', 'Analyst'],
    ['Initech Labs Data Engineer', 'Data Engineer'],
    ['Senior Consulting Engineer', 'Senior Consulting Engineer'],
    ['FACEBOOK | SOFTWARE ENGINEER', 'Software Engineer'],
  ])('%s gives %s', (title, expected) => {
    expect(pick(withEntry('Experience', title, '2020 - Present'), 'latest_job_title')).toBe(
      expected,
    );
  });

  it.each([
    [
      ['Customer Service', 'Representative', 'Globex, 2020 - Present'],
      'Customer Service Representative',
    ],
    [['Senior Account', 'Manager', 'Globex'], 'Senior Account Manager'],
    [['Wolfram & Hart', 'Paralegal', 'Jun 2019 - Present'], 'Paralegal'],
    [['Dunder Mifflin', 'Accountant'], 'Accountant'],
    [['Help Desk', 'Technician', 'Globex'], 'Help Desk Technician'],
  ])(
    '%j: a title wrapped over two lines is joined, a company above a title is not',
    (entry, title) => {
      expect(pick(['Jane Doe', 'Experience', ...entry], 'latest_job_title')).toBe(title);
    },
  );

  it.each([
    ['Selected Experience'],
    ['Related Experience'],
    ['WORK'],
    ['Relevant Work'],
    ['Internships'],
    ['Positions Held'],
    ['Military Service'],
  ])('%s opens the experience section', (heading) => {
    expect(pick(['Jane Doe', heading, 'Data Analyst', 'Globex'], 'latest_job_title')).toBe(
      'Data Analyst',
    );
  });

  it.each([
    [['Jane Doe', 'Senior Software Engineer']],
    [['Jane Doe', 'Experience', 'Globex', '2020 - Present', 'Built the billing system']],
    [['Jane Doe', 'Experience', 'Acme Analytics Inc', 'Led 5 engineers']],
  ])('%j gives no job title', (lines) => {
    expect(pick(lines, 'latest_job_title')).toBeUndefined();
  });
});

describe('extractFields: key skills', () => {
  it.each([
    [['Skills', 'Python, SQL, Docker'], 'Python, SQL, Docker'],
    [['KEY SKILLS', '• Python', '• SQL', '• Docker'], 'Python, SQL, Docker'],
    [
      ['Technical Skills', 'Languages: Python, Go', 'Tools: Docker; Git'],
      'Python, Go, Docker, Git',
    ],
    [['Core Competencies', 'Budgeting | Forecasting | Excel'], 'Budgeting, Forecasting, Excel'],
    [['skills:', 'Python, python, SQL'], 'Python, SQL'],
    [['Skills', 'C++, C#, Node.js, CI/CD'], 'C++, C#, Node.js, CI/CD'],
    [['Skills', 'Python', 'Education', 'B.S. Physics'], 'Python'],
    [['Skills', 'Python', '2016 - 2020', 'Jan 2020 - Present'], 'Python'],
    [['Skills: mathematics, programming'], 'mathematics, programming'],
    [['Key Skills: Python, SQL', 'Education'], 'Python, SQL'],
    [['Computer Skills', 'Excel, Word'], 'Excel, Word'],
    [['Skills & Expertise', 'Excel, Word'], 'Excel, Word'],
    [['Key Competencies', 'Budgeting | Forecasting'], 'Budgeting, Forecasting'],
    [['Software', 'AutoCAD, Revit, SketchUp'], 'AutoCAD, Revit, SketchUp'],
    [['Software & Tools', 'QGIS | Excel'], 'QGIS, Excel'],
    [['IT Skills', 'Active Directory, Intune'], 'Active Directory, Intune'],
    [['Technical Knowledge', 'PLC programming, SCADA'], 'PLC programming, SCADA'],
    [['Computer Proficiency', 'Excel, QuickBooks'], 'Excel, QuickBooks'],
    [['Qualifications', 'Design: SolidWorks, AutoCAD', 'Education'], 'SolidWorks, AutoCAD'],
    [['Frameworks', 'Django, Rails', 'Education'], 'Django, Rails'],
    [['Qualification', 'B.E. Mechanical, 2019', 'Skills', 'AutoCAD'], 'AutoCAD'],
    [['Educational Qualifications', 'B.E. Mechanical', 'Skills', 'AutoCAD'], 'AutoCAD'],
    [
      ['TECHNOLOGIES', 'JavaScript', 'MongoDB', 'TOOLS', 'Git | Docker'],
      'JavaScript, MongoDB, Git, Docker',
    ],
    [['Strengths', 'Hard-working (18/24)', 'Persuasive'], 'Hard-working, Persuasive'],
    [
      ['SKILLS', 'PROGRAMMING', 'Over 5000 lines:', 'Java • Shell', 'Familiar:', 'AS3 • iOS'],
      'Java, Shell, AS3, iOS',
    ],
    [
      [
        'Skills',
        'Web Technologies',
        'Advanced',
        'HTML5, PHP',
        'Tools',
        'Intermediate',
        'Git, Jira',
      ],
      'HTML5, PHP, Git, Jira',
    ],
    [
      [
        'Skills',
        'Web Technologies',
        'Web Frameworks',
        'Advanced',
        'Intermediate',
        'HTML5, PHP',
        'React, Django',
      ],
      'HTML5, PHP, React, Django',
    ],
    [
      [
        'Skills',
        'Computer: Proficient in Windows and Mac OS, Word, and Excel',
        'Language: Fluent in Spanish',
      ],
      'Windows, Mac OS, Word, Excel, Spanish',
    ],
    [['Skills', 'Python (advanced), Go (basic)'], 'Python, Go'],
    [['Skills', 'Spanish (Native), English (Fluent)'], 'Spanish, English'],
    [
      [
        'Technical Skills:',
        'Go, Python, Node.js, TypeScript, JavaScript, SQL, PostgreSQL, Redis, NoSQL, Kafka,',
        'Elasticsearch, GraphQL, REST APIs, gRPC, Docker, Distributed Systems, Microservices',
        'Architecture, Observability',
      ],
      'Go, Python, Node.js, TypeScript, JavaScript, SQL, PostgreSQL, Redis, NoSQL, Kafka, Elasticsearch, GraphQL, REST APIs, gRPC, Docker, Distributed Systems, Microservices Architecture, Observability',
    ],
    [
      ['Skills', 'HTML5, JavaScript, PHP, Python', 'React.js, Angular, Vue.js'],
      'HTML5, JavaScript, PHP, Python, React.js, Angular, Vue.js',
    ],
    [['Skills', 'Python, SQL', 'LINKS', 'linkedin.com/in/jane'], 'Python, SQL'],
    [['Skills', 'Python', 'CI/CD', 'AWS'], 'Python, CI/CD, AWS'],
    [['Skills', 'Python, Go', 'Patents', '1. A method (US Patent 11,234,567)'], 'Python, Go'],
    [['Skills', 'Python, Go', 'Selected Experience', 'Analyst, Globex'], 'Python, Go'],
    [['Tech:', 'Meteor, Javascript', 'Loves:', 'Global Game Jam, Fitness'], 'Meteor, Javascript'],
    [['Skills', 'Python, 2019, 42, Go'], 'Python, Go'],
  ])('%j gives %s', (section, skills) => {
    expect(pick(['Jane Doe', ...section], 'key_skills')).toBe(skills);
  });

  it('leaves out sentences', () => {
    const lines = ['Jane Doe', 'Skills', 'I learn quickly and enjoy working with people.'];
    expect(pick(lines, 'key_skills')).toBeUndefined();
  });

  it(`stops at ${MAX_LENGTHS.key_skills} characters, on a whole skill`, () => {
    const many = Array.from({ length: 200 }, (_, i) => `Skill number ${i}`);
    const skills = pick(['Jane Doe', 'Skills', many.join(', ')], 'key_skills') ?? '';
    expect(skills.length).toBeLessThanOrEqual(MAX_LENGTHS.key_skills);
    expect(skills.length).toBeGreaterThan(MAX_LENGTHS.key_skills - 20);
    expect(many).toContain(skills.split(', ').at(-1));
  });
});

describe('extractFields: marks that are no text', () => {
  it("emoji at a line's start or end are none of its words: its heading is known (edge-emoji)", () => {
    const lines = [
      'Mara Quill',
      'mara@example.com',
      '',
      'Skills 🧰',
      'QGIS, Python, Tide tables 🌊',
      '',
      '💼 Experience',
      'Hydrographic Surveyor',
      'Fernhill Ports, June 2019 – Present',
      '',
      'Interests 🧑🏽‍🎨',
      'Sailing, Pottery',
    ];
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Hydrographic Surveyor',
      key_skills: 'QGIS, Python, Tide tables',
    });
    const off = withRulesOff(['edge-emoji'], () => extractFields(lines));
    expect([off.latest_job_title, off.key_skills]).toEqual([undefined, undefined]);
  });

  it("an angle at a line's start, a space after it, is an icon: the role is read (angle-mark)", () => {
    const lines = [
      'Mara Quill',
      'mara@example.com',
      '',
      'Experience',
      '2019 – Present',
      '< HARBOUR SURVEYOR | Fernhill Ports | Taos',
      'Charted the shoals of the western bay with the survey team.',
      '',
      '» Skills',
      'QGIS, Python',
    ];
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Harbour Surveyor',
      key_skills: 'QGIS, Python',
    });
    const off = withRulesOff(['angle-mark'], () => extractFields(lines));
    expect([off.latest_job_title, off.key_skills]).toEqual([undefined, undefined]);
    // No space after it, it is text: an autolink (`<mara@example.com>`).
    expect(extractFields(['Mara Quill', '<mara@example.com>']).email).toBe('mara@example.com');
  });

  it('a line opening with a reStructuredText role is text, not an AsciiDoc attribute (role-not-attribute)', () => {
    const lines = ['Mara Quill', ':tel:`+49 160 4345920` | mara@example.org | Bremen, Germany'];
    expect(extractFields(lines).email).toBe('mara@example.org');
    expect(withRulesOff(['role-not-attribute'], () => extractFields(lines)).email).toBeUndefined();
    // An attribute line is still none: a space or the line's end after its name.
    expect(clean(':toc:')).toBe('');
    expect(clean(':icons: font')).toBe('');
  });

  it('a shields.io badge is the text it shows (shields-badges)', () => {
    const lines = [
      '# Mara Quill',
      '',
      'mara@example.com',
      '',
      '## Skills',
      '',
      '[![QGIS Badge](https://img.shields.io/badge/QGIS-{{page.color}}?logo=qgis)](#)',
      '![Tide](https://img.shields.io/badge/Tide_tables-0A66C2?style=for-the-badge)',
      '![C++](https://img.shields.io/badge/C%2B%2B-00599C?logo=cplusplus)',
      '![JSON](https://img.shields.io/badge/JSON--LD-informational)',
      '![ArcGIS](https://img.shields.io/badge/ArcGIS_Pro-3.1-blue)',
    ];
    expect(extractFields(lines).key_skills).toBe('QGIS, Tide tables, C++, JSON-LD, ArcGIS Pro');
    expect(withRulesOff(['shields-badges'], () => extractFields(lines)).key_skills).toBeUndefined();
    // Another image is no text (markdown-images), and a malformed escape stays as written.
    const other = [...lines.slice(0, 6), '![QGIS](https://example.com/qgis.png)', 'Tide tables'];
    expect(extractFields(other).key_skills).toBe('Tide tables');
    expect(clean('![R](https://img.shields.io/badge/R%ZZ-blue)')).toBe('R%ZZ');
    expect(clean('![R](https://img.shields.io/badge/R%07%1F-blue)')).toBe('R');
  });

  it('reads any badge path without throwing, and leaves no control character in the text', () => {
    const path = fc.string({ unit: 'binary', maxLength: 300 });
    fc.assert(
      fc.property(path, (text) => {
        const line = `![b](https://img.shields.io/badge/${text})`;
        expect([...clean(line)].filter((char) => (char.codePointAt(0) ?? 0) < 0x20)).toEqual([]);
      }),
    );
  });

  it('an HTML character reference is the character it names (html-entities)', () => {
    const lines = [
      '# Mara Quill',
      '',
      'mara@example.com &nbsp;|&nbsp; Portsmouth, NH',
      '',
      '## Skills',
      '',
      'Fortran, R&amp;D, QGIS&nbsp;3, Tide tables&#44; Sextant&#x2F;Astrolabe',
    ];
    expect(extractFields(lines).key_skills).toBe(
      'Fortran, R&D, QGIS 3, Tide tables, Sextant/Astrolabe',
    );
    // One no list names, or a number that names no character, stays as written.
    expect(
      extractFields(['# Mara Quill', '## Skills', 'Fortran &zork; Lisp, Git&#0;']),
    ).toMatchObject({ key_skills: 'Fortran &zork, Lisp, Git&#0' });
    expect(withRulesOff(['html-entities'], () => extractFields(lines).key_skills)).toBe(
      'Fortran, R&amp, D, QGIS&nbsp, Tide tables&#44, Sextant&#x2F, Astrolabe',
    );
  });

  it('emphasis with another inside it loses its outer marks too (nested-emphasis)', () => {
    // markdown-cv's way with a role: the role in bold, its employer in italics inside it.
    const lines = [
      '# Mara Quill',
      '',
      '## Experience',
      '',
      '`Jun. 2021 - Current`',
      '__Harbour Surveyor, *Fernhill Ports*__, Portsmouth, NH',
      '',
      '- Charted the shoals of the estuary.',
      '',
      '## Skills',
      '',
      '- **Survey: *QGIS*, Sextant**',
    ];
    expect(extractFields(lines)).toMatchObject({
      latest_job_title: 'Harbour Surveyor',
      key_skills: 'QGIS, Sextant',
    });
    const off = withRulesOff(['nested-emphasis'], () => extractFields(lines));
    expect([off.latest_job_title, off.key_skills]).toEqual([undefined, undefined]);
  });

  it('an ellipsis standing apart at the end of a line, or alone, is no text (edge-ellipsis)', () => {
    const lines = ['Mara Quill …', 'Portsmouth, NH', '…', 'mara@example.com …'];
    expect(extractFields(lines)).toMatchObject({ first_name: 'Mara', last_name: 'Quill' });
    expect(withRulesOff(['edge-ellipsis'], () => extractFields(lines).first_name)).toBeUndefined();
  });

  it('single underscores inside strong emphasis are emphasis too (underscores-inside-strong)', () => {
    const lines = [
      '# Mara Quill',
      '## Experience',
      '**Fernhill Ports** `May 2022 - Now`',
      '',
      '**_Harbour Surveyor_**',
      '',
      '- Charted the shoals of the estuary for the harbour master.',
    ];
    expect(extractFields(lines).latest_job_title).toBe('Harbour Surveyor');
    expect(
      withRulesOff(['underscores-inside-strong'], () => extractFields(lines).latest_job_title),
    ).toBeUndefined();
  });

  it('a line drawn in letters that look like a dash is no text (dash-letters)', () => {
    const lines = [
      'Mara Quill',
      'ㅡ',
      'SKILLS',
      'QGIS, Python',
      'ㅡ',
      '一一一',
      'ーー',
      'EXPERIENCE',
    ];
    expect(extractFields(lines).key_skills).toBe('QGIS, Python');
    expect(withRulesOff(['dash-letters'], () => extractFields(lines).key_skills)).toBe(
      'QGIS, Python, ㅡ, 一一一, ーー',
    );
  });
});

describe('extractFields on any text', () => {
  const hostileLine = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc
      .tuple(
        fc.constantFrom(
          'a',
          '1',
          ' ',
          '.',
          '@',
          '(',
          '-',
          ',',
          'A',
          '|',
          '\t',
          'é',
          '\u0000',
          '\uf095',
          '[',
          '*',
          '#',
          '=',
          '\u2010',
        ),
        fc.nat(20_000),
      )
      .map(([unit, count]) => unit.repeat(count)),
    fc.constantFrom(
      'Skills',
      'Experience',
      'Resume',
      'References',
      'Jane Doe',
      'Springfield, IL 62704',
      'TECHNOLOGIES',
      'Web Technologies',
      'Advanced',
      'Tech:',
      '# Jane Doe',
      '[[jane]]',
      '[a](b) **c** `d`',
      'Acme Consulting Senior Engineer',
      'Customer Service',
      'Columbus, Ohio, 43215',
      // This round's patterns and their worst cases: tags, comments, underscores, labels,
      // short years, streets, degrees, symbols between contact items.
      '<a href="jo@example.com">jo@example.com</a>',
      `<a ${'x'.repeat(300)}`,
      '<!-- note',
      '-->',
      '_'.repeat(500),
      '_Taos, NM_',
      'Name:',
      'Office Address:',
      '[Mobile]',
      "Sep'19 - Now",
      "'19 ".repeat(200),
      '1573 3rd Ave New York NY 10128',
      `1 ${'a '.repeat(200)}St Taos NM`,
      'JANE DOE M.S.',
      'Taos ∞ NM ★ 87571',
      'Research Experience',
      'Languages:',
      // The next round's: dot leaders, hard breaks, emphasis side by side, hidden emails,
      // levels around a skill, contact runs, tables of roles, titles over the headings.
      'Intern……………Summer 2019',
      'Omaha, NE 68102 \\',
      '**Lab Tech /** *Mill Works*',
      'jane[at]example[dot]com',
      'basic Azure knowledge',
      'jane@example.com (402) 555-0147 LinkedIn Omaha, NE',
      'Position\tCompany\tTime Period',
      'Appendix: Abstracts of Field Reports',
      'CAD | SolidWorks, Creo',
      'ML ⬩ MLOps ◆ Go',
      // And this round's: a category before parentheses or run into its list, runs of names.
      'Programming (Python, (SQL, R)), Tools (Git)',
      'Tools & Libraries Linux, Git',
      'Interests Sailing | Chess',
      'Web: JavaScript HTML CSS LAMP REST',
      // And the next: rows of categories, small and capital headings, roles in parentheses,
      // lists under a technical heading, doubled letters, names of three words.
      'ML (Tensorflow, Pytorch) ⬩ Cloud (AWS, S3) ⬩ Web (HTML',
      'SURVEY & FIELD EXPERIENCE',
      'Technical Experience',
      'Backend: Java, Spring boot, JUnit',
      'Fernhill Ports (Harbour Surveyor)',
      `Globex ${'('.repeat(100)}Engineeer${')'.repeat(100)}`,
      'Lead Developpper Enginnneeer',
      'Dana Marie Okafor',
      `${'a-'.repeat(300)}.com`,
      `12 ${'Ab '.repeat(300)}St`,
      'Inglés A2, German (C1)',
      'Volunteering',
      `${'a '.repeat(300)}B2`,
      // And this one's: Markdown rules, lists parted by slashes, a country or a stop after a zip.
      '----',
      'Teamwork / Reliability / Good',
      `${'a / '.repeat(300)}`,
      'Santa Fe, NM USA',
      'Greensboro, NC 27401.',
      `Taos, NM${' U.S.A.'.repeat(200)}`,
      // And the next: semicolons and `with` in a role's line, dates in parentheses, names in
      // capitals, surname first, with a nickname.
      'Assistant Manager; Omaha, Nebraska | Fall 2019 - Present',
      `Surveyor with ${'Dr. A, '.repeat(200)}(2023+)`,
      `Noor ${'HADDAD '.repeat(200)}`,
      'NAME: | QUILL, MARA T.',
      `Name: ${'a, '.repeat(300)}`,
      `Noor “${'N'.repeat(300)}” Haddad`,
      `Globex LLC -Courier —Alpharetta${' -A'.repeat(300)}`,
      // And this one's: interests run into their list, sentences, an entry's head over dates.
      'Outdoor Interests Kayaking | Birding',
      `Experience with ${'tide gauges and '.repeat(200)}buoys.`,
      `Fernhill (${'Ports, '.repeat(300)}`,
      'Mar 2019 – Jun 2021',
      `Survey Tools ${'– A, '.repeat(300)}`,
      // And the next: an ordinal before a role, a role a line.
      `5th ${'12th '.repeat(300)}Grade Teacher`,
      `Ferry Cashier, ${'Wren, '.repeat(300)}2016-2018`,
      // And this one's: dashes that part items, a skills heading before the known ones.
      'Glazing — Raku — Salt firing —',
      `${'Raku — '.repeat(300)}`,
      `${' - '.repeat(1_000)}`,
      'Navigation Skills',
      'Leadership',
      // A label before the town, a company's abbreviation ending a head line.
      `Address: ${'Taos, '.repeat(300)}NM 87571`,
      `Jefe de muelle, ${'S.A. '.repeat(300)}S.A.`,
      `${'2019 - Present '.repeat(300)}Harbour Surveyor`,
      `Jan ${'2020 to '.repeat(300)}`,
      // And a skill's level: after a colon, named, how long; run-in heads in each piece.
      'Inglés: nivel alto',
      `Raku (${'4 years '.repeat(20)})`,
      `${'Glazing – Advanced; '.repeat(200)}`,
      `${'a: '.repeat(300)}level`,
      // And a title with its function, figures or a break; a score after a skill; a town in
      // capitals, its country before its zip.
      'Director, Kiln Operations | 2020 - Present',
      `Director, ${'Kiln '.repeat(300)}Operations`,
      `Tier 2 ${'L2 (E-5) '.repeat(200)}Analyst`,
      'Career Break | 2022 - Present',
      'Military Experience',
      'Glazing 90%',
      `Raku ${'9/10 '.repeat(300)}`,
      `Cut costs by ${'20% '.repeat(200)}`,
      'SALT LAKE CITY, UT, USA 84101',
      `${'TAOS '.repeat(300)}, NM, USA 87571`,
      `Taos, NM, ${'USA '.repeat(300)}87571`,
      // And the next: what an entry used, run-in labels after a list, images in links, codes
      // of other countries, units after a title, test scores, terms, four names, a sidebar.
      'Tools: Gem5, McPAT, GCC',
      `Tech stack: ${'Go, '.repeat(300)}`,
      'Relevant Coursework: Tides, Charts',
      `${'Coursework: a '.repeat(200)}`,
      '| **[![E-mail](m.png) jo@uni.example.edu](mailto:jo@uni.example.edu)** |',
      `![${'['.repeat(300)}](${'('.repeat(300)}`,
      `![a](${'x'.repeat(5_000)}`,
      '(+234) 9122364816',
      `00${'44 '.repeat(300)}922 333 9060`,
      `Surveyor in the ${'division in the '.repeat(200)}Fleet`,
      `English (TOEFL ${'105 '.repeat(100)})`,
      'Hoja de vida',
      'Luis Angel Guerrero Hoyos',
      'Seattle, WA; Can Relocate',
      `Seattle, WA${'; a'.repeat(300)}`,
      'ELECTRICAL ENGINEERING AND COMPUTER SCIENCE EXPERIENCE',
      'Relevant EXPERIENCE',
      // And the next: glued headings, posts, labels inside a line, LinkedIn's levels, `since`,
      // practitioners' endings, curly apostrophes, a skills term.
      'WORKEXPERIENCE',
      'AB'.repeat(20),
      'EXPERIENCE'.repeat(4),
      'ACADEMIC APPOINTMENTS',
      'Cargos actuales',
      'Proficient: Python; Familiar: Go, Rust',
      `Languages: ${'(familiar): '.repeat(300)}Go`,
      `${'Tools: '.repeat(300)}Git`,
      `Welsh (${'full '.repeat(300)}proficiency)`,
      `Profesor Adjunto, desde ${'el '.repeat(300)}03/05/2018`,
      `${'since '.repeat(300)}2019`,
      `${'b'.repeat(5_000)}ologist`,
      `${'ologist'.repeat(700)}`,
      'Cormac O’Neill',
      `O’${'N’'.repeat(300)}eill`,
      'Programming Languages / Skills',
      'Software Engineering Intern | Working on a diverse team of engineers',
      // And the next: leaders, post-nominals, small capitals, full-width colons, regions, a
      // label of a series, authors.
      `Education${'_'.repeat(5_000)}`,
      `${'_ '.repeat(2_000)}x`,
      'Nour Haddad MEng, FHEA, CEng',
      `Nour Haddad ${'MEng, '.repeat(300)}`,
      'M ARA Q UILL',
      `${'M ARA '.repeat(500)}Q`,
      `邮箱：${'a：'.repeat(300)}ada@example.com`,
      'San Francisco Bay Area, CA',
      `${'Greater '.repeat(300)}Area, CA`,
      'Survey, Mapping, and Charting: Hypack, QGIS',
      `${'a, '.repeat(300)}and b: Go`,
      'Quill M, Le Gall L, Haddad N, Okafor D',
      `${'Le Gall '.repeat(300)}L, Quill M`,
      'Tan Meiling',
      `${'Meiling Tan '.repeat(500)}`,
      `both ${'SQL (a) and '.repeat(300)}b`,
      `Working knowledge of ${'a, '.repeat(300)}`,
      // And this one's: headlines at an employer, role labels, colon labels in a row, levels
      // named by knowledge or proficiency, capitals before a year, qualifications.
      'Harbour Surveyor at Fernhill Ports',
      `${'Surveyor at '.repeat(300)}Fernhill`,
      'Role: Harbour Surveyor',
      'Databases:',
      'Operating Systems:',
      'Responsibilities:',
      'Sextant (foundational knowledge), CSS proficiency, HTML expertise',
      `${'a '.repeat(300)}proficiency`,
      'some spanish skills',
      'Fluency in Welsh, Intermediate Proficiency in Breton',
      'Python (Moderate)',
      'TECHNICAL UNIVERSITY OF TAOS | 2017 – 2021',
      'Qualifications',
      'Qualification',
      'Technical Skills, Frameworks, and Tools',
    ),
    // Long runs of one unit of those patterns.
    fc
      .tuple(
        fc.constantFrom(
          ...['<a ', '<!--', '_a', "Sep'", '1 St ', ' ∞ ', 'Name: ', '. ', '…', '\\ '],
          ...['** *', '[at]', 'basic ', 'a knowledge ', 'LinkedIn ', 'a:', ' | a,', '⬩'],
          ...['Tools (', 'Languages ', 'A & ', 'a b ', 'A (b, c) ', 'ee', ' (', 'A, b, c, '],
          ...[
            ' / ',
            'NM USA ',
            '1.',
            '---',
            '; ',
            ' with ',
            '(2023) ',
            'AB ',
            'Name: a,',
            ' “a” ',
            ' -A',
            'a— A',
            'A — ',
            '—',
            'Fax | ',
            'Office: 555 ',
            'University, ',
            'Permanent: ',
            'etc., ',
            ' y más',
            // A town after a symbol or a phrase, with a note after it.
            '📍',
            '\u200D\uFE0F',
            'Based in ',
            'NM (',
            ')',
            // The document's name around the person's.
            'Resume of ',
            "a's ",
            'CV — ',
            '`a` ',
            // Surnames first, a generation, given names before surnames in capitals.
            'ÁB, Ab ',
            'ÁB CD, Ab Cd',
            ' Jr.',
            ' III',
            'Ab ÁB ',
            // A lab's number, a department above an address, D.C., a run-in skills heading.
            'Lab: ',
            'Department of ',
            'D.C. ',
            'SKILLS: ',
            '●',
            // A flat's number, a way of working, a state in title case, full-width brackets, an
            // rst role, someone's own.
            '1 Pkwy Apt A1 ',
            'Apt #',
            'Remote, ',
            ', Fl 33460',
            '（',
            '）',
            ':tel:`',
            "Macy's ",
            // An address hidden in angle brackets, a span of years, labels parted by bars,
            // headings joined by commas or slashes, a name and initials, a note after a title.
            '<at>',
            '<https://a.b> ',
            '2018-Present | ',
            'A | ',
            'Skills, ',
            'Skills/',
            ' R',
            'Analyst (a) – ',
            'Organizations: ',
            'Conversational Proficiency in ',
            // This session's: a headline's `at`, labels, levels, a heading's dates.
            ' at ',
            'Role: ',
            'a: ',
            ' proficiency',
            ' expertise',
            'some a skills ',
            'Fluency in ',
            '(Moderate) ',
            'SKILLS 2019 ',
            '(2019 - Present) ',
            // And the next: dashes in titles, labs, modes, dates in parentheses, companies by
            // their ending, glued emails, initials, full-width labels, calling codes, run-in
            // labels before sentences, abbreviations, credits, coding languages, summaries.
            ' – Intern',
            ' - Tidal Charts | ',
            ' of TIDE Lab',
            '/Self-employed',
            '(Owner, 2021 - present)',
            ' | Fernhill Ports Company | ',
            'a@b.co⋄',
            'K. ',
            'Name：',
            'Louisville. KY ',
            '976-331-',
            '(+34) ',
            'Spanish (native) ',
            'Software Engineering: Built ',
            'Misc. ',
            'Designed with ',
            'Languages',
            'Career Summary',
            // A third: `@` run into an employer, a month run into its year, a date's first word.
            ' @Fernhill',
            'Feb2022-',
            ' since ',
            '**_a_**',
            'Seattle, WA',
            '姓 | 名：',
            '张硕',
            ', Broken',
            ' …',
            'a.b21@',
            '\ncom',
            // A fourth: labelled pieces parted by bars, levels parted by a slash, names.
            'Proficient: Python | Familiar: ',
            ' I/II',
            'Jong-min ',
            'YUN-RONG (ALICE) DU',
            'Academy - Taos, NM',
            ' / ',
            '### Skills',
            ' Street 703 ',
            '- Harbour Surveyor, L4',
            '[jo[at]x[dot]com](mailto:jo@x.com)',
            'backend: ',
            'Valley Hospital, NM',
            '08/20 – 12/',
            'Work Experience:',
            'PhD Candidate in (Passed',
            // A fifth: theses, hyphens as dashes, sentences run into headings, glyph numbers,
            // levels before languages, notes beside bold names, streets in capitals.
            'Master’s Thesis, ',
            ' -- ',
            'goals.TECHNICAL SKILLS',
            '6NLOOV\u0003',
            'Intermediate Spanish',
            'Java (Spring Boot)',
            '12 OAK HOLLOW RD ',
            'Bldg. 2465',
            'ACADEMIC PROJECTS',
            '(615-343-0224)',
            'NM (Surveyor – Tides, Jun 2019-)',
            'State University',
            'Tools | Git, ',
          ],
        ),
        fc.nat(2_000),
      )
      .map(([unit, count]) => unit.repeat(count)),
    // A line of any text in any block, indented or not: definition lists' terms and a
    // sidebar's blocks (term-sibling, contact-block).
    fc
      .tuple(fc.string({ maxLength: 100 }), fc.nat(5), fc.nat(2), fc.boolean())
      .map(([text, block, indent, bold]): DocLine => ({ text, block, indent, bold })),
    // A line whose bold opening is any text, its own start or not (document.ts's lead).
    fc.tuple(fc.string({ maxLength: 100 }), fc.string({ maxLength: 100 }), fc.boolean()).map(
      ([lead, rest, own]): DocLine => ({
        text: own ? `${lead}${rest}` : rest,
        lead,
        block: 0,
      }),
    ),
  );

  it('never throws, and fills only values that pass the form', () => {
    fc.assert(
      fc.property(fc.array(hostileLine, { maxLength: 30 }), (lines) => {
        const fields = extractFields(lines);
        for (const [field, value] of Object.entries(fields)) {
          expect(typeof value).toBe('string');
          expect(value.length).toBeLessThanOrEqual(MAX_LENGTHS[field as keyof typeof MAX_LENGTHS]);
          const shapes: Record<string, { safeParse: (v: unknown) => { success: boolean } }> = {
            ...personalSchema.shape,
            ...careerSchema.shape,
          };
          expect(shapes[field]?.safeParse(value).success).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  // How long this takes is the regular expressions' business: each is checked for super-linear
  // backtracking in test/patterns.test.ts, and a test here times nothing.
  it('reads a megabyte of one line, or ten thousand lines, to the end', () => {
    // The readers cap a resume at 200,000 characters; extraction stops there too.
    const cases: [string[], Extracted][] = [
      [['a'.repeat(1_000_000)], {}],
      [Array.from({ length: 10_000 }, () => '(555) 234-56789 , , jane@ @ Springfield, IL'), {}],
      [
        ['Skills', ...Array.from({ length: 10_000 }, () => 'x,'.repeat(MAX_LINE_LENGTH))],
        { key_skills: 'x' },
      ],
    ];
    for (const [lines, found] of cases) expect(extractFields(lines)).toEqual(found);
  });

  it('gives nothing for no lines', () => {
    expect(extractFields([])).toEqual({});
    expect(extractFields(['', '   '])).toEqual({});
  });
});

describe('a resume in Spanish (docs/languages.md: Experiencia, Habilidades, Educación…)', () => {
  const resume = [
    'Lucía Hernández',
    'Enfermera Registrada',
    'Austin, TX 78701 | lucia.hernandez@example.com | (512) 555-0142',
    '',
    'PERFIL PROFESIONAL',
    'Enfermera bilingüe con ocho años de experiencia en urgencias.',
    '',
    'EXPERIENCIA LABORAL',
    'Enfermera de Urgencias',
    "St. David's Medical Center, Austin, TX — 2019 a la fecha",
    '- Atención a 30 pacientes por turno.',
    '',
    'EDUCACIÓN',
    'Licenciatura en Enfermería, University of Texas, 2016',
    '',
    'Habilidades:',
    'Triaje, Atención bilingüe, Soporte vital avanzado, Epic',
    '',
    'Idiomas',
    'Español, Inglés',
  ];

  it('gives the contact details, the town, the latest title and the skills of Habilidades', () => {
    expect(extractFields(resume)).toEqual({
      first_name: 'Lucía',
      last_name: 'Hernández',
      email: 'lucia.hernandez@example.com',
      phone: '+15125550142',
      zip_code: '78701',
      home_town: 'Austin, TX',
      latest_job_title: 'Enfermera de Urgencias',
      key_skills: 'Triaje, Atención bilingüe, Soporte vital avanzado, Epic',
    });
  });

  it.each(['ACERCA DE MÍ', 'Acerca de mi', 'Sobre mí'])(
    'reads %j at the top as the heading it is, no name',
    (heading) => {
      const lines = [heading, 'Soy Ana Ruiz, desarrolladora.', 'Habilidades', 'Java, SQL'];
      expect(extractFields(lines)).toEqual({ key_skills: 'Java, SQL' });
    },
  );

  it.each(['Habilidades', 'Competencias', 'Conocimientos técnicos', 'Aptitudes:'])(
    'reads the skills under %j and stops at the next heading, Educación',
    (heading) => {
      const lines = ['Ana Ruiz', 'ana@example.com', heading, 'Java, SQL', 'Educación', 'Grado'];
      expect(extractFields(lines).key_skills).toBe('Java, SQL');
    },
  );
});
