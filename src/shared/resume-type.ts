import { isResumeType, RESUME_MIME, RESUME_TYPES, type ResumeType } from './constants.ts';

const MIME_TO_TYPE: ReadonlyMap<string, ResumeType> = new Map([
  ...RESUME_TYPES.map((type) => [RESUME_MIME[type], type] as const),
  ['text/rtf', 'rtf'],
  ['application/x-rtf', 'rtf'],
]);

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The resume type a file claims, by extension first (browsers report no or odd MIME types for
 * Office files), else by MIME type; null when it claims none of the allowed types (spec §5).
 */
export function claimedResumeType(filename: string, mimeType = ''): ResumeType | null {
  const extension = extensionOf(filename);
  if (isResumeType(extension)) return extension;
  const mime = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME_TO_TYPE.get(mime) ?? null;
}

/** The `accept` value for file pickers: extensions and MIME types of the allowed resumes. */
export const RESUME_ACCEPT: Record<string, string[]> = Object.fromEntries(
  RESUME_TYPES.map((type) => [RESUME_MIME[type], [`.${type}`]]),
);
