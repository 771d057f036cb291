// The wizard's parts wired together for App: the form, the resume held outside it, the steps'
// gate, the draft, the bot fields and the submit flow.
import { useState } from 'react';
import type { PublicConfig } from '../../shared/contract.ts';
import { REGISTRATION_TOASTS } from '../../shared/messages.ts';
import { useHostEvents } from '../embed/useHostEvents.ts';
import { notify } from '../toast.tsx';
import { useBotFields } from './bot-fields.tsx';
import { useWizardForm } from './form.ts';
import type { UploadedResumeInfo } from './submission.ts';
import { useDraft } from './useDraft.ts';
import { useHydration } from './useHydration.ts';
import { useSteps } from './useSteps.ts';
import { useSubmit } from './useSubmit.ts';

export function useWizard(initialConfig: PublicConfig) {
  const { config, hydrated } = useHydration(initialConfig);
  const form = useWizardForm();
  const [resume, setResume] = useState<UploadedResumeInfo | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const steps = useSteps(form);
  useHostEvents(steps.step, hydrated);
  /** No resume error and no error summary: after a fresh start or a random candidate. */
  const clearMessages = () => {
    setResumeError(null);
    steps.showSummary([]);
  };
  const draft = useDraft({ form, steps, resume, setResume, onStartOver: clearMessages });
  const bot = useBotFields();
  const submit = useSubmit({
    form,
    steps,
    resume,
    setResumeError,
    jobBoardUrl: config.jobBoardUrl,
    startOver: draft.startOver,
    readBotFields: bot.read,
  });

  const fillRandom = async () => {
    const { randomCandidate } = await import('./random-data.ts');
    const candidate = randomCandidate();
    form.reset(candidate.values);
    draft.setFromResume([]);
    setResume(candidate.resume);
    clearMessages();
    notify('info', REGISTRATION_TOASTS.randomData);
  };

  return {
    config,
    hydrated,
    form,
    resume,
    setResume,
    resumeError,
    setResumeError,
    steps,
    draft,
    bot,
    submit,
    fillRandom,
  };
}
