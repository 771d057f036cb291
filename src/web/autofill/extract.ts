// From a resume's text lines to the form fields it can fill (docs/autofill.md). Pure and
// conservative: a field it is not sure of stays empty, because a wrong value costs the
// candidate more than an empty one. Every pattern here is anchored or a plain character run,
// and every line is capped (MAX_LINE_LENGTH), so the work is linear in the text.
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { careerSchema, personalSchema } from '../../shared/schema.ts';
import type { DocLine } from './document.ts';
import { MAX_TEXT_CHARS } from './read-result.ts';

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

/**
 * Lines longer than this are cut: no field the form fills is found past it.
 * @internal Tests name it, not its figure (extract.test.ts).
 */
export const MAX_LINE_LENGTH = 2_000;
/** Lines read at most (characters: MAX_TEXT_CHARS): a resume's fields are in its first pages. */
const MAX_LINES = 2_000;

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
  'selected experience': 'experience',
  'related experience': 'experience',
  work: 'experience',
  'industry experience': 'experience',
  'professional background': 'experience',
  'experience highlights': 'experience',
  skills: 'skills',
  'key skills': 'skills',
  'technical skills': 'skills',
  'core competencies': 'skills',
  'core skills': 'skills',
  'skills & abilities': 'skills',
  'skills and abilities': 'skills',
  'areas of expertise': 'skills',
  competencies: 'skills',
  'key competencies': 'skills',
  'computer skills': 'skills',
  'skills & expertise': 'skills',
  'skills and expertise': 'skills',
  'skills & awards': 'skills',
  'skills & interests': 'skills',
  'skills and interests': 'skills',
  'skills & tools': 'skills',
  'skills summary': 'skills',
  'summary of skills': 'skills',
  'relevant skills': 'skills',
  'professional skills': 'skills',
  'hard skills': 'skills',
  'soft skills': 'skills',
  'software skills': 'skills',
  technologies: 'skills',
  'tools & technologies': 'skills',
  'tools and technologies': 'skills',
  'technical expertise': 'skills',
  'technical proficiencies': 'skills',
  'technical competencies': 'skills',
  'technical summary': 'skills',
  'tech stack': 'skills',
  expertise: 'skills',
  strengths: 'skills',
  'key strengths': 'skills',
  proficiencies: 'skills',
  tools: 'skills',
  tech: 'skills',
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
  patents: 'other',
  'invited talks': 'other',
  talks: 'other',
  presentations: 'other',
  research: 'other',
  'research experience': 'other',
  teaching: 'other',
  'teaching experience': 'other',
  leadership: 'other',
  'leadership experience': 'other',
  links: 'other',
  profiles: 'other',
  social: 'other',
  coursework: 'other',
  'relevant coursework': 'other',
  courses: 'other',
  extracurricular: 'other',
  'extracurricular activities': 'other',
  honors: 'other',
  'honors/awards': 'other',
  accomplishments: 'other',
  'key achievements': 'other',
  memberships: 'other',
  'professional memberships': 'other',
  organizations: 'other',
  involvement: 'other',
  'on campus involvement': 'other',
  'community service': 'other',
  'additional information': 'other',
  'personal projects': 'other',
  'side projects': 'other',
  'open source': 'other',
  fields: 'other',
  'operating systems': 'other',
  'selected honors': 'other',
  'selected publications': 'other',
  'professional development': 'other',
  conferences: 'other',
  personal: 'other',
  loves: 'other',
  status: 'other',
  // Spanish (docs/languages.md).
  experiencia: 'experience',
  'experiencia laboral': 'experience',
  'experiencia profesional': 'experience',
  'historial laboral': 'experience',
  'trayectoria profesional': 'experience',
  'experiencia relevante': 'experience',
  empleo: 'experience',
  habilidades: 'skills',
  'habilidades clave': 'skills',
  'habilidades técnicas': 'skills',
  'habilidades profesionales': 'skills',
  competencias: 'skills',
  'competencias clave': 'skills',
  'competencias técnicas': 'skills',
  aptitudes: 'skills',
  conocimientos: 'skills',
  'conocimientos técnicos': 'skills',
  herramientas: 'skills',
  contacto: 'contact',
  'información de contacto': 'contact',
  'datos de contacto': 'contact',
  'datos personales': 'contact',
  'información personal': 'contact',
  referencias: 'references',
  educación: 'other',
  formación: 'other',
  'formación académica': 'other',
  estudios: 'other',
  resumen: 'other',
  'resumen profesional': 'other',
  perfil: 'other',
  'perfil profesional': 'other',
  objetivo: 'other',
  'objetivo profesional': 'other',
  idiomas: 'other',
  certificaciones: 'other',
  'certificaciones y licencias': 'other',
  proyectos: 'other',
  logros: 'other',
  premios: 'other',
  voluntariado: 'other',
  intereses: 'other',
  cursos: 'other',
  publicaciones: 'other',
};

