// The unique name the browser sends with an upload (spec §7.1): timestamp, random string and
// the original name; and the name the server stores the resume under, which treats that name as
// a hint only (DESIGN §3) and is always one the resume route serves.
import { RESUME_TYPES, type ResumeType } from './constants.ts';

export function uploadFilename(originalName: string, now: number, random: () => number): string {
  const token = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${now}-${token}-${originalName}`;
}

/**
 * The longest stored name: Fastify's default `maxParamLength`, so that every name this module
 * gives out fits the resume route's parameter (app.ts sets the router to it).
 */
export const MAX_STORED_NAME_LENGTH = 100;
/** The server's random part: 128 bits as lower-case hex (DESIGN §3). */
export const RANDOM_PART_LENGTH = 32;
/** The stem that a hint with nothing safe left in it gets. */
export const FALLBACK_STEM = 'resume';
const LONGEST_EXTENSION = Math.max(...RESUME_TYPES.map((type) => type.length));
/** Room left for the stem between `<random>-` and `.<ext>`. */
export const MAX_STEM_LENGTH = MAX_STORED_NAME_LENGTH - RANDOM_PART_LENGTH - 2 - LONGEST_EXTENSION;

/** The browser's own prefix (uploadFilename above): a millisecond timestamp and a token. */
const BROWSER_PREFIX = /^\d{13}-[0-9a-z]{1,16}-/;
/** A resume type's extension at the end of the hint; the stored name gets its own. */
const RESUME_EXTENSION = /\.(?:pdf|docx?|txt|rtf)$/i;
const COMBINING_MARKS = /\p{M}/gu;
const UNSAFE = /[^A-Za-z0-9._-]/g;
/** A run of separators, kept as its first one. */
const SEPARATOR_RUN = /([._-])[._-]+/g;
const SEPARATOR = /[._-]/;
/**
 * Exactly the names storedResumeName gives out: words of letters and digits joined by single
 * separators, after the random part, then a resume type's extension.
 */
const STORED_RESUME_NAME =
  /^[0-9a-f]{32}-[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*\.(?:pdf|doc|docx|txt|rtf)$/;

/** Trims separators off both ends (runs are already single characters here). */
function trimSeparators(text: string): string {
  const start = SEPARATOR.test(text.charAt(0)) ? 1 : 0;
  const end =
    text.length - (text.length > start && SEPARATOR.test(text.charAt(text.length - 1)) ? 1 : 0);
  return text.slice(start, end);
}

/**
 * The safe stem of the hint the browser sent (or the file part's own name): its last path
 * segment without the browser's prefix and a resume extension, accents folded, only
 * [A-Za-z0-9._-] kept, separators single and never at either end, at most MAX_STEM_LENGTH
 * long; FALLBACK_STEM when nothing is left.
 */
export function resumeStem(hint: string): string {
  const lastSegment = hint.slice(Math.max(hint.lastIndexOf('/'), hint.lastIndexOf('\\')) + 1);
  const safe = lastSegment
    .trim()
    .replace(BROWSER_PREFIX, '')
    .replace(RESUME_EXTENSION, '')
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(UNSAFE, '')
    .replace(SEPARATOR_RUN, '$1');
  const stem = trimSeparators(trimSeparators(safe).slice(0, MAX_STEM_LENGTH));
  return stem === '' ? FALLBACK_STEM : stem;
}

/** The one place a stored resume's name is decided: `<random>-<safe stem>.<verified type>`. */
export function storedResumeName(hint: string, type: ResumeType, randomHex: string): string {
  return `${randomHex}-${resumeStem(hint)}.${type}`;
}

/** Whether `name` is one that storedResumeName can give out; the resume route serves no other. */
export function isStoredResumeName(name: string): boolean {
  const stemLength = name.lastIndexOf('.') - RANDOM_PART_LENGTH - 1;
  return (
    name.length <= MAX_STORED_NAME_LENGTH &&
    stemLength <= MAX_STEM_LENGTH &&
    STORED_RESUME_NAME.test(name)
  );
}
