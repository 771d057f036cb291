// A resume's lines as a person reads them, and the pieces they hold: the text helpers every
// field's reading shares (docs/autofill.md). Every pattern here is anchored, bounded or a plain
// run of characters or of listed words, and every line is capped (MAX_LINE_LENGTH), so the work
// is linear in the text.
import { safeDecode } from '../../shared/url.ts';
import { rule, ruleOn } from './rules.ts';

/** An HTML tag in a Markdown resume parts text; its text stays. */
const HTML_TAGS = rule('html-tags');
/**
 * An email link whose text is an address shows that address; one whose text is a word shows
 * the target's address without its subject (`mailto:jo+jobs@example.com?subject=…`).
 */
const MAILTO_TEXT = rule('mailto-text');
/** An email link's text in brackets of its own (`[jo[at]x[dot]com](mailto:jo@x.com)`) shows its address too. */
const MAILTO_BRACKETS = rule('mailto-brackets');
/** A phone link that shows no words (an icon, `[](tel:228-555-0100)`) shows its number. */
const TEL_LINK = rule('tel-link');
/** A phone link's target: `tel:` and a number's figures, spaces and marks. */
const TEL_TARGET = /^tel:([+\d(][\d ().+-]{6,24})$/i;
/** Markdown's hard line break, a backslash at a line's end, is no text. */
const LINE_BREAK = rule('markdown-line-break');
/** Two spans of emphasis side by side (`**Lab Tech /** *Mill Works*`) are two parts. */
const EMPHASIS_PARTS = rule('emphasis-parts');
/** Code spans side by side (`` `Python` `Go` ``) are parts, as items of a list. */
const CODE_SPANS_APART = rule('code-spans-apart');
/** Dot leaders between a role and its dates (`Intern……Summer 2019`) part the line. */
const DOT_LEADERS = rule('dot-leaders');
/**
 * An ellipsis standing apart at a line's end (`Brian Archibald …`), or alone, is no text: a PDF
 * maps an icon's glyph to it.
 */
const EDGE_ELLIPSIS = rule('edge-ellipsis');
/** A Markdown image (`![E-mail](mail.png)`), an icon inside a link most often, is no text. */
const MARKDOWN_IMAGES = rule('markdown-images');
/**
 * A line drawn in letters that look like a dash (`ㅡ`, `一`, `ー`), as an input method draws a
 * rule, is no text.
 */
const DASH_LETTERS = rule('dash-letters');
/** A line of them alone. */
const DASH_LETTER_LINE = /^[ㅡ一ー]{1,80}$/u;
/**
 * An HTML character reference in a Markdown or HTML resume (`R&amp;D`, `QGIS&nbsp;3`,
 * `&#x2013;`) is the character it names.
 */
const HTML_ENTITIES = rule('html-entities');
/**
 * Emphasis with another inside it (`__Surveyor, *Fernhill Ports*__`, as markdown-cv writes a
 * role and its employer) loses its outer marks too.
 */
const NESTED_EMPHASIS = rule('nested-emphasis');
/** Single underscores inside strong emphasis (`**_Harbour Surveyor_**`) are emphasis too. */
const UNDERSCORES_INSIDE = rule('underscores-inside-strong');
/** Emoji at a line's start or end (`Education 🎓`, `🚀 Projects`) are none of its words. */
const EDGE_EMOJI = rule('edge-emoji');
/**
 * An angle or a chevron at a line's start, a space after it (`< FRONT END DEVELOPER | Acme`,
 * `» Projects`), is an icon drawn in a character, no text.
 */
const ANGLE_MARK = rule('angle-mark');
/**
 * A shields.io badge, as a Markdown profile lists skills
 * (`![Vue](https://img.shields.io/badge/Vue-4FC08D)`), is the text it shows.
 */
const SHIELDS_BADGES = rule('shields-badges');
/**
 * A line that opens with a reStructuredText role (`:tel:\`+49 160 434\` | jo@example.org`) is
 * text, not an AsciiDoc attribute line (`:toc:`, `:icons: font`), whose name a space or the line's
 * end follows.
 */
const ROLE_NOT_ATTRIBUTE = rule('role-not-attribute');
/** A reStructuredText role at a line's start: `:tel:\``, `:github:\``. */
const ROLE_START = /^:[a-z-]{1,30}:`/;
/** A Markdown image: `![alt](source)`, bounded so that no line can make it slow. */
const MARKDOWN_IMAGE = /!\[[^[\]]{0,200}\]\([^()\s]{0,1000}\)/g;
/** A shields.io badge in Markdown: its address's path after `/badge/` (shields-badges). */
const SHIELDS_BADGE =
  /!\[[^[\]]{0,200}\]\(https?:\/\/img\.shields\.io\/badge\/([^()\s?]{1,200})(?:\?[^()\s]{0,800})?\)/g;

/**
 * The text a badge shows, from its path: its first piece (the label, or all its text), `--` a
 * dash, `_` a space, percent escapes decoded (`JSON_Schema-blue`, `C%2B%2B-00599C`), none to a
 * control character.
 */
function badgeText(_all: string, path: string): string {
  const [piece = ''] = path.replace(/--/g, '\u0000').split('-');
  const parts = piece.split('\u0000').map((part) => visible(safeDecode(part.replace(/_/g, ' '))));
  return ` ${parts.join('-').trim()} `;
}

/** Words that name a category of skills rather than a skill. */
export const CATEGORY_WORDS =
  /\b(?:technologies|frameworks|tools|languages?|programming|databases|software|platforms|libraries|methodologies|skills|environments|systems|technical|other|stack|competencies|certifications|certificates)\b/i;

/**
 * Lines longer than this are cut: no field the form fills is found past it.
 * @internal Tests name it, not its figure (extract.test.ts).
 */
export const MAX_LINE_LENGTH = 2_000;

/** Leading bullets and the like, which carry no text. */
export const BULLET = /^[•●▪◦·*‣∙■□➢►–—-]\s*/;
/** An angle or a chevron a space apart from the text after it (angle-mark): `<`, `>`, `»`, `›`. */
const ANGLE = /^[<>»›] (?=\S)/;
/** Markdown and AsciiDoc marks at a line's start: `# Name`, `== Skills`, `> quote`, `><a@b.c>`. */
const MARKUP_START = /^(?:(?:#{1,6}|={1,6})\s+|>\s*)/;
/** An AsciiDoc anchor or attribute line: `[[james-tomasino]]`, `[.lead]`, `:toc:`. */
const MARKUP_LINE =
  /^(?:\[\[[^\]]{0,80}\]\]|\[[.#%][^\]]{0,80}\]|:[a-z-]{1,30}:.{0,200}|[=\-_*~`]{3,})$/;
/** A rule drawn in characters after a heading, in a cell or after a tab: `PROJECTS | ______`. */
const DRAWN_RULE_AFTER = /\s?\|\s?[_=─]{3,}$/;
/** Emphasis marks around words: `**Skills**`, `__Jane__`, `*Engineer*`, `` `code` ``. */
const EMPHASIS = /(\*\*|__|\*|`)(?=\S)([^*_`]{1,200}?)\1/g;
/** Emphasis in single underscores, which Markdown reads only at a word's edges: `_Portland, OR_`, not `jane_doe`. */
const UNDERSCORES = /(^|[\s(>|])_(?=\S)([^_]{1,200}?)_(?=$|[\s).,;:!?|])/g;
/** The same, inside strong emphasis's asterisks: `**_Portland, OR_**`. */
const UNDERSCORES_IN_STRONG = /(\*\*)_(?=\S)([^_*]{1,200}?)_(?=\*\*)/g;
/**
 * One emphasis closed and another opened after a space (`**Lab Tech /** *Mill Works*`): two parts
 * set apart, as a role and its employer are.
 */
const EMPHASIS_AFTER_EMPHASIS = /(\S(?:\*\*|__|\*)) ((?:\*\*|__|\*)\S)/g;
/** One code span closed and another opened after a space: `` `Python` `Go` ``. */
const CODE_AFTER_CODE = /(\S`) (`\S)/g;
/** Markdown's hard line break: a backslash that ends the line (`Arlington, VA 22201 \`). */
const HARD_BREAK = /\s?\\$/;
/** Dot leaders between a role and its dates: `Intern……………Summer 2019`, `Tutor . . . . 2018`. */
const LEADERS = /(?:\s?[.…]){4,}\s?/g;
/** An ellipsis character after a space at a line's end, or alone on it. */
const ELLIPSIS_AFTER = /(?:^|\s)…$/;
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

/** A link's text that is an email address itself: `jo@example.com`. */
const TEXT_ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/**
 * What an email link shows: its address, whatever its text says (`[email](mailto:jo@x.com)`);
 * its text where that is an address, and else the target's without a subject (mailto-text).
 */
function mailtoShown(text: string, target: string): string {
  const address = target.slice('mailto:'.length);
  if (!ruleOn(MAILTO_TEXT)) return address;
  return TEXT_ADDRESS.test(text) ? text : (address.split('?')[0] ?? address);
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
    const target = line.slice(middle + 2, close);
    const mail = /^mailto:[^\s@]{1,64}@/i.test(target);
    const bare = !/[\p{L}\p{N}]/u.test(text) && ruleOn(TEL_LINK);
    const tel = bare ? TEL_TARGET.exec(target)?.[1] : undefined;
    const shown = mail ? mailtoShown(text, target) : (tel ?? text);
    const raw = text.includes('[') && !(mail && ruleOn(MAILTO_BRACKETS));
    out += line.slice(at, open) + (raw ? line.slice(open, close + 1) : shown);
    at = close + 1;
  }
  return out + line.slice(at);
}

/**
 * An HTML tag, as a Markdown resume holds them (`<a href="…">`, `</span>`, `<br/>`): a name
 * right after `<`, then a space, `/` or `>`; an autolink (`<jane@example.com>`) is none, nor is
 * an address's `<at>` or `<dot>` (`jane<at>example.com`, read as `@` and `.`).
 */
const HTML_TAG = /<\/?(?!(?:at|dot)>)[A-Za-z][A-Za-z0-9]{0,10}(?:\s[^<>]{0,200})?\/?>/gi;

/** A line as a person reads it: spaces collapsed, marks of Markdown and icons gone. */
export function clean(line: string): string {
  const shown = visible(line.slice(0, MAX_LINE_LENGTH));
  const visibleText = ruleOn(SHIELDS_BADGES) ? shown.replace(SHIELDS_BADGE, badgeText) : shown;
  const tagless = ruleOn(HTML_TAGS) ? visibleText.replace(HTML_TAG, ' | ') : visibleText;
  const untagged = ruleOn(HTML_ENTITIES) ? tagless.replace(ENTITY, entityText) : tagless;
  const spaced = untagged.replace(/\s+/g, ' ');
  const led = (ruleOn(DOT_LEADERS) ? spaced.replace(LEADERS, ' | ') : spaced).trim();
  const text = ruleOn(EDGE_ELLIPSIS) ? led.replace(ELLIPSIS_AFTER, '') : led;
  const role = ROLE_START.test(text) && ruleOn(ROLE_NOT_ATTRIBUTE);
  if ((MARKUP_LINE.test(text) && !role) || (DASH_LETTER_LINE.test(text) && ruleOn(DASH_LETTERS))) {
    return '';
  }
  const marked = text.replace(MARKUP_START, '');
  const linked = linkTexts(ruleOn(MARKDOWN_IMAGES) ? marked.replace(MARKDOWN_IMAGE, '') : marked);
  const coded = ruleOn(CODE_SPANS_APART) ? linked.replace(CODE_AFTER_CODE, '$1 | $2') : linked;
  const parted = ruleOn(EMPHASIS_PARTS) ? coded.replace(EMPHASIS_AFTER_EMPHASIS, '$1 | $2') : coded;
  const plain = withoutEmphasis(
    ruleOn(UNDERSCORES_INSIDE) ? parted.replace(UNDERSCORES_IN_STRONG, '$1$2') : parted,
  )
    .replace(UNDERSCORES, '$1$2')
    .replace(DRAWN_RULE_AFTER, '');
  const unbroken = ruleOn(LINE_BREAK) ? plain.replace(HARD_BREAK, '') : plain;
  const unmarked = trimEdges(unbroken, '| ', '| ').replace(BULLET, '');
  const bare = ruleOn(ANGLE_MARK) ? unmarked.replace(ANGLE, '') : unmarked;
  return ruleOn(EDGE_EMOJI) ? withoutEdgeEmoji(bare) : bare;
}

/** An HTML character reference: `&amp;`, `&nbsp;`, `&#x27;`, `&#x2013;`. */
const ENTITY = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z]{2,8}));/g;
/** The named references a resume's Markdown or HTML uses; any other is left as written. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  bull: '•',
  middot: '·',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  ccedil: 'ç',
  agrave: 'à',
  egrave: 'è',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Ntilde: 'Ñ',
};

/** The character a reference names, or the reference as written where it names none. */
function entityText(written: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined)
    return Object.hasOwn(NAMED_ENTITIES, name) ? (NAMED_ENTITIES[name] ?? written) : written;
  const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
  // Not a control, which no reader sees, nor half of a surrogate pair.
  const character =
    code >= 0x20 && code !== 0x7f && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return character ? String.fromCodePoint(code) : written;
}

