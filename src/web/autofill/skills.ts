// Key skills: the items of the skills sections' lists, grids and tables (docs/autofill.md).
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { type DocLine, isAcronym, tableGrid } from './document.ts';
import { DATE_LIKE, isDateOnly } from './job-title.ts';
import { BULLET, CATEGORY_WORDS, lastWord, trimEdges } from './lines.ts';
import { rule, ruleOn } from './rules.ts';
import { CAPS_HEADING, headingKind, type Section, SPOKEN } from './sections.ts';

/** An item keeps its parentheses, a level in them aside. */
const KEEP_NOTES = rule('items-keep-notes');
/** A line that reads as a sentence gives no item. */
const SENTENCE_NOT_ITEMS = rule('sentence-not-items');
/** A list of short items ending in a stop stays a list, its few long items dropped. */
const LONG_ITEM_IN_LIST = rule('long-item-in-list');
/** `Awards: a, b` in a skills section, a category naming another section, gives no item. */
const OTHER_CATEGORY = rule('other-category');
/**
 * So does one whose last word names such a section (`Professional Organizations:`, `Industry
 * Certifications:`), `Languages` aside: programming languages in a skills section.
 */
const OTHER_CATEGORY_WORD = rule('other-category-word');
/**
 * A category made of labels parted by bars before its colon (`Languages | Libraries | Related
 * Programs: JavaScript, Liquid`) is one label: none of its words is an item.
 */
const BARRED_CATEGORY = rule('barred-category');
/**
 * A label that opens a piece of a list after a separator (`Python, Java; Familiar: Go, Rust`,
 * `Go; Tools: Git`) is no part of the item after it.
 */
const MID_LINE_CATEGORY = rule('mid-line-category');
/** A level named as LinkedIn names it (`English (Full professional proficiency)`) is no part of the item. */
const PROFICIENCY_LEVEL = rule('proficiency-level');
/** A short bold line among plain ones is a category label. */
const BOLD_LABEL = rule('bold-label');
/**
 * Not among plain lines that are each one skill and its note (`Python (Pyspark, Dagster)` beside
 * `Redis`): a builder's names set bold, items all.
 */
const BOLD_AMONG_NOTED = rule('bold-among-noted');
/** One skill and its note in parentheses: `Java (Spring Boot)`. */
const NOTED_ITEM = /^[^,;()]{1,40} \([^()]{1,80}\)$/;
/**
 * A bold term over a definition in prose, not a list (`Python` / `+5 years of …`), is the
 * skill.
 */
const TERM_OF_PROSE = rule('term-of-prose');
/**
 * Short lines that wrap one sentence (`Assertively exploit wireless` / `initiatives rather
 * than` / `core competencies.`) are one line of prose.
 */
const WRAPPED_SENTENCE = rule('wrapped-sentence');
/**
 * A term set at another size over a definition in prose (`Web Design` / `Proven ability to lead
 * …`) is the skill, as a bold one is.
 */
const SIZED_TERM = rule('sized-term');
/**
 * A definition is prose only where it reads as a sentence: a long item among names (`Echo
 * Sounder SBE 19 & MB2 Array, Sextant`) is none.
 */
const NAMES_NOT_PROSE = rule('names-not-prose');
/**
 * A bold opening that runs on into lower-case words (`**Proficient** in Java`) is no label; one
 * that names several (`**ML, DL & Tools** — NLTK`) labels its list.
 */
const LEAD_PHRASE = rule('lead-phrase');
/**
 * Three pieces or more parted by spaced slashes (`Teamwork / Reliability / Creativity`) are a
 * list.
 */
const SLASH_LIST = rule('slash-list');
/** A short line over a list indented under it (`Databases` / `  Redis, MySQL`) is its label. */
const INDENTED_LABEL = rule('indented-label');
/** A list item of its own never continues the line before. */
const LIST_ITEMS_APART = rule('list-items-apart');
/** A table whose first row names categories is read column by column. */
const TABLE_BY_COLUMN = rule('table-by-column');
/** `Skill - what for` and `Skill: a sentence` give the skill, not what follows it. */
const RUN_IN_HEAD = rule('run-in-head');
/** A full stop before a capital parts items as a comma does. */
const FULL_STOP_PARTS = rule('full-stop-parts');
/** A full stop after an abbreviation (`Misc. Skills:`) parts nothing. */
const ABBREVIATION_STOP = rule('abbreviation-stop');
/** A bold lead before items parted by bullets (`**Databases** SQL • Neo4J`) is their label. */
const LEAD_BULLETS = rule('lead-bullets');
/** So is one before items parted by spaced slashes (`**Programming** C++ / Python / Git`). */
const LEAD_SLASHES = rule('lead-slashes');
/** A template's credit (`Designed with ♥ by …`) at the foot of a skills column is no line of it. */
const TEMPLATE_CREDIT = rule('template-credit');
/** A label and a sentence of what was done (`Data: Used PostgreSQL for jobs.`) gives no items. */
const LABELLED_SENTENCE = rule('labelled-sentence');
/** A line that ends with a colon introduces items and is none. */
const COLON_INTRODUCES = rule('colon-introduces');
/** A line with a piece twice as long as an item is prose, not a list. */
const PROSE_NOT_ITEMS = rule('prose-not-items');
/** A line in lower case after an unfinished sentence goes on with it. */
const PROSE_CONTINUES = rule('prose-continues');
/**
 * A list line that ends with a parenthesis closed (`ML (Tensorflow, Pytorch)`) has not wrapped.
 */
const CLOSED_ITEM = rule('closed-item');
/**
 * An item cut where a narrow list wrapped (`Quick` / `learning, Collaborative`) is one item.
 */
const ITEM_WRAPS = rule('item-wraps');
/** A line that opens with a label and its colon (`backend: Nodejs, Express`) starts a list of its own. */
const LABEL_NOT_WRAP = rule('label-not-wrap');
/** So does one that opens with a label and a bar (`Tools | Git, Linux`): no line wraps into it. */
const BAR_LABEL_NOT_WRAP = rule('bar-label-not-wrap');
/** A short label and its colon opening a piece: `Familiar: `. */
const LABEL_OPENING = /^\p{L}[\p{L} &/-]{0,30}: /u;
/** The same label before a bar: `Frameworks/Libraries | `. */
const BAR_LABEL_OPENING = /^\p{L}[\p{L} &/-]{0,30} \| /u;
/**
 * A list line that ran to its column's edge, no separator at its end (`Power BI, data` /
 * `analytics`), goes on in the next.
 */
const FULL_LINE_ITEM = rule('full-line-item');
/**
 * In a list whose lines end with a separator where an item ends (`Shopify • AWS •`), a line of it
 * that ends with none was cut inside an item, which goes on in the next line (`Social Media` /
 * `Marketing • Facebook Ads`).
 */
const SEPARATOR_ENDS_ITEM = rule('separator-ends-item');
/**
 * A list item over a level (`• SQL` over `Familiar`, the label of the next list) or over another
 * item of its list (`- Julia Programming` over `- Python Programming`) is an item, not a category.
 */
const LISTED_NOT_CATEGORY = rule('listed-not-category');
/**
 * Short lines over list lines, taking turns two pairs at least (`Laboratory` / `Cell culture,
 * qPCR`), are labels.
 */
const LABELS_OVER_LISTS = rule('labels-over-lists');
/**
 * A line of rating marks alone (`●●●●○`) is a level, not a list: the line above it is an item
 * (`React` / `●●●●○`).
 */
const RATING_MARKS = rule('rating-marks');
/**
 * Spanish `de` between two words of an item counts as none of its words (`Gestor de base de
 * datos`).
 */
const SPANISH_DE = rule('spanish-de');
/**
 * A line that ends with a word no item ends with (`Tools and` / `processes`, `Diseño de` /
 * `bases de datos`) goes on in the next.
 */
const OPEN_ENDING = rule('open-ending');
/** A label before a bar, or in a row's first cell, with a comma list after it is a category. */
const BAR_LABEL = rule('bar-label');
/**
 * Before a bar, a piece whose next piece opens with a label of its own (`Proficient: Python |
 * Familiar: Go, C`) is an item of the label before it, no label itself.
 */
const LABELLED_BEFORE_BAR = rule('labelled-before-bar');
/**
 * Words of a level around a skill (`basic Azure knowledge`, `Rust Basic Knowledge`) are no part
 * of it.
 */
const LEVEL_WORDS = rule('level-words');
/** A level before a language one speaks is none of it: `Intermediate Spanish`, `Native English`. */
const LEVEL_LANGUAGE = rule('level-language');
/** A list wraps inside its block: a line after space is no part of the list above it. */
const BLOCK_APART = rule('block-apart');
/** A level named by how much one knows, in parentheses after a skill: `ITIL (foundational knowledge)`. */
const KNOWLEDGE_LEVEL = rule('knowledge-level');
/** A symbol a word processor sets between items (`ML ⬩ MLOps`, `Go ◆ Rust`) parts them. */
const SYMBOL_SEPARATORS = rule('symbol-separators');
/**
 * A category named before parentheses (`Programming (Python, SQL)`) gives the items in them.
 */
const CATEGORY_PARENTHESES = rule('category-parentheses');
/**
 * A row of labels each with its list in parentheses (`ML (Tensorflow), Cloud (AWS, gcloud)`)
 * gives the lists.
 */
const CATEGORY_ROW = rule('category-row');
/** A category that names interests (`Interested In: VR, Rust`) gives no item. */
const INTEREST_CATEGORY = rule('interest-category');
/** A site's or a street's address (`syber-space.com`, `1285 Thompson St`) is no skill. */
const ADDRESS_NOT_SKILL = rule('address-not-skill');
/**
 * A language level of the European framework (`Inglés A2`, `German (C1)`) is no part of the
 * item.
 */
const CEFR_LEVEL = rule('cefr-level');
/**
 * A label of another kind alone on its line (`Volunteering`, `Awards`) goes over the lines
 * until the next label.
 */
const OTHER_LIST_LABEL = rule('other-list-label');
/**
 * Lines in a row that each open with a field or a category run into a list (`DevOps AWS, GCP` /
 * `Back-end Django, Flask`) open with labels.
 */
const FIELD_OPENINGS = rule('field-openings');
/**
 * A category run into its list without a colon (`Tools & Libraries Linux, Git`) is no part of
 * the first item.
 */
const GLUED_LABEL = rule('glued-label');
/** What follows a run-in head's colon is a sentence only with a word wholly in lower case. */
const RUN_IN_PROSE = rule('run-in-prose');
/**
 * A skills section written in sentences, two for each line of a list, gives only its plain
 * lists.
 */
const PROSE_SECTION = rule('prose-section');
/**
 * A line over a line of dates alone is an entry's head (`Acme, Boston` / `2019 – 2021`), no
 * list.
 */
const ENTRY_HEAD = rule('entry-head-not-items');
/**
 * A line set as a heading inside a skills section (`### Languages`, a heading style) is a
 * category label.
 */
const HEADING_LABEL = rule('heading-label');
/**
 * As many short lines at one size as long ones at another: the long ones are the body, the
 * short ones labels.
 */
const LONGER_BODY = rule('longer-body');
/**
 * A category before a spaced dash with a list after it (`Cloud Platforms – AWS, GCP`) gives the
 * list.
 */
const DASH_CATEGORY = rule('dash-category');
/**
 * A short line over single items indented deeper (`• Programming` / `  ◦ Python`) is their
 * label.
 */
const DEEPER_LABEL = rule('deeper-label');
/**
 * A line with a level in its parentheses (`German (native speaker)`) is an item, never the label
 * of the lines indented under it: a label has no level.
 */
const LEVELLED_NOT_LABEL = rule('levelled-not-label');
/**
 * A table's row of a short label and a cell of several lines (`CAD` | `• SolidWorks` `• Creo`)
 * is a category and its items.
 */
