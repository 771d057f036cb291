// The three-step registration wizard: one form for all steps, gated step by step.
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CONFLICT_FOCUS_DELAY_MS,
  STEP_COUNT,
  STEP_TITLES,
  TOAST_DURATION_MS,
} from '../shared/constants.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD, type PublicConfig } from '../shared/contract.ts';
import { REGISTRATION_TOASTS } from '../shared/messages.ts';
import { buildSubmission, type UploadedResumeInfo } from '../shared/payload.ts';
import {
  type FieldName,
  type FormOutput,
  type FormValues,
  formSchema,
  INITIAL_VALUES,
  STEP_FIELDS,
} from '../shared/schema.ts';
import { registrationToast } from '../shared/toasts.ts';
import { embeddedConfig, fetchConfig, register } from './api.ts';
import { Confirmation } from './Confirmation.tsx';
import { clearDraft, draftOf, loadDraft, saveDraft } from './draft.ts';
import { ErrorSummary, type SummaryItem } from './ErrorSummary.tsx';
import { fieldId, RESUME_ERROR_ID } from './fields/fields.tsx';
import { StepNav } from './StepNav.tsx';
import { CareerStep } from './steps/CareerStep.tsx';
import { PersonalStep } from './steps/PersonalStep.tsx';
import { notify, Toaster } from './toast.tsx';

