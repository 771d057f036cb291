// Step 1's notice at collection in the prerendered page (docs/form.md). The build renders it with
// the default configuration; at start the server writes in the deployment's own draft time and
// privacy policy link, in the page's language, and shows the funnel's sentence when the funnel
// is on, so that the first paint says what this deployment does. The page hydrates with the
// default configuration: these parts keep what is written here until it applies the
// deployment's (src/web/steps/DataNotice.tsx), which says the same.
import type { PublicConfig } from '../../shared/contract.ts';
import { draftKeptSentence, NOTICE_SLOTS } from '../../shared/notice-texts.ts';
import type { Say } from '../../shared/page-texts.ts';

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

// The slots as rendered (src/web/steps/DataNotice.tsx), found by their opening tags: plain text
// search, no pattern to go quadratic on a page of many tags.
/** The draft's sentence: the slot's text, which React escapes (no `<` in it). */
const DRAFT_OPEN = `<span data-notice="${NOTICE_SLOTS.draftKept}">`;
/** The policy link's opening tag as rendered without an address: hidden. */
const POLICY_TAG = `<a data-notice="${NOTICE_SLOTS.policy}"`;
const HIDDEN = ' hidden=""';

/** `page` with the draft slot's text replaced by `sentence`; as it is without the slot. */
function withDraftSentence(page: string, sentence: string): string {
  const start = page.indexOf(DRAFT_OPEN);
  const end = start === -1 ? -1 : page.indexOf('</span>', start);
  if (end === -1) return page;
  return page.slice(0, start + DRAFT_OPEN.length) + sentence + page.slice(end);
}

/** The funnel's sentence as rendered with the default configuration: hidden. */
const FUNNEL_OPEN = `<span data-notice="${NOTICE_SLOTS.funnel}" hidden="">`;

/** `page` with the funnel's sentence shown; as it is without it. */
const withFunnelShown = (page: string): string =>
  page.replace(FUNNEL_OPEN, `<span data-notice="${NOTICE_SLOTS.funnel}">`);

/** `page` with the policy link's tag given `url` in place of `hidden`; as it is without the tag. */
function withPolicy(page: string, url: string): string {
  const start = page.indexOf(POLICY_TAG);
  const end = start === -1 ? -1 : page.indexOf('>', start);
  const hidden = end === -1 ? -1 : page.lastIndexOf(HIDDEN, end);
  if (hidden < start || hidden === -1) return page;
  const href = ` href="${escapeAttribute(url)}"`;
  return page.slice(0, hidden) + href + page.slice(hidden + HIDDEN.length);
}

/**
 * `html`, the prerendered page, with step 1's notice saying the draft time of `config` in `say`'s
 * language and linking its privacy policy, if any. A page without the notice is left as it is.
 * Pure, and tested directly in test/page-notice.test.ts.
 */
export function withNotice(
  html: string,
  config: Pick<PublicConfig, 'draftTtlHours' | 'privacyPolicyUrl' | 'funnel'>,
  say: Say,
): string {
  const sentence = escapeText(draftKeptSentence(say, config.draftTtlHours));
  const drafted = withDraftSentence(html, sentence);
  const page = config.funnel ? withFunnelShown(drafted) : drafted;
  const url = config.privacyPolicyUrl;
  return url ? withPolicy(page, url) : page;
}