const CELL_LABEL = rule('cell-label');
/**
 * A table's columns of labels before its items: a label after cells that are empty or labels
 * themselves (a group's name over categories) is a category, as a first cell's is.
 */
const LABEL_COLUMNS = rule('label-columns');
/**
 * A short line that is no list item, over list items and after one or none (`Programming` / `•
 * Python`), is their label.
 */
const LIST_LABEL = rule('list-label');
/** A table's row of a skill and its level (`Python | Expert`) gives the skill. */
const LEVEL_CELLS = rule('level-cells');
/**
 * A table's first row set as the rest heads its columns when each cell names a category or a
 * field (`Languages | Cloud`); a row where some skills hold such words (`Web Design | Figma |
 * Git`) is a grid's.
 */
const GRID_HEAD_WORDS = rule('grid-head-words');
/**
 * A grid's items may hold digits (`HTML5`, `Office 365`): they make no row of lists under
 * heads.
 */
const GRID_DIGITS = rule('grid-digits');
/**
 * A table whose first column names a category a row (`Databases | PostgreSQL`, or each first
 * cell alone in bold) gives each row's other cells.
 */
const CATEGORY_COLUMN = rule('category-column');
/**
 * A table whose rows are mostly a label beside a list (`Lab | PCR, Western blot`) has a first
 * column of labels: `Imaging | Confocal` gives `Confocal`.
 */
const LISTED_ROWS = rule('listed-rows');
/**
 * A table whose columns run to different lengths, a cell empty in a row before the last, holds
 * a list a column (`Languages | Testing` over `Ruby | Jest`, `SQL | ` …): a grid filled row by
 * row is short in its last row alone. Under a first row of labels, it is read column by column.
 */
const RAGGED_COLUMNS = rule('ragged-columns');
/**
 * A table's first row of acronyms (`SQL | AWS`) is not set apart by its capitals: a grid's row.
 */
const ACRONYM_ROW = rule('acronym-row');
/** Years of use beside a skill (`Excel | 8 years`, `SQL | 5+ yrs`) are its level, no skill. */
const YEARS_LEVEL = rule('years-level');
/** Years of use after a skill in its item (`C# 4yrs`, `Java 6 years`) are its level, no part of it. */
const YEARS_AFTER_ITEM = rule('years-after-item');
/** A registration's or a certificate's number among the items (`2021SR0564382`) is no skill. */
const CODE_NOT_SKILL = rule('code-not-skill');
/** A percentage or a score after a skill (`Python 90%`, `SQL: 8/10`) is its level, no part of it. */
const FIGURE_LEVEL = rule('figure-level');
/**
 * A table's row of skills each beside its level (`Swift | Expert | Kotlin | Advanced`) gives
 * the skills.
 */
const LEVEL_PAIRS = rule('level-pairs');
/**
 * A table's first row of a skill and its level (`Data modelling | Expert`) is no row of heads.
 */
const RATED_FIRST_ROW = rule('rated-first-row');
/**
 * Short lines and levels taking turns, two pairs at least (`Mastercam` / `Advanced` / `Lathe
 * work Expert`), are skills, not categories.
 */
const LEVELS_TAKE_TURNS = rule('levels-take-turns');
/**
 * The words of a rating scale standing alone (`Excellent`, `Very Good`, `Good`), as a builder
 * sets them under each skill, are a level, no skill.
 */
const RATING_WORDS = rule('rating-words');
/**
 * A skill whose name holds a figure (`Bootstrap 4`, `HTML5`) takes its turn with a level as any
 * skill does; a year is no skill.
 */
const RATED_FIGURES = rule('rated-figures');
/**
 * How long a skill was used, with a bound before it (`JavaScript (Less than 1 year)`), is no
 * part of it, as `(5 years)` is none.
 */
const DURATION_BOUND = rule('duration-bound');
/**
 * A run-in head whose text opens with years of using it (`Python: 10+ years experience building
 * microservices`) is the skill, however short that text's first piece.
 */
const RUN_IN_YEARS = rule('run-in-years');
/**
 * A skill and its level after a colon (`Python: Advanced`), a level named as such (`nivel
 * alto`) or how long (`(5 years)`) is the skill.
 */
const SKILL_LEVEL = rule('skill-level');
/**
 * Each piece of a list with a run-in head of its own (`Excel – Advanced; Word – Basic`) gives
 * its head.
 */
const RUN_IN_PIECES = rule('run-in-pieces');
/** Dashes that part three skills or more (`Python — Java — SQL`) part items as commas do. */
const DASH_LIST = rule('dash-list');
/**
 * `and` parts two names where the second starts in lower case with a capital inside (`Jenkins
 * and macOS`).
 */
const AND_NAMES = rule('and-names');
/**
 * Two fields of work joined by `and` (`Planning and Organization`, `Performance and Capacity
 * Planning`) are one skill, as the writer put them between commas; two tools' names are two.
 */
const AND_FIELDS = rule('and-fields');
/**
 * A skill being learnt, `learning` in lower case before its name (`learning SQL`), is the
 * skill.
 */
const LEARNING_PREFIX = rule('learning-prefix');
/**
 * `and` after one word set as an adjective shares the noun after it: `Analytical and Strategic
 * Thinking` is one item.
 */
const SHARED_NOUN = rule('shared-noun');
/**
 * A table whose first row is set as the rest, one short item a cell, naming no category, is a
 * grid.
 */
const GRID_ALIKE = rule('table-grid-alike');
/**
 * A table cell of several lines beside another is a list of its own, not their label, unless it
 * names a category.
 */
const LINES_NO_LABEL = rule('cell-lines-no-label');
/**
 * A section's last line that names a category (`Debugging skills`) is an item unless set apart
 * as labels are.
 */
const LAST_LINE_ITEM = rule('last-line-item');
/**
 * Words that end a list without naming a skill (`etc.`, `and more`, `entre otros`) are no item.
 */
const ETC_NOT_SKILL = rule('etc-not-skill');
/** `etc.` after an item's words (`Ubuntu system etc.`) is no part of it. */
const ETC_AFTER_ITEM = rule('etc-after-item');
/**
 * Bold words that open a line, a list after them (`**Surveying** Hydrography, Bathymetry`), are
 * its label.
 */
const LEAD_LABEL = rule('lead-label');
/**
 * A bold series that ends in a colon before a sentence (`**C#, NUnit:** Built REST back-ends
 * …`) names skills, not a category: the skills the sentence says something of.
 */
const BOLD_HEAD_OF_PROSE = rule('bold-head-of-prose');
/** A short line set at another size than the list beside it is a category label. */
const LABEL_BY_SIZE = rule('label-by-size');
/** A language test's score after a language is its level: `English (TOEFL 105)` gives `English`. */
const TEST_SCORE_LEVEL = rule('test-score-level');
/**
 * A category's label before a list that ran to its column's edge parts nothing: the item at the
 * list's end goes on in the next line (`AI & Tools: Claude, LLM` / `API Integration`).
 */
const LABEL_RUNS_ON = rule('label-runs-on');
/**
 * The lines of a skills section that all stand in one table cell, as a page laid out in a table
 * holds them, are read as lines with what the format says of each (a heading style, bold), not
 * as a grid of cells.
 */
const ONE_CELL_LINES = rule('one-cell-lines');
/**
 * A category label that names a series before its colon (`Design, Modeling, and Fabrication:`),
 * or any bold label before a colon, is the list's label, none of its items.
 */
const SERIES_LABEL = rule('series-label');
/**
 * A line of names each set as a citation sets an author, surname and initials (`Favreau A, Le
 * Gall L, Martin A, Sergi S`), is a reference's author list, no list of skills.
 */
const AUTHOR_LIST = rule('author-list');
/**
 * A line that opens with a level (`Working knowledge of GraphQL, npm`) opens a list of its own:
 * no list that ran to its column's edge goes on in it.
 */
const LEVEL_OPENS_LIST = rule('level-opens-list');
/** `both A and B` names two skills, each with its note: `both SQL (PostgreSQL) and NoSQL (DynamoDB)`. */
const BOTH_AND = rule('both-and');

// ---- Key skills ---------------------------------------------------------------------------

const SKILL_SHAPE = /^[\p{L}\p{N}.][\p{L}\p{N} +#./&'()-]{0,48}$/u;
/** A category label before a list: `Languages: Python, Go`. */
const CATEGORY = /^\p{L}(?:[\p{L} &/-]|\.(?= )){0,40}:\s*/u;
/** A label on a line of its own: `Technical Skills:`, `Over 5000 lines:`. */
const LABEL_LINE = /^[\p{L}\p{N}][\p{L}\p{N} &/+-]{0,40}:$/u;
/** A level given beside a skill or a category. */
const LEVELS = new Set(
  (
    'advanced intermediate beginner expert proficient basic native fluent familiar novice ' +
    'conversational elementary experienced skilled strong working mother bilingual professional ' +
    'limited moderate avanzado avanzada intermedio intermedia básico básica nativo nativa experto ' +
    'experta fluido fluida bilingüe principiante alto alta medio media bajo baja learning'
  ).split(' '),
);
/**
 * The words of a rating scale a builder sets under each skill (`Excellent`, `Very Good`, `Good`,
 * `Fair`): a level when they stand alone, as LEVELS' words do (rating-words).
 */
const RATINGS = new Set([
  'excellent',
  'very good',
  'good',
  'fair',
  'average',
  'skillful',
  'superior',
]);
/** How well, before a skill: `Proficient in Excel`, `Expert in SQL`, `Fluent in Spanish`, `Conversational Proficiency in Tamil`, `Familiar with Go`. */
const PROFICIENCY =
  /^(?:(?:highly |very )?proficient (?:in|with)|expert (?:in|with|at)|(?:fluent|native|conversational|bilingual)(?: proficiency)? in|fluency in|(?:basic|intermediate|advanced|elementary|limited|working|professional) proficiency in|familiar(?:ity)? with|experienced? (?:in|with)|skilled in|expertise in|(?:working |basic |strong )?knowledge of|exposure to)\s/i;
/** A skill being learnt, in lower case before its name: `learning SQL`, `currently learning Rust`. */
const LEARNING = /^(?:currently |still )?learning\s(?=\p{Lu})/u;
/** An item without `learning` before its name. */
const withoutLearning = (item: string) =>
  ruleOn(LEARNING_PREFIX) ? item.replace(LEARNING, '') : item;
/** How well, in words around a skill: `basic Azure knowledge`, `Rust Basic Knowledge`, `Minor NodeJS experience`, `Basic experience with AWS`. */
const LEVEL_AROUND = [
  /^(?:basic|minor|some|working|good|solid|strong)\s(.{1,40}?)\s(?:knowledge|experience|skills)$/i,
  /^(.{1,40}?)\s(?:basic|working|good|solid|strong|advanced|intermediate)\s(?:knowledge|experience)$/i,
  /^(?:basic|some|working|good|solid|strong)\s(?:knowledge|experience)\s(?:of|in|with)\s(.{1,40})$/i,
  // `CSS proficiency`, `HTML expertise`: the skill, then how well.
  /^(\S.{0,40}?)\s(?:proficiency|expertise)$/i,
];

/** A skill and the years of its use after it: `C# 4yrs`, `Java 6 years`, `SQL 10+ yrs`. */
const YEARS_AFTER = /^(\S.{0,40}?) \d{1,2}\+? ?(?:years?|yrs?|años?)$/i;

/** A level of the European framework for languages (A1 to C2, `B2+`), as Europass CVs give it. */
const CEFR = /^[ABC][12]\+?$/;
/** A language and its level after it: `Inglés A2`, `German C1`. */
const CEFR_AFTER = /^(\p{L}[\p{L} ]{0,30}?) [ABC][12]$/u;

/** An item without the words of its level around it. */
function withoutLevelWords(item: string): string {
  const cefr = ruleOn(CEFR_LEVEL) ? CEFR_AFTER.exec(item)?.[1] : undefined;
  if (cefr) return cefr;
  const used = YEARS_AFTER.exec(item)?.[1];
  if (used && ruleOn(YEARS_AFTER_ITEM)) return used;
  if (!ruleOn(LEVEL_WORDS)) return item;
  const [level = '', language = '', ...more] = item.split(' ');
  const spoken = LEVELS.has(level.toLowerCase()) && SPOKEN.has(language.toLowerCase());
  if (spoken && more.length === 0 && ruleOn(LEVEL_LANGUAGE)) return language;
  for (const pattern of LEVEL_AROUND) {
    const skill = pattern.exec(item)?.[1];
    if (skill) return skill;
  }
  return item;
}
/** Text in parentheses: a level or a note (`Python (advanced)`, `(18/24)`). */
const PARENTHESES = /\([^()]{0,80}\)/g;
/** Separators between the items of a list. */
const PLAIN_SEPARATORS = ',;|•·';
/** Symbols a word processor sets between items: `ML ⬩ MLOps`, `Go ◆ Rust` (every one in the BMP). */
const SEPARATOR_SYMBOLS = '⬩⬥⬦◆◇♦●○◦▪▫■□‣∙★☆✓✔➢►▸▹⦁⬧';
const isSeparator = (char: string | undefined) =>
  char !== undefined &&
  char !== '' &&
  (PLAIN_SEPARATORS.includes(char) ||
    (ruleOn(SYMBOL_SEPARATORS) && SEPARATOR_SYMBOLS.includes(char)));

/** A line's pieces between separators, as `split` gives them. */
function splitItems(line: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let at = 0; at < line.length; at++) {
    if (!isSeparator(line[at])) continue;
    pieces.push(line.slice(start, at));
    start = at + 1;
  }
  pieces.push(line.slice(start));
  return pieces;
}
/**
 * The most words an item has, its parentheses aside.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_ITEM_WORDS = 4;

/** A level named as such: `Level: Intermediate`, `nivel alto`, `Advanced level`. */
const NAMED_LEVEL = /^(?:level|nivel)\s?:?\s|\s(?:level|nivel)$/gi;
/**
 * A level as LinkedIn names it: `Native or bilingual proficiency`, `Full professional proficiency`,
 * `Limited working proficiency`, `Elementary proficiency`.
 */
