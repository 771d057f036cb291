// The resume step and the answers to check load once the candidate first does something on the
// page (a key, a pointer, a focus), seconds ahead of need, and not on a load that may end
// unanswered: `npm run size` weighs what a visit fetches without interaction. So does step 1's
// resume button: prerendered, it stays as the server drew it until then (it opens the file
// chooser without any script), and hydrates once its code is here.
import { type ComponentType, createElement, lazy, memo, Suspense } from 'react';

/**
 * A component whose code loads on demand: through React.lazy (and the Suspense fallback) while
 * it is on its way, and rendered at once when it is already here. React.lazy alone suspends on
 * first use even then, and keeps its fallback up for at least 300 ms.
 */
function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  after: Promise<unknown> = Promise.resolve(),
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const prefetch = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => after.then(prefetch).then((component) => ({ default: component })));
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return [Component, prefetch] as const;
}

export const [ResumeStep, loadResumeStep] = onDemand(() =>
  import('./resume/ResumeStep.tsx').then((module) => module.ResumeStep),
);
export const [CheckAnswers, loadCheckAnswers] = onDemand(() =>
  import('./CheckAnswers.tsx').then((module) => module.CheckAnswers),
);

let inputSeen: () => void = () => {};
const firstInput = new Promise<void>((resolve) => {
  inputSeen = resolve;
});
const [LazyResumeButton, loadResumeButton] = onDemand(
  () => import('./autofill/ResumeButton.tsx').then((module) => module.ResumeButton),
  firstInput,
);

export { loadResumeButton };

type ResumeButtonProps = Parameters<typeof LazyResumeButton>[0];
/**
 * Memoised, with props that never change: an update reaching the boundary before its code is
 * here would replace the prerendered button with the (empty) fallback.
 */
export const ResumeButton = memo((props: ResumeButtonProps) =>
  createElement(Suspense, { fallback: null }, createElement(LazyResumeButton, props)),
);

const FIRST_INPUT = ['pointerdown', 'keydown', 'focusin'] as const;

/** Prefetches the later steps on the first input; returns a function that stops waiting. */
export function prefetchLaterStepsOnFirstInput(): () => void {
  const stop = () => {
    for (const type of FIRST_INPUT) document.removeEventListener(type, prefetch, true);
  };
  const prefetch = () => {
    stop();
    inputSeen();
    void loadResumeStep();
    void loadCheckAnswers();
  };
  // Typed into the prerendered form before the app hydrated: that was the first input.
  if (document.activeElement?.closest('form')) prefetch();
  else for (const type of FIRST_INPUT) document.addEventListener(type, prefetch, true);
  return stop;
}
