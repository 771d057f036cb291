// Where a resume link may point (docs/api.md, check 3): the provider fetches it, so a link must
// never send the provider into the board's own network. Link-local and cloud-metadata hosts are
// refused everywhere; loopback and private hosts only where the deployment is local (the one
// `npm start` gives, whose own resume links are http://localhost:…) or the host is the
// deployment's own PUBLIC_BASE_URL host. Shared: the browser refuses such a link as it is added,
// the server when it is registered, and for a name, again where that name resolves.
import type { LinkHostPolicy } from './contract.ts';
import { type Address, BITS, type Family, parseAddress } from './ip.ts';

/**
 * What a host is to a link: `public`, `private` (loopback, a private or otherwise unrouted
 * address, a name only a local network resolves) or `forbidden` (link-local, cloud metadata).
 */
export type HostKind = 'public' | 'private' | 'forbidden';

/** Cloud metadata services: never a resume, always credentials. */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data.ec2.internal',
]);

/** Names no public DNS answers for: loopback, mDNS, home networks, ICANN's private-use TLD. */
const LOCAL_SUFFIXES = ['localhost', 'localdomain', 'local', 'internal', 'home.arpa', 'lan'];

interface Block {
  family: Family;
  start: bigint;
  end: bigint;
}

function block(cidr: string): Block {
  const [text = '', prefix = ''] = cidr.split('/');
  const { family, value } = parseAddress(text) as Address;
  const size = 1n << BigInt(BITS[family] - Number(prefix));
  return { family, start: value, end: value + size - 1n };
}

const within = (blocks: readonly Block[], { family, value }: Address) =>
  blocks.some((b) => b.family === family && b.start <= value && value <= b.end);

/** Link-local (where cloud metadata answers) and the metadata addresses outside it. */
const FORBIDDEN = [
  '169.254.0.0/16',
  'fe80::/10',
  '100.100.100.200/32', // Alibaba Cloud's metadata
  'fd00:ec2::254/128', // AWS's, over IPv6
].map(block);

/** Addresses no public host has (IANA's special-purpose registries), IPv4 and IPv6. */
const UNROUTED = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3', // multicast, reserved, broadcast
  '::/127', // unspecified and loopback
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fec0::/10',
  'ff00::/8',
  '64:ff9b:1::/48',
].map(block);

/** IPv6 blocks that carry an IPv4 address in their low 32 bits: mapped, compatible, NAT64, SIIT. */
const CARRY_IPV4 = ['::ffff:0:0/96', '::/96', '64:ff9b::/96', '::ffff:0:0:0/96'].map(block);
const SIX_TO_FOUR = block('2002::/16');

/** The IPv4 address an IPv6 one stands for, if any. */
function carriedIpv4(address: Address): Address | null {
  if (address.family !== 6) return null;
  if (within(CARRY_IPV4, address)) return { family: 4, value: address.value & 0xffffffffn };
  if (within([SIX_TO_FOUR], address)) {
    return { family: 4, value: (address.value >> 80n) & 0xffffffffn };
  }
  return null;
}

function addressKind(address: Address): HostKind {
  if (within(FORBIDDEN, address)) return 'forbidden';
  if (within(UNROUTED, address)) return 'private';
  const carried = carriedIpv4(address);
  return carried ? addressKind(carried) : 'public';
}

/** A URL's host name as compared here: lowercase, without brackets or a final dot. */
export function normalHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Whether `host` (normalHost) is an IP address. Strict forms only: a URL has already turned
 * 0x7f.1 or 2130706433 into 127.0.0.1.
 */
export const isAddress = (host: string): boolean => parseAddress(host) !== null;

/** The kind of `hostname`, a URL's host name or a resolved address. */
export function hostKind(hostname: string): HostKind {
  const host = normalHost(hostname);
  const address = parseAddress(host);
  if (address) return addressKind(address);
  if (METADATA_NAMES.has(host)) return 'forbidden';
  const local = LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  return local ? 'private' : 'public';
}

/** Whether a link to `hostname` may be handed to the provider under `policy`. */
export function linkHostAllowed(hostname: string, policy: LinkHostPolicy): boolean {
  const kind = hostKind(hostname);
  if (kind !== 'private') return kind === 'public';
  return (
    policy.privateHosts ||
    (policy.ownHost !== null && normalHost(hostname) === normalHost(policy.ownHost))
  );
}
