// `npm run bench` first runs this: it installs what only the benchmarks use (bench/package.json:
// Lighthouse, chrome-launcher, autocannon) into bench/node_modules, when they are missing or not
// what bench/package-lock.json pins. They stay out of the project's own install: 180 MB that
// neither the app nor the tests load. The rest of what the bench loads (playwright-core, the
// browser suite's; undici, the server's) resolves from the root's node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BENCH = import.meta.dirname;
const read = (file) => JSON.parse(readFileSync(path.join(BENCH, file), 'utf8'));

/** npm writes node_modules/.package-lock.json after each install: what is there now. */
function installedAsLocked() {
  if (!existsSync(path.join(BENCH, 'node_modules/.package-lock.json'))) return false;
  const locked = read('package-lock.json').packages;
  const installed = read('node_modules/.package-lock.json').packages;
  return Object.entries(locked).every(
    ([where, entry]) =>
      where === '' || installed[where]?.version === entry.version || entry.optional,
  );
}

if (!installedAsLocked()) {
  console.error('[bench] npm ci --prefix bench (the benchmarks’ own dependencies)');
  const install = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: BENCH,
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    console.error('[bench] installing bench/package.json failed: nothing measured');
    process.exit(1);
  }
}
