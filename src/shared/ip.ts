// IP addresses as numbers, for the browser and the server alike: strict dotted-quad IPv4 and
// RFC 4291 IPv6 text (with an embedded IPv4 tail), as a URL's parser and a DNS resolver write
// them. Hand-written rather than ipaddr.js, which is CommonJS only: in the page's bundle its
// interop runtime became a third script on the first load, over the budget of two.

export type Family = 4 | 6;

export interface Address {
  family: Family;
  value: bigint;
}

export const BITS: Record<Family, number> = { 4: 32, 6: 128 };

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;
/** The longest IPv6 text: eight groups of four, or six and a dotted quad. */
const MAX_IPV6_LENGTH = 45;

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(address: string): bigint | null {
  if (address.length > MAX_IPV6_LENGTH) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const cut = address.lastIndexOf(':') + 1;
  const last = address.slice(cut);
  const quad = last.includes('.') ? last : null;
  if (quad !== null && !IPV4.test(quad)) return null;
  const text = quad === null ? address : `${address.slice(0, cut)}0:0`;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  const count = head.length + tail.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return null;
  const groups = [...head, ...Array<string>(8 - count).fill('0'), ...tail];
  if (!groups.every((group) => IPV6_GROUP.test(group))) return null;
  const value = groups.reduce(
    (sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)),
    0n,
  );
  return quad === null ? value : ((value >> 32n) << 32n) | ipv4Value(quad);
}

/** The address `text` writes, or null when it is not one (names, CIDRs, zone ids, anything). */
export function parseAddress(text: string): Address | null {
  if (IPV4.test(text)) return { family: 4, value: ipv4Value(text) };
  if (!text.includes(':')) return null;
  const value = ipv6Value(text);
  return value === null ? null : { family: 6, value };
}

/** The IPv4 address whose number is `value`, dotted. */
export function dottedQuad(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join('.');
}
