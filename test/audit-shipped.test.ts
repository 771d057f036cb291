// What ships is audited (issue 43, point 7; scripts/audit-shipped.mjs): the packages the builds
// inline and the production install brings, and the verdict on the registry's advisories, which
// fails on anything it cannot rule out.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import {
  bulkRequest,
  describeFinding,
  type Finding,
  fails,
  findingsOf,
  lockfilePackages,
  NotAdvisories,
  packagesFromLicences,
} from '../scripts/audit-shipped.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Advisories as the registry's bulk endpoint answers them, recorded for the two packages the old
 * S3 stand-in (s3rver) brought into the tree: GHSA-wm7h-9275-46v2 (dicer, every version up to
 * 0.3.1, the last) and GHSA-x3cc-x39p-42qx (fast-xml-parser below 4.1.2, 3.21.1 included). The
 * ids are the advisories' GHSA ids.
 */
const RECORDED = {
  dicer: [
    {
      id: 'GHSA-wm7h-9275-46v2',
      url: 'https://github.com/advisories/GHSA-wm7h-9275-46v2',
      title: 'Crash in HeaderParser in dicer',
      severity: 'high',
      vulnerable_versions: '<=0.3.1',
      cwe: ['CWE-248'],
      cvss: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' },
    },
  ],
  'fast-xml-parser': [
    {
      id: 'GHSA-x3cc-x39p-42qx',
      url: 'https://github.com/advisories/GHSA-x3cc-x39p-42qx',
      title: 'fast-xml-parser vulnerable to Prototype Pollution through tag or attribute name',
      severity: 'moderate',
      vulnerable_versions: '<4.1.2',
      cwe: ['CWE-1321'],
      cvss: { score: 6.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N' },
    },
  ],
};

const lockfile = () => JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

describe('the whole tree (package-lock.json, dev included)', () => {
  it('holds no version the recorded advisories name', () => {
    const tree = bulkRequest(lockfilePackages(lockfile(), { dev: true }));
    expect(findingsOf(tree, RECORDED).map(describeFinding)).toEqual([]);
  });

  it('would have failed with s3rver’s dicer 0.3.0 and fast-xml-parser 3.21.1', () => {
    const before = bulkRequest([
      { name: 'dicer', version: '0.3.0' },
      { name: 'fast-xml-parser', version: '3.21.1' },
    ]);
    expect(findingsOf(before, RECORDED).map((finding) => [finding.id, fails(finding)])).toEqual([
      ['GHSA-wm7h-9275-46v2', true],
      ['GHSA-x3cc-x39p-42qx', true],
    ]);
  });

  it('installs in production the runtime dependencies, not what the bundle inlines', () => {
    const names = new Set(lockfilePackages(lockfile()).map((found) => found.name));
    expect(
      ['ioredis', 'bullmq', '@aws-sdk/client-s3', '@aws-sdk/lib-storage'].every((n) =>
        names.has(n),
      ),
    ).toBe(true);
    expect(['fastify', 'react', 'zod', 'vitest'].filter((n) => names.has(n))).toEqual([]);
  });
});

describe('the packages a licence file lists', () => {
  it.each([
    [
      'Vite’s file for a build with none',
      '# Licenses\n\nThe app does not bundle any dependencies with licenses.\n',
      [],
    ],
    [
      'a heading with a licence, a scoped one and one without',
      '# Licenses\n\n## fastify - 5.12.8 (MIT)\n\nMIT License\n\n## @fastify/static - 10.1.11 (MIT)\n\n## odd - 1.0.0-beta.1\n',
      ['fastify@5.12.8', '@fastify/static@10.1.11', 'odd@1.0.0-beta.1'],
    ],
    [
      'a licence text’s own headings',
      '## pdfjs-dist - 6.5.438 (Apache-2.0)\n\n## Purpose\n\n## No Liability\n\n##  spaced - 1.0.0\n',
      ['pdfjs-dist@6.5.438'],
    ],
    ['a heading in the middle of a line', 'text ## x - 1.0.0\n', []],
  ])('%s', (_, markdown, expected) => {
    expect(packagesFromLicences(markdown).map((p) => `${p.name}@${p.version}`)).toEqual(expected);
  });
});

describe('the packages of a lockfile', () => {
  const lock = {
    lockfileVersion: 3,
    packages: {
      '': { name: 'app', version: '1.0.0' },
      'node_modules/ioredis': { version: '5.11.1' },
      'node_modules/fastify': { version: '5.12.8', dev: true },
      'node_modules/a/node_modules/b': { version: '2.0.0' },
      'node_modules/alias': { name: 'real-name', version: '3.0.0' },
      'node_modules/toolchain': { resolved: 'toolchain', link: true },
      'node_modules/opt': { version: '1.0.0', optional: true },
      'node_modules/both': { version: '1.0.0', devOptional: true },
      toolchain: { version: '0.0.0' },
    },
  };
  it.each([
    [{}, ['ioredis@5.11.1', 'b@2.0.0', 'real-name@3.0.0', 'opt@1.0.0', 'both@1.0.0']],
    [
      { dev: true },
      ['ioredis@5.11.1', 'fastify@5.12.8', 'b@2.0.0', 'real-name@3.0.0', 'opt@1.0.0', 'both@1.0.0'],
    ],
  ])('with %j', (options, expected) => {
    expect(lockfilePackages(lock, options).map((p) => `${p.name}@${p.version}`)).toEqual(expected);
  });

  it.each([
    [
      { lockfileVersion: 1, dependencies: {} },
      'the lockfile has no "packages" (lockfileVersion 2 or 3 is needed)',
    ],
    [{ packages: { 'node_modules/x': {} } }, 'node_modules/x has no version'],
    [{ packages: { 'node_modules/x': null } }, 'node_modules/x is not an entry'],
  ])('refuses %j', (bad, message) => {
    expect(() => lockfilePackages(bad)).toThrow(message);
  });
});

it('asks for each name once, its versions without repeats, both sorted', () => {
  expect(
    JSON.stringify(
      bulkRequest([
        { name: 'b', version: '2.0.0' },
        { name: 'a', version: '1.1.0' },
        { name: 'b', version: '1.0.0' },
        { name: 'a', version: '1.1.0' },
      ]),
    ),
  ).toBe('{"a":["1.1.0"],"b":["1.0.0","2.0.0"]}');
});

describe('the verdict on the registry’s answer', () => {
  const request = { pkg: ['1.0.0', '2.0.0'], other: ['0.1.0'] };
  const advisory = (fields: Record<string, unknown>) => ({
    id: 1,
    title: 't',
    url: 'u',
    severity: 'high',
    vulnerable_versions: '<2.0.0',
    ...fields,
  });
  it.each([
    ['none', {}, []],
    ['a range that takes one version', { pkg: [advisory({})] }, ['pkg@1.0.0 high <2.0.0']],
    ['a range that takes none', { pkg: [advisory({ vulnerable_versions: '>=3' })] }, []],
    [
      'a pre-release counts',
      { pkg: [advisory({ vulnerable_versions: '>=2.0.0-0 <2.0.1' })] },
      ['pkg@2.0.0 high >=2.0.0-0 <2.0.1'],
    ],
    ['a package not shipped', { unshipped: [advisory({ vulnerable_versions: '*' })] }, []],
    [
      'a range that is not semver: every version',
      { pkg: [advisory({ vulnerable_versions: 'all of them' })] },
      ['pkg@1.0.0 high all of them', 'pkg@2.0.0 high all of them'],
    ],
    [
      'no range: every version',
      { other: [advisory({ vulnerable_versions: undefined, severity: 'LOW' })] },
      ['other@0.1.0 low *'],
    ],
    [
      'no severity',
      { other: [advisory({ severity: null, vulnerable_versions: '*' })] },
      ['other@0.1.0 unknown *'],
    ],
  ])('%s', (_, answer, expected) => {
    expect(
      findingsOf(request, answer).map((f) => `${f.name}@${f.version} ${f.severity} ${f.range}`),
    ).toEqual(expected);
  });

  it('counts every advisory of a package whose shipped version is not semver', () => {
    const findings = findingsOf(
      { odd: ['not-a-version'] },
      { odd: [advisory({ vulnerable_versions: '>=1' })] },
    );
    expect(findings.map((f) => f.version)).toEqual(['not-a-version']);
  });

  it.each([
    ['null', null, 'the answer is not an object of advisories'],
    ['a list', [], 'the answer is not an object of advisories'],
    ['a string', 'Method Not Allowed', 'the answer is not an object of advisories'],
    ['a package without a list', { pkg: { severity: 'high' } }, 'pkg: not a list of advisories'],
    ['an advisory that is not an object', { pkg: ['high'] }, 'pkg: an advisory is not an object'],
  ])('is no verdict on %s', (_, answer, message) => {
    expect(() => findingsOf(request, answer)).toThrow(new NotAdvisories(message));
  });

  const finding = (severity: string): Finding => ({
    name: 'p',
    version: '1.0.0',
    id: '1',
    severity,
    title: 't',
    url: 'u',
    range: '*',
  });
  it.each([
    ['info', false],
    ['low', false],
    ['moderate', true],
    ['high', true],
    ['critical', true],
    ['unknown', true],
    ['severe', true],
  ])('%s fails: %s', (severity, expected) => {
    expect(fails(finding(severity))).toBe(expected);
  });
});

describe('hostile answers and versions (fast-check)', () => {
  const names = fc.constantFrom('pkg', 'constructor', '__proto__', 'toString', 'hasOwnProperty');
  const versions = fc.oneof(
    fc.constantFrom('1.0.0', '0.0.0-0', '99999999999999999999.0.0', '1.0.0+build', 'v1.0.0', ''),
    fc.string(),
  );
  const ranges = fc.oneof(
    fc.constantFrom('*', '<2.0.0', '>=1 <1', '1.x || >=3', '~0.0.0', '', 'x'.repeat(300)),
    fc.string(),
    fc.anything(),
  );

  it('never passes a version it cannot rule out, whatever the advisory holds', () => {
    fc.assert(
      fc.property(names, versions, ranges, fc.anything(), (name, version, range, severity) => {
        const request = bulkRequest([{ name, version }]);
        const answer = JSON.parse(
          JSON.stringify({ [name]: [{ vulnerable_versions: range, severity }] }),
        );
        const findings = findingsOf(request, answer);
        for (const f of findings) expect([f.name, f.version]).toEqual([name, version]);
        // Nothing passes unless semver rules it out: a valid range that the valid version misses.
        const given = answer[name][0].vulnerable_versions;
        const asText = typeof given === 'string' || typeof given === 'number' ? String(given) : '*';
        const ruledOut =
          semver.validRange(asText) !== null &&
          semver.valid(version) !== null &&
          !semver.satisfies(version, asText, { includePrerelease: true });
        expect(findings.length).toBe(ruledOut ? 0 : 1);
      }),
      { numRuns: 500 },
    );
  });

  it('answers any JSON with findings of shipped versions or NotAdvisories, and pollutes nothing', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(names, fc.array(versions, { minLength: 1 })),
        (answer, asked) => {
          const request = bulkRequest(
            Object.entries(asked).flatMap(([name, list]) =>
              list.map((version) => ({ name, version })),
            ),
          );
          try {
            for (const f of findingsOf(request, answer)) {
              expect(Object.hasOwn(request, f.name) && request[f.name]?.includes(f.version)).toBe(
                true,
              );
              expect(typeof fails(f)).toBe('boolean');
            }
          } catch (error) {
            expect(error).toBeInstanceOf(NotAdvisories);
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('npm run audit:shipped against a registry on 127.0.0.1', () => {
  /** Runs the script on a dist/ listing dicer 0.3.0, with the registry answering `answer`. */
  async function run(
    answer: (request: IncomingMessage) => { status: number; body: string },
    args: string[] = [],
  ) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'audit-shipped-'));
    const asked: string[] = [];
    const registry = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      asked.push(`${request.method} ${request.url} ${body}`);
      const { status, body: text } = answer(request);
      response.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    try {
      for (const part of ['server', 'web'])
        await mkdir(path.join(dir, 'dist', part), { recursive: true });
      await writeFile(
        path.join(dir, 'dist/server/third-party-licenses.md'),
        '# Licenses\n\n## dicer - 0.3.0 (MIT)\n',
      );
      await writeFile(
        path.join(dir, 'dist/web/third-party-licenses.md'),
        '# Licenses\n\n## react - 19.3.1 (MIT)\n',
      );
      const lock = { packages: { '': {}, 'node_modules/ioredis': { version: '5.11.1' } } };
      await writeFile(path.join(dir, 'lock.json'), JSON.stringify(lock));
      const { port } = registry.address() as { port: number };
      const child = await promisify(execFile)(
        process.execPath,
        [
          'scripts/audit-shipped.mjs',
          '--dist',
          path.join(dir, 'dist'),
          '--lockfile',
          path.join(dir, 'lock.json'),
          ...args,
        ],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            npm_config_registry: `http://127.0.0.1:${port}/`,
            AUDIT_SHIPPED_STRICT: '',
          },
        },
      ).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      return { code: child.code, out: child.stdout, err: child.stderr, asked };
    } finally {
      await new Promise((resolve) => registry.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  }
  const json = (body: unknown) => () => ({ status: 200, body: JSON.stringify(body) });
  const BULK = `POST /-/npm/v1/security/advisories/bulk {"dicer":["0.3.0"],"ioredis":["5.11.1"],"react":["19.3.1"]}`;

  it('sends every shipped package once and fails on an advisory that affects one', async () => {
    const result = await run(json({ dicer: RECORDED.dicer }));
    expect(result).toEqual({
      code: 1,
      out: `FAIL dicer@0.3.0: high, Crash in HeaderParser in dicer (<=0.3.1) https://github.com/advisories/GHSA-wm7h-9275-46v2\naudit:shipped: 3 shipped packages audited against http://127.0.0.1:${result.out.match(/127\.0\.0\.1:(\d+)/)?.[1]}/-/npm/v1/security/advisories/bulk: 1 advisories of moderate or higher, 0 below\n`,
      err: '',
      asked: [BULK],
    });
  });

  it('passes with a low advisory, and prints it', async () => {
    const low = { ...RECORDED.dicer[0], severity: 'low' };
    const result = await run(json({ dicer: [low] }));
    expect([
      result.code,
      result.out.split('\n')[0],
      result.out.includes(': 0 advisories of moderate or higher, 1 below'),
    ]).toEqual([
      0,
      'note dicer@0.3.0: low, Crash in HeaderParser in dicer (<=0.3.1) https://github.com/advisories/GHSA-wm7h-9275-46v2',
      true,
    ]);
  });

  it.each([
    [
      'a refusal',
      () => ({ status: 405, body: '{}' }),
      [],
      0,
      1,
      'answered 405 Method Not Allowed.',
    ],
    [
      'a refusal, --strict',
      () => ({ status: 405, body: '{}' }),
      ['--strict'],
      2,
      1,
      'answered 405 Method Not Allowed.',
    ],
    [
      'a 503, tried twice',
      () => ({ status: 503, body: '' }),
      [],
      0,
      2,
      'answered 503 Service Unavailable.',
    ],
    [
      'a body that is not JSON',
      () => ({ status: 200, body: '<html>' }),
      [],
      0,
      1,
      'answered 200 with a body that is not JSON.',
    ],
    [
      'JSON that is not advisories',
      json(['dicer']),
      ['--strict'],
      2,
      1,
      'answered something else than advisories: the answer is not an object of advisories.',
    ],
  ] as const)('says NOT AUDITED on %s', async (_, answer, args, code, asks, why) => {
    const result = await run(answer, [...args]);
    expect([result.code, result.asked.length, result.out]).toEqual([code, asks, '']);
    expect(result.err.split('\n')[0]).toMatch(
      /^audit:shipped: NOT AUDITED: 3 shipped packages listed, none checked\. http:\/\/127\.0\.0\.1:\d+\/-\/npm\/v1\/security\/advisories\/bulk /,
    );
    expect(result.err.split('\n')[0]?.endsWith(why)).toBe(true);
  });
});
