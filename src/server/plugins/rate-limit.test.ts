import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_LIMIT_FACTOR, siteOf } from './rate-limit.ts';

/** The address whose number is `value`, as eight full groups. */
const fullForm = (value: bigint) =>
  (value.toString(16).padStart(32, '0').match(/.{4}/g) as string[]).join(':');

describe('the site (IPv6 /48) of a client address', () => {
  it.each([
    ['IPv4', '203.0.113.7', null],
    ['IPv4 loopback', '127.0.0.1', null],
    ['IPv4-mapped IPv6', '::ffff:1.2.3.4', null],
    ['IPv4-mapped IPv6 in hex', '::ffff:102:304', null],
    ['IPv4-mapped IPv6 written in full', '0:0:0:0:0:ffff:0102:0304', null],
    ['a documentation address', '2001:db8:1:2::1', '20010db80001'],
    ['the same /48, another /64', '2001:db8:1:ffff::1', '20010db80001'],
    ['the same /48, written in full', '2001:0db8:0001:0002:0000:0000:0000:0001', '20010db80001'],
    ['the same /48, in upper case', '2001:DB8:1:2::1', '20010db80001'],
    ['the next /48', '2001:db8:2::1', '20010db80002'],
    ['the unspecified address', '::', '0'],
    ['IPv6 loopback', '::1', '0'],
    ['a /48 with leading zero groups', '0:0:1::', '1'],
    ['the last address', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ffffffffffff'],
    ['an IPv4 tail on a site', '2001:db8:1::1.2.3.4', '20010db80001'],
    ['nothing', '', null],
    ['a name', 'localhost', null],
    ['a CIDR', '2001:db8::/48', null],
    ['a zone id', 'fe80::1%eth0', null],
    ['brackets', '[2001:db8::1]', null],
    ['nine groups', '1:2:3:4:5:6:7:8:9', null],
    ['two ::', '1::2::3', null],
    ['a five-digit group', '2001:db8:10000::1', null],
    ['a colon', ':', null],
    ['a bad IPv4 tail', '::ffff:1.2.3.256', null],
    ['an IPv4 address with a port', '1.2.3.4:80', null],
  ])('%s (%s): %s', (_, ip, site) => {
    expect(siteOf(ip)).toBe(site);
  });

  it('puts two /64s of one /48 in one site, and two /48s in two', () => {
    expect(siteOf('2001:db8:abcd:1::1')).toBe(siteOf('2001:db8:abcd:2::1'));
    expect(siteOf('2001:db8:abcd:1::1')).not.toBe(siteOf('2001:db8:abce:1::1'));
  });

  it('gives a site five times an address’s limit (docs/api.md)', () => {
    expect(SITE_LIMIT_FACTOR).toBe(5);
  });

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.stringMatching(/^[0-9a-fA-F:.]{0,60}$/),
        ),
        (text) => {
          const site = siteOf(text);
          expect(site === null || /^[0-9a-f]{1,12}$/.test(site)).toBe(true);
        },
      ),
    );
  });

  it('is the top 48 bits of any IPv6 address, written in full or compressed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (value) => {
        fc.pre(value >> 32n !== 0xffffn);
        const site = (value >> 80n).toString(16);
        const full = fullForm(value);
        const compressed = full.replace(/(^|:)0{1,3}(?=[0-9a-f])/g, '$1');
        expect([siteOf(full), siteOf(compressed), siteOf(full.toUpperCase())]).toEqual([
          site,
          site,
          site,
        ]);
      }),
    );
  });

  it('is the top 48 bits of an address with a run of zero groups compressed to ::', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: (1n << 48n) - 1n }),
        fc.bigInt({ min: 0n, max: 0xffffn }),
        (top, last) => {
          const value = (top << 80n) | last;
          const address = `${fullForm(value).slice(0, 14)}::${last.toString(16)}`;
          expect(siteOf(address)).toBe(top.toString(16));
        },
      ),
    );
  });
});
