// The submit flow: the payload (docs/form.md), the call to /api/register, and what its answer does
// to the page (docs/api.md): a toast, errors on the fields, focus, and the confirmation (of a
// registration, or of one the server keeps to deliver later: OUTBOX=on).
import { useEffect, useRef, useState } from 'react';
import { STEP_FIELDS } from '../../shared/constants.ts';
import type { RegistrationAnswer } from '../../shared/contract.ts';
import { embedEvents } from '../../shared/embed-protocol.ts';
import { LOADING_TOAST_TEXTS, say } from '../../shared/page-texts.ts';
import type { FieldName, FormOutput } from '../../shared/schema.ts';
import { postToHost } from '../framed/index.ts';
import { outcomeOf, report } from '../funnel/index.ts';
import { importOnDemand, loadOnce } from '../load-once.ts';
import { notify } from '../toast/index.ts';
import type { BotFields } from './bot-fields.tsx';
import type { WizardForm } from './form.ts';
import type { RegistrationToast } from './toasts.ts';
import type { Steps } from './useSteps.ts';

/** The code that sends the registration, fetched with the first input (steps/lazy.ts). */
export const loadRegistration = loadOnce(() => importOnDemand(() => import('./registration.ts')));

const FORM_FIELDS = new Set<string>(STEP_FIELDS.flat());
/** The body's names for the resume, which the form holds as one field. */
const RESUME_BODY_FIELDS = new Set(['uploaded_resume', 'resume_url']);

/** Delay before the email field is focused and selected after a conflict (docs/form.md). */
const CONFLICT_FOCUS_DELAY_MS = 500;

/** What the confirmation above the emptied form confirms. */
export type Confirmed = Exclude<RegistrationToast['kind'], 'error'>;

interface SubmitOptions {
  form: WizardForm;
  steps: Pick<Steps, 'setStep' | 'showFirstInvalidStep'>;
  jobBoardUrl: string;
  /** Empties the wizard after a registration. */
  startOver: () => void;
  readBotFields: () => BotFields;
}

export function useSubmit(options: SubmitOptions) {
  const { form, steps, jobBoardUrl, startOver, readBotFields } = options;
  const { handleSubmit, setError, setFocus, watch } = form;
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const submittingRef = useRef(false);
  const confirmationRef = useRef<HTMLHeadingElement>(null);

  // The confirmation is about the answers just sent: any change to the form hides it.
  useEffect(() => {
    const subscription = watch(() => setConfirmed(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const showAnswer = (answer: RegistrationAnswer | null, outcome: RegistrationToast) => {
    const { kind, conflict } = outcome;
    report({
      type: 'outcome',
      outcome: outcomeOf({ kind, conflict, status: answer?.status ?? null }),
    });
    if (outcome.kind !== 'error') {
      // The host hears `registered` or `queued`: a queued registration is none yet.
      postToHost(embedEvents[outcome.kind]());
      notify('success', outcome.message);
      startOver();
      setConfirmed(outcome.kind);
      requestAnimationFrame(() => confirmationRef.current?.focus());
      return;
    }
    postToHost(embedEvents.failed(answer?.status ?? null));
    notify('error', outcome.message, outcome.detail);
    for (const [field, messages] of Object.entries(answer?.errors ?? {})) {
      const name = RESUME_BODY_FIELDS.has(field) ? 'resume' : field;
      if (FORM_FIELDS.has(name))
        setError(name as FieldName, { type: 'server', message: messages.join(' ') });
    }
    if (outcome.conflict) {
      steps.setStep(0);
      setTimeout(() => setFocus('email', { shouldSelect: true }), CONFLICT_FOCUS_DELAY_MS);
    }
  };

  const onValid = async (values: FormOutput) => {
    if (submittingRef.current) return;
    // Submit Registration with every step valid: the last step completed (and any before it).
    report({ type: 'completed', from: 0, to: STEP_FIELDS.length - 1 });
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const code = await loadRegistration().catch(() => null);
      if (!code) {
        // Nothing typed is touched, and the next press tries again.
        notify('error', say(LOADING_TOAST_TEXTS.failed));
        return;
      }
      const { answer, outcome } = await code.sendRegistration(values, readBotFields, jobBoardUrl);
      showAnswer(answer, outcome);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  return {
    submitting,
    /** The confirmation shown, if any. */
    confirmed,
    dismissConfirmation: () => setConfirmed(null),
    confirmationRef,
    onSubmit: handleSubmit(onValid, steps.showFirstInvalidStep),
  };
}
