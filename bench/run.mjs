// npm run bench [-- --quick] [-- --no-build]: every benchmark against its floor, measured in
// the same run, printed as a table and written to bench/results.json.
import { execFileSync, execSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchColdStart } from './cold-start.mjs';
import { benchInteraction } from './interaction.mjs';
import { CHROMIUM, ROOT } from './lib.mjs';
import { benchPage } from './page.mjs';
import { benchRegister } from './register.mjs';
import { benchUpload } from './upload.mjs';

const quick = process.argv.includes('--quick');
if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'ignore' });

const parts = [
  ['page', () => benchPage({ quick })],
  ['interaction', () => benchInteraction({ quick })],
  ['register', () => benchRegister({ quick })],
  ['upload', () => benchUpload({ quick })],
  ['coldStart', () => benchColdStart({ quick })],
];
const results = {};
for (const [name, run] of parts) {
  const started = Date.now();
  try {
    results[name] = await run();
  } catch (error) {
    results[name] = { error: String(error?.stack ?? error) };
  }
  console.error(`${name} done in ${Math.round((Date.now() - started) / 1000)} s`);
}

const rows = [];
const check = (part, figure, floor, ratio, target, pass) =>
  rows.push({ part, figure, floor, ratio, target, result: pass ? 'met' : 'MISSED' });
const { page, interaction, register, upload, coldStart } = results;
for (const preset of ['mobile', 'desktop']) {
  const p = page?.[preset];
  if (!p) continue;
  check(
    `${preset} performance`,
    p.ours.performance,
    p.floor.performance,
    '',
    preset === 'mobile' ? '≥ 98' : '',
    preset !== 'mobile' || p.ours.performance >= 98,
  );
  check(
    `${preset} accessibility`,
    p.ours.accessibility,
    p.floor.accessibility,
    '',
    '100',
    p.ours.accessibility === 100,
  );
  check(
    `${preset} best practices`,
    p.ours.bestPractices,
    p.floor.bestPractices,
    '',
    '100',
    p.ours.bestPractices === 100,
  );
  check(
    `${preset} LCP ms`,
    p.ours.lcpMs,
    p.floor.lcpMs,
    p.lcpRatio,
    '≤ 1.25 × floor',
    p.lcpRatio <= 1.25,
  );
  check(`${preset} FCP ms`, p.ours.fcpMs, p.floor.fcpMs, '', '', true);
  check(`${preset} TBT ms`, p.ours.tbtMs, p.floor.tbtMs, '', '', true);
  check(`${preset} CLS`, p.ours.cls, p.floor.cls, '', '0', p.ours.cls === 0);
  check(`${preset} total bytes`, p.ours.totalBytes, p.floor.totalBytes, '', '', true);
}
if (interaction && !interaction.error) {
  check(
    'longest task ms (4× CPU)',
    interaction.longestTaskMs,
    '',
    '',
    '≤ 50',
    interaction.longestTaskMs <= 50,
  );
  check(
    'worst interaction ms (4× CPU)',
    interaction.worstInteractionMs,
    '',
    '',
    '≤ 100',
    interaction.worstInteractionMs <= 100,
  );
}
if (register && !register.error) {
  check(
    'register req/s',
    register.ours.requestsPerSecond,
    register.floor.requestsPerSecond,
    register.throughputRatio,
    '≥ 0.8 × floor',
    register.throughputRatio >= 0.8,
  );
  check('register p50 ms', register.ours.p50Ms, register.floor.p50Ms, '', '', true);
  check(
    'register p99 ms',
    register.ours.p99Ms,
    register.floor.p99Ms,
    register.p99Ratio,
    '≤ 1.25 × floor',
    register.p99Ratio <= 1.25,
  );
}
if (upload && !upload.error) {
  check(
    `upload MB/s (${upload.concurrent} × 5 MB)`,
    upload.oursMBps,
    upload.floorMBps,
    upload.ratio,
    '≥ 0.8 × floor',
    upload.ratio >= 0.8,
  );
  check('upload peak RSS MB', upload.peakRssMb, '', '', '≤ 150', upload.peakRssMb <= 150);
}
if (coldStart && !coldStart.error)
  check('cold start ms (median)', coldStart.medianMs, '', '', '≤ 500', coldStart.medianMs <= 500);
for (const [name, value] of Object.entries(results))
  if (value?.error) rows.push({ part: name, figure: 'ERROR', result: value.error.split('\n')[0] });

console.table(rows);
const chromium = (() => {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
await writeFile(
  path.join(ROOT, 'bench/results.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      quick,
      machine: {
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
      },
      versions: { node: process.version, chromium },
      table: rows,
      results,
    },
    null,
    2,
  )}\n`,
);
process.exit(0);
