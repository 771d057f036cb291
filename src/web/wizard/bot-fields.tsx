// Bot defence (docs/api.md): a honeypot people never see and bots love to fill, and the time
// from page load to submit. The server judges both.
import { t } from '@lingui/core/macro';
import { type RefObject, useCallback, useRef } from 'react';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../shared/contract.ts';

export interface BotFields {
  [HONEYPOT_FIELD]: string;
  [FILL_TIME_FIELD]: number;
}

/** The honeypot's ref, and the bot fields as they stand when a registration leaves. */
export function useBotFields() {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const read = useCallback(
    (): BotFields => ({
      [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
      [FILL_TIME_FIELD]: Math.round(performance.now()),
    }),
    [],
  );
  return { honeypotRef, read };
}

/** Out of sight and out of the accessibility tree; out of the tab order too. */
export function Honeypot({ ref }: { ref: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t`Website (leave this empty)`}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        ref={ref}
      />
    </div>
  );
}
