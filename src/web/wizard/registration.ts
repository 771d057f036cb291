// Sending the registration (docs/form.md, docs/api.md): the payload, its idempotency key, the call
// to /api/register and the toast its answer shows. Code the first input fetches (steps/lazy.ts),
// not the page's first script: nobody submits before doing something on the page.
import type { FormOutput } from '../../shared/schema.ts';
import { register } from '../api.ts';
import { browserStorage } from '../draft.ts';
import type { BotFields } from './bot-fields.tsx';
import { buildSubmission } from './submission.ts';
import { attemptEnd, submissionKeys } from './submission-key.ts';
import { registrationToast } from './toasts.ts';

const keys = submissionKeys(browserStorage());

/** Sends `values` with the bot fields; our server's answer (null: none) and its toast. */
export async function sendRegistration(
  values: FormOutput,
  botFields: BotFields,
  jobBoardUrl: string,
  now = new Date(),
) {
  // The key goes with the answers: not with the time of the press nor the bot fields.
  const { registration_date, ...answers } = buildSubmission(values, now);
  const sending = keys.send(answers);
  const { status, answer } = await register(
    { ...answers, registration_date, ...botFields },
    sending.key,
  );
  sending.ended(attemptEnd(status));
  return { answer, outcome: registrationToast(answer, jobBoardUrl) };
}
