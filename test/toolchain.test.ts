// The Node.js that runs the tools (toolchain/) and the system programs the tests need
// (scripts/system-packages.mjs): their decisions row by row, the figures the docs state held to
// package.json and the lock file, and the one line each prints, from real npm and node processes.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { checkSync } from 'recheck';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import {
  installCommand,
  SYSTEM_PROGRAMS,
  type SystemProgram,
  systemPlan,
} from '../scripts/system-packages.mjs';
import {
  atLeast,
  isPlace,
  type LockEntry,
  missingOptionalPackages,
  PLACE,
  parseMinimum,
  runtimeProblem,
} from '../toolchain/check.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const TOOLCHAIN = JSON.parse(read('toolchain/package.json')) as {
  engines: { node: string };
  optionalDependencies: { node: string };
};
const PACKAGE = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const LOCK = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const PINNED = TOOLCHAIN.optionalDependencies.node;

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolchain-test-'));
  temps.push(dir);
  return dir;
}

describe('the toolchain’s Node.js', () => {
  it('is pinned to one official release, of the major .nvmrc recommends', () => {
    expect(PINNED).toMatch(/^\d+\.\d+\.\d+$/);
    expect(PINNED.split('.')[0]).toBe(read('.nvmrc').trim());
  });

  it('is needed from the version Lingui’s build tools ask for, which the README states', () => {
    expect(TOOLCHAIN.engines.node).toBe(LOCK.packages['node_modules/@lingui/cli']?.engines?.node);
    const readme = read('README.md').replace(/\n\s*/g, ' ');
    expect(readme).toContain(
      `the build and test tools need Node.js ${TOOLCHAIN.engines.node.slice(2)} or later`,
    );
    expect(readme).toContain(`\`npm install\` brings the official Node.js ${PINNED}`);
  });

  it('comes first on the PATH of every script that builds, tests or measures', () => {
    for (const script of ['start', 'dev', 'demo', 'build', 'test', 'bench', 'i18n', 'size'])
      expect(PACKAGE.scripts[script], script).toMatch(/^node toolchain\/check\.mjs && /);
    // What an operator runs on production dependencies alone, where toolchain/ is not installed.
    expect(PACKAGE.scripts.outbox).not.toContain('toolchain');
  });

  it('lets every package of the lock file that has an install script run it, by name', () => {
    const withScripts = Object.entries(LOCK.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([key]) => key.replace(/^.*node_modules\//, ''));
    expect(new Set(withScripts)).toEqual(new Set(Object.keys(PACKAGE.allowScripts)));
  });
});

/** What a lock entry says of the packages it needs and the Node.js it runs on. */
type Needs = LockEntry & {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const NEEDS = LOCK.packages as Record<string, Needs>;

/**
 * The oldest Node.js release that every range accepts, or null: it is the lower bound of one of
 * their comparator sets, so those are the candidates.
 */
function oldestForAll(ranges: string[]): string | null {
  const bounds = ranges.flatMap((range) =>
    new semver.Range(range).set.map(
      (set) => semver.minVersion(set.map((comparator) => comparator.value).join(' '))?.version,
    ),
  );
  return (
    ['0.0.0', ...bounds]
      .filter((version): version is string => version !== undefined)
      .sort(semver.compare)
      .find((version) => ranges.every((range) => semver.satisfies(version, range))) ?? null
  );
}

/** The packages the server's own code imports by name (src/server and src/shared, tests aside). */
function serverImports(): string[] {
  const names = new Set<string>();
  for (const dir of ['src/server', 'src/shared']) {
    const files = readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .filter((entry) => !/\.test\.tsx?$/.test(entry.name));
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)) {
        if (specifier === undefined || specifier.startsWith('node:')) continue;
        const parts = specifier.split('/');
        names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
      }
    }
  }
  return [...names];
}

/** The lock's places of `names` and of everything they need, as npm resolves them. */
function closureOf(names: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const place = `${base ? `${base}/` : ''}node_modules/${name}`;
      const entry = NEEDS[place];
      if (entry) {
        if (seen.has(place)) return;
        seen.add(place);
        const needs = {
          ...entry.dependencies,
          ...entry.optionalDependencies,
          ...entry.peerDependencies,
        };
        for (const need of Object.keys(needs)) visit(need, place);
        return;
      }
      if (base === '') return;
    }
  };
  for (const name of names) visit(name, '');
  return [...seen];
}

