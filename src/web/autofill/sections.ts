// A resume's sections: the lines under each heading, by what the heading names (docs/autofill.md).
import { type DocLine, isCaps } from './document.ts';
import { BULLET, CATEGORY_WORDS, clean, lastWord, withoutEndingNote } from './lines.ts';
import { MAX_TEXT_CHARS } from './read-result.ts';
import { rule, ruleOn } from './rules.ts';
import { TITLE_NOUNS } from './title-nouns.ts';

/** A short line set as the known headings are is a heading. */
const HEADING_BY_SETTING = rule('heading-by-setting');
/** A skills heading below the level the format gives headings opens no section. */
const HEADING_LEVEL = rule('heading-level');
/** Below a profile's heading, a skills heading still opens its section (`## Profile` / `### Skills`). */
const SKILLS_UNDER_PROFILE = rule('skills-under-profile');
/** A profile's or a summary's heading, in English and Spanish. */
const PROFILE_HEADING =
  /^(?:(?:professional |career )?(?:summary|profile)|about(?: me)?|overview|perfil(?: profesional)?|resumen|sobre mí)$/i;
/** A `Tech: a, b` line under a role opens no skills section. */
const INLINE_OUTSIDE_ROLES = rule('inline-outside-roles');
/**
 * A skills heading in bold or capitals that opens a line set apart from the role above
 * (`SKILLS: Point of sale, …`) opens a skills section.
 */
const RUN_IN_APART = rule('run-in-apart');
/**
 * In a skills list, a word in capitals that names no heading, set as the body where the
 * headings are set apart (`MATLAB`), is an item.
 */
const CAPS_ITEM = rule('caps-item');
/** A line set smaller than the body opens no section where headings are set larger. */
const HEADING_NOT_SMALLER = rule('heading-not-smaller');
/** Headings set as the others are, right under a skills heading, are its categories. */
const SKILLS_SUBHEADINGS = rule('skills-subheadings');
/**
 * Two lines in a row that repeat header lines word for word are a page's furniture, in no
 * section.
 */
const REPEATS_HEADER = rule('repeats-header');
/** A skills heading in capitals that opens its line (`SKILLS Go, Rust`) opens the section. */
const CAPS_RUN_IN = rule('caps-run-in');
/** A line in capitals with a year after it is an entry's (a school's, `TECHNICAL UNIVERSITY … | 2017`). */
const CAPS_RUN_IN_UNDATED = rule('caps-run-in-undated');
/** Under a skills heading, a line our lists name but set unlike the headings is a category. */
const NAMED_CATEGORY = rule('named-category');
/**
 * Under a skills list a label opened (`Technologies:`), a label set as it is and ending with a
 * colon is the next category, whatever our lists name it (`Databases:`, `Operating Systems:`),
 * where the line after it may be a list: a few words, no year (an education's), no full stop (a
 * project's summary). A label our lists name as another section's (`Interests:`) is that
 * section, `Languages:` and `Operating Systems:` aside.
 */
const COLON_CATEGORIES = rule('colon-categories');
/** The most words a category's list line has, as `colon-categories` reads it. */
const SHORT_LIST_WORDS = 12;
/** A line that may be a category's list: a few words, no date's year, no sentence's full stop. */
const isCategoryList = (text: string) =>
  text !== '' &&
  text.split(' ').length <= SHORT_LIST_WORDS &&
  !YEAR.test(text) &&
  !text.trimEnd().endsWith('.');
/**
 * Under a skills heading set above the headings (`Technical Skills`, larger than `Education`),
 * `Languages` and `Operating Systems` set as the headings are its categories (the languages one
 * codes in), not sections of their own (the languages one speaks).
 */
const NAMED_UNDER_SKILLS = rule('named-under-skills');
/** A `Languages` section that names no language one speaks lists the languages one codes in. */
const CODING_LANGUAGES = rule('coding-languages');
/** A `Career Summary` of dated roles, where no section names experience, is the experience. */
const SUMMARY_ROLES = rule('summary-roles');
/** A list a run-in label opened (`Skills: Python, Go`) ends at a line the format sets as a heading. */
const RUN_IN_ENDS_AT_HEADING = rule('run-in-ends-at-heading');
/** Headings of other sections that name a category of technical skills under a skills heading. */
const TECHNICAL_CATEGORIES = /^(?:languages|operating systems):?$/i;
/** Right under a skills heading, a named label ending in a colon is its first category. */
const FIRST_CATEGORY = rule('first-category');
/** A heading wrapped over two lines set alike (`CONTACT` / `INFORMATION`) is one heading. */
const HEADING_WRAPS = rule('heading-wraps');
/**
 * A heading whose last word is in the other number (`Industry Experiences`) names the same
 * section.
 */
const HEADING_NUMBER = rule('heading-number');
/**
 * A heading numbered in figures or Roman numerals (`III. Conocimientos`, `2) Experience`) names
 * what its words name.
 */
const NUMBERED_HEADING = rule('heading-numbered');
/**
 * A heading our lists know, in capitals after a skills list, opens its section without being a
 * line of it.
 */
const KNOWN_CLOSES_SKILLS = rule('known-closes-skills');
/**
 * An unknown heading that names roles (`Experience & Leadership`, `Research Positions`) holds
 * roles.
 */
const HEADING_ROLES = rule('heading-roles');
/**
 * A short line set larger than the headings (a title over them) closes the section before it.
 */
const HEADING_ABOVE = rule('heading-above');
/**
 * Where the known headings are set smaller than the body, a line set as they are is a heading.
 */
const HEADING_SMALLER = rule('heading-smaller');
/**
 * A heading naming jobs outright (`Volunteer Work and Job Experience`) is an experience
 * heading.
 */
const HEADING_JOBS = rule('heading-jobs');
/**
 * A `Technical Experience` section of dated roles, each named by its noun, is an experience
 * section.
 */
const TECHNICAL_ROLES = rule('technical-roles');
/**
 * A `Technical Experience` section of short lists, not of roles or projects, is a skills
 * section.
 */
const TECHNICAL_LISTS = rule('technical-lists');
/**
 * Under a `Technical Experience` heading, a term over definitions that are lists of short
 * items opens a skills section.
 */
const TECHNICAL_TERMS = rule('technical-terms');
/**
 * A heading set as the others right after a skills section of labelled lists, over labelled
 * lists of its own, is a category of the skills.
 */
const CATEGORY_LISTS_ALIKE = rule('category-lists-alike');
/**
 * In an experience section, a role's line with its dates below is an entry's head, though set
 * larger than the headings.
 */
const ENTRIES_ABOVE = rule('entries-above-headings');
/**
 * In a `Technical Experience` section, lines whose bold lead names skills before a colon and
 * what was done with them (`**Angular, TypeScript:** Built front-ends …`) are its lists too.
 */
const TECHNICAL_RUN_INS = rule('technical-run-ins');
/**
 * A line at the stated level of its section's own heading, set as it is, is the next heading.
 */
const HEADING_SIBLING = rule('heading-sibling');
/**
 * A line set as the headings whose last word names a section is a heading, even among bold
 * roles.
 */
const HEADING_WORD_LAST = rule('heading-word-last');
/**
 * So is one in capitals at the body's size, with no space after it, whose other words name none
 * (`ACADEMIC PROJECTS` over `Lunar Rover`, headings set so).
 */
const CAPS_HEADING_WORD = rule('caps-heading-word');
/**
 * So is one set bold as they are but with no heading style, where theirs have one (its style
 * forgotten).
 */
const STYLE_LOST = rule('heading-style-lost');
/**
 * A bold line of words joined by slashes whose first is a heading of ours
 * (`SKILLS/INTERESTS/ACHIEVEMENTS`) is a heading, its section the first word's.
 */
const SLASHED_HEADING = rule('heading-slashed');
/**
 * So is a bold line of headings of ours parted by commas and `&` or `and`, each piece one
 * (`SKILLS, ACTIVITIES & INTERESTS`); its section is what its words name.
 */
const LISTED_HEADINGS = rule('heading-of-headings');
/** A horizontal rule ends the section it closes. */
const RULE_CLOSES = rule('rule-closes');
/**
 * A rule between two dated entries of the work a section lists (`----` before `*March 2017 -
 * March 2018* - **Lead Developer**`) parts them, and closes nothing.
 */
const RULE_BETWEEN_ENTRIES = rule('rule-between-entries');
/**
 * A line set as the headings right under a heading of work, before any line of its own, whose
 * last word is a title's noun is the section's first role, not a heading.
 */
const FIRST_ROLE_NOT_HEADING = rule('first-role-not-heading');
/** An unknown heading's kind from its words. */
const HEADING_WORDS = rule('heading-words');
/**
 * Capitals alone make a heading only where space parts the line from what comes before it too.
 */
const SPACE_BEFORE = rule('space-before');
/**
 * A heading set as the headings whose last word names work (`ENGINEERING & WORK EXPERIENCE`) is
 * one before the first heading we know too, in capitals with no space around it.
 */
const HEADER_EXPERIENCE = rule('header-experience');
/**
 * A heading of research or teaching work set as the headings (`POSTDOCTORAL RESEARCH
 * EXPERIENCE`) is one before the first heading we know too, its roles standing in for jobs.
 */
const HEADER_ROLES = rule('header-roles');
/**
 * A heading we know with a note in parentheses after it (`EXPERIENCIA (10/2022 - 05/2023)`),
 * set as the headings, is that heading.
 */
/**
 * A line set as the headings that names a school (`Moscow Institute of Physics and Technology`,
 * in bold under `Education`) opens no skills section, whatever its last word.
 */
const SCHOOL_NAME = rule('heading-school-name');
/**
 * A heading of unknown words that ends in a heading of jobs our lists name (`Active Work History`,
 * `Recent Employment History`) is that heading.
 */
const KNOWN_TAIL = rule('heading-known-tail');
const HEADING_NOTE = rule('heading-note');
/**
 * Such a heading set in bold up to its note, the note plain (`WORK EXPERIENCE (more on the
 * website)`), is set as its words are.
 */
const NOTE_LEAD = rule('heading-note-lead');
/** A heading that names interests (`Research Interests`) holds no roles. */
const INTERESTS_NO_ROLES = rule('interests-no-roles');
/**
 * A heading set as the headings whose last word names skills opens its section before the first
 * heading we know.
 */
