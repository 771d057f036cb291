// TRUST_PROXY's entries as address ranges, to refuse a list that would believe any peer
// (issue 31, item 7): X-Forwarded-For from a trusted peer picks the client's address for the
// rate limits, so a list whose ranges together cover a whole address family lets anyone who
// reaches an instance directly choose their own, however the list is written.
import { isIP } from 'node:net';
import { BITS, dottedQuad, type Family, parseAddress } from '../shared/ip.ts';

export type { Family };

export interface Range {
  family: Family;
  start: bigint;
  end: bigint;
  /** The prefix length as written (an address alone is /32 or /128). */
  prefix: number;
}

/** proxy-addr's named ranges (Fastify's trustProxy), as it defines them. */
export const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

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
  // isIP takes a zone (fe80::1%eth0), which names no other address.
  const parsed = parseAddress(address.split('%')[0] as string);
  if (parsed === null) return null;
  const { value } = parsed;
  if (family === 6 && prefix >= 96 && value >> 32n === IPV4_MAPPED >> 32n) {
    return rangeOf(`${dottedQuad(value)}/${prefix - 96}`);
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