/**
 * Packages whose `engines.node` asks for more than they need, by name and version: an upgrade
 * asks the question again. pseudolocale is 4 KB of plain ES2015 that @lingui/cli, which asks for
 * 22.19.0 itself, imports for a pseudo-locale this project does not build.
 */
const ENGINES_OVERSTATED = new Set(['pseudolocale@3.1.0']);

describe('the Node.js versions the docs state', () => {
  const enginesOf = (places: string[]) =>
    places
      .filter((place) => {
        const entry = NEEDS[place];
        const name = place.slice(place.lastIndexOf('node_modules/') + 'node_modules/'.length);
        return entry?.engines?.node && !ENGINES_OVERSTATED.has(`${name}@${entry.version}`);
      })
      .map((place) => NEEDS[place]?.engines?.node as string);

  it('the tools: the oldest every package of the lock file accepts, as toolchain/ and the README say', () => {
    const oldest = oldestForAll(enginesOf(Object.keys(NEEDS).filter((place) => place !== '')));
    expect(TOOLCHAIN.engines.node).toBe(`>=${oldest}`);
    const readme = read('README.md').replace(/\n\s*/g, ' ');
    expect(readme).toContain(`the build and test tools need Node.js ${oldest} or later`);
  });

  it('the server: the oldest every package it ships or loads accepts, as package.json and the README say', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines;
    const oldest = oldestForAll(enginesOf(closureOf(serverImports())));
    expect(oldest).not.toBeNull();
    const [major, minor] = (oldest as string).split('.');
    expect(engines.node).toBe(`>=${major}.${minor}`);
    expect(oldest).toBe(`${major}.${minor}.0`);
    const readme = read('README.md').replace(/\n\s*/g, ' ');
    expect(readme).toContain(
      `The server itself runs on the operator's Node.js ${major}.${minor} or later`,
    );
    expect(readme).toContain(`\`dist/\` needs Node.js ${major}.${minor} or later`);
    expect(read('vite.server.config.ts')).toContain(`accepts (>=${major}.${minor})`);
  });

  it('the oldest is the newest lower bound, and none when the ranges share no release', () => {
    expect(oldestForAll(['>=20', '>=22.19.0', '^18.0.0 || >=20.0.0'])).toBe('22.19.0');
    expect(oldestForAll(['^20.19.0 || >=22.12.0', '>=21'])).toBe('22.12.0');
    expect(oldestForAll(['<20', '>=22'])).toBeNull();
    expect(oldestForAll([])).toBe('0.0.0');
  });
});

describe('parseMinimum and atLeast', () => {
  it.each([
    ['>=22.19.0', [22, 19, 0]],
    ['>=0.0.0', [0, 0, 0]],
    ['>=26.10.12', [26, 10, 12]],
  ])('read %s', (range, minimum) => {
    expect(parseMinimum(range)).toEqual(minimum);
  });

  it.each(['^22.19.0', '>=22.19', '>= 22.19.0', '22.19.0', '', '>=22.19.0 <23', '>=v22.19.0'])(
    'refuse %j, naming the one form they take',
    (range) => {
      expect(() => parseMinimum(range)).toThrow(
        `toolchain/package.json: engines.node must be ">=X.Y.Z", not ${JSON.stringify(range)}`,
      );
    },
  );

  it.each([
    ['v22.19.0', true],
    ['v22.18.9', false],
    ['v22.20.0', true],
    ['v23.0.0', true],
    ['v20.20.2', false],
    ['v21.99.99', false],
    ['22.19.0', true],
    ['v24.21.0-nightly20260101', true],
  ])('%s is at least 22.19.0: %s', (version, expected) => {
    expect(atLeast(version, [22, 19, 0])).toBe(expected);
  });

  it('agree with semver on any release and minimum', () => {
    const part = fc.nat({ max: 40 });
    fc.assert(
      fc.property(fc.tuple(part, part, part), fc.tuple(part, part, part), (version, minimum) => {
        const found = `v${version.join('.')}`;
        expect(atLeast(found, minimum)).toBe(semver.gte(found, minimum.join('.')));
      }),
    );
  });
});