const HEADER_SKILLS = rule('header-skills');
/**
 * A heading the format states (Markdown's `##`, a heading style) may hold commas: `Skills, Tools,
 * and Technology` names skills by a piece's last word as `Lab Skills` does.
 */
const STATED_COMMAS = rule('heading-stated-commas');
/** `Skill Sets`, `Skill Set` and `Skillset` in a heading name skills. */
const SKILL_SETS_WORDS = rule('skill-sets');
/**
 * A heading set as the headings whose last word names tools or frameworks (`Technical Tools`,
 * `Skills // Frameworks`) opens its section before the first heading we know, as one that names
 * skills does.
 */
const HEADER_TOOLS = rule('header-tools');
/**
 * Where no setting is shared by the known headings, a line that names skills set exactly as one
 * of them is a skills heading, as one that names work is (lone-work-heading).
 */
const LONE_SKILLS_HEADING = rule('lone-skills-heading');
/**
 * A short line the format sets at the level of the current section's heading is the next
 * section's heading, whatever marks it holds (`## Experience in Initech Co., Ltd.`).
 */
const SIBLING_PUNCTUATED = rule('sibling-punctuated');
/**
 * A list item in a skills section that names a section (`- Leadership`) is an item, unless set
 * as the headings.
 */
const LIST_ITEM_NOT_HEADING = rule('list-item-not-heading');
/** Page header and footer lines stay out of the section they cross. */
const MARGINS_APART = rule('margins-apart');
/**
 * A label naming what a thing used (`Tools: Gem5, GCC`), under an entry of any section past the
 * header, opens no skills section: it is that entry's.
 */
const USED_UNDER_ENTRY = rule('used-under-entry');
/**
 * A skills heading nested under a role's heading (a dated heading of a higher level, `***
 * Welder (2019 - Present)` / `**** Skills`) lists what that role used: it opens no skills
 * section.
 */
const SKILLS_UNDER_ROLE = rule('skills-under-role');
/**
 * Inside a section of work, a label our lists do not name, alone on its line (`Responsibilities:`,
 * `Project summary:`), is a role's, no heading, however it is set.
 */
const ENTRY_LABELS = rule('entry-labels');
/** A year or the present in a heading: a role's or a school's dates. */
const DATED = /\b(?:19|20)\d{2}\b|\b(?:present|current|now|actualidad)\b/i;

/**
 * Whether the heading at `index` is the first under a dated heading of a higher level
 * (skills-under-role): the heading before it is that one.
 */
function isUnderDatedHeading(docs: readonly DocLine[], index: number): boolean {
  const level = docs[index]?.heading;
  if (level === undefined || !ruleOn(SKILLS_UNDER_ROLE)) return false;
  const above = docs.slice(0, index).findLast((doc) => doc.heading !== undefined);
  return above?.heading !== undefined && above.heading < level && DATED.test(above.text);
}
/**
 * `Computer` in a field's name (`Computer Science Experience`, `Computer Engineering`) names
 * the field of the work, not a computer's skills as `Computer Experience` does.
 */
const COMPUTER_FIELD = rule('computer-field');
/**
 * A heading whose last word names a section may run longer than others, its words still few:
 * `ELECTRICAL ENGINEERING AND COMPUTER SCIENCE EXPERIENCE`.
 */
const LONG_HEADING = rule('long-heading');
/**
 * A skills list opened by a run-in label under another section ends at the next line that opens
 * with a label our lists name as a section of no skills (`Relevant Coursework: …`): the section
 * it stands in goes on.
 */
const INLINE_ONE_LIST = rule('inline-one-list');
/**
 * A heading our lists name as experience, set apart in any way, closes a skills section however
 * the other headings are set: no list of skills has a category of that name (`Relevant
 * EXPERIENCE` in bold after `TECHNICAL SKILLS` in bold capitals).
 */
const EXPERIENCE_NOT_CATEGORY = rule('experience-not-category');
/**
 * A term of a definition list set as the skills term that opened the section (`Skills` over its
 * indented list, then `Things I built` over theirs) opens a section of its own.
 */
const TERM_SIBLING = rule('term-sibling');
/** An academic CV's posts (`Academic Appointments`, `Cargos actuales`) are its experience. */
const HEADING_APPOINTMENTS = rule('heading-appointments');
/** A heading in capitals whose word spaces a PDF lost (`WORKEXPERIENCE`) is spaced again. */
const GLUED_HEADING = rule('glued-heading');
/**
 * A heading whose last word names work, set as one known heading is where no two share a
 * setting, opens its section.
 */
const LONE_WORK_HEADING = rule('lone-work-heading');
/** A definition list's term that names skills (`Programming Languages / Skills`) opens a skills section. */
const TERM_SKILLS = rule('term-skills');
/**
 * A line drawn out to the margin in underscores, as a heading is underlined in Word
 * (`Education________`), is read without them (heading-leader).
 */
const HEADING_LEADER = rule('heading-leader');
/**
 * A table's row of three cells or more, each a heading our lists name (`About | Skills |
 * Projects | Experience`), is a row of links to the sections, none of them a heading.
 */
const LINKS_ROW = rule('links-row');
/**
 * A section whose heading stands in a sidebar ends where the sidebar does: the main column's
 * lines read after it (a profile's paragraph, its heading read before the sidebar) are none of it.
 */
const SIDEBAR_ENDS = rule('sidebar-ends');
/**
 * A section whose heading stands in the main column ends where a sidebar's lines begin: the
 * sidebar read after the main column (its contact block, under the main column's `References`)
 * is none of it.
 */
const MAIN_ENDS = rule('main-ends');
/**
 * `References available upon request`, `Referencias a petición`: a line that stands for the
 * references section, which ends the section before it, no line of it.
 */
const REFERENCES_ON_REQUEST = rule('references-on-request');
/**
 * In an experience section, a line set as the headings right after a date that opens a range
 * (`2018-08 -`, its end on the line after) is the role's head the dates run around, no heading.
 */
const DATES_AROUND_HEAD = rule('dates-around-head');
/**
 * A page's number, alone or after a running footer's text (`Page 2 of 3`, `Jane Doe - page 2`,
 * `Página 1 de 2`), is the page's, no line of the section it falls in.
 */
const PAGE_MARK = rule('page-mark');
/** A page's number, as page-mark reads it. */
const PAGE_NUMBER =
  /^(?:[^\n]{0,60}?\s[-–—|·•]\s)?(?:page|página|pág\.?)\s\d{1,3}(?:\s(?:of|de|\/)\s\d{1,3})?$/i;

/** A date that opens a range, its end on a line of its own: `2018-08 -`, `May 2019 –`. */
const OPEN_RANGE = /\b(?:19|20)\d{2}(?:[-/.]\d{1,2})?\s?[-–—]$/;

/** References offered on request, in English and Spanish (references-on-request). */
const ON_REQUEST =
  /^(?:references?\b[\p{L}: ]{0,30}\b(?:up)?on request|referencias\b[\p{L}: ]{0,30}\b(?:a|bajo) (?:petición|solicitud|pedido))\.?$/iu;

/** Lines read at most (characters: MAX_TEXT_CHARS): a resume's fields are in its first pages. */
const MAX_LINES = 2_000;

type SectionKind =
  | 'experience'
  /** Roles of another kind (research, teaching): read for the job title when no experience section is. */
  | 'roles'
  | 'skills'
  | 'contact'
  | 'other'
  | 'references'
  | 'title'
  | 'header';

const ENGLISH_HEADINGS: Record<string, SectionKind> = {
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
  'relevant work': 'experience',
  'relevant work experience': 'experience',
  internships: 'experience',
  'internship experience': 'experience',
  'positions held': 'experience',
  'military experience': 'experience',
  'military service': 'experience',
  'career history': 'experience',
  employment: 'experience',
  'professional history': 'experience',
  'selected experience': 'experience',
  'related experience': 'experience',
  work: 'experience',
  'industry experience': 'experience',
  'professional background': 'experience',
  'experience highlights': 'experience',
  'working experience': 'experience',
  occupation: 'experience',
  skills: 'skills',
  'key skills': 'skills',
  'technical skills': 'skills',
  'core competencies': 'skills',
  'core skills': 'skills',
  'skills & abilities': 'skills',
  'skills and abilities': 'skills',
  'areas of expertise': 'skills',
  'areas of experience': 'skills',
  competencies: 'skills',
  'key competencies': 'skills',
  'computer skills': 'skills',
  'computer experience': 'skills',
  'skills & expertise': 'skills',
  'skills and expertise': 'skills',
  'skills & awards': 'skills',
  'skills & interests': 'skills',
  'skills and interests': 'skills',
  'skills & tools': 'skills',
  'skills & languages': 'skills',
  'skills and languages': 'skills',
  'languages & skills': 'skills',
  'languages and skills': 'skills',
  'skills summary': 'skills',
  'summary of skills': 'skills',
  'relevant skills': 'skills',
  'professional skills': 'skills',
  'hard skills': 'skills',
  'soft skills': 'skills',
  'software skills': 'skills',
  software: 'skills',
  'software & tools': 'skills',
  'software and tools': 'skills',
  'it skills': 'skills',
  'technical knowledge': 'skills',
  'computer proficiency': 'skills',
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
  // The singular of a word whose plural the other number does not make (`-ies`).
  proficiency: 'skills',
  'technical proficiency': 'skills',
  // What someone can do, in the plural (`Qualifications`); the singular, most often after
  // `Educational`, lists degrees.
  qualifications: 'skills',
  qualification: 'other',
  'educational qualifications': 'other',
  'academic qualifications': 'other',
  'educational qualification': 'other',
  'academic qualification': 'other',
  tools: 'skills',
  frameworks: 'skills',
  tech: 'skills',
  technical: 'skills',
  contact: 'contact',
  'contact information': 'contact',
  'contact info': 'contact',
  'contact details': 'contact',
  'contact me': 'contact',
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
  'language skills': 'other',
  'linguistic skills': 'other',
  interests: 'other',
  hobbies: 'other',
  awards: 'other',
  'honors & awards': 'other',
  'honors and awards': 'other',
  achievements: 'other',
  publications: 'other',
  'work in progress': 'other',
  'works in progress': 'other',
  'job market paper': 'other',
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
  'research experience': 'roles',
  teaching: 'other',
  'teaching experience': 'roles',
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
  'programming languages': 'skills',
  'operating systems': 'other',
  'selected honors': 'other',
  'selected publications': 'other',
  'professional development': 'other',
  conferences: 'other',
  personal: 'other',
  loves: 'other',
  status: 'other',
};

