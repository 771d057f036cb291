// The later steps (career, resume, the answers to check), the confirmation, the form's rules, the
// code that sends the registration and the rest of the page's texts load once the candidate first
// does something on the page (a key, a pointer, a focus), seconds ahead of need, and not on a
// load that may end unanswered: `npm run size` weighs what a visit fetches without interaction
// (docs/decisions/015, 017).
import { type ComponentType, createElement, lazy } from 'react';
import { STEP_COUNT } from '../../shared/constants.ts';
import { withTexts } from '../i18n.ts';
import { importOnDemand, loadOnce } from '../load-once.ts';
import { loadRegistration, loadRules, type StepCode } from '../wizard/index.ts';

/** What an optional part renders when its code or texts did not arrive. */
const Nothing = () => null;

/**
 * A component whose code loads on demand, with the rest of the page's texts (i18n.ts): through
 * React.lazy (and the Suspense fallback) while they are on their way, and rendered at once when
 * they are already here. React.lazy alone suspends on first use even then, and keeps its fallback
 * up for at least 300 ms. An `optional` part renders nothing should its code or texts not arrive.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, optional = false) {
  let loaded: ComponentType<P> | undefined;
  const prefetch = loadOnce(() => {
    const code = withTexts(load());
    // A part the page can do without, whose code or texts did not arrive, is left out: its
    // failure would otherwise reach React and take the form with it.
    const part = optional ? code.catch((): ComponentType<P> => Nothing) : code;
    return part.then((component) => {
      loaded = component;
      return component;
    });
  });
  const Lazy = lazy(() => prefetch().then((component) => ({ default: component })));
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  /** Its code, or null when it is here already. */
  const pending = () => (loaded ? null : prefetch());
  return [Component, prefetch, pending] as const;
}

const careerStep = onDemand(() =>
  importOnDemand(() => import('./CareerStep.tsx')).then((module) => module.CareerStep),
);
export const [CareerStep] = careerStep;
const [, loadCareerStep, pendingCareerStep] = careerStep;

const resumeStep = onDemand(() =>
  importOnDemand(() => import('./ResumeStep.tsx')).then((module) => module.ResumeStep),
);
export const [ResumeStep] = resumeStep;
const [, loadResumeStep, pendingResumeStep] = resumeStep;
const checkAnswers = onDemand(() =>
  importOnDemand(() => import('./CheckAnswers.tsx')).then((module) => module.CheckAnswers),
);
export const [CheckAnswers] = checkAnswers;
const [, loadCheckAnswers, pendingCheckAnswers] = checkAnswers;

/** The notice at collection above Submit Registration, from the same chunk as CheckAnswers. */
const collectionNotice = onDemand(() =>
  importOnDemand(() => import('./CheckAnswers.tsx')).then((module) => module.CollectionNotice),
);
export const [CollectionNotice] = collectionNotice;
const [, loadCollectionNotice, pendingCollectionNotice] = collectionNotice;

/**
 * The last step's code while it is still to come, else null: the move to that step waits for it,
 * so a download that fails is said (and tried again) rather than left to the step's fallback.
 */
function loadLastStep(): Promise<unknown> | null {
  const pending = [pendingResumeStep(), pendingCheckAnswers(), pendingCollectionNotice()].filter(
    (load) => load !== null,
  );
  return pending.length > 0 ? Promise.all(pending) : null;
}
/** A later step's code (the last: the resume step and the answers to check), while it is to come. */
export const stepCode: StepCode = (target) =>
  target === STEP_COUNT - 1 ? loadLastStep() : target > 0 ? pendingCareerStep() : null;

/**
 * The notice of a restored draft: only a returning candidate's page needs it, and its texts.
 * Should they not arrive, the answers are back all the same, without it.
 */
export const [RestoredNotice] = onDemand(
  () =>
    importOnDemand(() => import('../RestoredNotice.tsx')).then((module) => module.RestoredNotice),
  true,
);

const confirmation = onDemand(() =>
  importOnDemand(() => import('./Confirmation.tsx')).then((module) => module.Confirmation),
);
export const [Confirmation] = confirmation;
const [, loadConfirmation] = confirmation;

const FIRST_INPUT = ['pointerdown', 'keydown', 'focusin'] as const;

/** Prefetches the later steps on the first input; returns a function that stops waiting. */
export function prefetchLaterStepsOnFirstInput(): () => void {
  const stop = () => {
    for (const type of FIRST_INPUT) document.removeEventListener(type, prefetch, true);
  };
  const prefetch = () => {
    stop();
    // A prefetch that fails is tried again when its code is needed.
    for (const load of [
      loadCareerStep,
      loadResumeStep,
      loadCheckAnswers,
      loadCollectionNotice,
      loadConfirmation,
      loadRules,
      loadRegistration,
    ])
      load().catch(() => undefined);
  };
  // Typed into the prerendered form before the app hydrated: that was the first input.
  if (document.activeElement?.closest('form')) prefetch();
  else for (const type of FIRST_INPUT) document.addEventListener(type, prefetch, true);
  return stop;
}
