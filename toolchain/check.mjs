// The first step of every npm script that builds, tests or measures (package.json): it makes sure
// that the Node.js running them can, and says in one line what to do when it cannot
// (toolchain/README.md, docs/decisions/021).
//
// `npm install` brings the official Node.js named in toolchain/package.json as a development
// package, whose node_modules/.bin/node comes first on every npm script's PATH. npm itself still
// runs on the machine's Node.js, and leaves out an optional package whose `engines` that Node.js
// does not meet (Lingui's native macro transform wants 22.19): on a machine with an older
// Node.js, this fetches such a package for the Node.js the tools run on, once, checked against
// package-lock.json.
//
// It imports nothing outside Node.js before it knows that node_modules is there, and keeps to
// syntax an old Node.js parses, so that its line is what an old one prints.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);

/** `>=X.Y.Z`, the one form the toolchain's `engines.node` takes, as numbers. */
export function parseMinimum(range) {
  const match = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match)
    throw new Error(
      `toolchain/package.json: engines.node must be ">=X.Y.Z", not ${JSON.stringify(range)}`,
    );
  return match.slice(1).map(Number);
}

/** Whether `version` (`v22.19.0` or `22.19.0`) is at least `minimum`. */
export function atLeast(version, minimum) {
  const parts = version.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if (parts[i] !== minimum[i]) return parts[i] > minimum[i];
  return true;
}

/**
 * What stops the tools from running on the Node.js found, as one line, or null when nothing does.
 * `installed`: 'none' (no node_modules), 'no-runtime' (node_modules without the toolchain's
 * Node.js: the registry was out of reach, or it has no build for this platform) or 'runtime'.
 */
export function runtimeProblem({ found, needed, pinned, installed, platform }) {
  if (atLeast(found, parseMinimum(needed))) return null;
  const head = `Node.js ${needed.slice(2)} or later runs this project's build and test tools, and this is ${found}`;
  if (installed === 'none')
    return `${head}: run npm install first, which brings Node.js ${pinned} for them from the npm registry.`;
  if (installed === 'runtime')
    return `${head}: run them through npm (npm start, npm test, npm run …), which puts node_modules/.bin/node (Node.js ${pinned}) first on PATH.`;
  return `${head}; npm install could not bring Node.js ${pinned} from the npm registry (offline, or no official build for ${platform}): run npm install again with the registry reachable, or install Node.js ${pinned.split('.')[0]} yourself (https://nodejs.org).`;
}

/** npm's rule for a package's `os`, `cpu` and `libc` lists: `!name` excludes, names include. */
function listAllows(list, value) {
  if (!list) return true;
  const entries = Array.isArray(list) ? list : [list];
  if (entries.includes(`!${value}`)) return false;
  const wanted = entries.filter((entry) => !entry.startsWith('!'));
  return wanted.length === 0 || wanted.includes(value);
}

/** A place package-lock.json may give a package: node_modules/ names, nested, never `..`. */
export const PLACE =
  /^node_modules\/(?:@[\w.-]+\/)?[\w.-]+(?:\/node_modules\/(?:@[\w.-]+\/)?[\w.-]+)*$/;
export const isPlace = (key) =>
  PLACE.test(key) && !key.split('/').some((part) => /^\.+$/.test(part));

/** The package's name from its place in package-lock.json (`node_modules/@a/b` is `@a/b`). */
const nameOf = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The optional packages of package-lock.json that npm left out and the tools' Node.js needs: made
 * for this platform, with an `engines.node` that Node.js meets, wanted by a package that is
 * installed, and not on disk. npm leaves out such a package when the Node.js it runs on is older
 * than its `engines` asks.
 */
export function missingOptionalPackages(lock, { platform, satisfies, onDisk }) {
  const entries = Object.entries(lock.packages ?? {}).filter(([key]) => isPlace(key));
  const wanted = new Set();
  for (const [key, entry] of entries)
    for (const name of Object.keys(entry.optionalDependencies ?? {}))
      if (onDisk(key)) wanted.add(name);
  return entries
    .filter(
      ([key, entry]) =>
        (entry.optional || entry.devOptional) &&
        !entry.link &&
        typeof entry.engines?.node === 'string' &&
        listAllows(entry.os, platform.os) &&
        listAllows(entry.cpu, platform.cpu) &&
        (!entry.libc || listAllows(entry.libc, platform.libc)) &&
        satisfies(entry.engines.node) &&
        wanted.has(nameOf(key)) &&
        !onDisk(key),
    )
    .map(([key, entry]) => ({
      key,
      name: nameOf(key),
      version: entry.version,
      resolved: entry.resolved,
      integrity: entry.integrity,
      engines: entry.engines.node,
      installScript: entry.hasInstallScript === true,
    }));
}