describe('runtimeProblem', () => {
  const situation = {
    needed: '>=22.19.0',
    pinned: '24.21.0',
    platform: 'linux-x64',
  } as const;

  it.each(['v22.19.0', 'v24.21.0', 'v26.10.0'])('is none on %s, whatever is installed', (found) => {
    for (const installed of ['none', 'no-runtime', 'runtime'] as const)
      expect(runtimeProblem({ ...situation, found, installed })).toBeNull();
  });

  it.each([
    [
      'none',
      "Node.js 22.19.0 or later runs this project's build and test tools, and this is v20.20.2: run npm install first, which brings Node.js 24.21.0 for them from the npm registry.",
    ],
    [
      'no-runtime',
      "Node.js 22.19.0 or later runs this project's build and test tools, and this is v20.20.2; npm install could not bring Node.js 24.21.0 from the npm registry (offline, or no official build for linux-x64): run npm install again with the registry reachable, or install Node.js 24 yourself (https://nodejs.org).",
    ],
    [
      'runtime',
      "Node.js 22.19.0 or later runs this project's build and test tools, and this is v20.20.2: run them through npm (npm start, npm test, npm run …), which puts node_modules/.bin/node (Node.js 24.21.0) first on PATH.",
    ],
  ] as const)('on v20.20.2 with %s installed, is one line: %s', (installed, line) => {
    expect(runtimeProblem({ ...situation, found: 'v20.20.2', installed })).toBe(line);
  });
});

describe('missingOptionalPackages', () => {
  const linux = { os: 'linux', cpu: 'x64', libc: 'glibc' };
  /** A lock file with `native`, the package npm left out, and whatever the row changes. */
  const lockWith = (native: LockEntry, extra: Record<string, LockEntry> = {}) => ({
    packages: {
      '': {},
      'node_modules/tool': {
        version: '1.0.0',
        optionalDependencies: { 'tool-linux-x64': '1.0.0' },
      },
      'node_modules/tool-linux-x64': native,
      ...extra,
    },
  });
  const native: LockEntry = {
    version: '1.0.0',
    integrity: 'sha512-AAAA',
    optional: true,
    os: ['linux'],
    cpu: ['x64'],
    libc: ['glibc'],
    engines: { node: '>=22.19.0' },
  };
  const onDiskExcept =
    (...absent: string[]) =>
    (key: string) =>
      !absent.includes(key);
  const find = (
    lock: ReturnType<typeof lockWith>,
    machine: Partial<Parameters<typeof missingOptionalPackages>[1]> = {},
  ) =>
    missingOptionalPackages(lock, {
      platform: linux,
      satisfies: (range) => semver.satisfies('24.21.0', range),
      onDisk: onDiskExcept('node_modules/tool-linux-x64'),
      ...machine,
    }).map((pkg) => pkg.key);

  it('finds a native part npm left out for its engines, with what fetching it needs', () => {
    expect(
      missingOptionalPackages(lockWith(native), {
        platform: linux,
        satisfies: (range) => semver.satisfies('24.21.0', range),
        onDisk: onDiskExcept('node_modules/tool-linux-x64'),
      }),
    ).toEqual([
      {
        key: 'node_modules/tool-linux-x64',
        name: 'tool-linux-x64',
        version: '1.0.0',
        resolved: undefined,
        integrity: 'sha512-AAAA',
        engines: '>=22.19.0',
        installScript: false,
      },
    ]);
  });

  it.each<[string, LockEntry, Partial<Parameters<typeof missingOptionalPackages>[1]>]>([
    ['already on disk', native, { onDisk: () => true }],
    ['made for another system', { ...native, os: ['darwin'] }, {}],
    ['made for another processor', { ...native, cpu: ['arm64'] }, {}],
    ['made for another C library', { ...native, libc: ['musl'] }, {}],
    ['excluded by name', { ...native, os: ['!linux'] }, {}],
    ['asking for a Node.js the tools do not run', { ...native, engines: { node: '>=99' } }, {}],
    ['with no engines at all (npm left it out for another reason)', { ...native, engines: {} }, {}],
    ['not optional', { ...native, optional: false }, {}],
    ['a link', { ...native, link: true }, {}],
    [
      'wanted by no installed package',
      native,
      { onDisk: onDiskExcept('node_modules/tool-linux-x64', 'node_modules/tool') },
    ],
  ])('leaves out a package %s', (_, entry, machine) => {
    expect(find(lockWith(entry), machine)).toEqual([]);
  });

  it.each<[string, LockEntry]>([
    ['excluding other systems only', { ...native, os: ['!win32'] }],
    ['for any C library', { ...native, libc: undefined }],
    ['optional for development', { ...native, optional: undefined, devOptional: true }],
  ])('keeps a package %s', (_, entry) => {
    expect(find(lockWith(entry))).toEqual(['node_modules/tool-linux-x64']);
  });

  it('finds a nested copy by its own place, and on a machine without a C library name', () => {
    const lock = lockWith(native, {
      'node_modules/tool/node_modules/tool-linux-x64': {
        ...native,
        version: '0.9.0',
        libc: undefined,
      },
    });
    expect(
      find(lock, {
        platform: { os: 'linux', cpu: 'x64', libc: undefined },
        onDisk: onDiskExcept('node_modules/tool/node_modules/tool-linux-x64'),
      }),
    ).toEqual(['node_modules/tool/node_modules/tool-linux-x64']);
  });

  it('finds in this lock file, on this platform, only Lingui’s native part when it is absent', () => {
    const native = 'node_modules/@lingui/native-tools-linux-x64-gnu';
    const missing = (version: string, onDisk: (key: string) => boolean) =>
      missingOptionalPackages(LOCK, {
        platform: linux,
        satisfies: (range) => semver.satisfies(version, range),
        onDisk,
      }).map((pkg) => `${pkg.name}@${pkg.version} ${pkg.engines}`);
    expect(missing('24.21.0', () => true)).toEqual([]);
    expect(missing('24.21.0', (key) => key !== native)).toEqual([
      `@lingui/native-tools-linux-x64-gnu@${LOCK.packages[native]?.version} >=22.19.0`,
    ]);
    // On a Node.js the native part does not run on, it is not the tools' to want.
    expect(missing('20.20.2', (key) => key !== native)).toEqual([]);
  });
});

