// Shown while the form holds a restored same-device draft: what happened, and, for the next
// person at a shared computer, "Not you? Clear this form", which asks once before it clears.
// Loaded on demand, with the rest of the page's texts (steps/lazy.ts).
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';

export function RestoredNotice({ onStartOver }: { onStartOver: () => void }) {
  const [asking, setAsking] = useState(false);
  const clear = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The question takes the focus on its safe answer; "Keep" gives it back to the button.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (asking ? keep : clear).current?.focus();
  }, [asking]);
  const ask = (next: boolean) => {
    moved.current = true;
    setAsking(next);
  };

  return (
    <div className="notice" role="status">
      <p>{t`We restored the answers you gave on this device. Your password is never saved, so please enter it again.`}</p>
      {asking ? (
        // In the notice's live region: the question is read out as it appears, and its safe
        // answer has the focus.
        <div className="notice__question">
          <p>{t`Clear every answer saved on this device? This cannot be undone.`}</p>
          <button type="button" className="button" onClick={onStartOver}>
            {t`Clear the form`}
          </button>
          <button
            ref={keep}
            type="button"
            className="button button--quiet"
            onClick={() => ask(false)}
          >
            {t`Keep my answers`}
          </button>
        </div>
      ) : (
        <button
          ref={clear}
          type="button"
          className="button button--quiet"
          onClick={() => ask(true)}
        >
          {t`Not you? Clear this form`}
        </button>
      )}
    </div>
  );
}