/** Spanish headings (docs/languages.md). */
const SPANISH_HEADINGS: Record<string, SectionKind> = {
  'hoja de vida': 'title',
  currículum: 'title',
  'currículum vitae': 'title',
  currículo: 'title',
  experiencia: 'experience',
  'experiencia laboral': 'experience',
  'experiencia profesional': 'experience',
  'historial laboral': 'experience',
  'trayectoria profesional': 'experience',
  'experiencia relevante': 'experience',
  empleo: 'experience',
  ocupación: 'experience',
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
  contáctame: 'contact',
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
  'sobre mí': 'other',
  'sobre mi': 'other',
  'acerca de mí': 'other',
  'acerca de mi': 'other',
  objetivo: 'other',
  'objetivo profesional': 'other',
  idiomas: 'other',
  'competencias lingüísticas': 'other',
  'habilidades lingüísticas': 'other',
  certificaciones: 'other',
  'certificaciones y licencias': 'other',
  proyectos: 'other',
  logros: 'other',
  premios: 'other',
  voluntariado: 'other',
  intereses: 'other',
  cursos: 'other',
  publicaciones: 'other',
  'experiencia docente': 'roles',
  'experiencia en investigación': 'roles',
  'experiencia investigadora': 'roles',
};

const HEADINGS: Record<string, SectionKind> = { ...ENGLISH_HEADINGS, ...SPANISH_HEADINGS };

/**
 * A whole line that is a heading: letters (with the accents of Spanish headings, "Educación"),
 * spaces, `&`, `/`, an optional colon.
 */
const HEADING_SHAPE = /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü][A-Za-zÁÉÍÓÚÑÜáéíóúñü &/]{0,40}:?$/;

/** A heading's number before its words: `III. `, `IV `, `2) `, `1.`. */
const NUMBERING = /^(?:\d{1,2}|[IVX]{1,4})(?:[.)] ?| )(?=\p{Lu})/u;

const headingKey = (line: string) =>
  line.replace(':', '').trim().replace(/\s+/g, ' ').toLowerCase();

/** A heading's last word in the other number: `experiences` for `experience`, and back. */
const otherNumber = (key: string) => (key.endsWith('s') ? key.slice(0, -1) : `${key}s`);

/**
 * The section a heading our lists know names (`Awards`, `Skills:`), if any; its last word may
 * be in the other number (`Teaching Experiences`, `Project`).
 */
export function headingKind(text: string): SectionKind | null {
  const line = ruleOn(NUMBERED_HEADING) ? text.replace(NUMBERING, '') : text;
  if (!HEADING_SHAPE.test(line)) return null;
  const key = headingKey(line);
  const named = listed(key);
  if (named || !ruleOn(HEADING_NUMBER)) return named;
  return listed(otherNumber(key));
}

/**
 * Whether a document's known headings are all English ones (`Experience`, `Skills`), none
 * Spanish (`Experiencia`): a resume written in English.
 */
export function headingsInEnglish(headings: readonly DocLine[]): boolean {
  const keys = headings.map((heading) => headingKey(heading.text));
  const named = (list: Record<string, SectionKind>, key: string) =>
    Object.hasOwn(list, key) || Object.hasOwn(list, otherNumber(key));
  return (
    keys.some((key) => named(ENGLISH_HEADINGS, key)) &&
    !keys.some((key) => named(SPANISH_HEADINGS, key))
  );
}

/** The words our headings are made of: `work`, `experience`, `selected`, `publications`. */
let headingWords: Set<string> | undefined;
const wordsOfHeadings = () => {
  headingWords ??= new Set(
    [...Object.keys(HEADINGS), ...APPOINTMENTS, ...SKILLS_WORDS, ...GLUED_EXTRA_WORDS]
      .flatMap((key) => key.split(' '))
      .filter((word) => /^\p{L}{2,}$/u.test(word)),
  );
  return headingWords;
};
/** Words that qualify a heading's noun, beside those our headings hold: `Selected`, `Areas`. */
const GLUED_EXTRA_WORDS = ['selected', 'areas', 'key', 'other', 'recent'];

/**
 * The fewest and most letters of a heading in capitals whose word spaces were lost.
 * @internal docs-autofill.test.ts holds docs/autofill.md to them.
 */
export const GLUED_LETTERS = { fewest: 8, most: 40 } as const;
/** Capitals only, as a heading whose word spaces were lost is set. */
const GLUED_CAPS = /^[A-ZÁÉÍÓÚÑÜ]+$/;
const isGlued = (text: string) =>
  text.length >= GLUED_LETTERS.fewest && text.length <= GLUED_LETTERS.most && GLUED_CAPS.test(text);

/**
 * A heading in capitals whose word spaces a PDF lost (letter-spaced, `W O R K E X P E R I E N C
 * E` gives `WORKEXPERIENCE`), spaced again where its letters are wholly the words our headings
 * are made of, the fewest of them, the last in either number: `WORK EXPERIENCE`, `SELECTED
 * PUBLICATIONS` (glued-heading). Any other line is returned as it is.
 */
function spacedHeading(text: string): string {
  if (!isGlued(text) || !ruleOn(GLUED_HEADING)) return text;
  const lower = text.toLowerCase();
  const words = wordsOfHeadings();
  if (words.has(lower) || words.has(otherNumber(lower))) return text;
  // best[i]: the fewest words that make up the first i letters, and where the last one starts.
  const best: { count: number; from: number }[] = [{ count: 0, from: 0 }];
  for (let end = 2; end <= lower.length; end++) {
    for (let from = 0; from <= end - 2; from++) {
      const before = best[from];
      const piece = lower.slice(from, end);
      const known = words.has(piece) || (end === lower.length && words.has(otherNumber(piece)));
      if (!before || !known) continue;
      const current = best[end];
      if (!current || before.count + 1 < current.count)
        best[end] = { count: before.count + 1, from };
    }
  }
  const whole = best[lower.length];
  if (!whole || whole.count < 2) return text;
  const cuts: number[] = [];
  for (let at = lower.length; at > 0; at = best[at]?.from ?? 0) cuts.unshift(at);
  return cuts.map((end, index) => text.slice(index === 0 ? 0 : cuts[index - 1], end)).join(' ');
}

/** A heading our lists name by this key: its own entries only (`constructor` names none). */
const listed = (key: string): SectionKind | null => {
  if (Object.hasOwn(HEADINGS, key)) return HEADINGS[key] ?? null;
  return APPOINTMENTS.has(key) && ruleOn(HEADING_APPOINTMENTS) ? 'experience' : null;
};

/**
 * An academic CV's headings for the posts held, in English and Spanish: `Academic Appointments`,
 * `Academic Positions`, `Current Positions`, `Cargos actuales` (heading-appointments); not
 * `Positions`, a table's column (`Position | Company`) in the other number.
 */
const APPOINTMENTS = new Set([
  ...['appointments', 'academic appointments', 'faculty appointments'],
  ...['professional appointments', 'academic positions', 'professional positions'],
  ...['current positions', 'current position', 'past positions', 'previous positions'],
  ...['cargos', 'cargos actuales', 'cargos anteriores', 'cargos desempeñados', 'cargos académicos'],
]);

/** Words of a school's name: a heading that holds one names no section's kind. */
export const SCHOOL_WORDS = new Set(
  'university institute college academy universidad instituto universidade universität'.split(' '),
);

/** Words that name skills wherever they stand in a heading (not `technical`: `Technical Courses`). */
const SKILLS_WORDS = new Set(
  'skills competencies technologies technology tools proficiencies familiarity strengths habilidades competencias aptitudes conocimientos tecnologías tecnología herramientas fortalezas'.split(
    ' ',
  ),
);

/**
 * What an unknown heading's words name: `Skills and Awards` is a skills section, unless it
 * names experience too; any other closes the section before it.
 */
function kindByWords(line: string): SectionKind {
  if (!ruleOn(HEADING_WORDS)) return 'other';
  const words = skillSetsNamed(line.toLowerCase()).split(/[^\p{L}]+/u);
  // A school's name set as the headings (`Moscow Institute of Physics and Technology`).
  if (words.some((word) => SCHOOL_WORDS.has(word)) && ruleOn(SCHOOL_NAME)) return 'other';
  const skills = words.some((word) => SKILLS_WORDS.has(word));
  const experience = words.some((word) => HEADINGS[word] === 'experience');
  if (skills && !experience) return 'skills';
  if (!ruleOn(HEADING_ROLES) || skills) return 'other';
  // Jobs named outright (`Volunteer Work and Job Experience`) are jobs, whatever else the heading names.
  if (ruleOn(HEADING_JOBS) && words.some((word) => JOB_WORDS.has(word))) return 'experience';
  const field = (index: number) =>
    ruleOn(COMPUTER_FIELD) && FIELD_AFTER_COMPUTER.has(words[index + 1] ?? '');
  if (
    words.some((word, index) => NOT_WORK_WORDS.has(word) && !(word === 'computer' && field(index)))
  ) {
    return 'other';
  }
  if (ruleOn(INTERESTS_NO_ROLES) && words.some((word) => INTEREST_WORDS.has(word))) return 'other';
  if (words.some((word) => OTHER_ROLE_WORDS.has(word))) return 'roles';
  // `Work` names jobs where it opens the heading (`Work Experince`), not after another word
  // (`Charity work`, `Related Work`).
  const jobs = words.some(
    (word, index) => ROLE_WORDS.has(word) || (word === 'work' && index === 0),
  );
  // A heading of jobs our lists name, a word before it (`Active Work History`, `Recent
  // Employment History`): heading-known-tail.
  const tail = HEADINGS[words.slice(-2).join(' ')] === 'experience' && ruleOn(KNOWN_TAIL);
  return jobs || tail ? 'experience' : 'other';
}

/** Words that name jobs held in a heading no list names: `Experience & Leadership`. */
const ROLE_WORDS = new Set(
  'experience experiences employment internships internship experiencia empleo'.split(' '),
);
/** Words that name paid work outright, whatever else a heading names beside them. */
const JOB_WORDS = new Set('job jobs employment empleo empleos'.split(' '));
/** Words of research or teaching, whose roles are read only where no experience section is. */
const OTHER_ROLE_WORDS = new Set('research teaching investigación docente docencia'.split(' '));
/**
 * Words of a heading whose roles or experience are no jobs: a volunteer's, a club's, a
 * project's (`Technical Experience` over projects, `Experiencia / Proyectos`).
 */
