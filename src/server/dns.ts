// Resume links' names, resolved to see where they lead (registration/link-addresses.ts).
import { Resolver } from 'node:dns/promises';
import type { ResolveHost } from './registration/link-addresses.ts';

/** How long one lookup may take before the link is judged on its name alone. */
export const LINK_LOOKUP_TIMEOUT_MS = 1_500;

/**
 * The system's DNS servers, asked directly (c-ares, never libuv's thread pool, which a slow
 * resolver would take from file I/O): A and AAAA at once, one try each within the timeout.
 */
export function dnsResolver(timeoutMs = LINK_LOOKUP_TIMEOUT_MS): ResolveHost {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return async (host) => {
    const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  };
}
