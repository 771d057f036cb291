// Which registration toast the candidate sees for an answer of /api/register (docs/api.md).
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

/** `answer` is null when our own server gave no answer at all. */
export function registrationToast(
  answer: RegistrationAnswer | null,
  jobBoardUrl: string,
): RegistrationToast {
  if (!answer || answer.status === null) return error(say(T.failed));
  if (answer.queued) return { kind: 'queued', message: say(QUEUED_TOAST_TEXT), conflict: false };
  if (answer.ok) return { kind: 'registered', message: say(T.success), conflict: false };
  const { status, message = '', detail } = answer;
  if (status === 409 || CONFLICT_MARKERS.some((marker) => message.includes(marker))) {
    return error(say(conflictText(withoutTrailingSlashes(jobBoardUrl))), true);
  }
  if (status === 400 || status === 422) return error(detail || say(T.checkInformation));
  if (status === 500) return error(say(T.serverError));
  return error(detail || message || say(T.failed));
}
