// A resume sent inline as base64 (POST /api/register's uploaded_resume), checked as POST
// /api/upload checks a file (docs/api.md): strict base64, at most MAX_RESUME_BYTES, and a type
// its first bytes prove (resumeHeadMatches, the upload's own reading). Pure: no Buffer, which
// would silently skip what is not base64.
import { MAX_RESUME_BYTES, RESUME_TYPES, type ResumeType } from '../../shared/constants.ts';
import { resumeHeadMatches } from './resume-head.ts';

/**
 * The allowed type a whole file's bytes prove: the first signature they start with, else plain
 * text when they hold no NUL byte; null for anything else (an executable, an image). As on
 * upload, the first bytes are all that is read: any zip passes as docx.
 */
function provenResumeType(bytes: Uint8Array): ResumeType | null {
  const signed = RESUME_TYPES.filter((type) => type !== 'txt');
  return [...signed, 'txt' as const].find((type) => resumeHeadMatches(type, bytes, true)) ?? null;
}

export type InlineResumeProblem = 'empty' | 'malformed' | 'tooLarge' | 'type';

export type InlineResume =
  | { ok: true; base64: string; type: ResumeType }
  | { ok: false; problem: InlineResumeProblem };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES: readonly number[] = Array.from({ length: 128 }, (_, code) =>
  ALPHABET.indexOf(String.fromCharCode(code)),
);
const valueAt = (text: string, index: number): number => VALUES[text.charCodeAt(index)] ?? -1;

/** The bytes `text` decodes to, once its canonical form is known (canonicalBase64Length). */
function decode(text: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let out = 0;
  for (let index = 0; index < text.length; index += 4) {
    const quad =
      (valueAt(text, index) << 18) |
      (valueAt(text, index + 1) << 12) |
      (Math.max(valueAt(text, index + 2), 0) << 6) |
      Math.max(valueAt(text, index + 3), 0);
    bytes[out++] = quad >> 16;
    if (out < length) bytes[out++] = (quad >> 8) & 0xff;
    if (out < length) bytes[out++] = quad & 0xff;
  }
  return bytes;
}

/**
 * The number of bytes `text` encodes when it is canonical base64, else null: the standard
 * alphabet (not the URL-safe one), a length that is a multiple of 4, `=` only as the last one or
 * two characters, the bits the padding leaves over all zero, and nothing else: no whitespace, no
 * line breaks, no other character. Exactly the strings that Buffer's base64 encoder gives out.
 */
function canonicalBase64Length(text: string): number | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const end = text.length - padding;
  for (let index = 0; index < end; index++) {
    if (valueAt(text, index) < 0) return null;
  }
  if (padding === 2 && (valueAt(text, end - 1) & 0x0f) !== 0) return null;
  if (padding === 1 && (valueAt(text, end - 1) & 0x03) !== 0) return null;
  return (text.length / 4) * 3 - padding;
}

/**
 * The one check of an inline resume, in this order: nothing but whitespace (`empty`), not
 * canonical base64 once the whitespace around it is trimmed (`malformed`: whitespace inside, a
 * line-wrapped encoding, the URL-safe alphabet, missing or misplaced padding), more than `limit`
 * bytes once decoded (`tooLarge`), bytes that prove none of the allowed types (`type`). On success
 * the trimmed base64 and the type the bytes proved: the name the candidate gave is never used.
 */
export function checkInlineResume(content: string, limit = MAX_RESUME_BYTES): InlineResume {
  const text = content.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  const length = canonicalBase64Length(text);
  if (length === null) return { ok: false, problem: 'malformed' };
  if (length > limit) return { ok: false, problem: 'tooLarge' };
  const type = provenResumeType(decode(text, length));
  return type === null ? { ok: false, problem: 'type' } : { ok: true, base64: text, type };
}
