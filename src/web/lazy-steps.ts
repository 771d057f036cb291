// The resume step and the answers to check load after the first paint, ahead of need.
import { lazy } from 'react';

const loadResumeStep = () => import('./resume/ResumeStep.tsx');
const loadCheckAnswers = () => import('./CheckAnswers.tsx');

export const ResumeStep = lazy(() =>
  loadResumeStep().then((module) => ({ default: module.ResumeStep })),
);
export const CheckAnswers = lazy(() =>
  loadCheckAnswers().then((module) => ({ default: module.CheckAnswers })),
);

export function prefetchLaterSteps() {
  void loadResumeStep();
  void loadCheckAnswers();
}