const NOT_WORK_WORDS = new Set(
  (
    'volunteer volunteering service community outreach extracurricular voluntariado technical ' +
    'computer project projects proyectos proyecto técnica'
  ).split(' '),
);

/** Words after `computer` that make it a field's name: `Computer Science`. */
const FIELD_AFTER_COMPUTER = new Set(['science', 'engineering']);

/** Words of a heading that names what one cares for, not what one did: `Research Interests`. */
const INTEREST_WORDS = new Set('interest interests intereses'.split(' '));

export interface Section {
  kind: SectionKind;
  /** The line that opened it (none for the header). */
  heading?: DocLine;
  /** The lines' texts, as clean() gives them. */
  lines: string[];
  /** The same lines with what the document says of each (docs[i].text is lines[i]). */
  docs: DocLine[];
}

/** A label naming what an entry used, not what its writer can do: `Tools:`, `Tech stack:`. */
const USED_LABEL =
  /^(?:tools?(?: used)?|tech(?:nolog(?:y|ies))?(?: stack| used)?|stack|environment|herramientas|tecnolog[ií]as?(?: usadas| utilizadas)?):$/i;

/** A heading in capitals that no list of ours names: `LINKS`, `PUBLICATIONS AND TALKS`. */
export const CAPS_HEADING = /^[A-Z][A-Z &/]{3,40}$/;

/** How a line is set, as far as headings go. */
interface Setting {
  heading?: number;
  size: number;
  bold: boolean;
  caps: boolean;
}

const settingOf = (line: DocLine): Setting => ({
  heading: line.heading,
  size: line.size ?? 1,
  bold: line.bold === true,
  caps: line.caps === true,
});

/** Larger than the body by at least this share: a heading's size, not the body's. */
const LARGER = 1.1;
/** Smaller than the body by at least this share: headings set small (small capitals), not the body. */
const SMALLER = 0.9;
/** Sizes closer than this are one size (rounding, a font's own metrics). */
const SIZE_TOLERANCE = 0.05;

/** Set apart from the body text at all: a stated level, a larger size, bold or capitals. */
const isMarked = (setting: Setting) =>
  setting.heading !== undefined || setting.size >= LARGER || setting.bold || setting.caps;

const sameSetting = (a: Setting, b: Setting) =>
  a.heading === b.heading &&
  a.bold === b.bold &&
  a.caps === b.caps &&
  Math.abs(a.size - b.size) < SIZE_TOLERANCE;

/** How the known headings are set apart from the body, each setting with how many set so. */
function knownSettings(lines: readonly DocLine[]): { setting: Setting; count: number }[] {
  const counts: { setting: Setting; count: number }[] = [];
  for (const line of lines) {
    const kind = headingKind(line.text);
    if (!kind || kind === 'title') continue;
    const setting = settingOf(line);
    if (!isMarked(setting)) continue;
    const same = counts.find((count) => sameSetting(count.setting, setting));
    if (same) same.count++;
    else counts.push({ setting, count: 1 });
  }
  return counts;
}

/**
 * Where no setting is shared by the known headings, a line whose last word names work set
 * exactly as one of them is (lone-work-heading): `PROFESIONAL EXPERIENCE` set as `EDUCATION`,
 * `Skills and Interests` set otherwise; so is one that names skills as a heading before the
 * first known one may (lone-skills-heading): `Technical Tools` set as `Education`.
 */
function isLoneWorkHeading(
  doc: DocLine,
  setting: Setting | undefined,
  lone: readonly { setting: Setting }[],
): boolean {
  const named = namesWork(doc.text) || (skillsInHeader(doc.text) && ruleOn(LONE_SKILLS_HEADING));
  if (setting || !headingShaped(doc) || !named || !ruleOn(LONE_WORK_HEADING)) return false;
  return lone.some((known) => sameSetting(known.setting, settingOf(doc)));
}

/**
 * How the document sets its headings: the setting most of its known headings share (two at
 * least), when it marks them apart from the body; none when they are set as the body is.
 */
function headingSettingOf(
  counts: readonly { setting: Setting; count: number }[],
): Setting | undefined {
  const best = counts.reduce<(typeof counts)[number] | undefined>(
    (most, count) => (count.count > (most?.count ?? 1) ? count : most),
    undefined,
  );
  return best?.setting;
}

