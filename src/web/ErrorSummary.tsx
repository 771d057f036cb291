import { t } from '@lingui/core/macro';
import { forwardRef } from 'react';

export interface SummaryItem {
  /** The id of the control the link moves focus to. */
  target: string;
  message: string;
}

/** GOV.UK-style summary at the top of a step after a failed Next or Submit. */
export const ErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[] }>(
  function ErrorSummary({ items }, ref) {
    return (
      <div
        ref={ref}
        className="error-summary"
        role="alert"
        aria-labelledby="error-summary-title"
        tabIndex={-1}
      >
        <h2 id="error-summary-title">{t`There is a problem`}</h2>
        <ul>
          {items.map((item) => (
            <li key={item.target}>
              <a
                href={`#${item.target}`}
                onClick={(event) => {
                  event.preventDefault();
                  const control = document.getElementById(item.target);
                  control?.focus();
                  control?.scrollIntoView({ block: 'center' });
                }}
              >
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
