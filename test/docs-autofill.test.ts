// docs/autofill.md, "Start with your resume", held to the code: its texts (the button, the hint,
// the status line, the mark, their catalogue ids), its figures (the types and size, the time
// limit, the readers' caps, the fields' lengths, the corpus's targets and counts), the fields it
// fills and their labels, the formats it reads, the examples of its field table (run through the
// extraction), what is attached and what the draft keeps, and the files it names. Its prose is
// read with its lines re-joined, so a text broken over two lines reads whole.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  INITIAL_VALUES,
  MAX_LENGTHS,
  MAX_RESUME_BYTES,
  RESUME_TYPES,
  STEP_FIELDS,
  STEP_TITLES,
} from '../src/shared/constants.ts';
import { FIELD_TEXTS } from '../src/shared/messages.ts';
import { FROM_RESUME_TEXT, LOADING_TOAST_TEXTS } from '../src/shared/page-texts.ts';
import { RESUME_SIGNATURES } from '../src/shared/resume-type.ts';
import type { FormValues } from '../src/shared/schema.ts';
import { autofillFrom, type Wizard } from '../src/web/autofill/autofill.ts';
import { MAX_CONTACT_WORDS } from '../src/web/autofill/contact.ts';
import { RESUME_FIELDS } from '../src/web/autofill/fill.ts';
import { GLUED_WORDS, HEAD_LINES, MAX_FUNCTION_WORDS } from '../src/web/autofill/job-title.ts';
import { SIDEBAR_WIDTH } from '../src/web/autofill/pdf-layout.ts';
import { MAX_ROWS } from '../src/web/autofill/pdf-table.ts';
import { readResume } from '../src/web/autofill/read.ts';
import {
  MAX_PDF_PAGES,
  MAX_TEXT_CHARS,
  READ_TIME_LIMIT_MS,
} from '../src/web/autofill/read-result.ts';
import { rules } from '../src/web/autofill/rules.ts';
import {
  GLUED_LETTERS,
  MAX_HEADING_WORDS,
  SHORT_ITEM_WORDS,
  SHORT_LIST_PIECES,
  sectionsOf,
} from '../src/web/autofill/sections.ts';
import { MAX_ITEM_WORDS, MAX_LABEL_WORDS, SLASH_LIST_PIECES } from '../src/web/autofill/skills.ts';
import { AUTOFILL_MESSAGES, AUTOFILL_TEXTS, filledMessage } from '../src/web/autofill/texts.ts';
import { draftOf } from '../src/web/draft.ts';
import type { HeldResume } from '../src/web/resume.ts';
import { type Extracted, extractFields } from './helpers/extract.ts';
import { loadNodePdfjs } from './helpers/node-pdfjs.ts';

// The reader's worker runs in this process (Node has no Worker), as in ResumeButton.test.tsx.
vi.mock('../src/web/autofill/read-in-worker.ts', async (original) => ({
  ...(await original<typeof import('../src/web/autofill/read-in-worker.ts')>()),
  startReader: (await import('./helpers/in-process-reader.ts')).inProcessReader,
}));

const ROOT = path.resolve(import.meta.dirname, '..');
const AUTOFILL_DIR = path.join(ROOT, 'src/web/autofill');
const RESUMES = path.join(ROOT, 'test/fixtures/resumes');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const DOC = read('docs/autofill.md');
/** The page's prose, its lines re-joined. */
const PROSE = DOC.replace(/\n\s*/g, ' ');
/** A section of the page, from its `## ` heading to the next. */
const section = (heading: string) => {
  const start = DOC.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const end = DOC.indexOf('\n## ', start + 1);
  return DOC.slice(start, end < 0 ? undefined : end);
};

/** `a, b and c`, as the page lists things. */
const list = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const seconds = READ_TIME_LIMIT_MS / 1000;
const megabytes = MAX_RESUME_BYTES / 1024 / 1024;
const TYPES = RESUME_TYPES.map((type) => type.toUpperCase());