/** A line that may be a heading no list of ours names: a few words, no sentence, no figures. */
const UNKNOWN_HEADING = /^\p{L}[\p{L} &/'-]{0,48}:?$/u;
/** The same, longer, where its last word names a section (long-heading). */
const LONG_UNKNOWN_HEADING = /^\p{L}[\p{L} &/'-]{0,64}:?$/u;
/**
 * The most words such a heading has: `Familiarity of the following technologies`.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_HEADING_WORDS = 6;

const inMargin = (line: DocLine) => line.area === 'header' || line.area === 'footer';

/** A line that may be a heading by its words: a few of them, no list, table row or page margin. */
const headingShaped = (line: DocLine) =>
  headingPlaced(line) &&
  (UNKNOWN_HEADING.test(line.text) ||
    (((line.heading !== undefined && ruleOn(STATED_COMMAS)) || isHeadingOfHeadings(line.text)) &&
      UNKNOWN_HEADING.test(line.text.replaceAll(',', ''))) ||
    (ruleOn(LONG_HEADING) &&
      LONG_UNKNOWN_HEADING.test(line.text) &&
      endsWithHeadingWord(line.text)));

/** A line where a heading may stand, whatever its words: a few of them, no list, row or margin. */
const headingPlaced = (line: DocLine) =>
  !line.list &&
  !line.table?.columns &&
  !inMargin(line) &&
  line.text.split(' ').length <= MAX_HEADING_WORDS;

/**
 * Whether a line no list of ours names is set as the document's headings are: the same level,
 * size, weight and capitals. Capitals alone, at the body's size, mark a heading only where space
 * parts the line from what follows (a plain-text resume's `INTERESTS`), as an item in capitals
 * (`AWS`) is not; so does bold alone inside an experience section, where a role's title is bold.
 */
function isSetAsHeading(
  lines: readonly DocLine[],
  index: number,
  setting: Setting | undefined,
  within: SectionKind | undefined,
): boolean {
  const line = lines[index];
  if (!line || !setting || !ruleOn(HEADING_BY_SETTING) || !headingShaped(line)) return false;
  // Set as the headings but for the style's level, a heading whose last word names a section
  // (`TECHNICAL EXPERIENCE`, its style forgotten among `EDUCATION` and `SKILLS`).
  const unstyled = { ...settingOf(line), heading: setting.heading };
  const styleLost = setting.heading !== undefined && line.heading === undefined && setting.bold;
  const lostHeading = styleLost && sameSetting(unstyled, setting) && endsWithHeadingWord(line.text);
  if (lostHeading && ruleOn(STYLE_LOST)) return true;
  if (!sameSetting(settingOf(line), setting)) return false;
  const before = lines[index - 1];
  const datesBefore =
    before?.block === line.block && OPEN_RANGE.test(before.text) && ruleOn(DATES_AROUND_HEAD);
  if (within === 'experience' && datesBefore) return false;
  if (setting.heading !== undefined || setting.size >= LARGER) return true;
  if (setting.size <= SMALLER && ruleOn(HEADING_SMALLER)) return true;
  if (setting.bold && !setting.caps && within !== 'experience') return true;
  if (setting.bold && endsWithHeadingWord(line.text) && ruleOn(HEADING_WORD_LAST)) return true;
  if (setting.bold && isSlashedHeading(line.text)) return true;
  if (setting.bold && isHeadingOfHeadings(line.text)) return true;
  if (setting.caps && namesWork(line.text)) return true;
  if (setting.caps && endsWithHeadingWord(line.text) && ruleOn(CAPS_HEADING_WORD)) {
    // Only its last word names a section: `TECHNICAL SKILLS & AWARDS` is read by its words.
    const words = line.text.toLowerCase().split(' ').slice(0, -1);
    if (words.every((word) => headingKind(word) === null)) return true;
  }
  const after = lines[index + 1];
  // The last item of a list in capitals (`SQL` before a blank line) has no space before it.
  const apart = before === undefined || before.block !== line.block || !ruleOn(SPACE_BEFORE);
  return after !== undefined && after.block !== line.block && apart;
}

/**
 * A line whose last word alone names a section (`Technical Experience`, `Lab Skills`): set as
 * the headings, a heading even inside an experience section, where a role's title is bold too
 * but names its noun (`Customer Experience Manager`, `Head of Research`).
 */
const endsWithHeadingWord = (line: string) => {
  const words = line.toLowerCase().split(' ');
  // A role's title names its noun (`Head of Research`, `Director of Education`).
  if (words.some((word) => TITLE_NOUNS.has(word))) return false;
  return headingKind(words.at(-1) ?? '') !== null;
};

/** Two headings or more our lists name, parted by commas, `&` or `and`: `Skills, Activities & Interests`. */
const isHeadingOfHeadings = (line: string) => {
  if (!line.includes(',') || !ruleOn(LISTED_HEADINGS)) return false;
  const pieces = line.split(/\s?,\s(?:and\s|&\s)?|\s(?:&|and)\s/i);
  return pieces.length >= 2 && pieces.every((piece) => headingKind(piece) !== null);
};

/** Words joined by slashes, the first a heading our lists name: `Skills/Interests/Abilities`. */
const isSlashedHeading = (line: string) => {
  const words = line.split('/');
  return words.length >= 2 && headingKind(words[0] ?? '') !== null && ruleOn(SLASHED_HEADING);
};

/**
 * A heading no list of ours names whose last word names work (`Engineering & Work Experience`,
 * `Postdoctoral Research Experience`): set as the headings, it opens its section before the
 * first heading we know too, and in capitals needs no space around it, as no item or headline
 * ends so.
 */
function namesWork(line: string): boolean {
  if (!ruleOn(HEADER_EXPERIENCE) || !endsWithHeadingWord(line)) return false;
  if (headingKind(lastWord(line)) !== 'experience') return false;
  const kind = kindByWords(line);
  return kind === 'experience' || (kind === 'roles' && ruleOn(HEADER_ROLES));
}

/** The longest such line: a heading of our lists (HEADING_SHAPE) and a short note. */
const MAX_NOTED_HEADING = 90;

/**
 * The section a heading our lists name with a note after it names (`EXPERIENCIA (10/2022 -
 * 05/2023)`, `Publications (selected)`), where the line is set as the headings are (set apart
 * from the body, where the document's headings are not known by their setting).
 */
function notedHeading(line: DocLine, setting: Setting | undefined): SectionKind | null {
  if (!ruleOn(HEADING_NOTE) || line.text.length > MAX_NOTED_HEADING) return null;
  const bare = withoutEndingNote(line.text);
  // Set in bold up to its note (`**WORK EXPERIENCE** (more on the website)`), it is set as its
  // words are (heading-note-lead).
  const lead = line.lead !== undefined && line.lead.trim() === bare?.trim() && ruleOn(NOTE_LEAD);
  const own = lead ? { ...settingOf(line), bold: true, caps: isCaps(bare ?? '') } : settingOf(line);
  if (!(setting ? sameSetting(own, setting) : isMarked(own))) return null;
  return bare === undefined ? null : headingKind(bare);
}

/** A title's words: a heading's, a colon between its parts allowed (`Appendix: Abstracts`). */
const TITLE_LINE = /^\p{L}[\p{L} &/'-]{0,48}(?::[\p{L} &/'-]{1,60})?$/u;
/** Larger than the headings by at least this: a title over them. */
const ABOVE_HEADINGS = 0.15;

/**
 * Whether a line is set larger than the document's headings, as a title over them is
 * (`Appendix: Abstracts of Working Papers` after the last section): it closes the section before.
 */
function isSetAboveHeadings(line: DocLine, setting: Setting | undefined): boolean {
  if (!setting || !ruleOn(HEADING_ABOVE) || line.list || line.table || inMargin(line)) return false;
  const size = line.size ?? 1;
  return (
    size >= LARGER &&
    size >= setting.size + ABOVE_HEADINGS &&
    TITLE_LINE.test(line.text) &&
    line.text.split(' ').length <= MAX_HEADING_WORDS + 2
  );
}

/** A list after its label and a colon: `Fluent: C, C++, QT`, `Adequate: ColdFusion`. */
const LABELLED_LIST = /^[\p{L}][\p{L} /&-]{0,30}: [^:]{1,300}$/u;

/** The lines after a line in its block: what a heading there holds. */
function blockAfter(docs: readonly DocLine[], index: number): string[] {
  const block = docs[index]?.block;
  const after: string[] = [];
  for (const doc of docs.slice(index + 1)) {
    if (doc.block !== block) break;
    after.push(doc.text);
  }
  return after;
}

/**
 * Whether the lines under a heading are lists after labels, as every line of the skills
 * section before it is (category-lists-alike: `Web Development` / `Fluent: html5, css3` after
 * `Programming languages` / `Fluent: C, C++`): the heading is one more category of the skills.
 */
function listsAlike(skills: readonly string[], under: readonly string[]): boolean {
  const labelled = (lines: readonly string[]) =>
    lines.length > 0 && lines.every((line) => LABELLED_LIST.test(line));
  return labelled(skills) && labelled(under) && ruleOn(CATEGORY_LISTS_ALIKE);
}

/**
 * Whether a line in an experience section heads an entry, whatever its size: a role named by a
 * title's noun among its first words, its dates on the line below (entries-above-headings:
 * `UX Lead at John Deere` / `August 2022 – Present | Champaign, IL` set larger than a plain
 * `EXPERIENCE`).
 */
function isEntryHead(docs: readonly DocLine[], index: number, current: Section | undefined) {
  if (current?.kind !== 'experience' || !YEARS_SPAN.test(docs[index + 1]?.text ?? '')) {
    return false;
  }
  return namesRoleFirst(docs[index]?.text ?? '') && ruleOn(ENTRIES_ABOVE);
}

/**
 * Whether a line our lists name is set below the document's headings: under the level the
 * format states (a Word heading style, Markdown's `#`), or a label set as the body where the
 * headings are set apart. Such a sub-heading opens no skills section (`Programming Languages`
 * in bold under a styled "Projects", `Tech:` under a role); one that names another kind still
 * closes a skills section (`Languages:` under "Skills").
 */
function isBelowHeadings(line: DocLine, setting: Setting | undefined): boolean {
  if (!setting || !ruleOn(HEADING_LEVEL)) return false;
  if (setting.heading === undefined) return line.text.endsWith(':') && !isMarked(settingOf(line));
  return line.heading === undefined || line.heading > setting.heading;
}

/**
 * Whether a line is set smaller than the body in a document whose headings are set larger: a
 * label beside a list (`Languages` under `Computer`), a date, never a heading.
 */
function isSetSmaller(line: DocLine, setting: Setting | undefined): boolean {
  if (!setting || setting.size < LARGER || !ruleOn(HEADING_NOT_SMALLER)) return false;
  return (line.size ?? 1) <= 1 - SIZE_TOLERANCE;
}

/**
 * Whether a line ends a skills section though it is no heading we know: a heading in capitals
 * after a list written in mixed case (a category label in capitals comes before its items).
 */
function endsSkills(section: Section | undefined, line: string): boolean {
  const heading = CAPS_HEADING.test(line) && /[A-Z]{5}/.test(line);
  if (section?.kind !== 'skills' || section.lines.length === 0 || !heading) return false;
  return section.lines.some((text) => text !== text.toUpperCase());
}

/**
 * A word in capitals among skills that our lists do not name, set as the body where the headings
 * are set apart (`MATLAB`, the headings in bold or larger): an item, not a heading that closes
 * the list.
 */
const isCapsItem = (doc: DocLine, setting: Setting | undefined) =>
  setting !== undefined &&
  !sameSetting(settingOf(doc), setting) &&
  sameSetting(settingOf(doc), { size: 1, bold: false, caps: doc.caps === true }) &&
  headingKind(doc.text) === null &&
  ruleOn(CAPS_ITEM);

/**
 * A heading no list of ours names whose last word names skills (`Lab Skills`): set as the
 * headings, it opens its section before the first heading we know too, where other lines set
 * so are the name's and the contact's (`Technology Leader` is a headline).
 */
const skillsInHeader = (line: string) =>
  ruleOn(HEADER_SKILLS) &&
  kindByWords(line) === 'skills' &&
  (HEADER_SKILLS_WORDS.has(lastWord(skillSetsNamed(line))) ||
    (HEADER_TOOLS_WORDS.has(lastWord(line)) && ruleOn(HEADER_TOOLS)) ||
    (line.includes(',') &&
      ruleOn(STATED_COMMAS) &&
      line.split(',').some((piece) => HEADER_SKILLS_WORDS.has(lastWord(piece.trim())))));

/** A heading's last word that names skills, and no headline's: `skills`, not `technologies`. */
const HEADER_SKILLS_WORDS = new Set(
  'skills competencies proficiencies habilidades competencias aptitudes conocimientos'.split(' '),
);
/** A heading's last word that names what one works with, and no headline's (header-tools). */
const HEADER_TOOLS_WORDS = new Set(['tools', 'frameworks', 'herramientas']);

/** `Skill Sets`, `Skillset`, `Skill` alone (`Skill Summary`) as `skills`, a word our lists know (skill-sets). */
const SKILL_SETS = /\bskill(?: ?sets?)?\b/gi;
const skillSetsNamed = (line: string) =>
  ruleOn(SKILL_SETS_WORDS) ? line.replace(SKILL_SETS, 'skills') : line;

/** A heading at the level of the current section's own (`Open Source`, then `Programming Languages`, both level 3): its sibling, not below it. */
const isSibling = (line: DocLine, heading: DocLine) =>
  line.heading !== undefined && heading.heading !== undefined && line.heading <= heading.heading;

/**
 * A line no list of ours names at the heading level the format states for the current section's
 * own heading (`### Research interests` after `### Skills`): the next section at its level.
 */
function isSiblingHeading(line: DocLine, section: Section | undefined): boolean {
  const head = section?.heading;
  if (
    !head ||
    head.heading === undefined ||
    !ruleOn(HEADING_SIBLING) ||
    line.heading !== head.heading
  )
    return false;
  // Set by the format at that level, a short line is a heading whatever marks it holds
  // (`## Experience in Initech Co., Ltd.`: sibling-punctuated).
  const shaped = headingShaped(line) || (headingPlaced(line) && ruleOn(SIBLING_PUNCTUATED));
  return shaped && sameSetting(settingOf(line), settingOf(head));
}

/** A section opened by a heading our lists name (`Projects`), not one known by its setting alone. */
export const isKnown = (section: Section) =>
  section.heading !== undefined && headingKind(section.heading.text) !== null;

/** A repeated line this long at least is furniture: a short one (`Python`) may be both. */
const MIN_REPEATED_LENGTH = 12;

/**
 * A line that opens with a heading our lists name and a bar (`Skills | JavaScript`), where two
 * lines of its size and capitals at least do so: a margin's heading beside its section's first
 * line, as a PDF turned into Word or a tab between them writes it. The two are read apart.
 */
const HEADING_BESIDE = rule('heading-beside');

/** The least lines so set that make them a margin's headings. */
const HEADINGS_BESIDE = 2;

/**
 * A heading our lists name in capitals, run into the sentence that ends before it
 * (`… business goals.TECHNICAL SKILLS`, a PDF that set no break between them), is read apart.
 */
const HEADING_AFTER_SENTENCE = rule('heading-after-sentence');
/** A sentence's end, and capitals run into it: `goals.TECHNICAL SKILLS`. */
const SENTENCE_THEN_CAPS = /^(.{20,}[\p{Ll})][.!?])(\p{Lu}[\p{Lu} &]{2,40})$/u;

/** The lines with a heading run into the sentence before it read apart (heading-after-sentence). */
function headingsAfterSentences(docs: readonly DocLine[]): readonly DocLine[] {
  return docs.flatMap((doc) => {
    const [, before = '', heading = ''] = SENTENCE_THEN_CAPS.exec(doc.text) ?? [];
    const kind = heading && headingKind(heading);
    if (!kind || kind === 'title' || !ruleOn(HEADING_AFTER_SENTENCE)) return [doc];
    // The sentence keeps its bold opening, if any; the heading has none of its own.
    const { wraps: _, ...sentence } = doc;
    const { lead: __, ...marks } = sentence;
    return [
      { ...sentence, text: before },
      { ...marks, text: heading, caps: true },
    ];
  });
}