describe('a place in the lock file, where a fetched package is written', () => {
  it.each<[string, boolean]>([
    ['node_modules/a', true],
    ['node_modules/@lingui/native-tools-linux-x64-gnu', true],
    ['node_modules/a/node_modules/@s/b.c', true],
    ['node_modules/a.b-c_d', true],
    ['', false],
    ['toolchain', false],
    ['node_modules', false],
    ['node_modules/', false],
    ['node_modules/a/', false],
    ['node_modules/..', false],
    ['node_modules/.', false],
    ['node_modules/@s/..', false],
    ['node_modules/../etc', false],
    ['node_modules/a/node_modules/../../../b', false],
    ['/node_modules/a', false],
    ['node_modules//a', false],
    ['node_modules/a\\..\\..\\b', false],
    ['node_modules/a\nnode_modules/b', false],
    ['node_modules/\u00e9', false],
    ['node_modules/a/b', false],
    ['x/node_modules/a', false],
  ])('%j is a place: %s', (key, expected) => {
    expect(isPlace(key)).toBe(expected);
  });

  it('is every place of this lock file', () => {
    const places = Object.keys(LOCK.packages).filter((key) => key.startsWith('node_modules/'));
    expect(places.filter((key) => !isPlace(key))).toEqual([]);
  });

  it('is read by a pattern recheck proves linear', () => {
    const verdict = checkSync(PLACE.source, PLACE.flags, { randomSeed: 1, timeout: 20_000 });
    expect({ status: verdict.status, checker: verdict.checker }).toEqual({
      status: 'safe',
      checker: 'automaton',
    });
  });

  it('never leads out of node_modules, whatever the lock file says', () => {
    const piece = fc.oneof(
      fc.constantFrom('node_modules', '..', '.', '', '@s', 'a', '\\', '%2e%2e', '\u0000'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    );
    const key = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('/')),
      fc.string({ unit: 'binary', maxLength: 300 }),
    );
    const root = path.resolve('/project');
    fc.assert(
      fc.property(key, (place) => {
        // A package that is installed wants whatever the place names, so only the place decides.
        const name = place.slice(place.lastIndexOf('node_modules/') + 'node_modules/'.length);
        const lock = {
          packages: {
            'node_modules/tool': { optionalDependencies: { [name]: '1.0.0' } },
            [place]: { version: '1.0.0', optional: true, engines: { node: '>=1' } },
          },
        };
        const found = missingOptionalPackages(lock, {
          platform: { os: 'linux', cpu: 'x64', libc: 'glibc' },
          satisfies: () => true,
          onDisk: (where) => where === 'node_modules/tool',
        });
        expect(found.map((pkg) => pkg.key)).toEqual(isPlace(place) ? [place] : []);
        for (const pkg of found)
          expect(path.resolve(root, pkg.key).startsWith(`${root}/node_modules/`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a hostile place out, however much a package wants it', () => {
    const hostile = 'node_modules/../../outside';
    const lock = {
      packages: {
        // The name it would be found by, were the place not refused.
        'node_modules/tool': { optionalDependencies: { '../../outside': '1.0.0' } },
        [hostile]: { version: '1.0.0', optional: true, engines: { node: '>=1' } },
      },
    };
    expect(
      missingOptionalPackages(lock, {
        platform: { os: 'linux', cpu: 'x64', libc: 'glibc' },
        satisfies: () => true,
        onDisk: (key) => key === 'node_modules/tool',
      }),
    ).toEqual([]);
  });
});

/** package.json's own scripts, with toolchain/ copied beside it: a checkout to run npm in. */
function checkout({ needed, installed }: { needed: string; installed: boolean }) {
  const dir = tempDir();
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'checkout', version: '1.0.0', private: true, scripts: PACKAGE.scripts }),
  );
  cpSync(path.join(ROOT, 'toolchain'), path.join(dir, 'toolchain'), { recursive: true });
  writeFileSync(
    path.join(dir, 'toolchain/package.json'),
    JSON.stringify({ ...TOOLCHAIN, engines: { node: needed } }),
  );
  // What `npm install` leaves when it could not bring the toolchain's Node.js: no .bin/node.
  if (installed) mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  return dir;
}

/** The PATH a shell has outside npm: no project's node_modules/.bin. */
const plainPath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.includes('node_modules'))
  .concat(path.dirname(process.execPath))
  .join(path.delimiter);
