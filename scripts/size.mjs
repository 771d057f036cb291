// npm run size: the bytes of everything a visit fetches without any interaction (raw, gzip,
// brotli), held to the budget with a non-zero exit above it; for information, what the first
// input fetches and the other lazy chunks.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fetchedScripts, measure, WEB_DIR } from './weigh.mjs';

// js and scripts: every script fetched without interaction (all of it leads to a working form).
const BUDGET = { js: 100 * 1024, css: 8 * 1024, scripts: 3, embed: 3 * 1024 };
const dir = WEB_DIR;
const html = await readFile(path.join(dir, 'index.html'), 'utf8');

// Every visit loads boot.ts and, after the first paint, main.tsx with its imports; the first
// input fetches the later steps. The build lists them (vite.config.ts, FETCHED), and
// e2e/weight.spec.ts checks the list against what Chromium fetches.
const { all: listed, load: initialJs, firstInput: firstInputJs } = await fetchedScripts();
const initialCss = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map(
  (m) => m[1],
);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [];
const total = async (files, kind, when = () => 'initial') => {
  const sizes = await Promise.all(files.map((file) => measure(file)));
  for (const s of sizes)
    rows.push({
      load: when(s.file),
      kind,
      file: s.file,
      raw: kb(s.raw),
      gzip: kb(s.gzip),
      brotli: kb(s.brotli),
    });
  return sizes.reduce(
    (sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
};
const js = await total(initialJs, 'js');
const firstInput = await total(firstInputJs, 'js', () => 'first input');
const css = await total(initialCss, 'css');
const pageSize = await measure('index.html');
rows.push({
  load: 'initial',
  kind: 'html',
  file: 'index.html',
  raw: kb(pageSize.raw),
  gzip: kb(pageSize.gzip),
  brotli: kb(pageSize.brotli),
});

// embed.js is what a job board's own page loads (DESIGN §6), apart from the form's load.
const embed = await measure('embed.js');
rows.push({
  load: 'host page',
  kind: 'js',
  file: 'embed.js',
  raw: kb(embed.raw),
  gzip: kb(embed.gzip),
  brotli: kb(embed.brotli),
});

const assets = (await readdir(path.join(dir, 'assets'))).filter((f) => f.endsWith('.js'));
for (const file of assets.map((f) => `assets/${f}`).filter((f) => !listed.includes(f))) {
  const s = await measure(file);
  rows.push({
    load: 'lazy',
    kind: 'js',
    file,
    raw: kb(s.raw),
    gzip: kb(s.gzip),
    brotli: kb(s.brotli),
  });
}
console.table(rows);
console.log(
  `JS without interaction: ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli in ${initialJs.length} requests (budget ${kb(BUDGET.js)} gzip, ${BUDGET.scripts} requests)`,
);
console.log(
  `JS on the first input (not in the budget): ${kb(firstInput.gzip)} gzip in ${firstInputJs.length} requests`,
);
console.log(`initial CSS: ${kb(css.gzip)} gzip (budget ${kb(BUDGET.css)})`);
console.log(`embed.js: ${kb(embed.gzip)} gzip (budget ${kb(BUDGET.embed)})`);

const failures = [
  js.gzip > BUDGET.js &&
    `JavaScript fetched without interaction ${kb(js.gzip)} gzip is over ${kb(BUDGET.js)}`,
  initialJs.length > BUDGET.scripts &&
    `${initialJs.length} script requests without interaction, over ${BUDGET.scripts}`,
  css.gzip > BUDGET.css && `initial CSS ${kb(css.gzip)} gzip is over ${kb(BUDGET.css)}`,
  embed.gzip > BUDGET.embed && `embed.js ${kb(embed.gzip)} gzip is over ${kb(BUDGET.embed)}`,
].filter(Boolean);
for (const failure of failures) console.error(`over budget: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
