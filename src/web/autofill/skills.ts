// Key skills: the items of the skills sections' lists (docs/autofill.md).
import { MAX_LENGTHS } from '../../shared/constants.ts';
import { DATE_LIKE } from './job-title.ts';
import { BULLET, trimEdges } from './lines.ts';
import { CAPS_HEADING, type Section } from './sections.ts';

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

export function skillsIn(sections: readonly Section[]): string | undefined {
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
