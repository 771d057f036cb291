// Which registration toast the candidate sees for an answer of /api/register (docs/api.md), in the
// page's language (docs/languages.md).
import type { RegistrationAnswer } from '../../shared/contract.ts';
import { QUEUED_TOAST_TEXT } from '../../shared/messages.ts';
import { conflictText, say, REGISTRATION_TOAST_TEXTS as T } from '../../shared/page-texts.ts';
import { withoutTrailingSlashes } from '../../shared/url.ts';

export interface RegistrationToast {
  /** `queued`: the server keeps the registration and delivers it later (OUTBOX=on). */
  kind: 'registered' | 'queued' | 'error';
  message: string;
  /** The email is already registered: go to step 1 and select the email. */
  conflict: boolean;
  /**
   * On a page in another language than English: the provider's own English words after our
   * message, shown marked `lang="en"`; only where they name something the candidate can fix.
   */
  detail?: string;
}

const error = (message: string, conflict = false): RegistrationToast => ({
  kind: 'error',
  message,
  conflict,
});

/**
 * What marks an answer as "this email is taken", whatever its status: docs/form.md's "already exists"
 * and "Conflict", and the provider's other wording, "Candidate already registered" (its public
 * integration code shows both; research/provider-api.md).
 */
const CONFLICT_MARKERS = ['already exists', 'already registered', 'Conflict'] as const;

const marksConflict = (texts: readonly string[]) =>
  CONFLICT_MARKERS.some((marker) => texts.some((text) => text.includes(marker)));

/**
 * `answer` is null when our own server gave no answer at all; `locale` is the page's language.
 * In English, docs/form.md's rules as they stand. In another language the server's message is
 * ours, in that language (the provider's words are only its `detail`): the toast says it, or the
 * page's own text for the status, and for a 400, a 422 or an answer with field messages, the
 * provider's detail after it, in English.
 */
export function registrationToast(
  answer: RegistrationAnswer | null,
  jobBoardUrl: string,
  locale = 'en',
): RegistrationToast {
  if (!answer || answer.status === null) return error(say(T.failed));
  if (answer.queued) return { kind: 'queued', message: say(QUEUED_TOAST_TEXT), conflict: false };
  if (answer.ok) return { kind: 'registered', message: say(T.success), conflict: false };
  const { status, message = '', detail } = answer;
  const english = locale === 'en';
  // In another language the provider's words, which may say "already exists", are the detail.
  if (status === 409 || marksConflict(english ? [message] : [message, detail ?? ''])) {
    return error(say(conflictText(withoutTrailingSlashes(jobBoardUrl))), true);
  }
  const fixable = status === 400 || status === 422;
  if (english) {
    if (fixable) return error(detail || say(T.checkInformation));
    if (status === 500) return error(say(T.serverError));
    return error(detail || message || say(T.failed));
  }
  if (status === 500) return error(say(T.serverError));
  const toast = error(message || say(fixable ? T.checkInformation : T.failed));
  const namesFields = Object.keys(answer.errors ?? {}).length > 0;
  // Our own refusals (a check before the call) have their message as their detail: said once.
  if ((fixable || namesFields) && detail && detail !== message) toast.detail = detail;
  return toast;
}
