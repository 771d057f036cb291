// The wizard's steps, the answers to check and the confirmation: step 1 is in the first page; the
// rest load on the candidate's first input (lazy.ts).

export { DataNotice } from './DataNotice.tsx';
export {
  CareerStep,
  CheckAnswers,
  CollectionNotice,
  Confirmation,
  prefetchLaterStepsOnFirstInput,
  RestoredNotice,
  ResumeStep,
  stepCode,
} from './lazy.ts';
export { PersonalStep } from './PersonalStep.tsx';
