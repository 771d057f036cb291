// `npm run audit:shipped [-- --strict] [--list] [--dist DIR] [--lockfile FILE]`: the npm packages
// that ship (issue 43, point 7), checked against the registry's advisories. `npm audit --omit=dev`
// sees only `dependencies`, what dist/server loads from node_modules; the bundles inline the rest
// (fastify, react, zod…) from devDependencies (docs/decisions/011 and 013). What ships is:
//   - every package the builds inlined, as each build lists them in its licence file
//     (dist/server/ and dist/web/third-party-licenses.md, `## name - version (licence)`: Vite's
//     build.license, from the chunks' module ids, the resume reader's worker included);
//   - every package a production install (`npm ci --omit=dev`) brings: the lockfile's entries not
//     marked dev (package-lock.json, or an image's node_modules/.package-lock.json).
// They go to `POST <registry>/-/npm/v1/security/advisories/bulk`, as `npm audit` sends them.
//
// Exit 0: audited, no advisory of moderate severity or higher affects a shipped version (a low
// or info one is printed). Exit 1: such an advisory affects one (each printed), or what ships
// cannot be listed (dist/ not built, no lockfile). When the registry gives no usable answer
// (unreachable, a refusal such as a mirror's 405, a body that is not the advisories' shape),
// nothing is audited: the script says NOT AUDITED, why, and what to run instead, and exits 0,
// so that a network hiccup does not fail CI; with --strict (or AUDIT_SHIPPED_STRICT=1) it exits
// 2. `--list` prints the shipped packages, one `name@version` a line, and asks nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The licence files the builds write, relative to dist/. */
export const LICENCE_FILES = ['server/third-party-licenses.md', 'web/third-party-licenses.md'];

/** Severities in order; an advisory at `FAIL_FROM` or above fails, as does one of unknown severity. */
export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];
const FAIL_FROM = SEVERITIES.indexOf('moderate');

