// The latest job title: the role of the experience section's first entry (docs/autofill.md).
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { segmentsOf } from './lines.ts';
import type { Section } from './sections.ts';

// ---- Latest job title ---------------------------------------------------------------------

export const TITLE_NOUNS = new Set(
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
export const DATE_LIKE = /\b(?:19|20)\d{2}\b|\bpresent\b|\bcurrent\b/i;
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
export function latestJobTitleIn(sections: readonly Section[]): string | undefined {
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
