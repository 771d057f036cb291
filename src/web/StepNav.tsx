import { STEP_TITLES } from '../shared/constants.ts';

export function StepNav({ step, onStep }: { step: number; onStep: (step: number) => void }) {
  return (
    <nav aria-label="Registration steps" className="steps">
      <ol>
        {STEP_TITLES.map((title, index) => (
          <li
            key={title}
            className={index < step ? 'steps__item steps__item--done' : 'steps__item'}
          >
            <button
              type="button"
              aria-current={index === step ? 'step' : undefined}
              onClick={() => onStep(index)}
            >
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