/** The lines with each margin's heading read apart from the line beside it (heading-beside). */
function headingsBeside(docs: readonly DocLine[]): readonly DocLine[] {
  if (!ruleOn(HEADING_BESIDE)) return docs;
  const heads = docs.map((doc) => {
    const bar = doc.text.indexOf(' | ');
    if (bar < 2 || doc.list || doc.table?.columns || !isMarked(settingOf(doc))) return null;
    const kind = headingKind(doc.text.slice(0, bar));
    return kind && kind !== 'title' ? bar : null;
  });
  const settings = docs.filter((_, index) => heads[index] != null).map(settingOf);
  // The same size and capitals: a converter sets their weight and level unevenly.
  const alike = (own: Setting) =>
    settings.filter(
      ({ size, caps }) => caps === own.caps && Math.abs(size - own.size) < SIZE_TOLERANCE,
    ).length;
  return docs.flatMap((doc, index) => {
    const bar = heads[index];
    if (bar == null || alike(settingOf(doc)) < HEADINGS_BESIDE) return [doc];
    const { lead: _, ...heading } = doc;
    const beside: DocLine = { text: doc.text.slice(bar + 3), block: doc.block };
    if (doc.area) beside.area = doc.area;
    if (doc.column !== undefined) beside.column = doc.column;
    return [{ ...heading, text: doc.text.slice(0, bar) }, beside];
  });
}

/** The fewest cells of a row of links to the sections. */
const LINKS_ROW_CELLS = 3;

/** Which lines are cells of a row of links to the sections (links-row). */
function linksRows(docs: readonly DocLine[]): boolean[] {
  const links = docs.map(() => false);
  if (!ruleOn(LINKS_ROW)) return links;
  const rows = new Map<string, number[]>();
  for (const [index, { table }] of docs.entries()) {
    if (!table || table.columns) continue;
    const key = `${table.table}.${table.row}`;
    const row = rows.get(key);
    if (row) row.push(index);
    else rows.set(key, [index]);
  }
  for (const cells of rows.values()) {
    const named = cells.every((index) => headingKind(docs[index]?.text ?? '') !== null);
    if (cells.length >= LINKS_ROW_CELLS && named) for (const index of cells) links[index] = true;
  }
  return links;
}

/**
 * Which lines past the first heading repeat a line before it word for word: two or more such
 * lines in a row are the name and contact lines a page repeats at its top or foot, not the
 * section's text (one alone may be a headline that is also the latest title).
 */
function repeatedHeader(docs: readonly DocLine[]): boolean[] {
  if (!ruleOn(REPEATS_HEADER)) return docs.map(() => false);
  const first = docs.findIndex((doc) => {
    const kind = headingKind(doc.text);
    return kind !== null && kind !== 'title';
  });
  const header = new Set(docs.slice(0, Math.max(first, 0)).map((doc) => doc.text));
  return docs.map(
    (doc, index) =>
      first >= 0 && index > first && doc.text.length >= MIN_REPEATED_LENGTH && header.has(doc.text),
  );
}

/** The most words a heading in capitals that opens its line has. */
const MAX_RUN_IN_WORDS = 4;

/**
 * A skills heading in capitals that opens its line, its items after it (`SKILLS JavaScript,
 * Python`, a heading and its list set on one baseline): the rest of the line, else null.
 */
function capsRunIn(line: string): string | null {
  if (!ruleOn(CAPS_RUN_IN)) return null;
  const words = line.split(' ');
  for (let count = Math.min(MAX_RUN_IN_WORDS, words.length - 1); count > 0; count--) {
    const head = words.slice(0, count).join(' ');
    const rest = words.slice(count).join(' ');
    // A year after it is an entry's date, no skill's (`TECHNICAL UNIVERSITY OF … | 2017 – 2021`).
    const dated = YEAR.test(rest) && ruleOn(CAPS_RUN_IN_UNDATED);
    if (isCaps(head) && headingKind(head) === 'skills' && /\p{Ll}/u.test(rest) && !dated)
      return rest;
  }
  return null;
}