/** The packages a Vite licence file lists: its `## name - version` headings, licence texts' own headings aside. */
export function packagesFromLicences(markdown) {
  const found = [];
  for (const match of markdown.matchAll(/^## (\S+) - (\S+)(?: \(.*\))?$/gm)) {
    found.push({ name: match[1], version: match[2] });
  }
  return found;
}

/**
 * The packages a production install of `lockfile` (package-lock.json v2/v3, or the hidden
 * node_modules/.package-lock.json) brings: its `packages` entries under node_modules that are not
 * dev-only, links aside; with `dev`, the dev-only ones too (the whole tree).
 */
export function lockfilePackages(lockfile, { dev = false } = {}) {
  const entries = lockfile?.packages;
  if (typeof entries !== 'object' || entries === null) {
    throw new Error('the lockfile has no "packages" (lockfileVersion 2 or 3 is needed)');
  }
  const found = [];
  for (const [where, entry] of Object.entries(entries)) {
    const at = where.lastIndexOf('node_modules/');
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} is not an entry`);
    if (at < 0 || (entry?.dev === true && !dev) || entry?.link === true) continue;
    const name = typeof entry.name === 'string' ? entry.name : where.slice(at + 13);
    if (typeof entry.version !== 'string') throw new Error(`${where} has no version`);
    found.push({ name, version: entry.version });
  }
  return found;
}

/** `packages` without repeats, as the bulk endpoint's request: name → versions, both sorted. */
export function bulkRequest(packages) {
  const byName = new Map();
  for (const { name, version } of packages) {
    if (!byName.has(name)) byName.set(name, new Set());
    byName.get(name).add(version);
  }
  // No prototype: a name such as `constructor` or `__proto__` is a key like any other.
  const request = Object.create(null);
  for (const name of [...byName.keys()].sort()) request[name] = [...byName.get(name)].sort();
  return request;
}

/** Thrown when the registry's answer is not the advisories' shape: nothing can be said from it. */
export class NotAdvisories extends Error {}

const text = (value, fallback) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

/**
 * Which shipped versions the advisories in `answer` (the bulk endpoint's body, parsed) affect:
 * one finding per package, version and advisory. An advisory whose range is not a semver range
 * affects every version, and one whose shipped version is not a semver version is affected by
 * every advisory of its package: what cannot be ruled out counts. Throws NotAdvisories when
 * `answer` is not an object of arrays of objects.
 */
export function findingsOf(request, answer) {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    throw new NotAdvisories('the answer is not an object of advisories');
  }
  const findings = [];
  for (const [name, advisories] of Object.entries(answer)) {
    if (!Array.isArray(advisories)) throw new NotAdvisories(`${name}: not a list of advisories`);
    if (!Object.hasOwn(request, name)) continue;
    for (const advisory of advisories) {
      if (typeof advisory !== 'object' || advisory === null || Array.isArray(advisory)) {
        throw new NotAdvisories(`${name}: an advisory is not an object`);
      }
      const range = text(advisory.vulnerable_versions, '*');
      const valid = semver.validRange(range, { loose: false }) !== null;
      for (const version of request[name]) {
        const affected =
          !valid ||
          semver.valid(version) === null ||
          semver.satisfies(version, range, { includePrerelease: true });
        if (!affected) continue;
        findings.push({
          name,
          version,
          id: text(advisory.id, '?'),
          severity: text(advisory.severity, 'unknown').toLowerCase(),
          title: text(advisory.title, '(no title)'),
          url: text(advisory.url, ''),
          range,
        });
      }
    }
  }
  return findings;
}

/** Whether `finding` fails the audit: moderate or higher, or a severity not known. */
export function fails(finding) {
  const rank = SEVERITIES.indexOf(finding.severity);
  return rank < 0 || rank >= FAIL_FROM;
}

/** One line for `finding`. */
export const describeFinding = (finding) =>
  `${finding.name}@${finding.version}: ${finding.severity}, ${finding.title} (${finding.range}) ${finding.url}`.trim();

/** The registry npm uses: npm's own setting under `npm run`, else `npm config get registry`. */
function registry() {
  const configured =
    process.env.npm_config_registry ||
    execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return configured.endsWith('/') ? configured : `${configured}/`;
}

/**
 * The bulk endpoint's answer, or why there is none. A network failure, a time-out, a 5xx or a
 * 429 are tried once more after a second; any other status is the registry's answer.
 */
async function askRegistry(url, request, { attempts = 2, timeoutMs = 15_000 } = {}) {
  let why = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) {
        try {
          return { answer: await response.json() };
        } catch {
          return { why: `${url} answered ${response.status} with a body that is not JSON` };
        }
      }
      why = `${url} answered ${response.status} ${response.statusText}`.trim();
      if (response.status < 500 && response.status !== 429) return { why };
    } catch (error) {
      why = `${url} did not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { why };
}

/** `--name value` from `args`, or `fallback`. */
function option(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
}

async function main(args) {
  const dist = path.resolve(option(args, '--dist', path.join(ROOT, 'dist')));
  const lockfile = path.resolve(option(args, '--lockfile', path.join(ROOT, 'package-lock.json')));
  const strict = args.includes('--strict') || process.env.AUDIT_SHIPPED_STRICT === '1';
  const problems = [];
  const shipped = [];
  for (const relative of LICENCE_FILES) {
    const file = path.join(dist, relative);
    if (!existsSync(file)) {
      problems.push(`${file} is missing: run \`npm run build\` first`);
      continue;
    }
    shipped.push(...packagesFromLicences(readFileSync(file, 'utf8')));
  }
  if (!existsSync(lockfile)) problems.push(`${lockfile} is missing`);
  else shipped.push(...lockfilePackages(JSON.parse(readFileSync(lockfile, 'utf8'))));
  if (problems.length > 0) {
    for (const problem of problems) console.error(`audit:shipped: ${problem}`);
    return 1;
  }
  const request = bulkRequest(shipped);
  const count = Object.values(request).reduce((sum, versions) => sum + versions.length, 0);
  if (args.includes('--list')) {
    for (const [name, versions] of Object.entries(request))
      for (const version of versions) console.log(`${name}@${version}`);
    return 0;
  }

  const url = new URL('-/npm/v1/security/advisories/bulk', registry()).href;
  const { answer, why: noAnswer } = await askRegistry(url, request);
  let findings = null;
  let why = noAnswer;
  if (!why) {
    try {
      findings = findingsOf(request, answer);
    } catch (error) {
      if (!(error instanceof NotAdvisories)) throw error;
      why = `${url} answered something else than advisories: ${error.message}`;
    }
  }
  if (findings === null) {
    console.error(
      [
        `audit:shipped: NOT AUDITED: ${count} shipped packages listed, none checked. ${why}.`,
        '  Run `npm run audit:shipped -- --strict` where the registry serves advisories, or give',
        '  `npm run audit:shipped -- --list` to a scanner of your own (docs/deploying.md).',
      ].join('\n'),
    );
    return strict ? 2 : 0;
  }
  const failing = findings.filter(fails);
  for (const finding of findings) {
    console.log(`${fails(finding) ? 'FAIL' : 'note'} ${describeFinding(finding)}`);
  }
  console.log(
    `audit:shipped: ${count} shipped packages audited against ${url}: ${failing.length} advisories of moderate or higher, ${findings.length - failing.length} below`,
  );
  return failing.length > 0 ? 1 : 0;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  process.exitCode = await main(process.argv.slice(2));
}
