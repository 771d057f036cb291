// Checks an upload as it streams: the first bytes must match the claimed type, a text file
// holds no NUL byte (resumeHeadMatches, which an inline resume is checked with too), and nothing
// past MAX_RESUME_BYTES goes through (docs/api.md).
import { MAX_RESUME_BYTES, type ResumeType } from '../../shared/constants.ts';
import { resumeHeadMatches as headMatches } from '../registration/resume-head.ts';

export type UploadProblem = 'empty' | 'tooLarge' | 'contentMismatch';

export class UploadRejected extends Error {
  constructor(readonly problem: UploadProblem) {
    // The candidate reads UPLOAD_ERRORS[problem], in their language (upload.ts, beside this file).
    super(`upload rejected: ${problem}`);
  }
}

/**
 * Passes the file's bytes on once its head is verified. On a problem it keeps draining the
 * source (so the request completes and the client reads a clean answer) and throws at the end.
 */
export async function* checkedUpload(
  source: AsyncIterable<Buffer>,
  type: ResumeType,
  isTruncated: () => boolean,
  limit = MAX_RESUME_BYTES,
): AsyncGenerator<Buffer> {
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let verified = false;
  let problem: UploadProblem | null = null;

  for await (const chunk of source) {
    if (problem) continue;
    size += chunk.length;
    if (size > limit) {
      problem = 'tooLarge';
      continue;
    }
    if (verified) {
      if (type === 'txt' && chunk.includes(0)) problem = 'contentMismatch';
      else yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    const match = headMatches(type, head, false);
    if (match === false) problem = 'contentMismatch';
    if (match === true) {
      verified = true;
      yield head;
    }
  }
  if (!problem && isTruncated()) problem = 'tooLarge';
  if (!problem && size === 0) problem = 'empty';
  if (!problem && !verified) {
    if (headMatches(type, head, true)) yield head;
    else problem = 'contentMismatch';
  }
  if (problem) throw new UploadRejected(problem);
}