/** Each field's label, as the steps write it: `name="first_name" label={t`First Name`}`. */
const LABELS = new Map(
  ['src/web/steps/PersonalStep.tsx', 'src/web/steps/CareerStep.tsx'].flatMap((file) =>
    [...read(file).matchAll(/name="(\w+)"\s+label=\{t`([^`]+)`\}/g)].map(
      (match) => [match[1] as string, match[2] as string] as const,
    ),
  ),
);
const labelOf = (field: string) => {
  const label = LABELS.get(field);
  expect(label, field).toBeDefined();
  return label as string;
};

/** Numbers as the doc writes them, at their own index. */
const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/** The field table's rows: the field, its label, and its cells. */
const FIELD_ROWS = DOC.split('\n')
  .map((line) => /^\| ([^|(]+?) \(`(\w+)`\) \|(.*)\|$/.exec(line))
  .filter((match) => match !== null)
  .map((match) => ({
    label: match[1] as string,
    field: match[2] as string,
    cells: (match[3] as string).split(' | ').map((cell) => cell.trim()),
  }));

/** A generated resume of the corpus, as the candidate would choose it. */
const resumeFile = (name: string, type = '') =>
  new File([readFileSync(path.join(RESUMES, name))], name, { type });
const ANSWERS: Record<string, { fields?: Extracted; failure?: string }> = JSON.parse(
  read('test/fixtures/resumes/answers.json'),
);

describe('docs/autofill.md', () => {
  it('is titled for the button and cites nothing outside the repository', () => {
    expect(DOC.startsWith(`# ${AUTOFILL_TEXTS.button}\n`)).toBe(true);
    expect(DOC.match(/DESIGN|STYLE|§/g)).toBeNull();
    expect(DOC.match(/\bissues?\s*#?\d|#\d/gi)).toBeNull();
  });

  it('gives the button’s texts, where it stands, and the files it takes', () => {
    expect(PROSE).toContain(`| text | "${AUTOFILL_MESSAGES.button.message}" |`);
    expect(PROSE).toContain(`| hint | "${AUTOFILL_MESSAGES.hint.message}" |`);
    const types = `${TYPES.slice(0, -1).join(', ')} or ${TYPES.at(-1)}`;
    expect(PROSE).toContain(
      `| files | ${types}, up to ${megabytes} MB: the same list and limit as step 3's file picker |`,
    );
    // The same list: both pickers take RESUME_ACCEPT, the list the doc names.
    expect(PROSE).toContain('(`RESUME_ACCEPT` in `src/shared/constants.ts`)');
    for (const file of ['src/web/autofill/ResumeButton.tsx', 'src/web/steps/UploadPanel.tsx']) {
      expect(read(file), file).toContain('accept={RESUME_ACCEPT}');
    }
    // Step 1, above the step's fields: the App renders the button before PersonalStep.
    expect(PROSE).toContain(`| where | step 1, ${STEP_TITLES[0]}, above its fields`);
    expect(read('src/web/App.tsx')).toMatch(
      /<ResumeButton wizard=\{wizard\} \/>\s*<PersonalStep \/>/,
    );
  });

  it('gives the status line’s texts, in English and under their catalogue ids', () => {
    // The filled count as the code's plural message has it: one, and every other count.
    const plural = filledMessage(0).message ?? '';
    const branch = (name: string) => new RegExp(`${name} \\{([^{}]+)\\}`).exec(plural)?.[1] ?? '';
    const [one, other] = [branch('one'), branch('other')];
    expect(one).toContain('#');
    expect(other).toContain('#');
    expect(AUTOFILL_TEXTS.filled(1)).toBe(one.replace('#', '1'));
    expect(AUTOFILL_TEXTS.filled(2)).toBe(other.replace('#', '2'));
    const filledId = filledMessage(0).id;
    expect(PROSE).toContain(
      `| fields were found | "${one.replace('#', '1')}" or "${other.replace('#', 'N')}" | \`${filledId}\` |`,
    );
    expect(PROSE).toContain(`says "${other.replace('#', '0')}"`);
    const rows: [string, { id: string; message?: string }][] = [
      ['no field could be found, or the file could not be read', AUTOFILL_MESSAGES.failed],
      ['the file is not of a type above', FIELD_TEXTS.resumeFileType],
      [`the file is over ${megabytes} MB`, FIELD_TEXTS.resumeTooLarge],
    ];
    for (const [when, { id, message }] of rows) {
      expect(PROSE).toContain(`| ${when} | "${message}" | \`${id}\` |`);
    }
    expect(PROSE).toContain(
      `a toast says "${LOADING_TOAST_TEXTS.failed.message}" (\`${LOADING_TOAST_TEXTS.failed.id}\`)`,
    );
    expect(PROSE).toContain(`"${FROM_RESUME_TEXT.message}"`);
    expect(PROSE).toContain(
      `(the mark, \`${FROM_RESUME_TEXT.id}\`, and the button, \`${AUTOFILL_MESSAGES.button.id}\`, and its hint, \`${AUTOFILL_MESSAGES.hint.id}\`)`,
    );
  });

  it('sends to the Spanish catalogue, which holds every one of those ids', () => {
    expect(PROSE).toContain(
      'Their Spanish is in `src/locales/es/messages.po` under the same ids; see [Languages](languages.md).',
    );
    const po = read('src/locales/es/messages.po');
    const ids = [
      AUTOFILL_MESSAGES.button.id,
      AUTOFILL_MESSAGES.hint.id,
      AUTOFILL_MESSAGES.failed.id,
      filledMessage(0).id,
      FROM_RESUME_TEXT.id,
      FIELD_TEXTS.resumeFileType.id,
      FIELD_TEXTS.resumeTooLarge.id,
      LOADING_TOAST_TEXTS.failed.id,
    ];
    for (const id of ids) {
      expect(DOC, id).toContain(`\`${id}\``);
      // The entry's msgstr, on its line and any continuation lines (PO wraps long ones).
      const entry = new RegExp(`^msgid "${id.replace('.', '\\.')}"\\nmsgstr ((?:".*"\\n?)+)`, 'm');
      const spanish = entry.exec(po)?.[1]?.replace(/"\n?"?/g, '') ?? '';
      expect(spanish.trim(), id).not.toBe('');
    }
  });

  it('gives the time limit and the readers’ caps as the code has them', () => {
    expect(DOC).toContain(`\n## Off the page's thread, within ${seconds} s\n`);
    expect(PROSE).toContain(
      `or after ${seconds} s whatever it is doing (\`READ_TIME_LIMIT_MS\` in \`read-result.ts\`). The ${seconds} s count from the moment the worker is started`,
    );
    expect(PROSE).toContain(`| PDF | pdf.js, its text layer, the first ${MAX_PDF_PAGES} pages`);
    expect(PROSE).toContain(
      `A reader never keeps more than ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters of text`,
    );
    // The worker's own PDF limit is the same figure: readPdf's default, which readFields keeps.
    expect(read('src/web/autofill/read-pdf.ts')).toContain('timeLimitMs = READ_TIME_LIMIT_MS');
    expect(PROSE).toContain('Inside the worker, a PDF also stops at the same limit on its own.');
  });

  it('gives the structural rules’ figures as the code has them', () => {
    expect(PROSE).toContain(
      `a column whose text runs narrower than ${SIDEBAR_WIDTH * 100}% of the page beside a body`,
    );
    expect(PROSE).toContain(
      `an item of more than ${NUMBER_WORDS[MAX_ITEM_WORDS]} words, figures aside`,
    );
    expect(PROSE).toContain(
      `after the last title noun among its first ${NUMBER_WORDS[GLUED_WORDS]} words`,
    );
    expect(PROSE).toContain(
      `(${NUMBER_WORDS[SHORT_LIST_PIECES]} pieces or more between commas, none of more than ${NUMBER_WORDS[SHORT_ITEM_WORDS]} words, no year)`,
    );
    expect(PROSE).toContain(`a short line of ${NUMBER_WORDS[MAX_LABEL_WORDS]} words at most`);
    expect(PROSE).toContain(
      `from its first ${NUMBER_WORDS[HEAD_LINES]} lines (an employer, its dates`,
    );
    expect(PROSE).toContain(
      `(\`slash-list\`): ${NUMBER_WORDS[SLASH_LIST_PIECES]} pieces or more parted`,
    );
    expect(PROSE).toContain(
      `is ${NUMBER_WORDS[MAX_FUNCTION_WORDS]} capitalised words at most ending`,
    );
    expect(PROSE).toContain(`a few lines of ${NUMBER_WORDS[MAX_CONTACT_WORDS]} words at most`);
    expect(PROSE).toContain(
      `longer than others, ${NUMBER_WORDS[MAX_HEADING_WORDS]} words at most still`,
    );
    expect(PROSE).toContain(
      `a heading in capitals of ${GLUED_LETTERS.fewest} to ${GLUED_LETTERS.most} letters`,
    );
    expect(PROSE).toContain(
      `${MAX_ROWS} rows at most, a longer run being tables one after another (so that a page of many rows that stand level costs its rows times ${MAX_ROWS} at most)`,
    );
  });

  it('gives the fewest names of an author list as the extraction counts them', () => {
    const said = /\(`author-list`\): a line of (\w+) names or more, three in four/.exec(PROSE)?.[1];
    const fewest = NUMBER_WORDS.indexOf(said ?? '');
    expect(fewest).toBeGreaterThan(1);
    // Authors set as a citation sets them, in a skills section: that many are a reference.
    const authors = (count: number) =>
      ['Quill M', 'Okafor D', 'Le Gall L', 'Haddad N', 'Stone R', 'Ortiz A', 'Wren B'].slice(
        0,
        count,
      );
    const skills = (count: number) =>
      extractFields(['Jane Doe', 'Skills', authors(count).join(', '), 'Education']).key_skills;
    expect(skills(fewest)).toBeUndefined();
    expect(skills(fewest - 1)).toBe(authors(fewest - 1).join(', '));
  });

  it('gives the fewest cells of a row of links, and of margin headings, as the sections count them', () => {
    const headings = ['About', 'Skills', 'Projects', 'Experience', 'Education', 'Awards'];
    const fewest = (pattern: RegExp) => NUMBER_WORDS.indexOf(pattern.exec(PROSE)?.[1] ?? '');
    // links-row: that many cells of a table's row, each a heading, stay in the header.
    const cells = fewest(/\(`links-row`\): a table's row of (\w+) cells or more/);
    expect(cells).toBeGreaterThan(1);
    const row = (count: number) =>
      sectionsOf([
        { text: 'Mara Quill', size: 2, block: 0 },
        ...headings.slice(0, count).map((text, column) => ({
          text,
          block: 0,
          table: { table: 0, row: 0, column },
        })),
      ])[0]?.lines.length;
    expect(row(cells)).toBe(cells + 1);
    expect(row(cells - 1)).toBe(1);
    // heading-beside: that many lines of one size opening with a heading and a bar are read apart.
    const lines = fewest(
      /\(`heading-beside`\): .{0,200}? where (\w+) lines of its size and capitals/,
    );
    expect(lines).toBeGreaterThan(0);
    const beside = (count: number) =>
      sectionsOf([
        { text: 'Mara Quill', size: 2, block: 0 },
        ...headings.slice(1, count + 1).map((heading, block) => ({
          text: `${heading} | Fernhill Ports`,
          size: 1.6,
          block: block + 1,
        })),
      ]).length;
    expect(beside(lines)).toBe(lines + 1);
    expect(beside(lines - 1)).toBe(1);
  });

  it("names every reader's own rule where it says the rules' view does not re-read them", async () => {
    await import('../src/web/autofill/read-pdf.ts');
    const start = PROSE.indexOf("The readers' own rules (");
    expect(start).toBeGreaterThan(0);
    const named = PROSE.slice(start, PROSE.indexOf(') decide as the document is made', start));
    const readers = rules().filter(({ stage }) => stage === 'reader');
    expect(readers.map(({ id }) => id)).toContain('docx-wide-gap');
    expect(readers.filter(({ id }) => !named.includes(`\`${id}\``)).map(({ id }) => id)).toEqual(
      [],
    );
  });

  it("names every rule by its id, so that the corpus test's rules view can be read against it", async () => {
    await import('../src/web/autofill/read-pdf.ts');
    await import('../src/web/autofill/read-docx.ts');
    await import('../src/web/autofill/read-rtf.ts');
    await import('../src/web/autofill/read-text.ts');
    const all = rules();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(({ id }) => !PROSE.includes(`\`${id}\``)).map(({ id }) => id)).toEqual([]);
  });

  it('names the formats by the first bytes the code looks for', () => {
    const ascii = (bytes: readonly number[]) => String.fromCharCode(...bytes);
    expect(PROSE).toContain(`| \`${ascii(RESUME_SIGNATURES.pdf)}\` | PDF |`);
    expect(PROSE).toContain(`| \`${ascii(RESUME_SIGNATURES.rtf)}\` | RTF |`);
    expect(PROSE).toContain('| an OLE compound file | DOC (binary Word) | **not read** |');
  });

  it('says which of the types it reads, as the readers do on the generated resumes', async () => {
    const readable: string[] = [];
    const unread: string[] = [];
    for (const type of RESUME_TYPES) {
      // A resume of that type with answers, else the corpus's file of it that must fail.
      const files = Object.keys(ANSWERS).filter((file) => file.endsWith(`.${type}`));
      const file = files.find((name) => ANSWERS[name]?.fields) ?? files[0];
      expect(file, type).toBeDefined();
      const bytes = new Uint8Array(readFileSync(path.join(RESUMES, file as string)));
      const result = await readResume(bytes, { loadPdfjs: loadNodePdfjs });
      const found = result.ok ? extractFields(result.lines) : {};
      (Object.keys(found).length > 0 ? readable : unread).push(type.toUpperCase());
    }
    expect(unread.length).toBeGreaterThan(0);
    expect(PROSE).toContain(
      `${list(readable)} are read; ${list(unread)} ${unread.length === 1 ? 'is' : 'are'} not.`,
    );
  });

  it('lists the fields it fills, in the form’s order, with their labels, and never the password', () => {
    expect(RESUME_FIELDS).not.toContain('password');
    expect(PROSE).toContain('never the password');
    const inFormOrder = STEP_FIELDS.flat().filter((field) =>
      (RESUME_FIELDS as readonly string[]).includes(field),
    );
    expect(inFormOrder).toEqual([...RESUME_FIELDS]);
    const byStep = STEP_FIELDS.map((fields, step) => ({
      step: step + 1,
      labels: RESUME_FIELDS.filter((field) => (fields as readonly string[]).includes(field)).map(
        labelOf,
      ),
    })).filter(({ labels }) => labels.length > 0);
    const stated = byStep.map(({ step, labels }) => `${list(labels)} on step ${step}`);
    expect(PROSE).toContain(`It fills, in the form's order, ${stated.join(', then ')} (`);
    expect(FIELD_ROWS.map(({ field }) => field)).toEqual([...RESUME_FIELDS]);
    for (const { field, label } of FIELD_ROWS) expect(label, field).toBe(labelOf(field));
  });

  it('gives the lengths the extraction keeps to', () => {
    const row = (field: string) =>
      FIELD_ROWS.find((candidate) => candidate.field === field)?.cells[0] ?? '';
    expect(row('latest_job_title')).toContain(
      `at most ${MAX_LENGTHS.latest_job_title.toLocaleString('en-US')} characters`,
    );
    expect(row('key_skills')).toContain(
      `at most ${MAX_LENGTHS.key_skills.toLocaleString('en-US')} characters (whole items)`,
    );
  });

  it('gives examples in its field table that the extraction reads as it says', () => {
    // Each input as the table says: the name's first line, a line under the name, a role's first
    // line under "Experience", a line under "Skills".
    const resume: Record<string, (line: string) => string[]> = {
      first_name: (line) => [line, 'jane@example.com'],
      last_name: (line) => [line, 'jane@example.com'],
      latest_job_title: (line) => ['Jane Doe', 'Experience', line, '2020 - Present'],
      key_skills: (line) => ['Jane Doe', 'Skills', line],
    };
    expect(PROSE).toContain(
      'each input as a line of a resume (the first line for the name, a line under the name for the contact fields, a role\'s first line under "Experience" for the title, a line under "Skills" for the skills) gives what the arrow says.',
    );
    let examples = 0;
    for (const { field, cells } of FIELD_ROWS) {
      const pairs = [...(cells[1] ?? '').matchAll(/`([^`]+)` → (?:`([^`]+)`|empty)/g)];
      expect(pairs.length, field).toBeGreaterThan(0);
      for (const [, input = '', expected] of pairs) {
        const lines = (resume[field] ?? ((line: string) => ['Jane Doe', line]))(input);
        expect(extractFields(lines)[field as keyof Extracted], `${field}: ${input}`).toBe(expected);
        examples++;
      }
    }
    expect(examples).toBeGreaterThanOrEqual(RESUME_FIELDS.length * 2);
  });

  it('says what the draft keeps: the marks, and no file', () => {
    const pending = resumeFile('text-zoe-nguyen.txt');
    const held: HeldResume = { filename: pending.name, filetype: 'txt', pending };
    const values = { ...INITIAL_VALUES, first_name: 'Zoe', resume: held } as unknown as FormValues;
    const draft = draftOf(values, 0, new Date(), ['first_name']);
    expect(draft?.fromResume).toEqual(['first_name']);
    expect(draft?.resume).toBeNull();
    expect(JSON.stringify(draft)).not.toContain(pending.name);
    expect(PROSE).toContain(
      'the draft also remembers which fields came from the resume (`fromResume`)',
    );
    expect(PROSE).toContain(
      'The draft keeps no file bytes: a resume attached on step 1 and not yet uploaded does not come back after a reload',
    );
  });

  it('gives the corpus test’s targets and the generated corpus’s counts', () => {
    const corpus = read('test/resume-corpus.test.ts');
    const percent = (ratio: string) => `${Number((Number(ratio) * 100).toFixed(1))}%`;
    const targets = /const REAL_TARGETS[^=]*= \{([\s\S]*?)\n\};/.exec(corpus)?.[1] ?? '';
    const rows = [
      ...targets.matchAll(/^ {2}(\w+): \{ precision: ([\d.]+), rightRecall: ([\d.]+) \},$/gm),
    ];
    expect(rows.map((row) => row[1])).toEqual([...RESUME_FIELDS]);
    for (const [, field = '', precision = '', rightRecall = ''] of rows) {
      // Key skills are held item by item.
      if (field === 'key_skills') continue;
      expect(PROSE).toContain(
        `| ${labelOf(field)} | ≥ ${percent(precision)} | ≥ ${percent(rightRecall)} |`,
      );
    }
    const items = /const REAL_SKILL_ITEMS = \{ precision: ([\d.]+), recall: ([\d.]+) \};/.exec(
      corpus,
    );
    expect(items).not.toBeNull();
    expect(PROSE).toContain(
      `| ${labelOf('key_skills')}, item by item | ≥ ${percent(items?.[1] ?? '')} | ≥ ${percent(items?.[2] ?? '')} (recall) |`,
    );
    const generated =
      /const GENERATED_TARGETS = \{ precision: ([\d.]+), rightRecall: ([\d.]+) \};/.exec(corpus);
    expect(generated).not.toBeNull();
    expect(PROSE).toContain(
      `Every field is held to precision ≥ ${percent(generated?.[1] ?? '')} and right-recall ≥ ${percent(generated?.[2] ?? '')}.`,
    );
    const files = Object.values(ANSWERS);
    const failing = files.filter((answer) => answer.failure).length;
    expect(PROSE).toContain(
      `${files.length} files, ${files.length - failing} to read and ${failing} that must fail and fill nothing`,
    );
    // The real corpus is where the doc says, beside the checkout.
    const realDir = /const REAL_DIR = path\.resolve\(import\.meta\.dirname, '([^']+)'\);/.exec(
      corpus,
    )?.[1];
    expect(path.resolve(ROOT, 'test', realDir ?? '')).toBe(
      path.resolve(ROOT, '../shared/research/real-resumes'),
    );
    expect(PROSE).toContain(
      'read in place from `../shared/research/real-resumes/` beside the checkout',
    );
  });

  it('names only files that exist, links only to what exists, and maps every file of the autofill', () => {
    const named = [...DOC.matchAll(/`([\w./-]+\.(?:tsx?|mjs|md|json|po))`/g)].map(
      (match) => match[1] as string,
    );
    expect(named.length).toBeGreaterThan(30);
    const where = (name: string) =>
      name.includes('/') ? path.join(ROOT, name) : path.join(AUTOFILL_DIR, name);
    // SOURCES.md is the real corpus's, outside the repository.
    expect(named.filter((name) => name !== 'SOURCES.md' && !existsSync(where(name)))).toEqual([]);
    for (const [, record] of DOC.matchAll(/`docs\/decisions\/(\d{3})`/g)) {
      expect(
        readdirSync(path.join(ROOT, 'docs/decisions')).some((f) => f.startsWith(`${record}-`)),
        record,
      ).toBe(true);
    }
    const anchors = (text: string) =>
      new Set(
        [...text.matchAll(/^#+ (.*)$/gm)].map((match) =>
          (match[1] as string)
            .toLowerCase()
            .replace(/[^\p{L}\p{N}\s_-]/gu, '')
            .replace(/\s/g, '-'),
        ),
      );
    const links = [...DOC.matchAll(/\]\(([^)\s]+)\)/g)].map(
      (match) => (match[1] as string).split('#') as [string, string?],
    );
    expect(links.length).toBeGreaterThan(2);
    for (const [target, anchor] of links) {
      const file = target === '' ? 'docs/autofill.md' : path.join('docs', target);
      expect(existsSync(path.join(ROOT, file)), target).toBe(true);
      if (anchor !== undefined)
        expect(anchors(read(file)), `${target}#${anchor}`).toContain(anchor);
    }
    const code = section('The code');
    const sources = readdirSync(AUTOFILL_DIR).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(sources.filter((file) => !code.includes(`\`${file}\``))).toEqual([]);
  });
});