/**
 * A whole line that is a heading: letters (with the accents of Spanish headings, "Educación"),
 * spaces, `&`, `/`, an optional colon.
 */
const HEADING_SHAPE = /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü][A-Za-zÁÉÍÓÚÑÜáéíóúñü &/]{0,40}:?$/;

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
/** Markdown and AsciiDoc marks at a line's start: `# Name`, `== Skills`, `> quote`, `- item`. */
const MARKUP_START = /^(?:#{1,6}|={1,6}|>)\s+/;
/** An AsciiDoc anchor or attribute line: `[[james-tomasino]]`, `[.lead]`, `:toc:`. */
const MARKUP_LINE =
  /^(?:\[\[[^\]]{0,80}\]\]|\[[.#%][^\]]{0,80}\]|:[a-z-]{1,30}:.{0,200}|[=\-_*~`]{3,})$/;
/** Emphasis marks around words: `**Skills**`, `__Jane__`, `*Engineer*`, `` `code` ``. */
const EMPHASIS = /(\*\*|__|\*|`)(?=\S)([^*_`]{1,200}?)\1/g;
/** Characters that become a hyphen: Unicode's hyphens and the minus sign. */
const HYPHENS = new Set([0x2010, 0x2011, 0x2012, 0x2212, 0xfe63, 0xff0d]);

/** Characters no reader sees: controls, the soft hyphen, zero-width marks. */
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    code === 0x7f ||
    code === 0xad ||
    (code >= 0x200b && code <= 0x200d) ||
    code === 0x2060 ||
    code === 0xfeff
  );
}

const isLowerLetter = (char: string | undefined) => char !== undefined && /\p{Ll}/u.test(char);

/**
 * The text a person sees: invisible characters gone, hyphens as `-`, an icon font's glyph
 * (Unicode's private use area) as a separator before the item it marks, and an unmapped
 * ligature (a PDF's U+0000) inside a word as `fi`, which it almost always is (`Pro?les`).
 */
function visible(line: string): string {
  let out = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index] ?? '';
    const code = char.charCodeAt(0);
    if (code === 0 && isLowerLetter(line[index - 1]) && isLowerLetter(line[index + 1])) out += 'fi';
    else if (code === 0x09 || code === 0xa0) out += ' ';
    else if (isInvisible(code)) continue;
    else if (HYPHENS.has(code)) out += '-';
    else if (code >= 0xe000 && code <= 0xf8ff) out += ' | ';
    else out += char;
  }
  return out;
}

/** Markdown links `[text](url)` as their text, by a scan (a pattern would backtrack on `[[[`). */
function linkTexts(line: string): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf('[', at);
    const middle = open < 0 ? -1 : line.indexOf('](', open);
    const close = middle < 0 ? -1 : line.indexOf(')', middle);
    if (open < 0 || middle < 0 || close < 0) break;
    const text = line.slice(open + 1, middle);
    out += line.slice(at, open) + (text.includes('[') ? line.slice(open, close + 1) : text);
    at = close + 1;
  }
  return out + line.slice(at);
}

