// The wizard's parts wired together for App: the form (the resume included), the steps' gate,
// the draft, the bot fields and the submit flow. Start-up owns the configuration and the moment
// of hydration (start/HydratedApp.tsx), the steps own their code (`stepCode`, steps/lazy.ts):
// both come in.
import { useReducer, useRef, useState } from 'react';
import type { PublicConfig } from '../../shared/contract.ts';
import type { Locale } from '../../shared/locale.ts';
import { LOADING_TOAST_TEXTS, REGISTRATION_TOAST_TEXTS, say } from '../../shared/page-texts.ts';
import { useHostEvents } from '../framed/index.ts';
import { report } from '../funnel/index.ts';
import { i18n, switchLanguage, withTexts } from '../i18n.ts';
import { importOnDemand } from '../load-once.ts';
import { PAGE_TITLE } from '../texts.ts';
import { notify } from '../toast/index.ts';
import { useBotFields } from './bot-fields.tsx';
import { useWizardForm } from './form.ts';
import { useDraft } from './useDraft.ts';
import { useFunnel } from './useFunnel.ts';
import { type StepCode, useSteps } from './useSteps.ts';
import { loadRegistration, useSubmit } from './useSubmit.ts';

export function useWizard(
  config: PublicConfig,
  hydrated: boolean,
  initialLocale: Locale,
  stepCode: StepCode,
) {
  const form = useWizardForm();
  const steps = useSteps(form, stepCode);
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
  const confirmed = submit.confirmed !== null;
  // Before the host's events: those name the funnel's source.
  useFunnel({ config, hydrated, step: steps.step, confirmed, form });
  useHostEvents(steps.step, hydrated, confirmed);

  /**
   * "Clear this form" (docs/form.md): every answer, the saved draft, the idempotency key and the
   * uploaded file go, and the candidate starts on step 1 with the focus on its first field.
   */
  const clearForm = () => {
    const resume = form.getValues('resume');
    draft.startOver();
    submit.dismissConfirmation();
    loadRegistration().then(
      (code) => code.forgetSubmission(resume),
      () => undefined,
    );
    // The buttons that asked are gone or hidden: the focus goes where the form starts.
    requestAnimationFrame(() => form.setFocus('first_name'));
  };

  const fillRandom = async () => {
    const random = await withTexts(importOnDemand(() => import('./random-data.ts'))).catch(
      () => null,
    );
    if (!random) {
      notify('error', say(LOADING_TOAST_TEXTS.failed));
      return;
    }
    const { randomCandidate } = random;
    form.reset(randomCandidate().values);
    draft.setFromResume([]);
    clearSummary();
    notify('info', say(REGISTRATION_TOAST_TEXTS.randomData));
  };

  /** The language last chosen: the switch shows it at once, the page once its texts are here. */
  const [locale, setLocale] = useState(initialLocale);
  const lastChosen = useRef(initialLocale);
  // The components read the page's language from i18n as they render.
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  /**
   * The page in the other language (docs/languages.md): every value, the step and the draft stay, the
   * errors shown are said again in it, and the focus stays on the switch.
   */
  const changeLanguage = async (next: Locale): Promise<void> => {
    lastChosen.current = next;
    setLocale(next);
    if (next === i18n.locale) return;
    try {
      await switchLanguage(next);
    } catch {
      setLocale(i18n.locale as Locale);
      notify('error', say(LOADING_TOAST_TEXTS.failed));
      return;
    }
    // Chosen again while these texts downloaded: the page follows the last choice.
    if (lastChosen.current !== next) return changeLanguage(lastChosen.current);
    document.title = i18n._(PAGE_TITLE);
    report({ type: 'language', to: next });
    renderAgain();
    await steps.sayErrorsAgain();
  };

  return { form, steps, draft, bot, submit, fillRandom, clearForm, locale, changeLanguage };
}
