// URL rules for resume links: docs/form.md (prefix, filename, filetype) and check 3 of docs/form.md
// as docs/api.md reads it (where a link may point: link-hosts.ts).
import type { LinkHostPolicy } from './contract.ts';
import { linkHostAllowed } from './link-hosts.ts';

const SCHEME = /^https?:\/\//i;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** `text` without the slashes it ends with (/\/+$/ would rescan a long run of slashes). */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/** A URL without http:// or https:// gets https:// prepended. */
export function withHttps(input: string): string {
  const trimmed = input.trim();
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A typed link, read: its URL with the prefix fixed, a name and a type guessed from its path. */
export interface ParsedResumeLink {
  url: string;
  filename: string;
  filetype: 'pdf' | 'unknown';
}

/**
 * Turns what the candidate typed into an attached resume link, or null when it is empty or
 * does not parse after the prefix fix ('Please enter a valid URL').
 */
export function resumeLinkFrom(input: string): ParsedResumeLink | null {
  if (input.trim() === '') return null;
  const url = withHttps(input);
  const parsed = parse(url);
  if (!parsed || parsed.hostname === '') return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  const filename = last ? safeDecode(last) : parsed.hostname;
  const filetype = parsed.pathname.toLowerCase().endsWith('.pdf') ? 'pdf' : 'unknown';
  return { url, filename, filetype };
}

/** A URL's percent escapes decoded, or the text as it is where they are malformed. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Check 3: an http or https URL (the scheme may be left off) whose host is a domain name,
 * `localhost` or an IP address, with an optional path.
 * @internal Pure, and tested directly in url.test.ts.
 */
export function looksLikeResumeUrl(input: string): boolean {
  return resumeUrlHost(input) !== null;
}

/** The host name of a URL that passes check 3's format, else null. */
export function resumeUrlHost(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const parsed = parse(withHttps(trimmed));
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  if (parsed.username || parsed.password) return null;
  const host = parsed.hostname;
  if (host === 'localhost' || IPV4.test(host) || (host.startsWith('[') && host.endsWith(']'))) {
    return host;
  }
  return DOMAIN.test(host) ? host : null;
}

/**
 * The one rule for a resume link, the page's "Add" and the server's check 3 alike: the link to
 * attach, or null when the server would refuse it (no http(s) URL of a host name, `localhost` or
 * an IP address, with no space and no user name; or a host `policy` does not let the provider be
 * sent to). The server also looks a name up (registration/link-addresses.ts), which a page cannot.
 */
export function acceptedResumeLink(input: string, policy: LinkHostPolicy): ParsedResumeLink | null {
  const host = resumeUrlHost(input);
  return host !== null && linkHostAllowed(host, policy) ? resumeLinkFrom(input) : null;
}
