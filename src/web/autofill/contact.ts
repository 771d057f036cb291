// The candidate's contact details: name, email, phone, zip code and home town, from the lines
// at the top of the resume and its contact section (docs/autofill.md).
import { regexes } from 'zod/mini';
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { inService } from './area-codes.ts';
import type { DocLine } from './document.ts';
import { segmentsOf, trimEdges, withoutEndingNote } from './lines.ts';
import { rule, ruleOn } from './rules.ts';
import type { Section } from './sections.ts';
import { TITLE_NOUNS } from './title-nouns.ts';

/** A number the North American plan cannot hold (area code 999, 211) is a placeholder. */
const PHONE_PLAN = rule('phone-plan');
/** A number after another country's +code is not a US one. */
const PHONE_COUNTRY = rule('phone-country');
/**
 * Where the contact lines name another country (`Chennai, India`) or a six-figure postal code,
 * a number without +1 is no US one.
 */
const PHONE_ABROAD = rule('phone-abroad');
/**
 * A number whose area code the North American plan has not given out (`976`, `552`) is none of
 * its numbers: another country's written alike (`976-331-9969`, China's `15524839220`).
 */
const AREA_IN_SERVICE = rule('phone-area-in-service');
/** The name is the largest text at the top. */
const NAME_PROMINENT = rule('name-prominent');
/** A name typed in lower case in a style of capitals is read as the capitals shown. */
const CAPS_STYLE_NAME = rule('caps-style-name');
/** A full stop after a zip (`NC 27401.`) is none of it. */
const ZIP_FULL_STOP = rule('zip-full-stop');
/** The country after a state with no comma (`New York, NY USA`) is no part of the state. */
const COUNTRY_AFTER_STATE = rule('country-after-state');
/** A town set in capitals (`SEATTLE, WA`) is filled in normal case, as a name is (`Seattle, WA`). */
const TOWN_CASE = rule('town-normal-case');
/** A place line (City, ST, USA) is never the name. */
const NAME_NOT_PLACE = rule('name-not-place');
/** A line below the first set as the known headings are is a heading, not the name. */
const NAME_NOT_HEADING = rule('name-not-heading');
/**
 * The document's own name as a piece of its own (`Resume — Jane Doe`), with `of` (`CV of Jane
 * Doe`) or after a possessive (`Jane Doe's Resume`) is none of the name; a line with another
 * possessive (`Jane Doe's Portfolio`) is no name.
 */
const NAME_DOCUMENT = rule('name-document');
/**
 * A title before a name (Dr.) and what follows its comma or stands in brackets are not the
 * name.
 */
const NAME_AFFIXES = rule('name-affixes');
/**
 * A name in a line the format sets as its first heading level (Markdown's `# Mara Quill`, a
 * Title or Heading 1 style) among the first lines comes before a plain line above it: the page's
 * title, as a Jekyll CV's front matter gives it (`Mara Quill's CV`).
 */
const NAME_HEADING_ONE = rule('name-heading-one');
/** A title before a name written without its dot, as British usage writes it (`Dr Jane Doe`), is none of it. */
const TITLE_UNDOTTED = rule('name-title-undotted');
/**
 * A name among contact items on one line (a head table's `jane@x.com | Jane Doe | linkedin.com/…`)
 * is the name, wherever it stands on the line, where the line's email names one of its words.
 */
const NAME_AMONG_CONTACTS = rule('name-among-contacts');
/**
 * A given name and a surname a tab parts before the contact items of their line (`Mohit⇥Sharma⇥
 * Email: …`, a tab-stop layout) are one name, where the line's email names one of them.
 */
const NAME_TAB_PARTED = rule('name-tab-parted');
/** A single initial after two names or more (`Vishwasa Navada K`) is in neither field. */
const TRAILING_INITIAL = rule('name-trailing-initial');
/** An initial and its stop before two names or more (`K. Dheeraj Abhishek`) is in neither field. */
const LEADING_INITIAL = rule('name-leading-initial');
/**
 * One name and initials after it alone (`BARGAVAN R`, `Arpitha B T`, an Indian usage): the
 * initials are the surname's place, and the name the given name.
 */
const INITIALS_SURNAME = rule('name-initials-surname');
/** Of three names, the middle is a middle name when the email names the last and not it. */
const MIDDLE_NAME = rule('middle-name');
/**
 * Of three names in a resume in English, the middle is a given name when the email runs it after
 * the first or before the last alone.
 */
const GIVEN_PAIR_EMAIL = rule('given-pair-email');
/**
 * Of three names in a resume in English that names Spanish or Portuguese as the writer's own
 * language, or a country that speaks them, the last two are the surname (`Jorge Aguilera
 * González`).
 */
const SURNAMES_IN_ENGLISH = rule('surnames-in-english');
/** So does a phone after such a country's calling code (`(+34) 632 928 866`). */
const SURNAMES_BY_CODE = rule('surnames-by-code');
/** Of three names, no last name when the email names neither the last alone nor the middle. */
const SURNAME_UNSURE = rule('surname-unsure');
/**
 * Of three names in a resume in English, the middle is a middle name unless the email names it.
 */
const MIDDLE_IN_ENGLISH = rule('middle-in-english');
/**
 * A zip before a phone, a dot or a dash between (`74103 · (918) 555-0181`), is no group of its
 * digits.
 */
const ZIP_NOT_DIGITS = rule('zip-not-digits');
/**
 * Of four names in a resume in Spanish, two are given names and two surnames (`María José
 * Castillo Ruiz`).
 */
const SPANISH_FOUR_NAMES = rule('spanish-four-names');
/** A surname set in capitals after given names in mixed case (`Jean DUPONT`). */
const CAPS_SURNAME = rule('name-caps-surname');
/** A given name whose part after its hyphen is in lower case, as Korean ones are written (`Jong-min Choi`). */
const HYPHEN_LOWER = rule('name-hyphen-lower');
/** A particle's word that ends a name in capitals is its surname (`YUN-RONG DU`, `ANH LE`). */
const PARTICLE_LAST = rule('name-particle-last');
/** A labelled name surname first (`Name: AMIGO, DEXTER D.`) is read given name first. */
const LABELLED_INVERTED = rule('name-labelled-inverted');
/**
 * Surnames in capitals, a comma, then given names (`GARCÍA LÓPEZ, María`) are the name turned
 * round.
 */
const SURNAME_FIRST = rule('surname-first');
/**
 * A generation after a name, no comma before it (`John Smith Jr.`, `Mary Smith III`), is no
 * part of it.
 */
const NAME_GENERATION = rule('name-generation');
/**
 * Given names in mixed case before surnames set in capitals (`María José GARCÍA LÓPEZ`) are all
 * first names, no middle name among them.
 */
const GIVEN_NAMES = rule('given-names');
/** A nickname in quotes (`William “Bill” Smith`) is no name of the fields. */
const NICKNAME = rule('name-nickname');
/**
 * A name in Latin letters with the same name in Chinese, Japanese or Korean characters beside it
 * (`Yubao Liu 刘玉宝`, `김민준 Minjun Kim`) is the Latin one.
 */
const NAME_OTHER_SCRIPT = rule('name-other-script');
/**
 * Words in full-width brackets, as Chinese and Japanese text sets them (`Shuang（Vika） Chen`), are
 * no name of the fields, as words in brackets are not.
 */
const WIDE_BRACKETS = rule('name-wide-brackets');
/**
 * Post-nominal letters after a name with no comma before the first of them (`Nour Morsi BEng,
 * MRes, FHEA`) are no part of it.
 */
const POST_NOMINALS = rule('post-nominals');
/**
 * A name in small capitals whose first letters a PDF parted from the rest (`M RINAL J AIN`) is
 * read whole (`Mrinal Jain`).
 */
const SMALL_CAPS_NAME = rule('small-caps-name');
/**
 * A region before a state (`San Francisco Bay Area, CA`, `Greater Boston, MA`) is no home town:
 * the candidate's town is not known from it.
 */
const AREA_NOT_TOWN = rule('area-not-town');
/**
 * A way of working before a state (`Remote, CA`, `Hybrid, TX`, `Remoto, CA`) is no home town: it
 * is where a job was done from, and names no town.
 */
const REMOTE_NOT_TOWN = rule('remote-not-town');
/**
 * A state's two letters in title case before a zip (`Lake Worth, Fl 33460`) are the state, in
 * capitals; without the zip they may be a word (`Co`, `In`) and are not read.
 */
const STATE_TITLE_CASE = rule('state-title-case');
/**
 * A name of two words written the other way round elsewhere in the document, and never again as
 * at the top, is in that order (`Yu Zhixuan` at the top, `Zhixuan Yu` in an author list).
 */
const NAME_ORDER_ELSEWHERE = rule('name-order-elsewhere');
/**
 * Nothing before the first heading: the name is the most prominent text at the top of the first
 * section.
 */
const NAME_UNDER_HEADING = rule('name-under-first-heading');
/**
 * A name at the top that opens with a surname of East Asia, which the candidate's handles (the
 * email before its `@`, a LinkedIn address) write the other way round (`Li Zhoujian`,
 * `zhoujianli@…`) or end in with the given name nowhere in them (`Duan Wei`, `seven.duan@…`),
 * is turned round: the top wrote the surname first.
 */
const NAME_ORDER_HANDLE = rule('name-order-handle');
/**
 * Such a name with two given words, the email naming only the last (`Nguyen Tran Phu`,
 * `phunguyen@…`), has a middle name first: the given name is the last word.
 */
const TURNED_MIDDLE = rule('turned-middle-name');
/**
 * A name in Chinese characters alone (`张硕`, `欧阳娜娜`), two to four of them, opening with a common
 * surname, one character or two: the surname first, the given name after it.
 */
const HAN_NAME = rule('name-han');
/**
 * A LinkedIn address writing a name in the order of the top (`shivaramakrishna-yemula` under
 * `Shivaramakrishna Yemula`) keeps that order, whatever the document writes further down.
 */
const HANDLE_KEEPS_ORDER = rule('handle-keeps-order');
/**
 * A patronymic after two names (`Петрянкин Евгений Сергеевич`, `Ivanova Anna Petrovna`) says
 * the first of them is the surname, as a Russian full name is written; a patronymic between
 * them (`Anna Petrovna Ivanova`) is in neither field.
 */
const PATRONYMIC_ORDER = rule('patronymic-order');
/**
 * Of three names whose last is a surname of East Asia (`Tsz Shun Chow`, `Vu Long Phan`), the
 * first two are the given name, written as two words, no middle name.
 */
const GIVEN_PAIR_EAST_ASIAN = rule('given-pair-east-asian');
/** A line labelled `Name:` gives the name. */
const LABELLED_NAME = rule('labelled-name');
/**
 * A name labelled in a section of personal details (`Datos personales` / `Nombre completo: …`)
 * gives the name.
 */
const LABELLED_IN_CONTACT = rule('labelled-name-in-contact');
/** An address labelled as the office or work address gives no town or zip. */
const WORK_PLACE = rule('work-place');
/**
 * An address with a room number (`474 S. Shaw Lane, Room 1205`) is an office: it gives no town
 * or zip.
 */
const ROOM_OFFICE = rule('room-office');
/**
 * An address a line or two under a school's, a company's or a department's name (`University of
 * New Mexico` / `221 Yale Blvd NE, Albuquerque, NM`) is theirs.
 */
const INSTITUTION_ABOVE = rule('institution-above');
/**
 * Contact items and a street between the two count no line (`University of Washington` /
 * `jd@uw.edu` / `185 Stevens Way` / `Seattle, WA 98195`, two columns read row by row).
 */
const INSTITUTION_OVER_CONTACTS = rule('institution-over-contacts');
/**
 * So is an address on or a line or two under a span of years (`May 2018-Present | 371 N Main
 * St` / `Mocksville, NC 27028`): a role's or a school's, in a contact block that runs on.
 */
