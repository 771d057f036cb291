// From a resume's text lines to the form fields it can fill (DESIGN §7). Pure and
// conservative: a field it is not sure of stays empty, because a wrong value costs the
// candidate more than an empty one. Every pattern here is anchored or a plain character run,
// and every line is capped (MAX_LINE_LENGTH), so the work is linear in the text.
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { careerSchema, personalSchema } from '../../shared/schema.ts';

export interface Extracted {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  zip_code?: string;
  home_town?: string;
  latest_job_title?: string;
  key_skills?: string;
}

/** Lines longer than this are cut: no field the form fills is found past it. */
export const MAX_LINE_LENGTH = 2_000;
/** Lines and characters read at most: a resume's fields are in its first pages. */
export const MAX_LINES = 2_000;
export const MAX_CHARS = 200_000;

type SectionKind =
  | 'experience'
  | 'skills'
  | 'contact'
  | 'other'
  | 'references'
  | 'title'
  | 'header';

const HEADINGS: Record<string, SectionKind> = {
  resume: 'title',
  'curriculum vitae': 'title',
  cv: 'title',
  'resume of': 'title',
  experience: 'experience',
  'work experience': 'experience',
  'professional experience': 'experience',
  'employment history': 'experience',
  'employment experience': 'experience',
  'work history': 'experience',
  'relevant experience': 'experience',
  'career history': 'experience',
  employment: 'experience',
  'professional history': 'experience',
  skills: 'skills',
  'key skills': 'skills',
  'technical skills': 'skills',
  'core competencies': 'skills',
  'core skills': 'skills',
  'skills & abilities': 'skills',
  'skills and abilities': 'skills',
  'areas of expertise': 'skills',
  competencies: 'skills',
  contact: 'contact',
  'contact information': 'contact',
  'contact info': 'contact',
  'contact details': 'contact',
  'personal details': 'contact',
  'personal information': 'contact',
  details: 'contact',
  references: 'references',
  summary: 'other',
  'professional summary': 'other',
  'career summary': 'other',
  'summary of qualifications': 'other',
  profile: 'other',
  'professional profile': 'other',
  about: 'other',
  'about me': 'other',
  objective: 'other',
  'career objective': 'other',
  education: 'other',
  'education and training': 'other',
  'education & training': 'other',
  certifications: 'other',
  'certifications & licenses': 'other',
  'licenses and certifications': 'other',
  certificates: 'other',
  projects: 'other',
  'selected projects': 'other',
  languages: 'other',
  interests: 'other',
  hobbies: 'other',
  awards: 'other',
  'honors & awards': 'other',
  'honors and awards': 'other',
  achievements: 'other',
  publications: 'other',
  volunteer: 'other',
  'volunteer experience': 'other',
  volunteering: 'other',
  activities: 'other',
  training: 'other',
  affiliations: 'other',
};

/** A whole line that is a heading: letters, spaces, `&`, an optional colon. */
const HEADING_SHAPE = /^[A-Za-z][A-Za-z &]{0,40}:?$/;

function headingKind(line: string): SectionKind | null {
  if (!HEADING_SHAPE.test(line)) return null;
  const key = line.replace(':', '').trim().replace(/\s+/g, ' ').toLowerCase();
  return HEADINGS[key] ?? null;
}

interface Section {
  kind: SectionKind;
  lines: string[];
}

/** Leading bullets and the like, which carry no text. */
const BULLET = /^[•●▪◦·*‣∙■□➢►–—-]\s*/;

function clean(line: string): string {
  return line
    .slice(0, MAX_LINE_LENGTH)
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim()
    .replace(BULLET, '');
}

function sectionsOf(lines: readonly string[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [] }];
  let chars = 0;
  for (const raw of lines.slice(0, MAX_LINES)) {
    const line = clean(raw);
    chars += line.length;
    if (chars > MAX_CHARS) break;
    if (line === '') continue;
    const kind = headingKind(line);
    if (kind === 'title') continue;
    // A skills heading that opens its own line: `Skills: Python, SQL` (inside a skills section,
    // `Languages: Go` is a category of skills, not a heading).
    const colon = line.indexOf(':');
    const inline =
      kind || colon < 2 || colon > 41 || sections.at(-1)?.kind === 'skills'
        ? null
        : headingKind(line.slice(0, colon + 1));
    if (kind) sections.push({ kind, lines: [] });
    else if (inline === 'skills') {
      sections.push({ kind: inline, lines: [line.slice(colon + 1).trim()].filter(Boolean) });
    } else sections.at(-1)?.lines.push(line);
  }
  return sections;
}

