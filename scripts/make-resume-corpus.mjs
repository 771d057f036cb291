// Writes the resume corpus of test/resume-corpus.test.ts into test/fixtures/resumes/, with the
// answers each file holds (answers.json: a field absent there is not in the resume). Run:
// `node scripts/make-resume-corpus.mjs`. Deterministic: fixed dates and IDs, no randomness, so a
// second run writes the same files (Chromium's and pdfkit's dates and IDs are pinned).
// PDFs come from two generators (pdfkit, and Chromium's print to PDF), DOCX is zipped by hand
// with fflate, TXT and RTF are written as text; the failures are a scanned (image-only) PDF, an
// encrypted PDF, a DOC stand-in and two corrupt files.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'test/fixtures/resumes');
const FIXED_DATE = new Date('2024-01-02T03:04:05Z');

// ---- The people ---------------------------------------------------------------------------

const PEOPLE = [
  [
    'Jane',
    'Doe',
    'Senior Software Engineer',
    'Globex',
    ['Python', 'TypeScript', 'PostgreSQL', 'Docker', 'AWS'],
  ],
  [
    'Michael',
    'McDonald',
    'Registered Nurse',
    'Umbrella Health',
    ['Patient Care', 'Triage', 'IV Therapy', 'EHR Charting'],
  ],
  [
    'Siobhan',
    "O'Neil",
    'Marketing Manager',
    'Initech',
    ['SEO', 'Content Strategy', 'Google Analytics', 'Copywriting'],
  ],
  [
    'Maria',
    'de la Cruz',
    'Data Analyst',
    'Northwind Traders',
    ['SQL', 'Tableau', 'Excel', 'R', 'Statistics'],
  ],
  [
    'Anna-Lena',
    'Schmidt-Weber',
    'Graphic Designer',
    'Pied Piper',
    ['Figma', 'Illustrator', 'Typography', 'Branding'],
  ],
  [
    'José',
    'Álvarez',
    'Sales Associate',
    'Wonka Confections',
    ['Customer Service', 'POS Systems', 'Merchandising'],
  ],
  [
    'Tyrone',
    'Washington',
    'Project Manager',
    'Stark Industries',
    ['Agile', 'Scrum', 'Jira', 'Budgeting', 'Risk Management'],
  ],
  [
    'Emily',
    'Chen',
    'Accountant',
    'Dunder Mifflin',
    ['QuickBooks', 'GAAP', 'Payroll', 'Reconciliation'],
  ],
  [
    'Robert',
    'Van Buren',
    'Mechanical Engineer',
    'Cyberdyne',
    ['SolidWorks', 'AutoCAD', 'FEA', 'GD&T'],
  ],
  [
    'Priya',
    'Natarajan',
    'Financial Analyst',
    'Sterling Cooper',
    ['Financial Modeling', 'Forecasting', 'Excel', 'SAP'],
  ],
  [
    'Liam',
    "O'Connor",
    'Warehouse Supervisor',
    'Vandelay Industries',
    ['Forklift', 'Inventory Control', 'OSHA', 'Scheduling'],
  ],
  [
    'Hannah',
    'Lee',
    'Elementary School Teacher',
    'Springfield Public Schools',
    ['Lesson Planning', 'Classroom Management', 'Google Classroom'],
  ],
  [
    'Marcus',
    'Johnson',
    'UX Designer',
    'Hooli',
    ['User Research', 'Wireframing', 'Prototyping', 'Figma'],
  ],
  [
    'Sofia',
    'Rossi',
    'Operations Manager',
    'Soylent Foods',
    ['Lean', 'Six Sigma', 'Logistics', 'Vendor Management'],
  ],
  [
    'David',
    'Kim',
    'Web Developer',
    'Tyrell Systems',
    ['JavaScript', 'React', 'Node.js', 'CSS', 'Git'],
  ],
  [
    'Aisha',
    'Bello',
    'Administrative Assistant',
    'Massive Dynamic',
    ['Microsoft Office', 'Scheduling', 'Data Entry'],
  ],
  [
    'Carlos',
    'Mendoza',
    'Electrician',
    'Blue Sun',
    ['Wiring', 'NEC Code', 'Troubleshooting', 'Conduit Bending'],
  ],
  [
    'Grace',
    'Park',
    'Pharmacy Technician',
    'Oceanic Pharmacy',
    ['Dispensing', 'Inventory', 'Insurance Billing'],
  ],
  [
    'Ethan',
    'Brooks',
    'HR Coordinator',
    'Wayne Enterprises',
    ['Onboarding', 'Workday', 'Benefits', 'Recruiting'],
  ],
  [
    'Olivia',
    'Turner',
    'DevOps Engineer',
    'Globex',
    ['Kubernetes', 'Terraform', 'CI/CD', 'Linux', 'Go'],
  ],
  [
    'Noah',
    'Fischer',
    'Product Manager',
    'Initech',
    ['Roadmapping', 'User Stories', 'A/B Testing', 'SQL'],
  ],
  [
    'Chloe',
    'Dubois',
    'Executive Chef',
    'Bistro Verde',
    ['Menu Development', 'Food Safety', 'Cost Control'],
  ],
  [
    'Samuel',
    'Adeyemi',
    'Network Administrator',
    'Contoso Ltd',
    ['Cisco', 'Firewalls', 'VPN', 'Active Directory'],
  ],
  [
    'Isabella',
    'Moreno',
    'Dental Hygienist',
    'Bright Smiles',
    ['Prophylaxis', 'Radiography', 'Patient Education'],
  ],
  [
    'Benjamin',
    'Wright',
    'Truck Driver',
    'Roadrunner Freight',
    ['CDL Class A', 'Hazmat', 'Route Planning'],
  ],
  [
    'Mia',
    'Kowalski',
    'Office Manager',
    'Acme Corp',
    ['Bookkeeping', 'Scheduling', 'Vendor Relations'],
  ],
  [
    'Lucas',
    'Silva',
    'Research Scientist',
    'Massive Dynamic',
    ['PCR', 'Cell Culture', 'Python', 'Grant Writing'],
  ],
  [
    'Zoe',
    'Nguyen',
    'Paralegal',
    'Wolfram & Hart',
    ['Legal Research', 'E-Filing', 'Document Review'],
  ],
  [
    'Henry',
    'MacArthur',
    'Customer Service Representative',
    'Oceanic Airlines',
    ['CRM', 'Conflict Resolution', 'Zendesk'],
  ],
  ['Ava', 'Patel', 'Data Engineer', 'Hooli', ['Spark', 'Airflow', 'Python', 'dbt', 'Snowflake']],
  ['Daniel', 'Ortiz', 'Barista', 'Central Perk', ['Espresso', 'Latte Art', 'Cash Handling']],
  [
    'Ruby',
    'Jackson-Green',
    'Social Worker',
    'County Services',
    ['Case Management', 'Crisis Intervention'],
  ],
  [
    'Kevin',
    "D'Souza",
    'Quality Assurance Tester',
    'Tyrell Systems',
    ['Selenium', 'Test Plans', 'Jira'],
  ],
  [
    'Chiara',
    'Bianchi',
    'Interior Designer',
    'Casa Bella',
    ['SketchUp', 'Space Planning', 'Color Theory'],
  ],
  [
    'Owen',
    'Gallagher',
    'Construction Foreman',
    'Bedrock Builders',
    ['Site Safety', 'Blueprint Reading', 'Concrete'],
  ],
  ['Leah', 'Goldberg', 'Copy Editor', 'Daily Planet', ['AP Style', 'Proofreading', 'WordPress']],
];