const DATES_ABOVE = rule('place-under-dates');
/**
 * A line that names a role at a school or a company (`Graduate Student at the University of
 * Maine`) is a headline, no name of theirs standing over their address.
 */
const INSTITUTION_ROLE_LINE = rule('institution-role-line');
/**
 * The candidate's own name is no school's or building's over an address, whatever its words
 * (`MARA HALL` over `Taos, NM`: a surname, not a hall).
 */
const NAME_NOT_INSTITUTION = rule('name-not-institution');
/**
 * A street address before the town with no comma (`1573 3rd Ave New York NY`) is none of it.
 */
const STREET_BEFORE = rule('street-before-town');
/**
 * A flat's or a suite's number after the street (`801 Englewood Pkwy Apt D304 Englewood, CO`) is
 * none of the town either.
 */
const STREET_UNIT = rule('street-unit');
/** So is a bare number right after the street, the flat's (`12 Main St 4B Springfield`). */
const STREET_BARE_UNIT = rule('street-bare-unit');
/** A street in capitals is cut off so too: `1129 EDGE HILL RD ABINGTON, PA` gives `Abington, PA`. */
const STREET_CAPS = rule('street-caps');
/** A flat's, a suite's or a unit's number after a street, before the town: `Apt D304 `, `Apt #12 `. */
const UNIT = /^(?:Apt|Apartment|Unit|Suite|Ste)\.?\s?#?[\w-]{1,8}\s(?=\p{Lu})/u;
/** A flat's bare number after the street (street-bare-unit): `1 West 67th Street 703 New York`. */
const BARE_UNIT = /^#?\d{1,5}[A-Z]?\s(?=\p{Lu})/u;
/**
 * A label before the town (`Address: Austin, TX`, `Location:`, `Dirección:`) is no part of it.
 */
const PLACE_LABEL = rule('place-label');
/** A symbol before the town (`📍 Austin, TX`, `⌂ Austin, TX`) is no part of it. */
const PLACE_SYMBOL = rule('place-symbol');
/**
 * A note in parentheses after the state or its zip (`Austin, TX (open to relocation)`) is none
 * of it.
 */
const PLACE_NOTE = rule('place-note');
/**
 * A town after other contact items with no separator (`jane@x.com LinkedIn New York, NY`) is
 * the town.
 */
const CONTACT_RUN_IN = rule('contact-run-in-town');
/**
 * Contact items after the town with no separator (`Columbus, OH 43215 dana@x.com (614)
 * 555-0188`) are none of it.
 */
const CONTACT_RUN_AFTER = rule('contact-run-after-town');
/** An address with `[at]` and `[dot]` in brackets (`jane[at]example[dot]com`) is an address. */
const EMAIL_BRACKETS = rule('email-brackets');
/**
 * An address a narrow column wrapped after its `@` or a dot, the rest alone on the next line
 * (`jo.doe21@` over `gmail.com`), is read whole.
 */
const EMAIL_WRAPPED = rule('email-wrapped');
/** A name run into the headline after it on one line is the name, where the email names it. */
const NAME_HEADLINE = rule('name-before-headline');
/**
 * A name set on two lines with contact items between its halves, as a PDF interleaves a header's
 * two columns (`HESAM` / `hesam@ossanloo.com` / `+47 902 03 047` / `OSSANLOO`), is read as one.
 */
const NAME_HALVES_CONTACTS = rule('name-halves-contacts');
/**
 * Where nothing at the top gives a name (a sidebar read first, as LinkedIn's profile export sets
 * it), the one line set larger than all others by a clear step is the name, where the candidate's
 * email or a link of the document names one of its words.
 */
/**
 * A town's first words at the end of the line above, after a street and its comma, where the
 * address wrapped (`1029 N Narcissus Ave, Broken` over `Arrow OK 74012`), are the town's.
 */
const TOWN_WRAPPED = rule('town-wrapped');
const NAME_LARGEST_LINE = rule('name-largest-line');
/** So are two lines, one under the other, set alone at that size: given names over the surname. */
const LARGEST_TWO_LINES = rule('name-largest-two-lines');
/** A phone labelled mobile, cell or home comes before one labelled otherwise. */
const MOBILE_FIRST = rule('mobile-first');
/**
 * A number labelled as a lab's or a department's (`Lab: (650) 555-0101`) is no phone of the
 * candidate's.
 */
const LAB_PHONE = rule('lab-phone');
/** The country code in brackets right before the number (`(+1)570 362-6085`) is the plan's. */
const CODE_GLUED = rule('phone-code-glued');
/**
 * Each piece of a contact line has its own label: a fax number is no phone, and `Office: … |
 * Mobile: …` gives the mobile.
 */
const PHONE_LABELS = rule('phone-labels');
/**
 * A town after a school's or a company's name on its line (`University of Texas, Austin, TX
 * 78712`) is theirs, not the candidate's.
 */
const INSTITUTION_PLACE = rule('institution-place');
/** So is a town that opens the piece after such a name (`Michigan Tech - Houghton, MI`). */
const INSTITUTION_BEFORE = rule('institution-before');
/** A town named as a hospital or a company is none (`Aspirus Keweenaw Hospital, MI`). */
const INSTITUTION_TOWN = rule('institution-as-town');
/**
 * The lines right beside such a contact line in its block (an address under it) are contact
 * details too.
 */
const CONTACT_NEIGHBOURS = rule('contact-line-neighbours');
/**
 * The candidate's email alone in its block outside the header, and the short lines right after
 * it each alone in theirs, one a phone or a link at least, are contact details (a header's right
 * column read below the left column).
 */
const CONTACT_LINES_APART = rule('contact-lines-apart');
/** So is such a line that gives a phone, however long (`Pittsburgh, PA 15218 • (724) 259 4677`). */
const PHONE_LINE_APART = rule('phone-line-apart');
/** The most words such a line of a town and a phone has. */
const MAX_PHONE_LINE_WORDS = 12;
/** A line of the candidate's email and a phone is contact details wherever it stands. */
const CONTACT_LINE = rule('contact-line');
/**
 * Where the header holds no email and the resume several, the first of a block of contact
 * items alone (emails, links, phones, a link's one-word label) is the candidate's: a right
 * column's contact lines read after the left column's, beside a school's address.
 */
const EMAIL_BLOCK = rule('email-of-contact-items');
/**
 * A short block of contact details that holds the candidate's email, a link or a phone beside
 * it, is contact details wherever it stands (a sidebar's contact block after the main column).
 */
const CONTACT_BLOCK = rule('contact-block');
/**
 * Of three names in a resume not in English, an email that opens with the first two's initials
 * before the last (`jmloyola@…`) makes the first two the given names: `Juan Martín` `Loyola`.
 */
const GIVEN_INITIALS = rule('given-initials');
/**
 * Four names are two given names and two surnames in a resume in English too: a name of four
 * is Spanish usage wherever the resume is written (`Luis Angel Guerrero Hoyos`).
 */
const FOUR_NAMES_ANY = rule('four-names-any');
/** A semicolon parts a contact line's items as a bar does: `Seattle, WA; Open to relocation`. */
const PLACE_SEMICOLON = rule('place-semicolon');

// ---- Email --------------------------------------------------------------------------------

const EMAIL_TOKEN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}$/;
/** A label glued to a value: `Email:jane@x.com`, `mailto:jane@x.com`. */
const LABEL = /^[A-Za-z]{1,10}:/;

function tokensOf(line: string): string[] {
  // A full-width colon, comma or semicolon parts a CJK label from its value: `邮箱：jane@x.com`;
  // a symbol set as a separator parts items though no space is beside it: `jo@x.com⋄ GitHub`.
  return line
    .split(/(?:[\s,;|/：，；、\p{So}]|(?![+<>=|~^])\p{Sm})+/u)
    .map((token) => trimEdges(token).replace(LABEL, ''))
    .filter(Boolean);
}

/** `@` and `.` written in brackets, as an address is hidden from robots: `jane[at]x[dot]com`, `jane<at>x.com`. */
const BRACKETED_AT = /\s?[[({<]at[\])}>]\s?/gi;
const BRACKETED_DOT = /\s?[[({<]dot[\])}>]\s?/gi;

/**
 * An address the form's email field takes: zod's own pattern, which the form's schema uses, and
 * its length limit (a token holds no spaces to trim). The schema itself stays on the page.
 */
const isEmail = (token: string) => token.length <= MAX_LENGTHS.email && regexes.email.test(token);

/** An address cut after its `@` or a dot, a line's last word: `jo.doe21@`, `jo@gmail.`. */
const EMAIL_CUT = /^[\w.+-]{1,64}@(?:[\w-]{1,63}\.){0,8}$/;
/** The rest of it alone on the next line: `gmail.com`, `com`. */
const EMAIL_REST = /^(?:[\w-]{1,63}\.){0,8}[a-z]{2,24}$/i;

/**
 * The lines with an address that a narrow column wrapped (`jo.doe21@` over `gmail.com`) joined
 * again on the first of them (email-wrapped).
 */
function withWrappedEmails(lines: readonly string[]): readonly string[] {
  if (!ruleOn(EMAIL_WRAPPED)) return lines;
  return lines.map((line, index) => {
    // The next line first: a short test that almost every line fails.
    const next = (lines[index + 1] ?? '').trim();
    if (!EMAIL_REST.test(next)) return line;
    const last = line.trimEnd().split(/\s/).at(-1) ?? '';
    return EMAIL_CUT.test(last) ? `${line.trimEnd()}${next}` : line;
  });
}

function emailsIn(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const written of withWrappedEmails(lines)) {
    const line = ruleOn(EMAIL_BRACKETS)
      ? written.replace(BRACKETED_AT, '@').replace(BRACKETED_DOT, '.')
      : written;
    for (const token of tokensOf(line)) {
      if (!EMAIL_TOKEN.test(token)) continue;
      const email = token.toLowerCase();
      if (isEmail(email) && !found.includes(email)) {
        found.push(email);
      }
    }
  }
  return found;
}

// ---- Phone --------------------------------------------------------------------------------

/** Runs of the characters a US phone number is written with. */
const PHONE_RUN = /[\d()+.\s-]+/g;
/** A number wholly in brackets is the number: `Phone: (615-343-0224)`. */
const PHONE_IN_PARENS = rule('phone-in-parens');
/** Such a number: ten figures, three, three and four, parted by hyphens, dots or spaces. */
const WHOLE_IN_PARENS = /\((\+?\d{3}[-. ]\d{3}[-. ]\d{4})\)/g;
/** Where a run holds two numbers: two spaces, or a spaced slash's worth of gap. */
const PHONE_GAP = /\s{2,}/;

/** The plan's country code in brackets right before the number: `(+1)570 362-6085`. */
const CODE_BEFORE_DIGITS = /^\(\+?1\)(?=\d)/;
const US_PHONE = /^(?:\+?1[\s.-]?)?(?:\((\d{3})\)[\s.-]?|(\d{3})[\s.-]?)(\d{3})[\s.-]?(\d{4})$/;
/**
 * A separator between a number's digit groups: `(415) · 497 · 7282`, `987 - 1475`, `555–0100`.
 * The group before it is an area code or an exchange, three digits or closed in brackets: a zip
 * before a phone (`74103 · (918) 555-0181`) is no group of it (`zip-not-digits`).
 */
