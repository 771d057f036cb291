// TRUST_PROXY's entries as address ranges, to refuse a list that would believe any peer
// (issue 31, item 7): X-Forwarded-For from a trusted peer picks the client's address for the
// rate limits, so a list whose ranges together cover a whole address family lets anyone who
// reaches an instance directly choose their own, however the list is written.
import { isIP } from 'node:net';

export type Family = 4 | 6;

export interface Range {
  family: Family;
  start: bigint;
  end: bigint;
  /** The prefix length as written (an address alone is /32 or /128). */
  prefix: number;
}

const BITS: Record<Family, number> = { 4: 32, 6: 128 };

/** proxy-addr's named ranges (Fastify's trustProxy), as it defines them. */
export const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(address: string): bigint {
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes its two groups.
  let text = address.toLowerCase().split('%')[0] as string;
  const last = text.slice(text.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    const value = ipv4Value(last);
    text = `${text.slice(0, -last.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(8 - headGroups.length - tailGroups.length).fill('0'),
          ...tailGroups,
        ];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const IPV4_MAPPED = 0xffffn << 32n;

/**
 * One TRUST_PROXY entry (an address or a CIDR; not a named range) as the range it trusts, or
 * null when it is not one. An IPv4-mapped IPv6 range (::ffff:0:0/96 and narrower) is read as
 * the IPv4 range it names, as Fastify's proxy-addr compares it.
 */
export function rangeOf(item: string): Range | null {
  const [address = '', prefixText, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const bits = BITS[family as Family];
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const value = family === 4 ? ipv4Value(address) : ipv6Value(address);
  if (family === 6 && prefix >= 96 && value >> 32n === IPV4_MAPPED >> 32n) {
    return rangeOf(
      `${[24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join('.')}/${prefix - 96}`,
    );
  }
  const size = 1n << BigInt(bits - prefix);
  const start = (value / size) * size;
  return { family: family as Family, start, end: start + size - 1n, prefix };
}

/** Every range an entry names: a named range's several, or one address or CIDR's. */
export function rangesOf(item: string): Range[] | null {
  if (Object.hasOwn(NAMED_RANGES, item)) {
    return (NAMED_RANGES[item] as readonly string[]).map((cidr) => rangeOf(cidr) as Range);
  }
  const range = rangeOf(item);
  return range ? [range] : null;
}

/** The address families whose every address `ranges`, together, trust. */
export function familiesCovered(ranges: readonly Range[]): Family[] {
  return ([4, 6] as const).filter((family) => {
    // Fastify's proxy-addr matches an IPv4 peer against an IPv6 range only when that range is
    // IPv4-mapped and /96 or narrower, which rangeOf reads as IPv4 already.
    const sorted = ranges
      .filter((range) => range.family === family)
      .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let next = 0n;
    for (const range of sorted) {
      if (range.start > next) return false;
      if (range.end + 1n > next) next = range.end + 1n;
    }
    return next === 1n << BigInt(BITS[family]);
  });
}

/** Wider than a proxy fleet needs: an IPv4 range past /8, an IPv6 one past /32. */
export const isWide = (range: Range): boolean => range.prefix < (range.family === 4 ? 8 : 32);
