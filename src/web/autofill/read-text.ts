// A plain-text resume: UTF-8 (a byte-order mark dropped), UTF-16 with its mark, else
// Windows-1252, which is what browsers decode "Latin-1" as. A file of control characters is
// binary, not text.
import { failure, linesResult, MAX_TEXT_CHARS, type ReadResult } from './read-result.ts';

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

export function readText(bytes: Uint8Array): ReadResult {
  const text = decode(bytes).slice(0, MAX_TEXT_CHARS);
  if (controlCount(text) > text.length * MAX_CONTROL_SHARE) return failure('unreadable');
  return linesResult(text);
}
