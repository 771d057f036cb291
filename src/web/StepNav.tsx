import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { STEP_TITLE_TEXTS } from './texts.ts';

export function StepNav({ step, onStep }: { step: number; onStep: (step: number) => void }) {
  return (
    <nav aria-label={t`Registration steps`} className="steps">
      <ol>
        {STEP_TITLE_TEXTS.map((title, index) => (
          <li
            key={title.id}
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
              {i18n._(title)}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