/** A line that opens with a label of its own: `Relevant Coursework: Statistics, …`. */
const RUN_IN_LABEL = /^[\p{L}][\p{L} &/'-]{1,40}:\s/u;

/**
 * A run-in label our lists name as a section of no skills (`Relevant Coursework:`, `Awards:`);
 * one they do not name may be the next category of the list (`Design:`).
 */
const isOtherLabel = (label: string) => {
  const kind = headingKind(label);
  return kind !== null && kind !== 'skills';
};

/** A definition list's term: a line of its own block, the next line of that block indented under it. */
function isTerm(docs: readonly DocLine[], index: number): boolean {
  const line = docs[index];
  const next = docs[index + 1];
  return (
    line !== undefined &&
    next !== undefined &&
    (line.indent ?? 0) === 0 &&
    (next.indent ?? 0) > 0 &&
    next.block === line.block &&
    docs[index - 1]?.block !== line.block
  );
}

/**
 * A term set as the term that opened the current skills section, in a block of its own with its
 * definitions under it (term-sibling): `Self side projects` after `Skills` in a definition list.
 */
function isSiblingTerm(
  docs: readonly DocLine[],
  index: number,
  current: Section | undefined,
): boolean {
  const head = current?.heading;
  const doc = docs[index];
  if (!head || !doc || current?.kind !== 'skills' || !ruleOn(TERM_SIBLING)) return false;
  // A term that names a category of skills (`Databases`) is the list's next category.
  if (!isTerm(docs, index) || !headingShaped(doc) || CATEGORY_WORDS.test(doc.text)) return false;
  return sameSetting(settingOf(doc), settingOf(head)) && isTerm(docs, docs.indexOf(head));
}

/**
 * A definition list's term that names skills by its last word (`Programming Languages / Skills`
 * over its indented lines), under a section of another kind: a skills section of its own
 * (term-skills). A role's term names its noun (`Tools Developer`) and is none.
 */
function isSkillsTerm(
  docs: readonly DocLine[],
  index: number,
  current: Section | undefined,
): boolean {
  const doc = docs[index];
  if (!doc || current?.kind === 'skills' || !ruleOn(TERM_SKILLS)) return false;
  if (!isTerm(docs, index) || !headingShaped(doc) || kindByWords(doc.text) !== 'skills') {
    return false;
  }
  const words = doc.text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  return SKILLS_WORDS.has(words.at(-1) ?? '') && !words.some((word) => TITLE_NOUNS.has(word));
}

/** A section of work: jobs, or research or teaching roles. */
const holdsWork = (section: Section) => section.kind === 'experience' || section.kind === 'roles';

/**
 * A line set as the headings right under a heading of work, before any line of its own, that
 * ends with a title's noun (`Work Experience` / `Electrical Engineer Intern`): its first role, set
 * in bold as the headings are, not a heading (first-role-not-heading).
 */
const isFirstRole = (section: Section | undefined, line: string) =>
  section !== undefined &&
  holdsWork(section) &&
  section.lines.length === 0 &&
  TITLE_NOUNS.has(lastWord(line)) &&
  ruleOn(FIRST_ROLE_NOT_HEADING);

/** Whether a rule stands between two dated entries of a section of work (rule-between-entries). */
const ruleBetweenEntries = (section: Section | undefined, next: DocLine | undefined) =>
  section !== undefined &&
  holdsWork(section) &&
  YEAR.test(section.lines[0] ?? '') &&
  YEAR.test(next?.text ?? '') &&
  ruleOn(RULE_BETWEEN_ENTRIES);

/** A line drawn across the page in characters: `————`, `_____`, `***`. */
const HORIZONTAL_RULE = /^[-—–_=~*─━═]{3,}$/;
/** The marks that run a line's words out to the margin: `Education_____`, `Skills ───`. */
const LEADER_MARKS = new Set(['_', '─', '━']);

/** A line without the run of three marks or more that draws its words out to the margin. */
function withoutLeader(written: string): string {
  const text = written.trimEnd();
  let end = text.length;
  while (end > 0 && LEADER_MARKS.has(text[end - 1] ?? '')) end--;
  const words = text.slice(0, end).trimEnd();
  return text.length - end >= 3 && words !== '' ? words : written;
}

/** A new section, its heading's line kept. */
function opened(kind: SectionKind, heading: DocLine, first?: DocLine): Section {
  return { kind, heading, lines: first ? [first.text] : [], docs: first ? [first] : [] };
}

/**
 * A line cut down to what follows a run-in heading (`SKILLS React, Redux` to `React, Redux`):
 * its bold opening was the heading's, and marks nothing of the rest.
 */
function restOf(doc: DocLine, text: string): DocLine {
  const { lead: _heading, ...marks } = doc;
  return { ...marks, text };
}

/**
 * A heading a PDF's font gives as its glyphs' numbers, each 29 below its character's code, as a
 * font with no map to its characters does (`6NLOOV` for `Skills`, `([SHULHQFH` for `Experience`),
 * is read as those characters where they make a heading our lists name.
 */
const SHIFTED_HEADING = rule('shifted-heading');
/** How far below its character's code such a font's glyph number stands. */
const GLYPH_SHIFT = 29;
/** The last glyph number so shifted that stands for a character of a heading: `]` for `z`. */
const LAST_GLYPH = 0x5d;

/** The heading a line of glyph numbers spells, else the line as it is (shifted-heading). */
function unshifted(text: string): string {
  // Most lines are longer or shorter than a heading: no need to read their characters.
  if (text.length < 3 || text.length > 60) return text;
  const codes = [...text].map((char) => char.charCodeAt(0));
  if (codes.some((code) => code < 3 || code > LAST_GLYPH)) return text;
  const shown = String.fromCharCode(...codes.map((code) => code + GLYPH_SHIFT)).trim();
  return headingKind(shown) ? shown : text;
}

/** The document's lines, cleaned, empty ones left out, capped. */
function cleaned(lines: readonly DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  let chars = 0;
  for (const raw of lines.slice(0, MAX_LINES)) {
    // A rule drawn in Markdown's marks (`---`, `***`, `___`) is kept as a rule: cleaned, it
    // would be gone, as an AsciiDoc or Markdown mark is.
    const drawn = raw.text.trim();
    const read = ruleOn(SHIFTED_HEADING) ? unshifted(raw.text) : raw.text;
    const led = ruleOn(HEADING_LEADER) ? withoutLeader(read) : read;
    const text =
      HORIZONTAL_RULE.test(drawn) && ruleOn(RULE_CLOSES) ? drawn : spacedHeading(clean(led));
    chars += text.length;
    if (chars > MAX_TEXT_CHARS) break;
    if (text === '' || (PAGE_NUMBER.test(text) && !inMargin(raw) && ruleOn(PAGE_MARK))) continue;
    // A bullet written in the text (`• Go`, `– Git, Maven`) marks a list item as a list's mark
    // does; a star against a word opens emphasis (`*Principal Designer*`), not a list.
    const start = raw.text.trimStart();
    const bullet = BULLET.test(start) && !/^\*\S/.test(start);
    // A row's cells are cleaned as its text is (a Markdown table's `**Go**`).
    const table = raw.table?.columns && { ...raw.table, columns: raw.table.columns.map(clean) };
    const { lead: rawLead, ...marks } = raw;
    const doc: DocLine = table ? { ...marks, text, table } : { ...marks, text };
    // The bold words it opens with, cleaned as its text is, while the text still opens with them.
    const lead = rawLead === undefined ? '' : clean(rawLead);
    if (lead !== '' && lead.length < text.length && text.startsWith(lead)) doc.lead = lead;
    out.push(bullet ? { ...doc, list: true } : doc);
  }
  return out;
}

/**
 * The document's sections: the lines before the first heading (the header), then one per
 * heading. A heading is a line our lists name, or, past the first of those, one set as they
 * are (docs/autofill.md); a page's header and footer lines past the first heading stay out of
 * the section they cross, in a section of their own at the end.
 */
export function sectionsOf(lines: readonly DocLine[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [], docs: [] }];
  const margins: Section = { kind: 'other', lines: [], docs: [] };
  const docs = headingsBeside(headingsAfterSentences(cleaned(lines)));
  const known = knownSettings(docs);
  const setting = headingSettingOf(known);
  const lone = setting ? [] : known;
  // A skills section whose heading has categories set as headings under it (`Skills`, then
  // `Programming`, `Bioinformatics`): they stay in it, as its category labels.
  let parent: Section | undefined;
  const repeats = repeatedHeader(docs);
  const links = linksRows(docs);
  // Skills lists a run-in label opened under another section (inline-one-list).
  const runIns = new Set<Section>();
  // Skills lists a run-in label opened anywhere, the header too (run-in-ends-at-heading).
  const inlineLists = new Set<Section>();
  for (const [index, doc] of docs.entries()) {
    const line = doc.text;
    const current = sections.at(-1);
    if (HORIZONTAL_RULE.test(line) && ruleOn(RULE_CLOSES)) {
      const between = ruleBetweenEntries(current, docs[index + 1]);
      if (sections.length > 1 && current && current.lines.length > 0 && !between) {
        sections.push({ kind: 'other', lines: [], docs: [] });
      }
      continue;
    }
    // A heading wrapped in a narrow column: its second line, set as its first and right under
    // it, makes with it a heading our lists name (`CONTACT` / `INFORMATION`); not a section.
    const head = current?.heading;
    const wrapped =
      head && current.lines.length === 0 && docs[index - 1] === head && ruleOn(HEADING_WRAPS)
        ? headingKind(`${head.text} ${line}`)
        : null;
    if (
      current &&
      head &&
      wrapped &&
      wrapped !== 'title' &&
      sameSetting(settingOf(doc), settingOf(head))
    ) {
      current.kind = wrapped;
      current.heading = { ...head, text: `${head.text} ${line}` };
      continue;
    }
    const named = links[index] ? null : (headingKind(line) ?? notedHeading(doc, setting));
    if (named === 'title') continue;
    // Below the headings only under a heading our lists name: in the header, or under a heading
    // known by its setting alone (`Technical Experience`), a skills heading opens its section.
    const below =
      named === 'skills' &&
      current?.heading &&
      isKnown(current) &&
      !isSibling(doc, current.heading) &&
      !(PROFILE_HEADING.test(current.heading.text) && ruleOn(SKILLS_UNDER_PROFILE)) &&
      isBelowHeadings(doc, setting);
    // Under a skills heading, `Languages` set as its items, not as the headings, is a category.
    const category =
      named !== null &&
      !(named === 'experience' && isMarked(settingOf(doc)) && ruleOn(EXPERIENCE_NOT_CATEGORY)) &&
      current?.kind === 'skills' &&
      setting !== undefined &&
      !sameSetting(settingOf(doc), setting) &&
      ruleOn(NAMED_CATEGORY);
    // Right under a skills heading, before any item, a label of no field's section that ends
    // in a colon is the list's first category: `Skills` / `Languages:` / `Python, Go`.
    const first =
      named === 'other' &&
      current?.kind === 'skills' &&
      current.lines.length === 0 &&
      line.endsWith(':') &&
      ruleOn(FIRST_CATEGORY);
    // Under a skills list a label opened (`Technologies:`), a label set as it is, its list after
    // it, is the next category (`Databases:` / `MySQL`), whatever our lists name it.
    const sibling =
      (named === null || named === 'skills' || TECHNICAL_CATEGORIES.test(line.trim())) &&
      current?.kind === 'skills' &&
      current.lines.length > 0 &&
      line.endsWith(':') &&
      current.heading?.text.endsWith(':') === true &&
      sameSetting(settingOf(doc), settingOf(current.heading)) &&
      isCategoryList(docs[index + 1]?.text ?? '') &&
      ruleOn(COLON_CATEGORIES);
    // A list item in a skills section that names a section (`- Leadership`) is an item, unless
    // the format sets it as a heading.
    const item =
      named !== null &&
      current?.kind === 'skills' &&
      doc.list === true &&
      doc.heading === undefined &&
      !(setting && sameSetting(settingOf(doc), setting)) &&
      ruleOn(LIST_ITEM_NOT_HEADING);
    const roleUsed = named === 'skills' && isUnderDatedHeading(docs, index);
    // Inside a section of work, a label our lists do not name (`Responsibilities:`, `Project
    // summary:`, `Technology / Tools Used:`) is a role's, no heading (entry-labels).
    const entryLabel =
      named === null &&
      current?.kind === 'experience' &&
      current.lines.length > 0 &&
      line.endsWith(':') &&
      ruleOn(ENTRY_LABELS);
    const coded =
      named === 'other' &&
      TECHNICAL_CATEGORIES.test(line.trim()) &&
      current?.kind === 'skills' &&
      setting !== undefined &&
      sameSetting(settingOf(doc), setting) &&
      (current.heading?.size ?? 1) >= setting.size + ABOVE_HEADINGS &&
      ruleOn(NAMED_UNDER_SKILLS);
    const kind =
      below ||
      category ||
      first ||
      sibling ||
      item ||
      roleUsed ||
      coded ||
      (named && isSetSmaller(doc, setting))
        ? null
        : named;
    const furniture = repeats[index] === true && (repeats[index - 1] || repeats[index + 1]);
    if (sections.length > 1 && (furniture || (inMargin(doc) && ruleOn(MARGINS_APART)))) {
      margins.lines.push(line);
      margins.docs.push(doc);
      continue;
    }
    // A skills heading that opens its own line: `Skills: Python, SQL` (inside a skills section,
    // `Languages: Go` is a category of skills, not a heading; under a role in an experience
    // section, `Tech: Java, Spring` is what the role used).
    const colon = line.indexOf(':');
    // Unless, set in bold or in capitals, it opens a block of its own after the role.
    const apart =
      colon >= 2 &&
      doc.block !== docs[index - 1]?.block &&
      ((doc.lead?.length ?? 0) > colon || isCaps(line.slice(0, colon))) &&
      ruleOn(RUN_IN_APART);
    const underRole =
      !apart &&
      ((current?.kind === 'experience' && ruleOn(INLINE_OUTSIDE_ROLES)) ||
        (sections.length > 1 &&
          (current?.lines.length ?? 0) > 0 &&
          USED_LABEL.test(line.slice(0, colon + 1)) &&
          ruleOn(USED_UNDER_ENTRY)));
    const inline =
      kind || colon < 2 || colon > 41 || current?.kind === 'skills' || underRole
        ? null
        : headingKind(line.slice(0, colon + 1));
    // A new label after a list a run-in label opened ends that list (inline-one-list).
    const nextLabel =
      current !== undefined &&
      runIns.has(current) &&
      !kind &&
      RUN_IN_LABEL.test(line) &&
      isOtherLabel(line.slice(0, colon + 1)) &&
      ruleOn(INLINE_ONE_LIST);
    const rest = line.slice(colon + 1).trim();
    const runIn =
      kind || inline || current?.kind === 'skills' || underRole ? null : capsRunIn(line);
    if (kind) sections.push(opened(kind, doc));
    else if (runIn) sections.push(opened('skills', doc, restOf(doc, runIn)));
    else if (roleUsed || sibling || entryLabel) {
      current?.lines.push(line);
      current?.docs.push(doc);
    } else if (
      (sections.length > 1 || skillsInHeader(line) || namesWork(line)) &&
      (isSetAsHeading(docs, index, setting, current?.kind) || isSiblingHeading(doc, current)) &&
      !isFirstRole(current, line)
    ) {
      const byWords = kindByWords(line);
      const under =
        current?.kind === 'skills' &&
        byWords !== 'skills' &&
        (current === parent ||
          current.lines.length === 0 ||
          listsAlike(current.lines, blockAfter(docs, index))) &&
        ruleOn(SKILLS_SUBHEADINGS);
      if (under) {
        parent = current;
        current.lines.push(line);
        current.docs.push(doc);
      } else sections.push(opened(byWords, doc));
    } else if (isLoneWorkHeading(doc, setting, lone)) {
      sections.push(opened(kindByWords(line), doc));
    } else if (isSkillsTerm(docs, index, current)) {
      sections.push(opened('skills', doc));
    } else if (isSiblingTerm(docs, index, current)) {
      sections.push(opened(kindByWords(line), doc));
    } else if (
      sections.length > 1 &&
      isSetAboveHeadings(doc, setting) &&
      !isEntryHead(docs, index, current)
    ) {
      sections.push(opened(kindByWords(line), doc));
    } else if (endsSkills(current, line) && !isCapsItem(doc, setting)) {
      // A heading our lists know is no category of the list it closes: no line of its section.
      const known = ruleOn(KNOWN_CLOSES_SKILLS) ? headingKind(line) : null;
      sections.push(known ? opened(known, doc) : opened(kindByWords(line), doc, doc));
    } else if (inline === 'skills') {
      const list = opened(inline, doc, rest ? restOf(doc, rest) : undefined);
      if (sections.length > 1) runIns.add(list);
      inlineLists.add(list);
      sections.push(list);
    } else if (
      current &&
      inlineLists.has(current) &&
      doc.heading !== undefined &&
      ruleOn(RUN_IN_ENDS_AT_HEADING)
    ) {
      sections.push(opened(kindByWords(line), doc));
    } else if (nextLabel || leavesSidebar(current, doc)) {
      sections.push({ kind: 'other', lines: [line], docs: [doc] });
    } else if (ruleOn(REFERENCES_ON_REQUEST) && ON_REQUEST.test(line)) {
      sections.push({ kind: 'references', lines: [], docs: [] });
    } else {
      current?.lines.push(line);
      current?.docs.push(doc);
    }
  }
  if (ruleOn(TECHNICAL_LISTS)) {
    for (const section of sections) if (isTechnicalList(section)) section.kind = 'skills';
  }
  if (ruleOn(TECHNICAL_ROLES)) {
    for (const section of sections) if (isTechnicalRoles(section)) section.kind = 'experience';
  }
  if (ruleOn(TECHNICAL_TERMS)) markTechnicalTerms(sections);
  if (ruleOn(SUMMARY_ROLES) && !sections.some((section) => section.kind === 'experience')) {
    for (const section of sections) if (isSummaryOfRoles(section)) section.kind = 'experience';
  }
  if (ruleOn(CODING_LANGUAGES)) {
    for (const section of sections) if (isCodingLanguages(section)) section.kind = 'skills';
  }
  return margins.lines.length > 0 ? [...sections, margins] : sections;
}

