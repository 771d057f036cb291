// The email addresses a document holds only in its links: a contact line set as `Email •
// LinkedIn`, the address behind the word (docs/autofill.md, "Where in a document text is read").
// Each reader finds its links' targets (PDF annotations, DOCX relationships and field codes, RTF
// field instructions); this keeps the addresses its text does not show. Pure.
import { MAX_LENGTHS } from '../../shared/constants.ts';

/** The most links read for their address. */
export const MAX_LINKS = 50;
/**
 * A `mailto:` target in markup, up to what ends it there (a quote, a brace, a query); at most
 * the longest address the email field takes (MAX_LENGTHS.email).
 */
const MAILTO_IN_MARKUP = /mailto:([^\s"'<>{}\\?&]{1,254})/gi;

/** The `mailto:` targets written in a part of a document's markup, at most MAX_LINKS. */
export function mailtoTargets(markup: string): string[] {
  const targets: string[] = [];
  for (const match of markup.matchAll(MAILTO_IN_MARKUP)) {
    targets.push(`mailto:${match[1]}`);
    if (targets.length >= MAX_LINKS) break;
  }
  return targets;
}

/**
 * The addresses of `mailto:` links (any other URL is left out) that `text` does not show, each
 * once, its query dropped and its escapes decoded.
 */
export function unshownAddresses(urls: readonly unknown[], text: string): string[] {
  const shownText = text.toLowerCase();
  const found: string[] = [];
  for (const url of urls.slice(0, MAX_LINKS)) {
    if (typeof url !== 'string' || !/^mailto:/i.test(url)) continue;
    let address: string;
    try {
      address = decodeURIComponent(url.slice('mailto:'.length).split('?')[0] ?? '').trim();
    } catch {
      continue;
    }
    const shown = shownText.includes(address.toLowerCase());
    if (address.length <= MAX_LENGTHS.email && !shown && !found.includes(address))
      found.push(address);
  }
  return found;
}
