// The latest job title: the role of the experience section's latest entry (docs/autofill.md).
// The section is read as entries (a head of short lines: title, company, place, dates; then its
// description), and the title is told apart from the company, place and dates by where it
// stands in its entry and how the line is set, with the title nouns as one signal among these.
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { isTownAndRegion } from './contact.ts';
import { type DocLine, tableGrid } from './document.ts';
import { segmentsOf, trimEdges } from './lines.ts';
import { rule, ruleOn } from './rules.ts';
import { SCHOOL_WORDS, type Section } from './sections.ts';
import { DOTTED_TITLE_NOUNS, SPANISH_TITLE_NOUNS, TITLE_NOUNS } from './title-nouns.ts';

// ---- Latest job title ---------------------------------------------------------------------

/** Words that open a title, so that a company before them is not part of it. */
const SENIORITY = new Set(
  (
    'senior sr sr. junior jr jr. lead principal chief head staff associate assistant vice ' +
    'executive deputy'
  ).split(' '),
);
/** Words that say how a role is held, before its seniority: `Interim Chief …`, `Acting Chief …`. */
const HOW_HELD = new Set(['interim', 'acting', 'virtual', 'fractional', 'founding', 'temporary']);
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
const COMPANY_WORDS =
  /\b(?:inc|llc|ltd|corp|corporation|company|co|group|gmbh|plc|s\.a|s\.l|s\.r\.l)\b(?!-)\.?/i;
