// The type of a resume by its first bytes, never by its name: the signatures the server checks
// uploads against (RESUME_SIGNATURES), and those of images, which hold no text to read.
import { RESUME_SIGNATURES } from '../../shared/resume-type.ts';

export type SniffedType = 'pdf' | 'doc' | 'docx' | 'rtf' | 'image' | 'text' | 'empty';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

type Signature = readonly [Exclude<SniffedType, 'text' | 'empty'>, readonly number[]];

const SIGNATURES: readonly Signature[] = [
  ...Object.entries(RESUME_SIGNATURES).map(
    ([type, signature]): Signature => [type as keyof typeof RESUME_SIGNATURES, signature],
  ),
  ['image', [0x89, 0x50, 0x4e, 0x47]],
  ['image', [0xff, 0xd8, 0xff]],
  ['image', ascii('GIF8')],
];

/** What the bytes are; anything without a known signature is read as text, if it is text. */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) return 'empty';
  return SIGNATURES.find(([, signature]) => startsWith(bytes, signature))?.[0] ?? 'text';
}
