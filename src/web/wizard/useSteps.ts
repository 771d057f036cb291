// Which step is on screen, and the gate in front of each step. Whether a step is invalid is
// decided by the shared rules (firstInvalidStep, stepErrors); react-hook-form holds the errors
// the fields and the error summary show. A step the candidate moves to starts at its top, its
// heading focused (arrival.ts); code a move waits for and does not get is said in a toast.
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { STEP_FIELDS } from '../../shared/constants.ts';
import { LOADING_TOAST_TEXTS, say } from '../../shared/page-texts.ts';
import type { FieldName } from '../../shared/schema.ts';
import { report } from '../funnel/index.ts';
import { notify } from '../toast/index.ts';
import { arriveAt } from './arrival.ts';
import { loadRules, rulesIfLoaded, type WizardForm } from './form.ts';
import { summaryOf } from './summary.ts';

export type Steps = ReturnType<typeof useSteps>;

/** The code step `target` needs before it shows, while it is still to download; else null. */
export type StepCode = (target: number) => Promise<unknown> | null;

export function useSteps(
  { clearErrors, formState, getFieldState, getValues, setError, trigger }: WizardForm,
  stepCode: StepCode = () => null,
) {
  const [step, setStep] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A step the candidate moved to (not a draft restored, not a step shown with its errors).
  const arriving = useRef(false);
  // The fields a failed move listed; the summary shows those that still have a message.
  const [listed, setListed] = useState<FieldName[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  // A move forward waiting for the form's rules: Next Step is busy, no other move starts.
  const [moving, setMoving] = useState(false);
  const movingRef = useRef(false);

  // A summary shown by showSummary takes the focus once it is on screen.
  useEffect(() => {
    if (listed.length > 0 && focusSummary.current) {
      focusSummary.current = false;
      summaryRef.current?.focus();
    }
  }, [listed]);

  // The step the candidate moved to starts at its top, once it is on screen: in the commit that
  // shows it (a layout effect), so that no key pressed meanwhile lands in a field of the new
  // step before its heading takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useLayoutEffect(() => {
    if (!arriving.current) return;
    arriving.current = false;
    if (headingRef.current) arriveAt(headingRef.current);
  }, [step]);

  const showSummary = useCallback((fields: FieldName[]) => {
    focusSummary.current = fields.length > 0;
    setListed(fields);
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
    showSummary(fields.filter((name) => getFieldState(name).error?.message));
  };

  /**
   * Waits for code a move needs, Next Step busy meanwhile and no other move started. False when
   * it did not download (a phone between networks): said in a toast, nothing typed is touched,
   * and the next press tries again.
   */
  const waitFor = async (load: Promise<unknown>): Promise<boolean> => {
    movingRef.current = true;
    setMoving(true);
    try {
      await load;
      return true;
    } catch {
      setMoving(false);
      notify('error', say(LOADING_TOAST_TEXTS.failed));
      return false;
    } finally {
      movingRef.current = false;
    }
  };

  /** Back is always allowed; forward validates every step before the target, like Next. */
  const goToStep = async (target: number) => {
    if (movingRef.current) return;
    if (target > step) {
      // The first check may wait for the form's rules (form.ts).
      if (!rulesIfLoaded() && !(await waitFor(loadRules()))) return;
      const rules = await loadRules();
      const invalid = rules.firstInvalidStep(getValues(), target - 1);
      // The fields of every step the gate went through show (or lose) their errors.
      await trigger(STEP_FIELDS.slice(0, (invalid ?? target - 1) + 1).flat());
      if (invalid !== null) {
        setMoving(false);
        await showStepErrors(invalid);
        return;
      }
      report({ type: 'completed', from: step, to: target - 1 });
    }
    const code = stepCode(target);
    if (code && !(await waitFor(code))) return;
    arriving.current = target !== step;
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

  /**
   * After a change of language: the errors the form found are found again, in the new language,
   * and the summary says them so (it says the fields' messages), without taking the focus. What
   * the server or an upload said stays as it was said.
   */
  const sayErrorsAgain = async () => {
    const fields = STEP_FIELDS.flat().filter((name) => {
      const type = getFieldState(name).error?.type;
      return type !== undefined && type !== 'server' && type !== 'upload';
    });
    if (fields.length > 0) await trigger(fields);
  };

  // Reading the errors in render subscribes to them, so that a change of the form's errors
  // renders the summary anew; it takes no focus as it shrinks (issue 44, point 9). The messages
  // are read where the form keeps them now: a refused submit publishes its errors only after
  // showFirstInvalidStep, and the summary it shows must be on screen to take the focus.
  void formState.errors;
  const summary = summaryOf(listed, (name) => getFieldState(name).error?.message);

  return {
    step,
    setStep,
    sayErrorsAgain,
    headingRef,
    moving,
    /** The error summary's entries: what the last failed move listed, as the fields stand now. */
    summary,
    summaryRef,
    showSummary,
    goToStep,
    showFirstInvalidStep,
  };
}
