// The notice at collection on step 1 (docs/form.md): who receives the answers and why, what the
// password becomes, how long this device keeps the draft, what the funnel counts when it is on,
// and the board's privacy policy when it has one. In the prerendered page, where the server has
// already written the deployment's figure, funnel and link (routes/page-notice.ts): the page
// hydrates with the default configuration, so those parts keep the server's text and attributes
// until the configuration is applied, which then says the same.
import { t } from '@lingui/core/macro';
import { draftKeptSentence, NOTICE_SLOTS } from '../../shared/notice-texts.ts';
import { say } from '../../shared/page-texts.ts';
import { FUNNEL_TEXT, SENT_TEXT } from './notice-texts.ts';

export function DataNotice({
  draftTtlHours,
  privacyPolicyUrl,
  funnel,
}: {
  draftTtlHours: number;
  privacyPolicyUrl: string | null;
  /** Whether the funnel is on (PublicConfig). */
  funnel: boolean;
}) {
  return (
    <p className="hint data-notice">
      {say(SENT_TEXT)}{' '}
      <span data-notice={NOTICE_SLOTS.draftKept} suppressHydrationWarning>
        {draftKeptSentence(say, draftTtlHours)}
      </span>{' '}
      <span data-notice={NOTICE_SLOTS.funnel} hidden={!funnel} suppressHydrationWarning>
        {say(FUNNEL_TEXT)}
      </span>{' '}
      {/* Beside the form (a board's frame included), not in its place. */}
      <a
        data-notice={NOTICE_SLOTS.policy}
        href={privacyPolicyUrl ?? undefined}
        target="_blank"
        rel="noopener noreferrer"
        hidden={!privacyPolicyUrl}
        suppressHydrationWarning
      >
        {t`Privacy policy`}
      </a>
    </p>
  );
}