const PLACES = [
  ['Springfield', 'IL', '62704'],
  ['Austin', 'TX', '78701'],
  ['Portland', 'OR', '97205'],
  ['St. Louis', 'MO', '63101'],
  ['Winston-Salem', 'NC', '27101'],
  ['New York', 'NY', '10001'],
  ['San Diego', 'CA', '92101'],
  ['Denver', 'CO', '80202'],
  ['Burlington', 'VT', '05401'],
  ['Salt Lake City', 'UT', '84101'],
  ['Madison', 'WI', '53703'],
  ['Tampa', 'FL', '33602'],
];
const AREA_CODES = [
  '217',
  '512',
  '503',
  '314',
  '336',
  '212',
  '619',
  '303',
  '802',
  '801',
  '608',
  '813',
];

const PHONE_FORMATS = [
  (a, n) => `(${a}) 555-${n}`,
  (a, n) => `${a}.555.${n}`,
  (a, n) => `${a}-555-${n}`,
  (a, n) => `+1 ${a} 555 ${n}`,
  (a, n) => `+1 (${a}) 555-${n}`,
  (a, n) => `1-${a}-555-${n}`,
];
const EXPERIENCE_HEADINGS = [
  'Experience',
  'WORK EXPERIENCE',
  'Professional Experience',
  'Employment History',
  'work experience',
  'EMPLOYMENT HISTORY',
  'Work History',
];
const SKILLS_HEADINGS = [
  'Skills',
  'KEY SKILLS',
  'Technical Skills',
  'Core Competencies',
  'skills',
  'Key Skills:',
];
const OLDER_TITLES = [
  'Junior Analyst',
  'Assistant Manager',
  'Intern',
  'Associate Consultant',
  'Team Member',
];
const MONTHS = ['Jan', 'Mar', 'May', 'Jun', 'Sep', 'Oct'];

