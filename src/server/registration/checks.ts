// The checks before the provider call (docs/form.md), in their order, with their messages, and the
// length guard that runs before them.
import type { MessageDescriptor } from '@lingui/core';
import { MAX_LENGTHS, MAX_RESUME_FIELD_LENGTHS, type ResumeType } from '../../shared/constants.ts';
import { type LinkHostPolicy, LOCAL_LINKS } from '../../shared/contract.ts';
import { isRecord } from '../../shared/is-record.ts';
import {
  CHECK_TEXTS,
  type TooLongField,
  tooLongMessage,
  tooLongText,
  UPLOAD_ERROR_TEXTS,
} from '../../shared/messages.ts';
import { acceptedResumeLink, resumeUrlHost } from '../../shared/url.ts';
import { checkInlineResume, type InlineResumeProblem } from './inline-resume.ts';
import type { RegistrationRequest } from './request-schema.ts';

/**
 * Something, an @, then a domain with a dot that is neither its first nor its last character:
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ spelled so that no input can make it backtrack (the domain's
 * first character, then the run up to its first dot after that).
 */
const BASIC_EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const REQUIRED_FIELDS = ['first_name', 'last_name', 'email', 'password', 'zip_code'] as const;

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

interface TooLong {
  /** The body's key: a field of the candidate, or `uploaded_resume` for its nested fields. */
  field: string;
  message: string;
}

type LengthLimits = Readonly<Record<string, number>>;

/** The first of `limits`' fields that holds a longer string in `record`, with its limit. */
function overLimit<L extends LengthLimits>(record: Record<string, unknown>, limits: L) {
  return (Object.entries(limits) as [keyof L & string, number][]).find(([field, max]) => {
    const value = record[field];
    return typeof value === 'string' && value.length > max;
  });
}

/**
 * The first text field longer than MAX_LENGTHS allows, or null: the body's key (`field`,
 * `uploaded_resume` for its nested fields) and the limit it broke. The server runs this before
 * anything else reads the body, so no pattern ever sees a longer value.
 */
function tooLongOf(
  body: unknown,
): { field: string; limit: readonly [TooLongField, number] } | null {
  if (!isRecord(body)) return null;
  const field = overLimit(body, MAX_LENGTHS);
  if (field) return { field: field[0], limit: field };
  const file = body.uploaded_resume;
  const nested = isRecord(file) ? overLimit(file, MAX_RESUME_FIELD_LENGTHS) : undefined;
  return nested ? { field: 'uploaded_resume', limit: nested } : null;
}

/** tooLongOf with its message, to say in the request's language. */
export function firstTooLong(body: unknown): { field: string; text: MessageDescriptor } | null {
  const found = tooLongOf(body);
  return found && { field: found.field, text: tooLongText(found.limit[0], found.limit[1]) };
}

/**
 * tooLongOf with its message in English.
 * @internal Pure, and tested directly in test/lengths.test.ts.
 */
export function firstTooLongField(body: unknown): TooLong | null {
  const found = tooLongOf(body);
  return found && { field: found.field, message: tooLongMessage(found.limit[0], found.limit[1]) };
}

/**
 * The first failing check's message in English, or null when the body may go to the provider.
 * @internal Pure, and tested directly in checks.test.ts.
 */
export function checkBeforeProviderCall(
  body: unknown,
  links: LinkHostPolicy = LOCAL_LINKS,
): string | null {
  return failedCheck(body, links)?.message ?? null;
}

/** The host of the link the provider would fetch: a resume_url that is the resume, else null. */
export function linkedHost(body: unknown): string | null {
  if (!isRecord(body) || isRecord(body.uploaded_resume)) return null;
  return typeof body.resume_url === 'string' ? resumeUrlHost(body.resume_url) : null;
}

/** The first failing check's message, to translate, or null when the body may go further. */
export function failedCheck(
  body: unknown,
  links: LinkHostPolicy = LOCAL_LINKS,
): MessageDescriptor | null {
  const request = isRecord(body) ? body : {};
  const { email, uploaded_resume: file, resume_url: url } = request;

  if (typeof email !== 'string' || !BASIC_EMAIL.test(email.trim())) return CHECK_TEXTS.email;
  if (isRecord(file)) {
    if (!filled(file.resume_content_base64)) return CHECK_TEXTS.resumeContent;
  } else if (filled(url)) {
    // The page's "Add" runs the same rule, so a link it attached is never refused here.
    if (acceptedResumeLink(url as string, links) === null) return CHECK_TEXTS.resumeUrl;
  } else {
    return CHECK_TEXTS.resumeMissing;
  }
  if (!REQUIRED_FIELDS.every((field) => filled(request[field]))) return CHECK_TEXTS.required;
  return null;
}

/** An inline resume that passed checkInlineResume: its trimmed base64 and the type it proved. */
interface CheckedResume {
  base64: string;
  type: ResumeType;
}

/** A parsed request whose inline resume, if any, is checked: what the provider record is made of. */
export type CheckedRequest = Omit<RegistrationRequest, 'uploaded_resume'> & {
  uploaded_resume?: CheckedResume | null;
};

/**
 * What the candidate reads for each problem of an inline resume: POST /api/upload's message for
 * the same failure, and check 2's for content that is not base64 (docs/form.md).
 */
const INLINE_RESUME_TEXTS: Record<InlineResumeProblem, MessageDescriptor> = {
  empty: UPLOAD_ERROR_TEXTS.empty,
  malformed: CHECK_TEXTS.resumeContent,
  tooLarge: UPLOAD_ERROR_TEXTS.tooLarge,
  type: UPLOAD_ERROR_TEXTS.type,
};

/**
 * The resume file's check, after the page's own rules (docs/form.md): the request with its inline
 * resume checked, or the message of the resume's problem, to say on `uploaded_resume`.
 */
export function checkedResume(
  request: RegistrationRequest,
): { ok: true; request: CheckedRequest } | { ok: false; text: MessageDescriptor } {
  const file = request.uploaded_resume;
  if (!file) return { ok: true, request: { ...request, uploaded_resume: null } };
  const checked = checkInlineResume(file.resume_content_base64);
  if (!checked.ok) return { ok: false, text: INLINE_RESUME_TEXTS[checked.problem] };
  const resume = { base64: checked.base64, type: checked.type };
  return { ok: true, request: { ...request, uploaded_resume: resume } };
}
