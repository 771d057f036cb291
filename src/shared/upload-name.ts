// The unique name the browser sends with an upload (docs/form.md): timestamp, random string and
// the original name; and the name the server stores the resume under, which takes nothing from
// it (issue 30: no candidate's name in links and logs) and is always one the resume route serves.
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
/**
 * The server's random part: 128 bits as lower-case hex (docs/api.md).
 * @internal Tests name it, not its figure (upload-name, readme-facts).
 */
export const RANDOM_PART_LENGTH = 32;
const LONGEST_EXTENSION = Math.max(...RESUME_TYPES.map((type) => type.length));
/**
 * The longest stem of the names given out before the stored name lost its stem: the room between
 * `<random>-` and `.<ext>`.
 * @internal Tests name it, not its figure (upload-name.test.ts).
 */
export const EARLIER_MAX_STEM_LENGTH =
  MAX_STORED_NAME_LENGTH - RANDOM_PART_LENGTH - 2 - LONGEST_EXTENSION;

/** Exactly the names storedResumeName gives out: the random part and the type's extension. */
const STORED_RESUME_NAME = /^[0-9a-f]{32}\.(?:pdf|doc|docx|txt|rtf)$/;
/**
 * The names given out before: `<random>-<stem of the file's own name>.<ext>` (words of letters
 * and digits joined by single separators). Served still, until retention removes them: the
 * provider may fetch a link it was given then.
 */
const EARLIER_STORED_NAME =
  /^[0-9a-f]{32}-[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*\.(?:pdf|doc|docx|txt|rtf)$/;

/**
 * The one place a stored resume's name is decided: `<random>.<verified type>`. Nothing of the
 * candidate's own file name, which often is their name: the stored name is in the public link,
 * in access logs and in the provider's records. The candidate still sees their own file's name.
 */
export function storedResumeName(type: ResumeType, randomHex: string): string {
  return `${randomHex}.${type}`;
}

/** Whether `name` is one that storedResumeName gives or gave out; the resume route serves no other. */
export function isStoredResumeName(name: string): boolean {
  if (STORED_RESUME_NAME.test(name)) return true;
  const stemLength = name.lastIndexOf('.') - RANDOM_PART_LENGTH - 1;
  return (
    name.length <= MAX_STORED_NAME_LENGTH &&
    stemLength <= EARLIER_MAX_STEM_LENGTH &&
    EARLIER_STORED_NAME.test(name)
  );
}

/**
 * The stored resume that `url` links to under `base` (`<PUBLIC_BASE_URL>/candidate/resumes/`),
 * or null when it links anywhere else: whitespace around it aside, the exact prefix, then a name
 * the resume route serves.
 */
export function storedNameIn(url: string, base: string): string | null {
  const link = url.trim();
  if (base === '' || !link.startsWith(base)) return null;
  const name = link.slice(base.length);
  return isStoredResumeName(name) ? name : null;
}
