// Which step is on screen, and the gate in front of each step. Whether a step is invalid is
// decided by the shared rules (firstInvalidStep, stepErrors); react-hook-form holds the errors
// the fields and the error summary show.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { STEP_FIELDS } from '../../shared/constants.ts';
import type { SummaryItem } from '../ErrorSummary.tsx';
import { fieldId } from '../fields/fields.tsx';
import { loadRules, rulesIfLoaded, type WizardForm } from './form.ts';

export type Steps = ReturnType<typeof useSteps>;

export function useSteps({ clearErrors, getFieldState, getValues, setError, trigger }: WizardForm) {
  const [step, setStep] = useState(0);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  // A move forward waiting for the form's rules: Next Step is busy, no other move starts.
  const [moving, setMoving] = useState(false);
  const movingRef = useRef(false);

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
  const showStepErrors = async (target: number) => {
    const fields = STEP_FIELDS[target] ?? [];
    // The form-wide check skips the salary order while a field of another step fails hard (an
    // over-long resume URL); the step's own rules do not, so the field shows what stops it.
    const rules = (await loadRules()).stepErrors(target, getValues());
    for (const name of fields) {
      const message = rules[name];
      if (message && !getFieldState(name).error) setError(name, { type: 'step', message });
    }
    setStep(target);
    showSummary(
      fields.flatMap((name) => {
        const message = getFieldState(name).error?.message;
        return message ? [{ target: fieldId(name), message }] : [];
      }),
    );
  };

  /** Back is always allowed; forward validates every step before the target, like Next. */
  const goToStep = async (target: number) => {
    if (movingRef.current) return;
    if (target > step) {
      let rules = rulesIfLoaded();
      if (!rules) {
        // The first check may wait for the form's rules (form.ts): Next Step is busy meanwhile.
        movingRef.current = true;
        setMoving(true);
        try {
          rules = await loadRules();
        } catch {
          // Not downloaded (a phone between networks): the next press tries again.
          setMoving(false);
          return;
        } finally {
          movingRef.current = false;
        }
      }
      const invalid = rules.firstInvalidStep(getValues(), target - 1);
      // The fields of every step the gate went through show (or lose) their errors.
      await trigger(STEP_FIELDS.slice(0, (invalid ?? target - 1) + 1).flat());
      if (invalid !== null) {
        setMoving(false);
        await showStepErrors(invalid);
        return;
      }
    }
    // Next Step is free again in the render that shows the step it led to.
    startTransition(() => {
      setMoving(false);
      showSummary([]);
      setStep(target);
    });
  };

  /** After a submit the form-wide check refused: the first invalid step, with its summary. */
  const showFirstInvalidStep = async () => {
    const invalid = (await loadRules()).firstInvalidStep(getValues()) ?? step;
    // A missing resume is news only once the steps before it pass (the resume's step is last).
    if (invalid < STEP_FIELDS.length - 1) clearErrors('resume');
    await showStepErrors(invalid);
  };

  return {
    step,
    setStep,
    moving,
    summary,
    summaryRef,
    showSummary,
    goToStep,
    showFirstInvalidStep,
  };
}