/** The environment of a shell outside npm. */
const plainEnv = () => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: plainPath,
});
const npmCli = process.env.npm_execpath;

/** `npm start` in `dir`, from a shell outside npm. */
function npmStart(dir: string) {
  const [command, args] =
    npmCli && /\.[cm]?js$/.test(npmCli)
      ? [process.execPath, [npmCli, 'start']]
      : ['npm', ['start']];
  return spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: plainEnv() });
}

describe('npm start, where the tools cannot run', () => {
  const found = spawnSync('node', ['-p', 'process.version'], {
    encoding: 'utf8',
    env: plainEnv(),
  }).stdout.trim();

  it('after an install that could not bring Node.js, prints one line before anything is built', () => {
    const run = npmStart(checkout({ needed: '>=99.0.0', installed: true }));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Node.js 99.0.0 or later runs this project's build and test tools, and this is ${found}; npm install could not bring Node.js ${PINNED} from the npm registry (offline, or no official build for ${process.platform}-${process.arch}): run npm install again with the registry reachable, or install Node.js ${PINNED.split('.')[0]} yourself (https://nodejs.org).\n`,
    );
    // Only npm's own heading: the build never started.
    expect(run.stdout.trim().split('\n')).toEqual([
      '> checkout@1.0.0 start',
      `> ${PACKAGE.scripts.start}`,
    ]);
  });

  it('before any install, says to install first', () => {
    const run = npmStart(checkout({ needed: '>=99.0.0', installed: false }));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Node.js 99.0.0 or later runs this project's build and test tools, and this is ${found}: run npm install first, which brings Node.js ${PINNED} for them from the npm registry.\n`,
    );
  });

  it('on a Node.js that can run them, before any install, says to install first', () => {
    const run = npmStart(checkout({ needed: '>=0.0.0', installed: false }));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'The project’s dependencies are not installed: run npm install first.\n',
    );
  });
});

