// TRUST_PROXY's entries as the ranges Fastify's proxy-addr trusts.
import { describe, expect, it } from 'vitest';
import { familiesCovered, isWide, type Range, rangeOf, rangesOf } from './proxy-ranges.ts';

const v4 = (a: number, b: number, c: number, d: number) =>
  (BigInt(a) << 24n) | (BigInt(b) << 16n) | (BigInt(c) << 8n) | BigInt(d);

describe('rangeOf', () => {
  it.each([
    ['10.1.2.3/8', { family: 4, start: v4(10, 0, 0, 0), end: v4(10, 255, 255, 255), prefix: 8 }],
    ['192.0.2.7', { family: 4, start: v4(192, 0, 2, 7), end: v4(192, 0, 2, 7), prefix: 32 }],
    // IPv4-mapped and /96 or narrower: the IPv4 range it names.
    [
      '::ffff:10.0.0.0/104',
      { family: 4, start: v4(10, 0, 0, 0), end: v4(10, 255, 255, 255), prefix: 8 },
    ],
    ['::ffff:0.0.0.0/96', { family: 4, start: 0n, end: v4(255, 255, 255, 255), prefix: 0 }],
    ['fe80::/10', { family: 6, start: 0xfe80n << 112n, end: (0xfec0n << 112n) - 1n, prefix: 10 }],
    ['::1', { family: 6, start: 1n, end: 1n, prefix: 128 }],
    [
      '2001:db8::8:800:200c:417a/128',
      {
        family: 6,
        start: 0x20010db80000000000080800200c417an,
        end: 0x20010db80000000000080800200c417an,
        prefix: 128,
      },
    ],
  ])('%s', (item, range) => {
    expect(rangeOf(item)).toEqual(range);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'toString', '', '1.2.3.4/8/8', 'loopback'])(
    'reads %j as no address or CIDR',
    (item) => {
      expect(rangeOf(item)).toBeNull();
    },
  );
});

describe('familiesCovered and isWide', () => {
  const all = (items: string[]) => items.flatMap((item) => rangesOf(item) as Range[]);
  it.each([
    [['loopback', 'linklocal', 'uniquelocal'], []],
    [['0.0.0.0/1', '128.0.0.0/1'], [4]],
    [['0.0.0.0/2', '64.0.0.0/2', '128.0.0.0/1', '::1'], [4]],
    [['0.0.0.0/1', '128.0.0.0/2'], []],
    [['::/1', '8000::/1'], [6]],
    [['::/1'], []],
    [['::ffff:0.0.0.0/97', '::ffff:128.0.0.0/97'], [4]],
  ])('%j together hold every address of %j', (items, families) => {
    expect(familiesCovered(all(items))).toEqual(families);
  });

  it('calls wide what is past an IPv4 /8 or an IPv6 /32', () => {
    expect(
      ['10.0.0.0/7', '10.0.0.0/8', 'fd00::/31', 'fd00::/32'].map((item) =>
        isWide(rangeOf(item) as Range),
      ),
    ).toEqual([true, false, true, false]);
  });
});
