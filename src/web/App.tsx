// The three-step registration wizard: one form for all steps, gated step by step. This is its
// layout; the form, the steps' gate, the draft, the submit flow and the bot fields are in ./wizard.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import { FormProvider } from 'react-hook-form';
import { STEP_COUNT } from '../shared/constants.ts';
import type { PublicConfig } from '../shared/contract.ts';
import { DEFAULT_LOCALE, type Locale } from '../shared/locale.ts';
import { ResumeButton } from './autofill/index.ts';
import { ClearForm } from './ClearForm.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { FromResume } from './fields/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { StepActions } from './StepActions.tsx';
import { StepNav } from './StepNav.tsx';
import {
  CareerStep,
  CheckAnswers,
  CollectionNotice,
  Confirmation,
  DataNotice,
  PersonalStep,
  RestoredNotice,
  ResumeStep,
  stepCode,
} from './steps/index.ts';
import { EARLY_TEXTS, PAGE_TITLE, STEP_TITLE_TEXTS } from './texts.ts';
import { Toaster } from './toast/index.ts';
import { Honeypot, useWizard } from './wizard/index.ts';

export function App({
  config,
  hydrated,
  initialLocale = DEFAULT_LOCALE,
}: {
  /** The server's configuration: the page's own until start-up has read it (start/HydratedApp.tsx). */
  config: PublicConfig;
  /** Whether the page has hydrated: the client-only parts show from then on. */
  hydrated: boolean;
  initialLocale?: Locale;
}) {
  const wizard = useWizard(config, hydrated, initialLocale, stepCode);
  const { form, steps, draft, bot, submit } = wizard;
  const { step, goToStep } = steps;
  const number = step + 1;

  return (
    <main className="page">
      <header>
        <LanguageSwitch locale={wizard.locale} onChange={wizard.changeLanguage} />
        <h1>{i18n._(PAGE_TITLE)}</h1>
        <p className="lede">{t`Three short steps.`}</p>
      </header>
      {submit.confirmed && (
        <Suspense>
          <Confirmation
            ref={submit.confirmationRef}
            confirmed={submit.confirmed}
            jobBoardUrl={config.jobBoardUrl}
            onDismiss={submit.dismissConfirmation}
          />
        </Suspense>
      )}
      {draft.restored && (
        // Its code and texts load once a draft is restored (none in the prerendered page).
        <Suspense>
          <RestoredNotice onStartOver={wizard.clearForm} />
        </Suspense>
      )}
      <StepNav step={step} onStep={goToStep} />
      <FormProvider {...form}>
        <form className="card" noValidate onSubmit={submit.onSubmit} aria-labelledby="step-title">
          <p className="step-count">{t`Step ${number} of ${STEP_COUNT}`}</p>
          <h2 id="step-title" ref={steps.headingRef} tabIndex={-1}>
            {i18n._(STEP_TITLE_TEXTS[step] ?? STEP_TITLE_TEXTS[0])}
          </h2>
          {steps.summary.length > 0 && (
            <ErrorSummary ref={steps.summaryRef} items={steps.summary} />
          )}
          <Honeypot ref={bot.honeypotRef} />
          <FromResume.Provider value={draft.fromResume}>
            {step === 0 ? (
              <>
                <DataNotice
                  draftTtlHours={config.draftTtlHours}
                  privacyPolicyUrl={config.privacyPolicyUrl}
                  funnel={config.funnel}
                />
                <ResumeButton wizard={wizard} />
                <PersonalStep />
              </>
            ) : (
              // The later steps' code loads on demand. Step 1 has no boundary: one in the
              // prerendered page is rendered anew, what was typed before hydrating lost, should
              // App update before the boundary hydrates.
              <Suspense fallback={<p className="hint">{i18n._(EARLY_TEXTS.loading)}</p>}>
                {step === 1 ? (
                  <CareerStep />
                ) : (
                  <>
                    <ResumeStep config={config} />
                    <CheckAnswers values={form.watch()} onChange={goToStep} />
                    <CollectionNotice
                      privacyPolicyUrl={config.privacyPolicyUrl}
                      providerTermsUrl={config.providerTermsUrl}
                    />
                  </>
                )}
              </Suspense>
            )}
          </FromResume.Provider>
          <StepActions
            step={step}
            onStep={goToStep}
            submitting={submit.submitting}
            moving={steps.moving}
          />
        </form>
      </FormProvider>
      <div className="clear-form">
        <ClearForm label={t`Clear this form`} onClear={wizard.clearForm} />
      </div>
      {config.randomDataButton && (
        <div className="random-data">
          <button type="button" className="button button--quiet" onClick={wizard.fillRandom}>
            {t`Fill with Random Data`}
          </button>
        </div>
      )}
      {hydrated && <Toaster />}
    </main>
  );
}
