import { t } from '@lingui/core/macro';

/** Shown while the form holds a restored same-device draft. */
export function RestoredNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="notice" role="status">
      <p>
        {t`We restored the answers you gave on this device. Your password is never saved, so please enter it again.`}
      </p>
      <button type="button" className="button button--quiet" onClick={onStartOver}>
        {t`Start over`}
      </button>
    </div>
  );
}
