// "Clear this form" (docs/form.md): for the next person at a shared computer, at any moment, on
// any step. It asks once, with the focus on the safe answer ("Keep my answers", which gives the
// focus back to the button), then clears. The restored draft's notice asks the same way.
import { i18n } from '@lingui/core';
import { useEffect, useId, useRef, useState } from 'react';
import { EARLY_TEXTS } from './texts.ts';

export function ClearForm({ label, onClear }: { label: string; onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  const clear = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const question = useId();
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

  return asking ? (
    // Both answers are described by the question: a screen reader says it as the focus arrives.
    <div className="notice__question">
      <p id={question}>{i18n._(EARLY_TEXTS.clearQuestion)}</p>
      <button
        type="button"
        className="button"
        aria-describedby={question}
        onClick={() => {
          // The caller puts the focus where the cleared form starts.
          setAsking(false);
          onClear();
        }}
      >
        {i18n._(EARLY_TEXTS.clearConfirm)}
      </button>
      <button
        ref={keep}
        type="button"
        className="button button--quiet"
        aria-describedby={question}
        onClick={() => ask(false)}
      >
        {i18n._(EARLY_TEXTS.clearKeep)}
      </button>
    </div>
  ) : (
    <button ref={clear} type="button" className="button button--quiet" onClick={() => ask(true)}>
      {label}
    </button>
  );
}