const PROFICIENCY_NAME =
  /^(?:(?:elementary|limited|working|professional|full|native|or|bilingual|conversational|basic|intermediate|advanced|general|technical) ){0,3}proficiency$/i;
/** A level named by how much one knows: `foundational knowledge`, `basic understanding`. */
const KNOWLEDGE_NAME =
  /^(?:(?:basic|foundational|fundamental|working|general|good|solid|strong|advanced|some|limited|deep)\s)?(?:knowledge|understanding)$/i;
const isLevel = (text: string) =>
  LEVELS.has(text.toLowerCase()) ||
  (ruleOn(KNOWLEDGE_LEVEL) && KNOWLEDGE_NAME.test(text.trim())) ||
  (ruleOn(RATING_WORDS) && RATINGS.has(text.trim().toLowerCase())) ||
  (ruleOn(PROFICIENCY_LEVEL) && PROFICIENCY_NAME.test(text.trim())) ||
  (ruleOn(SKILL_LEVEL) && LEVELS.has(text.replace(NAMED_LEVEL, '').trim().toLowerCase())) ||
  (ruleOn(YEARS_LEVEL) && YEARS.test(text.trim())) ||
  (ruleOn(FIGURE_LEVEL) && SCORE.test(text.trim()));
/** A level in figures: a percentage or a score out of 5, 10 or 100 (`90%`, `8/10`, `4.5 / 5`). */
const SCORE = /^\d{1,3}(?:\.\d)?\s?(?:%|\/\s?(?:5|10|100))$/;
/** The same after a skill, with a space, a dash or a colon before it: `Python 90%`, `SQL - 8/10`. */
const TRAILING_SCORE = /\s?[-–:]?\s\d{1,3}(?:\.\d)?\s?(?:%|\/\s?(?:5|10|100))$/;
/** Years of use, a skill's level: `5 years`, `3+ yrs`, `10 años`, `1 year`. */
const YEARS = /^\d{1,2}\+? ?(?:years?|yrs?|años?)$/i;
/** Something an item can hold: a letter or a figure. */
const ITEM_CHAR = /[\p{L}\p{N}]/u;
const isList = (line: string) => {
  for (const char of line) {
    if (isSeparator(char)) return !ruleOn(RATING_MARKS) || ITEM_CHAR.test(line);
  }
  return false;
};
/** Words: what holds a letter (`Java SE/EE 7 & 8` is two words and two figures). */
const wordCount = (text: string) => text.split(' ').filter((word) => /\p{L}/u.test(word)).length;

/**
 * A line that names the category of the items that follow: `Web Technologies` above `Advanced`
 * or above a list, `PROGRAMMING` above its labelled lists.
 */
function isCategoryLine(line: string, next: string | undefined, apart = true): boolean {
  if (isList(line) || CATEGORY.test(line) || line.split(' ').length > 4) return false;
  const named = CATEGORY_WORDS.test(line);
  // A category cut from its items by a heading that a grid put between them, when set apart as
  // labels are or in a table's cell; a plain line ends a column of items (`Critical Thinking` /
  // `Debugging skills`).
  if (next === undefined) return named && (apart || !ruleOn(LAST_LINE_ITEM));
  if (isLevel(next)) return true;
  // Categories side by side in a grid come out as a run of lines: `Web Technologies`, `Tools`.
  if (named && CATEGORY_WORDS.test(next) && !isList(next)) return true;
  const nextIsList = isList(next) || LABEL_LINE.test(next);
  return nextIsList && (named || CAPS_HEADING.test(line));
}

/** A line of a skills section as the items are read from it: its text, and whether it is bold. */
interface SkillLine {
  text: string;
  bold: boolean;
  /** It opens a list item of its own (a bullet, a list paragraph). */
  list?: boolean;
  /** Its size against the body's, where the format says. */
  size?: number;
  /** It comes from a table's cell. */
  cell?: boolean;
  /** Its indentation level, where the format says. */
  indent?: number;
  /** The format sets it as a heading (a Markdown `###`, a heading style). */
  heading?: boolean;
  /** It ran to its column's edge and broke there (document.ts). */
  wraps?: boolean;
  /** It ends with a break its format states (document.ts): nothing after it joins it. */
  breaks?: boolean;
  /** The block it belongs to (document.ts), where it comes from a document's line. */
  block?: number;
}

/** A short line of words with no list in it: what a table's row of categories holds. */
const isLabelLike = (text: string) =>
  text !== '' && !isList(text) && wordCount(text) <= MAX_ITEM_WORDS && !/\d/.test(text);

/**
 * Whether a table's first row is set as its other rows are and names no category (`Python | Java`
 * over `Docker | AWS`): where every cell holds one short item, a grid of skills, not a head.
 */
function gridAlike(cells: readonly DocLine[], first: number, heads: readonly string[]): boolean {
  if (!ruleOn(GRID_ALIKE)) return false;
  // Capitals set a head apart, not an acronym's (`SQL | AWS` over `Python | Spark`).
  const acronym = (line: DocLine) =>
    ruleOn(ACRONYM_ROW) && (line.table?.columns ?? [line.text]).every(isAcronym);
  const marked = (line: DocLine) => line.bold === true || (line.caps === true && !acronym(line));
  const head = cells.filter((cell) => (cell.table?.row ?? 0) === first);
  const body = cells.filter((cell) => (cell.table?.row ?? 0) !== first);
  const apart = head.every(marked) && !body.every(marked);
  const larger =
    Math.min(...head.map((cell) => cell.size ?? 1)) >
    Math.max(...body.map((cell) => cell.size ?? 1)) + SIZE_TOLERANCE;
  // A skill may hold a category's or a field's word (`Software Testing`, `Web Design`): set as
  // the rest, a row heads columns when each of its cells names one.
  const headsColumns = ruleOn(GRID_HEAD_WORDS)
    ? heads.every((head) => namesCategory(head))
    : heads.some((head) => namesCategory(head));
  return !apart && !larger && !headsColumns;
}

/**
 * Whether a table's first column holds a category a row, each beside its items: every first
 * cell one line that names a category, or every first cell in bold and no other cell, or every
 * first cell a short label and most rows a list beside it.
 */
function categoryColumn(
  grid: ReadonlyMap<number, ReadonlyMap<number, readonly string[]>>,
  rows: readonly number[],
  cells: readonly DocLine[],
): boolean {
  const texts = rows.map((row) => [...(grid.get(row)?.values() ?? [])]);
  if (texts.some((row) => row.length < 2 || row[0]?.length !== 1)) return false;
  const named = texts.every(([[first = ''] = []]) => namesCategory(first));
  // Most rows a label beside a list (`Lab | PCR, Western blot`): the one beside an item is too.
  const listed = texts.filter((row) =>
    row
      .slice(1)
      .flat()
      .some((text) => text.includes(',')),
  );
  const labels = texts.every(([[first = ''] = []]) => isLabelLike(first));
  // (The labels beside lists are bar-label's: this rule reads the rest of its rows so.)
  const byLists =
    ruleOn(LISTED_ROWS) && ruleOn(BAR_LABEL) && labels && listed.length * 2 > texts.length;
  // Each cell's bold: a row read as one line of columns (DOCX) says its cells' own.
  const bolds = cells.flatMap((cell) =>
    cell.table?.columns
      ? cell.table.columns.map((_, column) => ({ column, bold: cell.table?.bold?.[column] }))
      : [{ column: cell.table?.column ?? 0, bold: cell.bold }],
  );
  const firsts = bolds.filter(({ column }) => column === 0);
  const setApart =
    firsts.length === rows.length &&
    firsts.every(({ bold }) => bold === true) &&
    !bolds.some(({ column, bold }) => column !== 0 && bold === true);
  return named || setApart || byLists;
}

/** A head's cell that names a category or a field: `Languages`, `Dev Tools`, `Backend`. */
function namesCategory(text: string): boolean {
  const last = lastWord(text);
  const named = CATEGORY_WORDS.test(text) || LABEL_ENDS.has(last) || FIELD_WORDS.has(last);
  return named || headingKind(text) === 'skills';
}

/** Fields a table's head names over its columns of skills: `Backend | Mobile`, `Cloud | Data`. */
const FIELD_WORDS = new Set(
  'backend back-end frontend front-end mobile web cloud devops data design testing security networking analytics office hardware infrastructure general personal professional soft hard'.split(
    ' ',
  ),
);

/**
 * A table's cells as lines: column by column under a first row of categories (`Languages |
 * Tools` above `Python | Git`), the categories left out; row by row otherwise (a grid), a first
 * column of categories left out.
 */