const DIGIT_SEPARATOR = /(?<=[\d)]) ?[·•–—-]{1,3} ?(?=[\d(])/g;
const GROUP_SEPARATOR = /(?<=(?:^|\D)\d{3}|\)) ?[·•–—-]{1,3} ?(?=[\d(])/g;
/** The separator the rule allows: between phone groups only, or between any digits. */
const separators = () => (ruleOn(ZIP_NOT_DIGITS) ? GROUP_SEPARATOR : DIGIT_SEPARATOR);

/** A service code (211, 411, 911): neither an area code nor an exchange. */
const SERVICE_CODE = /^[2-9]11$/;
/** Area codes with a 9 in the middle (N9X) are held back for the plan's expansion: none is in use. */
const RESERVED_AREA = /^[2-9]9\d$/;

/**
 * Whether the North American plan can hold this area code and exchange: placeholders such as
 * 999-888-7777 it cannot. (A leading 0 or 1 is ruled out before.)
 * @internal Pure, and tested directly in contact.test.ts.
 */
export const inPlan = (area: string, exchange: string): boolean =>
  !SERVICE_CODE.test(area) && !RESERVED_AREA.test(area) && !SERVICE_CODE.test(exchange);

/**
 * Another country's calling code at the start of a run: `+91 922 333 9060`, `+44 20 7946`, a
 * space after its plus (`+ 86 155 3408 1409`).
 */
const FOREIGN_CODE = /^(?:\(?\+ ?|00)(?!1\b)\d{1,3}\b/;

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
      const coded = ruleOn(CODE_GLUED) ? text.replace(CODE_BEFORE_DIGITS, '1 ') : text;
      const match = US_PHONE.exec(trimEdges(coded, ' .-', ' .(+-'));
      if (!match) continue;
      const area = match[1] ?? match[2] ?? '';
      // Area codes and exchanges never start with 0 or 1 (NANP).
      if (/^[01]/.test(area) || /^[01]/.test(match[3] ?? '')) continue;
      if (ruleOn(PHONE_PLAN) && !inPlan(area, match[3] ?? '')) continue;
      if (ruleOn(AREA_IN_SERVICE) && !inService(area)) continue;
      return `+1${area}${match[3]}${match[4]}`;
    }
  }
  return null;
}

/** A label that names the candidate's own phone: `Mobile`, `Cell:`, `[Móvil]`. */
const OWN_PHONE = /^\W{0,2}(?:mobile|cell|cellphone|home|personal|m[oó]vil|celular)\b/i;

/**
 * The US phone numbers of the lines, as +1 and ten digits (the provider keeps digits and plus),
 * in order; one labelled as the candidate's own (on its line, or on a line of no phone above
 * it) first,
 * before an office's or a voicemail's.
 */
export function phonesIn(lines: readonly string[]): string[] {
  const found = phonesOf(lines, ruleOn(PHONE_ABROAD) && lines.some(namesAbroad));
  if (found.length < 2 || !ruleOn(MOBILE_FIRST)) return found;
  const own = lines.flatMap((line, index) => {
    const above = lines[index - 1] ?? '';
    const label = OWN_PHONE.test(line) || (OWN_PHONE.test(above) && phonesOf([above]).length === 0);
    if (label) return phonesOf([line]);
    // A piece of the line labelled so: `Office: … | Mobile: …`.
    const pieces = labelledPieces(line).filter((piece) => piece.label === 'own');
    return phonesOf(pieces.map((piece) => piece.text));
  });
  return [...new Set([...own, ...found])];
}

/** A fax number's label: `Fax:`, `Fax.`, `Facsimile`, `Facsímil`. */
const FAX_LABEL = /^\W{0,2}(?:fax|facsimile|facs[ií]mil)\b/i;

/** A lab's or a department's number: `Lab:`, `Lab phone`, `Dept.`, `Laboratorio:`. */
const LAB_LABEL = /^\W{0,2}(?:lab|laboratory|department|dept\.?|laboratorio|departamento)\b/i;

/** What a piece's label says of its number: the candidate's own, or none of theirs (a fax's, a lab's). */
type PhoneLabel = 'not-own' | 'own';

/**
 * A line's pieces between separators (phone-labels), each with the label it opens with, or that
 * a piece of a label alone before it gives (`Fax | 512-555-0199`); the line whole, the rule off.
 */
function labelledPieces(line: string): { text: string; label?: PhoneLabel }[] {
  if (!ruleOn(PHONE_LABELS)) return [{ text: line }];
  let carried: PhoneLabel | undefined;
  return segmentsOf(line.replace(separators(), '-')).map((text) => {
    const own: PhoneLabel | undefined =
      FAX_LABEL.test(text) || (ruleOn(LAB_PHONE) && LAB_LABEL.test(text))
        ? 'not-own'
        : OWN_PHONE.test(text)
          ? 'own'
          : undefined;
    const label = own ?? carried;
    carried = /\d/.test(text) ? undefined : own;
    return label ? { text, label } : { text };
  });
}

/**
 * Countries a candidate writes after their town, in English and Spanish, outside the North
 * American plan (Canada and the US share +1): the commonest in resumes, not every one; and the
 * states of India, the commonest of them, spelled out (`Visakhapatnam, Andhra Pradesh`).
 */
const ABROAD =
  /(?:^|[\s,|(])(?:India|[A-Z][a-z]+\sPradesh|Maharashtra|Karnataka|Tamil\sNadu|Kerala|Telangana|West\sBengal|Gujarat|Rajasthan|Haryana|Odisha|Bihar|Jharkhand|Chhattisgarh|Uttarakhand|Assam|Pakistan|Bangladesh|Nepal|Sri\sLanka|China|Japan|Korea|Taiwan|Hong\sKong|Singapore|Malaysia|Indonesia|Philippines|Vietnam|Thailand|Australia|New\sZealand|Nigeria|Kenya|Ghana|Egypt|South\sAfrica|Morocco|Turkey|Türkiye|Israel|UAE|United\sArab\sEmirates|Saudi\sArabia|Qatar|Iran|UK|United\sKingdom|England|Scotland|Ireland|Germany|Deutschland|France|Spain|España|Portugal|Italy|Italia|Netherlands|Belgium|Switzerland|Austria|Sweden|Norway|Denmark|Finland|Poland|Greece|Romania|Ukraine|Russia|Brazil|Brasil|Mexico|México|Argentina|Chile|Colombia|Peru|Perú|Venezuela|Ecuador|Uruguay)(?=$|[\s.|)]|,(?!\s?[A-Z]{2}\b))/u;
/** `New Mexico` is a state; `Peru, IN` and `Poland, OH` are US towns (a state's letters after them). */
const NEW_BEFORE = /\bNew\s(?:Mexico|México)\b/g;
/**
 * A six-figure postal code after a town, its state's letters or India's label for it: `Chennai,
 * TN 600087`, `Hyderabad, Pin: 501510`.
 */
const SIX_FIGURE_CODE =
  /,\s?(?:[A-Z]{2}\s|P(?:IN|in)(?:\s?[Cc]ode)?:?\s)?\d{3}\s?\d{3}(?=$|[,|]|\s(?!\d))/;

/** A contact line that places the candidate outside the North American plan's countries. */
const namesAbroad = (line: string) =>
  ABROAD.test(line.replace(NEW_BEFORE, '')) || SIX_FIGURE_CODE.test(line);

/** A number written with the plan's country code: `+1 512…`, `1-512-…`, `(+1) 512…`. */
const WITH_US_CODE = /^(?:\(?\+1\)?|1)[\s.-]/;

/**
 * The US phone numbers of the lines, in the order they stand; a fax number is none, and where
 * the candidate lives `abroad`, nor is one written without +1.
 */
function phonesOf(lines: readonly string[], abroad = false): string[] {
  const found: string[] = [];
  for (const line of lines) {
    for (const { text, label } of labelledPieces(line)) {
      if (label === 'not-own') continue;
      const unbracketed = ruleOn(PHONE_IN_PARENS) ? text.replace(WHOLE_IN_PARENS, ' $1 ') : text;
      const runs = (unbracketed.replace(separators(), '-').match(PHONE_RUN) ?? []).flatMap((run) =>
        run.split(PHONE_GAP),
      );
      for (const run of runs) {
        if (ruleOn(PHONE_COUNTRY) && FOREIGN_CODE.test(run.trim())) continue;
        if (abroad && !WITH_US_CODE.test(run.trim())) continue;
        const phone = phoneIn(run.trim().split(' '));
        if (phone && !found.includes(phone)) found.push(phone);
      }
    }
  }
  return found;
}

// ---- Zip code and home town ---------------------------------------------------------------

const STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
    'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR D.C.'
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
/** A state and an optional zip: `TX`, `TX 78701`, `Ohio 43215-1234`, `D.C. 20001`; `Tex.` is not one. */
const STATE_ZIP =
  /^(D\.C\.|[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)\.?(?:\s{1,3}(\d{5}(?:-\d{4})?))?$/;
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

/**
 * A town and its state or country alone, as a role's place is written: `Seattle, WA`, `Columbus,
 * Ohio`, `Eindhoven, The Netherlands`; not `Department of Computing, Macquarie University`.
 */
export function isTownAndRegion(text: string): boolean {
  const [town = '', region = '', ...rest] = text.trim().split(', ');
  if (rest.length > 0 || !CITY.test(town) || region.split(' ').length > 3) return false;
  return isState(region) || ABROAD.test(region);
}

/** The country written after a state or its zip with no comma between: `NY USA`, `TX 78701 U.S.`. */
const US_AFTER = /\s(?:USA|U\.S\.A\.?|US|U\.S\.|United States)$/;
/** The country before a zip, in the item after the state: `USA 78701` in `Austin, TX, USA 78701`. */
const US_BEFORE = /^(?:USA|U\.S\.A\.?|US|U\.S\.|United States)\s(?=\d{5})/;

/**
 * A town in normal case where it is set in capitals (town-normal-case): `SALT LAKE CITY` is `Salt
 * Lake City`, `WINSTON-SALEM` `Winston-Salem`; an abbreviation (`NYC`) and a word whose casing
 * cannot be known (`MCALLEN`) stay as written.
 */
function townCase(town: string): string {
  if (!ruleOn(TOWN_CASE) || /\p{Ll}/u.test(town) || !/\p{Lu}{2}/u.test(town)) return town;
  // One short word in capitals is an abbreviation: `NYC`, `DFW`, `SF`.
  if (/^\p{Lu}{2,3}$/u.test(town)) return town;
  return town
    .split(' ')
    .map((word) => titleCase(word) ?? word)
    .join(' ');
}

/** A state (with its zip) and the city before it, among a segment's comma-separated items. */
function placeAt(items: readonly string[], index: number): (Place & { before: number }) | null {
  const written = items[index] ?? '';
  // A zip closing its sentence (`Greensboro, NC 27401.`) keeps no stop.
  const noted = (ruleOn(PLACE_NOTE) && withoutEndingNote(written)) || written;
  const stopped = ruleOn(ZIP_FULL_STOP) ? noted.replace(/(\d)\.$/, '$1') : noted;
  const item = ruleOn(COUNTRY_AFTER_STATE) ? stopped.replace(US_AFTER, '') : stopped;
  const joined = CITY_STATE.exec(item);
  if (joined?.[1] && joined[2] && STATES.has(joined[2])) {
    // A full stop typed for the comma (`Louisville. KY 40217`) is none of the town.
    const town = `${townCase(joined[1].replace(/\.$/, ''))}, ${joined[2]}`;
    return { home_town: town, zip_code: joined[3], before: index - 1 };
  }
  const match = STATE_ZIP.exec(item);
  const named = match?.[1];
  const capitals = named?.toUpperCase();
  const titled =
    match?.[2] !== undefined &&
    named?.length === 2 &&
    capitals !== undefined &&
    STATES.has(capitals);
  const state = titled && ruleOn(STATE_TITLE_CASE) ? capitals : named;
  if (!match || !state || !isState(state) || index === 0) return null;
  return {
    home_town: `${townCase(items[index - 1] ?? '')}, ${state}`,
    zip_code: match[2],
    before: index - 2,
  };
}

/**
 * A street address at an item's start: a number, a few words, a street's kind, then a capital, a
 * flat's bare number before it or none.
 */
const STREET =
  /^\d{1,6}[A-Za-z]?\s(?:[\w.'-]{1,20}\s){0,4}?(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Pkwy|Parkway|Ter|Terrace|Cir|Circle|Hwy|Highway|Sq|Square)\.?\s(?=(?:#?\d{1,5}[A-Z]?\s)?\p{Lu})/u;

/** A label that names where the candidate lives, before the address: `Address:`, `Ubicación:`. */
const PLACE_LABEL_WORDS =
  /^(?:(?:(?:home|current|mailing|postal|permanent|present|local) )?(?:address|location|city|residence|dirección|domicilio|ubicación|ciudad|residencia|localidad)|permanent|current|present)\s?:\s*/i;
/** A phrase that says where the candidate lives, a colon after it or none: `Based in`. */
const PLACE_PHRASE = /^(?:based|living|located|residing|lives) in(?:\s?:\s*|\s)/i;
/** A region named as a place: `San Francisco Bay Area`, `Greater Boston`, `Dallas Metroplex`. */
const AREA = /^Greater\s|\s(?:Area|Metroplex|Metro|Region)$/i;
/** A way of working where a town would stand: `Remote`, `Hybrid`, Spanish `Remoto`. */
const REMOTE = /^(?:Remote|Remotely|Hybrid|Remoto|Híbrido)$/i;

/** Symbols before a town: a pin, a house, a globe (`📍`, `⌂`, `🌎`), their joiners aside. */
const LEADING_SYMBOLS = /^[\p{Extended_Pictographic}\p{So}\s]+(?=\p{L})/u;
/** What joins an emoji's parts or asks for its colour form. */
const EMOJI_JOINERS = /[\u200D\uFE0F]/gu;

/**
 * A line's items, parted by commas, and by spaced slashes where the rule says so; a street
 * address before a town with no comma between is dropped from its item.
 */
function placeItems(segment: string): string[] {
  const parts = ruleOn(STREET_BEFORE) ? segment.split(' / ') : [segment];
  return parts.flatMap((part) =>
    part
      .split(/\s?,\s?/)
      .map((item) =>
        ruleOn(PLACE_SYMBOL)
          ? item.replace(EMOJI_JOINERS, '').trim().replace(LEADING_SYMBOLS, '')
          : item,
      )
      .map((item) =>
        ruleOn(PLACE_LABEL)
          ? item.trim().replace(PLACE_LABEL_WORDS, '').replace(PLACE_PHRASE, '')
          : item,
      )
      .map((item) => (ruleOn(STREET_BEFORE) ? withoutStreet(item.trim()) : item.trim()))
      .flatMap((item) => (ruleOn(CONTACT_RUN_IN) ? withoutContactRun(item) : [item]))
      .flatMap((item) => (ruleOn(CONTACT_RUN_AFTER) ? withoutContactAfter(item) : [item])),
  );
}

/** An item without the street address before its town, and the flat's number after the street. */
function withoutStreet(item: string): string {
  // In capitals, read as its words would be written (`EDGE HILL RD` as `Edge Hill Rd`).
  const caps = !/\p{Ll}/u.test(item) && ruleOn(STREET_CAPS);
  const words = caps
    ? item.replace(/[A-Z]+/g, (word) => word[0] + word.slice(1).toLowerCase())
    : item;
  const town = item.slice(STREET.exec(words)?.[0].length ?? 0);
  if (town === item) return town;
  if (BARE_UNIT.test(town)) return ruleOn(STREET_BARE_UNIT) ? town.replace(BARE_UNIT, '') : item;
  return ruleOn(STREET_UNIT) ? town.replace(UNIT, '') : town;
}

/** A link's label on a contact line, where the link itself is behind it: `LinkedIn`, `GitHub`. */
const LINK_LABELS = new Set(
  'linkedin github gitlab portfolio website web blog twitter behance dribbble medium'.split(' '),
);
/** A word of a contact item: an email, a link, a phone number's piece, a link's label. */
const isContactWord = (word: string) =>
  EMAIL_TOKEN.test(trimEdges(word, '<', '>,;')) ||
  // A link in angle brackets too, as Markdown's autolink writes it: `<https://x.dev/jo>`.
  /^(?:https?:\/\/|www\.)\S|^[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}\.[a-z]{2,6}(?:\/\S*)?$/i.test(
    trimEdges(word, '<', '>,;'),
  ) ||
  /^\+?[\d(][\d().-]*$/.test(word) ||
  LINK_LABELS.has(word.toLowerCase());

/**
 * An item whose first words are other contact items with no separator before the town
 * (`jane@x.com (347) 503-3321 LinkedIn GitHub New York`): those words as one item, the rest as
 * the next, so that the town stands after contact items as it does between separators.
 */
function withoutContactRun(item: string): string[] {
  const words = item.split(' ');
  const run = words.findIndex((word) => !isContactWord(word));
  if (run <= 0) return [item];
  const head = words.slice(0, run).join(' ');
  // Figures alone make a phone only as long as one (`555 La Verne Way` is a street).
  const contact = /[^\d\s().+-]/.test(head) || head.replace(/\D/g, '').length >= PHONE_DIGITS;
  return contact ? [head, words.slice(run).join(' ')] : [item];
}

/**
 * An item whose last words are other contact items with no separator after the town (`OH 43215
 * dana@x.com (614) 555-0188`): the town's words as one item, those as the next. A ZIP after its
 * state is the town's.
 */
function withoutContactAfter(item: string): string[] {
  const words = item.split(' ');
  let start = words.length;
  while (start > 0 && isContactWord(words[start - 1] ?? '')) start--;
  if (ZIP.test(words[start] ?? '') && STATES.has(words[start - 1] ?? '')) start++;
  if (start === 0 || start >= words.length) return [item];
  const tail = words.slice(start).join(' ');
  const contact = /[^\d\s().+-]/.test(tail) || tail.replace(/\D/g, '').length >= PHONE_DIGITS;
  return contact ? [words.slice(0, start).join(' '), tail] : [item];
}

/** The fewest digits a phone number is written with: seven, a local number. */
const PHONE_DIGITS = 7;

/** A label of an address or a phone that is not the candidate's own: the office's, work's. */
const WORK_LABEL =
  /^(?:office|work|business|employer|company|oficina|trabajo|empresa)\b[^:]{0,20}:/i;

/** Words that name a school or a company: its address is its own, not the candidate's. */
const INSTITUTION =
  /\b(?:university|college|school|institute|academy|universidad|colegio|instituto|escuela|inc|llc|ltd|corp|corporation|gmbh|plc)\b/i;

/** A hospital's or a company's name, which no town has (`College Station` is a town). */
const NAMED_PLACE = /\b(?:hospital|clinic|inc|llc|ltd|corp|corporation|gmbh|plc)\b/i;

/**
 * A room's or a building's number in an address: an office's or a lab's, never a home's
 * (`Room 1205`, `Rm. 4B`, `Bldg. 2465`).
 */
const ROOM = /\b(?:Room|Rm\.?|Office|Oficina|Despacho|Bldg\.?)\s#?\d{1,5}[A-Z]?\b/;

/** Words that name a part of a school or a company: its department, its lab, its building. */
const DEPARTMENT =
  /\b(?:department|dept\.|faculty|laboratory|lab|hall|building|departamento|facultad|laboratorio)\b/i;
/** A role at a place: `Graduate Student at the University of Maine`, `Analyst @ Initech`. */
const ROLE_AT = /\s(?:at|@)\s/i;
/** An address stands this many lines at most under the school or department it is of. */
const ADDRESS_LINES = 2;
/** The most lines a contact block holds between a school's name and its address, items included. */
const CONTACT_LINES = 6;
/** A school's or a department's name stands on a line of its own: a few words, no sentence. */
const NAME_LINE_WORDS = 8;

/**
 * A line under a school's, a company's or a department's name standing alone (no address of its
 * own, which would be all of theirs), a line or two above it
 * (`Department of Earth Sciences` / `University of New Mexico` / `221 Yale Blvd NE, Albuquerque,
 * NM 87131`): the address is theirs, an office's, not where the candidate lives.
 */
const institutionAbove = (lines: readonly string[], index: number, name: Name) =>
  (ruleOn(INSTITUTION_OVER_CONTACTS)
    ? lines
        .slice(Math.max(0, index - CONTACT_LINES), index)
        .filter((line) => !CONTACT_ITEM.test(line))
    : lines.slice(0, index)
  )
    .slice(-ADDRESS_LINES)
    .some(
      (line) =>
        line.split(' ').length <= NAME_LINE_WORDS &&
        !/\d/.test(line) &&
        (INSTITUTION.test(line) || DEPARTMENT.test(line)) &&
        !(ROLE_AT.test(line) && ruleOn(INSTITUTION_ROLE_LINE)) &&
        !(namesCandidate(line, name) && ruleOn(NAME_NOT_INSTITUTION)),
    );

/** A line that holds the candidate's first and last names. */
function namesCandidate(line: string, name: Name): boolean {
  const words = new Set(line.toLowerCase().split(/[^\p{L}'’-]+/u));
  const named = [name.first_name, name.last_name].flatMap((part) =>
    part ? part.toLowerCase().split(' ') : [],
  );
  return named.length >= 2 && named.every((word) => words.has(word));
}

/** A span of years, an entry's: `2014-2017`, `May 2018 – Present`. */
const YEAR_SPAN = /\b(?:19|20)\d{2} ?[-–—] ?(?:(?:19|20)\d{2}\b|present\b|current\b|now\b)/i;

/** A line with a span of years on it or a line or two above it: an entry's place (place-under-dates). */
const datedAbove = (lines: readonly string[], index: number) =>
  lines.slice(Math.max(0, index - ADDRESS_LINES), index + 1).some((line) => YEAR_SPAN.test(line));

/** A line that a work label names: it opens with one, or stands under one alone. */
const labelledWork = (lines: readonly string[], index: number) =>
  WORK_LABEL.test(lines[index] ?? '') ||
  (WORK_LABEL.test(lines[index - 1] ?? '') && (lines[index - 1] ?? '').trim().endsWith(':'));

/** A street address's last item after its comma, a word or two: where a town's start wrapped. */
const TOWN_START = /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?$/u;

/**
 * The words that open the town on the line above, where an address wrapped in a narrow column
 * (`1029 N Narcissus Ave, Broken` over `Arrow OK 74012`): the last item after a street's.
 */
function townStartAbove(above: string): string | undefined {
  const items = above.split(', ');
  const start = items.at(-1) ?? '';
  const street = items.at(-2) ?? '';
  return items.length >= 2 && /^\d/.test(street) && TOWN_START.test(start) && !isState(start)
    ? start
    : undefined;
}

/**
 * The candidate's own town, from the contact lines. `name` is the candidate's: `Jane Doe, MD` is
 * a name and a credential, not Jane Doe in Maryland.
 */
export function placeIn(lines: readonly string[], name: Name): Place {
  const first = name.first_name?.toLowerCase();
  for (const [index, line] of lines.entries()) {
    if (ruleOn(WORK_PLACE) && labelledWork(lines, index)) continue;
    if (ruleOn(ROOM_OFFICE) && ROOM.test(line)) continue;
    if (ruleOn(INSTITUTION_ABOVE) && institutionAbove(lines, index, name)) continue;
    if (ruleOn(DATES_ABOVE) && datedAbove(lines, index)) continue;
    const segments = segmentsOf(line).flatMap((segment) =>
      ruleOn(PLACE_SEMICOLON) ? segment.split(/;\s/) : [segment],
    );
    for (const [s, segment] of segments.entries()) {
      const items = placeItems(segment);
      for (const at of items.keys()) {
        const found = placeAt(items, at);
        if (!found?.home_town) continue;
        const city = found.home_town.slice(0, found.home_town.lastIndexOf(','));
        // A zip after its state (`MA, 01375`), or wrapped onto its own line in a narrow column.
        // The country between them, a comma before it (`Austin, TX, USA 78701`), is none of it.
        const item = items[at + 1] ?? '';
        const after = ruleOn(COUNTRY_AFTER_STATE) ? item.replace(US_BEFORE, '') : item;
        const next = lines[index + 1] ?? '';
        const zip =
          found.zip_code ??
          (ZIP.test(after) ? after : undefined) ??
          (segment === line && at === items.length - 1 && ZIP.test(next) ? next : undefined);
        // A school's or a company's address (`University of Texas, Austin, TX 78712`) is not
        // where the candidate lives, zip or not; a street named so (`100 College Ave`) is.
        const institution =
          items
            .slice(0, found.before + 1)
            .some((item) => !/^\d/.test(item) && INSTITUTION.test(item)) ||
          (found.before < 0 &&
            INSTITUTION.test(segments[s - 1] ?? '') &&
            ruleOn(INSTITUTION_BEFORE));
        if (institution && ruleOn(INSTITUTION_PLACE)) continue;
        if (NAMED_PLACE.test(city) && ruleOn(INSTITUTION_TOWN)) continue;
        // The city starts the segment, or follows other contact items, never a company.
        const before = items[found.before];
        const alone = found.before < 0 || (before !== undefined && CONTACT_ITEM.test(before));
        const place: Place = {};
        if (zip) place.zip_code = zip;
        const named = first !== undefined && city.toLowerCase().split(' ')[0] === first;
        const area =
          (ruleOn(AREA_NOT_TOWN) && AREA.test(city)) ||
          (ruleOn(REMOTE_NOT_TOWN) && REMOTE.test(city));
        if (CITY.test(city) && !isJobLike(city) && !named && !area && (zip || alone)) {
          const opens = found.before < 0 && segment === segments[0] && ruleOn(TOWN_WRAPPED);
          const wrapped = opens ? townStartAbove(lines[index - 1] ?? '') : undefined;
          place.home_town = wrapped ? `${wrapped} ${found.home_town}` : found.home_town;
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
/**
 * A capitalised name word: `Jane`, `McDonald`, `O'Neil`, `DeShawn`, `Smith-Jones`, `José`; the
 * apostrophe straight or curly (`O’Neill`, as a word processor types it).
 */
const NAME_WORD =
  /^(?:[A-Z]['’]|Mc|Mac|De|La|Le|Di|Du|Van)?\p{Lu}[\p{Ll}'’]{1,30}(?:-\p{Lu}[\p{Ll}'’]{1,30})?$/u;
/** A name word whose part after its hyphen is in lower case: `Jong-min`. */
const HYPHEN_LOWER_WORD = /^\p{Lu}\p{Ll}{1,30}-\p{Ll}{2,30}$/u;
const isNameWord = (word: string) =>
  NAME_WORD.test(word) || (HYPHEN_LOWER_WORD.test(word) && ruleOn(HYPHEN_LOWER));
const INITIAL = /^\p{Lu}\.?$/u;
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

export interface Name {
  first_name?: string;
  last_name?: string;
  /** The surnames were set apart (in capitals), the given names before them: no middle name to find. */
  surnamesSet?: boolean;
}

/** The document's own name before the person's: `Resume: Jane Doe`, `CV Jane Doe`. */
const DOCUMENT_BEFORE = /^(?:resume|résumé|cv|curriculum vitae)\b:? ?/i;
/** The same with `of` after it: `CV of Jane Doe`. */
const DOCUMENT_OF = /^(?:resume|résumé|cv|curriculum vitae) of /i;
/** The document's own name alone: a piece of the line before the person's name. */
const DOCUMENT_ALONE = /^(?:resume|résumé|cv|curriculum vitae)$/i;
/** The document's own name after the person's: `JAN KÜSTER RESUME`. */
const DOCUMENT_AFTER = new Set(['resume', 'résumé', 'cv']);

/** The line's first piece, or its second where the first is the document's name alone. */
function namePiece(line: string): string {
  const segments = segmentsOf(line);
  const [first = '', second] = segments;
  if (second !== undefined && DOCUMENT_ALONE.test(first) && ruleOn(NAME_DOCUMENT)) return second;
  // The line's email names a name among its items, as a town (`New York`) is not named.
  const inHandle = (words: string) => {
    const handle = folded(segments.find((segment) => segment.includes('@'))?.split('@')[0] ?? '');
    return words.split(' ').some((word) => word.length >= 3 && handle.includes(folded(word)));
  };
  if (isContactPiece(first) && ruleOn(NAME_AMONG_CONTACTS)) {
    return segments.find((segment) => NAME_SHAPE.test(segment) && inHandle(segment)) ?? first;
  }
  const parted =
    second !== undefined &&
    GIVEN_WORD.test(first) &&
    GIVEN_WORD.test(second) &&
    inHandle(`${first} ${second}`) &&
    ruleOn(NAME_TAB_PARTED);
  return parted ? `${first} ${second}` : first;
}

/** The same name written in Chinese, Japanese or Korean characters, at the start or the end. */
const OTHER_SCRIPT =
  /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}·・ ]{1,20} (?=\p{Script=Latin})|(?<=\p{Script=Latin}) [\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}·・ ]{1,20}$/gu;

/** A name in Latin letters without the same name in another script beside it (name-other-script). */
const withoutOtherScript = (text: string) =>
  ruleOn(NAME_OTHER_SCRIPT) ? text.trim().replace(OTHER_SCRIPT, '') : text;

/** Two to four words, each opening with a capital: the shape of a name among contact items. */
const NAME_SHAPE = /^\p{Lu}[\p{L}'’.-]{0,30}(?: \p{Lu}[\p{L}'’.-]{0,30}){1,3}$/u;

/** A contact item: an email, a link, or a phone's figures. */
const isContactPiece = (piece: string) =>
  piece.includes('@') ||
  /(?:https?:\/\/|www\.)/i.test(piece) ||
  /\.[a-z]{2,6}\//i.test(piece) ||
  piece.replace(/\D/g, '').length >= 7;

function withoutDocumentName(text: string): string {
  const bare = ruleOn(NAME_DOCUMENT) ? text.replace(DOCUMENT_OF, '') : text;
  const words = bare.replace(DOCUMENT_BEFORE, '').split(' ');
  if (words.length > 2 && DOCUMENT_AFTER.has(words.at(-1)?.toLowerCase() ?? '')) {
    words.pop();
    // `Jane Doe's Resume`: the possessive is no part of the surname.
    const last = words.at(-1) ?? '';
    if (ruleOn(NAME_DOCUMENT)) words[words.length - 1] = last.replace(/['’]s$/, '');
  }
  return words.join(' ');
}

/** A title before a name: a capital and up to three small letters, and a dot (`Dr.`, `Prof.`). */
const HONORIFIC = /^\p{Lu}\p{Ll}{1,3}\. /u;
/** The same without its dot (name-title-undotted): only these, as any short word may be a name. */
const HONORIFIC_UNDOTTED = /^(?:Dr|Dra|Mr|Mrs|Ms|Mx|Prof|Sr|Sra|Srta) (?=\p{Lu})/u;
/** Words in brackets: `(she/her)`, `(1985)`. */
const BRACKETED = /\s?\([^()]{0,40}\)/g;
/** Words in full-width brackets: `（Vika）`. */
const WIDE_BRACKETED = /\s?（[^（）]{0,40}）/g;
/** A nickname in quotes between the names: `William “Bill” Smith`, `Chris "Gilly" Gilbert`. */
const NICKNAME_QUOTED = /\s["“'‘]\p{L}[\p{L}.' -]{0,20}["”'’](?=\s)/u;
/** Marks before a name's first letter: a decorative `+`, a star. */
const LEADING_MARKS = /^[^\p{L}]{1,3}/u;

/** A degree after a name with no comma before it: dotted letters (`M.S.`, `Ph.D.`) or a few set so. */
const DEGREE_AFTER = /\s(?:(?:\p{Lu}\p{Ll}?\.){2,4}|PhD|MBA|MD|MSc|BSc|RN|CPA|PMP)$/u;

/** A word of post-nominal letters: two capitals or more, three small letters at most (`BEng`, `FHEA`). */
const POST_NOMINAL = /^\p{Lu}[\p{Lu}\p{Ll}]{1,9}$/u;
/** How a surname opens that has a capital inside it (`McKee`, `DeVito`, `LaRue`, `VanDyke`). */
const SURNAME_PREFIX = /^(?:Ma?c|D[aeiu]|L[ae]|V[ao]n|Fitz|O['’])/;

function isPostNominal(word: string): boolean {
  const capitals = word.match(/\p{Lu}/gu)?.length ?? 0;
  const small = word.length - capitals;
  return POST_NOMINAL.test(word) && capitals >= 2 && small <= 3 && !SURNAME_PREFIX.test(word);
}

/**
 * The words before a comma less the post-nominal letters that end them, where every piece after
 * the comma is post-nominal letters too (`Nour Morsi BEng` of `Nour Morsi BEng, MRes, FHEA`).
 */
function withoutPostNominals(before: string, after: readonly string[]): string {
  if (!ruleOn(POST_NOMINALS) || after.length === 0) return before;
  if (!after.every((piece) => isPostNominal(piece.trim()))) return before;
  const words = before.trim().split(' ');
  return words.length > 2 && isPostNominal(words.at(-1) ?? '')
    ? words.slice(0, -1).join(' ')
    : before;
}

/** A name in small capitals parted after each word's first letter: `M RINAL J AIN`. */
const SMALL_CAPS_PARTED = /^\p{Lu} \p{Lu}{2,}(?: \p{Lu} \p{Lu}{2,})+$/u;

/** A name in small capitals with each first letter joined to its word again (`M RINAL` → `MRINAL`). */
function withSmallCapsJoined(text: string): string {
  if (!ruleOn(SMALL_CAPS_NAME) || !SMALL_CAPS_PARTED.test(text)) return text;
  return text.replace(/(?<=^| )(\p{Lu}) (?=\p{Lu}{2,})/gu, '$1');
}

/**
 * A name line without a title before it, what follows its first comma or stands in brackets, and
 * a degree after it (`DAFNA PALTIN M.S.`).
 */
function withoutAffixes(text: string): string {
  if (!ruleOn(NAME_AFFIXES)) return text;
  const plain = ruleOn(NICKNAME) ? text.replace(NICKNAME_QUOTED, '') : text;
  const narrow = plain.replace(BRACKETED, '');
  const unbracketed = ruleOn(WIDE_BRACKETS) ? narrow.replace(WIDE_BRACKETED, '') : narrow;
  const [written = '', ...after] = turnedRound(unbracketed).split(',');
  const before = withoutPostNominals(written, after);
  const dotless = before.replace(LEADING_MARKS, '').replace(HONORIFIC, '');
  const untitled = ruleOn(TITLE_UNDOTTED) ? dotless.replace(HONORIFIC_UNDOTTED, '') : dotless;
  const bare = untitled.replace(DEGREE_AFTER, '');
  // `John Smith, Jr.` lost its generation with the comma; `John Smith Jr.` loses it here.
  const plainName =
    ruleOn(NAME_GENERATION) && after.length === 0 ? bare.replace(GENERATION, '') : bare;
  return plainName.trim();
}

/** A generation after a name: `Jr.`, `Sr`, `II`, `III`, `IV`. */
const GENERATION = /\s(?:Jr|Sr|II|III|IV)\.?$/;
/** A given name in mixed case: `María`, `Ana-Lucía`. */
const GIVEN_WORD = /^\p{Lu}\p{Ll}[\p{Ll}'’-]{0,30}$/u;
/** The most names either side of the comma of a name written surnames first. */
const TURNED_WORDS = 3;

/**
 * A name written surnames first (`GARCÍA LÓPEZ, María`, as European CVs set it) turned round,
 * given names first (`María GARCÍA LÓPEZ`): one to three surnames in capitals, a comma, one to
 * three given names in mixed case. The surnames set in capitals tell them from a name and the
 * credential or the generation after it (`JANE DOE, MBA`, `JOHN SMITH, Jr.`).
 */
function turnedRound(text: string): string {
  const parts = text.trim().split(', ');
  if (!ruleOn(SURNAME_FIRST) || parts.length !== 2) return text;
  const [surnames = [], given = []] = parts.map((part) => part.split(' '));
  const fits = (words: string[], word: RegExp) =>
    words.length >= 1 && words.length <= TURNED_WORDS && words.every((one) => word.test(one));
  return fits(surnames, UPPER_WORD) && fits(given, GIVEN_WORD)
    ? `${given.join(' ')} ${surnames.join(' ')}`
    : text;
}

/** Letters in capitals after a name that are no surname: a generation, a credential. */
const NOT_SURNAMES = new Set('II III IV JR SR ESQ PE CFA CPA MBA MD PHD RN NP PA'.split(' '));

/**
 * The surname set in capitals after given names in mixed case (`Xiaotian YE`, `Jean DUPONT`):
 * this word and every one after it in capitals.
 */
const isCapsSurname = (words: readonly string[]) =>
  words.every((word) => UPPER_WORD.test(word) && !NOT_SURNAMES.has(word.replace(/\./g, '')));

function nameOf(line: string): Name | null {
  const text = withoutOtherScript(
    withoutAffixes(withoutDocumentName(withSmallCapsJoined(namePiece(line)))),
  )
    .replace(CREDENTIALS, '')
    .trim();
  const han = ruleOn(HAN_NAME) ? hanName(text) : null;
  if (han) return han;
  const words = text.split(' ');
  if (words.length < 2 || words.length > 4 || isJobLike(text)) return null;
  // `Jane Doe's Portfolio` names something of hers, not her.
  if (ruleOn(NAME_DOCUMENT) && words.some((word) => /['’]s$/.test(word))) return null;
  const allUpper = words.every((word) => UPPER_WORD.test(word) || INITIAL.test(word));
  const [one = '', ...initials] = words;
  if (initials.every((word) => INITIAL.test(word)) && ruleOn(INITIALS_SURNAME)) {
    const given = allUpper ? titleCase(one) : one;
    const word = allUpper ? UPPER_WORD.test(one) : isNameWord(one);
    if (INITIAL.test(one) || !word || initials.length > 2 || !given) return null;
    return { first_name: given, last_name: initials.join(' '), surnamesSet: true };
  }
  const named: (string | null)[] = [];
  // How many names come before the surnames set in capitals, where they are.
  let given: number | undefined;
  for (const [index, word] of words.entries()) {
    if (INITIAL.test(word)) {
      // A single initial after two names or more (`Vishwasa Navada K`) belongs to neither.
      const trailing =
        index === words.length - 1 &&
        index >= 2 &&
        !INITIAL.test(words[index - 1] ?? '') &&
        ruleOn(TRAILING_INITIAL);
      // An initial before two names or more (`K. Dheeraj Abhishek`, a South Indian usage for the
      // family's or the father's name) belongs to neither: the name after it is the given name.
      const leading =
        index === 0 &&
        word.endsWith('.') &&
        words.length >= 3 &&
        !INITIAL.test(words[1] ?? '') &&
        ruleOn(LEADING_INITIAL);
      if (trailing || leading) continue;
      if (index === 0 || index === words.length - 1) return null;
      continue; // a middle initial belongs to neither field
    }
    if (allUpper) {
      const lower = word.toLowerCase();
      const last = index === words.length - 1 && index > 0 && ruleOn(PARTICLE_LAST);
      named.push(PARTICLES.has(lower) && !last ? null : titleCase(word));
    } else if (index > 0 && ruleOn(CAPS_SURNAME) && isCapsSurname(words.slice(index))) {
      given ??= named.length;
      named.push(titleCase(word));
    } else if (PARTICLES.has(word) && index > 0 && index < words.length - 1) {
      named.push(word);
    } else if (isNameWord(word)) {
      named.push(word);
    } else {
      return null;
    }
  }
  if (given !== undefined && ruleOn(GIVEN_NAMES)) {
    // A particle before the surnames is theirs (`Anna van der BERG`).
    while (given > 1 && PARTICLES.has(named[given - 1]?.toLowerCase() ?? '')) given--;
    const first_name = named.slice(0, given).join(' ');
    const surnames = named.slice(given);
    // A surname whose casing cannot be known (`MCDONALD`) is left to the candidate.
    if (surnames.some((word) => word === null)) return { first_name, surnamesSet: true };
    return { first_name, last_name: surnames.join(' '), surnamesSet: true };
  }
  const [first, ...rest] = named;
  if (!first || rest.length === 0) return null;
  const name: Name = { first_name: first };
  if (rest.every((word) => word !== null)) name.last_name = rest.join(' ');
  return name;
}

/** A state followed by a zip or by more (a country): `Silicon Valley, CA, USA`, `Austin, TX 78701`. */
function isPlaceLine(line: string): boolean {
  return segmentsOf(line).some((segment) => {
    const items = segment.split(/\s?,\s?/).map((item) => item.trim());
    return items.some((item, index) => {
      const match = STATE_ZIP.exec(item);
      const state = match?.[1];
      if (index === 0 || !match || !state || !isState(state)) return false;
      return match[2] !== undefined || index < items.length - 1 || STATE_NAMES.has(state);
    });
  });
}

/** The top lines weighed for the name: a name stands among the first few. */
const TOP_LINES = 8;
/** A name set on two lines has at most this many lines between its halves, less one (a link wrapped between them). */
const NAME_LINES_APART = 2;
/** A line this many times the body's size is set apart: a name, a title. */
const PROMINENT = 1.2;

/**
 * A line's text as the page shows it: in capitals where the format sets it so and it is typed in
 * lower case (caps-style-name: `daniel amoni` in a style of capitals reads `DANIEL AMONI`).
 */
const asShown = (line: DocLine) =>
  line.caps && line.text === line.text.toLowerCase() && ruleOn(CAPS_STYLE_NAME)
    ? line.text.toUpperCase()
    : line.text;

/**
 * The most prominent text at the top: the lines of the largest size among the first few, when
 * that size is set apart from the body's; a name set on two lines (`CHRISTIAN` / `LARICO DEPAZ`)
 * is read as one.
 */
function prominentName(header: readonly DocLine[]): Name | null {
  const top = header.slice(0, TOP_LINES);
  const largest = Math.max(0, ...top.map((line) => line.size ?? 0));
  if (largest < PROMINENT) return null;
  const largestLines = top.filter((line) => line.size === largest);
  const lines = largestLines.map(asShown);
  // Two lines of a name stand close, set alike: not a name and a heading further down.
  const [upper, lower] = largestLines;
  const together =
    upper !== undefined &&
    lower !== undefined &&
    upper.heading === lower.heading &&
    (top.indexOf(lower) - top.indexOf(upper) <= NAME_LINES_APART ||
      (top
        .slice(top.indexOf(upper) + 1, top.indexOf(lower))
        .every((line) => CONTACT_ITEM.test(line.text)) &&
        ruleOn(NAME_HALVES_CONTACTS)));
  if (lines.length === 2 && together) {
    const both = nameOf(lines.join(' '));
    if (both) return both;
  }
  const [first] = lines;
  return first === undefined ? null : nameOf(first);
}

/** Letters only, in lower case and without accents: `Ramírez` as `ramirez`. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** How often `words` stand in `line` as a whole, letters on neither side, a space between. */
function timesWritten(line: string, words: string): number {
  let count = 0;
  for (let at = line.indexOf(words); at >= 0; at = line.indexOf(words, at + 1)) {
    const before = line[at - 1] ?? ' ';
    const after = line[at + words.length] ?? ' ';
    if (!/\p{L}/u.test(before) && !/\p{L}/u.test(after)) count++;
  }
  return count;
}

/**
 * The name in the order the document writes it elsewhere (name-order-elsewhere): a name of two
 * words at the top (`Yu Zhixuan`, surname first) written the other way round in the rest of the
 * document (an author list's `Zhixuan Yu`) and never again as at the top is turned round. A
 * citation's `Yu, Zhixuan`, a comma between, says nothing.
 */
function inOrderWrittenElsewhere(name: Name, lines: readonly string[]): Name {
  const { first_name: first, last_name: last } = name;
  if (!first || !last || first.includes(' ') || last.includes(' ') || name.surnamesSet) return name;
  if (!ruleOn(NAME_ORDER_ELSEWHERE)) return name;
  const count = (words: string) => lines.reduce((sum, line) => sum + timesWritten(line, words), 0);
  // The top's own line writes it once in its order.
  const turned = count(`${last} ${first}`) > 0 && count(`${first} ${last}`) <= 1;
  return turned ? { ...name, first_name: last, last_name: first } : name;
}

/** A LinkedIn address's name: LinkedIn makes it of the given name, then the surname. */
const LINKEDIN_SLUG = /\blinkedin\.com\/in\/([\w-]{1,100})/gi;

/**
 * Surnames of China, Korea, Vietnam, Singapore and Malaysia as written in Latin letters, the
 * usage there being to write them first.
 */
const EAST_ASIAN_SURNAMES = new Set(
  (
    'an bai cai cao chan chang chao chen cheng cheung chin cho choi chong chow chu chua cui dai ' +
    'dang deng ding do dong du duan fan fang feng fu gao goh gong gu guo han hao he ho hoang hong ' +
    'hou hu hua huang huynh jang jeong jiang jin jung kang kim koh kong kwon lai lam lau le lee ' +
    'leung li liang liao lim lin liu long lu luo ly ma mao meng ng ngo nguyen ong pan pang park ' +
    'peng pham phan qian qiao qin qiu ren shao shen shi song su sun tan tang tao teo tian tran ' +
    'wan wang wei wen wong wu xia xiang xiao xie xiong xu xue yan yang yao ye yi yin yoon yu yuan ' +
    'zeng zhang zhao zheng zhong zhou zhu zou'
  ).split(' '),
);

/** Whether a name's word (its first six letters for a long one) stands in a handle's letters. */
function handleAt(handle: string, word: string): number {
  const key = folded(word);
  if (key.length === 0) return -1;
  return handle.indexOf(key.length >= 7 ? key.slice(0, 6) : key);
}

/** The order a handle writes a name of a given name and a surname in, where it tells. */
function orderIn(written: string, first: string, last: string) {
  const handle = folded(written);
  const firstAt = handleAt(handle, first);
  const lastAt = handleAt(handle, last);
  if (firstAt >= 0 && lastAt >= 0 && firstAt !== lastAt) {
    return firstAt < lastAt ? 'as-written' : 'turned';
  }
  // `seven.duan`, `michaelwang.sh` for `Duan Wei`, `Wang Hai`: a name the candidate goes by,
  // then the surname, where a piece of the handle ends in it.
  const ends = written.split(/[^A-Za-z]+/).some((piece) => folded(piece).endsWith(folded(first)));
  return firstAt > 0 && lastAt < 0 && ends ? 'turned' : undefined;
}

/**
 * The order the candidate's handles write the name found at the top in. LinkedIn's address,
 * made of the given name and then the surname, keeps the top's order where it writes it so
 * (`shivaramakrishna-yemula`). It is turned round only where the top opens with a surname of
 * East Asia (`Li Zhoujian`) and the handles write it the other way (`zhoujianli@…`): elsewhere
 * both orders are common in handles (`wester-michael` for `Michael Wester`).
 */
function orderInHandles(
  name: Name,
  email: string | undefined,
  lines: readonly string[],
): 'as-written' | 'turned' | undefined {
  const { first_name: first, last_name: last } = name;
  if (!first || !last || first.includes(' ')) return undefined;
  const surname = last.split(' ')[0] as string;
  const orders = new Set<string | undefined>();
  for (const line of lines) {
    for (const match of line.matchAll(LINKEDIN_SLUG)) {
      orders.add(orderIn(match[1] as string, first, surname));
    }
  }
  const eastAsian = EAST_ASIAN_SURNAMES.has(folded(first));
  if (eastAsian) orders.add(orderIn(email?.split('@')[0] ?? '', first, surname));
  orders.delete(undefined);
  // Handles agree: a surname of East Asia is turned round, any other name keeps its order.
  const told = eastAsian ? 'turned' : 'as-written';
  return orders.size === 1 && orders.has(told) ? told : undefined;
}

/** A patronymic: Russian (`Сергеевич`, `Кареновна`) or written in Latin letters (`Petrovna`). */
const PATRONYMIC =
  /^(?:\p{Lu}\p{Ll}+(?:ович|евич|овна|евна|ична)|\p{Lu}[a-z]+(?:ovich|evich|ovna|evna|ichna))$/u;

/** Two to four Chinese characters and nothing else. */
const HAN_WORD = /^\p{Script=Han}{2,4}$/u;
/**
 * The hundred or so commonest Chinese surnames of one character, simplified and traditional; a
 * line of characters that opens with none (`基本信息`, a heading) is no name.
 */
const HAN_SURNAMES = new Set([
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
  ...'張劉陳楊黃趙吳孫馬羅鄭謝許韓馮鄧蕭葉蘇呂盧鍾譚陸賈韋鄒閆龍陶賀顧龔萬錢嚴湯',
]);
/** The commonest Chinese surnames of two characters. */
const HAN_DOUBLE_SURNAMES = new Set(
  '欧阳 歐陽 司马 司馬 上官 诸葛 諸葛 东方 東方 皇甫 令狐 慕容 夏侯 公孙 公孫 司徒 宇文'.split(' '),
);

/** A name in Chinese characters alone, split after its surname (name-han); else null. */
function hanName(text: string): Name | null {
  if (!HAN_WORD.test(text)) return null;
  const chars = Array.from(text);
  const two = chars.slice(0, 2).join('');
  const length = HAN_DOUBLE_SURNAMES.has(two) ? 2 : HAN_SURNAMES.has(chars[0] ?? '') ? 1 : 0;
  if (length === 0 || chars.length - length < 1 || chars.length - length > 2) return null;
  return {
    first_name: chars.slice(length).join(''),
    last_name: chars.slice(0, length).join(''),
    surnamesSet: true,
  };
}

/**
 * The name as a Russian full name says it (patronymic-order): of three names with a patronymic
 * last, the first is the surname (`Башиянц Александра Кареновна`); a name of two written
 * elsewhere with a patronymic after it (`Петрянкин Евгений Сергеевич`) is the same; a
 * patronymic in the middle is in neither field.
 */
function inPatronymicOrder(name: Name, lines: readonly string[]): Name {
  const { first_name: first, last_name: last } = name;
  if (!first || !last || first.includes(' ') || !ruleOn(PATRONYMIC_ORDER)) return name;
  const words = last.split(' ');
  if (words.length === 2 && PATRONYMIC.test(words[1] as string)) {
    return { first_name: words[0], last_name: first };
  }
  if (words.length === 2 && PATRONYMIC.test(words[0] as string)) {
    return { first_name: first, last_name: words[1] };
  }
  const full = `${first} ${last} `;
  const after = (line: string) => line.slice(line.indexOf(full) + full.length).split(' ')[0] ?? '';
  const patronymic =
    words.length === 1 && lines.some((line) => line.includes(full) && PATRONYMIC.test(after(line)));
  return patronymic ? { first_name: last, last_name: first } : name;
}

/**
 * A name turned round whose two given words the email names only the last of (`Nguyen Tran Phu`,
 * `phunguyen@…`): the first is a middle name, in neither field (turned-middle-name).
 */
function withoutTurnedMiddle(name: Name, email: string | undefined): Name {
  const words = name.first_name?.split(' ') ?? [];
  const handle = folded(email?.split('@')[0] ?? '');
  const [middle = '', given = ''] = words.map(folded);
  if (words.length !== 2 || !ruleOn(TURNED_MIDDLE)) return name;
  return handle.includes(given) && !handle.includes(middle)
    ? { ...name, first_name: words[1] }
    : name;
}

/**
 * The name found at the top in the order the candidate goes by, given names first: as a
 * patronymic says it (patronymic-order), as the candidate's handles write it
 * (name-order-handle), else without a middle name and as the document writes it elsewhere; a
 * handle that writes it as at the top keeps that order (handle-keeps-order).
 */
export function inGivenOrder(
  found: Name,
  email: string | undefined,
  inEnglish: boolean,
  lines: readonly string[],
): Name {
  const patronymic = inPatronymicOrder(found, lines);
  if (patronymic !== found) return patronymic;
  const order = found.surnamesSet ? undefined : orderInHandles(found, email, lines);
  if (order === 'turned' && ruleOn(NAME_ORDER_HANDLE)) {
    return withoutTurnedMiddle({ first_name: found.last_name, last_name: found.first_name }, email);
  }
  const named = withoutMiddleName(found, email, inEnglish, lines);
  if (order === 'as-written' && ruleOn(HANDLE_KEEPS_ORDER)) return named;
  return inOrderWrittenElsewhere(named, lines);
}

/**
 * Words of a resume whose writer may well bear two surnames: Spanish or Portuguese named, a
 * country or a school's word in them.
 */
const TWO_SURNAMES_WORDS =
  /\b(?:spanish|espa[nñ]ol|castellano|portugu[eê]se?|spain|espa[nñ]a|portugal|m[eé]xico|colombia|per[uú]|argentina|chile|venezuela|ecuador|bolivia|uruguay|paraguay|guatemala|honduras|nicaragua|costa rica|panam[aá]|cuba|puerto rico|brasil|brazil|universidad|universidade|instituto|escuela|colegio|tecnol[oó]gico)\b/i;

/** Spanish or Portuguese as one's own language: `Spanish (native)`, `Español nativo`. */
const NATIVE_SPANISH =
  /\b(?:spanish|espa[nñ]ol|castellano|portugu[eê]se?)\b.{0,20}\b(?:native|nativ[oa]|mother tongue|lengua materna)\b|\b(?:native|nativ[oa])\b.{0,12}\b(?:spanish|espa[nñ]ol|portugu[eê]se?)\b/i;
/**
 * A country of the Spanish- or Portuguese-speaking world, not its languages nor its schools (a
 * school there may be one studied abroad at), nor `New Mexico`, a state.
 */
const TWO_SURNAMES_WORLD =
  /(?<!\p{L})(?:spain|espa[nñ]a|portugal|(?<!new\s)m[eé]xico|colombia|per[uú]|argentina|chile|venezuela|ecuador|bolivia|uruguay|paraguay|guatemala|honduras|nicaragua|costa rica|panam[aá]|cuba|puerto rico|brasil|brazil)(?!\p{L})/iu;
/** A phone after the calling code of such a country: `(+34) 632 928 866`, `+52 55 1234 5678`. */
const TWO_SURNAMES_CODE =
  /(?<!\d)\(?\+\s?(?:34|351|52|54|56|57|51|58|593|591|598|595|502|503|504|505|506|507|53|55)\)?[\s.-]?\d/;
/** A line that says its writer's world bears two surnames: a native Spanish, such a country. */
const namesTwoSurnamesWorld = (line: string) =>
  NATIVE_SPANISH.test(line) ||
  TWO_SURNAMES_WORLD.test(line) ||
  (ruleOn(SURNAMES_BY_CODE) && TWO_SURNAMES_CODE.test(line));

/**
 * The name without a middle name: of three names, the middle one is a middle name, in neither
 * field, when the candidate's email names the last and not the middle (`Scott Allen Funkhouser`,
 * `sfunkhouser@…`); where it names the middle (`arturo.moranc@…`), the last two are the surname
 * as written (`Moran Cardenas`); where nothing tells, no last name. A particle (`Van Buren`)
 * keeps a surname whole. Surnames set apart in capitals (given-names) are taken as they are.
 * `lines`, the resume's, are read only where the email runs two names together
 * (given-pair-email), for the words that make two surnames the usage.
 */
function withoutMiddleName(
  found: Name,
  email: string | undefined,
  inEnglish = false,
  lines: readonly string[] = [],
): Name {
  const { surnamesSet, ...name } = found;
  if (!name.last_name || surnamesSet) return name;
  const words = name.last_name.split(' ');
  // Four names in Spanish: two given names and two surnames (`María José Castillo Ruiz`).
  const particle = words.some((word) => PARTICLES.has(word.toLowerCase()));
  const anyLanguage = !inEnglish || ruleOn(FOUR_NAMES_ANY);
  if (words.length === 3 && anyLanguage && !particle && ruleOn(SPANISH_FOUR_NAMES)) {
    return {
      first_name: `${name.first_name} ${words[0]}`,
      last_name: words.slice(1).join(' '),
    };
  }
  const [middle = '', last = ''] = words.map(folded);
  if (words.length !== 2 || words.some((word) => PARTICLES.has(word.toLowerCase()))) return name;
  // `Tsz Shun Chow`, `Vu Long Phan`: before a surname of East Asia, two given names.
  if (EAST_ASIAN_SURNAMES.has(last) && ruleOn(GIVEN_PAIR_EAST_ASIAN)) {
    return { first_name: `${name.first_name} ${words[0]}`, last_name: words[1] as string };
  }
  const handle = folded(email?.split('@')[0] ?? '');
  const first = folded(name.first_name ?? '');
  // In an English resume, an email that runs the first two names together (`arnoldnderitu@…`),
  // or the middle and the last without the first (`ogan.mancarci@…`), makes the middle a given
  // name the candidate goes by (given-pair-email); unless the resume names a language, a country
  // or a school where two surnames are the usage (`Daniel Montero Cervantes`, `Universidad de
  // Guadalajara`).
  const pair =
    middle.length >= 2 &&
    (handle.includes(`${first}${middle}`) ||
      (handle.includes(`${middle}${last}`) && !handle.includes(first)));
  const twoSurnames = () => lines.some((line) => TWO_SURNAMES_WORDS.test(line));
  if (inEnglish && pair && ruleOn(GIVEN_PAIR_EMAIL) && !twoSurnames()) {
    return { first_name: `${name.first_name} ${words[0]}`, last_name: words[1] as string };
  }
  // The email opens with both given names' initials before the surname (`jmloyola@…` for `Juan
  // Martín Loyola`): two given names, where the resume is not in English (given-initials).
  const initials = `${first.charAt(0)}${middle.charAt(0)}${last}`;
  if (!inEnglish && last.length >= 3 && handle.startsWith(initials) && ruleOn(GIVEN_INITIALS)) {
    return { first_name: `${name.first_name} ${words[0]}`, last_name: words[1] as string };
  }
  if (
    ruleOn(MIDDLE_NAME) &&
    last.length >= 3 &&
    handle.includes(last) &&
    !handle.includes(middle)
  ) {
    return { ...name, last_name: words[1] as string };
  }
  const namesMiddle = middle.length >= 3 && handle.includes(middle);
  // In an English resume, a name between the first and the last that the email does not give
  // is a middle name (`Amit Anil Patankar`, `av8ramit@…`); two surnames are Spanish usage.
  if (!namesMiddle && inEnglish && ruleOn(MIDDLE_IN_ENGLISH)) {
    // Unless the resume names Spanish or Portuguese as native, or a country where two surnames
    // are the usage (`Jorge Aguilera González`, `Spanish (native)`): both are the surname.
    if (ruleOn(SURNAMES_IN_ENGLISH) && lines.some(namesTwoSurnamesWorld)) return name;
    return { ...name, last_name: words[1] as string };
  }
  // Nothing tells a middle name from a first surname: the last name is left to the candidate.
  if (ruleOn(SURNAME_UNSURE) && !namesMiddle) return { first_name: name.first_name };
  return name;
}

/**
 * Two lines set alike, by what the format says of them: a size, the same heading level, weight
 * and capitals (`Scientific Interests` above `Research Experience`, both Heading 1).
 */
const setAlike = (line: DocLine, other: DocLine) =>
  line.size !== undefined &&
  line.size === other.size &&
  line.heading === other.heading &&
  line.bold === other.bold &&
  line.caps === other.caps;

/**
 * A label before a name: `Name:`, `Full name:`, `Nombre:`, Chinese `姓名` (its two characters
 * spaced or parted, as a form's table sets them: `姓 | 名：`), a full-width colon too (`Name：`).
 */
const NAME_LABEL = /^(?:(?:full )?name|nombre(?: completo)?|姓(?:\s?\|?\s?)名)\s?[:：]\s*/i;
/** A name surname first: `Amigo, Dexter D.`, `Doe, Jane`. */
const INVERTED_NAME = /^([^,]{2,40}),\s?([^,]{2,40})$/;
/** The header's lines read for a labelled name. */
const LABEL_LINES = 12;

/** The name a label gives: the rest of its line, or the next line when the label stands alone. */
function labelledName(header: readonly DocLine[]): Name | null {
  for (const [index, { text }] of header.slice(0, LABEL_LINES).entries()) {
    if (!NAME_LABEL.test(text)) continue;
    const rest = segmentsOf(text.replace(NAME_LABEL, '')).join(' ');
    const named = rest || (header[index + 1]?.text ?? '');
    // After its label a name may stand surname first, as forms ask for it: `AMIGO, DEXTER D.`.
    const inverted = INVERTED_NAME.exec(named);
    if (inverted && ruleOn(LABELLED_INVERTED)) {
      const name = nameOf(`${inverted[2]} ${inverted[1]}`);
      if (name) return name;
    }
    return nameOf(named);
  }
  return null;
}

/** The name labelled in a section of personal details, where nothing stands over the first heading. */
export const labelledInDetails = (details: readonly DocLine[]): Name | null =>
  ruleOn(LABELLED_NAME) && ruleOn(LABELLED_IN_CONTACT) ? labelledName(details) : null;

/**
 * The name: the most prominent text at the top, or else the first line of the resume that is
 * neither a heading nor contact details nor a place; below the first line, none set as the
 * document's known headings are (`headings`). A name after its label (`Name:`) comes first.
 */
export function nameIn(
  header: readonly DocLine[],
  headings: readonly DocLine[] = [],
  email?: string,
  contact: readonly DocLine[] = [],
): Name {
  const labelled = ruleOn(LABELLED_NAME)
    ? (labelledName(header) ?? labelledInDetails(contact))
    : null;
  if (labelled) return labelled;
  const found = nameInLines(header, headings);
  if (found.first_name || !ruleOn(NAME_HEADLINE)) return found;
  return nameBeforeHeadline(header, email) ?? found;
}

/**
 * The name when no line stands before the first heading (a heading read before a sidebar that
 * holds the name): the most prominent text at the top of the first section, and only that.
 */
export function nameUnderFirstHeading(first: readonly DocLine[]): Name {
  if (!ruleOn(NAME_UNDER_HEADING) || !ruleOn(NAME_PROMINENT)) return {};
  return prominentName(first) ?? {};
}

/** A line holding a link: `https://…`, `www.…`, `linkedin.com/in/…`. */
const LINK = /https?:|www\.|\.[a-z]{2,6}\//i;

/**
 * The name where nothing at the top gives one (name-largest-line): the one line set larger than
 * every other by a clear step, where the email's handle or a link in the document holds one of
 * its words of three letters or more.
 */
export function largestLineName(docs: readonly DocLine[], email: string | undefined): Name {
  if (!ruleOn(NAME_LARGEST_LINE)) return {};
  let largest = 0;
  let next = 0;
  let count = 0;
  for (const { size = 0 } of docs) {
    if (size > largest) [next, largest, count] = [largest, size, 1];
    else if (size === largest) count++;
    else if (size > next) next = size;
  }
  const at = docs.findIndex((doc) => doc.size === largest);
  const line = docs[at];
  // Given names over the surname, the two lines alone at that size (name-largest-two-lines).
  const halves = count === 2 && docs[at + 1]?.size === largest && ruleOn(LARGEST_TWO_LINES);
  if ((count !== 1 && !halves) || !line || largest < PROMINENT || largest < next * PROMINENT) {
    return {};
  }
  const name = nameOf(halves ? `${line.text} ${docs[at + 1]?.text}` : line.text);
  if (!name) return {};
  const links = docs.filter((doc) => LINK.test(doc.text)).map((doc) => folded(doc.text));
  const handles = [folded(email?.split('@')[0] ?? ''), ...links];
  const named = [name.first_name, name.last_name].map((part) => folded(part ?? ''));
  const known = named.some(
    (part) => part.length >= 3 && handles.some((handle) => handle.includes(part)),
  );
  return known ? name : {};
}

/** Words a name has before a headline on its line: two or three. */
const NAME_WORDS = [2, 3];

/**
 * A name run into the headline after it on one line (`Chaitanya Lad Software Engineer`, a
 * builder's name and title set on one baseline): the words before a title that ends with a title
 * noun, where the candidate's email names the first or the last of them.
 */
function nameBeforeHeadline(header: readonly DocLine[], email: string | undefined): Name | null {
  const handle = folded(email?.split('@')[0] ?? '');
  if (handle.length === 0) return null;
  for (const { text } of header.slice(0, 3)) {
    const words = (segmentsOf(text)[0] ?? '').split(' ');
    for (const count of NAME_WORDS) {
      const headline = words.slice(count);
      const last = headline.at(-1)?.toLowerCase() ?? '';
      if (headline.length === 0 || !TITLE_NOUNS.has(last)) continue;
      if (!headline.every((word) => /^[\p{Lu}&]/u.test(word))) continue;
      const name = nameOf(words.slice(0, count).join(' '));
      const named = [name?.first_name, name?.last_name].map((part) => folded(part ?? ''));
      if (name && named.some((part) => part.length >= 3 && handle.includes(part))) return name;
    }
  }
  return null;
}

function nameInLines(header: readonly DocLine[], headings: readonly DocLine[]): Name {
  const lines = ruleOn(NAME_NOT_HEADING)
    ? header.filter(
        (line, index) => index === 0 || !headings.some((heading) => setAlike(line, heading)),
      )
    : header;
  const prominent = ruleOn(NAME_PROMINENT) ? prominentName(lines) : null;
  if (prominent) return prominent;
  const first = ruleOn(NAME_HEADING_ONE)
    ? lines.slice(1, 3).find((line) => line.heading === 1)
    : undefined;
  const headed = first && !lines[0]?.heading ? nameOf(first.text) : null;
  if (headed) return headed;
  for (const { text: line } of lines.slice(0, 3)) {
    if (ruleOn(NAME_NOT_PLACE) && isPlaceLine(line)) continue;
    const name = nameOf(line);
    if (name) return name;
    if (!isJobLike(line) && !/[@\d]/.test(line)) return {};
  }
  return {};
}

// ---- The contact block --------------------------------------------------------------------

interface ContactBlock {
  /** The lines the phone, zip code and home town are read from. */
  lines: string[];
  /** The candidate's email: the contact block's first, or the resume's only one. */
  email?: string;
}

/** The most lines a block of contact details outside the header has. */
const MAX_CONTACT_BLOCK = 6;
/**
 * The most words of each of its lines: a town and a note (`Seattle, WA; Can Relocate`).
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_CONTACT_WORDS = 5;

/**
 * The lines of the block that holds the candidate's email, where it is a block of contact
 * details (contact-block): a few short lines, another of them a link or a phone number.
 */
function contactBlockAround(docs: readonly DocLine[], doc: DocLine): string[] {
  const block = docs.filter((line) => line.block === doc.block);
  if (block.length === 1 && ruleOn(CONTACT_LINES_APART)) return contactLinesAfter(docs, doc);
  return block.length <= MAX_CONTACT_BLOCK && block.every(isShort) && holdsItemBeside(block, doc)
    ? block.map((line) => line.text)
    : [];
}

/** A line of five words at most, as contact details are. */
const isShort = (line: DocLine) => line.text.split(' ').length <= MAX_CONTACT_WORDS;

/** Whether another of `lines` than the email's `doc` is a link or a phone number. */
const holdsItemBeside = (lines: readonly DocLine[], doc: DocLine) =>
  lines.some((line) => line !== doc && CONTACT_ITEM.test(line.text));

/**
 * The email's line and the short lines right after it, each set apart in a block of its own
 * (contact-lines-apart), where one of them at least is a phone or a link: a header's column of
 * contact details that the page's columns read below the left column's text.
 */
function contactLinesAfter(docs: readonly DocLine[], doc: DocLine): string[] {
  const at = docs.indexOf(doc);
  const run = [doc];
  let phoned = false;
  for (const line of docs.slice(at + 1, at + MAX_CONTACT_BLOCK)) {
    if (line.block === run.at(-1)?.block || line.column !== doc.column) break;
    const phone =
      line.text.split(' ').length <= MAX_PHONE_LINE_WORDS &&
      ruleOn(PHONE_LINE_APART) &&
      phonesIn([line.text]).length > 0;
    if (!isShort(line) && !phone) break;
    phoned ||= phone;
    run.push(line);
  }
  return phoned || holdsItemBeside(run, doc) ? run.map((line) => line.text) : [];
}

/** A line that is a contact item, or one word (`LinkedIn`, a link's label). */
const isItemOrLabel = (line: DocLine) =>
  CONTACT_ITEM.test(line.text) || /^\p{L}+$/u.test(line.text);

/**
 * The first email of the first block of contact items alone, two lines or more (email-of-contact-items).
 */
function emailOfContactItems(sections: readonly Section[]): string | undefined {
  for (const section of sections) {
    for (const doc of section.docs) {
      const block = section.docs.filter((line) => line.block === doc.block);
      if (block.length < 2 || block.length > MAX_CONTACT_BLOCK) continue;
      if (!block.every(isItemOrLabel) || !holdsItemBeside(block, doc)) continue;
      const email = emailsIn([doc.text])[0];
      if (email) return email;
    }
  }
  return undefined;
}

/**
 * The contact block: the header (the lines before the first heading) and the contact sections;
 * beside them, a line elsewhere that holds the candidate's own email and a phone number (a
 * contact line at the end of the resume), or a short block of contact details that holds that
 * email (a sidebar's), never one of the references or of someone else (a manager's email in a
 * role).
 */
export function contactBlockOf(sections: readonly Section[]): ContactBlock {
  const read = sections.filter((section) => section.kind !== 'references');
  const block = read
    .filter((section) => section.kind === 'header' || section.kind === 'contact')
    .flatMap((section) => section.lines);
  const everywhere = read.flatMap((section) => section.lines);
  const allEmails = emailsIn(everywhere);
  const email =
    emailsIn(block)[0] ??
    (allEmails.length === 1 ? allEmails[0] : undefined) ??
    (ruleOn(EMAIL_BLOCK) ? emailOfContactItems(read) : undefined);
  if (!ruleOn(CONTACT_LINE) || email === undefined) return { lines: block, email };
  const own = read
    .filter((section) => section.kind !== 'header' && section.kind !== 'contact')
    .flatMap((section) =>
      section.docs.flatMap((doc, index) => {
        if (!emailsIn([doc.text]).includes(email)) return [];
        if (phonesIn([doc.text]).length === 0) {
          return ruleOn(CONTACT_BLOCK) ? contactBlockAround(section.docs, doc) : [];
        }
        if (!ruleOn(CONTACT_NEIGHBOURS)) return [doc.text];
        // The lines right beside it in its block: its address on the line under it.
        const beside = [section.docs[index - 1], doc, section.docs[index + 1]];
        return beside.flatMap((line) => (line && line.block === doc.block ? [line.text] : []));
      }),
    );
  return { lines: [...block, ...own], email };
}