describe('the system programs the tests need', () => {
  const program = (pkg: string) =>
    SYSTEM_PROGRAMS.find((p) => p.pkg === pkg) ?? expect.fail(`no program from ${pkg}`);
  const programs = (...pkgs: string[]): SystemProgram[] => pkgs.map(program);

  it.each<
    [string, SystemProgram[], { root: boolean; apt: boolean }, ReturnType<typeof systemPlan>]
  >([
    ['all there', [], { root: false, apt: true }, { action: 'none' }],
    ['all there, as root', [], { root: true, apt: true }, { action: 'none' }],
    [
      'missing, as root with apt-get',
      programs('chromium', 'prometheus', 'prometheus'),
      { root: true, apt: true },
      { action: 'install', packages: ['chromium', 'prometheus'] },
    ],
    [
      'missing, as a user with apt-get',
      programs('redis-server', 'prometheus'),
      { root: false, apt: true },
      {
        action: 'stop',
        line: 'The tests need programs that are not installed (/usr/bin/redis-server, /usr/bin/promtool): install them with `sudo apt-get install -y redis-server && sudo apt-get install -y --no-install-recommends prometheus`, then run the tests again.',
      },
    ],
    [
      'missing, as root without apt-get',
      programs('xvfb'),
      { root: true, apt: false },
      {
        action: 'stop',
        line: "The tests need programs that are not installed (/usr/bin/Xvfb), from Debian's packages xvfb; on Debian or Ubuntu: `apt-get install -y xvfb`.",
      },
    ],
  ])('%s', (_, missing, machine, plan) => {
    expect(systemPlan(missing, machine)).toEqual(plan);
  });

  it.each([
    [['chromium'], false, 'apt-get install -y chromium'],
    [['prometheus'], true, 'sudo apt-get install -y --no-install-recommends prometheus'],
    [
      ['nginx-light', 'prometheus', 'xvfb'],
      true,
      'sudo apt-get install -y nginx-light xvfb && sudo apt-get install -y --no-install-recommends prometheus',
    ],
  ])('install %j with sudo %s as one command', (packages, sudo, command) => {
    expect(installCommand(packages, { sudo })).toBe(command);
  });

  it('are the ones .ci/run and the README name', () => {
    const packages = [...new Set(SYSTEM_PROGRAMS.map((p) => p.pkg))];
    expect(read('.ci/run')).toContain('node scripts/system-packages.mjs\n');
    expect(read('README.md').replace(/\n\s*/g, ' ')).toContain(
      `\`${installCommand(packages, { sudo: true })}\``,
    );
  });

  /** The script as a user who is not root, on a machine with none of the programs. */
  const onEmptyMachine = (...args: string[]) =>
    spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/system-packages.mjs'), ...args, `--root=${tempDir()}`],
      {
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin' },
        ...(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
      },
    );

  it.each([
    ['unit', ['redis-server', 'nginx-light', 'openssl'], ['prometheus']],
    ['browsers', ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'redis-server'], []],
  ])(
    'for %s tests, stop at once with one line naming what is missing and how to install it',
    (tests, plain, lean) => {
      const run = onEmptyMachine(tests);
      const missing = SYSTEM_PROGRAMS.filter((p) => p.tests.includes(tests as 'unit' | 'browsers'));
      expect(new Set(missing.map((p) => p.pkg))).toEqual(new Set([...plain, ...lean]));
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `The tests need programs that are not installed (${missing.map((p) => p.path).join(', ')}): install them with \`${installCommand([...new Set(missing.map((p) => p.pkg))], { sudo: true })}\`, then run the tests again.\n`,
      );
    },
  );

  it('refuses an unknown part in one line', () => {
    const run = onEmptyMachine('everything');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'usage: node scripts/system-packages.mjs [unit|browsers] [--root=DIR] (not everything)\n',
    );
  });
});