function tableLines(cells: readonly DocLine[]): SkillLine[] {
  const grid = tableGrid(cells);
  const rows = [...grid.keys()].sort((a, b) => a - b);
  const columns = [...new Set(rows.flatMap((row) => [...(grid.get(row)?.keys() ?? [])]))].sort(
    (a, b) => a - b,
  );
  // A row of a skill and its level (`Python | Expert`): the skill, not a category over a level.
  const rated = (row: number) => {
    const texts = [...(grid.get(row)?.values() ?? [])];
    const [skill = [], ...levels] = texts;
    const rest = levels.flat().filter(Boolean);
    if (ruleOn(LEVEL_CELLS) && skill.length === 1 && rest.length > 0 && rest.every(isLevel)) {
      return skill;
    }
    // Pairs side by side: each skill's cell, then its level's.
    const paired = texts.every(
      (cell, column) => cell.length === 1 && isLevel(cell[0] ?? '') === (column % 2 === 1),
    );
    return ruleOn(LEVEL_PAIRS) && texts.length >= 4 && texts.length % 2 === 0 && paired
      ? texts.filter((_, column) => column % 2 === 0).flat()
      : null;
  };
  const first = grid.get(rows[0] ?? 0);
  const labels = (row: number) =>
    [...(grid.get(row)?.values() ?? [])].every(
      (texts) => texts.length === 1 && isLabelLike(texts[0] ?? ''),
    );
  // A first column of categories (`Databases | PostgreSQL`, **Design** `| Figma | Sketch`): each
  // row's cells after the first are its items.
  const byRow = ruleOn(CATEGORY_COLUMN) && rows.length >= 2 && categoryColumn(grid, rows, cells);
  // A row of one item a cell: an item may hold a digit (`HTML5`, `Office 365`), a label not.
  const items = (row: number) =>
    [...(grid.get(row)?.values() ?? [])].every(([text = '', ...more]) =>
      ruleOn(GRID_DIGITS)
        ? more.length === 0 && text !== '' && !isList(text) && wordCount(text) <= MAX_ITEM_WORDS
        : more.length === 0 && isLabelLike(text),
    );
  const ragged =
    ruleOn(RAGGED_COLUMNS) &&
    rows
      .slice(0, -1)
      .some((row) => columns.some((column) => (grid.get(row)?.get(column) ?? []).join('') === ''));
  const headed =
    !byRow &&
    ruleOn(TABLE_BY_COLUMN) &&
    rows.length >= 2 &&
    first !== undefined &&
    labels(rows[0] ?? 0) &&
    !(ruleOn(RATED_FIRST_ROW) && rated(rows[0] ?? 0)) &&
    !(
      !ragged &&
      gridAlike(cells, rows[0] ?? 0, [...first.values()].flat()) &&
      rows.slice(1).every(items)
    );
  const out: SkillLine[] = [];
  // A cell is an item or a list of its own: never the rest of the cell before it.
  const add = (texts: readonly string[] | undefined) => {
    for (const text of texts ?? []) {
      if (text !== '')
        out.push(ruleOn(BAR_LABEL) ? { text, bold: false, list: true } : { text, bold: false });
    }
  };
  // A row of a label and a comma list (`CAD | SolidWorks, Creo`), or a cell of lines (`CAD` |
  // `• SolidWorks` `• Creo`): the label is a category.
  const label = (row: number, column: number) => {
    const cells = [...(grid.get(row)?.values() ?? [])].flat();
    const own = grid.get(row)?.get(column) ?? [];
    const text = own.join(' ');
    // A cell of lines is a list of its own (`Budgeting` / `Forecasting`), unless its lines
    // together name a category (`Programming` / `Languages`, wrapped in a narrow cell).
    if (own.length > 1 && ruleOn(LINES_NO_LABEL) && !namesCategory(text)) return false;
    const lines = [...(grid.get(row)?.entries() ?? [])].some(
      ([other, texts]) => other !== column && texts.length >= 2 && ruleOn(CELL_LABEL),
    );
    // The row's first cell, or one after cells that are empty or labels too (`Technical
    // Expertise | Platforms | Gradle, Maven`, then ` | Identity Providers | Okta, Cognito`).
    const before = columns
      .filter((other) => other < column)
      .map((other) => (grid.get(row)?.get(other) ?? []).join(' '));
    // Its items after it; a heading of another section (`INTERESTS`) in such a cell is none.
    const listAfter = [...(grid.get(row)?.entries() ?? [])].some(
      ([other, texts]) => other > column && (texts.length >= 2 || texts.join(' ').includes(',')),
    );
    const first =
      column === columns[0] ||
      (ruleOn(LABEL_COLUMNS) &&
        listAfter &&
        before.every((cell) => cell === '' || isLabelLike(cell)) &&
        (headingKind(text) ?? 'skills') === 'skills');
    return (
      ruleOn(BAR_LABEL) &&
      first &&
      isLabelLike(text) &&
      (lines || cells.some((cell) => cell !== text && cell.includes(',')))
    );
  };
  if (headed) {
    for (const column of columns) for (const row of rows.slice(1)) add(grid.get(row)?.get(column));
  } else {
    for (const row of rows) {
      const skill = rated(row);
      if (skill) add(skill);
      else {
        for (const column of byRow ? columns.slice(1) : columns) {
          if (!label(row, column)) add(grid.get(row)?.get(column));
        }
      }
    }
  }
  return out;
}

/**
 * The fewest pieces parted by spaced slashes that make a list.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const SLASH_LIST_PIECES = 3;

/**
 * A list parted by spaced slashes, three pieces or more (`Teamwork / Reliability / Creativity`,
 * or a line of them cut after a slash), parted by commas as any list; two pieces stay one item
 * (`Git / GitHub`), as does a line with separators of its own.
 */
function slashesParted(text: string): string {
  const pieces = text.split(' / ');
  const cut = pieces.length === 2 && text.endsWith(' /');
  if (pieces.length < SLASH_LIST_PIECES && !cut) return text;
  if ([...text].some(isSeparator)) return text;
  return pieces.join(', ');
}

/** A dash or a colon between a label and its list: ` – `, `: `. */
const LABEL_SEPARATOR = /^(?:\s?[-–—:]\s|\s)/;

/**
 * A line whose bold opening stands before a list, with only a space or a dash between, as the
 * label it is: `**Surveying** – Hydrography, Bathymetry` is `Surveying: Hydrography, Bathymetry`.
 */
function withLeadLabel({ text, lead }: DocLine): string {
  if (lead === undefined || !ruleOn(LEAD_LABEL)) return text;
  // A bold series before a colon and a sentence (`**C#, NUnit:** Built REST back-ends …`) names
  // the skills the sentence says something of, as a dash after them would.
  const bare = lead.replace(/[*_]+/g, '').trim();
  const said = text.slice(lead.length).trim();
  if (bare.endsWith(':') && bare.includes(',') && isSaidOf(said) && ruleOn(BOLD_HEAD_OF_PROSE)) {
    return `${bare.slice(0, -1)} – ${said}`;
  }
  // A bold label that names several before its colon (`**Design, Modeling, and Fabrication:**`).
  if (/:$/.test(lead))
    return /,/.test(lead) && ruleOn(SERIES_LABEL) ? text.slice(lead.length) : text;
  const rest = text.slice(lead.length);
  const separator = LABEL_SEPARATOR.exec(rest);
  const list = rest.slice(separator?.[0].length ?? 0);
  // Its items parted by commas, or by any separator a list uses (`HTML • CSS`: lead-bullets).
  const parted =
    /[,;|]/.test(list) ||
    (ruleOn(LEAD_BULLETS) && [...list].some(isSeparator)) ||
    (list.includes(' / ') && ruleOn(LEAD_SLASHES));
  if (!separator || !/^[\p{L}\p{N}]/u.test(list) || !parted) return text;
  if (ruleOn(LEAD_PHRASE)) {
    // A phrase in bold runs on into the words after it (`**Proficient** in Java`).
    if (separator[0].trim() === '' && /^\p{Ll}/u.test(list)) return text;
    // A label that names several (`**ML, DL & Tools** — NLTK`) is no label a colon can follow.
    if (/[,;|]/.test(lead)) return list;
  }
  return `${lead}: ${list}`;
}

/** A line as the items are read from it (not as a grid's cell), with what the format says of it. */
function skillLine(doc: DocLine): SkillLine {
  const text = withLeadLabel(doc);
  return {
    text: ruleOn(SLASH_LIST) ? slashesParted(text) : text,
    bold: doc.bold === true,
    // A rating's marks (`●●●●○`) are no list item, though a reader took the first for a bullet.
    list: doc.list === true && (ITEM_CHAR.test(text) || !ruleOn(RATING_MARKS)),
    size: doc.size,
    indent: doc.indent,
    heading: doc.heading !== undefined,
    wraps: doc.wraps === true,
    breaks: doc.breaks === true,
    block: doc.block,
  };
}

/** Whether table lines all stand in one cell: a layout table's, the page's column, not a grid. */
const inOneCell = (cells: readonly DocLine[]) =>
  ruleOn(ONE_CELL_LINES) &&
  cells.every(
    ({ table }) => table?.row === cells[0]?.table?.row && table?.column === cells[0]?.table?.column,
  );

/** A template's credit at a page's foot: `Designed with ♥ by Xiaoying Riley`, `Made with Jekyll`. */
const TEMPLATE_CREDIT_LINE =
  /^(?:designed|made|built|created|crafted|powered)\s(?:with|by|using)\b/i;

/** A section's lines, each table's cells in reading order; a template's credit is none. */
function sectionLines(section: Section): SkillLine[] {
  const out: SkillLine[] = [];
  const docs = section.docs;
  for (let index = 0; index < docs.length; index++) {
    const doc = docs[index] as DocLine;
    if (ruleOn(TEMPLATE_CREDIT) && TEMPLATE_CREDIT_LINE.test(doc.text)) continue;
    if (!doc.table) {
      out.push(skillLine(doc));
      continue;
    }
    let end = index;
    while (docs[end + 1]?.table?.table === doc.table.table) end++;
    const cells = docs.slice(index, end + 1);
    if (cells.length > 1 && inOneCell(cells)) out.push(...cells.map(skillLine));
    else out.push(...tableLines(cells).map((line) => ({ ...line, cell: true })));
    index = end;
  }
  return out;
}

/** A list line at least this long may have wrapped: a sidebar's short lines never join. */
const WRAP_LENGTH = 60;

/**
 * The lines of a skills section with each list wrapped over several lines joined; a line that
 * opens a list item of its own is a list of its own.
 */
function joinedLists(lines: readonly SkillLine[]): SkillLine[] {
  const out: SkillLine[] = [];
  for (const line of sentencesJoined(lines)) {
    const last = out.at(-1);
    if (!last) {
      out.push(line);
      continue;
    }
    // A list wraps inside its block: space above the line parts it from the last (block-apart).
    const apart =
      last.block !== undefined && line.block !== last.block && !last.wraps && ruleOn(BLOCK_APART);
    const wrapped =
      !apart &&
      last.text.length >= WRAP_LENGTH &&
      /,/.test(last.text) &&
      /,/.test(line.text) &&
      !CATEGORY.test(line.text) &&
      !(BAR_LABEL_OPENING.test(line.text) && ruleOn(BAR_LABEL_NOT_WRAP)) &&
      !/[,;.]$/.test(last.text) &&
      !(/\)$/.test(last.text) && ruleOn(CLOSED_ITEM)) &&
      !(line.list && ruleOn(LIST_ITEMS_APART)) &&
      !(PROFICIENCY.test(line.text) && ruleOn(LEVEL_OPENS_LIST));
    if (
      !last.breaks &&
      (wrapped ||
        runsOn(last, line) ||
        endsOpen(last, line) ||
        continuesProse(last, line) ||
        continuesItem(last, line) ||
        cutInsideItem(out.at(-2), last, line))
    ) {
      out[out.length - 1] = {
        ...last,
        text: `${last.text} ${line.text}`,
        wraps: line.wraps,
        breaks: line.breaks,
      };
    } else out.push(line);
  }
  return out;
}

/** A line that may hold part of a wrapped sentence: no list item, cell or list. */
const plainText = (line: SkillLine) => !line.list && !line.cell && !isList(line.text);
/** A sentence wraps over at most this many lines: the search for its end stays short. */
const MAX_SENTENCE_LINES = 8;
/** The end of a sentence, and what a line inside one does not end with. */
const SENTENCE_END = /[.!?]$/;

/**
 * The lines with each sentence wrapped over short lines joined (a narrow column's prose: `Proven
 * ability to lead and` / `manage a wide variety of` / `projects.`): a run of two lines or more,
 * no list in any, that ends with a full stop and no sooner, a line after the first opening with
 * a word in lower case. A list of one item a line has no such stop.
 */