/** The resume of person `i`, as sections, and the fields it holds. */
function resumeOf(i, { skillsStyle = i % 4, entryStyle = i % 5 } = {}) {
  const [first, last, title, company, skills] = PEOPLE[i % PEOPLE.length];
  const [city, state, zip] = PLACES[i % PLACES.length];
  const area = AREA_CODES[i % AREA_CODES.length];
  const number = String(100 + i)
    .padStart(4, '0')
    .replace(/^0/, '0');
  const phone = PHONE_FORMATS[i % PHONE_FORMATS.length](area, number);
  const local = `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  const email = `${local}@example${i % 3 === 0 ? '.com' : '.org'}`;
  const fields = {
    first_name: first,
    last_name: last,
    email,
    phone: `+1${area}555${number}`,
    latest_job_title: title,
    key_skills: skills.join(', '),
  };
  const addressStyle = i % 6;
  const zipPlus4 = i % 7 === 3 ? `${zip}-${String(1000 + i * 37).slice(0, 4)}` : zip;
  let address = null;
  if (addressStyle === 0) address = `${100 + i * 7} Main St, ${city}, ${state} ${zipPlus4}`;
  if (addressStyle === 1 || addressStyle === 2 || addressStyle === 4)
    address = `${city}, ${state} ${zipPlus4}`;
  if (addressStyle === 3) address = `${city}, ${state}`;
  if (address) {
    fields.home_town = `${city}, ${state}`;
    if (addressStyle !== 3) fields.zip_code = zipPlus4;
  }
  const middle = i % 9 === 4 ? ' Q.' : '';
  const upper = i % 8 === 5;
  const nameLine = upper ? `${first}${middle} ${last}`.toUpperCase() : `${first}${middle} ${last}`;
  const contactStyle = i % 3;
  const contact =
    contactStyle === 0
      ? [[address, phone, email].filter(Boolean).join(' | ')]
      : contactStyle === 1
        ? [address, `Phone: ${phone}`, `Email: ${email}`].filter(Boolean)
        : [email, phone, address].filter(Boolean);
  const since = 2016 + (i % 6);
  const dates = `${MONTHS[i % MONTHS.length]} ${since} – Present`;
  const older = OLDER_TITLES[i % OLDER_TITLES.length];
  const entries = [
    [title, `${company}, ${city}, ${state}`, dates],
    [`${title}, ${company}`, `${since} - Present`],
    [company, title, dates],
    [`${title} | ${company} | ${since} – Present`],
    [`${title} at ${company}`, dates],
  ][entryStyle];
  const experience = [
    ...entries,
    `• Led work that improved results by ${10 + i}% across ${2 + (i % 5)} teams`,
    '• Trained new colleagues and wrote the procedures they follow',
    older,
    `Previous Employer ${String.fromCharCode(65 + (i % 26))}, ${since - 4} – ${since}`,
    '• Supported daily operations',
  ];
  const skillLines =
    skillsStyle === 0
      ? [skills.join(', ')]
      : skillsStyle === 1
        ? skills.map((skill) => `• ${skill}`)
        : skillsStyle === 2
          ? [`Core: ${skills.slice(0, 2).join(', ')}`, `Tools: ${skills.slice(2).join(', ')}`]
          : [skills.join(' | ')];
  const sections = {
    summary: {
      heading: i % 2 ? 'Summary' : 'PROFESSIONAL SUMMARY',
      lines: [
        `${title} with ${3 + (i % 9)} years of experience. Known for clear communication, careful work and reliable delivery.`,
      ],
    },
    experience: { heading: EXPERIENCE_HEADINGS[i % EXPERIENCE_HEADINGS.length], lines: experience },
    education: {
      heading: i % 2 ? 'Education' : 'EDUCATION',
      lines: [`B.A., State University, ${since - 5}`],
    },
    skills: { heading: SKILLS_HEADINGS[i % SKILLS_HEADINGS.length], lines: skillLines },
  };
  const titleFirst = i % 4 === 1 ? [i % 8 === 1 ? 'RESUME' : 'Curriculum Vitae'] : [];
  const header = [...titleFirst, nameLine, ...contact];
  return { fields, header, sections, contactLines: contact, nameLine, titleFirst };
}

const oneColumn = (r) => [
  { kind: 'header', lines: r.header },
  r.sections.summary,
  r.sections.experience,
  r.sections.skills,
  r.sections.education,
];

// ---- Writers ------------------------------------------------------------------------------

const files = {};
function write(name, bytes, about, fields, failure) {
  writeFileSync(path.join(OUT, name), bytes);
  files[name] = failure ? { about, failure } : { about, fields };
}

function pdfkitBuffer(draw, options = {}) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 54,
      info: { CreationDate: FIXED_DATE, Producer: 'pdfkit' },
      ...options,
    });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    draw(doc);
    doc.end();
  });
}

/** One column: name large, headings bold, body in the given font. */
function pdfkitOneColumn(r, font) {
  return pdfkitBuffer((doc) => {
    const bold = font === 'Times-Roman' ? 'Times-Bold' : 'Helvetica-Bold';
    for (const [index, line] of r.header.entries()) {
      const isName = line === r.nameLine;
      doc
        .font(isName ? bold : font)
        .fontSize(isName ? 20 : index === 0 ? 14 : 10)
        .text(line, { align: r.titleFirst.length ? 'center' : 'left' });
    }
    for (const section of oneColumn(r).slice(1)) {
      doc.moveDown(0.6).font(bold).fontSize(12).text(section.heading);
      doc.font(font).fontSize(10);
      for (const line of section.lines) doc.text(line);
    }
  });
}

/** Two columns: the name across the page, a sidebar (contact, skills) and the main text. */
function pdfkitTwoColumns(r, sidebarLeft) {
  return pdfkitBuffer((doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .text(r.nameLine, 54, 54, { width: 504, align: 'center' });
    const top = 110;
    const side = sidebarLeft ? { x: 54, w: 150 } : { x: 414, w: 144 };
    const main = sidebarLeft ? { x: 234, w: 324 } : { x: 54, w: 324 };
    doc.font('Helvetica-Bold').fontSize(11).text('CONTACT', side.x, top, { width: side.w });
    doc.font('Helvetica').fontSize(9);
    for (const line of r.contactLines.flatMap((l) => l.split(' | ')))
      doc.text(line, { width: side.w });
    doc
      .moveDown(0.8)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(r.sections.skills.heading, { width: side.w });
    doc.font('Helvetica').fontSize(9);
    for (const line of r.sections.skills.lines
      .flatMap((l) => l.split(/, | \| /))
      .map((s) => s.replace(/^• /, ''))) {
      doc.text(`• ${line.replace(/^(Core|Tools): /, '')}`, { width: side.w });
    }
    doc.y = top;
    for (const [index, section] of [
      r.sections.summary,
      r.sections.experience,
      r.sections.education,
    ].entries()) {
      if (index) doc.moveDown(0.8);
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(section.heading, main.x, doc.y, { width: main.w });
      doc.font('Helvetica').fontSize(10);
      for (const line of section.lines) doc.text(line, main.x, doc.y, { width: main.w });
    }
  });
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function html(r, layout) {
  const section = (s) =>
    `<h2>${escapeHtml(s.heading)}</h2>${s.lines.map((l) => (l.startsWith('• ') ? `<li>${escapeHtml(l.slice(2))}</li>` : `<p>${escapeHtml(l)}</p>`)).join('')}`;
  const head = r.header
    .map((line) =>
      line === r.nameLine
        ? `<h1>${escapeHtml(line)}</h1>`
        : `<p class="contact">${escapeHtml(line)}</p>`,
    )
    .join('');
  const style = `<style>body{font-family:sans-serif;font-size:10pt;margin:0}h1{font-size:22pt;margin:0 0 4pt}
    h2{font-size:12pt;margin:12pt 0 4pt;border-bottom:1px solid #999}p,li{margin:2pt 0}
    .cols{display:grid;grid-template-columns:2fr 5fr;gap:28pt}.cols.flip{grid-template-columns:5fr 2fr}</style>`;
  if (layout === 'one') {
    return `<!doctype html><html><head>${style}</head><body>${head}${oneColumn(r).slice(1).map(section).join('')}</body></html>`;
  }
  const skills = {
    ...r.sections.skills,
    lines: r.sections.skills.lines
      .flatMap((l) => l.replace(/^(Core|Tools): /, '').split(/, | \| /))
      .map((s) => `• ${s.replace(/^• /, '')}`),
  };
  const side = `<div>${section({ heading: 'Contact', lines: r.contactLines.flatMap((l) => l.split(' | ')) })}${section(skills)}</div>`;
  const main = `<div>${[r.sections.summary, r.sections.experience, r.sections.education].map(section).join('')}</div>`;
  const name = r.header
    .filter((line) => !r.contactLines.includes(line))
    .map((line) =>
      line === r.nameLine ? `<h1>${escapeHtml(line)}</h1>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join('');
  const cols =
    layout === 'two'
      ? `<div class="cols">${side}${main}</div>`
      : `<div class="cols flip">${main}${side}</div>`;
  return `<!doctype html><html><head>${style}</head><body>${name}${cols}</body></html>`;
}

/** Chromium's dates and document ID pinned, at the same length, so the bytes repeat. */
function pinChromium(bytes) {
  const text = bytes
    .toString('latin1')
    .replace(
      /\(D:\d{14}[^)]*\)/g,
      (date) => `(D:20240102030405${'Z'.padEnd(date.length - 18, ' ')})`,
    )
    .replace(
      /\/ID \[<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)>\]/g,
      (_all, a, b) => `/ID [<${'0'.repeat(a.length)}> <${'0'.repeat(b.length)}>]`,
    );
  return Buffer.from(text, 'latin1');
}

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A paragraph whose text is split into runs mid-word, as Word does after edits. */
const wordParagraph = (text, bold = false) => {
  const cut = Math.max(1, Math.floor(text.length / 3));
  const props = bold ? '<w:rPr><w:b/></w:rPr>' : '';
  const tabbed = text.replace(/ \| /g, '\t');
  const runs = [tabbed.slice(0, cut), tabbed.slice(cut)].map((part) =>
    part
      .split('\t')
      .map((piece) => `<w:t xml:space="preserve">${xml(piece)}</w:t>`)
      .join('<w:tab/>'),
  );
  return `<w:p><w:pPr><w:spacing w:after="60"/></w:pPr>${runs.map((run) => `<w:r>${props}${run}</w:r>`).join('<w:proofErr w:type="spellStart"/>')}</w:p>`;
};

