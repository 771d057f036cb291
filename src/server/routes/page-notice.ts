// Step 1's notice at collection in the prerendered page (docs/form.md). The build renders it with
// the default configuration; at start the server writes in the deployment's own draft time and
// privacy policy link, in the page's language, so that the first paint says what this deployment
// does. The page hydrates with the default configuration: these two parts keep what is written
// here until it applies the deployment's (src/web/steps/DataNotice.tsx), which says the same.
import type { PublicConfig } from '../../shared/contract.ts';
import { draftKeptSentence, NOTICE_SLOTS } from '../../shared/notice-texts.ts';
import type { Say } from '../../shared/page-texts.ts';

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** The draft's sentence as rendered: the slot's text, which React escapes (no `<` in it). */
const DRAFT_SLOT = new RegExp(`(<span data-notice="${NOTICE_SLOTS.draftKept}">)[^<]*(</span>)`);
/** The policy link as rendered without one: no href, hidden. */
const POLICY_SLOT = new RegExp(`(<a data-notice="${NOTICE_SLOTS.policy}"[^>]*?) hidden=""`);

/**
 * `html`, the prerendered page, with step 1's notice saying the draft time of `config` in `say`'s
 * language and linking its privacy policy, if any. A page without the notice is left as it is.
 * Pure, and tested directly in test/page-notice.test.ts.
 */
export function withNotice(
  html: string,
  config: Pick<PublicConfig, 'draftTtlHours' | 'privacyPolicyUrl'>,
  say: Say,
): string {
  const sentence = escapeText(draftKeptSentence(say, config.draftTtlHours));
  const page = html.replace(
    DRAFT_SLOT,
    (_whole, open: string, close: string) => open + sentence + close,
  );
  const url = config.privacyPolicyUrl;
  return url
    ? page.replace(POLICY_SLOT, (_whole, open: string) => `${open} href="${escapeAttribute(url)}"`)
    : page;
}
