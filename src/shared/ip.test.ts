// The address parser against the URL standard's own (every browser's and Node's `URL`): the same
// addresses, to the bit, and nothing it would not take.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dottedQuad, parseAddress } from './ip.ts';

/** How `URL` writes the IPv6 address `text`, or null when it takes no such address. */
function urlCanonical(text: string): string | null {
  try {
    return new URL(`http://[${text}]/`).hostname;
  } catch {
    return null;
  }
}

const eightGroups = (value: bigint) =>
  (value.toString(16).padStart(32, '0').match(/.{4}/g) as string[]).join(':');

describe('parseAddress', () => {
  it.each([
    ['127.0.0.1', 4, 0x7f000001n],
    ['255.255.255.255', 4, 0xffffffffn],
    ['::', 6, 0n],
    ['::1', 6, 1n],
    ['::ffff:169.254.169.254', 6, 0xffffa9fea9fen],
    ['fd00:ec2::254', 6, 0xfd000ec2000000000000000000000254n],
    ['1:2:3:4:5:6:7:8', 6, 0x00010002000300040005000600070008n],
    ['1:2:3:4:5:6:1.2.3.4', 6, 0x00010002000300040005000601020304n],
  ] as const)('%s is IPv%i %s', (text, family, value) => {
    expect(parseAddress(text)).toEqual({ family, value });
  });

  it.each([
    '',
    'localhost',
    '1.2.3',
    '01.2.3.4',
    '256.1.1.1',
    '0x7f.0.0.1',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    ':::',
    '12345::',
    '::ffff:1.2.3',
    'fe80::1%eth0',
    '[::1]',
    '::1/128',
    `${'1:'.repeat(20_000)}1`,
  ])('%j is no address', (text) => {
    expect(parseAddress(text)).toBeNull();
  });

  it('reads every IPv4 address as its dotted quad', () => {
    fc.assert(
      fc.property(fc.ipV4(), (text) => {
        const address = parseAddress(text);
        expect(address?.family).toBe(4);
        expect(dottedQuad(address?.value as bigint)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads every IPv6 address as URL does, in any of its forms', () => {
    fc.assert(
      fc.property(fc.ipV6(), (text) => {
        const address = parseAddress(text);
        expect(address?.family).toBe(6);
        expect(urlCanonical(eightGroups(address?.value as bigint))).toBe(urlCanonical(text));
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes nothing as IPv6 that URL would refuse, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.'), maxLength: 50 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
        ),
        (text) => {
          const address = parseAddress(text);
          if (address?.family === 6) {
            expect(urlCanonical(eightGroups(address.value))).toBe(urlCanonical(text));
          }
          if (address === null && text.includes(':') && !text.includes('%')) {
            // What URL takes and we do not: nothing a resolver or a URL would hand us.
            expect(urlCanonical(text)).toBeNull();
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
