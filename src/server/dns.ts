// Resume links' names, resolved to see where they lead (registration/link-addresses.ts), and
// remembered for as long as their records allow: a board's candidates link to a few hosts
// (Google Drive, Dropbox, its own) again and again, and a registration should not wait for DNS,
// nor send it two queries, every time.
import { Resolver } from 'node:dns/promises';
import type { ResolveHost } from './registration/link-addresses.ts';

/**
 * How long one lookup may take before the link is judged on its name alone.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const LINK_LOOKUP_TIMEOUT_MS = 1_500;

/** The longest an answer is kept, whatever its TTL; a name that did not resolve, this long. */
const MAX_KEEP_S = 300;
const UNRESOLVED_KEEP_S = 30;
/** Names remembered at most; past it the oldest is forgotten. */
const MAX_NAMES = 1_000;

interface Remembered {
  addresses: string[];
  until: number;
}

/**
 * The system's DNS servers, asked directly (c-ares, never libuv's thread pool, which a slow
 * resolver would take from file I/O): A and AAAA at once, one try each within the timeout, one
 * lookup at a time per name, the answer kept for its TTL (at most 5 minutes).
 */
export function dnsResolver({
  timeoutMs = LINK_LOOKUP_TIMEOUT_MS,
  servers,
  now = Date.now,
}: {
  timeoutMs?: number;
  /** For tests: the DNS servers asked, instead of the system's. */
  servers?: string[];
  /** For tests: the clock that ages what is remembered. */
  now?: () => number;
} = {}): ResolveHost {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers(servers);
  const remembered = new Map<string, Remembered>();
  const pending = new Map<string, Promise<string[]>>();

  const lookUp = async (host: string): Promise<string[]> => {
    const answers = await Promise.allSettled([
      resolver.resolve4(host, { ttl: true }),
      resolver.resolve6(host, { ttl: true }),
    ]);
    const records = answers.flatMap((answer) =>
      answer.status === 'fulfilled' ? answer.value : [],
    );
    const keepS =
      records.length === 0
        ? UNRESOLVED_KEEP_S
        : Math.min(MAX_KEEP_S, ...records.map((record) => record.ttl));
    remembered.delete(host);
    if (remembered.size >= MAX_NAMES) remembered.delete(remembered.keys().next().value as string);
    const addresses = records.map((record) => record.address);
    remembered.set(host, { addresses, until: now() + keepS * 1000 });
    return addresses;
  };

  return (host) => {
    const known = remembered.get(host);
    if (known && known.until > now()) return Promise.resolve(known.addresses);
    let lookup = pending.get(host);
    if (!lookup) {
      lookup = lookUp(host).finally(() => pending.delete(host));
      pending.set(host, lookup);
    }
    return lookup;
  };
}