describe('what docs/autofill.md says the button does', () => {
  /** The form and draft the autofill works on, recording what it sets. */
  function wizardWith(values: Partial<Record<string, unknown>>, changed: readonly string[] = []) {
    const state: Record<string, unknown> = { ...INITIAL_VALUES, ...values };
    const set: string[] = [];
    let marks: readonly string[] = [];
    const wizard = {
      form: {
        getValues: (name: string) => state[name],
        getFieldState: (name: string) => ({ isDirty: changed.includes(name) }),
        setValue: (name: string, value: unknown) => {
          state[name] = value;
          set.push(name);
        },
        clearErrors: () => undefined,
      },
      draft: {
        setFromResume: (update: (marked: readonly string[]) => readonly string[]) => {
          marks = update(marks);
        },
      },
    } as unknown as Wizard;
    return { wizard, state, set, marks: () => marks };
  }

  it('fills only the empty fields the candidate left alone, marks them, and attaches the file', async () => {
    const file = 'pdfkit-one-jane-doe.pdf';
    expect(Object.keys(ANSWERS[file]?.fields ?? {}).sort()).toEqual([...RESUME_FIELDS].sort());
    // Last Name typed; Phone emptied after a restored draft brought it back (changed, empty).
    const form = wizardWith({ last_name: 'Typed' }, ['last_name', 'phone']);
    const status = await autofillFrom(resumeFile(file, 'application/pdf'), form.wizard);
    const filled = RESUME_FIELDS.filter((field) => field !== 'last_name' && field !== 'phone');
    expect(status).toEqual(filledMessage(filled.length));
    expect(form.set).toEqual([...filled, 'resume']);
    expect(form.marks()).toEqual(filled);
    expect(form.state.last_name).toBe('Typed');
    expect(form.state.password).toBe(INITIAL_VALUES.password);
    expect((form.state.resume as HeldResume).filename).toBe(file);
    expect(PROSE).toContain('even one they emptied after a restored draft brought it back');
  });

  it('attaches the file though every field was typed already, and says 0', async () => {
    const typed = Object.fromEntries(RESUME_FIELDS.map((field) => [field, 'Typed']));
    const form = wizardWith(typed, RESUME_FIELDS);
    const status = await autofillFrom(
      resumeFile('pdfkit-one-jane-doe.pdf', 'application/pdf'),
      form.wizard,
    );
    expect(status).toEqual(filledMessage(0));
    expect(form.set).toEqual(['resume']);
    expect(PROSE).toContain(
      "When the reader found at least one field (whether or not it was still empty), the same file becomes the registration's resume",
    );
    // Step 3 says so in its own words.
    const step3 = read('src/web/steps/ResumeStep.tsx');
    for (const text of ['Resume added:', 'Remove', 'Replace'])
      expect(step3).toContain(`{t\`${text}\`}`);
    expect(PROSE).toContain(
      'Step 3 shows "Resume added:" and the file\'s name, with Remove and Replace, as for a file chosen there.',
    );
  });

  it('changes nothing and attaches nothing for a DOC, nor for a file refused by type or size', async () => {
    const cases: [File, { id: string }][] = [
      [resumeFile('word-97.doc', 'application/msword'), AUTOFILL_MESSAGES.failed],
      [new File(['Jane Doe'], 'resume.odt'), FIELD_TEXTS.resumeFileType],
      [
        new File([new Uint8Array(MAX_RESUME_BYTES + 1)], 'resume.pdf', { type: 'application/pdf' }),
        FIELD_TEXTS.resumeTooLarge,
      ],
    ];
    for (const [file, message] of cases) {
      const form = wizardWith({});
      expect(await autofillFrom(file, form.wizard), file.name).toEqual(message);
      expect(form.set, file.name).toEqual([]);
      expect(form.marks(), file.name).toEqual([]);
    }
    expect(PROSE).toContain(
      'A file in which nothing was found (a DOC, a scanned PDF, …) is not attached',
    );
    expect(PROSE).toContain('Nothing is changed when the file could not be read or was refused.');
  });
});