/** A level after a title: `Software Engineer II`. */
const ROMAN_LEVEL = /^(?:I|II|III|IV|V)$/;
/** A doctoral student or candidate (title-doctoral): `PhD Student`, `Ph.D. Candidate`. */
const DOCTORAL = /^(?:ph\.?\s?d\.?|doctoral)\s(?:student|candidate)$/i;
/** A parenthesis left open at a part's end, its comma having cut it: ` (Passed`. */
const OPEN_NOTE = / \([^()]*$/;
/** Two levels of one role, parted by a slash (title-grade-pair): `Software Developer I/II`. */
const ROMAN_PAIR = /^(?:I|II|III|IV)\/(?:II|III|IV|V)$/;
/** A level in figures after a title's noun (`Software Engineer 2`), read with title-digits. */
const FIGURE_LEVEL = /^\d$/;
/**
 * A word of a title holding figures (title-digits): a level (`2`, `L2`, `E-5`), a tier's number
 * (`Tier 2`), a dimension (`3D`); none a year, a phone number or a street's number.
 */
const FIGURE_WORD = /^(?:\d{1,2}|[A-Z]{1,2}-?\d{1,2}|\d[A-Z]|\([A-Z]{1,2}-?\d{1,2}\))$/;
/** A title's text with each word of figures a title may hold as a word of letters, to test its shape. */
const lettered = (text: string) =>
  ruleOn(FIGURE_TITLE)
    ? text
        .split(' ')
        .map((word) => (FIGURE_WORD.test(word.replace(/,$/, '')) ? 'Nn' : word))
        .join(' ')
    : text;
/** An ordinal that opens a role: `5th `, `2nd `. */
const ORDINAL = /^\d{1,2}(?:st|nd|rd|th) (?=\p{Lu})/u;
const TITLE_SHAPE = /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü][A-Za-zÁÉÍÓÚÑÜáéíóúñü/&.,' ()+#-]{1,80}$/;

/** A word as the title nouns list it: `Co-Founder` is `co` and `founder`, `CEO,` is `ceo`. */
const isTitleNoun = (word: string) => {
  const bare = word.toLowerCase().replace(/[.,]$/, '');
  if (DOTTED_TITLE_NOUNS.has(word.toLowerCase().replace(/,$/, ''))) return true;
  if (TITLE_NOUNS.has(bare) || bare.split(/[-/]/).some((part) => TITLE_NOUNS.has(part))) {
    return true;
  }
  if (ruleOn(NOUN_SUFFIX) && AGENT_SUFFIX.test(bare) && !NOT_AGENTS.has(bare)) return true;
  return ruleOn(TITLE_TYPO) && bare.length > MIN_TYPO_LENGTH && TITLE_NOUNS.has(untyped(bare));
};

/**
 * Endings that make a noun of a person who practises something, in English and Spanish
 * (title-noun-suffix): `Bioinformatician`, `Hydrologist`, `Cartographer`, `Podiatrist`,
 * `Bióloga`, `Oceanógrafo`.
 */
const AGENT_SUFFIX = /^\p{L}{2,}(?:ician|ologist|ographer|iatrist|ometrist|ólog[oa]|ógraf[oa])$/u;
/** Words with those endings that name no one's trade: a language, a people, a text, a device. */
const NOT_AGENTS = new Set('galician phoenician prólogo monólogo fonógrafo cronógrafo'.split(' '));

/** Title nouns longer than this are known with a letter typed twice (`Engineeer`). */
const MIN_TYPO_LENGTH = 7;

/** A word with its first doubled letter typed once: `engineeer` is `engineer`, `developper` `developer`. */
const untyped = (word: string) => word.replace(/(\p{L})\1/u, '$1');

/**
 * A title of one word of two or three capitals (`PTA`, `RSO`) is an abbreviation, kept as written,
 * as the known ones are (`CEO`).
 */
const SHORT_CAPS = rule('title-short-caps');

/** A title set in capitals, in normal case: `SOFTWARE ENGINEER` is `Software Engineer`. */
function normalCase(title: string): string {
  if (title !== title.toUpperCase()) return title;
  if (/^\p{Lu}{2,3}$/u.test(title) && ruleOn(SHORT_CAPS)) return title;
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
 * A title and the company after it in one run, the title kept: up to its last title noun, where
 * every word after it is capitalised and the last names a company (`Doctoral Researcher BMW
 * Group`, `Welder Acme Fabrication Inc.`).
 */
function withoutCompanyAfter(words: readonly string[]): readonly string[] {
  if (!COMPANY_WORDS.test(words.at(-1) ?? '')) return words;
  const noun = words.length - 1 - [...words].reverse().findIndex(isTitleNoun);
  const after = words.slice(noun + 1);
  const named = after.length >= 2 && after.every((word) => /^[\p{Lu}\d&]/u.test(word));
  return noun > 0 && named ? words.slice(0, noun + 1) : words;
}

/**
 * A company and a title in one run, the title kept: from the word that opens it (`Slalom
 * Consulting Senior Cloud Engineer`), or after the word that ends the company (`Deloitte
 * Consulting Analyst`). Null when the company leaves no title.
 */
function withoutCompany(words: readonly string[]): readonly string[] | null {
  if (SENIORITY.has(words[0]?.toLowerCase() ?? '')) return words;
  // A word that says how the role is held opens the title, no company's name (title-qualifier).
  const held =
    HOW_HELD.has(words[0]?.toLowerCase() ?? '') && SENIORITY.has(words[1]?.toLowerCase() ?? '');
  if (held && ruleOn(TITLE_QUALIFIER)) return words;
  let start = 0;
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    if (isTitleNoun(word) && !COMPANY_ENDS.has(lower)) break;
    if (index > 0 && SENIORITY.has(lower)) {
      start = index;
      break;
    }
    // A company's word that opens the run ends no company's name: `Solutions Architect`.
    if (COMPANY_ENDS.has(lower) && (index > 0 || !ruleOn(COMPANY_WORD_FIRST))) start = index + 1;
  }
  return start < words.length ? words.slice(start) : null;
}

/** A name, then words in parentheses that close the part: `Initech (Lab Technician)`. */
const ROLE_IN_PARENS = /^([^()]+) \(([^()]+)\)$/;
/** A parenthesis after a title that is no part of it. */
const WORK_MODE = /\s\((?:remote|contract|part[- ]time|full[- ]time)\)$/i;
/** How a role was held, after a slash at a title's end: `Software Developer/Self-employed`. */
const SLASH_MODE =
  /\s?\/\s?(?:self[- ]employed|freelance|contract|remote|part[- ]time|full[- ]time)$/i;
/** An abbreviation after a title, kept with it: `Data Analyst (BI)`. */
const TRAILING_NOTE = /\s\([A-Za-z][A-Za-z0-9&/. -]{0,40}\)$/;
/** Words that join a title's noun to what follows it: `Manager of Operations`, `Analista en Banca Digital`. */
const JOINED_AFTER_NOUN = /(?:^|\s)(?:of|to|in|de|del|en)(?=\s)/i;
/** `to the`, `to 2`: whom a role served, after its title's noun. */
const TO_WHOM = /\sto\s(?:the|a|an|\d{1,3}|two|three|four|five|several)\s/i;
/** `of` and a lab, an institute or a school by name: `of iSING Lab`, `of the Tide Institute`. */
const OF_LAB =
  /\sof\s(?:the\s)?(?:[\p{L}\d&.-]+\s){0,4}(?:Lab|Labs|Laboratory|Institute|University|College|School)$/u;
/** `on` and a capitalised name or `the`: a team after a title's noun. */
const ON_TEAM = /\son\s(?=the\s|\p{Lu})/u;
/** `in the`, `en el`: a unit after a title's noun. */
const IN_THE = /\s(?:in|en)\s(?:the|el|la|los|las)\s/i;
/** `for`, which joins only with title-for-unsure off: it may name the employer (`Engineer for Globex`). */
const JOINED_BY_FOR = /(?:^|\s)for(?=\s)/i;

/**
 * A title by the title nouns, or else the title before a spaced slash when what follows it names
 * no role (`Student Teacher / Riverside High School`; not `Analyst / BI Developer Globex`).
 */
function titleOf(segment: string): string | null {
  const whole = nounsTitle(segment);
  if (whole || !ruleOn(SLASH_EMPLOYER)) return whole;
  const [before = '', ...after] = segment.split(' / ');
  if (after.length === 0 || after.join(' ').split(' ').some(isTitleNoun)) return null;
  return nounsTitle(before);
}

/** A title by the title nouns: one of them in it, and at its end unless a joining word follows. */
function nounsTitle(segment: string): string | null {
  const trimmed = segment.trim();
  const last = trimmed.split(' ').at(-1)?.toLowerCase() ?? '';
  const word = last.slice(0, -1);
  const stop = last.endsWith('.') && (word.endsWith(')') || LONG_WORD.test(word));
  const stopped =
    stop && !DOTTED_TITLE_NOUNS.has(last) && ruleOn(TITLE_FULL_STOP)
      ? trimmed.slice(0, -1)
      : trimmed;
  const moded = ruleOn(MODE_AFTER_SLASH) ? stopped.replace(SLASH_MODE, '') : stopped;
  const text = withoutUnit(moded.replace(WORK_MODE, '').trim());
  // The employer, then the role in parentheses: `NetSpeed Systems (Engineering Intern)`.
  const bracketed = ROLE_IN_PARENS.exec(text);
  if (bracketed && ruleOn(PARENS_ROLE) && !(bracketed[1] ?? '').split(' ').some(isTitleNoun)) {
    const inner = titleOf(bracketed[2] ?? '');
    if (inner) return inner;
  }
  // An ordinal before the role (`5th Grade Teacher`, `2nd Shift Supervisor`) is part of it.
  const ordinal = ORDINAL.exec(text);
  if (ordinal && ruleOn(ORDINAL_TITLE)) {
    const rest = nounsTitle(text.slice(ordinal[0].length));
    return rest === null ? null : `${ordinal[0]}${rest}`;
  }
  if (!TITLE_SHAPE.test(lettered(text)) || DATE_LIKE.test(text)) return null;
  const whole = withoutCompany(text.split(/\s+/));
  const words = whole && ruleOn(COMPANY_AFTER) ? withoutCompanyAfter(whole) : whole;
  if (!words || COMPANY_WORDS.test(words.join(' '))) return null;
  if (words.length > 8 || !/^[A-Z]/.test(words[0] ?? '')) return null;
  const core = words.join(' ').replace(TRAILING_NOTE, '').split(' ');
  const nouns = core.filter(
    (word) =>
      !ROMAN_LEVEL.test(word) &&
      !(ruleOn(FIGURE_TITLE) && FIGURE_LEVEL.test(word)) &&
      !(ruleOn(GRADE_PAIR) && ROMAN_PAIR.test(word)),
  );
  // A doctoral student's or candidate's post is a role (`PhD Student`, `Ph.D. Candidate in …`).
  if (DOCTORAL.test(core.slice(0, 2).join(' ')) && ruleOn(DOCTORAL_TITLE)) {
    // A note whose comma cut it open is none of it: `(Passed, subject to corrections)`.
    const title = core.join(' ').replace(OPEN_NOTE, '');
    return title.length <= MAX_LENGTHS.latest_job_title ? normalCase(title) : null;
  }
  if (!core.some(isTitleNoun)) return null;
  // An abbreviation or a level after it stays (`Data Analyst (BI)`, `IT Analyst (Junior)`);
  // other words name the employer (`(Acme Labs)`).
  const note = TRAILING_NOTE.exec(words.join(' '))?.[0].trim().slice(1, -1) ?? '';
  const employer = /\p{Ll}/u.test(note) && !SENIORITY.has(note.toLowerCase());
  const title = (employer ? core : words).join(' ');
  // `Manager of Operations` ends in a plain word after a joining one, close after the noun (so
  // does Spanish's `Analista Practicante en Banca`); `Assistant Computing Lab of Tsinghua` and
  // `Acme Analytics` are no title.
  const noun = core.length - 1 - [...core].reverse().findIndex(isTitleNoun);
  const after = ` ${core.slice(noun + 1, noun + 3).join(' ')} `;
  const joined =
    JOINED_AFTER_NOUN.test(after) || (!ruleOn(FOR_UNSURE) && JOINED_BY_FOR.test(after));
  if (!isTitleNoun(nouns.at(-1) ?? '') && !joined && !isNounFirst(core)) return null;
  return title.length <= MAX_LENGTHS.latest_job_title ? normalCase(title) : null;
}

/** The words before `pattern`'s match where they end in a title's noun and `id` is on. */
function beforeAfterNoun(text: string, pattern: RegExp, id: string): string | null {
  const at = pattern.exec(text);
  if (!at || !ruleOn(id)) return null;
  const before = text.slice(0, at.index);
  return isTitleNoun(before.split(' ').at(-1) ?? '') ? before : null;
}

/**
 * A title without whom it served (title-to-whom: the words before `to the` after a title's
 * noun), the team it was held on (title-on-team: before `on Harbour Security`) or the unit it
 * was held in (title-in-the-unit: the words before `in the`).
 */
function withoutUnit(text: string): string {
  const served =
    beforeAfterNoun(text, TO_WHOM, TO_WHOM_SERVED) ??
    beforeAfterNoun(text, ON_TEAM, ON_THE_TEAM) ??
    beforeAfterNoun(text, OF_LAB, OF_THE_LAB);
  if (served !== null) return served;
  const unit = IN_THE.exec(text);
  if (!unit || !ruleOn(IN_THE_UNIT)) return text;
  const before = text.slice(0, unit.index);
  return before.split(' ').some(isTitleNoun) ? before : text;
}

/**
 * Words that may follow a Spanish title's noun besides a title's modifiers and levels (`Web`,
 * `General`, `Senior`): `Backend`, `Comercial`, `Sénior`.
 */
const QUALIFIERS = new Set(
  (
    'backend frontend fullstack móvil comercial industrial sénior semi ' +
    // A field's adjective, in both genders: `Analista Financiera`, `Ingeniero Químico`.
    'financiero financiera administrativo administrativa técnico técnica jurídico jurídica ' +
    'logístico logística contable digital químico química mecánico mecánica eléctrico eléctrica ' +
    'civil informático informática clínico clínica social sanitario sanitaria gráfico gráfica ' +
    'académico académica ' +
    // An academic rank: `Profesor Adjunto`, `Investigadora Asociada`, `Profesor Titular`.
    'adjunto adjunta titular asociado asociada invitado invitada visitante emérito emérita'
  ).split(' '),
);
/** The most words of a title whose noun opens it: `Desarrollador Full Stack Senior`. */
const MAX_NOUN_FIRST = 4;

/**
 * A Spanish title whose noun opens it, a few qualifiers after it (`Desarrollador Backend`,
 * `Analista Senior`, `Gerente General`): the noun is its last only in English.
 */
function isNounFirst(core: readonly string[]): boolean {
  const [noun = '', ...rest] = core.map((word) => word.toLowerCase());
  if (!ruleOn(NOUN_FIRST) || !SPANISH_TITLE_NOUNS.has(noun)) return false;
  if (rest.length === 0 || core.length > MAX_NOUN_FIRST) return false;
  return rest.every(
    (word) => QUALIFIERS.has(word) || TITLE_MODIFIERS.has(word) || SENIORITY.has(word),
  );
}

// ---- The rules ----------------------------------------------------------------------------------

/**
 * A Spanish title whose noun opens it, qualifiers after it (`Desarrollador Backend`, `Analista
 * Senior`), is a title.
 */
const NOUN_FIRST = rule('title-noun-first');
/** A doctoral student's or candidate's post is a title (`PhD Student`, `PhD Candidate in Vision Science`). */
const DOCTORAL_TITLE = rule('title-doctoral');
/** Two levels after a title, parted by a slash (`Software Developer I/II`), are part of it. */
const GRADE_PAIR = rule('title-grade-pair');
/** A role set as the first item of its description, where the head gives none, is the title. */
const LISTED_ROLE = rule('title-listed-role');
/** Months with years of two digits in a range (`08/20 – 12/21`, `02/25 – Present`) are dates. */
const SLASH_SHORT_YEARS = rule('title-slash-short-years');
/** Title read from the entry's head, not its description. */
const ENTRY_HEAD = rule('title-entry-head');
/** Title read where the other entries' titles stand. */
const TITLE_SLOT = rule('title-slot');
/**
 * The other entries' titles give the slot to no entry whose line there is set larger than all of
 * theirs: a company line set larger over its role is no title in their slot.
 */
const SLOT_SETTING = rule('slot-setting');
/** The line under a company line set apart is the role. */
const ROLE_LINE = rule('title-role-line');
/** Two titles of one role, comma-parted, kept as one. */
const TWO_TITLES = rule('title-two-titles');
/** Two titles of one role parted by a spaced dash, kept as one: `Data Analyst – Intern`. */
const DASH_TITLES = rule('title-dash-titles');
/** A title's field after its dash, its employer after a bar: `Software Engineer – ML | Globex`. */
const DASH_FIELD = rule('title-dash-field');
/**
 * A line holding a role's dates and two parts more after another such line starts the next
 * role.
 */
const LINE_PER_ROLE = rule('title-line-per-role');
/** An ordinal before a role is part of it: `5th Grade Teacher`, `2nd Shift Supervisor`. */
const ORDINAL_TITLE = rule('title-ordinal');
/** Roles listed oldest first: the last is the latest. */
const OLDEST_FIRST = rule('title-oldest-first');
/** A role held to the present, listed after roles that ended, is the latest. */
const PRESENT_LATEST = rule('title-present');
/**
 * A start with a dash and no end (`2022- | Senior Director`), the role beside it on its line,
 * is a role held to the present.
 */
const OPEN_RANGE_NOW = rule('title-open-range');
/** A title run into its company, as other entries are. */
const GLUED = rule('title-glued-company');
/** So is one on the line under the entry's dates, alone on their own line. */
const GLUED_UNDER_DATES = rule('title-glued-under-dates');
/** A labelled role line: `Role:`, `Position:`, `Cargo:`. */
const ROLE_LABEL = rule('title-role-label');
/**
 * A town and its state or country alone in the block under a dated head (`Seattle, WA`,
 * `Eindhoven, The Netherlands`) is that head's place: the block goes on with its role.
 */
const PLACE_APART = rule('title-place-apart');
/** A line that is a place alone, no title's noun in it. */
const isPlaceAlone = (text: string) =>
  isTownAndRegion(text) && !text.split(/[\s,]+/).some(isTitleNoun);
/**
 * A list item right under an undated head that holds dates and a part more (`Research Intern –
 * Toronto | Jun 2023 – Aug 2023` under `Waabi`) is that head's role line, not its description.
 */
const DATED_ITEM = rule('title-dated-item');
/** A role's label in the block under its entry's head, nothing between, is that entry's. */
const ROLE_LABEL_APART = rule('title-role-label-apart');
/** No experience section: the first role of research or teaching experience. */
const OTHER_ROLES = rule('title-other-roles');
/** A month and a short year (`Sep'19`) is a date. */
const SHORT_YEARS = rule('title-short-years');
/** A month run into its year (`Feb2022`, `MAY2018`) is a date. */
const GLUED_YEARS = rule('title-glued-year');
/** A colon parts a role from its company: `Udio: Analyst`. */
const COLON_PARTS = rule('title-colon-parts');
/**
 * `@` run into a capitalised name parts a role from its employer, as a spaced `@` does
 * (`Process Engineer @Fernhill Labs`); opening a line, it only marks the name after it.
 */
const AT_GLUED_PARTS = rule('title-at-glued');
/** A line with its dates set apart is a head, however long. */
const DATED_HEAD = rule('title-dated-head');

/** A table of roles whose head names the role's column gives that column of its latest row. */
const TABLE_COLUMN = rule('title-table-column');
/**
 * A title run into the company after it (`Doctoral Researcher BMW Group`) ends at its last
 * title noun.
 */
const COMPANY_AFTER = rule('title-company-after');
/**
 * An employer with the role in parentheses after it (`Initech (Lab Technician)`) gives the
 * role.
 */
const PARENS_ROLE = rule('title-in-parentheses');
/** A title noun with one letter typed twice (`Engineeer`, `Developper`) is that noun. */
const TITLE_TYPO = rule('title-typo');
/**
 * A part that opens with its dates gives the words after them (`2020 - Present Software
 * Engineer`).
 */
const AFTER_DATES = rule('title-after-dates');
/**
 * A full stop that ends a company's abbreviation (`Jefe de ventas, Acme S.A.`) makes no
 * sentence of a head line.
 */
const COMPANY_STOP = rule('title-company-stop');
/** A head line's date words in lower case (`to present.`) make no sentence of it. */
const DATE_WORDS = rule('title-date-words');
/** A line that ends in its dates in parentheses is a head, however long: `…, SwRI (2023+)`. */
const PARENS_DATES = rule('title-parens-dates');
/**
 * A role held to the present in a later experience section, where the first section's latest
 * role ended, is the latest.
 */
const LATER_SECTION = rule('title-later-section');
/**
 * A research role that ended after the experience section's latest role ended, or goes on, is
 * the latest: `Research Intern, Jun – Aug 2023` over `Software Intern, May – Jul 2022`; not a
 * course taught under a teaching heading, which is the job's.
 */
const ROLES_LATER = rule('title-roles-later');
/**
 * An entry for a break (`Career Break`, `Sabbatical`, `Parental leave`) is no role: the one
 * after it is the latest.
 */
const CAREER_BREAK = rule('title-career-break');
/** So is one whose dates come first on its line (`December 2019 - Now - Sabbatical`). */
const BREAK_AFTER_DATES = rule('title-break-after-dates');
/** So is one for working for oneself that names no role (`Self-employed`): no title of a job. */
const SELF_EMPLOYED_BREAK = rule('title-self-employed');
/** So is one for a thesis (`Master’s Thesis, Siemens AG`, `Trabajo de fin de máster`): studies. */
const THESIS_ENTRY = rule('title-thesis-entry');
/** Undated list items before the first dated role sum the section up (`* Kotlin plugin developer`): no role. */
const SUMMARY_LIST = rule('title-summary-list');
/**
 * A title may hold a level or a tier in figures: `Software Engineer 2`, `Tier 2 Support
 * Analyst`, `Senior 3D Artist`.
 */
const FIGURE_TITLE = rule('title-digits');
/** An experience heading with nothing under it gives way to the next experience section. */
const EMPTY_SECTION = rule('title-empty-section');
/** A table's column of dates read before the roles beside it: the first role is the latest. */
const DATES_COLUMN = rule('title-dates-column');
/**
 * A dash spaced on one side only parts a head line as a spaced one does: `LLC -Courier
 * —Alpharetta`.
 */
const HALF_SPACED = rule('title-half-spaced-dash');
/**
 * A title before a spaced slash, what follows naming no role: `Student Teacher / Riverside High
 * School`.
 */
const SLASH_EMPLOYER = rule('title-slash-employer');
/**
 * `for` after a title's noun may name its employer (`Engineer for Globex`) or its field:
 * unsure.
 */
const FOR_UNSURE = rule('title-for-unsure');
/** A semicolon parts a head line as a bar does: `Assistant Manager; Houston, Texas`. */
const SEMICOLON = rule('title-semicolon');
/** `with` parts a role from whom it was held with: `Data Analyst with Accenture`. */
const WITH_EMPLOYER = rule('title-with');
/**
 * A head line's bold opening that is a title is the role, what follows it its employer:
 * `**Harbour Surveyor** for Globex`.
 */
const LEAD_TITLE = rule('title-lead');

/**
 * A title and, after a comma, the function it serves, the employer on a line of its own:
 * `Director, Product Marketing`.
 */
const FUNCTION_AFTER = rule('title-function-after');
/**
 * A note in parentheses after a title, where the employer is named apart on the line or in the
 * head, is part of the title: `IT Technician (Work Study)`.
 */
const NOTE_KEPT = rule('title-note-kept');

/**
 * A bold opening of title words that ends in a title noun is the role: `**Research Assistant**
 * Tide Lab`.
 */
const WHOLE_LEAD = rule('title-whole-lead');

/**
 * `in the` after a title's noun names the unit the role was held in, no part of the title:
 * `Harbour Surveyor in the Dredging division`, `Analista en el Área de Riesgos`.
 */
const IN_THE_UNIT = rule('title-in-the-unit');
/**
 * `of` and a lab, an institute or a school by name at the end, after a title's noun, name where
 * the role was held, no part of the title: `Postdoctoral Researcher of iSING Lab`.
 */
const OF_THE_LAB = rule('title-of-lab');
/** How a role was held after a slash at a title's end is no part of it (`Developer/Self-employed`). */
const MODE_AFTER_SLASH = rule('title-slash-mode');
/** A role and its dates in parentheses after the employer: `May Mountains (Owner, 2021 - present)`. */
const ROLE_DATES_IN_PARENS = rule('title-role-dates-in-parens');
/** A role there with its field after a spaced dash stands alone (`(Research Scientist – Imaging, Jun 2019-)`). */
const DASH_IN_PARENS = rule('title-dash-in-parens');
/** A school's name is no title (`Vanderbilt University` over the courses taught there). */
const NOT_SCHOOL = rule('title-not-school');
/** A role by its place: before a company named by its ending, on the dated line. */
const BEFORE_COMPANY = rule('title-before-company');
/**
 * `on` right after a title's noun names the team the role was held on, no part of the title:
 * `Software Engineer on Harbour Security`, `Designer on the Payments team`.
 */
const ON_THE_TEAM = rule('title-on-team');
/**
 * `to the`, `to 2` right after a title's noun names whom the role served, no part of the
 * title: `Executive Assistant to 2 Senior Agents`, `Personal Assistant to the Director`.
 */
const TO_WHOM_SERVED = rule('title-to-whom');

/**
 * A line that opens with a title of two words or more in bold and ends in no full stop is a
 * role's head, however long: `**Harbour Surveyor** in the Dredging and Survey division at …`.
 */
const LEAD_HEAD = rule('title-lead-head');

/**
 * A word that ends a company's name, opening a title, is the title's own: `Solutions Architect`,
 * `Consulting Manager` (`Deloitte Consulting Analyst` is still cut after `Consulting`).
 */
const COMPANY_WORD_FIRST = rule('title-company-word-first');
/**
 * A word that says how the role is held before its seniority (`Virtual Chief Financial Officer`,
 * `Acting Chief Surveyor`) opens the title: it names no company.
 */
const TITLE_QUALIFIER = rule('title-qualifier');
/**
 * After a comma, a label and what it names (`Research Assistant, Advisor: Prof. Xi Jin`) is no
 * part of the title.
 */
const LABEL_AFTER_COMMA = rule('title-label-after-comma');
/**
 * A word that ends as a practitioner's noun does (`-ician`, `-ologist`, `-ographer`) is a title's
 * noun, listed or not.
 */
const NOUN_SUFFIX = rule('title-noun-suffix');
/**
 * Where an entry's head gives no title, a title opening its description's first line, before a
 * bar or a comma, is the role's: `Software Engineering Intern | Working on …`.
 */
const OPENS_DESCRIPTION = rule('title-opens-description');
/** A role's start after `since` or `desde` (`desde el 01/11/2018`) is a role held to the present. */
const SINCE_NOW = rule('title-since');
/** The word that opens a role's dates after it (`Surveyor since 2019`) is no part of the role. */
const START_WORD = rule('title-start-word');
/**
 * A heading a level deeper than the entry's head line right over it belongs to that head: the
 * role in `####` under its employer and dates in `###` (Markdown), or in `Heading 4` under
 * `Heading 3` (Word).
 */
const HEADING_UNDER_HEAD = rule('title-heading-under-head');
/**
 * Dates alone over a role's head, in a block of their own (`2019 – Present`, a blank line, then
 * **Software Engineer** and its company), are that role's: the next block, opening in bold, does
 * not open another entry. A table's column of dates is read beside its roles (title-dates-column).
 */
const DATES_OVER_HEAD = rule('title-dates-over-head');
/**
 * Roles set as list items, each a dated item with a bold lead, their descriptions indented under
 * them: each item at the first's indent opens an entry of its own.
 */
const LISTED_ROLES = rule('title-listed-roles');
/**
 * A resume that heads no section as experience may open with its roles under the header: past
 * the header's first block, a dated entry whose head names a title noun gives the title.
 */
const UNHEADED_ROLES = rule('title-unheaded-roles');
/**
 * Dates alone, or a role's head (its first part a title), set in a heading's style there head
 * no section: they are a role's (a Word style misused for a role's lines).
 */
const ROLE_STYLED = rule('title-role-heading-style');
/**
 * A full stop that closes a title's part (`Harbour Surveyor. | Acme`, `Analyst (Intern).`) is no
 * part of the title; an abbreviation's stays (`Sr.`, `Eng.`).
 */
const TITLE_FULL_STOP = rule('title-full-stop');
/**
 * A role read by its shape alone that names someone's own (`Macy's Technology`, `Kohl's`) and
 * holds no title noun is a company's name: a role names what is done, not whose.
 */
const POSSESSIVE_COMPANY = rule('title-possessive-company');
/**
 * An employer's line with its own dates and nothing under it, whose roles follow with theirs
 * (`Fernhill Ports | 2015 - Present` over `**Surveyor** | 2018 - Present`): the role within its
 * span, the next entry, gives the title.
 */
const ROLES_WITHIN = rule('title-roles-within');
/**
 * So does the next entry with no dates of its own, its title on its first line, no sentence's:
 * the employer's dates are its.
 */
const UNDATED_WITHIN = rule('title-undated-within');
/**
 * A resume that heads no section as experience may head each role itself (`## Surveyor,
 * Fernhill Ports *(2019 - Present)*` over its bullets): the first of two role headings in a row,
 * each dated with a title before its company, gives the title.
 */
const HEADED_ROLES = rule('title-headed-roles');
/**
 * Headings of other levels between two role headings keep them in a row: an employer's heading
 * over each role's (`** Fernhill Ports` / `*** Harbour Surveyor (2019 - Present)`), a `Skills`
 * heading under it.
 */
const HEADED_ROLES_LEVELS = rule('title-headed-roles-levels');
/**
 * Where the latest role names its employer and no title (`Search Department, Fernhill Group |
 * 2020 - Present`), a headline under the name that names a title at that employer (`Software
 * Engineer at Fernhill`) gives it.
 */
const HEADLINE_AT = rule('title-headline-at');
/**
 * Where the resume has no section of jobs and no role gives a title, a headline under the name
 * that names a title at an employer (`HPC Engineer at Fernhill Labs (France)`) gives it.
 */
const HEADLINE_ALONE = rule('title-headline-alone');
/**
 * Where the first experience section's latest entry is not held now and names no role
 * (`Tide Research | 3/2020 – 12/2020`, a project), a role held to the present in a later
 * experience section gives the title, whenever it began (`Math Tutor | 8/2014 – Present`).
 */
const LATER_UNTITLED = rule('title-later-untitled');
/** A word that names someone's own: `Macy's`, `Lowe’s`. */
const POSSESSIVE = /^\p{Lu}\p{L}*['’]s$/u;

/** Sizes this far apart are two sizes (relative to the body's). */
const SIZE_STEP = 0.05;
/** A word long enough to be no abbreviation, as a part's last before a full stop. */
const LONG_WORD = /^\p{L}{5,}$/u;

// ---- Dates --------------------------------------------------------------------------------------

/** Months' names in English and Spanish, in each language's order. */
const MONTHS = [
  'january february march april may june july august september october november december',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
].map((names) => names.split(' '));
/** Words of a date range: `May 2020 to present`, `desde 2019 hasta la actualidad`. */
const RANGE_WORDS = new Set(
  'present current now date today since to till until from de del a la hasta desde presente actual actualidad'.split(
    ' ',
  ),
);
const NOW = new Set('present current now today presente actual actualidad'.split(' '));
/** Words before a role's start that say it goes on: `since`, `desde`. */
const SINCE = new Set(['since', 'desde']);
/** Words that open a role's dates: `since 2019`, `from May 2019`, `desde 2019`. */
const START_WORDS = new Set([...SINCE, 'from']);
const isYear = (token: string) => /^(?:19|20)\d{2}$/.test(token);
/** A month's number (0 to 11) from its name or an abbreviation of three letters or more. */
function monthOf(token: string): number | undefined {
  const lower = token.toLowerCase();
  if (lower.length < 3 || lower.length > 10) return undefined;
  for (const names of MONTHS) {
    const index = names.findIndex((name) => name.startsWith(lower));
    if (index >= 0) return index;
  }
  return undefined;
}
/** A month and a year of two digits after an apostrophe: `Sep'19`, `Jan ’24`. */
const SHORT_YEAR = /(\p{L}{3,10})\.? ?['’](\d{2})\b/gu;
/** Two-digit years up to this one are this century's, the rest the last one's. */
const CENTURY_PIVOT = 50;

/** `Sep'19` as `Sep 2019`, where the word is a month's name. */
function withLongYears(text: string): string {
  if (!ruleOn(SHORT_YEARS)) return text;
  return text.replace(SHORT_YEAR, (whole, month: string, year: string) =>
    monthOf(month) === undefined ? whole : `${month} ${longYear(year)}`,
  );
}

/** A year of two digits as four, by the century pivot. */
const longYear = (year: string) => `${Number(year) <= CENTURY_PIVOT ? '20' : '19'}${year}`;

/** A range of months with years of two digits: `08/20 – 12/21`, `02/25 - Present`. */
const SLASH_RANGE =
  /\b(0?[1-9]|1[0-2])\/(\d{2}) ?([-–—]) ?(?:(0?[1-9]|1[0-2])\/(\d{2})\b|(present|current|now)\b)/giu;

/** `08/20 – 12/21` as `08/2020 – 12/2021` (title-slash-short-years). */
function withSlashYears(text: string): string {
  if (!ruleOn(SLASH_SHORT_YEARS)) return text;
  return text.replace(
    SLASH_RANGE,
    (
      _,
      month: string,
      year: string,
      dash: string,
      endMonth?: string,
      endYear?: string,
      now?: string,
    ) => `${month}/${longYear(year)} ${dash} ${now ?? `${endMonth}/${longYear(endYear ?? '')}`}`,
  );
}

/** A month's name run into its year: `Feb2022`, `MAY2018`, `Nov.2022`. */
const GLUED_YEAR = /(?<!\p{L})(\p{L}{3,9})\.?((?:19|20)\d{2})(?!\d)/gu;

/** `Feb2022` as `Feb 2022`, where the word is a month's name (title-glued-year). */
function withYearsApart(text: string): string {
  if (!ruleOn(GLUED_YEARS)) return text;
  return text.replace(GLUED_YEAR, (whole, month: string, year: string) =>
    monthOf(month) === undefined ? whole : `${month} ${year}`,
  );
}

/** A line's words and numbers: `Jun. 2021 – 2013-09` is `Jun`, `2021`, `2013`, `09`. */
const tokensOf = (text: string) =>
  withYearsApart(withSlashYears(withLongYears(text)))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A date's token: a year, a month before a year, a number of a month beside a year, `Present`. */
function isDateToken(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] ?? '';
  if (isYear(token) || NOW.has(token.toLowerCase())) return true;
  const near = isYear(tokens[index + 1] ?? '') || isYear(tokens[index - 1] ?? '');
  return near && (monthOf(token) !== undefined || /^(?:0?[1-9]|1[0-2])$/.test(token));
}

/** Tokens holding a date: a year, `Present`, a month before a number (`June 17`). */
const holdsDate = (tokens: readonly string[]) =>
  tokens.some(
    (token, index) =>
      isYearOrNow(token) || (monthOf(token) !== undefined && /^\d/.test(tokens[index + 1] ?? '')),
  );

/** A line of dates and nothing else: `May 2024 | Present`, `2019 - 2021`. */
export function isDateOnly(text: string): boolean {
  const tokens = tokensOf(text);
  return (
    tokens.some(isYearOrNow) &&
    tokens.every(
      (token, index) => isDateToken(tokens, index) || RANGE_WORDS.has(token.toLowerCase()),
    )
  );
}
const isYearOrNow = (token: string) => isYear(token) || NOW.has(token.toLowerCase());

/**
 * When an entry's dates end, in months (the last date of its head; `Present` is the latest),
 * or undefined when its head has no date.
 */
function endOf(head: readonly DocLine[]): number | undefined {
  const dates = datesOf(head);
  return dates.length > 0 ? Math.max(...dates) : undefined;
}

/** A start with a dash and no end: `2022-`, `Mar 2021 –`. */
const OPEN_RANGE = /^\s*(?:\p{L}{3,9}\.? )?(?:19|20)\d{2} ?[-–—]\s*$/u;

/** When an entry's dates begin, in months (its head's first date), or undefined with none. */
function startOf(head: readonly DocLine[]): number | undefined {
  const dates = datesOf(head);
  return dates.length > 0 ? Math.min(...dates) : undefined;
}

/** The dates of an entry's head, in months (`Present` the latest of all). */
function datesOf(head: readonly DocLine[]): number[] {
  const dates: number[] = [];
  // `since` may end a line, its date opening the next (a line wrapped).
  let since = false;
  for (const line of head) {
    // `2022- | Senior Director`: a range left open before the role beside it runs to the present.
    const segments = line.text.split(' | ').slice(0, -1);
    if (segments.some((segment) => OPEN_RANGE.test(segment)) && ruleOn(OPEN_RANGE_NOW)) {
      dates.push(Number.POSITIVE_INFINITY);
    }
    const tokens = tokensOf(line.text);
    for (const [index, token] of tokens.entries()) {
      const lower = token.toLowerCase();
      if (NOW.has(lower)) dates.push(Number.POSITIVE_INFINITY);
      // `since 2019`, `desde el 01/11/2018`: the role goes on to the present (title-since).
      if (SINCE.has(lower) && ruleOn(SINCE_NOW)) since = true;
      if (!isYear(token)) continue;
      if (since) dates.push(Number.POSITIVE_INFINITY);
      since = false;
      const before = tokens[index - 1] ?? '';
      const after = tokens[index + 1] ?? '';
      const month =
        monthOf(before) ??
        (/^\d{1,2}$/.test(before) ? Number(before) - 1 : undefined) ??
        (/^\d{2}$/.test(after) && !isYear(after) ? Number(after) - 1 : 0);
      dates.push(Number(token) * 12 + month);
    }
    // Only a line that ends with it (`…, desde` / `el 03/05/2018`) carries it to the next.
    since &&= tokens.slice(-2).some((token) => SINCE.has(token.toLowerCase()));
  }
  return dates;
}

/**
 * The words of a segment before its dates: `Web Developer February 2020` is `Web Developer`.
 * Where the dates open it, the words after them (`Present Software Engineer`, the rest of
 * `2020 - Present Software Engineer` after its spaced dash), when they start with a capital.
 */
function beforeDates(segment: string): string {
  const words = segment.split(' ');
  for (const index of words.keys()) {
    const tokens = tokensOf(words.slice(index, index + 2).join(' '));
    if (tokens.length > 0 && isDateToken(tokens, 0)) {
      if (index === 0 && ruleOn(AFTER_DATES)) return afterDates(words);
      // `Surveyor since 2019`, `Surveyor from May 2019`: the word that opens the dates is theirs.
      const opens = START_WORDS.has(words[index - 1]?.toLowerCase() ?? '') && ruleOn(START_WORD);
      return trimEdges(words.slice(0, opens ? index - 1 : index).join(' '), '', ' ,(–—-');
    }
  }
  return segment;
}

/** The words after the dates that open a segment, when they start with a capital; else none. */
function afterDates(words: readonly string[]): string {
  const tokens = words.map((word) => tokensOf(word));
  let start = 0;
  while (start < words.length) {
    const own = tokens[start] ?? [];
    const date = own.length === 0 || own.every((token) => isDateLike(tokens, start, token));
    if (!date) break;
    start++;
  }
  const rest = words.slice(start).join(' ');
  return /^\p{Lu}/u.test(rest) ? rest : '';
}

/** A word's token that is a date's, beside the words around it: `Jan` before `2020`, `2020`, `to`. */
function isDateLike(tokens: readonly (readonly string[])[], at: number, token: string): boolean {
  const around = [...(tokens[at - 1] ?? []), token, ...(tokens[at + 1] ?? [])];
  const index = (tokens[at - 1] ?? []).length;
  return isDateToken(around, index) || RANGE_WORDS.has(token.toLowerCase());
}

// ---- A line's parts -----------------------------------------------------------------------------

/** An HTML tag or entity in a Markdown resume: `<span>`, `&diams;`: a separator. */
const MARKUP = /<\/?[A-Za-z][A-Za-z0-9]{0,10}(?:\s[^<>]{0,200})?>|&[A-Za-z]{2,10};/g;
/** A Markdown definition's mark: `Initrode` then `: Principal`. */
const DEFINITION = /^:\s/;
/** Dates in parentheses: `(2023 - Current)`. */
const DATES_IN_PARENS = /\([^()]{0,60}\)/g;

/**
 * A parenthesis's words without the dates after their comma, a part apart (`(Owner, 2021 -
 * present)` is `(Owner) |`), so that a role in parentheses after its employer stays whole.
 */
function withoutDatesAfter(group: string): string {
  const comma = group.lastIndexOf(', ');
  if (comma < 0 || !isDateOnly(group.slice(comma + 2, -1)) || !ruleOn(ROLE_DATES_IN_PARENS))
    return group;
  // A dash inside would part the role from its employer's place: the role stands alone.
  const role = group.slice(1, comma);
  if (/\s[–—-]\s/.test(role) && ruleOn(DASH_IN_PARENS)) return ` | ${role} |`;
  return `${group.slice(0, comma)}) |`;
}
/** Two or three hyphens spaced between words are a dash, as Markdown writes one: `Acme -- Lead`. */
const DOUBLE_HYPHEN = rule('title-double-hyphen');
/** Such hyphens, with a word's letter, figure or mark on each side. */
const HYPHENS_DASH = /(?<=[\p{L}\p{N}.)]) -{2,3} (?=[\p{L}\p{N}(])/gu;
/**
 * A dash spaced on one side only, between a word and a capitalised one: `Atom Logistics LLC
 * -Courier`, `Courier —Alpharetta`. A hyphen inside a word (`Co-Founder`) is spaced on neither.
 */
const HALF_SPACED_DASH = /\s[–—-](?=\p{Lu})|(?<=[\p{L}.])[–—]\s(?=\p{Lu})/gu;
/** A label before the role: `Role: Analyst`, `Cargo: Asistente`. */
const ROLE_LABELS = /^(?:role|position|title|job title|rol|cargo|puesto)\s?:\s*/i;
/** A place after a name: `Corner Market, Boise, ID`, `Remote`. */
const PLACE = /,\s[A-Z]{2}$|^remote$/i;

/** A label and what it names: `Advisor: Prof. Xi Jin`, `Supervisor: Dr. Lee`. */
const LABEL_PIECE = /^\p{Lu}[\p{L} ]{0,20}\p{L}:\s/u;

/** `at` or `@` between a role and its employer. */
const AT_SPACED = /\s(?:at|@)\s/;
/** The same, or `@` run into the employer's name: `Process Engineer @Fernhill Labs`, `@Globex`. */
const AT_OR_GLUED = /\s(?:at|@)\s|(?:^|\s)@(?=\p{Lu})/u;

/**
 * A piece's parts: at a colon (title-colon-parts), `at` or `@` (title-at-glued), and `with`
 * (title-with).
 */
function partsOfPiece(piece: string): string[] {
  const colons = ruleOn(COLON_PARTS) ? piece.split(/:\s/) : [piece];
  const at = ruleOn(AT_GLUED_PARTS) ? AT_OR_GLUED : AT_SPACED;
  const parts = colons.flatMap((part) => part.split(at));
  return ruleOn(WITH_EMPLOYER) ? parts.flatMap((part) => part.split(/\swith\s/)) : parts;
}

interface Part {
  part: string;
  /** The segment of the line it is in (`|` and spaced dashes part segments). */
  segment: number;
  /** It follows a comma in its segment. */
  afterComma: boolean;
  /** The spaced dash it follows, where it opens a segment after one: `–` in `Data Analyst – Intern`. */
  dash?: string;
}

/**
 * A line's parts, in order: separated by `|`, a spaced dash, a comma, `at`, `@` or a colon;
 * dates cut off (a part of dates alone is dropped); each with the segment it comes from, for a
 * place beside it.
 */
function partsOf(text: string): Part[] {
  const plain = text
    .replace(DEFINITION, '')
    .replace(MARKUP, ' | ')
    .replace(DATES_IN_PARENS, (group) => (isDateOnly(group) ? ' | ' : withoutDatesAfter(group)));
  const dashed = ruleOn(DOUBLE_HYPHEN) ? plain.replace(HYPHENS_DASH, ' – ') : plain;
  const spaced = ruleOn(HALF_SPACED) ? dashed.replace(HALF_SPACED_DASH, ' – ') : dashed;
  const dashes: (string | undefined)[] = [];
  const segments = withDashes(spaced).flatMap(({ segment, dash }) => {
    const pieces = ruleOn(SEMICOLON) ? segment.split(/;\s/) : [segment];
    dashes.push(dash, ...pieces.slice(1).map(() => undefined));
    return pieces;
  });
  return segments.flatMap((segment, index) =>
    segment.split(', ').flatMap((piece, comma) =>
      (comma > 0 && LABEL_PIECE.test(piece) && ruleOn(LABEL_AFTER_COMMA) ? [] : partsOfPiece(piece))
        .map((part, at) => ({
          // A colon that ends the role's line (`Lead Teacher:` over its school) is none of it,
          // nor a slash before its employer (`Lab Tech /` then `Mill Works`).
          part: beforeDates(part.trim()).replace(/\s?[:/]$/, ''),
          segment: index,
          afterComma: comma > 0 && at === 0,
          ...(comma === 0 && at === 0 && dashes[index] ? { dash: dashes[index] } : {}),
        }))
        .filter(({ part }) => part !== ''),
    ),
  );
}

/** A line's segments (`segmentsOf`), each with the spaced dash before it, if a dash parts it off. */
function withDashes(text: string): { segment: string; dash: string | undefined }[] {
  let from = 0;
  return segmentsOf(text).map((segment) => {
    const at = text.indexOf(segment, from);
    const between = text.slice(from, at).trim();
    from = at + segment.length;
    const dash = between.length === 1 && '–—-'.includes(between) ? between : undefined;
    return { segment, dash };
  });
}

const SMALL_IN_TITLE = new Set('of and for the to in at on a an de del en y la el &'.split(' '));

/** Words each capitalised, or small words (`of`, `&`) after the first: `Harbour Surveyor of Charts`. */
const capitalisedWords = (text: string) =>
  text
    .split(' ')
    .every(
      (word, index) =>
        /^\p{Lu}/u.test(word) || (index > 0 && SMALL_IN_TITLE.has(word.toLowerCase())),
    );

/**
 * A line set as a role, whatever its words: a few words, each capitalised or a small word, no
 * digit, no company's ending, no place, no sentence. Used only where the structure says the
 * line is the role.
 */
function roleShaped(text: string): string | null {
  const words = text.split(' ');
  if (!TITLE_SHAPE.test(text) || DATE_LIKE.test(text) || words.length > 7) return null;
  if (COMPANY_WORDS.test(text) || PLACE.test(text) || /[.,]$/.test(text)) return null;
  const capitalised = capitalisedWords(text);
  const whose =
    words.some((word) => POSSESSIVE.test(word)) &&
    !words.some(isTitleNoun) &&
    ruleOn(POSSESSIVE_COMPANY);
  return capitalised && !whose && text.length <= MAX_LENGTHS.latest_job_title
    ? normalCase(text)
    : null;
}

/** A role of two words or more by its shape: one word alone may be a town (`London`). */
const twoWordRole = (text: string) => (text.includes(' ') ? roleShaped(text) : null);

// ---- Entries ------------------------------------------------------------------------------------

interface Entry {
  /** Its first lines: title, company, place, dates. */
  head: DocLine[];
  /** Its description: a list, sentences. */
  body: DocLine[];
  /** The head's first line holding a date (-1: none). */
  dated: number;
}

/** How a line is set apart from the next: bold over plain, larger, capitals over mixed case. */
const setApart = (line: DocLine, next: DocLine) =>
  (line.bold === true && next.bold !== true) ||
  (line.size ?? 1) > (next.size ?? 1) + SIZE_STEP ||
  (line.caps === true && next.caps !== true);

/** A line of an entry's description: a list item, a sentence, a long line. */
function isDescription(line: DocLine): boolean {
  if (line.list === true) return true;
  const segments = segmentsOf(line.text);
  const lead = line.lead ?? '';
  if (lead.includes(' ') && /[^.!?;]$/.test(line.text) && ruleOn(LEAD_HEAD) && titleOf(lead)) {
    return false;
  }
  if (ruleOn(DATED_HEAD) && datesApart(line.text, segments)) return false;
  const longest = Math.max(...segments.map((segment) => segment.split(' ').length));
  if (longest > 12) return true;
  // A sentence: a few words, one in lower case that no title writes so (`Acme Inc.` is none),
  // nor a date's (`Advocate, Algolia, August 2021 to present.` is a head).
  const words = line.text.split(' ');
  const prose = (word: string) =>
    /^\p{Ll}/u.test(word) &&
    !SMALL_IN_TITLE.has(word) &&
    !(ruleOn(DATE_WORDS) && RANGE_WORDS.has(trimEdges(word, '', '.,;:!?)')));
  const stop =
    /[.!?;]$/.test(line.text) && !(ruleOn(COMPANY_STOP) && COMPANY_STOP_END.test(line.text));
  return stop && words.length > 3 && words.some(prose);
}

/** A full stop that ends a company's abbreviation, not a sentence: `Acme Inc.`, `Acme S.A.`. */
const COMPANY_STOP_END =
  /(?:\b(?:[Ii]nc|[Ll]td|[Cc]o|[Cc]orp|LLC|[Pp]lc|[Cc]ía)|\b(?:\p{Lu}\.){1,3}\p{Lu})\.$/u;

/** A parenthesis that ends a line: `(2023+)`, `(Jan 2020 - Present)`. */
const ENDING_PARENS = /\([^()]{1,60}\)$/;

/**
 * A line whose dates stand apart from the rest, as a role's head sets them, however long it runs:
 * `2020 – present | Assistant Professor, School of …, University`, `2024 : Course leader at …`.
 */
function datesApart(text: string, segments: readonly string[]): boolean {
  if (segments.length > 1 && segments.some(isDateOnly)) return true;
  const closing = ENDING_PARENS.exec(text)?.[0];
  if (closing && ruleOn(PARENS_DATES) && isDateOnly(closing)) return true;
  const colon = text.indexOf(': ');
  return colon > 0 && isDateOnly(text.slice(0, colon));
}

/**
 * The section's entries: a head of short lines, then a description; a head line after a
 * description starts the next one, and so does a new block after an entry with its dates, or
 * one whose first line is set apart from the line before.
 */
function entriesOf(lines: readonly DocLine[]): Entry[] {
  const entries: Entry[] = [];
  let entry: Entry | undefined;
  let previous: DocLine | undefined;
  let placed = false;
  for (const line of lines) {
    // A list item may open an entry (a role set as a bullet); a sentence never does. So does a
    // dated item with a bold lead at the first item's indent, after that role's own lines
    // (title-listed-roles: markdown-cv's `- **Globex**, *Analyst*, (2018 - Present).`).
    const first = entry?.head[0];
    const listedRole =
      line.list === true &&
      first?.list === true &&
      (line.indent ?? 0) === (first.indent ?? 0) &&
      (entry?.body.length ?? 0) > 0 &&
      line.lead !== undefined &&
      tokensOf(line.text).some(isYearOrNow) &&
      ruleOn(LISTED_ROLES);
    // A list item under an undated head that holds its dates and a part more (`Waabi`, then
    // `• Research Intern – Toronto | Jun 2023 – Aug 2023`) is that head's (title-dated-item).
    const datedItem =
      line.list === true &&
      entry?.dated === -1 &&
      entry.body.length === 0 &&
      holdsWholeHead(line.text) &&
      ruleOn(DATED_ITEM);
    const description =
      isDescription(line) && !(line.list && !entry?.head.length) && !listedRole && !datedItem;
    // A heading a level deeper than the head line right over it is that head's (a role in
    // Markdown's `####` under its employer and dates in `###`).
    const under =
      previous?.heading !== undefined &&
      line.heading !== undefined &&
      line.heading > previous.heading &&
      ruleOn(HEADING_UNDER_HEAD);
    const datesOnly =
      ruleOn(DATES_OVER_HEAD) &&
      entry?.body.length === 0 &&
      entry.head.every((head) => isDateOnly(head.text)) &&
      (line.bold === true || line.lead !== undefined) &&
      previous?.table === undefined &&
      line.table === undefined;
    // A role's label right under the head, space between (`Company: Globex | 2019 - Present`,
    // then `Role: Analyst`), is that head's (title-role-label-apart).
    const labelled =
      entry?.body.length === 0 && ROLE_LABELS.test(line.text) && ruleOn(ROLE_LABEL_APART);
    // A place alone in a block under a dated head (`Seattle, WA`), and the block after it, are
    // that head's (title-place-apart).
    const place: boolean =
      entry?.body.length === 0 &&
      entry.dated >= 0 &&
      (isPlaceAlone(line.text) || (placed && !description)) &&
      ruleOn(PLACE_APART);
    const newBlock =
      previous !== undefined &&
      line.block !== previous.block &&
      !under &&
      !datesOnly &&
      !labelled &&
      !place &&
      (entry?.dated !== -1 || setApart(line, previous));
    // A role's whole head on one line after another's (`Cashier, Kroger, 2016-2018` /
    // `Shift Lead, Target, 2018-Present`): a role a line, no description between.
    const datedLine = entry && entry.dated >= 0 ? entry.head[entry.dated] : undefined;
    const nextRole =
      !description && datedLine !== undefined && wholeHead(datedLine) && wholeHead(line);
    if (!entry || (!description && (entry.body.length > 0 || newBlock || nextRole))) {
      entry = { head: [], body: [], dated: -1 };
      entries.push(entry);
    }
    placed = place && isPlaceAlone(line.text);
    if (description) entry.body.push(line);
    else {
      if (entry.dated < 0 && tokensOf(line.text).some(isYearOrNow)) entry.dated = entry.head.length;
      entry.head.push(line);
    }
    previous = line;
  }
  return entries.filter((entry) => entry.head.length > 0);
}

/** The most words of a title that opens a description's line (title-opens-description). */
const MAX_OPENING_WORDS = 5;

/**
 * The title that opens an entry's description, where its head gives none: the first part of
 * its first line, before a bar, a spaced dash or a comma, read by the title nouns
 * (`Software Engineering Intern | Working on a team of …`, `Profesor Adjunto, dedicación simple,
 * por concurso, …`), the line going on after it. No list item, no sentence's words.
 */
function openingTitle(entry: Entry): string | null {
  const first = entry.body[0];
  if (!first || first.list || !ruleOn(OPENS_DESCRIPTION)) return null;
  const [opening, next] = partsOf(first.text);
  if (!opening || !next || opening.part.split(' ').length > MAX_OPENING_WORDS) return null;
  return titleOf(opening.part);
}

/** A line that holds a role's whole head: its dates and two parts more (a title, a company). */
const holdsWholeHead = (text: string) =>
  tokensOf(text).some(isYearOrNow) && !isDateOnly(text) && partsOf(text).length >= 2;
/** Such a line, where a role a line is read (title-line-per-role). */
const wholeHead = (line: DocLine) => ruleOn(LINE_PER_ROLE) && holdsWholeHead(line.text);

// ---- Reading an entry's title -------------------------------------------------------------------

/** Where a title stands in its entry: its line (from the dates' line, else the entry's first) and part. */
interface Slot {
  line: number;
  part: number;
}
const slotKey = (slot: Slot) => `${slot.line}:${slot.part}`;

/**
 * How many of an entry's head lines are read for its title: an employer, its dates, a department
 * and a place may stand over the role.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const HEAD_LINES = 5;
/**
 * How many of an entry's head lines tell how it is set, for entries set alike: past these, a
 * short line of its description may stand in its head.
 */
const SHAPE_LINES = 4;

/**
 * Whether a title's part after its dash names its field, not its employer: a few capitalised
 * words, no company's, and the employer in the part after them, set off by a bar, of two
 * capitalised words or more and no comma, as a town and its state have (`Software Engineer –
 * Infotainment | Fernhill Motors | 2024 - Present`; not `Software Engineer – Fernhill Motors |
 * Boise, ID`).
 */
function isFieldBeforeEmployer(parts: readonly Part[], index: number): boolean {
  const field = parts[index];
  const after = parts[index + 1];
  if (!field || !after || after.dash || after.afterComma || !ruleOn(DASH_FIELD)) return false;
  const beyond = parts[index + 2];
  if (after.segment !== field.segment + 1 || beyond?.segment === after.segment) return false;
  return (
    field.part.split(' ').length <= 4 &&
    capitalisedWords(field.part) &&
    capitalisedWords(after.part) &&
    after.part.includes(' ') &&
    !COMPANY_WORDS.test(field.part)
  );
}

/** The title at a part of a line, with the next part when both are titles of one role. */
function titleAt(parts: readonly Part[], index: number, read = titleOf): string | null {
  const title = read(parts[index]?.part ?? '');
  const next = parts[index + 1];
  if (
    title &&
    next?.dash &&
    next.segment === (parts[index]?.segment ?? 0) + 1 &&
    ruleOn(DASH_TITLES)
  ) {
    const second =
      titleOf(next.part) ?? (isFieldBeforeEmployer(parts, index + 1) ? next.part : null);
    return second ? `${title} ${next.dash} ${second}` : title;
  }
  if (!title || !next?.afterComma || next.segment !== parts[index]?.segment) return title;
  if (!ruleOn(TWO_TITLES)) return title;
  const second = titleOf(next.part);
  return second ? `${title}, ${second}` : title;
}

/** The lines read for an entry's title: its head's first (its description too, the rule off). */
function headOf(entry: Entry): DocLine[] {
  const lines = ruleOn(ENTRY_HEAD) ? entry.head : [...entry.head, ...entry.body];
  return lines.slice(0, HEAD_LINES);
}

/**
 * Whether a bold opening made of words that open titles is a whole title itself: two words at
 * least, the last a title's noun, and no title word after it (`**Research Assistant** Tide Lab`;
 * not `**Senior** Surveyor`, `**Senior Principal** Engineer`).
 */
function isWholeLead(lead: string, rest: string): boolean {
  const words = lead.split(' ');
  const next = rest.trim().split(' ')[0] ?? '';
  return (
    ruleOn(WHOLE_LEAD) &&
    words.length >= 2 &&
    isTitleNoun(words.at(-1) ?? '') &&
    !isTitleNoun(next) &&
    !isTitleStart(next)
  );
}

/**
 * A head line's parts, its bold opening a part of its own (title-lead) unless it only opens a
 * title (`**Senior** Surveyor`): `**Surveyor** for Globex`, `**Globex** Surveyor`.
 */
function headParts(line: DocLine): Part[] {
  const { lead, text } = line;
  if (lead === undefined || !ruleOn(LEAD_TITLE)) return partsOf(text);
  const rest = text.slice(lead.length);
  if (isTitleStart(lead) && !isWholeLead(lead, rest)) return partsOf(text);
  return partsOf(`${lead} | ${rest}`);
}

/**
 * Words a function or a department ends with, that a title's comma may go on to: `Director,
 * Product Marketing`, `Principal, Critical Infrastructure Security`.
 */
const FUNCTION_ENDS = new Set([
  ...TITLE_MODIFIERS,
  ...'engineering infrastructure strategy partnerships growth analytics procurement programs products platform'.split(
    ' ',
  ),
]);
/**
 * Nouns of rank, not of a trade: a title they end says what it heads only with its function
 * (`Director, Product Marketing`; `Senior Architect, Platform Engineering` is a trade and its team).
 */
const RANKS = new Set(
  'director manager vp svp evp avp president principal head lead chief partner'.split(' '),
);
/** A line that opens with a town and its state: `Austin, TX · 2019 – 2021`. */
const TOWN_FIRST = /^[\p{L} .'-]{2,30},\s[A-Z]{2}\b/u;
/**
 * The most words of a function after a title's comma.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_FUNCTION_WORDS = 4;

/**
 * A title of rank with the function after its comma (title-function-after): the line's last part, a few
 * capitalised words that end in a function's word, no company's ending and no place; and the
 * employer on another line of the head, so that the comma parts no employer from the role.
 */
function withFunction(
  title: string,
  parts: readonly Part[],
  index: number,
  head: readonly DocLine[],
  at: number,
): string {
  const next = parts[index + 1];
  if (!ruleOn(FUNCTION_AFTER) || !next?.afterComma || parts.length !== index + 2) return title;
  if (next.segment !== parts[index]?.segment || title.includes(',')) return title;
  if (!RANKS.has(title.split(' ').at(-1)?.toLowerCase() ?? '')) return title;
  const words = next.part.split(' ');
  const shaped =
    words.length <= MAX_FUNCTION_WORDS &&
    words.every((word) => /^\p{Lu}/u.test(word) || SMALL_WORDS.has(word)) &&
    FUNCTION_ENDS.has(words.at(-1)?.toLowerCase() ?? '') &&
    !COMPANY_WORDS.test(next.part) &&
    !PLACE.test(next.part);
  const employer = head.some(
    (line, other) => other !== at && !isDateOnly(line.text) && !TOWN_FIRST.test(line.text),
  );
  return shaped && employer ? `${title}, ${next.part}` : title;
}

/**
 * A title with the note in parentheses that closed its part (title-note-kept: `IT Technician
 * (Work Study)`, `Presidential Fellow (Postdoctoral Fellow)`), where another part of the line or
 * another line of the head names the employer (no date, no town, no title noun), so that the
 * note cannot be the employer's name; not a way of working (`(Remote)`) nor a place.
 */
function withNote(
  title: string,
  parts: readonly Part[],
  index: number,
  head: readonly DocLine[],
  at: number,
): string {
  const text = parts[index]?.part ?? '';
  const note = TRAILING_NOTE.exec(text)?.[0].trim() ?? '';
  // A note that repeats the title (`Intern (Intern)`) adds nothing.
  const repeats = note.slice(1, -1) === title;
  // The title holds the note already (`Analyst (BI)`), or is not the part's own.
  const held = title.endsWith(note) || !text.includes(title);
  if (!ruleOn(NOTE_KEPT) || note === '' || repeats || held) return title;
  if (WORK_MODE.test(` ${note}`) || PLACE.test(note.slice(1, -1))) return title;
  // The employer named apart: a part of the line, or a line of the head, with no date or title.
  const employs = (piece: string) =>
    !isDateOnly(piece) && !TOWN_FIRST.test(piece) && !piece.split(/[\s()/,]+/).some(isTitleNoun);
  const employer =
    parts.some((other, which) => which !== index && employs(other.part)) ||
    head.some((line, other) => other !== at && employs(line.text));
  const whole = `${title} ${note}`;
  return employer && whole.length <= MAX_LENGTHS.latest_job_title ? whole : title;
}

/** The title the title nouns find in an entry's head, and where it stands. */
function nounTitle(entry: Entry): { title: string; slot: Slot; at: number } | null {
  const head = headOf(entry);
  const origin = Math.max(entry.dated, 0);
  for (const [index, line] of head.entries()) {
    const parts = headParts(line);
    for (const part of parts.keys()) {
      const title = titleAt(parts, part);
      if (!title) continue;
      const whole = withNote(
        withFunction(title, parts, part, head, index),
        parts,
        part,
        head,
        index,
      );
      return { title: whole, slot: { line: index - origin, part }, at: index };
    }
    // A title wrapped onto a second line: `Customer Service` then `Representative`.
    const next = head[index + 1]?.text ?? '';
    if (/^\p{Lu}[\p{L}.]+$/u.test(next) && isTitleStart(line.text)) {
      const title = titleOf(`${line.text} ${next}`);
      if (title) return { title, slot: { line: index - origin, part: 0 }, at: index };
    }
  }
  return null;
}

/** The line of an entry's head at a slot. */
const lineAt = (entry: Entry, slot: Slot) => entry.head[Math.max(entry.dated, 0) + slot.line];

/**
 * How an entry's head is set, for entries set alike: its lines read, where its dates stand,
 * and the number of parts of the line at a slot.
 */
const shapeOf = (entry: Entry, slot: Slot) =>
  `${Math.min(entry.head.length, SHAPE_LINES)} ${entry.dated} ${partsOf(lineAt(entry, slot)?.text ?? '').length} ${slotKey(slot)}`;

/** Set larger than the titles in the slot by this much at least: a line of another kind. */
const SLOT_STEP = 0.05;

/** How many other entries must agree on where their titles stand. */
const SLOT_VOTERS = 2;

/**
 * A title read where the titles of the other dated entries, set as this one is, all stand (two
 * at least): the same line from the dates, the same part of it.
 */
function slotTitle(entry: Entry, others: readonly Entry[]): string | null {
  const shapes = new Set<string>();
  let slot: Slot | undefined;
  const titled: Entry[] = [];
  for (const other of others) {
    if (other === entry || other.dated < 0) continue;
    const found = nounTitle(other);
    if (!found) continue;
    slot = found.slot;
    shapes.add(shapeOf(other, slot));
    titled.push(other);
  }
  if (
    !slot ||
    titled.length < SLOT_VOTERS ||
    shapes.size !== 1 ||
    !shapes.has(shapeOf(entry, slot))
  ) {
    return null;
  }
  const line = lineAt(entry, slot);
  // A company line set larger than every title the others hold there is none (slot-setting).
  const sizes = titled.map((other) => lineAt(other, slot)?.size ?? 1);
  const larger = (line?.size ?? 1) > Math.max(...sizes) + SLOT_STEP && ruleOn(SLOT_SETTING);
  return line && !larger ? titleAt(partsOf(line.text), slot.part, roleShaped) : null;
}

/**
 * The role line by its structure alone: under a company line set apart from it (bold over plain,
 * larger, capitals), the company with no dates, the role's line not opening with dates.
 */
function roleLineTitle(entry: Entry, others: readonly Entry[]): string | null {
  const [first, second] = entry.head;
  if (!first || !second) return null;
  // Unless another entry's title stands on its first line: there the line set apart is the role.
  const secondTokens = tokensOf(second.text);
  if (
    setApart(first, second) &&
    !holdsDate(tokensOf(first.text)) &&
    !isDateToken(secondTokens, 0) &&
    !others.some((other) => other !== entry && nounTitle(other)?.at === 0)
  ) {
    const parts = partsOf(second.text);
    return parts.length > 0 ? titleAt(parts, 0, twoWordRole) : null;
  }
  return null;
}

/**
 * Words read for a title run into its company.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const GLUED_WORDS = 6;

/**
 * A title run into the company after it, with no separator, on an entry's first line (the text
 * of a line set in columns): its words up to the last title noun among its first few.
 */
function gluedTitle(entry: Entry): string | null {
  // The line under dates alone on theirs (`June 2016 – Dec 2024` / `Product Manager Deloitte`).
  const datesOver = isDateOnly(entry.head[0]?.text ?? '') && ruleOn(GLUED_UNDER_DATES);
  const first = entry.head[datesOver ? 1 : 0];
  if (!first || entry.dated !== 0) return null;
  const words = (partsOf(first.text)[0]?.part ?? '').split(' ');
  let end = -1;
  for (const [index, word] of words.slice(0, GLUED_WORDS).entries()) {
    if (isTitleNoun(word) && !COMPANY_ENDS.has(word.toLowerCase())) end = index;
  }
  const rest = words[end + 1] ?? '';
  return end >= 0 && /^\p{Lu}/u.test(rest) ? titleOf(words.slice(0, end + 1).join(' ')) : null;
}

/** A title run into its company, when another dated entry's first line is set so too. */
function gluedTitleAmong(entry: Entry, entries: readonly Entry[]): string | null {
  const title = gluedTitle(entry);
  const alike = entries.some((other) => other !== entry && gluedTitle(other) !== null);
  return title && alike ? title : null;
}

/**
 * The first part of an entry's first line, its dates on it, where the part after it names a
 * company by its ending (`Harbour Operations & Charting | Fernhill Ports Company | 2017 – 2024`):
 * the role by its place, whatever its words.
 */
function titleBeforeCompany(entry: Entry): string | null {
  const first = entry.head[0];
  if (!first || entry.dated !== 0) return null;
  const [role, company] = partsOf(first.text);
  if (!role || !company || company.segment !== role.segment + 1) return null;
  return COMPANY_WORDS.test(company.part) ? twoWordRole(role.part) : null;
}

/** The most words of the line of a role set as the first item of its description (title-listed-role). */
const MAX_LISTED_WORDS = 6;

/**
 * The role set as the first item of a description under an employer and dates that give none
 * (`Globex, Portland` / `- Harbour Surveyor` / `  - Charted …`): a list item that is a title whole.
 */
function listedTitle(entry: Entry): string | null {
  const first = entry.body[0];
  // A dated item under a dated head is a line of its description (title-dated-item).
  if (!first?.list || tokensOf(first.text).some(isYearOrNow) || !ruleOn(LISTED_ROLE)) return null;
  const parts = partsOf(first.text);
  const words = parts.reduce((sum, { part }) => sum + part.split(' ').length, 0);
  const role = parts[0]?.part ?? '';
  return words <= MAX_LISTED_WORDS && titleOf(role) === role ? role : null;
}

/** A line that labels the role: `Rol: Consultor Practicante`. */
function labelledTitle(entry: Entry): string | null {
  for (const line of headOf(entry)) {
    if (!ROLE_LABELS.test(line.text)) continue;
    const parts = partsOf(line.text.replace(ROLE_LABELS, ''));
    return parts.length > 0 ? (titleAt(parts, 0) ?? titleAt(parts, 0, roleShaped)) : null;
  }
  return null;
}

/** An entry's title: labelled, by the title nouns, where the others' stand, or by structure. */
function titleOfEntry(entry: Entry, entries: readonly Entry[]): string | undefined {
  return (
    (ruleOn(ROLE_LABEL) ? labelledTitle(entry) : null) ??
    nounTitle(entry)?.title ??
    (ruleOn(TITLE_SLOT) ? slotTitle(entry, entries) : null) ??
    (ruleOn(ROLE_LINE) ? roleLineTitle(entry, entries) : null) ??
    (ruleOn(GLUED) ? gluedTitleAmong(entry, entries) : null) ??
    (ruleOn(BEFORE_COMPANY) ? titleBeforeCompany(entry) : null) ??
    openingTitle(entry) ??
    listedTitle(entry) ??
    undefined
  );
}

/**
 * The latest entry: the first, or the last dated one when the dated entries' dates rise, each
 * ending after the one before it (a resume listing roles oldest first).
 */
function latestEntry(entries: readonly Entry[]): Entry | undefined {
  const dated = entries.filter((entry) => entry.dated >= 0);
  const ends = dated.map((entry) => endOf(entry.head) ?? 0);
  const rising =
    ends.length > 1 && ends.every((end, index) => index === 0 || end > (ends[index - 1] ?? 0));
  if (rising && ruleOn(OLDEST_FIRST)) return dated.at(-1);
  return entries[0];
}

/**
 * A role held to the present listed after the first, when the first ended: the latest,
 * wherever it is listed (`Store Manager 2015 – 2017`, …, `Analyst 2023 – Current`).
 */
function currentAfter(first: Entry, entries: readonly Entry[]): Entry | undefined {
  if (!ruleOn(PRESENT_LATEST) || first.dated < 0) return undefined;
  if (endOf(first.head) === Number.POSITIVE_INFINITY) return undefined;
  const later = entries.slice(entries.indexOf(first) + 1);
  return later.find((entry) => entry.dated >= 0 && endOf(entry.head) === Number.POSITIVE_INFINITY);
}

/**
 * Where the latest entry is a cell of dates alone, in a table whose dates stand in a column of
 * their own (read before the roles beside them), the entry of another column of that table on
 * the dates' row, else its first, with no date: the role the dates belong to.
 */
function besideDates(latest: Entry, entries: readonly Entry[]): Entry | null {
  const cell = latest.head[0]?.table;
  if (!cell || !latest.head.every((line) => line.table && isDateOnly(line.text))) return null;
  const beside = entries.filter((entry) => {
    const other = entry.head[0]?.table;
    return entry.dated < 0 && other?.table === cell.table && other.column !== cell.column;
  });
  // The role on the dates' own row, where the table's rows are its roles.
  return beside.find((entry) => entry.head[0]?.table?.row === cell.row) ?? beside[0] ?? null;
}

/** A table's column heading that names the role: `Position`, `Job Title`, `Puesto`. */
const ROLE_COLUMN = /^(?:position|title|job title|role|puesto|cargo)s?:?$/i;

/** A table's rows in order, each its cells' texts by column (tableGrid). */
function tableRows(docs: readonly DocLine[], table: number): string[][] {
  const grid = tableGrid(docs.filter((doc) => doc.table?.table === table));
  return [...grid.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells: string[] = [];
      for (const [column, texts] of grid.get(row) ?? []) cells[column] = texts.join(' ').trim();
      return cells;
    });
}

/**
 * In a table of roles whose head names the role's column (`Position | Company | Place | Time
 * Period`), that column of the row whose dates end latest (`Present` the latest; the first row
 * where none is dated). Each table is read once.
 */
function tableColumnTitle(docs: readonly DocLine[]): string | null {
  const tables = new Set(docs.flatMap((doc) => (doc.table ? [doc.table.table] : [])));
  for (const table of tables) {
    const [head, ...rows] = tableRows(docs, table);
    const column = head?.findIndex((cell) => ROLE_COLUMN.test(cell ?? '')) ?? -1;
    if (column < 0) continue;
    let latest = rows[0];
    let latestEnd = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      const end = endOf([{ text: row.join(' | '), block: 0 }]);
      if (end !== undefined && end > latestEnd) [latest, latestEnd] = [row, end];
    }
    const title = latest?.[column];
    return title && title.length <= MAX_LENGTHS.latest_job_title ? title : null;
  }
  return null;
}

/**
 * The role after an employer's entry that names no title itself (title-roles-within): the
 * employer's head dated, no description under it, the next entry dated within its span.
 */
function roleWithin(employer: Entry, entries: readonly Entry[]): Entry | undefined {
  const next = entries[entries.indexOf(employer) + 1];
  if (!ruleOn(ROLES_WITHIN) || !next || employer.body.length > 0) return undefined;
  if (labelledTitle(employer) !== null || nounTitle(employer) !== null) return undefined;
  const [start, end] = [startOf(employer.head), endOf(employer.head)];
  const [from, to] = [startOf(next.head), endOf(next.head)];
  if (start === undefined || end === undefined) return undefined;
  // A role with no dates of its own under them, its title opening it on a line of its own and
  // no sentence: the employer's dates are its (`Globex` / `2020 – 2021` over `Analyst at
  // Initech`, a block apart).
  if (from === undefined || to === undefined) {
    const opening = next.head[0]?.text.trim() ?? '';
    // Not a label's (`Advisor: Dr Ruiz`) nor a sentence's.
    const titled = nounTitle(next)?.at === 0 && !/[.:]$|: /.test(opening);
    return next.dated < 0 && titled && ruleOn(UNDATED_WITHIN) ? next : undefined;
  }
  return from >= start && to <= end ? next : undefined;
}

/** The title of the experience section's latest role. */
export function latestJobTitleIn(sections: readonly Section[]): string | undefined {
  // An experience heading with nothing under it (a heading set on two lines, `Work / industry`
  // over `Experience`) gives way to the next one.
  const experience =
    sections.find(
      (section) =>
        section.kind === 'experience' && (section.docs.length > 0 || !ruleOn(EMPTY_SECTION)),
    ) ?? (ruleOn(OTHER_ROLES) ? sections.find((section) => section.kind === 'roles') : undefined);
  if (!experience) {
    return unheadedTitle(sections) ?? headedRolesTitle(sections) ?? headlineAt(sections, undefined);
  }
  const column = ruleOn(TABLE_COLUMN) ? tableColumnTitle(experience.docs) : null;
  if (column) return column;
  const all = entriesOf(experience.docs).filter(
    (entry) => !(ruleOn(CAREER_BREAK) && isBreak(entry.head[0]?.text ?? '')),
  );
  const dated = all.findIndex((entry) => entry.dated >= 0);
  const summary = dated > 0 && all[0]?.head[0]?.list === true && ruleOn(SUMMARY_LIST);
  const entries = summary ? all.slice(dated) : all;
  const first = latestEntry(entries);
  const latest = (first && ruleOn(DATES_COLUMN) ? besideDates(first, entries) : null) ?? first;
  // A current role listed later gives its title where one is read; else the latest entry's.
  const current = latest && currentAfter(latest, entries);
  const end = latest && endOf(latest.head);
  const ended = !current && end !== undefined && end !== Number.POSITIVE_INFINITY;
  const title =
    (ended
      ? currentInLater(sections, experience, startOf(latest?.head ?? []) ?? end)
      : undefined) ??
    (current && titleOfEntry(current, entries)) ??
    (latest ? titleOfEntry(roleWithin(latest, entries) ?? latest, entries) : undefined);
  // Where the latest entry is not held now and names no role (a project's), a role held to the
  // present in a later experience section gives the title, whenever it began
  // (title-later-untitled).
  const later =
    title === undefined && !current && end !== Number.POSITIVE_INFINITY && ruleOn(LATER_UNTITLED)
      ? currentInLater(sections, experience, Number.NEGATIVE_INFINITY)
      : undefined;
  // A research role that ended after the latest job, or goes on, is the latest
  // (title-roles-later).
  const roles = ended && experience.kind === 'experience' ? laterRole(sections, end) : undefined;
  // With no section of jobs, only roles, a headline's title at any employer.
  const alone = experience.kind === 'roles' ? headlineAt(sections, undefined) : undefined;
  const found = roles ?? title ?? later ?? (latest && headlineAt(sections, latest)) ?? alone;
  // A comma or colon left where the line wrapped (`Data Scientist,` above the company) is none of it.
  const trimmed = found === undefined ? undefined : trimEdges(found, '', ',;:/ ') || undefined;
  return trimmed && isSchool(trimmed) && ruleOn(NOT_SCHOOL) ? undefined : trimmed;
}

/** A school's name, no title's noun in it (title-not-school): `Vanderbilt University`. */
const isSchool = (title: string) => {
  const words = title.toLowerCase().split(/[\s,]+/);
  return (
    words.some((word) => SCHOOL_WORDS.has(word)) && !words.some((word) => TITLE_NOUNS.has(word))
  );
};

/** The header's lines a headline at any employer is read from (title-headline-alone). */
const HEADLINE_LINES = 4;

/** The words that join a title to its employer in a headline: `Software Engineer at Fernhill`. */
const AT_WORDS = new Set(['at', '@', 'en']);

/**
 * The title a headline in the header names at the latest role's employer (title-headline-at):
 * every word of the employer it names stands in the role's head.
 */
function headlineAt(sections: readonly Section[], latest: Entry | undefined): string | undefined {
  const header = sections[0];
  const id = latest ? HEADLINE_AT : HEADLINE_ALONE;
  if (!ruleOn(id) || header?.kind !== 'header') return undefined;
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}&]+/u)
      .filter(Boolean);
  // With no entry to hold it, the employer may be any (title-headline-alone).
  const head = latest && new Set(latest.head.flatMap((line) => words(line.text)));
  // A headline stands under the name, among the header's first lines.
  for (const line of latest ? header.docs : header.docs.slice(0, HEADLINE_LINES)) {
    if (/[,;:|]/.test(line.text)) continue;
    const tokens = line.text.trim().split(/\s+/);
    const at = tokens.findIndex((token) => AT_WORDS.has(token.toLowerCase()));
    const title = at > 0 ? titleOf(tokens.slice(0, at).join(' ')) : null;
    const employer = words(tokens.slice(at + 1).join(' '));
    if (title && employer.length > 0 && (!head || employer.every((word) => head.has(word)))) {
      return title;
    }
  }
  return undefined;
}