/** Emphasis inside emphasis goes this deep at most: `**Surveyor, *Fernhill***`. */
const EMPHASIS_DEPTH = 3;

/**
 * A line without its emphasis marks: each pass drops the innermost, so that the marks around an
 * emphasis with another inside it go too (nested-emphasis).
 */
function withoutEmphasis(text: string): string {
  let out = text.replace(EMPHASIS, '$2');
  for (let depth = 1; depth < EMPHASIS_DEPTH && ruleOn(NESTED_EMPHASIS); depth++) {
    const next = out.replace(EMPHASIS, '$2');
    if (next === out) break;
    out = next;
  }
  return out;
}

/** What an emoji is drawn with: a pictograph, a skin tone. */
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
/** And what joins its parts or asks for its colour form, a keycap, a space around it. */
const EMOJI_MARKS = new Set(['\u200D', '\uFE0E', '\uFE0F', '\u20E3', ' ']);
const isEmojiPart = (char: string) => EMOJI_MARKS.has(char) || PICTOGRAPH.test(char);

/** A line without the emoji and spaces at its start and end, by a scan over its characters. */
function withoutEdgeEmoji(text: string): string {
  // Most lines are plain: an emoji is never ASCII.
  if ((text.codePointAt(0) ?? 0) < 0x80 && text.charCodeAt(text.length - 1) < 0x80) return text;
  const chars = Array.from(text);
  let start = 0;
  let end = chars.length;
  while (start < end && isEmojiPart(chars[start] ?? '')) start++;
  while (end > start && isEmojiPart(chars[end - 1] ?? '')) end--;
  return chars.slice(start, end).join('');
}