/** This machine as npm's `os`, `cpu` and `libc` fields name it. */
function thisPlatform() {
  let libc;
  if (process.platform === 'linux')
    libc = process.report?.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
  return { os: process.platform, cpu: process.arch, libc };
}

/** Runs npm: the one running this script where there is one, else the one on PATH. */
function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const [command, prefix] =
    cli && /\.[cm]?js$/.test(cli)
      ? [process.execPath, [cli]]
      : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  return spawnSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    shell: process.platform === 'win32' && prefix.length === 0,
  });
}

/**
 * Puts one package where package-lock.json has it: the tarball the lock file names (npm's own
 * cache first), its sha512 checked against the lock file's, unpacked beside its place and
 * renamed into it, so that a failure leaves nothing half-written. Returns why it failed, or null.
 */
function fetchInto(pkg) {
  if (pkg.installScript) return 'it has an install script';
  if (!pkg.integrity?.startsWith('sha512-')) return 'package-lock.json gives no sha512 for it';
  const staging = path.join(ROOT, 'node_modules', `.toolchain-${randomBytes(6).toString('hex')}`);
  mkdirSync(staging, { recursive: true });
  try {
    const spec = pkg.resolved ?? `${pkg.name}@${pkg.version}`;
    const packed = npm(
      ['pack', spec, '--pack-destination', staging, '--prefer-offline', '--json', '--silent'],
      staging,
    );
    if (packed.status !== 0)
      return lastLine(packed.stderr) || `npm pack exited with ${packed.status}`;
    const file = path.join(staging, JSON.parse(packed.stdout)[0].filename);
    const digest = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
    if (digest !== pkg.integrity) return `its tarball's sha512 is not package-lock.json's`;
    const unpacked = spawnSync('tar', ['-xzf', file, '-C', staging], { encoding: 'utf8' });
    if (unpacked.status !== 0) return lastLine(unpacked.stderr) || 'tar could not unpack it';
    const target = path.join(ROOT, pkg.key);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      renameSync(path.join(staging, 'package'), target);
    } catch (error) {
      // Another script, started at the same time, put it there first.
      if (!existsSync(path.join(target, 'package.json'))) throw error;
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const lastLine = (text) =>
  (text ?? '')
    .trim()
    .split('\n')
    .pop()
    ?.replace(/^npm (error|ERR!) /, '') ?? '';

/** The optional packages npm left out that the tools need, fetched; a line for each one that could not be. */
function completeOptionalPackages() {
  let semver;
  try {
    semver = createRequire(import.meta.url)('semver');
  } catch {
    return []; // installed without development packages: nothing of the tools to complete
  }
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const missing = missingOptionalPackages(lock, {
    platform: thisPlatform(),
    satisfies: (range) => semver.satisfies(process.version, range),
    onDisk: (key) => existsSync(path.join(ROOT, key, 'package.json')),
  });
  const problems = [];
  for (const pkg of missing) {
    const reason = fetchInto(pkg);
    if (reason)
      problems.push(
        `${pkg.name}@${pkg.version}, a native part of the build tools that npm leaves out on a Node.js outside ${pkg.engines}, is missing and could not be fetched (${reason}): run npm install again with the registry reachable.`,
      );
  }
  return problems;
}

function main() {
  const installed = existsSync(path.join(ROOT, 'node_modules'));
  const toolchain = JSON.parse(readFileSync(path.join(HERE, 'package.json'), 'utf8'));
  const runtime = path.join(
    ROOT,
    'node_modules/.bin',
    process.platform === 'win32' ? 'node.cmd' : 'node',
  );
  const problem = runtimeProblem({
    found: process.version,
    needed: toolchain.engines.node,
    pinned: toolchain.optionalDependencies.node,
    installed: !installed ? 'none' : existsSync(runtime) ? 'runtime' : 'no-runtime',
    platform: `${process.platform}-${process.arch}`,
  });
  let problems;
  if (problem) problems = [problem];
  else if (!installed)
    problems = ['The project’s dependencies are not installed: run npm install first.'];
  else problems = completeOptionalPackages();
  for (const line of problems) console.error(line);
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
