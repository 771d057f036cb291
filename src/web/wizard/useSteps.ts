// Which step is on screen, and the gate in front of each step. react-hook-form holds the
// errors the fields and the error summary show.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { type FieldName, STEP_FIELDS } from '../../shared/schema.ts';
import type { SummaryItem } from '../ErrorSummary.tsx';
import { fieldId } from '../fields/fields.tsx';
import type { WizardForm } from './form.ts';

export type Steps = ReturnType<typeof useSteps>;

export function useSteps({ getFieldState, trigger }: WizardForm) {
  const [step, setStep] = useState(0);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);

  // A summary shown by showSummary takes the focus once it is on screen.
  useEffect(() => {
    if (summary.length > 0 && focusSummary.current) {
      focusSummary.current = false;
      summaryRef.current?.focus();
    }
  }, [summary]);

  const showSummary = useCallback((items: SummaryItem[]) => {
    focusSummary.current = items.length > 0;
    setSummary(items);
  }, []);

  /** Shows step `target` with a summary of its fields' errors, in field order. */
  const showStepErrors = (target: number) => {
    setStep(target);
    showSummary(
      (STEP_FIELDS[target] ?? []).flatMap((name) => {
        const message = getFieldState(name).error?.message;
        return message ? [{ target: fieldId(name), message }] : [];
      }),
    );
  };

  /** Back is always allowed; forward validates every step before the target, like Next. */
  const goToStep = async (target: number) => {
    for (let earlier = 0; target > step && earlier < target; earlier++) {
      if (!(await trigger(STEP_FIELDS[earlier] as FieldName[]))) {
        showStepErrors(earlier);
        return;
      }
    }
    startTransition(() => {
      showSummary([]);
      setStep(target);
    });
  };

  /** After a submit the form-wide check refused: the first invalid step, with its summary. */
  const showFirstInvalidStep = () => {
    const invalidStep = STEP_FIELDS.findIndex((fields) =>
      fields.some((name) => getFieldState(name).invalid),
    );
    showStepErrors(invalidStep < 0 ? step : invalidStep);
  };

  return { step, setStep, summary, summaryRef, showSummary, goToStep, showFirstInvalidStep };
}
