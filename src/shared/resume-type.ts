import { isResumeType, RESUME_MIME, RESUME_TYPES, type ResumeType } from './constants.ts';

const MIME_TO_TYPE: ReadonlyMap<string, ResumeType> = new Map([
  ...RESUME_TYPES.map((type) => [RESUME_MIME[type], type] as const),
  ['text/rtf', 'rtf'],
  ['application/x-rtf', 'rtf'],
]);

/**
 * The first bytes of each resume type but plain text (which has none; it holds no NUL byte): the
 * server checks an upload against its claimed type with these, and the autofill reads a file as
 * whatever they say it is.
 */
export const RESUME_SIGNATURES: Readonly<Record<Exclude<ResumeType, 'txt'>, readonly number[]>> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  doc: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE compound file
  docx: [0x50, 0x4b, 0x03, 0x04], // a zip
  rtf: [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
};

/** @internal Pure, and tested directly in resume-type.test.ts. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The resume type a file claims, by extension first (browsers report no or odd MIME types for
 * Office files), else by MIME type; null when it claims none of the allowed types (docs/form.md).
 */
export function claimedResumeType(filename: string, mimeType = ''): ResumeType | null {
  const extension = extensionOf(filename);
  if (isResumeType(extension)) return extension;
  const mime = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME_TO_TYPE.get(mime) ?? null;
}