/** The longest note in parentheses read at a line's end. */
const MAX_ENDING_NOTE = 40;

/**
 * A line without the note in parentheses at its end (`EXPERIENCIA (10/2022 - 05/2023)`, `TX (open
 * to relocation)`), by a scan; undefined where it ends with none, or with nothing before it.
 */
export function withoutEndingNote(text: string): string | undefined {
  const open = text.lastIndexOf('(');
  if (open < 0 || !text.endsWith(')')) return undefined;
  const note = text.slice(open + 1, -1);
  const before = text.slice(0, open).trimEnd();
  if (note === '' || note.length > MAX_ENDING_NOTE || note.includes(')') || before === '') {
    return undefined;
  }
  return before;
}

const OPENERS = '<([{"\'';
const CLOSERS = '>)]}"\',;.';

/** A token without the brackets, quotes and punctuation around it (a loop: no pattern can be quadratic). */
export function trimEdges(token: string, openers = OPENERS, closers = CLOSERS): string {
  let start = 0;
  let end = token.length;
  while (start < end && openers.includes(token[start] ?? '')) start++;
  while (end > start && closers.includes(token[end - 1] ?? '')) end--;
  return token.slice(start, end);
}

/** A label's last word, in lower case: `tools` in `Dev Tools`, `back-end` in `Web Back-end`. */
export const lastWord = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}-]+/u)
    .filter(Boolean)
    .at(-1) ?? '';

/**
 * The pieces of a line between separators such as `|`, `•`, a spaced dash, or any symbol set
 * apart by spaces as a separator is (`Boulder, CO 80303 ∞ jo@example.com`, `◆`, `★`); not a
 * plus before a calling code (`Tel: + 86 155…`).
 */
export function segmentsOf(line: string): string[] {
  return line
    .split(/\s(?!\+ \d)[|•·–—\-\p{So}\p{Sm}]\s|[|•·]/u)
    .map((part) => part.trim())
    .filter(Boolean);
}