/** A line as a person reads it: spaces collapsed, marks of Markdown and icons gone. */
function clean(line: string): string {
  const text = visible(line.slice(0, MAX_LINE_LENGTH)).replace(/\s+/g, ' ').trim();
  if (MARKUP_LINE.test(text)) return '';
  const plain = linkTexts(text.replace(MARKUP_START, '')).replace(EMPHASIS, '$2');
  return trimEdges(plain, '| ', '| ').replace(BULLET, '');
}

/** A heading in capitals that no list of ours names: `LINKS`, `PUBLICATIONS AND TALKS`. */
const CAPS_HEADING = /^[A-Z][A-Z &/]{3,40}$/;

/**
 * Whether a line ends a skills section though it is no heading we know: a heading in capitals
 * after a list written in mixed case (a category label in capitals comes before its items).
 */
function endsSkills(section: Section | undefined, line: string): boolean {
  const heading = CAPS_HEADING.test(line) && /[A-Z]{5}/.test(line);
  if (section?.kind !== 'skills' || section.lines.length === 0 || !heading) return false;
  return section.lines.some((text) => text !== text.toUpperCase());
}

function sectionsOf(lines: readonly string[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [] }];
  let chars = 0;
  for (const raw of lines.slice(0, MAX_LINES)) {
    const line = clean(raw);
    chars += line.length;
    if (chars > MAX_TEXT_CHARS) break;
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
    else if (endsSkills(sections.at(-1), line)) sections.push({ kind: 'other', lines: [line] });
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

const US_PHONE = /^(?:\+?1[\s.-]?)?(?:\((\d{3})\)[\s.-]?|(\d{3})[\s.-]?)(\d{3})[\s.-]?(\d{4})$/;
/** A separator between a number's digit groups: `(415) · 497 · 7282`, `987 - 1475`, `555–0100`. */
const DIGIT_SEPARATOR = /(?<=[\d)]) ?[·•–—-]{1,3} ?(?=[\d(])/g;

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
    const runs = (line.replace(DIGIT_SEPARATOR, '-').match(PHONE_RUN) ?? []).flatMap((run) =>
      run.split(PHONE_GAP),
    );
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
/** States written out, as candidates write them (`Columbus, Ohio`). */
const STATE_NAMES = new Set(
  (
    'Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Georgia,' +
    'Hawaii,Idaho,Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,' +
    'Michigan,Minnesota,Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,' +
    'New Mexico,New York,North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,' +
    'Rhode Island,South Carolina,South Dakota,Tennessee,Texas,Utah,Vermont,Virginia,Washington,' +
    'West Virginia,Wisconsin,Wyoming,Puerto Rico'
  ).split(','),
);
/** A state and an optional zip: `TX`, `TX 78701`, `Ohio 43215-1234`, `Tex.` is not one. */
const STATE_ZIP = /^([A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)\.?(?:\s{1,3}(\d{5}(?:-\d{4})?))?$/;
/** A city, then a two-letter state with no comma between: `Somerville MA`, `Austin TX 78701`. */
const CITY_STATE = /^(.{2,60}) ([A-Z]{2})(?:\s{1,3}(\d{5}(?:-\d{4})?))?$/;
/** A city: one to four capitalised words (`St. Louis`, `Winston-Salem`, `Coeur d'Alene`). */
const CITY = /^[A-Z][A-Za-z.'-]{1,24}(?: (?:[A-Z][A-Za-z.'-]{0,24}|d'[A-Z][a-z]{1,20})){0,3}$/;
const ZIP = /^\d{5}(?:-\d{4})?$/;
/** What else stands on a contact line: an email, a link, a phone number, a street address. */
const CONTACT_ITEM = /@|https?:|www\.|\.[a-z]{2,6}(?:\/|$)|^\+?[\d(]|^\d/i;

interface Place {
  zip_code?: string;
  home_town?: string;
}

const isState = (state: string) => STATES.has(state) || STATE_NAMES.has(state);

/** A state (with its zip) and the city before it, among a segment's comma-separated items. */
function placeAt(items: readonly string[], index: number): (Place & { before: number }) | null {
  const item = items[index] ?? '';
  const joined = CITY_STATE.exec(item);
  if (joined?.[1] && joined[2] && STATES.has(joined[2])) {
    const town = `${joined[1]}, ${joined[2]}`;
    return { home_town: town, zip_code: joined[3], before: index - 1 };
  }
  const match = STATE_ZIP.exec(item);
  const state = match?.[1];
  if (!match || !state || !isState(state) || index === 0) return null;
  return {
    home_town: `${items[index - 1]}, ${state}`,
    zip_code: match[2],
    before: index - 2,
  };
}

/**
 * The candidate's own town, from the contact lines. `name` is the candidate's: `Jane Doe, MD` is
 * a name and a credential, not Jane Doe in Maryland.
 */
function placeIn(lines: readonly string[], name: Name): Place {
  const first = name.first_name?.toLowerCase();
  for (const [index, line] of lines.entries()) {
    for (const segment of segmentsOf(line)) {
      const items = segment.split(/\s?,\s?/).map((item) => item.trim());
      for (const at of items.keys()) {
        const found = placeAt(items, at);
        if (!found?.home_town) continue;
        const city = found.home_town.slice(0, found.home_town.lastIndexOf(','));
        // A zip after its state (`MA, 01375`), or wrapped onto its own line in a narrow column.
        const after = items[at + 1] ?? '';
        const next = lines[index + 1] ?? '';
        const zip =
          found.zip_code ??
          (ZIP.test(after) ? after : undefined) ??
          (segment === line && at === items.length - 1 && ZIP.test(next) ? next : undefined);
        // The city starts the segment, or follows other contact items, never a company.
        const before = items[found.before];
        const alone = found.before < 0 || (before !== undefined && CONTACT_ITEM.test(before));
        const place: Place = {};
        if (zip) place.zip_code = zip;
        const named = first !== undefined && city.toLowerCase().split(' ')[0] === first;
        if (CITY.test(city) && !isJobLike(city) && !named && (zip || alone)) {
          place.home_town = found.home_town;
        }
        if (place.zip_code || place.home_town) return place;
      }
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

/** The document's own name before the person's: `Resume: Jane Doe`, `CV Jane Doe`. */
const DOCUMENT_BEFORE = /^(?:resume|résumé|cv|curriculum vitae)\b:? ?/i;
/** The document's own name after the person's: `JAN KÜSTER RESUME`. */
const DOCUMENT_AFTER = new Set(['resume', 'résumé', 'cv']);

function withoutDocumentName(text: string): string {
  const words = text.replace(DOCUMENT_BEFORE, '').split(' ');
  if (words.length > 2 && DOCUMENT_AFTER.has(words.at(-1)?.toLowerCase() ?? '')) words.pop();
  return words.join(' ');
}

function nameOf(line: string): Name | null {
  const text = withoutDocumentName(segmentsOf(line)[0] ?? '')
    .replace(CREDENTIALS, '')
    .trim();
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
    'hygienist paramedic firefighter guard superintendent foreman principal worker ' +
    'ceo cto cfo coo cio cmo cpo cso ciso svp evp avp cofounder partner fellow coach ' +
    'artist photographer chemist biologist economist statistician ' +
    // Spanish (docs/languages.md), both genders.
    'enfermera enfermero gerente ingeniero ingeniera desarrollador desarrolladora analista ' +
    'diseñador diseñadora directora consultor consultora especialista maestra maestro ' +
    'profesora coordinador coordinadora técnico técnica contador contadora asistente ' +
    'supervisora auxiliar cajero cajera conductor conductora electricista mecánico mecánica ' +
    'cocinero cocinera vendedor vendedora representante administrador administradora jefe ' +
    'jefa asesor asesora recepcionista secretaria secretario abogado abogada médico médica ' +
    'programador programadora operadora'
  ).split(' '),
);
/** Words that open a title, so that a company before them is not part of it. */
const SENIORITY = new Set(
  (
    'senior sr sr. junior jr jr. lead principal chief head staff associate assistant vice ' +
    'executive deputy'
  ).split(' '),
);
/** Words a title set in capitals keeps in capitals. */
const ACRONYMS = new Set(
  (
    'CEO CTO CFO COO CIO CMO CPO CSO CISO VP SVP EVP AVP IT QA UX UI AI ML HR SRE PR II III IV ' +
    'GIS ERP CRM SEO RN LPN CNA'
  ).split(' '),
);
const SMALL_WORDS = new Set('of and for the to in at on a an'.split(' '));
/** Words that stand before a title's noun: a line of only these is a title's first half. */
const TITLE_MODIFIERS = new Set(
  (
    'customer service sales marketing software account accounts project product program data ' +
    'business financial finance technical operations human resources support systems network ' +
    'web quality research clinical medical office store retail administrative graphic cloud ' +
    'security information it development regional district general communications content ' +
    'digital field client solutions success help desk front call center warehouse production ' +
    'logistics supply chain social media public relations claims loan insurance real estate ' +
    'registered licensed certified dental pharmacy nursing mechanical electrical civil ' +
    'chemical site reliability full stack end back machine learning database devops mobile ' +
    'brand creative legal compliance risk tax payroll benefits talent acquisition recruiting ' +
    'events facilities maintenance safety environmental health laboratory teaching graduate ' +
    'principal managing executive editorial design user experience interface &'
  ).split(' '),
);
const isTitleStart = (line: string) =>
  line.split(' ').every((word) => {
    const lower = word.toLowerCase();
    return TITLE_MODIFIERS.has(lower) || SENIORITY.has(lower) || SMALL_WORDS.has(lower);
  });
const DATE_LIKE = /\b(?:19|20)\d{2}\b|\bpresent\b|\bcurrent\b/i;
const COMPANY_WORDS = /\b(?:inc|llc|ltd|corp|corporation|company|co|group|gmbh|plc)\b(?!-)\.?/i;
/** A level after a title: `Software Engineer II`. */
const ROMAN_LEVEL = /^(?:I|II|III|IV|V)$/;
const TITLE_SHAPE = /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü][A-Za-zÁÉÍÓÚÑÜáéíóúñü/&.,' ()+#-]{1,80}$/;

/** A word as the title nouns list it: `Co-Founder` is `co` and `founder`, `CEO,` is `ceo`. */
const isTitleNoun = (word: string) =>
  word
    .toLowerCase()
    .replace(/[.,]$/, '')
    .split(/[-/]/)
    .some((part) => TITLE_NOUNS.has(part));

/** A title set in capitals, in normal case: `SOFTWARE ENGINEER` is `Software Engineer`. */
function normalCase(title: string): string {
  if (title !== title.toUpperCase()) return title;
  return title
    .split(' ')
    .map((word, index) => {
      if (ACRONYMS.has(word.replace(/[.,]$/, ''))) return word;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(
        /(^|[-/'’])(\p{Ll})/gu,
        (_all, edge: string, letter: string) => edge + letter.toUpperCase(),
      );
    })
    .join(' ');
}

/** Words that end a company's name: `Deloitte Consulting`, `Acme Inc.`, `Initech Labs`. */
const COMPANY_ENDS = new Set(
  (
    'inc inc. llc ltd ltd. corp corp. corporation company co co. group gmbh plc consulting ' +
    'solutions technologies labs partners holdings ventures'
  ).split(' '),
);

/**
 * A company and a title in one run, the title kept: from the word that opens it (`Slalom
 * Consulting Senior Cloud Engineer`), or after the word that ends the company (`Deloitte
 * Consulting Analyst`). Null when the company leaves no title.
 */
function withoutCompany(words: readonly string[]): readonly string[] | null {
  if (SENIORITY.has(words[0]?.toLowerCase() ?? '')) return words;
  let start = 0;
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    if (isTitleNoun(word) && !COMPANY_ENDS.has(lower)) break;
    if (index > 0 && SENIORITY.has(lower)) {
      start = index;
      break;
    }
    if (COMPANY_ENDS.has(lower)) start = index + 1;
  }
  return start < words.length ? words.slice(start) : null;
}

function titleOf(segment: string): string | null {
  const text = segment.replace(/\s\((?:remote|contract|part[- ]time|full[- ]time)\)$/i, '').trim();
  if (!TITLE_SHAPE.test(text) || DATE_LIKE.test(text)) return null;
  const words = withoutCompany(text.split(/\s+/));
  if (!words || COMPANY_WORDS.test(words.join(' '))) return null;
  if (words.length > 8 || !/^[A-Z]/.test(words[0] ?? '')) return null;
  const nouns = words.filter((word) => !ROMAN_LEVEL.test(word));
  if (!words.some(isTitleNoun)) return null;
  // `Manager of Operations` ends in a plain word (so does Spanish's `Gerente de Ventas`);
  // `Acme Analytics` ends in no noun at all.
  const title = words.join(' ');
  if (!isTitleNoun(nouns.at(-1) ?? '') && !/(?:^|\s)(?:of|for|to|de|del)(?=\s)/i.test(title)) {
    return null;
  }
  return title.length <= MAX_LENGTHS.latest_job_title ? normalCase(title) : null;
}

/** The role of the experience section's first entry: its first few lines, up to a bullet. */
function latestJobTitleIn(sections: readonly Section[]): string | undefined {
  const experience = sections.find((section) => section.kind === 'experience');
  if (!experience) return undefined;
  const lines = experience.lines.slice(0, 4);
  for (const [index, line] of lines.slice(0, 3).entries()) {
    const parts = segmentsOf(line).flatMap((part) => part.split(/,\s|\sat\s|\s@\s/));
    for (const part of parts) {
      const title = titleOf(part.trim());
      if (title) return title;
    }
    // A title wrapped onto a second line: `Customer Service` then `Representative`.
    const next = lines[index + 1] ?? '';
    if (/^\p{Lu}[\p{L}.]+$/u.test(next) && isTitleStart(line)) {
      const title = titleOf(`${line} ${next}`);
      if (title) return title;
    }
  }
  return undefined;
}

// ---- Key skills ---------------------------------------------------------------------------

const SKILL_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} +#./&'()-]{0,48}$/u;
/** A category label before a list: `Languages: Python, Go`. */
const CATEGORY = /^[A-Za-z][A-Za-z &/-]{0,30}:\s*/;
/** A label on a line of its own: `Technical Skills:`, `Over 5000 lines:`. */
const LABEL_LINE = /^[\p{L}\p{N}][\p{L}\p{N} &/+-]{0,40}:$/u;
/** Words that name a category of skills rather than a skill. */
const CATEGORY_WORDS =
  /\b(?:technologies|frameworks|tools|languages|programming|databases|software|platforms|libraries|methodologies|skills|environments|systems|technical|other|stack|competencies)\b/i;
/** A level given beside a skill or a category. */
const LEVELS = new Set(
  (
    'advanced intermediate beginner expert proficient basic native fluent familiar novice ' +
    'conversational elementary experienced skilled strong working'
  ).split(' '),
);
/** How well, before a skill: `Proficient in Excel`, `Fluent in Spanish`, `Familiar with Go`. */
const PROFICIENCY =
  /^(?:(?:highly |very )?proficient (?:in|with)|fluent in|familiar with|experienced (?:in|with)|skilled in|expertise in|(?:working |basic |strong )?knowledge of|exposure to)\s/i;
/** Text in parentheses: a level or a note (`Python (advanced)`, `(18/24)`). */
const PARENTHESES = /\([^()]{0,80}\)/g;
/** Separators between the items of a list. */
const ITEM_SEPARATORS = /[,;|•·]/;

const isLevel = (text: string) => LEVELS.has(text.toLowerCase());
const isList = (line: string) => ITEM_SEPARATORS.test(line);

/**
 * A line that names the category of the items that follow: `Web Technologies` above `Advanced`
 * or above a list, `PROGRAMMING` above its labelled lists.
 */
function isCategoryLine(line: string, next: string | undefined): boolean {
  if (isList(line) || CATEGORY.test(line) || line.split(' ').length > 4) return false;
  const named = CATEGORY_WORDS.test(line);
  // A category cut from its items by a heading that a grid put between them.
  if (next === undefined) return named;
  if (isLevel(next)) return true;
  // Categories side by side in a grid come out as a run of lines: `Web Technologies`, `Tools`.
  if (named && CATEGORY_WORDS.test(next) && !isList(next)) return true;
  const nextIsList = isList(next) || LABEL_LINE.test(next);
  return nextIsList && (named || CAPS_HEADING.test(line));
}

/** A list line at least this long may have wrapped: a sidebar's short lines never join. */
const WRAP_LENGTH = 60;

/** The lines of a skills section with each list wrapped over several lines joined. */
function joinedLists(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const wrapped =
      last !== undefined &&
      last.length >= WRAP_LENGTH &&
      /,/.test(last) &&
      /,/.test(line) &&
      !CATEGORY.test(line) &&
      !/[,;]$/.test(last);
    if (wrapped) out[out.length - 1] = `${last} ${line}`;
    else out.push(line);
  }
  return out;
}

/** `Windows and Mac OS` as two items; `Research and development` stays one. */
function splitAnd(item: string): string[] {
  const parts = item.split(' and ');
  const short = (part: string) => /^\p{Lu}/u.test(part) && part.split(' ').length <= 3;
  return parts.length === 2 && parts.every(short) ? parts : [item];
}

function itemsOf(line: string): string[] {
  return line
    .replace(CATEGORY, '')
    .replace(PARENTHESES, '')
    .split(ITEM_SEPARATORS)
    .flatMap((raw) => {
      const item = raw
        .trim()
        .replace(BULLET, '')
        .replace(PROFICIENCY, '')
        .replace(/^(?:and|&)\s/i, '');
      return splitAnd(trimEdges(item, '', '. '));
    });
}

function skillsIn(sections: readonly Section[]): string | undefined {
  const items: string[] = [];
  const seen = new Set<string>();
  for (const section of sections) {
    if (section.kind !== 'skills') continue;
    const lines = joinedLists(section.lines);
    for (const [index, line] of lines.entries()) {
      if (LABEL_LINE.test(line) || isLevel(line) || isCategoryLine(line, lines[index + 1])) {
        continue;
      }
      for (const item of itemsOf(line)) {
        if (!SKILL_SHAPE.test(item) || item.split(' ').length > 4 || DATE_LIKE.test(item)) continue;
        if (isLevel(item) || /^[\d\s.,/+-]+$/.test(item) || /[()]/.test(item)) continue;
        const key = item.toLowerCase();
        if (!seen.has(key)) {
          seen.add(key);
          items.push(item);
        }
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

/** The fields of a document's lines (a line may be plain text: what a test or a doc writes). */
export function extractFields(lines: readonly (DocLine | string)[]): Extracted {
  const sections = sectionsOf(lines.map((line) => (typeof line === 'string' ? line : line.text)));
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
  const name = nameIn(header);
  return valid({
    ...name,
    email,
    phone: phonesIn(contact)[0],
    ...placeIn(contact, name),
    latest_job_title: latestJobTitleIn(sections),
    key_skills: skillsIn(sections),
  });
}
