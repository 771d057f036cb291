// Sending the registration (docs/form.md, docs/api.md): the payload, its idempotency key, the call
// to /api/register with its form token, and the toast its answer shows. Code the first input
// fetches (steps/lazy.ts), not the page's first script: nobody submits before doing something on
// the page.
import { i18n } from '@lingui/core';
import { FORM_TOKEN_FIELD, FORM_TOKEN_REFUSED_STATUS } from '../../shared/contract.ts';
import type { AttachedResume, FormOutput } from '../../shared/schema.ts';
import { deleteUpload, register } from '../api.ts';
import { browserStorage } from '../draft.ts';
import type { BotFields } from './bot-fields.tsx';
import { formTokens } from './form-token.ts';
import { buildSubmission } from './submission.ts';
import { attemptEnd, submissionKeys } from './submission-key.ts';
import { registrationToast } from './toasts.ts';

const keys = submissionKeys(browserStorage());
const tokens = formTokens();

/**
 * "Clear this form": the next submission gets a key of its own, whatever its answers, and the
 * file the candidate uploaded, if any, is deleted from the server.
 */
export function forgetSubmission(resume: AttachedResume | null): void {
  keys.forget();
  if (resume && 'uploadedUrl' in resume && resume.uploadedUrl && resume.deleteToken) {
    deleteUpload(resume.uploadedUrl, resume.deleteToken);
  }
}

/**
 * Sends `values` with the bot fields as they stand when it leaves (`readBotFields`: after the
 * form token's wait, which is fill time too); our server's answer (null: none) and its toast.
 */
export async function sendRegistration(
  values: FormOutput,
  readBotFields: () => BotFields,
  jobBoardUrl: string,
  now = new Date(),
) {
  // The key goes with the answers: not with the time of the press nor the bot fields.
  const { registration_date, ...answers } = buildSubmission(values, now);
  const sending = keys.send(answers);
  const send = async () => {
    const token = await tokens.forSubmission(sending.key);
    // Read after the wait: a fill time read at the press (a reload, then Submit at once) is
    // under BOT_MIN_FILL_MS, and the server took a person for a bot and answered the decoy.
    return register(
      { ...answers, registration_date, ...readBotFields(), [FORM_TOKEN_FIELD]: token },
      sending.key,
    );
  };
  let { status, answer } = await send();
  // The token was missing, too old or spent: once more with a new one, as the same submission.
  if (status === FORM_TOKEN_REFUSED_STATUS) {
    tokens.refused();
    ({ status, answer } = await send());
  }
  sending.ended(attemptEnd(status));
  return { answer, outcome: registrationToast(answer, jobBoardUrl, i18n.locale) };
}
