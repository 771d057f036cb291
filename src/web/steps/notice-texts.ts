// The notices at collection (docs/form.md) as the page alone says them: on step 1, who receives
// the answers and why, and what the password becomes (beside the draft's time, in
// shared/notice-texts.ts); where a file is chosen, what becomes of the upload, with the
// deployment's times (PublicConfig).
import type { MessageDescriptor } from '@lingui/core';
import { PROVIDER_NAME } from '../../shared/brand.ts';
import { durationOf } from '../../shared/notice-texts.ts';
import type { Say } from '../../shared/page-texts.ts';

const DAY_MINUTES = 24 * 60;

/** Step 1: who receives the answers, why, and what the password becomes. */
export const SENT_TEXT: MessageDescriptor = /*i18n*/ {
  id: 'notice.sent',
  message:
    'When you submit, {provider} gets your answers and resume and creates your account: your email and password become your login there.',
  values: { provider: PROVIDER_NAME },
};

/** Step 1, with the funnel on (docs/operations.md, "The funnel"): what is counted, and what not. */
export const FUNNEL_TEXT: MessageDescriptor = /*i18n*/ {
  id: 'notice.funnel',
  message: 'We count anonymously which steps are reached, never what you type.',
};

/**
 * What becomes of an upload, in minutes: one no registration names is deleted after the orphan
 * time, or the retention if that is shorter (both sweeps run); one a registration names is kept
 * for the retention.
 * @internal Pure, and tested directly in notice-texts.test.ts.
 */
export function uploadKeptFor({
  resumeOrphanMinutes,
  resumeRetentionDays,
}: {
  resumeOrphanMinutes: number;
  resumeRetentionDays: number;
}): { unused: number; registered: number } {
  const registered = resumeRetentionDays * DAY_MINUTES;
  return { unused: Math.min(resumeOrphanMinutes, registered), registered };
}

/** Where a file is chosen (step 3): it is stored at once, and for how long. */
const uploadText = (unused: string, kept: string): MessageDescriptor => /*i18n*/ ({
  id: 'notice.upload',
  message:
    'We store your file as soon as you choose it. If you do not submit, we delete it after {unused}; if you do, {provider} receives it and we keep our copy for {kept}.',
  values: { unused, kept, provider: PROVIDER_NAME },
});

/** The upload's sentence for these times, in `say`'s language. */
export const uploadSentence = (
  say: Say,
  config: { resumeOrphanMinutes: number; resumeRetentionDays: number },
): string => {
  const { unused, registered } = uploadKeptFor(config);
  return say(uploadText(durationOf(say, unused), durationOf(say, registered)));
};
