// The wizard's parts wired together for App: the form (the resume included), the steps' gate,
// the draft, the bot fields and the submit flow.
import { STEP_COUNT } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { LOADING_TOASTS, REGISTRATION_TOASTS } from '../../shared/messages.ts';
import { useHostEvents } from '../embed/useHostEvents.ts';
import { loadLastStep } from '../lazy-steps.ts';
import { importOnDemand } from '../load-once.ts';
import { notify } from '../toast.tsx';
import { useBotFields } from './bot-fields.tsx';
import { useWizardForm } from './form.ts';
import { useDraft } from './useDraft.ts';
import { useHydration } from './useHydration.ts';
import { type StepCode, useSteps } from './useSteps.ts';
import { useSubmit } from './useSubmit.ts';

/** The last step's code (the resume step, the answers to check), when it is still to come. */
const stepCode: StepCode = (target) => (target === STEP_COUNT - 1 ? loadLastStep() : null);

export function useWizard(initialConfig: PublicConfig) {
  const { config, hydrated } = useHydration(initialConfig);
  const form = useWizardForm();
  const steps = useSteps(form, stepCode);
  useHostEvents(steps.step, hydrated);
  /** No error summary after a fresh start or a random candidate (the form's reset clears the rest). */
  const clearSummary = () => steps.showSummary([]);
  const draft = useDraft({ form, steps, onStartOver: clearSummary });
  const bot = useBotFields();
  const submit = useSubmit({
    form,
    steps,
    jobBoardUrl: config.jobBoardUrl,
    startOver: draft.startOver,
    readBotFields: bot.read,
  });

  const fillRandom = async () => {
    const random = await importOnDemand(() => import('./random-data.ts')).catch(() => null);
    if (!random) {
      notify('error', LOADING_TOASTS.failed);
      return;
    }
    const { randomCandidate } = random;
    form.reset(randomCandidate().values);
    draft.setFromResume([]);
    clearSummary();
    notify('info', REGISTRATION_TOASTS.randomData);
  };

  return { config, hydrated, form, steps, draft, bot, submit, fillRandom };
}
