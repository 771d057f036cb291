// A plain-text resume: UTF-8 (a byte-order mark dropped), UTF-16 with its mark, else
// Windows-1252, which is what browsers decode "Latin-1" as. A file of control characters is
// binary, not text. Its structure is what plain text can say: blank lines part blocks, a line
// standing alone underlined with `===` or `---` is a heading (as in Markdown's Setext headings;
// under a paragraph's last line the underline is a rule between blocks), as is one opened by
// Markdown's `#` or AsciiDoc's `=` (a Pandoc attribute, `{#skills}`, dropped), or followed on its
// line by a rule (`SKILLS -----`, as some tools export plain text); a bullet or a number opens
// a list item; a Markdown definition (`:   text`) is indented under its term; a line wholly in
// `**` is bold; leading spaces indent, and gaps of them between words part columns, as tabs
// do, two gaps on a line or one wide; a Markdown pipe table's rows and a Pandoc simple table's
// are rows of cells, as a word processor's table is.
import { isLetterSpaced, type RawLine } from './document.ts';
import { documentResult, failure, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';
import { rule, ruleOn } from './rules.ts';

/**
 * A line wholly in `**` is bold; a Markdown definition (`:   text`) is indented, its mark
 * dropped.
 */
const TEXT_MARKS = rule('text-strong-and-definitions', 'reader');

/**
 * A Markdown pipe table's rows, and a Pandoc simple table's between its rules of dashes, are
 * rows of cells.
 */
const TEXT_TABLES = rule('text-tables', 'reader');

/**
 * Gaps of two spaces or more between words, two on a line or one wide, part columns as tabs do.
 */
const SPACE_COLUMNS = rule('text-space-columns', 'reader');

/**
 * A bullet as Word's plain text writes it (`·`, a symbol font's glyph, `o` before a tab) marks
 * a list item.
 */
const WORD_BULLETS = rule('text-word-bullets', 'reader');

/** A line standing alone with a rule drawn after its words (`SKILLS -------`) is a heading. */
const TRAILING_RULE = rule('text-trailing-rule', 'reader');

/**
 * Markdown's YAML front matter (`---` / `author: Mara Quill` / `---`) gives its name, title and
 * contact values as lines, the rest of it none.
 */
const FRONT_MATTER = rule('text-front-matter', 'reader');
/** Hugo's TOML front matter (`+++` / `author = 'Mara Quill'` / `+++`) is read as YAML's is. */
const TOML_FRONT_MATTER = rule('text-toml-front-matter', 'reader');
/**
 * A wanted key of front matter whose value is nested under it (`email:` then `  text: ada@…`,
 * `  url: mailto:ada@…`) gives that value, as `email: ada@…` does.
 */
const NESTED_FRONT_MATTER = rule('text-nested-front-matter', 'reader');
/** A Markdown code fence (` ``` `, `~~~`) is no text; the lines it fences are. */
const CODE_FENCES = rule('text-code-fences', 'reader');
/** A raw HTML `<style>` or `<script>` element in Markdown is no text, over lines too. */
const STYLE_BLOCKS = rule('text-style-blocks', 'reader');
/** Such an element's opening and its closing, on its line. */
const STYLE_OPEN = /<(style|script)\b[^<>]{0,200}>/i;

/**
 * An Org-mode file (a `#+TITLE:` among its first lines): its `#+TITLE:` is the document's first
 * heading (the name), `#+SUBTITLE:`, `#+AUTHOR:` and `#+EMAIL:` are lines, other `#+` settings no
 * text; a line of stars (`* Experience`, `** Artisan`) is a heading of that level, and a link
 * (`[[mailto:jane@x.com][jane@x.com]]`) is the text it shows.
 */
const ORG_MODE = rule('text-org-mode', 'reader');
/**
 * In an Org-mode file, what Org's export leaves out is no text: a comment line (`# …`), a
 * subtree whose heading is tagged `:noexport:`, a block of source code, an example, a comment or
 * another format's export (`#+begin_src` … `#+end_src`), the lines that open and close any other
 * block (`#+begin_info`), and a heading's tags (`* Skills :cv:`).
 */
const ORG_EXPORT = rule('text-org-export', 'reader');
/**
 * In a Markdown file, raw TeX for LaTeX's output alone is no text: space or a bullet between a
 * line's parts parts them, a line of such TeX alone is none.
 */
const RAW_TEX = rule('text-raw-tex', 'reader');
/** An Org macro's call shows the words it is given, as its export does. */
const ORG_MACROS = rule('text-org-macros', 'reader');
/**
 * A file whose first lines hold any Org setting (`#+OPTIONS: toc:nil`, `#+LATEX_HEADER: …`) is
 * Org's, with or without a `#+TITLE:`: its first heading of one star is then the name.
 */
const ORG_SETTINGS = rule('text-org-settings', 'reader');
/** A heading's property drawer (`:PROPERTIES:` … `:END:`) is no text, as Org's export leaves it out. */
const ORG_DRAWERS = rule('text-org-drawers', 'reader');
/**
 * An Org heading wholly in one emphasis (`*** /Welder (May 2019 - Present)/`, `** *Skills*`) is
 * its words, in bold for `*`, as Org's export sets it.
 */
const ORG_EMPHASIS = rule('text-org-emphasis', 'reader');
/** A text wholly in one of Org's emphasis marks: italic, bold, underline, verbatim, code, struck. */
const ORG_EMPHASIZED = /^([/*_=~+])(\S(?:.{0,500}\S)?)\1$/;

/** An Org text without the emphasis it is wholly in, and whether that emphasis is bold. */
function orgEmphasis(text: string): { text: string; bold?: true } {
  const emphasized = ruleOn(ORG_EMPHASIS) ? ORG_EMPHASIZED.exec(text.trim()) : null;
  const [, mark = '', inner = ''] = emphasized ?? [];
  // A mark inside that could close it (after a word, before a space) makes two emphases, not one;
  // one after a space cannot (`/Developer / Tech Lead/`).
  const closes = [...inner].some(
    (char, at) =>
      char === mark && /\S/.test(inner[at - 1] ?? ' ') && /\s/.test(inner[at + 1] ?? ' '),
  );
  if (!inner || closes) return { text };
  return mark === '*' ? { text: inner, bold: true } : { text: inner };
}
/**
 * Raw TeX's links in Markdown or its front matter are the text they show:
 * `\href{mailto:jane@x.com}{jane@x.com}` is `jane@x.com`, `\url{x.com}` is `x.com`.
 */
const TEX_LINKS = rule('text-tex-links', 'reader');
/** A raw HTML table's head cell alone on its line (`<th>Category</th>`) is bold, as a browser sets it. */
const HTML_HEAD_CELLS = rule('text-html-head-cells', 'reader');
/**
 * A Markdown line that ends with a hard break (two spaces or more, or a backslash) ends there: a
 * list on the next line is no part of its last item (`hand tools␣␣` over `PCB routers, …`).
 */
const HARD_BREAKS = rule('text-hard-breaks', 'reader');
/** A line's text before the hard break that ends it (two spaces or more, or a backslash), if any. */
function beforeHardBreak(text: string): string | null {
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ') end--;
  const spaces = text.length - end;
  if (end === 0 || /\s/.test(text[end - 1] ?? '')) return null;
  if (spaces >= 2) return text.slice(0, end);
  // A backslash after text, itself no escaped one (`\\`) nor after a space.
  const escaped = /[\s\\]/.test(text[end - 2] ?? ' ');
  return spaces === 0 && text.endsWith('\\') && !escaped ? text.slice(0, -1) : null;
}
/** An Org block's opening or closing line: `#+begin_src css`, `#+END_QUOTE`. */
const ORG_BLOCK = /^[ \t]*#\+(begin|end)_(\w{1,30})/i;
/** The blocks Org's export gives no text of: code, examples, comments, another format's. */
const ORG_HIDDEN_BLOCKS = new Set(['src', 'example', 'comment', 'export']);
/** An Org comment: `#` alone or before a space, at the line's start. */
const ORG_COMMENT = /^[ \t]*#(?:[ \t]|$)/;
/** A property drawer's opening and closing lines: `:PROPERTIES:`, `:END:`. */
const DRAWER_OPEN = /^[ \t]*:PROPERTIES:[ \t]*$/i;
const DRAWER_END = /^[ \t]*:END:[ \t]*$/i;
/** A property drawer holds this many lines at most; a longer run is no drawer. */
const MAX_DRAWER_LINES = 40;

/** An Org heading's text without its tags (`Skills :cv:noexport:` is `Skills`), and the tags. */
function orgTags(text: string): { text: string; tags: string[] } {
  const trimmed = text.trimEnd();
  const space = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('\t'));
  const last = trimmed.slice(space + 1);
  if (space < 0 || !/^:[\w@#%:]{1,200}:$/.test(last)) return { text, tags: [] };
  return { text: trimmed.slice(0, space).trimEnd(), tags: last.split(':').filter(Boolean) };
}

/**
 * Where the lines Org's export leaves out that open at `index` end (the index of the last of
 * them), or -1 where the line there is shown: a comment is one line; a block's opening or closing
 * line is one, and a hidden block runs to its closing line or to the file's end; a `:noexport:`
 * subtree runs to the next heading of its level or a higher one.
 */
function orgHiddenTo(lines: readonly string[], index: number): number {
  const written = lines[index] ?? '';
  if (ORG_COMMENT.test(written)) return index;
  if (DRAWER_OPEN.test(written) && ruleOn(ORG_DRAWERS)) {
    const last = Math.min(lines.length, index + MAX_DRAWER_LINES);
    for (let end = index + 1; end < last; end++) if (DRAWER_END.test(lines[end] ?? '')) return end;
  }
  const block = ORG_BLOCK.exec(written);
  if (block?.[1] && block[2]) {
    const kind = block[2].toLowerCase();
    if (block[1].toLowerCase() !== 'begin' || !ORG_HIDDEN_BLOCKS.has(kind)) return index;
    const ends = (line: string) => {
      const closing = ORG_BLOCK.exec(line);
      return closing?.[1]?.toLowerCase() === 'end' && closing[2]?.toLowerCase() === kind;
    };
    let end = index + 1;
    while (end < lines.length && !ends(lines[end] ?? '')) end++;
    return Math.min(end, lines.length - 1);
  }
  const starred = ORG_HEADING.exec(written);
  if (!starred?.[1] || !starred[2] || !orgTags(starred[2]).tags.includes('noexport')) return -1;
  const level = starred[1].length;
  let end = index;
  while (end + 1 < lines.length) {
    const next = ORG_HEADING.exec(lines[end + 1] ?? '');
    if (next?.[1] && next[1].length <= level) break;
    end++;
  }
  return end;
}

/** An Org setting: `#+TITLE: Mara Quill`, `#+options: toc:nil`. */
const ORG_SETTING = /^#\+([A-Za-z_]{1,30}):(.*)$/;
/** The Org settings whose values are text a resume's reader wants. */
const ORG_TEXT_KEYS = new Set(['title', 'subtitle', 'author', 'email']);
/** An Org heading: stars at the line's start, a space, its text. */
const ORG_HEADING = /^(\*{1,6})[ \t]+(\S.*)$/;
/** An Org link, with the text it shows or without: `[[url][text]]`, `[[url]]`. */
const ORG_LINK = /\[\[([^[\]]{1,500})\](?:\[([^[\]]{1,500})\])?\]/g;
/** An Org macro's call: `{{{date(Dec 2024 -- Feb 2025)}}}`, `{{{pagebreak()}}}`. */
const ORG_MACRO = /\{\{\{[\w-]{1,40}(?:\(([^()]{0,200})\))?\}\}\}/g;
/** A macro's arguments as words: commas part them, as bars part a line's parts (`\,` is a comma). */
const macroWords = (given = '') =>
  given
    .split(/(?<!\\),/)
    .map((part) => part.replaceAll('\\,', ',').trim())
    .filter(Boolean)
    .join(' | ');
/**
 * Org's links as the text they show, and its macros' calls as the words given them
 * (text-org-macros: `IT Specialist {{{date(Dec 2024 -- Feb 2025)}}}` shows the dates).
 */
const orgShown = (line: string) =>
  (ruleOn(ORG_MACROS) ? line.replace(ORG_MACRO, (_, given?: string) => macroWords(given)) : line)
    .replace(
      ORG_LINK,
      (_, target: string, shown?: string) => shown ?? target.replace(/^mailto:/i, ''),
    )
    .trimEnd();

/** Raw TeX that sets space or a bullet between a line's parts: `\alignright`, `\hspace[oneem]`. */
const TEX_SPACE =
  /\\(?:hfill|alignright|alignleft|quad|qquad|textbullet|hspace\*?(?:\{[^{}]{0,20}\}|\[[^[\]]{0,20}\]))/g;
/** A line of raw TeX alone that sets no text: `\Begin{center}`, `\vspace{0.1in}`, `\pagebreak`. */
const TEX_ALONE =
  /^[ \t]*\\(?:(?:begin|end|Begin|End)\{[A-Za-z*]{1,30}\}|vspace\*?\{[^{}]{0,20}\}|pagebreak|newpage|clearpage)[ \t]*$/;

/** A raw HTML table's head cell alone on its line: `<th>Category</th>`, `<th colspan="2">Tools</th>`. */
const HEAD_CELL = /^\s*<th(?:\s[^<>]{0,200})?>[^<>]{1,200}<\/th>\s*$/i;

/** Raw TeX's link, with the text it shows: `\href{target}{shown}`, `\url{target}`. */
const TEX_LINK = /\\href\{[^{}]{0,500}\}\{([^{}]{0,500})\}|\\url\{([^{}]{0,500})\}/g;

/** A line's raw TeX links as the text they show (text-tex-links). */
const texLinksShown = (line: string) =>
  line.includes('\\') && ruleOn(TEX_LINKS)
    ? line.replace(TEX_LINK, (_, shown?: string, target?: string) => shown ?? target ?? '')
    : line;

/**
 * A Markdown line without the raw TeX that pandoc passes to LaTeX alone (text-raw-tex): space
 * and bullets between its parts part them as a bar does (`*Software Developer* \alignright
 * 2019-11 --- Current`); a line of such TeX alone is a blank one.
 */
function withoutTex(written: string): string {
  const line = texLinksShown(written);
  if (!line.includes('\\') || !ruleOn(RAW_TEX)) return line;
  if (TEX_ALONE.test(line)) return '';
  const [first = '', ...rest] = line.replace(/\\today\b/g, '').split(TEX_SPACE);
  const parts = [first.trimEnd(), ...rest.map((part) => part.trim())];
  return parts.filter((part) => part.trim() !== '').join(' | ');
}

/** The keys of front matter whose values a resume's reader wants: who, and how to reach them. */
const FRONT_KEYS = new Set(
  'name author title subtitle email phone mobile location address city website'.split(' '),
);
/** Front matter closes within this many lines, or there is none. */
const MAX_FRONT_LINES = 60;
/** A line of front matter: a key, a colon, its value (quotes around it dropped); nested keys too. */
const FRONT_LINE = /^ {0,8}([A-Za-z][\w-]{0,30}):(.*)$/;
/** The keys nested under a wanted key that hold its value: what it shows, where it links. */
const NESTED_KEYS = new Set(['text', 'url', 'value']);
/** A link's scheme before an email or a phone: `mailto:`, `tel:`. */
const CONTACT_SCHEME = /^(?:mailto|tel):/i;
/** A Markdown code fence: three backticks or tildes or more, a language's name after them. */
const CODE_FENCE = /^ {0,3}(?:`{3,}|~{3,})[\w+-]{0,20}\s*$/;
/** A line of TOML front matter: a key, an equals sign, its value. */
const TOML_LINE = /^ {0,8}([A-Za-z][\w-]{0,30}) ?=(.*)$/;

/**
 * The lines of YAML front matter at a file's start (`---`, `key: value` lines, `---` or `...`),
 * or TOML's (`+++`, `key = value` lines, `+++`), that give a name, a title or contact details,
 * as lines of their own; the others, a layout's settings (`geometry: margin=1in`), are no text.
 * Null where the file opens with none.
 */
function frontMatter(lines: readonly string[]): { lines: RawLine[]; end: number } | null {
  const opening = (lines[0] ?? '').trim();
  const toml = opening === '+++' && ruleOn(TOML_FRONT_MATTER);
  if ((opening !== '---' && !toml) || !ruleOn(FRONT_MATTER)) return null;
  const closing = toml ? /^\+\+\+\s*$/ : /^(?:---|\.\.\.)\s*$/;
  const end = lines.findIndex(
    (line, index) => index > 0 && index <= MAX_FRONT_LINES && closing.test(line),
  );
  if (end < 0) return null;
  const values: string[] = [];
  let parent = '';
  for (const line of lines.slice(1, end)) {
    const [, key = '', raw = ''] = (toml ? TOML_LINE : FRONT_LINE).exec(line) ?? [];
    const nested = /^\s/.test(line);
    if (!nested) parent = key.toLowerCase();
    const value = texLinksShown(raw)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
      .trim();
    const under =
      nested && NESTED_KEYS.has(key) && FRONT_KEYS.has(parent) && ruleOn(NESTED_FRONT_MATTER);
    const shown = under ? value.replace(CONTACT_SCHEME, '') : value;
    if ((FRONT_KEYS.has(key.toLowerCase()) || under) && shown !== '' && !values.includes(shown)) {
      values.push(shown);
    }
  }
  return { lines: [...values.map((text) => ({ text })), { text: '' }], end };
}

/**
 * A Markdown heading's closing marks, as CommonMark allows them (`## Skills ##`), or AsciiDoc's
 * (`== Skills ==`), are no text of it.
 */
const CLOSING_MARKS = rule('text-closing-marks', 'reader');

/** A heading's text without the run of `mark` that closes it after a space: `Skills ##`. */
function withoutClosingMarks(text: string, mark: string): string {
  const trimmed = text.trimEnd();
  let start = trimmed.length;
  while (start > 0 && trimmed[start - 1] === mark) start--;
  if (start === trimmed.length || !/[ \t]/.test(trimmed[start - 1] ?? '')) return text;
  return trimmed.slice(0, start).trimEnd();
}

/**
 * In an AsciiDoc file (a line opens with `= ` or `== `), an attribute entry (`:authors: Rowan
 * Pike`) is no text but for the author's name and email, which are lines of the header; a
 * reference to a defined attribute (`{doctitle}`) is its value; a link macro shows its text, or
 * its address where it has none (`mailto:rowan@example.com[]`, `https://x.dev[GitHub]`); a hard
 * line break's ` +` at a line's end is no text.
 */
const ASCIIDOC_ATTRIBUTES_READ = rule('text-asciidoc-attributes', 'reader');
/** An AsciiDoc attribute entry, a whole line: `:authors: Rowan Pike`, `:hp-tags: a, b`. */
const ATTRIBUTE_ENTRY = /^:([\w-]{1,40}):(.*)$/;
/** The attributes whose values a resume's reader wants: who the author is, and how to reach them. */
const ATTRIBUTE_TEXT_KEYS = new Set(['author', 'authors', 'email']);
/** An AsciiDoc heading: one to six `=` at the line's start, then a space. */
const ASCIIDOC_HEADING = /^={1,6}[ \t]+\S/;
/** A reference to an attribute: `{doctitle}`. */
const ATTRIBUTE_REFERENCE = /\{([\w-]{1,40})\}/g;
/** An AsciiDoc link macro: an address, then the text it shows in brackets (empty: none). */
const LINK_MACRO = /(?<!\S)(?:mailto:|https?:\/\/)([^\s[\]]{1,500})\[([^[\]]{0,200})\]/g;

/** An AsciiDoc line as it shows: its references, link macros and hard line break read. */
function asciidocShown(line: string, attributes: ReadonlyMap<string, string>): string {
  return line
    .replace(
      ATTRIBUTE_REFERENCE,
      (whole, key: string) => attributes.get(key.toLowerCase()) ?? whole,
    )
    .replace(LINK_MACRO, (whole, address: string, shown: string) => {
      const text = shown.trim();
      if (text !== '') return text;
      return whole.startsWith('mailto:') ? address : whole.slice(0, whole.indexOf('['));
    })
    .replace(/[ \t]\+$/, '');
}

/**
 * A reStructuredText field (`:Languages: Python, Bash`) is a label and its text
 * (`Languages: Python, Bash`), as a line run in after a label is.
 */
const FIELD_LISTS = rule('text-field-lists', 'reader');
/** A reStructuredText field's name between colons at the line's start, a space after it. */
const FIELD_NAME = /^:([^:\s`][^:`]{0,40}):[ \t]+(?=\S)/;

/**
 * AsciiDoc's lines that its processor reads and never shows are no text: a preprocessor
 * directive (`ifndef::backend-pdf[]`, `endif::[]`, `include::contact.adoc[]`) and a block's
 * attribute line (`[%hardbreaks]`, `[cols="1,3"]`, `[NOTE]`).
 */
const ASCIIDOC_DIRECTIVES = rule('text-asciidoc-directives', 'reader');
/** An AsciiDoc preprocessor directive, a whole line: `ifdef::env-github[]`. */
const ASCIIDOC_DIRECTIVE =
  /^(?:ifn?def|ifeval|endif|include)::[^[\]]{0,300}\[[^\]]{0,300}\][ \t]*$/;
/** An AsciiDoc block's attributes, a whole line: `[%hardbreaks]`, `[source,python]`, `[.lead]`. */
const ASCIIDOC_ATTRIBUTES =
  /^\[(?:%|\.|#|cols=|options=|role=|source|listing|discrete|float|literal|quote|verse|horizontal|NOTE|TIP|IMPORTANT|WARNING|CAUTION)[^[\]]{0,200}\][ \t]*$/;

/** More than this share of control or replacement characters makes a file unreadable. */
const MAX_CONTROL_SHARE = 0.01;

function decode(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 2);
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function controlCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const control =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) ||
      code === 0x7f;
    if (control || code === 0xfffd || (code >= 0x80 && code < 0xa0)) count++;
  }
  return count;
}

/** A line of `=` (a heading) or `-` (a lower one) under a line of text. */
const UNDERLINE = /^ {0,3}(=+|-+) *$/;
/** The characters a rule after a heading's words is drawn with. */
const RULE_CHARS = '-=_─';
/** The most characters of a heading before its rule. */
const MAX_RULED_HEADING = 60;

/**
 * The words of a line that a rule follows to its end (`SKILLS ------`, `Education =====`): three
 * or more of one rule character after a space, a letter or figure before; null for any other line
 * (a table's rules, `----  ----`, among them).
 */
function ruledHeading(line: string): string | null {
  const text = line.trimEnd();
  const mark = text.at(-1) ?? '';
  if (mark === '' || !RULE_CHARS.includes(mark)) return null;
  let start = text.length;
  while (start > 0 && text[start - 1] === mark) start--;
  const words = text.slice(0, start);
  if (text.length - start < 3 || !words.endsWith(' ')) return null;
  const heading = words.trim();
  const fits = heading.length <= MAX_RULED_HEADING && /[\p{L}\p{N}]/u.test(heading);
  return fits && !/^\s/.test(line) ? heading : null;
}

/**
 * Two spaces or more between words, as plain text sets columns (`Python      Java      SQL`, a
 * table typed or exported as text); not after a stop or a colon, where typists put two.
 */
const SPACED_COLUMNS = /(?<=[\p{L}\p{N})]) {2,}(?=[\p{L}\p{N}(])/gu;
/** The fewest spaces of a gap that parts two columns alone on its line (`Jane Doe    jane@…`). */
const WIDE_GAP = 4;

/**
 * A line with its columns parted by tabs: where two gaps or more run through it (a row of three
 * columns), or one wide one; a lone gap of two or three spaces (`Jane  Doe`, `TX  78701`) is
 * a typist's, not a column's.
 */
function spacedColumns(text: string): string {
  // Letters spaced out part words by their wider gaps, not columns (`J A N E    D O E`).
  if (isLetterSpaced(text.trim())) return text;
  const gaps = text.match(SPACED_COLUMNS) ?? [];
  const columns = gaps.length >= 2 || gaps.some((gap) => gap.length >= WIDE_GAP);
  return columns && ruleOn(SPACE_COLUMNS) ? text.replace(SPACED_COLUMNS, '\t') : text;
}

/** A Pandoc attribute after a heading: `### Skills {#skills}`. */
const ATTRIBUTES = / \{[#.][^{}]{0,80}\}$/;
/** A Markdown or AsciiDoc heading's mark: `## Skills`, `== Skills`. */
const HEADING_MARK = /^ {0,3}(#{1,6}|={1,6})[ \t]+(?=\S)/;
/** A list item's mark: a bullet, or a number and a dot or bracket. */
const LIST_MARK = /^[ \t]*(?:[-*+•●▪◦‣∙■□➢►–—]|\d{1,3}[.)])[ \t]+(?=\S)/;
/**
 * A bullet as Word's plain text writes it, as it was drawn: a symbol font's glyph (U+F0B7), a
 * middle dot, an angle quote, or a letter of the font before a tab (`o`, the section sign).
 */
const WORD_MARK = /^[ \t]*(?:[·›»\uf000-\uf0ff]|[o\u00a7](?=\t))[ \t]+(?=\S)/;

const listMark = (line: string) =>
  LIST_MARK.exec(line) ?? (ruleOn(WORD_BULLETS) ? WORD_MARK.exec(line) : null);
/** A line wholly in strong emphasis: `**Computer Languages**`, `__Tools__`. */
const STRONG_LINE = /^ {0,3}(\*\*|__)[^*_]{1,200}\1:? *$/;
/** Strong emphasis a line opens with, text after it: `**Harbour Surveyor** for Globex`. */
const STRONG_LEAD = /^(\*\*|__)(?=\S)[^*_]{1,200}?\1(?=[^*_]*\S)/;

/** A line with the strong emphasis it opens with as its lead, marks and all (document.ts). */
function withLead(raw: RawLine): RawLine {
  const lead = STRONG_LEAD.exec(raw.text)?.[0];
  return lead === undefined ? raw : { ...raw, lead };
}

/** A Markdown definition's mark (Pandoc): `:   Python, Go` under its term. */
const DEFINITION_MARK = /^ {0,3}:[ \t]+(?=\S)/;
/** Spaces that make one level of indentation (a tab is one level). */
const INDENT_SPACES = 2;

/** A Pandoc simple table's rule: two or more runs of dashes parted by spaces, one per column. */
const TABLE_RULE = /^ *-{3,}(?: +-{3,})+ *$/;
/** A pipe that parts cells: one not escaped (`\|` is text). */
const CELL_PIPE = /(?<!\\)\|/;
/** A delimiter row's cell: dashes, a colon at either end for the alignment. */
const DELIMITER_CELL = /^:?-{2,}:?$/;

/** A pipe table row's cells: the pipes at its edges dropped, each cell trimmed. */
const pipeCells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(CELL_PIPE)
    .map((cell) => cell.trim());

/** A Markdown pipe table's delimiter row: `:--- | ---:`, `|---|---|`; a pipe at least. */
const isDelimiterRow = (line: string) =>
  CELL_PIPE.test(line) && pipeCells(line).every((cell) => DELIMITER_CELL.test(cell));

/**
 * A simple table row's cells, by the columns its rule's dashes mark: each run of text (words
 * parted by single spaces) goes to the column it starts in, so a right-aligned cell that starts
 * inside its column, or a long one that runs past its rule, stays whole.
 */
function ruledCells(line: string, starts: readonly number[]): string[] {
  const cells = starts.map(() => '');
  for (const run of line.matchAll(/\S+(?: \S+)*/g)) {
    let column = 0;
    while (column + 1 < starts.length && (starts[column + 1] as number) <= run.index) column++;
    cells[column] = cells[column] ? `${cells[column]} ${run[0]}` : run[0];
  }
  return cells;
}

/** A table's row as a line: its cells parted by tabs, and where it stands. */
function rowLine(cells: string[], table: number, row: number, indent: number): RawLine {
  const line: RawLine = {
    text: cells.join('\t'),
    table: { table, row, column: 0, columns: cells },
  };
  if (indent > 0) line.indent = indent;
  return line;
}

function indentOf(line: string): number {
  let level = 0;
  for (const char of line) {
    if (char === '\t') level += INDENT_SPACES;
    else if (char === ' ') level++;
    else break;
  }
  return Math.floor(level / INDENT_SPACES);
}

/** Plain text's lines with what its marks say of them. */
function textLines(text: string): RawLine[] {
  const lines = text.split(/\r\n|[\r\n\f\v\u2028\u2029]/);
  const front = frontMatter(lines);
  const out: RawLine[] = front ? [...front.lines] : [];
  let tables = 0;
  const asciidoc =
    ruleOn(ASCIIDOC_ATTRIBUTES_READ) && lines.some((line) => ASCIIDOC_HEADING.test(line));
  const attributes = new Map<string, string>();
  // The closing tags of raw HTML elements no later line holds (text-style-blocks).
  const unclosed = new Set<string>();
  const setting = ruleOn(ORG_SETTINGS) ? /^#\+\w{1,30}:/ : /^#\+title:/i;
  const org =
    ruleOn(ORG_MODE) && lines.slice(0, MAX_FRONT_LINES).some((line) => setting.test(line));
  for (let index = front ? front.end + 1 : 0; index < lines.length; index++) {
    const written = lines[index] ?? '';
    const style = ruleOn(STYLE_BLOCKS) ? STYLE_OPEN.exec(written) : null;
    if (style) {
      // To the line that closes it, this one if it does; one never closed hides only its own
      // (and once none is found, none is looked for again).
      const close = `</${style[1]}`.toLowerCase();
      let end = index;
      while (
        !unclosed.has(close) &&
        end < lines.length &&
        !(lines[end] ?? '').toLowerCase().includes(close)
      )
        end++;
      if (end < lines.length) index = end;
      else unclosed.add(close);
      continue;
    }
    const hidden = org && ruleOn(ORG_EXPORT) ? orgHiddenTo(lines, index) : -1;
    if (hidden >= 0) {
      index = hidden;
      continue;
    }
    if (org) {
      const setting = ORG_SETTING.exec(written);
      if (setting) {
        const key = (setting[1] ?? '').toLowerCase();
        const value = orgShown(setting[2] ?? '').trim();
        if (ORG_TEXT_KEYS.has(key) && value !== '') {
          out.push(key === 'title' ? { text: value, heading: 1 } : { text: value });
        }
        continue;
      }
      const heading = ORG_HEADING.exec(written);
      if (heading?.[1] && heading[2]) {
        const text = ruleOn(ORG_EXPORT) ? orgTags(heading[2]).text : heading[2];
        out.push({ ...orgEmphasis(orgShown(text)), heading: heading[1].length });
        continue;
      }
    }
    const directive = ASCIIDOC_DIRECTIVE.test(written) || ASCIIDOC_ATTRIBUTES.test(written);
    if (directive && ruleOn(ASCIIDOC_DIRECTIVES)) continue;
    if (CODE_FENCE.test(written) && ruleOn(CODE_FENCES)) continue;
    const entry = asciidoc ? ATTRIBUTE_ENTRY.exec(written) : null;
    if (entry) {
      const key = (entry[1] ?? '').toLowerCase();
      const value = asciidocShown((entry[2] ?? '').trim(), attributes);
      attributes.set(key, value);
      if (ATTRIBUTE_TEXT_KEYS.has(key) && value !== '') out.push({ text: value });
      continue;
    }
    const shown = asciidoc ? asciidocShown(written, attributes) : written;
    const linked = org ? orgShown(shown) : withoutTex(shown);
    const line = ruleOn(FIELD_LISTS) ? linked.replace(FIELD_NAME, '$1: ') : linked;
    if (ruleOn(TEXT_TABLES) && TABLE_RULE.test(line)) {
      // A simple table: its rows run to a blank line or its closing rule; the rules are no text.
      // Under a rule whose next line fills one column only, the lines are no table's.
      const starts = [...line.matchAll(/-+/g)].map((dashes) => dashes.index);
      const filled = (row: string) => ruledCells(row, starts).filter(Boolean).length;
      if (filled(lines[index + 1] ?? '') < 2) continue;
      let row = 0;
      while (index + 1 < lines.length && (lines[index + 1] ?? '').trim() !== '') {
        const next = lines[++index] ?? '';
        if (TABLE_RULE.test(next)) break;
        out.push(rowLine(ruledCells(next, starts), tables, row++, indentOf(next)));
      }
      tables++;
      continue;
    }
    if (ruleOn(TEXT_TABLES) && isDelimiterRow(line)) {
      // A pipe table: the row above is its head (none where it holds no text), the rows below
      // run while they hold a pipe; the delimiter row is no text.
      const head = out.at(-1);
      let row = 0;
      if (head && !head.table && CELL_PIPE.test(head.text)) {
        out.pop();
        const cells = pipeCells(head.text);
        if (cells.some(Boolean)) out.push(rowLine(cells, tables, row++, head.indent ?? 0));
      }
      while (index + 1 < lines.length && CELL_PIPE.test(lines[index + 1] ?? '')) {
        const next = lines[++index] ?? '';
        out.push(rowLine(pipeCells(next), tables, row++, indentOf(next)));
      }
      tables++;
      continue;
    }
    const under = UNDERLINE.exec(lines[index + 1] ?? '');
    if (under?.[1] && line.trim() !== '' && !UNDERLINE.test(line)) {
      // An underline of three or more parts the heading from what follows; `--` may be a dash.
      // Under the last line of a paragraph (a contact block), it is a rule between blocks.
      const above = lines[index - 1] ?? '';
      const alone = above.trim() === '' || UNDERLINE.test(above);
      if (!alone && under[1].length >= 3) {
        out.push({ text: line }, { text: '' });
        index++;
        continue;
      }
      if (under[1].length >= 3 || under[1].startsWith('=')) {
        out.push({ text: line, heading: under[1].startsWith('=') ? 1 : 2 });
        index++;
        continue;
      }
    }
    const ruled = ruleOn(TRAILING_RULE) ? ruledHeading(line) : null;
    if (ruled !== null && (lines[index - 1] ?? '').trim() === '') {
      out.push({ text: ruled, heading: 2 });
      continue;
    }
    const heading = HEADING_MARK.exec(line);
    if (heading?.[1]) {
      const written = line.slice(heading[0].length);
      const text = ruleOn(CLOSING_MARKS)
        ? withoutClosingMarks(written, heading[1].charAt(0))
        : written;
      out.push({ text: text.replace(ATTRIBUTES, ''), heading: heading[1].length });
      continue;
    }
    const definition = ruleOn(TEXT_MARKS) ? DEFINITION_MARK.exec(line) : null;
    if (definition) {
      const text = line.slice(definition[0].length);
      const item = listMark(text);
      const raw: RawLine = item
        ? { text: text.slice(item[0].length), indent: 1, list: true }
        : { text, indent: 1 };
      out.push(withLead(raw));
      continue;
    }
    const list = listMark(line);
    const text = list ? line.slice(list[0].length) : line;
    const broken = !org && ruleOn(HARD_BREAKS) ? beforeHardBreak(text) : null;
    const raw: RawLine = { text: spacedColumns(broken ?? text) };
    if (broken !== null) raw.breaks = true;
    const indent = indentOf(line);
    if (indent > 0) raw.indent = indent;
    if (list) raw.list = true;
    if (ruleOn(TEXT_MARKS) && STRONG_LINE.test(line)) raw.bold = true;
    if (ruleOn(HTML_HEAD_CELLS) && HEAD_CELL.test(line)) raw.bold = true;
    out.push(raw.bold ? raw : withLead(raw));
  }
  return out;
}

export function readText(bytes: Uint8Array): ReadResult {
  const text = decode(bytes).slice(0, MAX_TEXT_CHARS);
  if (controlCount(text) > text.length * MAX_CONTROL_SHARE) return failure('unreadable');
  return documentResult(textLines(text));
}
