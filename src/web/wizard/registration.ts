// Sending the registration (docs/form.md, docs/api.md): the payload, the call to /api/register and the
// toast its answer shows. Code the first input fetches (steps/lazy.ts), not the page's first
// script: nobody submits before doing something on the page.
import type { FormOutput } from '../../shared/schema.ts';
import { register } from '../api.ts';
import type { BotFields } from './bot-fields.tsx';
import { buildSubmission } from './submission.ts';
import { registrationToast } from './toasts.ts';

/** Sends `values` with the bot fields; our server's answer (null: none) and its toast. */
export async function sendRegistration(
  values: FormOutput,
  botFields: BotFields,
  jobBoardUrl: string,
  now = new Date(),
) {
  const answer = await register({ ...buildSubmission(values, now), ...botFields });
  return { answer, outcome: registrationToast(answer, jobBoardUrl) };
}
