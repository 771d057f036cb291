// What start-up says about risky settings on a public deployment (src/server/config.ts): the
// random-data button still shown is said in one line at warn; a PROVIDER_API_BASE that is not the
// API's https:// origin stops it, in one line. A developer's machine starts as before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicProviderBaseProblem } from '../src/server/config.ts';
import { runMain, startMain } from './helpers/main-process.ts';

/** A public deployment with a real provider, its notice set and the button hidden. */
const PUBLIC = {
  HOST: '0.0.0.0',
  PUBLIC_BASE_URL: 'https://apply.example.com',
  PROVIDER_API_USER: 'acme',
  PROVIDER_API_KEY: 'k3y-Secret-123',
  PRIVACY_POLICY_URL: 'https://jobs.example.com/privacy',
  RANDOM_DATA_BUTTON: 'off',
};
const WHERE =
  'on a public deployment (HOST=0.0.0.0, PUBLIC_BASE_URL=https://apply.example.com, RANDOM_DATA_BUTTON=off)';
const HEAD = `PROVIDER_API_BASE must be the API's https:// origin, without a path, ${WHERE}`;
const HTTP =
  "it uses plain http://, which would carry candidates' data and the credential unencrypted";
const PATH = 'it has a path (the server adds the API’s own path itself)';
const USER = 'it holds a user or password, which go in PROVIDER_API_USER and PROVIDER_API_KEY';
const QUERY = 'it has a query or a fragment';

const RANDOM_DATA_LINE = (where: string) =>
  `RANDOM_DATA_BUTTON shows "Fill with Random Data" to every candidate on a public deployment (${where}): it fills the form with made-up answers they can send as a registration; set RANDOM_DATA_BUTTON=off`;

