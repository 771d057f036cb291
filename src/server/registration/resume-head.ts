// The one reading of a resume's first bytes on the server (docs/api.md): an upload's stream
// (routes/upload-check.ts) and an inline resume (inline-resume.ts) both ask it.
import type { ResumeType } from '../../shared/constants.ts';
import { RESUME_SIGNATURES } from '../../shared/resume-type.ts';

/**
 * Whether the first bytes of a file fit `type`: its signature, or for plain text no NUL byte.
 * Null while fewer bytes than the signature are seen and more may come (`complete` false). The
 * one reading of a resume's first bytes on the server: an upload's stream (checkedUpload) and an
 * inline resume (checkInlineResume) both ask it.
 */
export function resumeHeadMatches(
  type: ResumeType,
  head: Uint8Array,
  complete: boolean,
): boolean | null {
  if (type === 'txt') return !head.includes(0);
  const signature = RESUME_SIGNATURES[type];
  if (head.length < signature.length) return complete ? false : null;
  return signature.every((byte, index) => head[index] === byte);
}