function sentencesJoined(lines: readonly SkillLine[]): SkillLine[] {
  if (!ruleOn(WRAPPED_SENTENCE)) return [...lines];
  const out: SkillLine[] = [];
  for (let at = 0; at < lines.length; at++) {
    const first = lines[at] as SkillLine;
    let end = at;
    // Set alike: a term set apart over its definition (`Web Design`, larger) is none of it.
    const alike = (line: SkillLine | undefined) =>
      line !== undefined &&
      plainText(line) &&
      line.bold === first.bold &&
      Math.abs((line.size ?? 1) - (first.size ?? 1)) < SIZE_TOLERANCE;
    while (
      end - at < MAX_SENTENCE_LINES &&
      alike(lines[end]) &&
      !/[.!?:;,]$/.test(lines[end]?.text ?? '') &&
      alike(lines[end + 1])
    ) {
      end++;
    }
    const run = lines.slice(at, end + 1);
    const wrapped =
      run.length >= 2 &&
      SENTENCE_END.test(run.at(-1)?.text ?? '') &&
      run.slice(1).some((line) => /^\p{Ll}/u.test(line.text));
    if (!wrapped) {
      out.push(first);
      continue;
    }
    const text = run.map((line) => line.text).join(' ');
    out.push({ ...first, text, wraps: run.at(-1)?.wraps });
    at = end;
  }
  return out;
}

/**
 * A list line that ran to its column's edge with no separator at its end, the next line no list
 * item, cell, category or bold label of its own: the item at its end goes on there (`Power BI, data` /
 * `analytics, Excel`), whatever the case of either word.
 */
function runsOn(last: SkillLine, line: SkillLine): boolean {
  if (!ruleOn(FULL_LINE_ITEM) || !last.wraps || line.list || line.cell) return false;
  // A label set in bold under a plain list is the next list's (`Git, GitHub Actions` / **Cloud**).
  if (line.bold && !last.bold) return false;
  const end = last.text.trimEnd();
  // A category's label before the list is none of it (`AI & Tools: Claude, LLM` / `API …`).
  const list = ruleOn(LABEL_RUNS_ON) ? end.replace(CATEGORY, '') : end;
  // Commas run on as prose does; a row of bars or bullets is set row by row (`Git | Dash`).
  const commas =
    list.includes(',') && [...list].every((char) => char === ',' || !isSeparator(char));
  const closed = end.endsWith(')') && ruleOn(CLOSED_ITEM);
  if (!commas || isSeparator(end.at(-1)) || closed || CATEGORY.test(line.text)) return false;
  // Prose that wraps is read as prose (continuesProse), not as a list.
  return !holdsProse(list);
}

/**
 * Words that join others, in English and Spanish, and that no item ends with: a line that ends
 * with one has wrapped. Only in lower case, so that a skill such as `C` or `R` is not one.
 */
const JOINING_WORDS = new Set(
  'and or of in with for to the on at by from & y e o u de del en con para por la el los las al'.split(
    ' ',
  ),
);

/**
 * A line that ends with a joining word, the line after it neither a list item of its own nor a
 * category's: the item goes on there (`Conocimiento de herramientas y` / `tecnologías`).
 */
function endsOpen(last: SkillLine, line: SkillLine): boolean {
  if (!ruleOn(OPEN_ENDING) || line.list || line.cell || CATEGORY.test(line.text)) return false;
  const words = last.text.trimEnd().split(/\s+/);
  return words.length >= 2 && JOINING_WORDS.has(words.at(-1) ?? '');
}

/** A piece's words, its parentheses and a level before it aside (`Basic knowledge of`). */
const itemWords = (piece: string) =>
  spanishWords(piece.replace(PARENTHESES, '').trim().replace(PROFICIENCY, ''));
/**
 * An item's words, Spanish `de` and `del` between two of them aside: Spanish joins with them the
 * words English sets side by side (`Gestor de base de datos`, a database manager).
 */
const spanishWords = (text: string) =>
  wordCount(text) - (ruleOn(SPANISH_DE) ? (text.match(SPANISH_JOINS)?.length ?? 0) : 0);
const SPANISH_JOINS = / del? (?=\S)/g;

/** A piece of the line runs longer than an item (or than `words`): it holds prose. */
const holdsProse = (line: string, words = MAX_ITEM_WORDS) =>
  piecesOf(line).some((piece) => itemWords(piece) > words);

/** Pieces of a list most of which are items: at least this many, less than a quarter long. */
const LIST_PIECES = 5;

/**
 * A list with a long item or two among many short ones, a stop at its end (`Socket.io, GraphQL,
 * CSS, material-ui design with javascript and react.`): a list, not a sentence.
 */
function mostlyItems(line: string): boolean {
  const pieces = piecesOf(line).filter((piece) => piece.trim() !== '');
  const long = pieces.filter((piece) => itemWords(piece) > MAX_ITEM_WORDS).length;
  return pieces.length >= LIST_PIECES && long * 4 < pieces.length && ruleOn(LONG_ITEM_IN_LIST);
}

/** A piece's first word in capitals' case: `Quick`, `MS`, `iOS`; not `learning`, `npm`. */
const capitalised = (piece: string) => !/^\p{Ll}+\b/u.test(piece.trim());

/**
 * Whether `last` was cut inside an item (separator-ends-item): the line before it ends with a
 * separator, which `last` and `line` hold too, and `last` ends with none; `line` is no list item,
 * cell or category of its own.
 */
function cutInsideItem(before: SkillLine | undefined, last: SkillLine, line: SkillLine): boolean {
  if (!before || line.list || line.cell || last.cell || !ruleOn(SEPARATOR_ENDS_ITEM)) return false;
  const mark = before.text.trimEnd().at(-1);
  const end = last.text.trimEnd();
  // A comma or a semicolon ends a line of prose as often (full-line-item reads those).
  return (
    isSeparator(mark) &&
    mark !== ',' &&
    mark !== ';' &&
    end.includes(mark as string) &&
    line.text.includes(mark as string) &&
    !isSeparator(end.at(-1)) &&
    !end.endsWith(')') &&
    !CATEGORY.test(line.text)
  );
}

/**
 * A line that goes on with the item the line before was cut in: that line is a list no
 * separator ends, this one opens with a word in lower case, and every other piece of both
 * starts with a capital (`MS Office Suite, Quick` / `learning, Collaborative,`): in a list
 * written so, a piece in lower case is the rest of an item, while one of a list in lower case
 * (`Node.js, Express` / `npm, yarn`) is an item.
 */
function continuesItem(last: SkillLine, line: SkillLine): boolean {
  const ended = isSeparator(last.text.at(-1));
  if (line.list || !ruleOn(ITEM_WRAPS) || !isList(last.text) || ended) return false;
  if (LABEL_OPENING.test(line.text) && ruleOn(LABEL_NOT_WRAP)) return false;
  const [first = '', ...rest] = piecesOf(line.text).filter((piece) => piece.trim() !== '');
  const others = [...piecesOf(last.text), ...rest].filter((piece) => piece.trim() !== '');
  return !capitalised(first) && others.every(capitalised);
}

/**
 * A line that goes on with the sentence before it: it starts in lower case, opens no list item,
 * and the line before holds prose that no stop or colon ends (`Python: Using it daily for data` /
 * `exploration and model training.`).
 */
function continuesProse(last: SkillLine, line: SkillLine): boolean {
  if (line.list || !ruleOn(PROSE_CONTINUES) || !/^\p{Ll}/u.test(line.text)) return false;
  return !/[.!?:]$/.test(last.text) && holdsProse(last.text);
}

/**
 * A line that reads as prose, not a list: a piece of it runs twice as long as an item has words
 * (`Designed, wrote and tested an assembler in Python from scratch`); or a sentence: it ends with
 * a full stop and a piece of it runs to more words than an item has (`Also proficient in
 * Photoshop, grew up bilingual.`).
 */
function isSentence(line: string): boolean {
  if (ruleOn(PROSE_NOT_ITEMS) && holdsProse(line, 2 * MAX_ITEM_WORDS)) return true;
  if (!ruleOn(SENTENCE_NOT_ITEMS) || !/[.!?]$/.test(line)) return false;
  return holdsProse(line) && !mostlyItems(line);
}

/** The plural nouns a category's label ends with: `Tools & Libraries`, `Tech Stack`. */
const LABEL_ENDS = new Set(
  'languages frameworks tools libraries technologies databases platforms stack environments interests'.split(
    ' ',
  ),
);

/**
 * A list line without the category label run into its first item, where nothing but a space
 * parts them (`Languages English | French`, `Tools & Libraries Linux, Git`): a few capitalised
 * words ending with a category's plural noun. Null where the label names another section
 * (`Personal Interests Swimming | Cooking`), `Languages` aside: the line gives no item.
 */
function withoutGluedLabel(line: string): string | null {
  // A list only inside parentheses is one item's (`Full Stack Development (HTML, CSS)`).
  const bare = line.replace(/\([^()]{0,500}\)/g, '');
  if (!ruleOn(GLUED_LABEL) || CATEGORY.test(line) || !isList(bare)) return line;
  const words = line.split(' ');
  for (let end = Math.min(3, words.length - 2); end >= 0; end--) {
    const last = (words[end] ?? '').toLowerCase();
    const label = words.slice(0, end + 1);
    const capitalised = label.every(
      (word) => /^\p{Lu}/u.test(word) || word === '&' || word === 'and',
    );
    // The first item follows at once: a dash after the label is a run-in head's (`Tools - Git`).
    const first = /^[\p{L}\p{N}]/u.test(words[end + 1] ?? '');
    if (!LABEL_ENDS.has(last) || !capitalised || !first || /[,;|•]/.test(label.join(' '))) continue;
    // `Languages` names a section of its own, or programming languages in a skills one.
    const named = label.join(' ');
    const kind = last === 'languages' ? null : headingKind(named);
    const other = (kind !== null && kind !== 'skills') || namesInterests(named);
    return other ? null : words.slice(end + 1).join(' ');
  }
  return line;
}

/** `Awards: 1st prize`, `Interests: chess`: a category that names a section of no skills. */
function isOtherCategory(line: string): boolean {
  const category = CATEGORY.exec(line)?.[0].trim();
  if (!category || !ruleOn(OTHER_CATEGORY) || CATEGORY_WORDS.test(category)) return false;
  const kind = headingKind(category);
  if ((kind !== null && kind !== 'skills') || namesInterests(category)) return true;
  const last = lastWord(category);
  return last !== 'languages' && headingKind(last) === 'other' && ruleOn(OTHER_CATEGORY_WORD);
}

/** A label alone on its line, outside any table or list: a few words, no separator. */
const isPlainLabel = (line: SkillLine) =>
  !line.cell && !line.list && !isList(line.text) && wordCount(line.text) <= MAX_LABEL_WORDS;
/**
 * The most words such a label has: `Content Familiarity`, `Tools and Platforms`.
 * @internal docs-autofill.test.ts holds docs/autofill.md to it.
 */
export const MAX_LABEL_WORDS = 3;

/** Labels of lists that are no skills, alone on their line: what follows them is left out. */
const NOT_SKILL_LISTS = new Set(
  'volunteering volunteer interests hobbies awards honors honours activities publications references'.split(
    ' ',
  ),
);

/**
 * A label of its own line over a list that holds no skills: one that names interests
 * (`Interested In:`), or `Volunteering` and its like inside a skills section.
 */
const opensOtherList = (text: string) =>
  (text.endsWith(':') && namesInterests(text)) ||
  (ruleOn(OTHER_LIST_LABEL) && NOT_SKILL_LISTS.has(text.toLowerCase().replace(/:$/, '')));

/** `Interested In:`, `Hobbies & Interests:`: what the candidate likes, not what they can do. */
const namesInterests = (category: string) =>
  ruleOn(INTEREST_CATEGORY) && /\b(?:interest(?:s|ed)?|hobb(?:y|ies)|intereses)\b/i.test(category);

/** A full stop at `at` that ends a sentence inside a list: `Git. Familiar with Kotlin`. */
const stopsPiece = (line: string, at: number) =>
  line[at] === '.' &&
  line[at + 1] === ' ' &&
  /\p{Lu}/u.test(line[at + 2] ?? '') &&
  ruleOn(FULL_STOP_PARTS) &&
  !(ruleOn(ABBREVIATION_STOP) && ABBREVIATION.test(line.slice(Math.max(0, at - 8), at)));