/**
 * The title of the latest role under the header where no section is headed experience
 * (title-unheaded-roles): the entries after the header's first block (the name and contact
 * lines), the latest dated one whose title names a title noun, where no line there is set as a
 * heading or larger than the title's own line.
 */
function unheadedTitle(sections: readonly Section[]): string | undefined {
  const header = sections[0];
  if (!ruleOn(UNHEADED_ROLES) || header?.kind !== 'header') return undefined;
  const top = header.docs[0]?.block;
  const docs = header.docs.filter((line) => line.block !== top);
  // A heading there that no list of ours names (`Opleiding`, `Formação Acadêmica`) heads what
  // follows it: those are sections of their own, in a language we do not read, and no roles.
  // Dates alone or a role's head in a heading's style are a role's (title-role-heading-style).
  const ownHead = (text: string) => isDateOnly(text) || titleAt(partsOf(text), 0) !== null;
  const heads = (line: DocLine) =>
    line.heading !== undefined && !(ruleOn(ROLE_STYLED) && ownHead(line.text));
  if (docs.some(heads)) return undefined;
  const entries = entriesOf(docs).filter((entry) => entry.dated >= 0);
  const latest = latestEntry(entries);
  const title = latest && titleOfEntry(latest, entries);
  if (!title) return undefined;
  if (!title.split(' ').some(isTitleNoun)) return undefined;
  const size = latest?.head.find((line) => line.text.includes(title))?.size ?? 1;
  if (docs.some((line) => (line.size ?? 1) > size + SIZE_STEP)) return undefined;
  return trimEdges(title, '', ',;:/ ') || undefined;
}