/** The pieces of a line between separators such as `|`, `•` or a spaced dash. */
function segmentsOf(line: string): string[] {
  return line
    .split(/\s[|•·–—-]\s|[|•·]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

// ---- Email --------------------------------------------------------------------------------

const EMAIL_TOKEN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}$/;
const OPENERS = '<([{"\'';
const CLOSERS = '>)]}"\',;.';
/** A label glued to a value: `Email:jane@x.com`, `mailto:jane@x.com`. */
const LABEL = /^[A-Za-z]{1,10}:/;

/** A token without the brackets, quotes and punctuation around it (a loop: no pattern can be quadratic). */
function trimEdges(token: string, openers = OPENERS, closers = CLOSERS): string {
  let start = 0;
  let end = token.length;
  while (start < end && openers.includes(token[start] ?? '')) start++;
  while (end > start && closers.includes(token[end - 1] ?? '')) end--;
  return token.slice(start, end);
}

function tokensOf(line: string): string[] {
  return line
    .split(/[\s,;|]+/)
    .map((token) => trimEdges(token).replace(LABEL, ''))
    .filter(Boolean);
}

function emailsIn(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    for (const token of tokensOf(line)) {
      if (!EMAIL_TOKEN.test(token)) continue;
      const email = token.toLowerCase();
      if (personalSchema.shape.email.safeParse(email).success && !found.includes(email)) {
        found.push(email);
      }
    }
  }
  return found;
}

// ---- Phone --------------------------------------------------------------------------------

/** Runs of the characters a US phone number is written with. */
const PHONE_RUN = /[\d()+.\s-]+/g;
/** Where a run holds two numbers: two spaces, or a spaced slash's worth of gap. */
const PHONE_GAP = /\s{2,}/;

const US_PHONE = /^(?:\+?1[\s.-]?)?(?:\((\d{3})\)\s?|(\d{3})[\s.-]?)(\d{3})[\s.-]?(\d{4})$/;

/**
 * The first US phone number among consecutive words of a run (`78701 (555) 234-5678` holds a
 * zip and a phone), as +1 and ten digits. A number spans 24 characters at most, so the words
 * tried from each start are few.
 */
function phoneIn(words: readonly string[]): string | null {
  for (let start = 0; start < words.length; start++) {
    let text = '';
    for (let end = start; end < words.length; end++) {
      text = end === start ? (words[end] ?? '') : `${text} ${words[end]}`;
      if (text.length > 24) break;
      const match = US_PHONE.exec(trimEdges(text, ' .-', ' .(+-'));
      if (!match) continue;
      const area = match[1] ?? match[2] ?? '';
      // Area codes and exchanges never start with 0 or 1 (NANP).
      if (/^[01]/.test(area) || /^[01]/.test(match[3] ?? '')) continue;
      return `+1${area}${match[3]}${match[4]}`;
    }
  }
  return null;
}

/** The US phone numbers of the lines, as +1 and ten digits (the provider keeps digits and plus). */
function phonesIn(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    const runs = (line.match(PHONE_RUN) ?? []).flatMap((run) => run.split(PHONE_GAP));
    for (const run of runs) {
      const phone = phoneIn(run.trim().split(' '));
      if (phone && !found.includes(phone)) found.push(phone);
    }
  }
  return found;
}

// ---- Zip code and home town ---------------------------------------------------------------

const STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
    'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'
  ).split(' '),
);
/** `, ST 12345` or `, ST 12345-6789` (or no zip) closing a segment. */
const STATE_ZIP = /,\s?([A-Z]{2})\.?(?:\s{1,3}(\d{5}(?:-\d{4})?))?$/;
/** A city: one to four capitalised words (`St. Louis`, `Winston-Salem`, `Coeur d'Alene`). */
const CITY = /^[A-Z][A-Za-z.'-]{1,24}(?: (?:[A-Z][A-Za-z.'-]{0,24}|d'[A-Z][a-z]{1,20})){0,3}$/;

interface Place {
  zip_code?: string;
  home_town?: string;
}

const ZIP_LINE = /^\d{5}(?:-\d{4})?$/;

function placeIn(lines: readonly string[]): Place {
  for (const [index, line] of lines.entries()) {
    for (const segment of segmentsOf(line)) {
      const match = STATE_ZIP.exec(segment);
      const state = match?.[1];
      if (!match || !state || !STATES.has(state)) continue;
      const before = segment.slice(0, match.index);
      const city = before.slice(before.lastIndexOf(',') + 1).trim();
      // An address wrapped in a narrow column: `Springfield, IL` then `62704` on its own line.
      const next = lines[index + 1] ?? '';
      const zip = match[2] ?? (segment === line && ZIP_LINE.test(next) ? next : undefined);
      const place: Place = {};
      if (zip) place.zip_code = zip;
      // A lone `City, ST` segment is a place only when nothing but the city precedes it.
      if (CITY.test(city) && !isJobLike(city) && (zip || before.trim() === city)) {
        place.home_town = `${city}, ${state}`;
      }
      if (place.zip_code || place.home_town) return place;
    }
  }
  return {};
}

