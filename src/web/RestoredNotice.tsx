import { i18n } from '@lingui/core';
import { EARLY_TEXTS } from './texts.ts';

/** Shown while the form holds a restored same-device draft. */
export function RestoredNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="notice" role="status">
      <p>{i18n._(EARLY_TEXTS.restored)}</p>
      <button type="button" className="button button--quiet" onClick={onStartOver}>
        {i18n._(EARLY_TEXTS.startOver)}
      </button>
    </div>
  );
}