function docx(r, layout) {
  const sectionXml = (s) =>
    [wordParagraph(s.heading, true), ...s.lines.map((l) => wordParagraph(l))].join('');
  let body;
  if (layout === 'one') {
    body = [
      ...r.header.map((l) => wordParagraph(l, l === r.nameLine)),
      ...oneColumn(r).slice(1).map(sectionXml),
    ].join('');
  } else {
    const side = [
      sectionXml({ heading: 'Contact Information', lines: r.contactLines }),
      sectionXml(r.sections.skills),
    ].join('');
    const main = [r.sections.summary, r.sections.experience, r.sections.education]
      .map(sectionXml)
      .join('');
    const cell = (content, width) =>
      `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${content}</w:tc>`;
    const name = r.header
      .filter((l) => !r.contactLines.includes(l))
      .map((l) => wordParagraph(l, true))
      .join('');
    body = `${name}<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr><w:tr>${cell(side, 3000)}${cell(main, 6000)}</w:tr></w:tbl><w:p/>`;
  }
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`;
  const entry = (text) => [new TextEncoder().encode(text), { mtime: FIXED_DATE }];
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': entry(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
        '_rels/.rels': entry(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        ),
        'word/document.xml': entry(document),
      },
      { level: 6 },
    ),
  );
}

const plainLines = (r) =>
  oneColumn(r).flatMap((s) =>
    s.kind === 'header' ? [...s.lines, ''] : [s.heading, ...s.lines, ''],
  );

function rtf(r) {
  const rtfEscape = (text) =>
    [...text]
      .map((ch) => {
        const code = ch.codePointAt(0);
        if (ch === '\\' || ch === '{' || ch === '}') return `\\${ch}`;
        if (code < 128) return ch;
        if (code < 256) return `\\'${code.toString(16)}`;
        return `\\u${code > 32767 ? code - 65536 : code}?`;
      })
      .join('');
  const body = oneColumn(r)
    .flatMap((s) =>
      s.kind === 'header'
        ? s.lines.map((l) => (l === r.nameLine ? `{\\b\\fs36 ${rtfEscape(l)}}` : rtfEscape(l)))
        : [`{\\b ${rtfEscape(s.heading)}}`, ...s.lines.map(rtfEscape)],
    )
    .map((line) => `\\pard\\plain\\f0\\fs20 ${line}\\par`)
    .join('\n');
  return Buffer.from(
    `{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}{\\f1\\froman Times New Roman;}}\n{\\colortbl;\\red0\\green0\\blue0;}\n{\\*\\generator corpus 1.0;}{\\info{\\author Corpus}{\\title Resume}}\n${body}\n}`,
    'latin1',
  );
}