// ---- Name ---------------------------------------------------------------------------------

const PARTICLES = new Set([
  'de',
  'la',
  'del',
  'della',
  'der',
  'den',
  'van',
  'von',
  'da',
  'di',
  'du',
  'le',
  'dos',
  'das',
  'y',
  'bin',
  'al',
]);
/** A capitalised name word: `Jane`, `McDonald`, `O'Neil`, `DeShawn`, `Smith-Jones`, `José`. */
const NAME_WORD =
  /^(?:[A-Z]'|Mc|Mac|De|La|Le|Di|Du|Van)?\p{Lu}[\p{Ll}'’]{1,30}(?:-\p{Lu}[\p{Ll}']{1,30})?$/u;
const INITIAL = /^\p{Lu}\.$/u;
/** An upper-case name word (`JANE`, `O'NEIL`, `SMITH-JONES`). */
const UPPER_WORD = /^\p{Lu}(?:[\p{Lu}'’]{1,30})(?:-\p{Lu}{2,30})?$/u;
/** Credentials after a name: `Jane Doe, MBA`. */
const CREDENTIALS = /,\s?[A-Za-z.]{2,12}(?:,\s?[A-Za-z.]{2,12}){0,3}$/;

/** Words that make a line a job title, a company or a heading rather than a person's name. */
const NOT_NAME_WORDS = new Set(
  (
    'resume curriculum vitae cv profile summary experience education skills contact objective ' +
    'page street avenue road suite inc llc ltd corp company university college school ' +
    'senior junior lead principal chief head staff associate assistant intern'
  ).split(' '),
);

function isJobLike(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[\s,-]+/)
    .some((word) => TITLE_NOUNS.has(word) || NOT_NAME_WORDS.has(word));
}

/** Title case for an upper-case word, or null where the casing cannot be known (`MCDONALD`). */
function titleCase(word: string): string | null {
  if (/^(?:MC|MAC)/.test(word)) return null;
  return word
    .toLowerCase()
    .replace(
      /(^|[-'’])(\p{Ll})/gu,
      (_all, edge: string, letter: string) => edge + letter.toUpperCase(),
    );
}

interface Name {
  first_name?: string;
  last_name?: string;
}

function nameOf(line: string): Name | null {
  const text = (segmentsOf(line)[0] ?? '').replace(CREDENTIALS, '').trim();
  const words = text.split(' ');
  if (words.length < 2 || words.length > 4 || isJobLike(text)) return null;
  const allUpper = words.every((word) => UPPER_WORD.test(word) || INITIAL.test(word));
  const named: (string | null)[] = [];
  for (const [index, word] of words.entries()) {
    if (INITIAL.test(word)) {
      if (index === 0 || index === words.length - 1) return null;
      continue; // a middle initial belongs to neither field
    }
    if (allUpper) {
      const lower = word.toLowerCase();
      named.push(PARTICLES.has(lower) ? null : titleCase(word));
    } else if (PARTICLES.has(word) && index > 0 && index < words.length - 1) {
      named.push(word);
    } else if (NAME_WORD.test(word)) {
      named.push(word);
    } else {
      return null;
    }
  }
  const [first, ...rest] = named;
  if (!first || rest.length === 0) return null;
  const name: Name = { first_name: first };
  if (rest.every((word) => word !== null)) name.last_name = rest.join(' ');
  return name;
}

/** The name: the first line of the resume that is neither a heading nor contact details. */
function nameIn(header: readonly string[]): Name {
  for (const line of header.slice(0, 3)) {
    const name = nameOf(line);
    if (name) return name;
    if (!isJobLike(line) && !/[@\d]/.test(line)) return {};
  }
  return {};
}

// ---- Latest job title ---------------------------------------------------------------------

const TITLE_NOUNS = new Set(
  (
    'engineer developer programmer manager analyst designer director consultant specialist ' +
    'nurse teacher coordinator officer administrator representative technician scientist ' +
    'accountant architect supervisor assistant associate clerk cashier barista driver ' +
    'electrician mechanic carpenter plumber welder operator advisor adviser agent ' +
    'auditor bookkeeper chef cook editor writer instructor lecturer professor therapist ' +
    'pharmacist physician paralegal attorney lawyer receptionist recruiter secretary ' +
    'strategist planner producer marketer salesperson president vp owner founder ' +
    'intern lead head controller buyer estimator inspector dispatcher server ' +
    'bartender hostess housekeeper janitor custodian machinist assembler tester ' +
    'administrator underwriter investigator counselor trainer tutor researcher ' +
    'hygienist paramedic firefighter guard superintendent foreman principal worker'
  ).split(' '),
);
const DATE_LIKE = /\b(?:19|20)\d{2}\b|\bpresent\b|\bcurrent\b/i;
const COMPANY_WORDS = /\b(?:inc|llc|ltd|corp|corporation|company|co|group|gmbh|plc)\b\.?/i;
/** A level after a title: `Software Engineer II`. */
const ROMAN_LEVEL = /^(?:I|II|III|IV|V)$/;
const TITLE_SHAPE = /^[A-Za-z][A-Za-z/&.,' ()-]{1,80}$/;

function titleOf(segment: string): string | null {
  const text = segment.replace(/\s\((?:remote|contract|part[- ]time|full[- ]time)\)$/i, '').trim();
  if (!TITLE_SHAPE.test(text) || DATE_LIKE.test(text) || COMPANY_WORDS.test(text)) return null;
  const words = text.split(/\s+/);
  if (words.length > 8 || !/^[A-Z]/.test(text)) return null;
  const nouns = words.filter((word) => !ROMAN_LEVEL.test(word));
  const last = (nouns.at(-1) ?? '').toLowerCase().replace(/[.,]$/, '');
  const hasNoun = words.some((word) => TITLE_NOUNS.has(word.toLowerCase().replace(/[.,]$/, '')));
  if (!hasNoun) return null;
  // `Manager of Operations` ends in a plain word; `Acme Analytics` ends in no noun at all.
  if (!TITLE_NOUNS.has(last) && !/\b(?:of|for|to)\b/i.test(text)) return null;
  return text.length <= MAX_LENGTHS.latest_job_title ? text : null;
}

/** The role of the experience section's first entry: its first few lines, up to a bullet. */
function latestJobTitleIn(sections: readonly Section[]): string | undefined {
  const experience = sections.find((section) => section.kind === 'experience');
  if (!experience) return undefined;
  for (const line of experience.lines.slice(0, 3)) {
    const parts = segmentsOf(line).flatMap((part) => part.split(/,\s|\sat\s|\s@\s/));
    for (const part of parts) {
      const title = titleOf(part.trim());
      if (title) return title;
    }
  }
  return undefined;
}

// ---- Key skills ---------------------------------------------------------------------------

const SKILL_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} +#./&'()-]{0,48}$/u;
/** A category label before a list: `Languages: Python, Go`. */
const CATEGORY = /^[A-Za-z][A-Za-z &/-]{0,30}:\s*/;

function skillsIn(sections: readonly Section[]): string | undefined {
  const skills = sections.find((section) => section.kind === 'skills');
  if (!skills) return undefined;
  const items: string[] = [];
  const seen = new Set<string>();
  for (const line of skills.lines) {
    for (const raw of line.replace(CATEGORY, '').split(/[,;|•·]/)) {
      const item = raw.trim().replace(BULLET, '');
      if (!SKILL_SHAPE.test(item) || item.split(' ').length > 4 || DATE_LIKE.test(item)) continue;
      const key = item.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        items.push(item);
      }
    }
  }
  let joined = '';
  for (const item of items) {
    const next = joined ? `${joined}, ${item}` : item;
    if (next.length > MAX_LENGTHS.key_skills) break;
    joined = next;
  }
  return joined || undefined;
}

// ---- All fields ---------------------------------------------------------------------------

/** Each field's own schema, as the form checks it. */
const FIELD_SCHEMAS = { ...personalSchema.shape, ...careerSchema.shape };

/** Only the values that pass the form's own check for their field. */
function valid(fields: Extracted): Extracted {
  const out: Extracted = {};
  for (const [field, value] of Object.entries(fields) as [keyof Extracted, string | undefined][]) {
    if (value !== undefined && FIELD_SCHEMAS[field].safeParse(value).success) out[field] = value;
  }
  return out;
}

export function extractFields(lines: readonly string[]): Extracted {
  const sections = sectionsOf(lines);
  const header = sections[0]?.lines ?? [];
  const contact = sections
    .filter((section) => section.kind === 'header' || section.kind === 'contact')
    .flatMap((section) => section.lines);
  const everywhere = sections
    .filter((section) => section.kind !== 'references')
    .flatMap((section) => section.lines);
  const emails = emailsIn(contact);
  const allEmails = emailsIn(everywhere);
  const email = emails[0] ?? (allEmails.length === 1 ? allEmails[0] : undefined);
  return valid({
    ...nameIn(header),
    email,
    phone: phonesIn(contact)[0],
    ...placeIn(contact),
    latest_job_title: latestJobTitleIn(sections),
    key_skills: skillsIn(sections),
  });
}