/**
 * Languages one speaks, by their English and Spanish names, the commonest in resumes: what a
 * `Languages` section names when it is no list of the languages one codes in.
 */
export const SPOKEN = new Set(
  (
    'english spanish french german italian portuguese dutch swedish norwegian danish finnish ' +
    'polish czech slovak hungarian romanian greek turkish russian ukrainian hebrew arabic ' +
    'persian farsi urdu hindi bengali bangla punjabi gujarati marathi tamil telugu kannada ' +
    'malayalam nepali sinhala chinese mandarin cantonese japanese korean vietnamese thai ' +
    'indonesian malay tagalog filipino swahili yoruba igbo hausa amharic catalan galician basque ' +
    'serbian croatian bulgarian slovenian lithuanian latvian estonian icelandic irish welsh latin ' +
    'afrikaans albanian armenian georgian azerbaijani kazakh uzbek mongolian ' +
    'inglés español castellano francés alemán italiano portugués chino japonés coreano ruso ' +
    'árabe catalán gallego euskera neerlandés holandés sueco polaco griego turco ' +
    'native fluent bilingual nativo nativa'
  ).split(' '),
);

/** A section's heading without the colon that may close it: `Languages:` is `Languages`. */
const headingOf = (section: Section) => section.heading?.text.replace(/:$/, '').trim() ?? '';

/**
 * A section headed `Languages` (`Idiomas`) whose lines name no language one speaks, a list of
 * two items or more (`Python, C, C++, R, Julia`): the languages one codes in, a skills section.
 */
function isCodingLanguages(section: Section): boolean {
  const heading = headingOf(section).toLowerCase();
  if (section.kind !== 'other' || (heading !== 'languages' && heading !== 'idiomas')) return false;
  const words = section.lines
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  const items = section.lines
    .join(', ')
    .split(/[,;•|]/)
    .filter((item) => item.trim() !== '');
  return items.length >= 2 && !words.some((word) => SPOKEN.has(word));
}

/**
 * A line outside the sidebar that the section's heading stands in (sidebar-ends), or a sidebar's
 * line under a heading in the main column (main-ends).
 */
const leavesSidebar = (section: Section | undefined, doc: DocLine) =>
  (section?.heading?.area === 'sidebar' && doc.area !== 'sidebar' && ruleOn(SIDEBAR_ENDS)) ||
  (section?.heading?.column !== undefined &&
    section.heading.area !== 'sidebar' &&
    doc.area === 'sidebar' &&
    ruleOn(MAIN_ENDS));

/** A year in a line: a role's or a project's dates, which no list of skills holds. */
const YEAR = /\b(?:19|20)\d{2}\b/;

/**
 * The fewest pieces between commas of a line of short items.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const SHORT_LIST_PIECES = 3;
/**
 * The most words of each of those pieces.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const SHORT_ITEM_WORDS = 4;

/**
 * A line that is a list of short items: three pieces or more between commas, none longer than
 * four words, no year (`AWS, CI/CD, Terraform`, `Backend: Java, Spring boot, JUnit`).
 */
function isShortList(line: string): boolean {
  const pieces = line.replace(/^[^:]{1,30}:\s/, '').split(',');
  return (
    pieces.length >= SHORT_LIST_PIECES &&
    !YEAR.test(line) &&
    pieces.every((piece) => piece.trim().split(' ').length <= SHORT_ITEM_WORDS)
  );
}

/** A span of years: `2019 - 2021`, `Oct 2025 | Present`, `2020–now`. */
const YEARS_SPAN =
  /\b(?:19|20)\d{2}\b.{0,20}?(?:\b(?:19|20)\d{2}\b|\b(?:present|current|now|today)\b)/i;

/** A section's heading's words, in lower case. */
const headingWordsOf = (section: Section) =>
  section.heading?.text.toLowerCase().split(/[^\p{L}]+/u) ?? [];

/** A section of no field yet under a technical heading (`Technical Experience`). */
const underTechnicalHeading = (section: Section) =>
  section.kind === 'other' && headingWordsOf(section).includes('technical');

/** A line naming a role by a title's noun among its first six words: `UX Lead at John Deere`. */
const namesRoleFirst = (line: string) =>
  line
    .split(/[\s,]+/)
    .slice(0, 6)
    .some((word) => TITLE_NOUNS.has(word.toLowerCase()));

/**
 * A section under a technical heading that names experience (`Technical Experience`), not a list
 * of skills, with two dated spans at least and two lines naming a role by a title's noun among
 * their first words: roles held, as an experience section's are.
 */
function isTechnicalRoles(section: Section): boolean {
  if (!underTechnicalHeading(section)) return false;
  if (!headingWordsOf(section).some((word) => ROLE_WORDS.has(word))) return false;
  return holdsRoles(section);
}

/** Two dated spans at least, and two lines naming a role by a title's noun among their first words. */
function holdsRoles(section: Section): boolean {
  const spans = section.lines.filter((line) => YEARS_SPAN.test(line)).length;
  const roles = section.lines.filter(namesRoleFirst).length;
  return spans >= 2 && roles >= 2;
}

/** Headings of a career told in short: `Career Summary`, `Career Profile`, `Professional Summary`. */
const SUMMARY_HEADING = /^(?:career|professional|employment|work)\s(?:summary|profile|overview)$/i;

/**
 * A career summary that holds roles (summary-roles): two dated spans at least and two lines
 * naming a role by a title's noun among their first words, where no section is headed as
 * experience.
 */
function isSummaryOfRoles(section: Section): boolean {
  const heading = headingOf(section);
  return section.kind !== 'experience' && SUMMARY_HEADING.test(heading) && holdsRoles(section);
}

/** A definition's list: items of four words at most between commas, no sentence, no year. */
const isItemList = (line: string) =>
  !/[.!?:]$/.test(line) &&
  !YEAR.test(line) &&
  line.split(',').every((piece) => {
    const words = piece.trim().split(' ');
    return words.length <= SHORT_ITEM_WORDS && words[0] !== '';
  });

/**
 * The sections a technical heading's definition list opened, each at a term (technical-terms:
 * `Technical Experience`, then `Languages` / `:   ruby, golang, perl`, `Deploy` / `:   heroku,
 * docker`): a term's section whose definitions, indented under it, are lists of short items,
 * most of them, holds skills. The run ends at a line the format sets as a heading.
 */
function markTechnicalTerms(sections: Section[]): void {
  let under = false;
  for (const section of sections) {
    const heading = section.heading;
    if (heading?.heading !== undefined || !heading) {
      under = underTechnicalHeading(section);
      continue;
    }
    if (!under || (heading.indent ?? 0) > 0) continue;
    const definitions = section.docs.filter((doc) => (doc.indent ?? 0) > 0);
    const lists = definitions.filter((doc) => isItemList(doc.text)).length;
    if (lists > 0 && lists * 2 > definitions.length) section.kind = 'skills';
  }
}

/**
 * A section under a technical heading no list of ours names as skills (`Technical
 * Experience`, which holds projects or roles as often) whose lines are lists of short items,
 * labels aside: two such lines at least, and most of its lines.
 */
function isTechnicalList(section: Section): boolean {
  if (!underTechnicalHeading(section)) return false;
  const docs = section.docs.filter((doc) => !doc.text.endsWith(':'));
  const leads = docs.map(leadItems);
  const lists = docs.filter(
    (doc, index) => isShortList(doc.text) || (leads[index] ?? 0) > 1,
  ).length;
  const named = leads.filter((items) => items === 1).length;
  return lists >= 2 && (lists + named) * 2 > docs.length;
}

/**
 * How many short items a line's bold lead ending in a colon names before what it says of them
 * (technical-run-ins: `**C#, .NET Core, NUnit:** Built REST back-ends …` names three), none
 * where it names no such items.
 */
function leadItems(doc: DocLine): number {
  const lead = doc.lead?.replace(/\*/g, '').trim() ?? '';
  if (!lead.endsWith(':') || YEAR.test(lead) || !ruleOn(TECHNICAL_RUN_INS)) return 0;
  const pieces = lead.slice(0, -1).split(',');
  return pieces.every((piece) => piece.trim().split(' ').length <= SHORT_ITEM_WORDS)
    ? pieces.length
    : 0;
}
