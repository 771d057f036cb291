// Shown while the form holds a restored same-device draft: what happened, and, for the next
// person at a shared computer, "Not you? Clear this form", which asks once before it clears
// (ClearForm.tsx). Loaded on demand, with the rest of the page's texts (steps/lazy.ts).
import { t } from '@lingui/core/macro';
import { ClearForm } from './ClearForm.tsx';

export function RestoredNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="notice" role="status">
      <p>{t`We restored the answers you gave on this device. Your password is never saved, so please enter it again.`}</p>
      <ClearForm label={t`Not you? Clear this form`} onClear={onStartOver} />
    </div>
  );
}
