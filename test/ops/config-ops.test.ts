// The operations variables of README.md.
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseRateLimit } from '../../src/server/config.ts';

const TRUST_PROXY_FORM =
  "TRUST_PROXY must list the proxies' addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8 or loopback)";
const ANY_CLIENT =
  'a hop count, true, or ranges that together hold every address (a /0, ::ffff:0.0.0.0/96, 0.0.0.0/1 with 128.0.0.0/1) would let any client that reaches this instance directly choose its own IP';
const wide = (ranges: string) =>
  `TRUST_PROXY holds ${ranges}, wider than a proxy fleet needs (an IPv4 /8, an IPv6 /32): list the proxies' own addresses or subnets, or set TRUST_PROXY_ALLOW_WIDE=1 if every address in it is a proxy of yours`;

describe('operations configuration', () => {
  it('has the defaults of README.md', () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.config).toMatchObject({
      storage: 'local',
      redisUrl: null,
      rateLimit: {
        register: { max: 10, windowMs: 600_000 },
        upload: { max: 20, windowMs: 600_000 },
      },
      trustProxy: false,
      botMinFillMs: 1500,
      embedOrigins: [],
      corsOrigins: [],
      retentionDays: 30,
    });
  });

  it('reads every operations variable', () => {
    const loaded = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'resumes',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'on',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_REGISTER: '5/30s',
      RATE_LIMIT_UPLOAD: 'off',
      TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,loopback, fd00:1::/48',
      BOT_MIN_FILL_MS: '0',
      EMBED_ORIGINS: 'https://jobs.example.com',
      RESUME_RETENTION_DAYS: '7',
    });
    expect(loaded.ok && loaded.config).toMatchObject({
      storage: 's3',
      s3: {
        bucket: 'resumes',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
      },
      redisUrl: 'redis://cache:6379',
      rateLimit: { register: { max: 5, windowMs: 30_000 }, upload: null },
      trustProxy: ['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00:1::/48'],
      botMinFillMs: 0,
      embedOrigins: ['https://jobs.example.com'],
      retentionDays: 7,
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE must be "local" or "s3" (got "ftp")'],
    [{ STORAGE: 's3' }, 'STORAGE is s3, so S3_BUCKET must be set too'],
    [
      { RATE_LIMIT_REGISTER: 'ten' },
      'RATE_LIMIT_REGISTER must look like 10/10m (N per Ns, Nm or Nh) or be "off" (got "ten")',
    ],
    [{ TRUST_PROXY: 'not-an-ip' }, `${TRUST_PROXY_FORM} (got "not-an-ip")`],
    [{ TRUST_PROXY: '10.0.0.0/33' }, `${TRUST_PROXY_FORM} (got "10.0.0.0/33")`],
    [{ TRUST_PROXY: '10.0.0/8' }, `${TRUST_PROXY_FORM} (got "10.0.0/8")`],
    [{ TRUST_PROXY: '0.0.0.0/0' }, `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "0.0.0.0/0")`],
    [{ TRUST_PROXY: '10.0.0.1,::/0' }, `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "10.0.0.1,::/0")`],
    [{ TRUST_PROXY: 'fd00::/129' }, `${TRUST_PROXY_FORM} (got "fd00::/129")`],
    [{ TRUST_PROXY: '10.0.0.1/8/8' }, `${TRUST_PROXY_FORM} (got "10.0.0.1/8/8")`],
    [{ TRUST_PROXY: ',' }, `${TRUST_PROXY_FORM} (got ",")`],
    [{ TRUST_PROXY: '1' }, `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "1")`],
    [{ TRUST_PROXY: '2' }, `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "2")`],
    [{ TRUST_PROXY: 'TRUE' }, `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "TRUE")`],
    // Ranges that hold every address together, however written (issue 31, item 7).
    [
      { TRUST_PROXY: '::ffff:0.0.0.0/96' },
      `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "::ffff:0.0.0.0/96")`,
    ],
    [
      { TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1', TRUST_PROXY_ALLOW_WIDE: '1' },
      `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "0.0.0.0/1,128.0.0.0/1")`,
    ],
    [
      { TRUST_PROXY: '::/1,8000::/1', TRUST_PROXY_ALLOW_WIDE: '1' },
      `${TRUST_PROXY_FORM}; ${ANY_CLIENT} (got "::/1,8000::/1")`,
    ],
    [{ TRUST_PROXY: '10.0.0.0/7' }, wide('10.0.0.0/7')],
    [{ TRUST_PROXY: '10.0.0.1, fd00::/8, 0.0.0.0/1' }, wide('fd00::/8, 0.0.0.0/1')],
    [
      { TRUST_PROXY_ALLOW_WIDE: 'maybe' },
      'TRUST_PROXY_ALLOW_WIDE must be "on" or "off" (got "maybe")',
    ],
    [
      { EMBED_ORIGINS: 'not-a-url' },
      'EMBED_ORIGINS must be a list of origins such as https://jobs.example.com (got "not-a-url")',
    ],
    [{ REDIS_URL: 'http://user:secret@cache' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [
      { RESUME_RETENTION_DAYS: '0' },
      'RESUME_RETENTION_DAYS must be a whole number from 1 to 36500 (got "0")',
    ],
  ])('names the bad variable in %j', (env, line) => {
    expect(loadConfig(env)).toEqual({ ok: false, errors: [line] });
  });

  it.each([
    ['10/10m', { max: 10, windowMs: 600_000 }],
    ['5/30s', { max: 5, windowMs: 30_000 }],
    ['100/1h', { max: 100, windowMs: 3_600_000 }],
    ['off', null],
    ['0/1m', undefined],
    ['10', undefined],
    ['10/0s', undefined],
  ])('parseRateLimit(%j) → %j', (text, expected) => {
    expect(parseRateLimit(text)).toEqual(expected);
  });
});

describe('TRUST_PROXY over generated values', () => {
  const octet = fc.integer({ min: 0, max: 255 });
  const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
  const proxy = fc.oneof(
    ipv4,
    fc.tuple(ipv4, fc.integer({ min: 8, max: 32 })).map(([address, bits]) => `${address}/${bits}`),
    fc.ipV6(),
    fc.tuple(fc.ipV6(), fc.integer({ min: 32, max: 128 })).map(([a, bits]) => `${a}/${bits}`),
    fc.constantFrom('loopback', 'linklocal', 'uniquelocal'),
  );
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({
      unit: fc.constantFrom('1', '0', '.', ':', '/', ',', ' ', 'f', 'x'),
      maxLength: 5_000,
    }),
    fc.array(proxy, { maxLength: 4 }).map((list) => `${list.join(',')},${'9'.repeat(100_000)}`),
    fc.constantFrom('true', '1', '255', '-1', '1.5', '0x7f000001', '127.1', '::ffff:10.0.0.1/200'),
  );

  it('accepts every list of addresses, CIDRs and named ranges, as Fastify reads them', () => {
    fc.assert(
      fc.property(fc.array(proxy, { minLength: 1, maxLength: 6 }), (list) => {
        const loaded = loadConfig({ TRUST_PROXY: list.join(' , ') });
        expect(loaded.ok && loaded.config.trustProxy).toEqual(list);
        if (loaded.ok) Fastify({ trustProxy: loaded.config.trustProxy });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on hostile text, and whatever it accepts Fastify can compile', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const loaded = loadConfig({ TRUST_PROXY: value });
        if (!loaded.ok) {
          expect(loaded.errors).toHaveLength(1);
          expect(loaded.errors[0]).toMatch(
            /^TRUST_PROXY (must list the proxies' addresses|holds )/,
          );
          return;
        }
        // Anything accepted is a list Fastify compiles (it throws on an address it cannot read)
        // or false; never a number or true, which would believe any peer.
        expect(loaded.config.trustProxy === false || Array.isArray(loaded.config.trustProxy)).toBe(
          true,
        );
        if (loaded.config.trustProxy) Fastify({ trustProxy: loaded.config.trustProxy });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any list whose ranges together hold every IPv4 or IPv6 address, even with TRUST_PROXY_ALLOW_WIDE', () => {
    /** The whole space of `bits` bits cut at sorted points into CIDR-free [start, end] pieces, as CIDRs. */
    const cover = (cuts: number[]) => {
      const points = [...new Set([0, ...cuts.map((cut) => cut % 256), 256])].sort((a, b) => a - b);
      // Pieces along the first octet: each /8 of a run becomes one entry.
      return points
        .slice(0, -1)
        .flatMap((from, i) =>
          Array.from({ length: (points[i + 1] as number) - from }, (_, k) => `${from + k}.0.0.0/8`),
        );
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }),
        fc.shuffledSubarray(['loopback', '192.0.2.7', '::1', '::ffff:10.0.0.1'], {}),
        (cuts, extra) => {
          const list = fc.sample(fc.shuffledSubarray(cover(cuts), { minLength: 256 }), 1)[0] ?? [];
          const loaded = loadConfig({
            TRUST_PROXY: [...list, ...extra].join(','),
            TRUST_PROXY_ALLOW_WIDE: '1',
          });
          expect(loaded.ok).toBe(false);
          if (!loaded.ok) expect(loaded.errors[0]).toContain(ANY_CLIENT);
        },
      ),
      { numRuns: 50 },
    );
    // One /8 short of the whole space is not the whole space.
    const missing = cover([]).filter((range) => range !== '77.0.0.0/8');
    const loaded = loadConfig({ TRUST_PROXY: missing.join(','), TRUST_PROXY_ALLOW_WIDE: '1' });
    expect(loaded.ok && loaded.config.trustProxy).toHaveLength(255);
  });

  it('takes a wide range only with TRUST_PROXY_ALLOW_WIDE, and never one that holds a whole family', () => {
    const range = fc.oneof(
      fc.tuple(ipv4, fc.integer({ min: 1, max: 7 })).map(([address, bits]) => `${address}/${bits}`),
      fc.tuple(fc.ipV6(), fc.integer({ min: 2, max: 31 })).map(([a, bits]) => `${a}/${bits}`),
    );
    fc.assert(
      fc.property(range, (wideRange) => {
        const refused = loadConfig({ TRUST_PROXY: `10.0.0.1,${wideRange}` });
        expect(refused.ok).toBe(false);
        if (!refused.ok) expect(refused.errors).toEqual([wide(wideRange)]);
        const allowed = loadConfig({
          TRUST_PROXY: `10.0.0.1,${wideRange}`,
          TRUST_PROXY_ALLOW_WIDE: '1',
        });
        expect(allowed.ok && allowed.config.trustProxy).toEqual(['10.0.0.1', wideRange]);
      }),
      { numRuns: 300 },
    );
  });
});
