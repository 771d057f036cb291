// The checks before the provider call (spec §5), in their order, with their messages.
import { CHECK_MESSAGES } from './messages.ts';
import { looksLikeResumeUrl } from './url.ts';

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED_FIELDS = ['first_name', 'last_name', 'email', 'password', 'zip_code'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The first failing check's message, or null when the body may go to the provider. */
export function checkBeforeProviderCall(body: unknown): string | null {
  const request = isRecord(body) ? body : {};
  const { email, uploaded_resume: file, resume_url: url } = request;

  if (typeof email !== 'string' || !BASIC_EMAIL.test(email.trim())) return CHECK_MESSAGES.email;
  if (isRecord(file)) {
    if (!filled(file.resume_content_base64)) return CHECK_MESSAGES.resumeContent;
  } else if (filled(url)) {
    if (!looksLikeResumeUrl(url as string)) return CHECK_MESSAGES.resumeUrl;
  } else {
    return CHECK_MESSAGES.resumeMissing;
  }
  if (!REQUIRED_FIELDS.every((field) => filled(request[field]))) return CHECK_MESSAGES.required;
  return null;
}
