// The same-device draft (draft.ts) kept in step with the wizard: restored once after
// hydration, saved shortly after every change and at once when the page is left or hidden,
// dropped by Start over. It also holds which fields the resume filled (docs/autofill.md): a
// field loses its mark when the candidate edits it.
import { useEffect, useState } from 'react';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import { pageConfig } from '../config.ts';
import {
  browserStorage,
  clearDraft,
  draftOf,
  formValuesOf,
  loadDraft,
  saveDraft,
} from '../draft.ts';
import { languageComplete } from '../i18n.ts';
import type { WizardForm } from './form.ts';
import type { Steps } from './useSteps.ts';

/**
 * How long the answers stay unchanged before the draft is saved.
 * @internal The tests wait this long for a draft to be saved.
 */
export const DRAFT_SAVE_DELAY_MS = 300;

interface DraftOptions {
  form: WizardForm;
  steps: Pick<Steps, 'step' | 'setStep'>;
  /** Clears what else a fresh start clears: the error summary. */
  onStartOver: () => void;
}

export function useDraft({ form, steps, onStartOver }: DraftOptions) {
  const { reset, watch } = form;
  const { step, setStep } = steps;
  const [restored, setRestored] = useState(false);
  const [fromResume, setFromResume] = useState<readonly string[]>([]);

  // Restore a same-device draft once, after hydration.
  useEffect(() => {
    const storage = browserStorage();
    const draft = storage && loadDraft(storage, new Date(), pageConfig(document).draftTtlHours);
    if (!draft) return;
    reset({ ...formValuesOf(draft), password: '' });
    // A later step says texts that the page does not carry (main.tsx fetched them first): should
    // they not have arrived, the answers come back on step 1, whose texts are here.
    setStep(languageComplete() ? draft.step : 0);
    // Whatever a tampered draft holds there, only field names ever match.
    setFromResume([draft.fromResume ?? []].flat());
    setRestored(true);
  }, [reset, setStep]);

  // Save the draft shortly after every change.
  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const saveNow = () => {
      clearTimeout(timer);
      timer = undefined;
      saveDraft(storage, draftOf(form.getValues(), step, new Date(), fromResume));
    };
    const save = () => {
      clearTimeout(timer);
      timer = setTimeout(saveNow, DRAFT_SAVE_DELAY_MS);
    };
    // A page left or hidden (a link followed, a reload, the tab closed or switched away from
    // on a phone, which may then discard it) saves at once what the delay still held.
    const flush = () => {
      if (timer !== undefined) saveNow();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    save();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    const subscription = watch((_values, { name, type }) => {
      // The candidate's own change (an event; the autofill's setValue has none) ends a mark.
      if (type && name) {
        setFromResume((marked) =>
          marked.includes(name) ? marked.filter((field) => field !== name) : marked,
        );
      }
      save();
    });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      subscription.unsubscribe();
    };
  }, [form, watch, step, fromResume]);

  /** An empty form on step 1 with no resume and no draft (after success, or "Start over"). */
  const startOver = () => {
    reset(INITIAL_VALUES);
    setFromResume([]);
    onStartOver();
    setStep(0);
    const storage = browserStorage();
    if (storage) clearDraft(storage);
    setRestored(false);
  };

  return { restored, startOver, fromResume, setFromResume };
}
