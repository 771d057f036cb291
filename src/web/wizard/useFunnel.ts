// The funnel's glue in the wizard (docs/operations.md, "The funnel"): from hydration, once the
// server's configuration turns it on, the visit's place, the steps shown and the validation
// messages on screen go to the funnel's queue (../funnel). The steps completed, the answers,
// autofill and the language are reported where they happen (useSteps, useSubmit, useWizard).
import { useEffect, useRef } from 'react';
import { STEP_FIELDS } from '../../shared/constants.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { isEmbedded, tellSource } from '../framed/index.ts';
import { placeOf, report, startFunnel } from '../funnel/index.ts';
import { rulesIfLoaded, type WizardForm } from './form.ts';

interface FunnelOptions {
  config: Pick<PublicConfig, 'funnel' | 'funnelSources'>;
  hydrated: boolean;
  step: number;
  /** A confirmation is up: the empty step 1 under it is no step the candidate came to. */
  confirmed: boolean;
  form: Pick<WizardForm, 'subscribe' | 'getFieldState'>;
}

export function useFunnel({ config, hydrated, step, confirmed, form }: FunnelOptions) {
  const { funnel, funnelSources } = config;
  // The visit's place is read at its start: a phone turned on its side stays a phone. The
  // embedded form's events to its host name the same source (embed.js passes the board's own).
  useEffect(() => {
    if (!hydrated) return;
    const at = { width: window.innerWidth, embedded: isEmbedded(), search: location.search };
    const place = placeOf({ ...at, sources: funnelSources });
    tellSource(place.source);
    if (funnel) return startFunnel(place);
  }, [hydrated, funnel, funnelSources]);

  useEffect(() => {
    if (hydrated && !confirmed) report({ type: 'shown', step });
  }, [step, hydrated, confirmed]);

  // The messages on the step on screen, looked at once the form's errors or the step change,
  // after the handler that changed them.
  const stepRef = useRef(step);
  stepRef.current = step;
  const { subscribe, getFieldState } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a step's messages are looked at once it is on screen.
  useEffect(() => {
    if (!hydrated) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      timer = undefined;
      const rules = rulesIfLoaded();
      if (!rules) return;
      const messages = (STEP_FIELDS[stepRef.current] ?? []).flatMap((name) => {
        const message = getFieldState(name).error?.message;
        return message ? [[name, message] as const] : [];
      });
      const shown = rules.rulesShown(messages);
      if (shown.length > 0) report({ type: 'messages', shown });
    };
    const later = () => {
      timer ??= setTimeout(look, 0);
    };
    later();
    const unsubscribe = subscribe({ formState: { errors: true }, callback: later });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [hydrated, subscribe, getFieldState, step]);
}
