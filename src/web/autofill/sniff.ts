// The type of a resume by its first bytes, never by its name (as the server checks uploads).

export type SniffedType = 'pdf' | 'doc' | 'docx' | 'rtf' | 'image' | 'text' | 'empty';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const SIGNATURES: [Exclude<SniffedType, 'text' | 'empty'>, number[]][] = [
  ['pdf', ascii('%PDF-')],
  ['doc', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['docx', [0x50, 0x4b, 0x03, 0x04]],
  ['rtf', ascii('{\\rtf')],
  ['image', [0x89, 0x50, 0x4e, 0x47]],
  ['image', [0xff, 0xd8, 0xff]],
  ['image', ascii('GIF8')],
];

/** What the bytes are; anything without a known signature is read as text, if it is text. */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) return 'empty';
  return SIGNATURES.find(([, signature]) => startsWith(bytes, signature))?.[0] ?? 'text';
}
