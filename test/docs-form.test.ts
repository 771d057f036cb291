// docs/form.md, held to the code: the steps' accessible names (from the steps' own sources and
// the texts they import), every English message and toast of the catalogues, the checks before
// the provider call in the order the server runs them, what a provider status becomes for the
// candidate, what the provider receives, and the limits, defaults, durations and random-data
// ranges. A name, message or figure changed in the code fails here until the page says it too.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { queueReason } from '../src/server/outbox/policy.ts';
import { basicAuthorization } from '../src/server/provider/basic-auth.ts';
import { PROVIDER_REGISTER_PATH } from '../src/server/provider/client.ts';
import {
  type CheckedRequest,
  checkBeforeProviderCall,
  checkedResume,
  firstTooLongField,
} from '../src/server/registration/checks.ts';
import {
  PROVIDER_CANDIDATE_KEYS,
  sanitiseEmail,
  sanitisePhone,
  sanitiseZip,
  toProviderCandidate,
} from '../src/server/registration/provider-candidate.ts';
import {
  MESSAGE_MAX_LENGTH,
  registrationAnswer,
} from '../src/server/registration/registration-outcome.ts';
import {
  DEFAULT_COUNTRY,
  EDUCATION_LEVELS,
  ELIGIBILITY_STATUSES,
  INITIAL_VALUES,
  JOB_TYPES,
  type LimitedField,
  MAX_LENGTHS,
  MAX_RESUME_BYTES,
  MAX_RESUME_FIELD_LENGTHS,
  PASSWORD_MIN_LENGTH,
  RESUME_MIME,
  RESUME_TYPES,
  STEP_COUNT,
  STEP_TITLES,
  WORK_EXPERIENCE,
  ZIP_PATTERN,
} from '../src/shared/constants.ts';
import { DEFAULT_DRAFT_TTL_HOURS } from '../src/shared/contract.ts';
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from '../src/shared/idempotency.ts';
import {
  CHECK_MESSAGES,
  english,
  FIELD_MESSAGES,
  LOADING_TOASTS,
  PROVIDER_MESSAGES,
  REGISTRATION_TOASTS,
  tooLongMessage,
  UPLOAD_ERRORS,
  UPLOAD_TOASTS,
} from '../src/shared/messages.ts';
import { claimedResumeType } from '../src/shared/resume-type.ts';
import { personalSchema } from '../src/shared/schema.ts';
import { uploadFilename } from '../src/shared/upload-name.ts';
import { resumeLinkFrom } from '../src/shared/url.ts';
import { AUTOFILL_TEXTS } from '../src/web/autofill/texts.ts';
import { clearDraft, DRAFT_KEY, SUBMISSION_KEY_ITEM } from '../src/web/draft.ts';
import { chooseResume } from '../src/web/resume.ts';
import {
  DEFAULT_JOB_TYPE,
  EARLY_TEXTS,
  EDUCATION_TEXTS,
  ELIGIBILITY_TEXTS,
  experienceText,
  JOB_TYPE_TEXTS,
  PAGE_TITLE,
  STEP_TITLE_TEXTS,
} from '../src/web/texts.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  randomCandidate,
  SAMPLE_RESUME_FILENAME,
  SAMPLE_ZIPS,
  SKILLS,
} from '../src/web/wizard/random-data.ts';
import { buildSubmission, resumeForSubmit } from '../src/web/wizard/submission.ts';
import {
  type AttemptEnd,
  attemptEnd,
  keyDecision,
  makeIdempotencyKey,
  submissionKeys,
} from '../src/web/wizard/submission-key.ts';
import { registrationToast } from '../src/web/wizard/toasts.ts';
import { providerResponse } from './helpers/provider-result.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const DOC = read('docs/form.md');
/** Text with its lines re-joined, so that a sentence broken over two lines reads whole. */
const joined = (text: string) => text.replace(/\n\s*/g, ' ');
const PROSE = joined(DOC);

const HEADINGS = [
  'Steps and fields',
  'The rules and their messages',
  'The resume',
  'Moving between steps and submitting',
  'Toasts and messages',
  'What the provider receives',
  'Limits and defaults',
] as const;
type Heading = (typeof HEADINGS)[number];

/** A section's own text, as written (its table rows are one line each). */
function section(heading: Heading): string {
  const start = DOC.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = DOC.indexOf('\n## ', start + 1);
  return DOC.slice(start, end < 0 ? undefined : end);
}
const sectionProse = (heading: Heading) => joined(section(heading));

/** The table row of `heading` whose first cell is `first`, exactly. */
function row(heading: Heading, first: string): string {
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rows = section(heading).match(new RegExp(`^\\| ${escaped} +\\|.*$`, 'gm')) ?? [];
  expect(rows, `${heading}: the row "${first}"`).toHaveLength(1);
  return rows[0] as string;
}

/** A table row's cells, trimmed, without the outer pipes. */
const cells = (line: string) =>
  line
    .slice(1, -1)
    .split(' | ')
    .map((cell) => cell.trim());

/** `texts` appear in `text` in this order. */
function inOrder(text: string, texts: readonly string[]) {
  let from = 0;
  for (const part of texts) {
    const at = text.indexOf(part, from);
    expect(at, `${JSON.stringify(part)} after position ${from} of ${text}`).toBeGreaterThan(-1);
    from = at + part.length;
  }
}

const quoted = (text: string) => `"${text}"`;
const thousands = (n: number) => n.toLocaleString('en-US');

/** The literal texts of the t`…` and msg`…` messages in a source file (none with a placeholder). */
const said = (file: string) =>
  [...read(file).matchAll(/\b(?:t|msg)`([^`$]*)`/g)].map((match) => match[1] as string);

/** The first cells of a table's quoted rows between two markers of the doc. */
function quotedRowsBetween(from: string, to: string): string[] {
  const start = DOC.indexOf(from);
  const end = DOC.indexOf(to, start);
  expect(start, from).toBeGreaterThan(-1);
  expect(end, to).toBeGreaterThan(start);
  return [...DOC.slice(start, end).matchAll(/^\| "([^"]+)" +\|/gm)].map((m) => m[1] as string);
}

/** Each control element of a step's source, with its props. */
function controlsOf(file: string) {
  return [
    ...read(file).matchAll(
      /<(TextField|NumberField|PasswordField|SelectField|CheckboxGroup|Switch)\b([\s\S]*?)\/>/g,
    ),
  ].map(([, kind, props]) => {
    const prop = (name: string) =>
      new RegExp(`\\b${name}=(?:"([^"]*)"|\\{t\`([^\`]*)\`\\})`)
        .exec(props as string)
        ?.slice(1)
        .find(Boolean);
    return {
      kind: kind as string,
      label: (prop('label') ?? prop('legend')) as string,
      hint: prop('hint'),
      type: prop('type'),
      autoComplete: prop('autoComplete'),
      inputMode: prop('inputMode'),
    };
  });
}

