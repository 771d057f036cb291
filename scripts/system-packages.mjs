// What the tests need from the operating system besides Node.js: Debian's browsers for the
// browser suite, redis-server, nginx, openssl and prometheus for the integration and operations
// tests. `npm test` runs this first (`npm run test:unit` with `unit`, the browser suite's scripts
// with `browsers`): all there, it says nothing; some missing, it installs them where it may
// (root, with apt-get), and otherwise stops at once with one line that names what is missing
// and the command that installs it, rather than a page of failing tests. `.ci/run` runs it
// before anything else.
//
// It imports nothing outside Node.js, so that it runs before `npm install` on any Node.js.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MULTIARCH = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';

/**
 * Each program the tests run, where they run it from, the Debian package that puts it there, and
 * which tests need it: `unit` (Vitest) or `browsers` (Playwright). `recommends: false`: installed
 * without its recommended packages (prometheus's recommend is a node exporter that would start a
 * service on port 9100).
 */
export const SYSTEM_PROGRAMS = [
  { path: '/usr/bin/chromium', pkg: 'chromium', tests: ['browsers'] },
  { path: '/usr/bin/firefox-esr', pkg: 'firefox-esr', tests: ['browsers'] },
  // WebKitGTK's MiniBrowser comes with its WebDriver (libwebkit2gtk-4.1-0).
  { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver', tests: ['browsers'] },
  {
    path: `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`,
    pkg: 'webkit2gtk-driver',
    tests: ['browsers'],
  },
  { path: '/usr/bin/Xvfb', pkg: 'xvfb', tests: ['browsers'] },
  { path: '/usr/bin/redis-server', pkg: 'redis-server', tests: ['unit', 'browsers'] },
  { path: '/usr/sbin/nginx', pkg: 'nginx-light', tests: ['unit'] },
  { path: '/usr/bin/openssl', pkg: 'openssl', tests: ['unit'] },
  { path: '/usr/bin/promtool', pkg: 'prometheus', tests: ['unit'], recommends: false },
  { path: '/usr/bin/prometheus', pkg: 'prometheus', tests: ['unit'], recommends: false },
];

/** apt-get's install arguments for `packages`: one install with recommends, one without. */
function aptInstalls(packages) {
  const lean = new Set(SYSTEM_PROGRAMS.filter((p) => p.recommends === false).map((p) => p.pkg));
  const plain = packages.filter((pkg) => !lean.has(pkg));
  const without = packages.filter((pkg) => lean.has(pkg));
  return [
    ...(plain.length > 0 ? [['install', '-y', ...plain]] : []),
    ...(without.length > 0 ? [['install', '-y', '--no-install-recommends', ...without]] : []),
  ];
}

/** The command that installs `packages`, as one line to type. */
export const installCommand = (packages, { sudo }) =>
  aptInstalls(packages)
    .map((args) => `${sudo ? 'sudo ' : ''}apt-get ${args.join(' ')}`)
    .join(' && ');

/**
 * What to do about the programs that are missing: nothing, install them (root, with apt-get), or
 * stop with one line.
 */
export function systemPlan(missing, { root, apt }) {
  const packages = [...new Set(missing.map((program) => program.pkg))];
  if (packages.length === 0) return { action: 'none' };
  if (root && apt) return { action: 'install', packages };
  const paths = missing.map((program) => program.path).join(', ');
  const command = installCommand(packages, { sudo: !root });
  return {
    action: 'stop',
    line: apt
      ? `The tests need programs that are not installed (${paths}): install them with \`${command}\`, then run the tests again.`
      : `The tests need programs that are not installed (${paths}), from Debian's packages ${packages.join(', ')}; on Debian or Ubuntu: \`${command}\`.`,
  };
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (command) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && executable(`${dir}/${command}`));

/** apt-get update, then the installs, starting no package's service. */
function aptInstall(packages) {
  // Debian's nginx would take port 80 (and redis-server 6379, prometheus 9090). Their postinst
  // asks invoke-rc.d, which asks policy-rc.d; 101 is "not now". A machine's own policy is kept.
  const policy = '/usr/sbin/policy-rc.d';
  const ours = !existsSync(policy);
  if (ours) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    for (const args of [['update'], ...aptInstalls(packages)])
      if (
        spawnSync('apt-get', ['-q', ...args], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        }).status !== 0
      )
        return;
  } finally {
    if (ours) rmSync(policy, { force: true });
  }
}

function main() {
  // `--root=DIR` looks for the programs under DIR (the tests' empty machine).
  const under =
    process.argv.find((arg) => arg.startsWith('--root='))?.slice('--root='.length) ?? '';
  const tests = process.argv.slice(2).find((arg) => !arg.startsWith('--root='));
  if (tests !== undefined && tests !== 'unit' && tests !== 'browsers') {
    console.error(
      `usage: node scripts/system-packages.mjs [unit|browsers] [--root=DIR] (not ${tests})`,
    );
    process.exitCode = 2;
    return;
  }
  const missing = () =>
    SYSTEM_PROGRAMS.filter(
      (program) => (!tests || program.tests.includes(tests)) && !executable(under + program.path),
    );
  const plan = systemPlan(missing(), { root: process.getuid?.() === 0, apt: onPath('apt-get') });
  if (plan.action === 'none') return;
  if (plan.action === 'stop') {
    console.error(plan.line);
    process.exitCode = 1;
    return;
  }
  console.error(
    `Installing what the tests need from Debian's packages: ${plan.packages.join(' ')}`,
  );
  aptInstall(plan.packages);
  const left = missing();
  if (left.length === 0) return;
  console.error(
    `Still not installed: ${left.map((p) => p.path).join(', ')} (apt-get's output is above).`,
  );
  process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