const STEPS = [PersonalStep, CareerStep] as const;
// The resume step (and react-dropzone) loads after the first paint, ahead of need.
const loadResumeStep = () => import('./resume/ResumeStep.tsx');
const loadCheckAnswers = () => import('./CheckAnswers.tsx');
const ResumeStep = lazy(() => loadResumeStep().then((module) => ({ default: module.ResumeStep })));
const CheckAnswers = lazy(() =>
  loadCheckAnswers().then((module) => ({ default: module.CheckAnswers })),
);
const FORM_FIELDS = new Set<string>(STEP_FIELDS.flat());
const DRAFT_SAVE_DELAY_MS = 300;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function App({ initialConfig }: { initialConfig: PublicConfig }) {
  const [config, setConfig] = useState(initialConfig);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: INITIAL_VALUES,
    shouldUnregister: false,
    shouldFocusError: false,
  });
  const { getFieldState, handleSubmit, reset, setError, setFocus, trigger, watch } = form;

  const [step, setStep] = useState(0);
  const [resume, setResume] = useState<UploadedResumeInfo | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [restored, setRestored] = useState(false);
  // Client-only parts (the toaster) mount after hydration, so the prerendered HTML matches.
  const [hydrated, setHydrated] = useState(false);
  const submittingRef = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const focusSummary = useRef(false);
  const honeypotRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setHydrated(true);
    // For tests and scripts: the buttons work from now on.
    document.documentElement.dataset.hydrated = 'true';
    const embedded = embeddedConfig(document);
    if (embedded) setConfig(embedded);
    else fetchConfig().then(setConfig, () => undefined);
    const prefetch = () => {
      void loadResumeStep();
      void loadCheckAnswers();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 1000);
  }, []);

  // Restore a same-device draft once, after hydration.
  useEffect(() => {
    const storage = browserStorage();
    const draft = storage && loadDraft(storage);
    if (!draft) return;
    reset({ ...draft.values, password: '' });
    setStep(draft.step);
    setResume(draft.resume);
    setRestored(true);
  }, [reset]);

  // Save the draft shortly after every change.
  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => saveDraft(storage, draftOf(form.getValues(), step, resume, new Date())),
        DRAFT_SAVE_DELAY_MS,
      );
    };
    save();
    const subscription = watch(() => {
      save();
      setRegistered(false);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, watch, step, resume]);

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

  const stepSummary = useCallback(
    (target: number): SummaryItem[] =>
      (STEP_FIELDS[target] ?? []).flatMap((name) => {
        const message = getFieldState(name).error?.message;
        return message ? [{ target: fieldId(name), message }] : [];
      }),
    [getFieldState],
  );

  /** Back is always allowed; forward validates every step before the target, like Next. */
  const goToStep = async (target: number) => {
    for (let earlier = 0; target > step && earlier < target; earlier++) {
      if (!(await trigger(STEP_FIELDS[earlier] as FieldName[]))) {
        setStep(earlier);
        showSummary(stepSummary(earlier));
        return;
      }
    }
    startTransition(() => {
      showSummary([]);
      setStep(target);
    });
  };

  /** An empty form on step 1 with no resume and no draft (after success, or "Start over"). */
  const startOver = () => {
    reset(INITIAL_VALUES);
    setResume(null);
    setResumeError(null);
    showSummary([]);
    setStep(0);
    const storage = browserStorage();
    if (storage) clearDraft(storage);
    setRestored(false);
  };

  const onInvalid = () => {
    const invalidStep = STEP_FIELDS.findIndex((fields) =>
      fields.some((name) => getFieldState(name).invalid),
    );
    const target = invalidStep < 0 ? step : invalidStep;
    setStep(target);
    showSummary(stepSummary(target));
  };

  const onValid = async (values: FormOutput) => {
    if (submittingRef.current) return;
    const submission = buildSubmission(values, resume, new Date());
    if (!submission.ok) {
      setResumeError(submission.message);
      showSummary([{ target: 'select-resume', message: submission.message }]);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const answer = await register({
        ...submission.body,
        // Bot defence: people never see the honeypot; the server judges the fill time.
        [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
        [FILL_TIME_FIELD]: Math.round(performance.now()),
      });
      const outcome = registrationToast(answer, config.jobBoardUrl);
      if (outcome.kind === 'success') {
        notify('success', outcome.message);
        startOver();
        setRegistered(true);
        requestAnimationFrame(() => confirmationRef.current?.focus());
        return;
      }
      notify('error', outcome.message);
      for (const [field, messages] of Object.entries(answer?.errors ?? {})) {
        if (FORM_FIELDS.has(field))
          setError(field as FieldName, { type: 'server', message: messages.join(' ') });
        if (field === 'resume' || field === 'uploaded_resume' || field === 'resume_url')
          setResumeError(messages.join(' '));
      }
      if (outcome.conflict) {
        setStep(0);
        setTimeout(() => setFocus('email', { shouldSelect: true }), CONFLICT_FOCUS_DELAY_MS);
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const fillRandom = async () => {
    const { randomCandidate } = await import('../shared/random-data.ts');
    const candidate = randomCandidate();
    reset(candidate.values);
    setResume(candidate.resume);
    setResumeError(null);
    showSummary([]);
    notify('info', REGISTRATION_TOASTS.randomData);
  };

  const StepFields = STEPS[step as 0 | 1];
  const last = step === STEP_COUNT - 1;

  return (
    <main className="page">
      <header>
        <h1>Resume Library Registration</h1>
        <p className="lede">
          Three short steps. We keep your answers on this device until you finish.
        </p>
      </header>
      {registered && (
        <Confirmation
          ref={confirmationRef}
          jobBoardUrl={config.jobBoardUrl}
          onDismiss={() => setRegistered(false)}
        />
      )}
      {restored && (
        <div className="notice" role="status">
          <p>
            We restored the answers you gave on this device. Your password is never saved, so please
            enter it again.
          </p>
          <button type="button" className="button button--quiet" onClick={startOver}>
            Start over
          </button>
        </div>
      )}
      <StepNav step={step} onStep={goToStep} />
      <FormProvider {...form}>
        <form
          className="card"
          noValidate
          onSubmit={handleSubmit(onValid, onInvalid)}
          aria-labelledby="step-title"
        >
          <p className="step-count">
            Step {step + 1} of {STEP_COUNT}
          </p>
          <h2 id="step-title">{STEP_TITLES[step]}</h2>
          {summary.length > 0 && <ErrorSummary ref={summaryRef} items={summary} />}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor={HONEYPOT_FIELD}>Website (leave this empty)</label>
            <input
              id={HONEYPOT_FIELD}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              ref={honeypotRef}
            />
          </div>
          {StepFields ? (
            <StepFields />
          ) : (
            <Suspense fallback={<p className="hint">Loading…</p>}>
              <ResumeStep
                config={config}
                resume={resume}
                onResume={setResume}
                error={resumeError}
                onError={setResumeError}
              />
              <CheckAnswers values={watch()} onChange={goToStep} />
            </Suspense>
          )}
          <div className="actions">
            {step > 0 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goToStep(step - 1)}
              >
                Back
              </button>
            )}
            {/* Distinct keys: React must not turn the clicked Next Step into the submit button
                while the click is still being handled, or that click submits the form. */}
            {last ? (
              <button
                key="submit"
                type="submit"
                className="button button--primary"
                disabled={submitting}
                aria-busy={submitting}
                aria-describedby={resumeError ? RESUME_ERROR_ID : undefined}
              >
                Submit Registration
              </button>
            ) : (
              <button
                key="next"
                type="button"
                className="button button--primary"
                onClick={() => goToStep(step + 1)}
              >
                Next Step
              </button>
            )}
          </div>
        </form>
      </FormProvider>
      {config.randomDataButton && (
        <div className="random-data">
          <button type="button" className="button button--quiet" onClick={fillRandom}>
            Fill with Random Data
          </button>
        </div>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            duration={TOAST_DURATION_MS.default}
            closeButton
            richColors
          />
        </Suspense>
      )}
    </main>
  );
}
