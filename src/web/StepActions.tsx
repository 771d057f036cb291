import { t } from '@lingui/core/macro';
import { STEP_COUNT } from '../shared/constants.ts';
import { RESUME_ERROR_ID, useFieldError } from './fields/index.ts';

/**
 * Back (from step 2 on), then Next Step, or Submit Registration on the last step. Next Step is
 * busy while its move is checked (`moving`), as Submit Registration is while it sends.
 */
export function StepActions({
  step,
  onStep,
  submitting,
  moving,
}: {
  step: number;
  onStep: (step: number) => void;
  submitting: boolean;
  moving: boolean;
}) {
  // Submit Registration is described by the resume's message, the last step's only field.
  const resumeError = useFieldError('resume');
  return (
    <div className="actions">
      {step > 0 && (
        <button type="button" className="button button--secondary" onClick={() => onStep(step - 1)}>
          {t`Back`}
        </button>
      )}
      {/* Distinct keys: React must not turn the clicked Next Step into the submit button
          while the click is still being handled, or that click submits the form. */}
      {step === STEP_COUNT - 1 ? (
        <button
          key="submit"
          type="submit"
          className="button button--primary"
          disabled={submitting}
          aria-busy={submitting}
          aria-describedby={resumeError ? RESUME_ERROR_ID : undefined}
        >
          {t`Submit Registration`}
        </button>
      ) : (
        <button
          key="next"
          type="button"
          className="button button--primary"
          aria-disabled={moving || undefined}
          aria-busy={moving || undefined}
          onClick={() => onStep(step + 1)}
        >
          {t`Next Step`}
        </button>
      )}
    </div>
  );
}