/** The title a heading line gives as a role's whole head: its first part, a title. */
const roleHeading = (text: string) => (holdsWholeHead(text) ? titleAt(partsOf(text), 0) : null);

/**
 * The title of the first of two role headings in a row, where no section is headed experience
 * (title-headed-roles): each heading a role's whole head.
 */
function headedRolesTitle(sections: readonly Section[]): string | undefined {
  if (!ruleOn(HEADED_ROLES)) return undefined;
  const headings = sections
    .flatMap((section) => [section.heading, ...section.docs])
    .flatMap((line) => (line?.heading === undefined ? [] : [line]));
  // A dated title alone heads a role under its employer's heading, a level up (`** Fernhill
  // Ports` / `*** Harbour Surveyor (2019 - Present)`); each role heading's next of its own level
  // follows past those of other levels between (a `Skills` heading under it:
  // title-headed-roles-levels).
  const levels = ruleOn(HEADED_ROLES_LEVELS);
  const role = (index: number): string | null => {
    const line = headings[index];
    if (!line) return null;
    const above = headings[index - 1]?.heading ?? Number.POSITIVE_INFINITY;
    const dated = tokensOf(line.text).some(isYearOrNow) && !isDateOnly(line.text);
    const underEmployer = levels && dated && above < (line.heading ?? 0);
    return roleHeading(line.text) ?? (underEmployer ? titleAt(partsOf(line.text), 0) : null);
  };
  const next = (index: number) => {
    const level = headings[index]?.heading;
    if (!levels) return index + 1;
    const after = headings.findIndex((line, at) => at > index && line.heading === level);
    return after < 0 ? headings.length : after;
  };
  for (const index of headings.keys()) {
    const title = role(index);
    if (title !== null && role(next(index)) !== null) return title;
  }
  return undefined;
}