describe('a public deployment that still shows "Fill with Random Data"', () => {
  it.each<[string, Record<string, string>, string[]]>([
    [
      'HOST=0.0.0.0, the button unset',
      { HOST: '0.0.0.0', PROVIDER: 'sandbox', PRIVACY_POLICY_URL: 'https://jobs.example.com/p' },
      [RANDOM_DATA_LINE('HOST=0.0.0.0')],
    ],
    [
      'a public PUBLIC_BASE_URL, the button on',
      {
        PUBLIC_BASE_URL: 'https://apply.example.com',
        PROVIDER: 'sandbox',
        PRIVACY_POLICY_URL: 'https://jobs.example.com/p',
        RANDOM_DATA_BUTTON: 'on',
      },
      [RANDOM_DATA_LINE('PUBLIC_BASE_URL=https://apply.example.com')],
    ],
    [
      'a real provider, the button on',
      { ...PUBLIC, PROVIDER_API_BASE: 'https://api.example.com', RANDOM_DATA_BUTTON: 'yes' },
      [RANDOM_DATA_LINE('HOST=0.0.0.0, PUBLIC_BASE_URL=https://apply.example.com')],
    ],
    ['the button off', { ...PUBLIC, PROVIDER_API_BASE: 'https://api.example.com' }, []],
    ['a developer on this machine, the button on', { RANDOM_DATA_BUTTON: 'on' }, []],
    ['a developer on this machine, by default', {}, []],
  ])('%s: warns in %j', (_name, env, warnings) => {
    const result = loadConfig(env);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.warnings).toEqual(warnings);
  });

  it('is quoted by docs/deploying.md as start-up says it', () => {
    const deploying = readFileSync(path.join(import.meta.dirname, '../docs/deploying.md'), 'utf8');
    const quoted = /`(RANDOM_DATA_BUTTON shows [^`]*) …`/.exec(deploying)?.[1];
    expect(quoted).toBeDefined();
    expect(RANDOM_DATA_LINE('HOST=0.0.0.0').startsWith(quoted as string)).toBe(true);
  });

  it('is said by the real entry point at warn, in that one line, and it starts', async () => {
    const main = await startMain({
      PUBLIC_BASE_URL: 'https://apply.example.com',
      PROVIDER: 'sandbox',
      PRIVACY_POLICY_URL: 'https://jobs.example.com/p',
    });
    try {
      const warned = main
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"configuration":true'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warned.map(({ msg }) => msg)).toEqual([
        RANDOM_DATA_LINE('PUBLIC_BASE_URL=https://apply.example.com'),
      ]);
      // pino's warn.
      expect(warned.map(({ level }) => level)).toEqual([40]);
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
    }
  });
});

describe('PROVIDER_API_BASE on a public deployment', () => {
  it.each<[string, string | null]>([
    ['https://api.example.com', null],
    ['https://api.example.com/', null],
    ['https://api.example.com///', null],
    ['https://api.example.com:8443', null],
    ['https://[2001:db8::1]:8443', null],
    ['https://bücher.example', null],
    ['  https://api.example.com  ', null],
    // Plain http only to this machine: a sidecar that adds TLS.
    ['http://127.0.0.1:9000', null],
    ['http://localhost:9000', null],
    ['http://[::1]:9000', null],
    ['http://api.example.com', HTTP],
    ['HTTP://API.EXAMPLE.COM', HTTP],
    ['http://127.0.0.1.nip.io', HTTP],
    ['https://api.example.com/v1', PATH],
    ['https://api.example.com/v1/candidate/backfill/register', PATH],
    ['https://api.example.com/%2e%2e/admin', PATH],
    ['https://api.example.com?key=secret', QUERY],
    ['https://api.example.com/#top', QUERY],
    ['https://acme:k3y@api.example.com', USER],
    ['http://acme@api.example.com/v1?x=1#y', [HTTP, USER, PATH, QUERY].join('; ')],
    // No URL at all: the variable's own check says so.
    ['api.example.com', null],
    ['ftp://api.example.com', null],
    ['', null],
  ])('%j: %s', (value, problem) => {
    expect(publicProviderBaseProblem(value)).toBe(problem);
  });

  it.each([
    ['http://api.example.com', `${HEAD}: ${HTTP} (its origin: http://api.example.com)`],
    ['https://api.example.com/v1/', `${HEAD}: ${PATH} (its origin: https://api.example.com)`],
    [
      'https://acme:pa55word@api.example.com/v1?token=s3cr3t',
      `${HEAD}: ${USER}; ${PATH}; ${QUERY} (its origin: https://api.example.com)`,
    ],
  ])('refuses %j in one line, which names its origin alone', (value, line) => {
    expect(loadConfig({ ...PUBLIC, PROVIDER_API_BASE: value })).toEqual({
      ok: false,
      errors: [line],
    });
  });

  it.each([
    'http://api.example.com',
    'https://api.example.com/v1',
    'http://127.0.0.1:9000/provider',
  ])('leaves %j alone on a developer’s machine, as before', (value) => {
    const result = loadConfig({
      PROVIDER_API_BASE: value,
      PROVIDER_API_USER: 'a',
      PROVIDER_API_KEY: 'k',
    });
    expect(result.ok && result.config.provider.baseUrl).toBe(value);
  });

  it('takes any value: an origin it may send candidates to, or one line that echoes no user, password, path or query', () => {
    const secret = 'Zq9-secret-Zq9';
    const part = fc.oneof(
      fc.constant(''),
      fc.constantFrom('/', '/v1', '/./', '/%2e%2e/', '//', '/\u202e', `/${secret}`),
      fc.string({ unit: 'grapheme', maxLength: 30 }).map((text) => `/${text}`),
      fc.string({ unit: 'binary', maxLength: 30 }).map((text) => `?${text}`),
      fc.constantFrom(`?key=${secret}`, `#${secret}`, '?', '#'),
    );
    const host = fc.oneof(
      fc.domain(),
      fc.constantFrom(
        '127.0.0.1',
        'localhost',
        '[::1]',
        '[2001:db8::1]',
        'bücher.example',
        '0x7f.1',
      ),
      fc.ipV4(),
      fc.ipV6().map((ip) => `[${ip}]`),
    );
    const value = fc.oneof(
      fc
        .record({
          scheme: fc.constantFrom('https://', 'http://', 'HTTPS://', 'ftp://', ''),
          user: fc.constantFrom('', `acme:${secret}@`, `${secret}@`),
          host,
          port: fc.oneof(
            fc.constant(''),
            fc.integer({ min: 0, max: 70_000 }).map((n) => `:${n}`),
          ),
          path: part,
          tail: part,
        })
        .map(
          ({ scheme, user, host, port, path, tail }) =>
            `${scheme}${user}${host}${port}${path}${tail}`,
        ),
      fc.webUrl({
        withQueryParameters: true,
        withFragments: true,
        authoritySettings: { withUserInfo: true },
      }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc
        .string({ minLength: 3_000, maxLength: 5_000 })
        .map((text) => `https://api.example.com/${text}`),
    );
    fc.assert(
      fc.property(value, (base) => {
        const result = loadConfig({ ...PUBLIC, PROVIDER_API_BASE: base });
        if (result.ok) {
          const url = new URL(result.config.provider.baseUrl as string);
          expect([url.pathname, url.search, url.hash, url.username, url.password]).toEqual([
            '/',
            '',
            '',
            '',
            '',
          ]);
          if (url.protocol !== 'https:') {
            expect(url.protocol).toBe('http:');
            expect(['127.0.0.1', 'localhost', '[::1]']).toContain(url.hostname);
          }
          return;
        }
        const refusal = result.errors.filter((line) => line.startsWith(HEAD));
        for (const line of refusal) {
          expect(line).not.toContain('\n');
          expect(line).not.toContain(secret);
          expect(line.length).toBeLessThan(HEAD.length + 500);
        }
        // Only a value that parses as http(s) is this line's; any other has its own.
        if (refusal.length === 0) expect(publicProviderBaseProblem(base)).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('stops the real entry point with that one line', async () => {
    const { code, stdout, stderr } = await runMain({
      ...PUBLIC,
      PROVIDER_API_BASE: 'http://api.example.com/v1',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `Configuration error: ${HEAD}: ${HTTP}; ${PATH} (its origin: http://api.example.com)`,
    ]);
  });
});