/** A word cut short before its full stop: `Misc. Skills`, `Tech. Stack`, `Mgmt. Tools`. */
const ABBREVIATION = /(?:^|[\s,;(])(?:misc|tech|mgmt|dev|prog|admin|dept|eng|approx|incl)$/i;

/** The pieces of a line between separators, a separator inside parentheses kept: `AWS (EC2, S3)`. */
function piecesOf(line: string): string[] {
  if (!ruleOn(KEEP_NOTES)) return splitItems(line.replace(PARENTHESES, ''));
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < line.length; at++) {
    const char = line[at] ?? '';
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (isSeparator(char) || stopsPiece(line, at))) {
      pieces.push(line.slice(start, at));
      start = at + 1;
    }
  }
  // A parenthesis left open: the line is split as if it had none.
  if (depth > 0) return splitItems(line);
  pieces.push(line.slice(start));
  return pieces;
}

/** A language test whose score gives a level: `English (TOEFL 105)`, `Inglés (IELTS 7.5)`. */
const LANGUAGE_TEST = /^(?:toefl|ielts|toeic|dele|delf|dalf|hsk|jlpt|cambridge|duolingo)$/i;

/** An item without the notes in parentheses that give a level or no words: `Python (advanced)`, `(18/24)`. */
function withoutLevels(item: string): string {
  return item
    .replace(PARENTHESES, (note) => {
      const first = note.slice(1).split(/[\s),/-]/)[0] ?? '';
      const cefr = CEFR.test(first) && ruleOn(CEFR_LEVEL);
      const test = LANGUAGE_TEST.test(first) && ruleOn(TEST_SCORE_LEVEL);
      // How long, or a level named as such: `(5 years)`, `(Level: Intermediate)`.
      const level =
        ruleOn(SKILL_LEVEL) && (DURATION.test(note) || isLevel(note.slice(1, -1).trim()));
      const bounded = BOUNDED_DURATION.test(note) && ruleOn(DURATION_BOUND);
      return isLevel(first) || cefr || test || level || bounded || !/\p{L}/u.test(note)
        ? ' '
        : note;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name, a colon and what follows: `Inglés: avanzado`, `C++: Expert`. */
const SKILL_COLON = /^(\p{L}[\p{L}\p{N} &/+#.-]{0,40}):\s?(.{1,40})$/u;

/** How long a skill was used, in parentheses: `(5 years)`, `(2+ yrs)`, `(6 months)`, `(3 años)`. */
const DURATION = /^\(\s?\d{1,2}\+? ?(?:years?|yrs?|months?|mos?|años?|meses)\b[^()]*\)$/i;
/**
 * The same with a bound before it, as a job site's profile writes each skill's years: `(Less
 * than 1 year)`, `(More than 10 years)`, `(Over 5 years)`, `(Menos de 1 año)` (duration-bound).
 */
const BOUNDED_DURATION =
  /^\((?:less than|more than|over|under|about|menos de|más de) \d{1,2}\+? ?(?:years?|yrs?|months?|años?|meses)\)$/i;

/** One capitalised word ending as an adjective does: `Analytical`, `Verbal`, `Supervised`. */
const ADJECTIVE = /^\p{Lu}\p{Ll}{2,}(?:al|ic|ive|ous|ed)$/u;

/** Whether a piece closes every parenthesis it opens. */
const balanced = (text: string) => text.split('(').length === text.split(')').length;

/**
 * The two skills of `both … and …` (`both SQL (PostgreSQL) and NoSQL (DynamoDB)`), each with
 * its note, or null for any other item.
 */
function bothParts(item: string): string[] | null {
  if (!/^both\s/i.test(item) || !ruleOn(BOTH_AND)) return null;
  const parts = item
    .slice(5)
    .split(' and ')
    .map((part) => trimEdges(part, '', '. '));
  return parts.length === 2 && parts.every((part) => part !== '' && balanced(part)) ? parts : null;
}

/** A noun of a field or an activity by its ending: `Planning`, `Production`, `Management`. */
const FIELD_NOUN = /\p{L}{2}(?:ing|tion|sion|ment|ance|ence|ity|ness)$/iu;

/**
 * `Windows and Mac OS` as two items, and `Jenkins and macOS`, `Pascal and common Lisp` (a name
 * with a capital inside); `Research and development` stays one, and so does an adjective that
 * shares the capitalised words after `and` (`Verbal and Written Communication`).
 */
function splitAnd(item: string): string[] {
  const parts = item.split(' and ');
  const [first = '', second = ''] = parts;
  if (ADJECTIVE.test(first) && /^\p{Lu}\S* \p{Lu}/u.test(second) && ruleOn(SHARED_NOUN)) {
    return [item];
  }
  // Fields of work (`Planning and Organization`, `Audio and Video Production`) are one skill.
  const field = parts.some((part) => FIELD_NOUN.test(part.split(' ').at(-1) ?? ''));
  if (field && ruleOn(AND_FIELDS)) return [item];
  // The name after `and` may start in lower case with a capital inside: `macOS`, `common Lisp`.
  const named = (part: string, index: number) =>
    /^\p{Lu}/u.test(part) || (index === 1 && /\p{Lu}/u.test(part) && ruleOn(AND_NAMES));
  const short = (part: string, index: number) => named(part, index) && part.split(' ').length <= 3;
  return parts.length === 2 && parts.every(short) ? parts : [item];
}

/**
 * A line without the label before its bar, where a comma list follows it (`CAD | SolidWorks,
 * Creo`): the label is a category, as it is before a colon.
 */
function withoutBarLabel(line: string): string {
  const bar = line.indexOf(' | ');
  if (bar < 0 || !ruleOn(BAR_LABEL)) return line;
  const rest = line.slice(bar + 3);
  // One bar only: a list parted by bars (`Python | IoT | GUI Design,`) has no label.
  const list = rest.includes(',') && !rest.includes(' | ');
  const labelled = LABEL_OPENING.test(rest) && ruleOn(LABELLED_BEFORE_BAR);
  return isLabelLike(line.slice(0, bar)) && list && !labelled ? rest : line;
}

/**
 * The list in an item's parentheses when the words before them name a category of skills
 * (`Programming (Python, SQL)`, `Databases (MySQL, Redis)`); null for a skill's own parts (`AWS
 * (EC2, S3)`) or a note.
 */
function categoryList(item: string, row = false): string | null {
  const open = item.indexOf('(');
  if (!ruleOn(CATEGORY_PARENTHESES) || open < 1 || !item.endsWith(')')) return null;
  const inside = item.slice(open + 1, -1);
  return (row || CATEGORY_WORDS.test(item.slice(0, open))) && isList(inside) ? inside : null;
}

/**
 * A row of categories: two pieces or more, each a label with a list in parentheses (`ML
 * (Tensorflow, Pytorch) ⬩ Version control (git, github)`), so each label is a category whatever
 * its words; one such piece alone may be a skill and its parts (`AWS (EC2, S3)`).
 */
function isCategoryRow(pieces: readonly string[]): boolean {
  const items = pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
  return (
    items.length >= 2 &&
    ruleOn(CATEGORY_ROW) &&
    items.every((piece) => categoryList(piece.replace(BULLET, ''), true) !== null)
  );
}

/** A level in parentheses that ends a piece's label: `Typescript (familiar)`, `(proficient)`. */
const LABEL_LEVEL = /\(([^()]{1,30})\)$/;

/**
 * A piece of a list that opens with a label of its own after a separator (mid-line-category):
 * `Familiar: Go` in `Proficient: Python; Familiar: Go`, `Tools: Git` after `Go;`, `(familiar):
 * Python` after a level's label: the label is none of the items; a skill before a level's
 * label in parentheses stays one (`Typescript (familiar): Python` gives both). A skill and its
 * level after a colon (`Inglés: avanzado`) gives the skill.
 */
function afterLabel(piece: string): string[] {
  const colon = piece.indexOf(': ');
  if (colon < 0 || !ruleOn(MID_LINE_CATEGORY)) return [piece];
  const head = piece.slice(0, colon).trim();
  const rest = piece.slice(colon + 2).trim();
  if (rest === '' || head === '') return [piece];
  // A skill and its level: `Inglés: avanzado` after `Español: nativo,`.
  if (isLevel(rest)) return [SKILL_COLON.exec(piece.trim())?.[1] ?? piece];
  const note = LABEL_LEVEL.exec(head);
  if (note && isLevel((note[1] ?? '').trim())) {
    const before = head.slice(0, note.index).trim();
    return before === '' || CATEGORY_WORDS.test(before) ? [rest] : [before, rest];
  }
  const label =
    wordCount(head) <= MAX_LABEL_WORDS &&
    /^\p{L}(?:[\p{L} &/-]|\.(?= ))*$/u.test(head) &&
    (CATEGORY_WORDS.test(head) || isLevel(head) || LEVEL_LABEL.test(head));
  return label ? [rest] : [piece];
}

/**
 * A category label that names a series before its colon, its last after `and` or `&`: `Design,
 * Modeling, and Fabrication: `, `Cloud, DevOps & CI/CD: `.
 */
const SERIES =
  /^\p{L}[\p{L} /-]{0,30}(?:, \p{L}[\p{L} /-]{0,30}){0,3},? (?:and|&) \p{L}[\p{L} /-]{0,30}:\s+/u;

/** An author as a citation sets one: a surname of up to three words, one or two initials. */
const AUTHOR = /^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,2} \p{Lu}{1,2}\.?$/u;
/** The fewest names of an author list; three in four of a line's pieces are set as authors. */
const AUTHORS = 4;

function isAuthorList(line: string): boolean {
  if (!ruleOn(AUTHOR_LIST)) return false;
  const pieces = line
    .split(',')
    .map((piece) => piece.trim().replace(/^(?:and|&) /, ''))
    .filter(Boolean);
  const authors = pieces.filter((piece) => AUTHOR.test(piece)).length;
  return authors >= AUTHORS && authors * 4 >= pieces.length * 3;
}

/** A label naming how well: `Working knowledge`, `Exposure`, `Familiar with`. */
const LEVEL_LABEL =
  /^(?:working knowledge|knowledge|exposure|familiar with|proficient (?:in|with))$/i;

function itemsOf(line: string): string[] {
  // A skill and its level after a colon (`Python: Advanced`, `Inglés: nivel alto`): the skill.
  const [, skill = '', level = ''] = SKILL_COLON.exec(line) ?? [];
  if (ruleOn(SKILL_LEVEL) && isLevel(level.trim()) && !CATEGORY_WORDS.test(skill)) return [skill];
  const unlabelled = ruleOn(SERIES_LABEL) ? line.replace(SERIES, '') : line;
  const pieces = piecesOf(withoutBarLabel(unlabelled.replace(CATEGORY, ''))).flatMap(afterLabel);
  const row = isCategoryRow(pieces);
  return pieces.flatMap((raw): string[] => {
    const list = categoryList(raw.trim().replace(BULLET, ''), row);
    if (list !== null) return itemsOf(list);
    const scored = raw.trim().replace(BULLET, '');
    // Not a figure a sentence ends with (`Increased sales by 20%`): the skill ends no joining word.
    const unscored = scored.replace(TRAILING_SCORE, '');
    const joined = JOINING_WORDS.has(lastWord(unscored));
    const bare = ruleOn(FIGURE_LEVEL) && !joined ? unscored : scored;
    const leveled = withoutLevelWords(
      withoutLearning(withoutLevels(bare).replace(PROFICIENCY, '')).replace(/^(?:and|&)\s/i, ''),
    );
    const item = ruleOn(ETC_AFTER_ITEM) ? leveled.replace(ETC_AFTER, '') : leveled;
    const both = bothParts(item);
    if (both) return both;
    return /\(/.test(item) ? [trimEdges(item, '', '. ')] : splitAnd(trimEdges(item, '', '. '));
  });
}

/** Whether an item reads as a skill: a few words (its parentheses aside), no date, no figure alone. */
function isSkill(item: string): boolean {
  const bare = item.replace(PARENTHESES, '').trim();
  const notes = item.length - bare.length;
  if (notes > 0 && (!ruleOn(KEEP_NOTES) || /[()]/.test(bare) || item.length > 120)) return false;
  if (!SKILL_SHAPE.test(bare) || spanishWords(bare) > MAX_ITEM_WORDS || DATE_LIKE.test(bare)) {
    return false;
  }
  const address = WEB_ADDRESS.test(bare) || STREET.test(bare) || STATE_ZIP.test(bare);
  if (address && ruleOn(ADDRESS_NOT_SKILL)) return false;
  if (ruleOn(ETC_NOT_SKILL) && AND_SO_ON.test(bare)) return false;
  if (IDENTIFIER.test(bare) && ruleOn(CODE_NOT_SKILL)) return false;
  return !isLevel(bare) && !/^[\d\s.,/+-]+$/.test(bare) && !/[()]/.test(bare);
}

/**
 * A registration's or a certificate's number: one word of capitals and figures, seven figures at
 * least (`2021SR0564382`, `COMP001022241841`); `ISO27001`, `EC2` and `H264` have fewer.
 */
const IDENTIFIER = /^(?=(?:[A-Z-]*\d){7})[A-Z\d-]{7,40}$/;

/** `etc.` after an item's words, a space before it: `Ubuntu system etc.` */
const ETC_AFTER = /(?<=\S) etc\.?$/i;

/** Words that end a list without naming a skill: `etc.`, `and more`, `entre otros`. */
const AND_SO_ON =
  /^(?:(?:and |y )?(?:etc(?:\.|étera)?|more|others|many more|más|otros)|among others|entre otros|…|\.\.\.)\.?$/i;

/** A site's address: `syber-space.com`, `www.acme.org` (not `Node.js`, `ASP.NET`, `Socket.io`). */
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)|^[\w-]+(?:\.[\w-]+)*\.(?:com|org|edu|gov|net)$/;
/** A state and a ZIP code, a postal address's end: `NM 87571`. */
const STATE_ZIP = /^[A-Z]{2} \d{5}(?:-\d{4})?$/;
/** A street address: a number, a name, a street's kind, and the rest (`1285 Thompson St. - Taos`). */
const STREET =
  /^\d{1,6} (?:[A-Z][a-z]+ ){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Dr|Drive|Ln|Lane|Way|Ct|Pl)(?![A-Za-z])/;

/** A spaced dash between a skill and what it was used for: `Java - Spring/EE`. */
const RUN_IN_DASH = / [-–—] /;

/** Years of use opening a run-in head's text: `10+ years`, `4 yrs`, `3 años`. */
const YEARS_OPENING = /^\s?\d{1,2}\+? ?(?:years?|yrs?|años?)\s/i;

/**
 * The head of a run-in line, when the line names skills before what it says of them: `Swift -
 * iOS apps`, `SQL, Machine Learning: Familiar with database concepts.`; null when it is a list
 * (`Languages: Go, Rust`), a category (`Tools - Git, Maven`) or another section's (`Awards: …`).
 * A colon's head counts only before a sentence: its first piece runs longer than an item.
 */
function runInHead(line: string): string | null {
  if (!ruleOn(RUN_IN_HEAD)) return null;
  const text = line.replace(BULLET, '');
  const dash = RUN_IN_DASH.exec(text);
  const colon = text.indexOf(':');
  let head: string | null = null;
  if (dash && (colon === -1 || dash.index < colon)) head = text.slice(0, dash.index);
  else if (colon > 0) {
    const rest = text.slice(colon + 1);
    const [first = ''] = piecesOf(rest);
    // A sentence has words wholly in lower case; a run of names (`Node.js jQuery LAMP`) none.
    const prose = !ruleOn(RUN_IN_PROSE) || LOWER_WORD.test(rest);
    // Years of using it open what is said of it: `Python: 10+ years experience building …`.
    const years = YEARS_OPENING.test(rest) && ruleOn(RUN_IN_YEARS);
    if ((itemWords(first) > MAX_ITEM_WORDS && prose) || years) head = text.slice(0, colon);
  }
  if (head === null || CATEGORY_WORDS.test(head) || headingKind(head) !== null) return null;
  const items = itemsOf(head);
  return items.length > 0 && items.every(isSkill) ? head : null;
}

/**
 * A term whose definition under it is prose, not a list (`Python` / `+5 years of experience
 * with …`, `Java` / `Several university projects.`): the term is the skill. A category's name
 * (`Languages`, `Databases` / `Redis, MySQL`) is none.
 */
function isTermOfProse(term: string, definition: SkillLine | undefined): boolean {
  if (
    !definition ||
    !ruleOn(TERM_OF_PROSE) ||
    definition.bold ||
    definition.list ||
    CATEGORY.test(definition.text)
  ) {
    return false;
  }
  if (CATEGORY_WORDS.test(term) || headingKind(term) !== null || opensOtherList(term)) return false;
  return isProse(definition.text) && (readsAsSentence(definition.text) || !ruleOn(NAMES_NOT_PROSE));
}

/** A word: what a sentence's share of words in lower case is counted over. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.+#-]*/gu;
/** At least this share of a sentence's words are wholly in lower case; a run of names has fewer. */
const LOWER_SHARE = 1 / 3;

/** A line's piece of the most words, the first of them where two tie. */
const longestPiece = (text: string) =>
  piecesOf(text).reduce((a, b) => (itemWords(b) > itemWords(a) ? b : a), '');

/**
 * Text that reads as a sentence: it ends with a stop, or its longest piece has a third of its
 * words or more in lower case (`+5 years of backend work`), as a run of product names
 * (`Echo Sounder SBE 19 & MB2 Array`) has not.
 */
function readsAsSentence(text: string): boolean {
  if (/[.!?]$/.test(text)) return true;
  const longest = longestPiece(text);
  const words = longest.match(WORD) ?? [];
  const lower = words.filter((word) => /^\p{Ll}{2,}$/u.test(word)).length;
  return words.length > 0 && lower >= words.length * LOWER_SHARE;
}

/**
 * What a head says of itself: a sentence whose longest piece runs longer than an item
 * (`Analyzed, suggested and implemented I18N fixes to …`), as a list's pieces do not.
 */
function isSaidOf(text: string): boolean {
  const longest = longestPiece(text);
  return itemWords(longest) > MAX_ITEM_WORDS && readsAsSentence(longest);
}

/** A word wholly in lower case, as a sentence has and a run of names (`Node.js jQuery`) has not. */
const LOWER_WORD = /(?:^|\s)\p{Ll}{2,}(?=[\s.,;:!?]|$)/u;

/**
 * Prose, not a list: a piece longer than an item among few, or a sentence with no list in it
 * that ends with a stop and has a word wholly in lower case (`Several university projects.`).
 */
const isProse = (text: string) =>
  (holdsProse(text) && !mostlyItems(text)) ||
  (!isList(text) && /[.!?]$/.test(text) && LOWER_WORD.test(text));

/**
 * A short line of words over a list indented under it (`Databases` / `  Redis, MySQL`): its
 * label; so is one over single items indented under it, a list's level over the next level's
 * items (`• Programming` / `  ◦ Python` / `  ◦ Java`).
 */
function isIndentedLabel(line: SkillLine, next: SkillLine | undefined): boolean {
  if (!next || !ruleOn(INDENTED_LABEL) || (next.indent ?? 0) <= (line.indent ?? 0)) return false;
  if (
    ruleOn(LEVELLED_NOT_LABEL) &&
    /\(/.test(line.text) &&
    withoutLevels(line.text) !== line.text
  ) {
    return false;
  }
  if (isList(next.text)) {
    return !line.list && !isList(line.text) && wordCount(line.text) <= MAX_ITEM_WORDS;
  }
  // Not a term over its definition in prose (`* Web Design` / `  : Streamlines …`).
  const item = wordCount(next.text) <= MAX_ITEM_WORDS && !/[.!?]$/.test(next.text);
  return ruleOn(DEEPER_LABEL) && !line.cell && !next.cell && item && isLabelLike(line.text);
}

/**
 * A short line of words that is no list item, over list items, where the line before is one
 * too or none is (`Programming` / `• Python` / `• Java` / `Interpersonal` / `• Teamwork`): the
 * label of the items under it. A table's cells are no list items of a paragraph's.
 */
function isListLabel(lines: readonly SkillLine[], index: number): boolean {
  const [before, line, next] = [lines[index - 1], lines[index], lines[index + 1]];
  if (!line || !next || !ruleOn(LIST_LABEL) || line.list || line.cell) return false;
  const item = (other: SkillLine) => other.list === true && other.cell !== true;
  return item(next) && (before === undefined || item(before)) && isLabelLike(line.text);
}

/**
 * A short line of words over a list line, where labels and lists take turns, two pairs at least
 * (`Laboratory` / `Cell culture, qPCR` / `Computational` / `Python, R`: a table's label column
 * read beside its lists, or labels set above them): the label of the list under it.
 */
function isLabelOverList(lines: readonly SkillLine[], index: number): boolean {
  if (!ruleOn(LABELS_OVER_LISTS)) return false;
  const pairAt = (at: number) => {
    const [label, list] = [lines[at], lines[at + 1]];
    if (!label || !list || label.list || label.cell || list.cell) return false;
    return isLabelLike(label.text) && isList(list.text) && !CATEGORY.test(list.text);
  };
  return pairAt(index) && (pairAt(index + 2) || pairAt(index - 2));
}

/** A short bold line among plain ones, no list in it: a category's label, as `Programming`. */
function isBoldLabel(line: SkillLine, plainBeside: boolean): boolean {
  if (!line.bold || !ruleOn(BOLD_LABEL) || isList(line.text)) return false;
  return wordCount(line.text) <= MAX_ITEM_WORDS && plainBeside;
}

/** A line the format sets as a heading inside a skills section, no list in it: `### Languages`. */
const isHeadingLabel = (line: SkillLine) =>
  line.heading === true && !isList(line.text) && ruleOn(HEADING_LABEL);

/** Sizes closer than this are one size. */
const SIZE_TOLERANCE = 0.05;

/**
 * The size most of the lines are set in, where the format says; on a tie, the size of the
 * longer text (five lists under five labels set larger are the body, not the labels).
 */
function commonSize(lines: readonly SkillLine[]): number | undefined {
  const counts = new Map<number, { lines: number; chars: number }>();
  for (const { size, text } of lines) {
    if (size === undefined) continue;
    const count = counts.get(size) ?? { lines: 0, chars: 0 };
    counts.set(size, { lines: count.lines + 1, chars: count.chars + text.length });
  }
  let best: number | undefined;
  let most = { lines: 0, chars: 0 };
  for (const [size, count] of counts) {
    const tie = count.lines === most.lines;
    if (count.lines > most.lines || (tie && count.chars > most.chars && ruleOn(LONGER_BODY))) {
      best = size;
      most = count;
    }
  }
  return best;
}

/** A short line, no list in it, set at another size than most of the section (`Computer` beside its list). */
function isSizedLabel(line: SkillLine, common: number | undefined): boolean {
  if (common === undefined || line.size === undefined || !ruleOn(LABEL_BY_SIZE)) return false;
  if (isList(line.text) || wordCount(line.text) > MAX_ITEM_WORDS) return false;
  return Math.abs(line.size - common) >= SIZE_TOLERANCE;
}

/** Labels parted by bars before a colon, a category's words each: `Languages | Libraries:`. */
const BARRED_LABEL = /^\p{Lu}[\p{L} &/-]{0,30}(?: \| \p{Lu}[\p{L} &/-]{0,30}){1,4}:\s/u;

/**
 * A list line without the category before its spaced dash (`Cloud Platforms – AWS, GCP`, `ML,
 * DL & Tools — NLTK, LangChain`): a label that ends with a category's word, a list after it.
 * A skill before a dash (`Python - Django, Flask`, `Swift - iOS apps`) is a run-in head's.
 */
function withoutDashCategory(line: string | null): string | null {
  if (line === null || !ruleOn(DASH_CATEGORY)) return line;
  const dash = RUN_IN_DASH.exec(line);
  if (!dash) return line;
  const label = line.slice(0, dash.index).replace(BULLET, '');
  const rest = line.slice(dash.index + dash[0].length);
  const last = lastWord(label);
  const category = LABEL_ENDS.has(last) || CATEGORY_WORDS.test(last);
  return category && isList(rest) ? rest : line;
}

/** A dash between items: spaced (`Python - Java`), or an em dash with a space or none each side. */
const DASH_SEPARATOR = / [-–—] | ?— ?/;
/** The fewest items dashes part: two are a skill and what it was used for (`Java - Spring`). */
const MIN_DASHED_ITEMS = 3;

/**
 * The run-in heads of a line's pieces, where every piece has one: `Excel – Advanced; Word –
 * Intermediate` gives `Excel` and `Word`, not the first head alone.
 */
function runInPieces(line: string): string[] | null {
  if (!ruleOn(RUN_IN_PIECES)) return null;
  const pieces = piecesOf(line).filter((piece) => piece.trim() !== '');
  if (pieces.length < 2 || !pieces.every((piece) => RUN_IN_DASH.test(piece))) return null;
  const heads = pieces.map((piece) => runInHead(piece.trim()));
  return heads.every((head): head is string => head !== null) ? heads : null;
}

/** A line whose dashes part skills (`Python — Java — SQL —`) as a list parted by commas. */
function withDashesAsCommas(line: string): string {
  if (!ruleOn(DASH_LIST)) return line;
  const parts = line
    .replace(BULLET, '')
    .split(DASH_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= MIN_DASHED_ITEMS && parts.every(isSkill) ? parts.join(', ') : line;
}

/**
 * The items a line gives: its run-in head's, else its list's; none from a sentence or from
 * another section's category.
 */
function lineItems(line: string): string[] {
  const unbarred = ruleOn(BARRED_CATEGORY) ? line.replace(BARRED_LABEL, '') : line;
  const labelled = withoutDashCategory(withoutGluedLabel(unbarred));
  if (labelled === null) return [];
  const text = withDashesAsCommas(labelled);
  if (isOtherCategory(text)) return [];
  const heads = runInPieces(text);
  if (heads !== null) return heads.flatMap(itemsOf);
  const head = runInHead(text);
  if (head !== null) return itemsOf(head);
  if (isSentence(text)) return [];
  return itemsOf(text);
}

/**
 * Whether a list item stands among its list's items rather than over them (listed-not-category):
 * a level follows it (the next list's label), or another item of its list, not one indented
 * under it.
 */
function isListedItem(line: SkillLine, next: SkillLine | undefined): boolean {
  if (!line.list || line.cell || !next || !ruleOn(LISTED_NOT_CATEGORY)) return false;
  const sibling = next.list === true && !next.cell && (next.indent ?? 0) <= (line.indent ?? 0);
  return sibling || isLevel(next.text);
}

/**
 * A line that may be a skill a level follows: a label's shape, or that shape with figures in it
 * (`Bootstrap 4`, `HTML5`) where no year is among them (rated-figures).
 */
const isRatedLike = (text: string) =>
  isLabelLike(text) ||
  (ruleOn(RATED_FIGURES) &&
    isLabelLike(text.replace(/\d/g, '')) &&
    /\p{L}/u.test(text) &&
    !/\b(?:19|20)\d{2}\b/.test(text));

/**
 * The skills rated by a level beside them, by the index of their line: short lines and levels
 * taking turns, two pairs at least (`Mastercam` / `Advanced` / `GD&T` / `Expert`: a table of
 * skills and levels whose rows a PDF set apart), and a line with its level at its end among them
 * (`Lathe work Expert`, where the row's cells stood close).
 */
function ratedSkills(lines: readonly SkillLine[]): Map<number, string> {
  const rated = new Map<number, string>();
  if (!ruleOn(LEVELS_TAKE_TURNS)) return rated;
  let run: [number, string][] = [];
  let pairs = 0;
  const flush = () => {
    if (pairs >= 2) for (const [index, skill] of run) rated.set(index, skill);
    run = [];
    pairs = 0;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const text = line?.text ?? '';
    // A table's rows have a rule of their own (level-cells).
    if (line?.cell) {
      flush();
      continue;
    }
    if (isRatedLike(text) && isLevel(lines[index + 1]?.text ?? '')) {
      run.push([index, text]);
      pairs++;
      index++;
      continue;
    }
    const cut = text.lastIndexOf(' ');
    if (cut > 0 && isLevel(text.slice(cut + 1)) && isLabelLike(text.slice(0, cut))) {
      run.push([index, text.slice(0, cut)]);
    } else flush();
  }
  flush();
  return rated;
}

/**
 * The lists of lines that each open with a field or a category run into the list (`DevOps AWS,
 * GCP` / `Back-end Django, Flask`), by the index of their line: two such lines in a row at least,
 * each a word that names one, capitalised, then a list of two items or more. One line alone may
 * open with a skill (`Web Design, Figma`).
 */
function fieldOpenings(lines: readonly SkillLine[]): Map<number, string> {
  const lists = new Map<number, string>();
  if (!ruleOn(FIELD_OPENINGS)) return lists;
  const listOf = (text: string) => {
    const space = text.indexOf(' ');
    const [first, rest] = [text.slice(0, space), text.slice(space + 1)];
    const opens = space > 0 && /^\p{Lu}[\p{L}-]*$/u.test(first) && /^[\p{Lu}\p{N}]/u.test(rest);
    return opens && namesCategory(first) && rest.includes(',') ? rest : null;
  };
  let run: [number, string][] = [];
  const flush = () => {
    if (run.length >= 2) for (const [index, list] of run) lists.set(index, list);
    run = [];
  };
  for (const [index, line] of lines.entries()) {
    const list = listOf(line.text);
    if (list === null) flush();
    else run.push([index, list]);
  }
  flush();
  return lists;
}

/**
 * The items of a skills section's lines. A section written in sentences (`Experience with
 * ASP.NET.`, `Knowledge of git in both Windows and Linux.`: two lines of sentences or more for
 * each line that gives an item, and at least three) gives only its plain lists, lines of three
 * skills or more (`Proficient in Java, Python, Git.` under the sentences).
 */
function sectionItems(section: Section): string[] {
  const found: string[] = [];
  // The items of the lines that are plain lists, and how many lines are sentences or give items.
  const plain: string[] = [];
  let sentences = 0;
  let lists = 0;
  const lines = joinedLists(sectionLines(section));
  const common = commonSize(lines);
  // Whether the section has a plain line: a bold one is a label only among plain ones.
  const unbolded = lines.filter((line) => !line.bold);
  const noted = unbolded.every((line) => NOTED_ITEM.test(line.text)) && ruleOn(BOLD_AMONG_NOTED);
  const plainBeside = unbolded.length > 0 && !noted;
  // Under a label of a list that holds no skills (`Interested In:`, `Volunteering`): its lines.
  let underOther = false;
  // In the prose that defines a skill given as its term (`Python` / `+5 years of …`).
  let inDefinition = false;
  const rated = ratedSkills(lines);
  const fields = fieldOpenings(lines);
  for (const [index, line] of lines.entries()) {
    const text = fields.get(index) ?? line.text;
    const skill = rated.get(index);
    if (skill !== undefined) {
      found.push(skill);
      lists++;
      continue;
    }
    if (inDefinition && !line.bold && (isProse(text) || /^\p{Ll}/u.test(text))) continue;
    inDefinition = false;
    const boldLabel = isBoldLabel(line, plainBeside);
    const term = boldLabel || (ruleOn(SIZED_TERM) && isSizedLabel(line, common));
    if (term && isTermOfProse(text, lines[index + 1])) {
      inDefinition = true;
      found.push(...itemsOf(text));
      continue;
    }
    const label =
      LABEL_LINE.test(text) ||
      (text.endsWith(':') && ruleOn(COLON_INTRODUCES)) ||
      isLevel(text) ||
      (isCategoryLine(
        text,
        lines[index + 1]?.text,
        line.bold || line.cell === true || CAPS_HEADING.test(text),
      ) &&
        !isListedItem(line, lines[index + 1])) ||
      boldLabel ||
      isIndentedLabel(line, lines[index + 1]) ||
      isListLabel(lines, index) ||
      isLabelOverList(lines, index) ||
      isHeadingLabel(line) ||
      isSizedLabel(line, common);
    // Any label ends what the label before went over, and opens its own when it names such a list.
    const other = opensOtherList(text);
    if (label || other) {
      underOther = other;
      continue;
    }
    // A `Category: a, b` line ends what such a label went over; so does the next short label
    // of its own line, set as that one was (`Awards` / rows / `Content Familiarity` / rows).
    if (CATEGORY.test(text)) underOther = false;
    if (underOther && isPlainLabel(line)) {
      underOther = false;
      continue;
    }
    if (underOther) continue;
    // An entry's head over its dates (`Acme, Boston` / `2019 – 2021`, `Guide (Taos Rafting)` /
    // `2019`): a role's, not a list; a lone skill over dates stays one.
    const head =
      (isList(text) || text.includes('(')) &&
      isDateOnly(lines[index + 1]?.text ?? '') &&
      ruleOn(ENTRY_HEAD);
    // A one-word label before such a sentence is the skill it speaks of (`SQL: Designed …`).
    const said =
      ruleOn(LABELLED_SENTENCE) &&
      LABELLED_SENTENCE_LINE.test(text) &&
      text.slice(0, text.indexOf(':')).trim().includes(' ');
    const items = head || said || isAuthorList(text) ? [] : lineItems(text);
    if (items.length === 0 && (said || isSentence(text))) sentences++;
    if (items.some(isSkill)) lists++;
    const pieces = items.filter((item) => item !== '');
    if (pieces.length >= PLAIN_LIST_ITEMS && pieces.every(isSkill)) plain.push(...pieces);
    found.push(...items);
  }
  const prose = sentences >= PROSE_SECTION_LINES && sentences >= 2 * lists;
  return prose && ruleOn(PROSE_SECTION) ? plain : found;
}

/**
 * A label of two words or more and a sentence that says what was done with the skills (`Software
 * Engineering: Built APIs and dashboards with TypeScript, C# and SQL.`): a past verb opens it, a
 * full stop ends it.
 */
const LABELLED_SENTENCE_LINE =
  /^[^:]{1,40}:\s(?:Built|Led|Used|Applied|Designed|Developed|Created|Implemented|Managed|Wrote|Made|Ran|Delivered|Worked|Taught|Trained|Maintained|Deployed|Integrated|Drove|Owned|Shipped)\s.{20,}\.$/;

/** The fewest lines of sentences that make a skills section prose. */
const PROSE_SECTION_LINES = 3;
/** The fewest skills on a line that is a plain list in such a section. */
const PLAIN_LIST_ITEMS = 3;

export function skillsIn(sections: readonly Section[]): string | undefined {
  const items: string[] = [];
  const seen = new Set<string>();
  /** Keeps the skills among `found` not kept before, whatever their case. */
  const take = (found: readonly string[]) => {
    for (const item of found) {
      const key = item.toLowerCase();
      if (!isSkill(item) || seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  };
  for (const section of sections) {
    if (section.kind !== 'skills') continue;
    take(sectionItems(section));
  }
  let joined = '';
  for (const item of items) {
    const next = joined ? `${joined}, ${item}` : item;
    if (next.length > MAX_LENGTHS.key_skills) break;
    joined = next;
  }
  return joined || undefined;
}