/** An entry's first line that names a break between roles, in English or Spanish. */
const BREAK =
  /^\W*(?:career break|sabbatical|(?:parental|maternity|paternity|family|medical) leave|gap year|employment gap|pausa profesional|año sabático|excedencia)\b/i;
/** Working for oneself, with no role named: `Self-employed`, `Autónomo`. */
const SELF_EMPLOYED = /^\W*(?:self[- ]employed|autónomo|autónoma|trabajador independiente)\W*$/i;
/** A thesis, alone before the place it was written: `Project Thesis, FAPS`, `Tesis de grado`. */
const THESIS =
  /^\W*(?:(?:(?:master|bachelor|diploma|project|senior|honou?rs|doctoral)(?:['’]?s)? )?thesis|tesis(?: de (?:grado|máster|maestría|licenciatura))?|trabajo de fin de (?:grado|máster))\s*(?:[,|–—-]|$)/i;

/**
 * An entry's head line for a break (`Sabbatical`), or for working for oneself with no role
 * named (`Self-employed`: title-self-employed); its dates before it aside (`December 2019 -
 * Now - Sabbatical`: title-break-after-dates).
 */
function isBreak(head: string): boolean {
  const parts = ruleOn(BREAK_AFTER_DATES)
    ? head.split(/\s[-–—|]\s/).filter((part) => !isDateOnly(part))
    : [head];
  const what = parts[0] ?? '';
  return (
    BREAK.test(what) ||
    (SELF_EMPLOYED.test(what) && ruleOn(SELF_EMPLOYED_BREAK)) ||
    (THESIS.test(what) && ruleOn(THESIS_ENTRY))
  );
}

/**
 * A heading of teaching: the courses a job's holder taught are that job's, no role apart from it.
 */
const TEACHING = /teach|lectur|docen|enseñ/i;

/**
 * The title of the latest role of a section of research roles, where it ended after `ended` (the
 * experience section's latest role's end) or goes on (title-roles-later).
 */
function laterRole(sections: readonly Section[], ended: number): string | undefined {
  if (!ruleOn(ROLES_LATER)) return undefined;
  for (const section of sections) {
    if (section.kind !== 'roles' || TEACHING.test(section.heading?.text ?? '')) continue;
    const entries = entriesOf(section.docs);
    const latest = latestEntry(entries);
    const end = latest && endOf(latest.head);
    if (latest && end !== undefined && end > ended) return titleOfEntry(latest, entries);
  }
  return undefined;
}

/**
 * Where the first experience section's latest role ended, the title of a role held to the present
 * in a later experience section, begun after that role began (title-later-section): `Military
 * Experience` over `Experience`; not a side job held since before it (`Other Experience`).
 */
function currentInLater(
  sections: readonly Section[],
  first: Section,
  begun: number,
): string | undefined {
  if (!ruleOn(LATER_SECTION)) return undefined;
  for (const section of sections.slice(sections.indexOf(first) + 1)) {
    if (section.kind !== 'experience') continue;
    const entries = entriesOf(section.docs);
    const now = entries.find(
      (entry) =>
        entry.dated >= 0 &&
        endOf(entry.head) === Number.POSITIVE_INFINITY &&
        (startOf(entry.head) ?? Number.NEGATIVE_INFINITY) > begun,
    );
    const title = now && titleOfEntry(now, entries);
    if (title) return title;
  }
  return undefined;
}
