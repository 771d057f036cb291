// Check 3's second half, for a resume link whose host is a name: where that name resolves. A
// public-looking name that resolves to 169.254.169.254 or 10.0.0.5 would send the provider into
// the board's network as surely as the address itself (issue 31, item 6).
import type { LinkHostPolicy } from '../../shared/contract.ts';
import { hostKind, isAddress, linkHostAllowed, normalHost } from '../../shared/link-hosts.ts';

/** A name's IPv4 and IPv6 addresses; none when it does not resolve. Never rejects. */
export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * Whether every address the link's `host` resolves to may be linked under `policy`. Addresses
 * and names already judged by linkHostAllowed, and the deployment's own host, are not looked
 * up; a name that does not resolve here passes, as the provider resolves it on its own network.
 */
export async function resolvesOutward(
  host: string,
  policy: LinkHostPolicy,
  resolve: ResolveHost,
): Promise<boolean> {
  const name = normalHost(host);
  if (isAddress(name) || hostKind(name) !== 'public') return true;
  if (policy.ownHost !== null && name === normalHost(policy.ownHost)) return true;
  const addresses = await resolve(name);
  return addresses.every((address) => linkHostAllowed(address, { ...policy, ownHost: null }));
}