// ---- The corpus ---------------------------------------------------------------------------

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const slug = (r) =>
  `${r.fields.first_name}-${r.fields.last_name ?? 'x'}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z-]/g, '');
let person = 0;
const next = (options) => resumeOf(person++, options);

for (let k = 0; k < 5; k++) {
  const r = next();
  write(
    `pdfkit-one-${slug(r)}.pdf`,
    await pdfkitOneColumn(r, k % 2 ? 'Times-Roman' : 'Helvetica'),
    'pdfkit, one column',
    r.fields,
  );
}
for (let k = 0; k < 4; k++) {
  const r = next();
  write(
    `pdfkit-two-${slug(r)}.pdf`,
    await pdfkitTwoColumns(r, k % 2 === 0),
    `pdfkit, two columns, sidebar ${k % 2 === 0 ? 'left' : 'right'}`,
    r.fields,
  );
}

// Traps a template does not set: each file's `about` names its trap.
const HARD = [
  // Resumes in Spanish (docs/languages.md): its headings, its titles, its accents.
  {
    name: 'es-enfermera.txt',
    about: 'TXT in Spanish: PERFIL PROFESIONAL, EXPERIENCIA LABORAL, HABILIDADES',
    lines: [
      'Lucía Hernández',
      'Austin, TX 78701 | lucia.hernandez@example.com | (512) 555-0142',
      '',
      'PERFIL PROFESIONAL',
      'Enfermera bilingüe con ocho años de experiencia en urgencias.',
      '',
      'EXPERIENCIA LABORAL',
      'Enfermera de Urgencias',
      "St. David's Medical Center, 2019 - actualidad",
      '- Atención a 30 pacientes por turno.',
      'Auxiliar de Enfermería',
      'Seton Hospital, 2015 - 2019',
      '',
      'EDUCACIÓN',
      'Licenciatura en Enfermería, University of Texas, 2016',
      '',
      'HABILIDADES',
      'Triaje, Atención bilingüe, Soporte vital avanzado, Epic',
    ],
    fields: {
      first_name: 'Lucía',
      last_name: 'Hernández',
      email: 'lucia.hernandez@example.com',
      phone: '+15125550142',
      zip_code: '78701',
      home_town: 'Austin, TX',
      latest_job_title: 'Enfermera de Urgencias',
      key_skills: 'Triaje, Atención bilingüe, Soporte vital avanzado, Epic',
    },
  },
  {
    name: 'es-gerente.txt',
    about: 'TXT in Spanish: Datos de contacto, Experiencia profesional, Competencias as a list',
    lines: [
      'Andrés Ortega Ruiz',
      'Gerente de Ventas',
      '',
      'Datos de contacto',
      'Correo: andres.ortega@example.org',
      'Teléfono: 305-555-0188',
      'Miami, FL 33130',
      '',
      'Experiencia profesional',
      'Gerente de Ventas',
      'Costa Foods, 2020 - actualidad',
      '• Aumenté las ventas un 18 % en dos años.',
      'Representante de Ventas',
      'Costa Foods, 2016 - 2020',
      '',
      'Competencias',
      '• Negociación',
      '• Salesforce',
      '• Gestión de equipos',
      '',
      'Idiomas',
      'Español, Inglés',
    ],
    fields: {
      first_name: 'Andrés',
      last_name: 'Ortega Ruiz',
      email: 'andres.ortega@example.org',
      phone: '+13055550188',
      zip_code: '33130',
      home_town: 'Miami, FL',
      latest_job_title: 'Gerente de Ventas',
      key_skills: 'Negociación, Salesforce, Gestión de equipos',
    },
  },
  {
    name: 'es-ingeniera.txt',
    about: 'TXT in Spanish: Resumen, Experiencia, Conocimientos técnicos, Formación académica',
    lines: [
      'Valeria Quintero',
      'valeria.quintero@example.com · 915-555-0123 · El Paso, TX',
      '',
      'Resumen',
      'Ingeniera de software con seis años de experiencia.',
      '',
      'Experiencia',
      'Ingeniera de Software, Frontera Tech',
      '2021 - actualidad',
      '- Diseño de servicios en la nube.',
      '',
      'Conocimientos técnicos',
      'Python, Go, Kubernetes, PostgreSQL',
      '',
      'Formación académica',
      'Ingeniería en Sistemas, UTEP, 2018',
    ],
    fields: {
      first_name: 'Valeria',
      last_name: 'Quintero',
      email: 'valeria.quintero@example.com',
      phone: '+19155550123',
      home_town: 'El Paso, TX',
      latest_job_title: 'Ingeniera de Software',
      key_skills: 'Python, Go, Kubernetes, PostgreSQL',
    },
  },
  {
    name: 'hard-references.txt',
    about: "TXT, a References section with another person's phone and email",
    lines: [
      'Paul Okafor',
      'Tampa, FL 33602 | (813) 555-0190',
      'paul.okafor@example.com',
      '',
      'Experience',
      'Line Cook',
      'Harbor Grill, 2021 - Present',
      '',
      'Skills',
      'Grilling, Prep, Food Safety',
      '',
      'References',
      'Dana Whitfield, Head Chef',
      '(813) 555-0111',
      'dana.whitfield@example.com',
    ],
    fields: {
      first_name: 'Paul',
      last_name: 'Okafor',
      email: 'paul.okafor@example.com',
      phone: '+18135550190',
      zip_code: '33602',
      home_town: 'Tampa, FL',
      latest_job_title: 'Line Cook',
      key_skills: 'Grilling, Prep, Food Safety',
    },
  },
  {
    name: 'hard-title-above-name.txt',
    about: 'TXT, the job title above the name, a phone with an extension',
    lines: [
      'Senior Accountant',
      'Laura Bennett',
      'laura.bennett@example.org | 608-555-0177 ext. 4',
      'Madison, WI 53703',
      '',
      'PROFESSIONAL EXPERIENCE',
      'Senior Accountant',
      'Badger Dairy Co., 2019 - Present',
      '',
      'CORE COMPETENCIES',
      'GAAP; Audit; Tax Preparation',
    ],
    fields: {
      first_name: 'Laura',
      last_name: 'Bennett',
      email: 'laura.bennett@example.org',
      phone: '+16085550177',
      zip_code: '53703',
      home_town: 'Madison, WI',
      latest_job_title: 'Senior Accountant',
      key_skills: 'GAAP, Audit, Tax Preparation',
    },
  },
  {
    name: 'hard-state-name.txt',
    about: 'TXT, the state written out (Austin, Texas 78701), no skills section',
    lines: [
      'Rosa Delgado',
      'Austin, Texas 78701',
      '512.555.0163 | rosa.delgado@example.com',
      '',
      'Work Experience',
      'Bookkeeper, Lone Star Books, 2020 - Present',
    ],
    fields: {
      first_name: 'Rosa',
      last_name: 'Delgado',
      email: 'rosa.delgado@example.com',
      phone: '+15125550163',
      zip_code: '78701',
      home_town: 'Austin, Texas',
      latest_job_title: 'Bookkeeper',
    },
  },
  {
    name: 'hard-no-experience.txt',
    about: 'TXT, a student: no experience section, skills in a sentence',
    lines: [
      'Curriculum Vitae',
      'Tomás Ibáñez',
      'tomas.ibanez@example.org',
      'Phone (619) 555-0150',
      '',
      'Education',
      'B.S. Biology, State University, expected 2026',
      '',
      'Skills',
      'I am a quick learner who enjoys working with people and solving problems.',
    ],
    fields: {
      first_name: 'Tomás',
      last_name: 'Ibáñez',
      email: 'tomas.ibanez@example.org',
      phone: '+16195550150',
    },
  },
];

for (const hard of HARD)
  write(hard.name, Buffer.from(hard.lines.join('\n')), hard.about, hard.fields);

const caps = {
  header: ['MICHAEL MCDONALD', 'Boise, ID 83702 | 208-555-0133 | m.mcdonald@example.com'],
  nameLine: 'MICHAEL MCDONALD',
  titleFirst: [],
  sections: {
    summary: { heading: 'SUMMARY', lines: ['Electrician with ten years in commercial buildings.'] },
    experience: {
      heading: 'EXPERIENCE',
      lines: ['Journeyman Electrician', 'Gem State Electric, 2018 - Present'],
    },
    skills: { heading: 'SKILLS', lines: ['Conduit, Motor Controls, Blueprints'] },
    education: { heading: 'EDUCATION', lines: ['Apprenticeship, IBEW Local 291'] },
  },
};
write(
  'hard-caps-mcdonald.pdf',
  await pdfkitOneColumn(caps, 'Helvetica'),
  'pdfkit, the name in capitals: MCDONALD cannot be cased',
  {
    first_name: 'Michael',
    last_name: 'McDonald',
    email: 'm.mcdonald@example.com',
    phone: '+12085550133',
    zip_code: '83702',
    home_town: 'Boise, ID',
    latest_job_title: 'Journeyman Electrician',
    key_skills: 'Conduit, Motor Controls, Blueprints',
  },
);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const page = await browser.newPage();
for (const [k, layout] of [
  'one',
  'one',
  'one',
  'two',
  'two',
  'two-flip',
  'two-flip',
  'one',
].entries()) {
  const r = next();
  await page.setContent(html(r, layout));
  const pdf = await page.pdf({
    format: 'Letter',
    margin: { top: '0.6in', bottom: '0.6in', left: '0.7in', right: '0.7in' },
  });
  write(
    `chromium-${layout}-${slug(r)}.pdf`,
    pinChromium(pdf),
    `Chromium print to PDF, ${layout === 'one' ? 'one column' : 'two columns'}`,
    r.fields,
  );
  if (k === 0) {
    // The scanned resume: a picture of this page's top, and no text at all.
    const shot = await page.screenshot({
      type: 'jpeg',
      quality: 40,
      clip: { x: 0, y: 0, width: 640, height: 360 },
    });
    const scanned = await pdfkitBuffer((doc) => doc.image(shot, 54, 54, { width: 504 }));
    write('scanned.pdf', scanned, 'pdfkit, a JPEG of a resume and no text', undefined, 'no-text');
  }
}
// One column whose role lines carry their dates right-aligned: no column may be seen there.
await page.setContent(`<!doctype html><html><head><style>body{font-family:serif;font-size:10pt}
  .row{display:flex;justify-content:space-between}h2{font-size:12pt;margin:10pt 0 3pt}p{margin:2pt 0}</style></head><body>
  <h1>Nadia Haddad</h1><p>Columbus, OH 43215 • +1 614 555 0128 • nadia.haddad@example.com</p>
  <h2>Experience</h2><div class="row"><b>Clinical Pharmacist</b><span>2020 – Present</span></div><p>Riverside Hospital, Columbus</p>
  <p>Reviewed medication orders for a 300-bed hospital and led the anticoagulation clinic.</p>
  <div class="row"><b>Staff Pharmacist</b><span>2016 – 2020</span></div><p>Main Street Pharmacy</p>
  <h2>Skills</h2><p>Anticoagulation, Medication Therapy Management, Epic, Immunizations</p></body></html>`);
write(
  'chromium-dates-right.pdf',
  pinChromium(await page.pdf({ format: 'Letter' })),
  'Chromium, one column, dates right-aligned on the role lines',
  {
    first_name: 'Nadia',
    last_name: 'Haddad',
    email: 'nadia.haddad@example.com',
    phone: '+16145550128',
    zip_code: '43215',
    home_town: 'Columbus, OH',
    latest_job_title: 'Clinical Pharmacist',
    key_skills: 'Anticoagulation, Medication Therapy Management, Epic, Immunizations',
  },
);
await browser.close();

for (const layout of ['one', 'one', 'two', 'one', 'two', 'one']) {
  const r = next();
  write(
    `docx-${layout}-${slug(r)}.docx`,
    docx(r, layout),
    `DOCX zipped with fflate, ${layout === 'one' ? 'paragraphs' : 'a two-cell table'}`,
    r.fields,
  );
}
for (let k = 0; k < 5; k++) {
  const r = next();
  const joined = plainLines(r).join(k % 2 ? '\r\n' : '\n');
  const text = k === 3 ? joined.replace(/[–•]/g, '-') : joined;
  const bytes =
    k === 1
      ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
      : k === 3
        ? Buffer.from(text, 'latin1')
        : Buffer.from(text);
  write(
    `text-${slug(r)}.txt`,
    bytes,
    ['UTF-8', 'UTF-8 with BOM, CRLF', 'UTF-8', 'Latin-1, CRLF', 'UTF-8'][k],
    r.fields,
  );
}
for (let k = 0; k < 5; k++) {
  const r = next();
  write(`rtf-${slug(r)}.rtf`, rtf(r), 'RTF, Windows-1252 and \\u escapes', r.fields);
}

const encrypted = await pdfkitBuffer(
  (doc) => doc.font('Helvetica').fontSize(12).text('Jane Doe\njane.doe@example.com'),
  { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' },
);
write('encrypted.pdf', encrypted, 'pdfkit, opened only with a password', undefined, 'encrypted');
write(
  'word-97.doc',
  readFileSync(path.join(ROOT, 'test/fixtures/resume.doc')),
  'DOC stand-in (an OLE compound file)',
  undefined,
  'unsupported',
);
const good = await pdfkitOneColumn(resumeOf(1), 'Helvetica');
const garbage = Buffer.from(Array.from({ length: 4096 }, (_, n) => (n * 7919 + 13) % 251));
write(
  'corrupt.pdf',
  Buffer.concat([good.subarray(0, 9), garbage]),
  'a PDF header, then bytes of nothing',
  undefined,
  'unreadable',
);
write(
  'corrupt.docx',
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), garbage]),
  'a zip signature, then bytes of nothing',
  undefined,
  'unreadable',
);

writeFileSync(path.join(OUT, 'answers.json'), `${JSON.stringify(files, null, 2)}\n`);
console.log(`${Object.keys(files).length} files in ${path.relative(ROOT, OUT)}`);
