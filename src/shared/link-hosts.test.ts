// Where a resume link may point, host by host, as a URL's parser hands them over, and over
// generated hostile hosts: never a throw, never an internal address called public.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LinkHostPolicy, LOCAL_LINKS } from './contract.ts';
import { type HostKind, hostKind, isAddress, linkHostAllowed, normalHost } from './link-hosts.ts';
import { resumeUrlHost } from './url.ts';

const PUBLIC_DEPLOYMENT: LinkHostPolicy = { privateHosts: false, ownHost: null };
const INTRANET_BOARD: LinkHostPolicy = { privateHosts: false, ownHost: 'jobs.corp.internal' };

/** A link as the candidate types it, through check 3's parser, to its host's kind. */
const kindOfLink = (link: string): HostKind | 'not a URL' => {
  const host = resumeUrlHost(link);
  return host === null ? 'not a URL' : hostKind(host);
};

describe('hostKind', () => {
  it.each([
    // The repros, and the forms the same hosts take.
    ['http://169.254.169.254/latest/meta-data/iam/', 'forbidden'],
    ['http://2852039166/latest/meta-data/', 'forbidden'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'forbidden'],
    ['http://0251.0376.0251.0376/', 'forbidden'],
    ['http://[::ffff:169.254.169.254]/', 'forbidden'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'forbidden'],
    ['http://[2002:a9fe:a9fe::1]/', 'forbidden'],
    ['http://[fe80::1]/', 'forbidden'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'forbidden'],
    ['http://100.100.100.200/latest/meta-data/', 'forbidden'],
    ['metadata.google.internal/computeMetadata/v1/', 'forbidden'],
    ['http://METADATA.Google.internal/computeMetadata/v1/', 'forbidden'],
    ['http://127.0.0.1:6379/', 'private'],
    ['http://127.1/', 'private'],
    ['http://2130706433/', 'private'],
    ['http://0.0.0.0:3000/', 'private'],
    ['http://0/', 'private'],
    ['http://localhost:3000/candidate/resumes/a.pdf', 'private'],
    ['http://api.localhost/cv.pdf', 'private'],
    ['http://printer.local/cv.pdf', 'private'],
    ['http://nas.home.arpa/cv.pdf', 'private'],
    ['http://files.corp.internal/cv.pdf', 'private'],
    ['http://10.0.0.5/cv.pdf', 'private'],
    ['http://172.16.0.1/cv.pdf', 'private'],
    ['http://172.31.255.255/cv.pdf', 'private'],
    ['http://192.168.1.10/cv.pdf', 'private'],
    ['http://100.64.0.1/cv.pdf', 'private'],
    ['http://[::1]:3000/cv.pdf', 'private'],
    ['http://[::]/cv.pdf', 'private'],
    ['http://[fc00::1]/cv.pdf', 'private'],
    ['http://[::ffff:10.0.0.1]/cv.pdf', 'private'],
    ['http://224.0.0.1/cv.pdf', 'private'],
    ['http://255.255.255.255/cv.pdf', 'private'],
    ['example.com/cv.pdf', 'public'],
    ['https://files.example.co.uk/a/b/cv.docx?dl=1', 'public'],
    ['http://93.184.216.34/cv.pdf', 'public'],
    ['http://172.32.0.1/cv.pdf', 'public'],
    ['http://[2606:4700::1111]/cv.pdf', 'public'],
    ['http://[::ffff:93.184.216.34]/cv.pdf', 'public'],
    ['https://internal.example.com/cv.pdf', 'public'],
    ['https://localhost.example.com/cv.pdf', 'public'],
  ] as const)('%s is %s', (link, kind) => {
    expect(kindOfLink(link)).toBe(kind);
  });

  it('never throws, whatever the host', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.domain(),
          fc.ipV4(),
          fc.ipV4Extended(),
          fc.ipV6(),
          fc.string({ maxLength: 5 }).map((tail) => `${'a.'.repeat(5_000)}${tail}`),
          fc.string({ maxLength: 5 }).map((tail) => `[${'1:'.repeat(5_000)}${tail}]`),
        ),
        (host) => {
          expect(['public', 'private', 'forbidden']).toContain(hostKind(host));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('calls no loopback, private or link-local IPv4 address public, however a URL writes it', () => {
    const internal = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
    );
    const written = (octets: number[]) =>
      fc.constantFrom(
        octets.join('.'),
        octets.map((octet) => `0x${octet.toString(16)}`).join('.'),
        octets.map((octet) => `0${octet.toString(8)}`).join('.'),
        String(octets.reduce((value, octet) => value * 256 + octet, 0)),
        `[::ffff:${octets.join('.')}]`,
      );
    fc.assert(
      fc.property(
        internal.chain((octets) => written(octets)),
        (host) => {
          expect(kindOfLink(`http://${host}/cv.pdf`)).not.toBe('public');
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('linkHostAllowed', () => {
  it.each([
    ['169.254.169.254', LOCAL_LINKS, false],
    ['metadata.google.internal', LOCAL_LINKS, false],
    ['[fe80::1]', INTRANET_BOARD, false],
    ['localhost', LOCAL_LINKS, true],
    ['10.0.0.5', LOCAL_LINKS, true],
    ['localhost', PUBLIC_DEPLOYMENT, false],
    ['10.0.0.5', PUBLIC_DEPLOYMENT, false],
    ['[::1]', PUBLIC_DEPLOYMENT, false],
    ['jobs.corp.internal', INTRANET_BOARD, true],
    ['JOBS.corp.internal.', INTRANET_BOARD, true],
    ['files.corp.internal', INTRANET_BOARD, false],
    ['example.com', PUBLIC_DEPLOYMENT, true],
  ] as const)('%s under %j: %s', (host, policy, allowed) => {
    expect(linkHostAllowed(host, policy)).toBe(allowed);
  });

  it('allows a forbidden host under no policy, even as the deployment’s own', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('169.254.169.254', '[fe80::1]', 'metadata.google.internal'),
        fc.boolean(),
        (host, privateHosts) => {
          expect(linkHostAllowed(host, { privateHosts, ownHost: host })).toBe(false);
        },
      ),
    );
  });
});

describe('normalHost and isAddress', () => {
  it.each([
    ['[::1]', '::1', true],
    ['Example.COM.', 'example.com', false],
    ['127.0.0.1', '127.0.0.1', true],
    ['1.2.3', '1.2.3', false],
    ['', '', false],
  ])('%j → %j (an address: %s)', (host, normal, address) => {
    expect(normalHost(host)).toBe(normal);
    expect(isAddress(normalHost(host))).toBe(address);
  });
});