/** The body of one exported function of a source file, up to the next export. */
function functionSource(file: string, name: string): string {
  const source = read(file);
  const start = source.indexOf(`export function ${name}(`);
  expect(start, `${file}: ${name}`).toBeGreaterThan(-1);
  const end = source.indexOf('\nexport ', start + 1);
  return source.slice(start, end < 0 ? undefined : end);
}

describe('docs/form.md', () => {
  it('has its title and exactly the seven sections, in order, and cites nothing outside the repository', () => {
    expect(DOC.startsWith('# The form\n')).toBe(true);
    expect([...DOC.matchAll(/^## (.*)$/gm)].map((match) => match[1])).toEqual([...HEADINGS]);
    expect(DOC.match(/DESIGN|spec(ification)?\s*§|§|STYLE|issue \d|#\d/g)).toBeNull();
  });
});

describe('docs/form.md: the steps and their accessible names', () => {
  it('names the page, the step list and the steps as the code does', () => {
    expect(PROSE).toContain(
      `The page's title and its main heading are ${quoted(PAGE_TITLE.message as string)}`,
    );
    expect(STEP_TITLE_TEXTS.map((text) => text.message)).toEqual([...STEP_TITLES]);
    expect(said('src/web/StepNav.tsx')).toContain('Registration steps');
    expect(read('src/web/StepNav.tsx')).toContain(`aria-current={index === step ? 'step'`);
    expect(PROSE).toContain(
      `a navigation landmark, "Registration steps", holding an ordered list of three buttons: ${STEP_TITLES.slice(
        0,
        -1,
      )
        .map(quoted)
        .join(
          ', ',
        )} and ${quoted(STEP_TITLES.at(-1) as string)}. The current step's button has \`aria-current="step"\``,
    );
    expect(PROSE).toContain(`"Step 1 of ${STEP_COUNT}"`);
    expect(read('src/web/App.tsx')).toMatch(/t`Step \$\{number\} of \$\{STEP_COUNT\}`/);
    expect(PROSE).toContain(quoted(AUTOFILL_TEXTS.button));
    expect(said('src/web/LanguageSwitch.tsx')).toContain('Language');
    expect(PROSE).toContain('"Language" switch');
  });

  it.each([
    [
      'Step 1',
      'src/web/steps/PersonalStep.tsx',
      '**Step 1, Personal Info.**',
      '**Step 2, Career Info.**',
    ],
    ['Step 2', 'src/web/steps/CareerStep.tsx', '**Step 2, Career Info.**', '**Step 3, Resume.**'],
  ])(
    'lists %s’s controls as its source has them: names, types, autocomplete tokens, hints',
    (_step, file, from, to) => {
      const controls = controlsOf(file);
      expect(controls.length).toBeGreaterThan(6);
      // Every control of the step, in its order, and no other.
      expect(quotedRowsBetween(from, to)).toEqual(controls.map((control) => control.label));
      const number = functionSource('src/web/fields/fields.tsx', 'NumberField');
      const password = functionSource('src/web/fields/fields.tsx', 'PasswordField');
      for (const control of controls) {
        const line = row('Steps and fields', quoted(control.label));
        const expected: string[] = [];
        if (control.kind === 'TextField') expected.push(`\`type="${control.type ?? 'text'}"\``);
        if (control.autoComplete) expected.push(`\`autocomplete="${control.autoComplete}"\``);
        if (control.inputMode) expected.push(`\`inputmode="${control.inputMode}"\``);
        if (control.kind === 'NumberField') {
          expect(number).toMatch(/type="number"\s+min=\{0\}\s+step=\{1\}\s+inputMode="numeric"/);
          expected.push('`type="number"`', '`min="0"`', '`step="1"`', '`inputmode="numeric"`');
        }
        if (control.kind === 'PasswordField') {
          expect(password).toContain('autoComplete="new-password"');
          expect(password).toContain(`hint={t\`At least ${PASSWORD_MIN_LENGTH} characters\`}`);
          expected.push('`type="password"`', '`autocomplete="new-password"`');
          expected.push(quoted(`At least ${PASSWORD_MIN_LENGTH} characters`));
        }
        if (control.kind === 'Switch') expected.push('`role="switch"`');
        if (control.hint) expected.push(quoted(control.hint));
        for (const text of expected) expect(line, control.label).toContain(text);
      }
      expect(said('src/web/fields/fields.tsx')).toContain('Show');
      expect(PROSE).toContain(`"Show" / ${quoted(EARLY_TEXTS.hide.message as string)} button`);
    },
  );

  it('lists the options of the job types, the selects and the eligibility values as the code has them', () => {
    const jobTypes = row('Steps and fields', '"Acceptable Job Types"');
    inOrder(
      jobTypes,
      JOB_TYPES.map((type) => quoted(JOB_TYPE_TEXTS[type].message as string)),
    );
    expect(said('src/web/steps/CareerStep.tsx')).toContain('Select…');
    inOrder(row('Steps and fields', '"Education Level"'), [
      '"Select…" (empty)',
      ...EDUCATION_LEVELS.map((level) => quoted(EDUCATION_TEXTS[level].message as string)),
    ]);
    inOrder(row('Steps and fields', '"Work Experience"'), [
      '"Select…" (empty)',
      ...WORK_EXPERIENCE.map((years) => quoted(english(experienceText(years)))),
    ]);
    const eligibility = row('Steps and fields', '"Eligibility Status"');
    expect(eligibility).toContain('no empty option');
    inOrder(
      eligibility,
      ELIGIBILITY_STATUSES.map(
        (status) => `${quoted(ELIGIBILITY_TEXTS[status].message as string)} (\`${status}\`)`,
      ),
    );
  });

  it.each<[string, string[]]>([
    ['src/web/StepActions.tsx', ['Back', 'Next Step', 'Submit Registration']],
    ['src/web/App.tsx', ['Fill with Random Data', 'Clear this form', 'Three short steps.']],
    ['src/web/ErrorSummary.tsx', ['There is a problem']],
    [
      'src/web/steps/ResumeStep.tsx',
      ['How to add your resume', 'Upload File', 'Add URL', 'Remove', 'Replace'],
    ],
    [
      'src/web/steps/UploadPanel.tsx',
      ['Drag and drop your resume here, or', 'Resume file', 'Upload progress'],
    ],
    ['src/web/steps/UrlPanel.tsx', ['Resume URL', 'Add', 'Submit URL']],
    ['src/web/steps/CheckAnswers.tsx', ['Check your answers', 'Change']],
    [
      'src/web/steps/Confirmation.tsx',
      ["You're registered", 'We have your registration', 'Register someone else'],
    ],
    [
      'src/web/RestoredNotice.tsx',
      [
        'We restored the answers you gave on this device. Your password is never saved, so please enter it again.',
        'Not you? Clear this form',
      ],
    ],
  ])('gives the names of %s as it says them', (file, names) => {
    const texts = said(file);
    for (const name of names) {
      expect(texts, file).toContain(name);
      expect(PROSE, name).toContain(quoted(name));
    }
  });

  it('quotes the notices at collection as the code says them with the default configuration', async () => {
    const { i18n } = await import('@lingui/core');
    const say = (text: MessageDescriptor) => i18n._(text);
    const { draftKeptSentence } = await import('../src/shared/notice-texts.ts');
    const { SENT_TEXT, uploadSentence } = await import('../src/web/steps/notice-texts.ts');
    const { DEFAULT_PUBLIC_CONFIG } = await import('../src/shared/contract.ts');
    expect(PROSE).toContain(
      `"${say(SENT_TEXT)} ${draftKeptSentence(say, DEFAULT_PUBLIC_CONFIG.draftTtlHours)}"`,
    );
    expect(PROSE).toContain(`"${uploadSentence(say, DEFAULT_PUBLIC_CONFIG)}"`);
    const { EARLY_TEXTS } = await import('../src/web/texts.ts');
    for (const text of [
      EARLY_TEXTS.clearQuestion,
      EARLY_TEXTS.clearConfirm,
      EARLY_TEXTS.clearKeep,
    ]) {
      expect(PROSE).toContain(quoted(text.message as string));
    }
  });

  it('names the parts of step 3 that are built from pieces as the code builds them', async () => {
    // ResumeStep.tsx builds its hint from the limits; its English is exported.
    const { RESUME_HINT } = await import('../src/web/steps/ResumeStep.tsx');
    expect(RESUME_HINT).toContain(`${MAX_RESUME_BYTES / 1024 / 1024} MB`);
    expect(PROSE).toContain(quoted(RESUME_HINT));
    expect(said('src/web/steps/ResumeStep.tsx')).toContain('Resume added:');
    expect(PROSE).toContain('"Resume added: {filename}"');
    const upload = said('src/web/steps/UploadPanel.tsx');
    expect(upload).toEqual(expect.arrayContaining(['Select Resume', 'Cancel', 'upload']));
    expect(PROSE).toContain('"Select Resume" button, which opens the file chooser');
    expect(PROSE).toContain('a "Cancel upload" button');
    expect(read('src/web/steps/ResumeStep.tsx')).toContain('role="tab"');
    expect(read('src/web/steps/UploadPanel.tsx')).toContain('role="progressbar"');
  });

  it('gives the layout of styles.css and the width the browser suite holds', () => {
    const css = read('src/web/styles.css');
    const width = /^\.page \{\n {2}max-width: (\d+px);/m.exec(css)?.[1];
    const single =
      /@media \(width < ([\d.]+em)\) \{[^@]*?\.row \{\n {4}grid-template-columns: 1fr;/.exec(
        css,
      )?.[1];
    expect(width).toBeDefined();
    expect(single).toBeDefined();
    expect(PROSE).toContain(`The page is a centred container at most ${width} wide`);
    expect(PROSE).toContain(`Below ${single}, everything is in a single column`);
    expect(row('Limits and defaults', 'layout')).toContain(
      `container at most ${width} wide; single column below ${single}`,
    );
    expect(read('e2e/layout.spec.ts')).toContain('setViewportSize({ width: 320,');
    expect(PROSE).toContain('Nothing scrolls sideways at 320 px.');
  });
});

describe('docs/form.md: the rules and their messages', () => {
  const rules = (label: string) => row('The rules and their messages', quoted(label));
  const tooLong = (field: LimitedField) => tooLongMessage(field, MAX_LENGTHS[field]);

  it('gives every English field message of src/shared/messages.ts', () => {
    for (const [key, message] of Object.entries(FIELD_MESSAGES)) {
      expect(PROSE, key).toContain(quoted(message));
    }
  });

  it('gives each field’s rules in the order the page applies them', () => {
    const F = FIELD_MESSAGES;
    inOrder(rules('First Name'), [tooLong('first_name'), F.firstName, F.nameUrl].map(quoted));
    inOrder(rules('Last Name'), [tooLong('last_name'), F.lastName, F.nameUrl].map(quoted));
    inOrder(rules('Email'), [tooLong('email'), F.email].map(quoted));
    inOrder(rules('Password'), [tooLong('password'), F.password].map(quoted));
    inOrder(rules('Phone'), [tooLong('phone'), F.phoneUrl].map(quoted));
    inOrder(rules('Zip Code'), [tooLong('zip_code'), F.zipRequired, F.zipPattern].map(quoted));
    inOrder(rules('Home Town'), [quoted(tooLong('home_town'))]);
    inOrder(rules('Desired Job Title'), [quoted(tooLong('desired_job_title'))]);
    inOrder(rules('Latest Job Title'), [quoted(tooLong('latest_job_title'))]);
    inOrder(rules('Key Skills'), [quoted(tooLong('key_skills'))]);
    for (const label of ['Minimum Salary', 'Travel Radius (miles)']) {
      inOrder(rules(label), [F.notANumber, F.notNegative].map(quoted));
    }
    inOrder(rules('Maximum Salary'), [F.notANumber, F.notNegative, F.salaryOrder].map(quoted));
    inOrder(
      row('The rules and their messages', 'the resume'),
      [F.resumeMissing, F.resumeIncomplete, tooLong('resume_url')].map(quoted),
    );
    // The shown order is the schema's: a long name with a web address gets the length's message,
    // a long zip code the zip code's, and the password's limits come from the constants.
    const step1 = (values: object) =>
      personalSchema
        .safeParse({ ...INITIAL_VALUES, ...values })
        .error?.issues.map((i) => i.message);
    expect(step1({ first_name: `www.${'a'.repeat(MAX_LENGTHS.first_name)}` })?.[0]).toBe(
      tooLong('first_name'),
    );
    expect(step1({ first_name: ' ' })?.[0]).toBe(F.firstName);
    expect(tooLong('zip_code')).toBe(F.zipPattern);
    expect(F.password).toContain(`at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(rules('Password')).toContain(`shorter than ${PASSWORD_MIN_LENGTH} characters`);
    expect(rules('Zip Code')).toContain(`longer than ${MAX_LENGTHS.zip_code} characters`);
    for (const zip of ['12345', '12345-6789']) expect(ZIP_PATTERN.test(zip)).toBe(true);
    for (const zip of ['1234', '123456', '12345-678']) expect(ZIP_PATTERN.test(zip)).toBe(false);
  });

  it('gives the file choice’s checks in their order, with their field messages and toasts', () => {
    const F = FIELD_MESSAGES;
    const file = (name: string, bytes: number, type = '') =>
      new File([new Uint8Array(bytes)], name, { type });
    const pdf = file('cv.pdf', 10);
    // Several files first, then the size, then the type.
    expect(chooseResume([pdf, pdf], MAX_RESUME_BYTES)).toBe('resumeFileType');
    expect(chooseResume([file('cv.png', MAX_RESUME_BYTES + 1)], MAX_RESUME_BYTES)).toBe(
      'resumeTooLarge',
    );
    expect(chooseResume([file('cv.png', 10)], MAX_RESUME_BYTES)).toBe('resumeFileType');
    expect(read('src/web/steps/UploadPanel.tsx')).toContain(
      "resume === 'resumeTooLarge' ? resume : 'dropRejected'",
    );
    const prose = sectionProse('The rules and their messages');
    expect(prose).toContain(
      `in this order: more than one file (a drop of several), then a file over ${MAX_RESUME_BYTES / 1024 / 1024} MB, then a type that is not a resume.`,
    );
    const heading = 'The rules and their messages';
    inOrder(
      row(heading, 'more than one file dropped'),
      [F.resumeFileType, F.dropRejected].map(quoted),
    );
    inOrder(row(heading, 'over 5 MB'), [F.resumeTooLarge, F.resumeTooLarge].map(quoted));
    inOrder(
      row(heading, 'not PDF, DOC, DOCX, TXT or RTF'),
      [F.resumeFileType, F.dropRejected].map(quoted),
    );
    for (const message of [
      UPLOAD_ERRORS.tooLarge,
      UPLOAD_ERRORS.type,
      UPLOAD_ERRORS.contentMismatch,
    ]) {
      expect(prose).toContain(quoted(message));
    }
    expect(prose).toContain(
      `"Please enter a valid URL". A link over ${thousands(MAX_LENGTHS.resume_url)} characters gets ${quoted(tooLong('resume_url'))}`,
    );
  });

  it('gives the five checks before the provider call in the order the server runs them', () => {
    const table = [
      ...section('The rules and their messages').matchAll(/^\| (\d) +\| .* \| "([^"]+)" +\|$/gm),
    ].map((match) => [Number(match[1]), match[2]]);
    const order = [
      CHECK_MESSAGES.email,
      CHECK_MESSAGES.resumeContent,
      CHECK_MESSAGES.resumeUrl,
      CHECK_MESSAGES.resumeMissing,
      CHECK_MESSAGES.required,
    ];
    expect(table).toEqual(order.map((message, index) => [index + 1, message]));
    expect(Object.values(CHECK_MESSAGES).sort()).toEqual([...order].sort());
    // Each body passes the checks before its own and fails every one after it.
    const email = { email: 'ada@example.com' };
    const bodies = [
      { resume_url: 'not a url' },
      { ...email, uploaded_resume: { resume_content_base64: ' ' }, resume_url: 'not a url' },
      { ...email, resume_url: 'https://exa mple.com/cv.pdf' },
      email,
      { ...email, resume_url: 'https://example.com/cv.pdf' },
    ];
    expect(bodies.map((body) => checkBeforeProviderCall(body))).toEqual(order);
    const required = { first_name: 'Ada', last_name: 'L', password: 'secret-1', zip_code: '10001' };
    expect(checkBeforeProviderCall({ ...bodies[4], ...required })).toBeNull();
    const check5 = row('The rules and their messages', '5');
    for (const field of ['first_name', 'last_name', 'email', 'password', 'zip_code']) {
      expect(check5).toContain(`\`${field}\``);
      // Each of them, blank, fails check 5 once the others pass.
      const blank = { ...bodies[4], ...required, [field]: ' ' };
      expect(checkBeforeProviderCall(blank), field).toBe(
        field === 'email' ? CHECK_MESSAGES.email : CHECK_MESSAGES.required,
      );
    }
  });

  it('puts the length guard first and names its messages as the code writes them', () => {
    const long = 'a'.repeat(MAX_LENGTHS.first_name + 1);
    // Before check 1: a bad email with a long name gets the name's length.
    expect(firstTooLongField({ email: 'nope', first_name: long })?.message).toBe(
      tooLong('first_name'),
    );
    const prose = sectionProse('The rules and their messages');
    expect(prose).toContain(`e.g. ${quoted(tooLong('first_name'))}`);
    expect(prose).toContain(
      quoted(tooLongMessage('resume_filename', MAX_RESUME_FIELD_LENGTHS.resume_filename)),
    );
    expect(prose).toContain(
      quoted(tooLongMessage('resume_filetype', MAX_RESUME_FIELD_LENGTHS.resume_filetype)),
    );
    inOrder(prose, [
      '**Lengths, first of all.**',
      '**The five checks:**',
      "**The link's name.**",
      "**The page's own rules**",
      '**The resume file.**',
      '**Bot defence.**',
    ]);
    expect(prose).toContain(
      'Spanish ones are in `src/locales/es/messages.po` ([languages.md](languages.md))',
    );
  });
});

describe('docs/form.md: the resume', () => {
  const prose = () => sectionProse('The resume');

  it('gives the types, how a type is read and the size, as the code has them', () => {
    const mb = MAX_RESUME_BYTES / 1024 / 1024;
    const types = RESUME_TYPES.slice(0, -1).join(', ');
    expect(prose()).toContain(`**A file** is one of ${types} or ${RESUME_TYPES.at(-1)}.`);
    expect(prose()).toContain(`It is at most ${mb} MB (${thousands(MAX_RESUME_BYTES)} bytes).`);
    for (const type of RESUME_TYPES.filter((type) => type !== 'docx')) {
      expect(prose()).toContain(`\`${RESUME_MIME[type]}\``);
    }
    expect(prose()).toContain('`text/rtf`, `application/x-rtf`');
    expect(claimedResumeType('cv', 'text/rtf')).toBe('rtf');
    expect(claimedResumeType('cv', 'application/x-rtf')).toBe('rtf');
    expect(claimedResumeType('cv', RESUME_MIME.docx)).toBe('docx');
    // The extension first, the MIME type only without one.
    expect(claimedResumeType('cv.pdf', 'text/plain')).toBe('pdf');
    expect(prose()).toContain('Its type is read from its extension first');
    expect(prose()).toContain(quoted(FIELD_MESSAGES.dropRejected));
  });

  it('gives the upload’s unique name as the browser makes it', () => {
    const name = uploadFilename('cv.pdf', 1_767_225_600_000, () => 0.123456);
    expect(name).toMatch(/^\d+-[0-9a-z]{8}-cv\.pdf$/);
    expect(prose()).toContain(
      `the time in milliseconds, 8 random letters and digits, and the original name (\`${name}\`)`,
    );
    expect(prose()).toContain(`the toast says "(without local preview)"`);
    expect(UPLOAD_TOASTS.successWithoutPreview).toBe(
      `${UPLOAD_TOASTS.success} (without local preview)`,
    );
  });

  it('gives the link’s prefix fix, its file name and type as the code reads them', () => {
    const typed = 'example.com/cv/Ada%20Lovelace.pdf';
    const link = resumeLinkFrom(typed);
    expect(link?.filetype).toBe('pdf');
    expect(prose()).toContain(
      `\`${typed}\` is attached as \`${link?.url}\` and shown as "Resume added: ${link?.filename}"`,
    );
    expect(resumeLinkFrom('  http://example.com/a  ')?.url).toBe('http://example.com/a');
    expect(resumeLinkFrom('example.com')?.filename).toBe('example.com');
    expect(resumeLinkFrom('example.com/cv.PDF')?.filetype).toBe('pdf');
    expect(resumeLinkFrom('example.com/cv.docx')?.filetype).toBe('unknown');
    expect(resumeLinkFrom('   ')).toBeNull();
    expect(prose()).toContain(
      'A link without `http://` or `https://` gets `https://` put in front.',
    );
    expect(prose()).toContain(
      'Its file name is the last segment of its path, decoded, or the host name when the path is empty. Its type is `pdf` when the path ends in `.pdf`, else `unknown`.',
    );
    expect(prose()).toContain(`and it is at most ${thousands(MAX_LENGTHS.resume_url)} characters`);
  });

  it('gives what the browser sends for each kind of resume, with its defaults', () => {
    const table = (first: string) => row('The resume', first);
    expect(resumeForSubmit({ url: ' https://example.com/cv.pdf ' })).toEqual({
      resume_url: 'https://example.com/cv.pdf',
      uploaded_resume: null,
    });
    inOrder(table('a link'), ['the link', '`null`']);
    const uploaded = resumeForSubmit({
      filename: 'cv.pdf',
      filetype: 'pdf',
      uploadedUrl: 'https://x.example/candidate/resumes/a.pdf',
      base64: 'QQ==',
    });
    expect(uploaded).toEqual({
      resume_url: 'https://x.example/candidate/resumes/a.pdf',
      uploaded_resume: null,
    });
    inOrder(table('an uploaded file'), ["the stored file's URL", '`null`']);
    const bytes = resumeForSubmit({ filename: '', filetype: '', base64: 'QQ==' });
    expect(bytes.resume_url).toBe('');
    inOrder(table("a file held only as bytes (the random data's sample)"), [
      'empty',
      `\`resume_filename\` (default \`${bytes.uploaded_resume?.resume_filename}\`)`,
      `\`resume_filetype\` (default \`${bytes.uploaded_resume?.resume_filetype}\`)`,
    ]);
    expect(prose()).toContain(
      `or \`${SAMPLE_RESUME_FILENAME}\` for the random data's sample resume`,
    );
  });
});

describe('docs/form.md: moving between steps and submitting', () => {
  it('gives the conflict’s focus delay, the draft’s timings and the submit defaults as the code has them', async () => {
    const delay = Number(
      /const CONFLICT_FOCUS_DELAY_MS = ([\d_]+);/
        .exec(read('src/web/wizard/useSubmit.ts'))?.[1]
        ?.replaceAll('_', ''),
    );
    expect(delay).toBeGreaterThan(0);
    const prose = sectionProse('Moving between steps and submitting');
    expect(prose).toContain(
      `the wizard goes to step 1 and, after ${delay / 1000} s, focuses the Email field with its text selected`,
    );
    expect(row('Limits and defaults', 'email focus after a conflict')).toContain(`| ${delay} ms `);
    const { DRAFT_SAVE_DELAY_MS } = await import('../src/web/wizard/useDraft.ts');
    expect(prose).toContain(
      `The answers are saved on the device ${DRAFT_SAVE_DELAY_MS} ms after each change`,
    );
    expect(row('Limits and defaults', 'draft saved after a change')).toContain(
      `| ${DRAFT_SAVE_DELAY_MS} ms `,
    );
    expect(prose).toContain(`kept for \`DRAFT_TTL_HOURS\` (${DEFAULT_DRAFT_TTL_HOURS} by default)`);
    const body = buildSubmission(
      { ...INITIAL_VALUES, country_id: '', resume: { url: 'https://example.com/cv.pdf' } } as never,
      new Date(0),
    );
    expect(body.country_id).toBe(DEFAULT_COUNTRY);
    expect(prose).toContain(
      `\`country_id\` \`${DEFAULT_COUNTRY}\` when empty, the job types \`${JSON.stringify(body.acceptable_job_types)}\` when none is ticked, \`registration_date\` the time of the press`,
    );
    expect(body.registration_date).toBe(new Date(0).toISOString());
    expect(prose).toContain(quoted(LOADING_TOASTS.failed));
  });

  it('gives the idempotency key, and when it is sent again, as the page makes and keeps it', () => {
    const prose = sectionProse('Moving between steps and submitting');
    expect(IDEMPOTENCY_HEADER).toBe('Idempotency-Key'.toLowerCase());
    expect(prose).toContain('carries a key of its own in the `Idempotency-Key` header');
    expect(read('src/web/api.ts')).toContain('[IDEMPOTENCY_HEADER]: idempotencyKey');
    const uuid = '0f8c6a8e-3d1f-4a4b-9c57-5f1e2d3c4b5a';
    expect(makeIdempotencyKey({ randomUUID: () => uuid, getRandomValues: (a) => a })).toBe(uuid);
    let bits = 0;
    const hex = makeIdempotencyKey({
      getRandomValues: (array) => {
        bits = array.length * 8;
        return array;
      },
    });
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(isIdempotencyKey(hex)).toBe(true);
    expect(prose).toContain(
      `\`crypto.randomUUID()\`, or where the page has none (a board's page on plain \`http\`), ${bits} bits of \`crypto.getRandomValues\` as ${hex.length} hex digits`,
    );
    // Which answers keep the key: none at all, and exactly the 5xx.
    const sent = (ended: AttemptEnd) => ({ key: uuid, fingerprint: 'f', ended });
    const keeps = (status: number | null, fingerprint = 'f') =>
      keyDecision(sent(attemptEnd(status)), fingerprint) === 'keep';
    const statuses = Array.from({ length: 500 }, (_, i) => i + 100);
    expect(keeps(null)).toBe(true);
    expect(statuses.filter((status) => keeps(status))).toEqual(statuses.slice(400));
    expect(keeps(null, 'g') || keeps(503, 'g')).toBe(false);
    expect(prose).toContain(
      'after an attempt that got no answer at all (a network failure, a reset connection) or a `5xx` sends the same key',
    );
    expect(prose).toContain(
      'After any other answer (a `2xx`, a `4xx`), or when any answer changed, the password too, the next submission has a new key.',
    );
    // Kept beside the draft, without the password, and gone with it.
    expect(SUBMISSION_KEY_ITEM.startsWith(DRAFT_KEY)).toBe(true);
    const storage = new Map<string, string>();
    const device = {
      getItem: (item: string) => storage.get(item) ?? null,
      setItem: (item: string, value: string) => void storage.set(item, value),
      removeItem: (item: string) => void storage.delete(item),
    };
    const answers = { first_name: 'Ada', password: 'correct-horse' };
    submissionKeys(device).send(answers).ended('no-answer');
    const kept = storage.get(SUBMISSION_KEY_ITEM);
    submissionKeys(device)
      .send({ ...answers, password: 'other-horse' })
      .ended('no-answer');
    expect(storage.get(SUBMISSION_KEY_ITEM)).toBe(kept);
    clearDraft(device);
    expect(storage.size).toBe(0);
    expect(prose).toContain(
      'kept on the device beside the draft, with a fingerprint of the answers but the password, and goes with it',
    );
  });
});

describe('docs/form.md: toasts and messages', () => {
  const prose = () => sectionProse('Toasts and messages');

  it('gives the durations, the most shown at once and the region as the Toaster has them', () => {
    const toaster = read('src/web/toast/Toaster.tsx');
    const duration =
      /const DURATION: Record<ToastKind, number> = \{ success: ([\d_]+), error: ([\d_]+), info: ([\d_]+) \};/
        .exec(toaster)
        ?.slice(1)
        .map((ms) => Number(ms.replaceAll('_', '')) / 1000);
    const visible = /const VISIBLE = (\d+);/.exec(toaster)?.[1];
    expect(duration).toHaveLength(3);
    expect(visible).toBeDefined();
    const [success, error, info] = duration as number[];
    expect(prose()).toContain(
      `A success toast stays ${success} s, an error toast ${error} s, any other (the random data's) ${info} s.`,
    );
    expect(prose()).toContain(`at most ${visible} at once, the newest on top`);
    expect(row('Limits and defaults', 'toasts')).toContain(
      `success ${success} s, error ${error} s, info ${info} s; at most ${visible} at once`,
    );
    expect(toaster).toContain('aria-live="polite"');
    expect(prose()).toContain(
      `a region named ${quoted(EARLY_TEXTS.notifications.message as string)} (\`aria-live="polite"\`)`,
    );
    expect(prose()).toContain(`a ${quoted(EARLY_TEXTS.closeToast.message as string)} button`);
    expect(read('src/web/styles.css')).toMatch(
      /\.toaster ol \{\n {2}position: fixed;\n {2}top: [\d.]+rem;\n {2}right: [\d.]+rem;/,
    );
    expect(prose()).toContain('Toasts sit at the top right of the window');
    expect(read('src/web/wizard/useWizard.ts')).toContain(
      "notify('info', say(REGISTRATION_TOAST_TEXTS.randomData))",
    );
    expect(prose()).toContain(`${quoted(REGISTRATION_TOASTS.randomData)} (kind info, ${info} s)`);
  });

  it('gives every upload toast', () => {
    for (const [key, text] of Object.entries(UPLOAD_TOASTS)) {
      expect(prose(), key).toContain(quoted(text));
    }
    expect(
      row('Toasts and messages', 'the upload was refused for too many uploads (`429`)'),
    ).toContain(quoted(PROVIDER_MESSAGES.tooManyRequests));
    expect(read('src/web/steps/useUpload.ts')).toMatch(
      /result\.status === 429\s+\? say\(PROVIDER_TEXTS\.tooManyRequests\)/,
    );
  });

  it('gives every registration toast, and marks a conflict as the page does', () => {
    for (const key of ['failed', 'checkInformation', 'serverError', 'success', 'queued'] as const) {
      expect(prose(), key).toContain(quoted(REGISTRATION_TOASTS[key]));
    }
    expect(prose()).toContain(quoted(REGISTRATION_TOASTS.conflict('{host}')));
    const markers = [
      ...(
        /const CONFLICT_MARKERS = \[([^\]]*)\]/.exec(read('src/web/wizard/toasts.ts'))?.[1] ?? ''
      ).matchAll(/'([^']+)'/g),
    ].map((match) => match[1] as string);
    expect(markers.length).toBeGreaterThan(1);
    const conflictRow = row(
      'Toasts and messages',
      '`409`, or a `message` containing "already exists", "already registered" or "Conflict"',
    );
    expect([...(cells(conflictRow)[0] as string).matchAll(/"([^"]+)"/g)].map((m) => m[1])).toEqual(
      markers,
    );
    for (const marker of markers) {
      expect(
        registrationToast({ ok: false, status: 400, message: `x ${marker} y` }, 'h').conflict,
      ).toBe(true);
    }
    // A failed check's message is its detail: the toast says it.
    expect(prose()).toContain(`(e.g. ${quoted(CHECK_MESSAGES.email)})`);
  });

  it('maps each provider status to the answer and the toast the code gives', () => {
    const host = '{host}';
    const heading = 'Toasts and messages';
    const outcome = (status: number, body: unknown = null) => {
      const decision = registrationAnswer(providerResponse(status, body));
      return { ...decision, toast: registrationToast(decision.answer, host).message };
    };
    const rows: [string, number[]][] = [
      ['401', [401]],
      ['403', [403]],
      ['409', [409]],
      ['429', [429]],
      ['500', [500]],
      ['501 to 599', [501, 502, 503, 504, 599]],
    ];
    for (const [first, statuses] of rows) {
      const line = row(heading, first);
      for (const status of statuses) {
        const { answer, toast, httpStatus } = outcome(status);
        expect(httpStatus).toBe(status);
        inOrder(line, [quoted(answer.message as string), quoted(toast)]);
      }
    }
    expect(outcome(500).toast).not.toBe(outcome(503).toast);

    const success = outcome(201);
    expect(success.answer.ok).toBe(true);
    expect(outcome(204).httpStatus).toBe(200);
    expect(outcome(205).httpStatus).toBe(200);
    expect(row(heading, '2xx with JSON, or with no body')).toContain(quoted(success.toast));

    const badRequest = row(heading, '400');
    expect(badRequest).toContain(quoted(outcome(400).answer.message as string));
    expect(badRequest).toContain(quoted(outcome(400).toast));
    inOrder(badRequest, [
      `"${outcome(400, { resume: ['…'] }).answer.message}"`,
      `"${outcome(400, { email: ['…'] }).answer.message}"`,
      `"${(outcome(400, { zip_code: ['…'] }).answer.message as string).replace('zip_code', 'field')}`,
    ]);
    expect(outcome(400, { zip_code: ['a'], phone: ['b'] }).answer.message).toBe(
      'Validation errors: zip_code: a; phone: b',
    );

    const unprocessable = row(heading, '422');
    inOrder(unprocessable, [
      quoted(outcome(422).answer.message as string),
      quoted(outcome(422).toast),
    ]);

    const other = row(heading, 'any other status (404, 418, …)');
    const fallback = (PROVIDER_MESSAGES.statusFallback(404) as string).replace(/\d+$/, '{n}');
    expect(other).toContain(quoted(fallback));
    expect(other).toContain(`e.g. ${quoted(outcome(404).toast)}`);
    expect(outcome(418, "I'm a teapot").toast).toBe("I'm a teapot");
    expect(outcome(302).httpStatus).toBe(502);
    expect(other).toContain('(a 1xx or 3xx as `502`)');

    const none = row(
      heading,
      'a 2xx that is not JSON, a status above 599, no answer within the timeout, a network failure',
    );
    const noAnswers = [
      registrationAnswer(providerResponse(200, '<html>', 'text/html')),
      registrationAnswer(providerResponse(700, null)),
      registrationAnswer({ kind: 'network' }),
      registrationAnswer({ kind: 'timeout' }),
    ];
    expect(noAnswers.map((decision) => decision.httpStatus)).toEqual([502, 502, 502, 504]);
    for (const { answer } of noAnswers) {
      expect(answer.status).toBeNull();
      expect(answer.message).toBe(PROVIDER_MESSAGES.failed);
      expect(registrationToast(answer, host).message).toBe(REGISTRATION_TOASTS.failed);
    }
    inOrder(none, [
      '`502` (`504` for the timeout), `status: null`',
      quoted(PROVIDER_MESSAGES.failed),
      quoted(REGISTRATION_TOASTS.failed),
    ]);
  });

  it('says which statuses show the provider’s detail, how long it may be, and what the outbox keeps', () => {
    const detail = 'Zip not served';
    const shown = [400, 401, 403, 404, 418, 422, 429].filter(
      (status) =>
        registrationToast(registrationAnswer(providerResponse(status, { detail })).answer, 'h')
          .message === detail,
    );
    expect(shown).toEqual([400, 401, 403, 404, 418, 422, 429]);
    for (const status of [409, 500, 503]) {
      const answer = registrationAnswer(providerResponse(status, { detail })).answer;
      expect(registrationToast(answer, 'h').message).not.toBe(detail);
    }
    expect(prose()).toContain(
      `(one line, at most ${MESSAGE_MAX_LENGTH} characters), and the toast for 400, 401, 403, 422, 429 and the other statuses shows it instead`,
    );
    const kept = Array.from({ length: 500 }, (_, i) => i + 100).filter(
      (status) => queueReason(providerResponse(status, null)) !== null,
    );
    expect(kept).toEqual([429, 502, 503, 504]);
    expect(queueReason({ kind: 'timeout' })).not.toBeNull();
    expect(queueReason({ kind: 'network' })).not.toBeNull();
    expect(prose()).toContain(
      `With \`OUTBOX=on\`, no answer, ${kept.slice(0, -1).join(', ')} and ${kept.at(-1)} are kept for later`,
    );
  });
});

describe('docs/form.md: what the provider receives', () => {
  const heading = 'What the provider receives';
  const NOW = new Date('2026-01-01T00:00:00.000Z');
  const REQUIRED = {
    first_name: ' Ada ',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    password: 'correct-horse',
    zip_code: '10001',
  };
  const candidate = (extra: object = {}) =>
    toProviderCandidate({ ...REQUIRED, ...extra } as CheckedRequest, NOW);

  it('has a row for every field of the provider’s record, in its order', () => {
    const fields = [...section(heading).matchAll(/^\| `(\w+)` +\|/gm)].map((m) => m[1]);
    expect(fields).toEqual(PROVIDER_CANDIDATE_KEYS);
  });

  it('gives each field’s default as the server fills it', () => {
    const filled = candidate();
    const said = (value: unknown) =>
      value === ''
        ? 'missing: empty'
        : Array.isArray(value) && value.length === 0
          ? 'missing: empty list'
          : value === null
            ? 'missing: `null`'
            : `missing: \`${String(value)}\``;
    const defaulted = PROVIDER_CANDIDATE_KEYS.filter((key) => !(key in REQUIRED));
    expect(defaulted.length).toBeGreaterThan(15);
    for (const key of defaulted) {
      const expected =
        key === 'registration_date'
          ? 'missing: the time of the call'
          : said(filled[key as keyof typeof filled]);
      expect(row(heading, `\`${key}\``), key).toContain(expected);
    }
    expect(filled.registration_date).toBe(NOW.toISOString());
    // Empty counts as missing for these.
    const empty = candidate({ country_id: '', registration_date: '', resume_url: '' });
    expect(empty.country_id).toBe(DEFAULT_COUNTRY);
    expect(empty.registration_date).toBe(NOW.toISOString());
    expect(sectionProse(heading)).toContain(
      '"Missing" means absent or `null`, and also empty for `country_id`, `resume_url` and `registration_date`.',
    );
    const checked = checkedResume({
      ...REQUIRED,
      uploaded_resume: {
        resume_content_base64: ' JVBERi0= ',
        resume_filename: '../../x.exe',
        resume_filetype: 'exe',
      },
      resume_url: 'https://example.com/cv.pdf',
    });
    if (!checked.ok) throw new Error('a PDF is a resume');
    const file = toProviderCandidate(checked.request, NOW);
    expect(file.uploaded_resume).toEqual({
      resume_content_base64: 'JVBERi0=',
      resume_filename: 'resume.pdf',
      resume_filetype: 'pdf',
    });
    expect(file.resume_url).toBe('');
    inOrder(row(heading, '`uploaded_resume`'), [
      'its base64 trimmed',
      '`resume_filename` `resume.<type>` and `resume_filetype` `<type>`',
      'the type its first bytes proved',
      "the candidate's own file name and type are never sent",
    ]);
    expect(candidate({ resume_url: 'example.com/cv.pdf' }).resume_url).toBe(
      'https://example.com/cv.pdf',
    );
    expect(row(heading, '`resume_url`')).toContain(
      'empty when a file is sent; else the link, `https://` put in front when it has no scheme',
    );
    for (const value of ['1', true, 1]) expect(candidate({ relocate: value }).relocate).toBe('1');
    for (const value of ['0', false, 0]) expect(candidate({ relocate: value }).relocate).toBe('0');
    expect(row(heading, '`relocate`')).toContain('`1` for `"1"`, `true` or `1`, else `0`');
    expect(candidate().first_name).toBe('Ada');
    expect(row(heading, '`first_name`')).toContain('trimmed');
  });

  it('gives the sanitising as the server does it', () => {
    const email = ' Ada@Example.COM ';
    expect(row(heading, '`email`')).toContain(
      `trimmed and lower-cased: \`${email}\` becomes \`${sanitiseEmail(email)}\``,
    );
    const phone = '(555) 123-4567';
    expect(row(heading, '`phone`')).toContain(
      `digits and \`+\` only: \`${phone}\` becomes \`${sanitisePhone(phone)}\``,
    );
    expect(sanitisePhone('+1 (555) 000')).toBe('+1555000');
    const zip = '12345-6789';
    const cut = sanitiseZip('1234567890').length;
    expect(row(heading, '`zip_code`')).toContain(
      `digits and \`-\` only, cut to ${cut} characters: \`${zip}\` becomes \`${sanitiseZip(zip)}\``,
    );
    expect(row('Limits and defaults', 'zip code')).toContain(
      `the provider gets the first ${cut} characters`,
    );
  });

  it('gives the initial form values of src/shared/constants.ts', () => {
    const isEmpty = (value: unknown) =>
      value === '' || value === null || (Array.isArray(value) && value.length === 0);
    const set = Object.entries(INITIAL_VALUES).filter(([, value]) => !isEmpty(value));
    const listed = set.map(([key, value]) => `\`${key}\` \`${String(value)}\``);
    expect(sectionProse(heading)).toContain(
      `the form starts with ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}; every other answer is empty, no job type is ticked and no resume is attached.`,
    );
  });

  it('gives the call as the client makes it', () => {
    const prose = sectionProse(heading);
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error('the defaults load');
    const timeout = loaded.config.provider.timeoutMs;
    expect(prose).toContain(
      `\`POST\` to \`PROVIDER_API_BASE\` followed by \`${PROVIDER_REGISTER_PATH}\``,
    );
    expect(basicAuthorization('user', 'key')).toBe(
      `Basic ${Buffer.from('user:key').toString('base64')}`,
    );
    expect(prose).toContain('`authorization: Basic base64(user:key)`');
    const client = read('src/server/provider/client.ts');
    for (const header of ["'content-type': 'application/json'", "accept: 'application/json'"]) {
      expect(client).toContain(header);
    }
    expect(prose).toContain('`content-type: application/json`, `accept: application/json`');
    expect(prose).toContain(`\`PROVIDER_TIMEOUT_MS\` (${timeout / 1000} s by default)`);
    expect(row('Limits and defaults', 'provider timeout')).toContain(
      `${thousands(timeout)} ms (\`PROVIDER_TIMEOUT_MS\`)`,
    );
    expect(prose).toContain('[Provider credentials](../README.md#provider-credentials)');
  });
});

describe('docs/form.md: limits and defaults', () => {
  /** The value cell of a row of the limits' tables. */
  const limit = (first: string) => cells(row('Limits and defaults', first))[1];

  it('gives the business constants as src/shared/constants.ts has them', () => {
    expect(limit('largest resume')).toBe(
      `${MAX_RESUME_BYTES / 1024 / 1024} MB (${thousands(MAX_RESUME_BYTES)} bytes)`,
    );
    expect(limit('resume types')).toBe(`${RESUME_TYPES.join(', ')}`);
    expect(limit('shortest password')).toBe(`${PASSWORD_MIN_LENGTH} characters`);
    expect(MAX_LENGTHS.last_name).toBe(MAX_LENGTHS.first_name);
    expect(MAX_LENGTHS.latest_job_title).toBe(MAX_LENGTHS.desired_job_title);
    const L = MAX_LENGTHS;
    expect(limit('longest values')).toContain(
      `first and last name ${L.first_name}, email ${L.email}, password ${L.password}, phone ${L.phone}, zip code ${L.zip_code}, home town ${L.home_town}, job titles ${L.desired_job_title}, key skills ${thousands(L.key_skills)}, country ${L.country_id}, resume URL ${thousands(L.resume_url)}, registration date ${L.registration_date}; a resume file's name ${MAX_RESUME_FIELD_LENGTHS.resume_filename} and type ${MAX_RESUME_FIELD_LENGTHS.resume_filetype}`,
    );
    expect(Object.keys(MAX_LENGTHS)).toHaveLength(13);
    expect(limit('country')).toBe(`\`${DEFAULT_COUNTRY}\``);
    expect(limit('job type when none is ticked')).toBe(`\`${DEFAULT_JOB_TYPE}\``);
    expect(limit('initial salary')).toBe(
      `${thousands(INITIAL_VALUES.salary_min)} to ${thousands(INITIAL_VALUES.salary_max)}`,
    );
    expect(limit('initial travel radius')).toBe(`${INITIAL_VALUES.travel_radius} miles`);
    expect(limit('steps')).toBe(`${STEP_COUNT}`);
  });

  it('gives the random data’s ranges as the generator draws them', () => {
    const random = limit;
    // The generator at both ends of its random source.
    const low = randomCandidate(() => 0).values;
    const high = randomCandidate(() => 0.999_999).values;
    const skills = (values: typeof low) => values.key_skills.split(', ').length;
    expect(random('`acceptable_job_types`')).toBe(
      `${low.acceptable_job_types.length} to ${high.acceptable_job_types.length} distinct job types`,
    );
    expect(random('`key_skills`')).toBe(
      `${skills(low)} to ${skills(high)} distinct skills from a list of ${SKILLS.length}, joined by ", "`,
    );
    expect(random('`salary_min`')).toBe(
      `${thousands(low.salary_min)} to ${thousands(high.salary_min)}`,
    );
    expect(random('`salary_max`')).toBe(
      `${thousands(low.salary_max)} to ${thousands(high.salary_max)}`,
    );
    expect(random('`travel_radius`')).toBe(`${low.travel_radius} to ${high.travel_radius}`);
    expect(random('`zip_code`')).toBe(
      `one of ${SAMPLE_ZIPS.length} samples: ${SAMPLE_ZIPS.join(', ')}`,
    );
    expect(low.resume).toMatchObject({ filename: SAMPLE_RESUME_FILENAME, filetype: 'txt' });
    expect(random('the resume')).toContain(
      `as bytes named \`${SAMPLE_RESUME_FILENAME}\` (type \`txt\`)`,
    );
    expect(FIRST_NAMES.length).toBe(LAST_NAMES.length);
    expect(low.email).toMatch(/^[a-z]+\.[a-z]+\.\d{4}@example\.com$/);
    expect(low.password).toMatch(/^Pass-\d{8}$/);
    expect(high.phone).toMatch(/^\+1555\d{7}$/);
    expect(random('the rest')).toContain(
      `a first and a last name from ${FIRST_NAMES.length} each, \`first.last.NNNN@example.com\`, a password \`Pass-\` and 8 digits, a phone \`+1555\` and 7 digits`,
    );
  });
});
