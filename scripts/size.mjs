// npm run size: the bytes of everything a visit fetches without any interaction (raw, gzip,
// brotli), held to the budget with a non-zero exit above it; for information, what the first
// input fetches and the other lazy chunks. What is fetched, the budget and the weighing:
// scripts/weight.mjs (e2e/weight.spec.ts checks the list against what Chromium fetches).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BEFORE_LANGUAGES,
  BUDGET,
  fetched,
  firstLoads,
  gzipSize,
  overBudget,
  WEB_DIR,
  weigh,
} from './weight.mjs';

const files = await fetched();
const js = await weigh(files.load);
const firstInput = await weigh(files.firstInput);
const css = await weigh(files.css);
const page = await weigh(files.pages);
// embed.js is what a job board's own page loads (docs/embedding.md), apart from the form's load.
const embed = await weigh([files.embed]);
const lazy = await weigh(files.lazy);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [
  [js, 'initial', 'js'],
  [firstInput, 'first input', 'js'],
  [css, 'initial', 'css'],
  [page, 'initial', 'html'],
  [embed, 'host page', 'js'],
  [lazy, 'lazy', 'js'],
].flatMap(([weight, load, kind]) =>
  weight.files.map((s) => ({
    load,
    kind,
    file: s.file,
    raw: kb(s.raw),
    gzip: kb(s.gzip),
    brotli: kb(s.brotli),
  })),
);
console.table(rows);
console.log(
  `JS without interaction: ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli in ${files.load.length} requests (budget ${kb(BUDGET.js)} gzip, ${BUDGET.scripts} requests)`,
);
console.log(
  `JS on the first input (not in the budget): ${kb(firstInput.gzip)} gzip in ${files.firstInput.length} requests`,
);
// Each language's page: the same scripts, its own HTML with what it says first inline (docs/languages.md).
const loads = await firstLoads();
for (const load of loads) {
  const text = await readFile(path.join(WEB_DIR, load.page), 'utf8');
  const catalogue = /<script id="app-messages" type="application\/json">([^<]*)<\/script>/.exec(
    text,
  );
  const texts = catalogue ? gzipSize(Buffer.from(catalogue[1])) : 0;
  console.log(
    `${load.page}: first load ${load.total} B gzip (scripts ${load.scripts}, HTML ${load.html} of which its catalogue alone ${texts}, CSS ${load.css}); ${load.total - BEFORE_LANGUAGES >= 0 ? '+' : ''}${load.total - BEFORE_LANGUAGES} B against the English page before languages`,
  );
}
console.log(`initial CSS: ${kb(css.gzip)} gzip (budget ${kb(BUDGET.css)})`);
console.log(`embed.js: ${kb(embed.gzip)} gzip (budget ${kb(BUDGET.embed)})`);

const failures = [
  ...overBudget(loads),
  ...(embed.gzip > BUDGET.embed
    ? [`embed.js ${kb(embed.gzip)} gzip is over ${kb(BUDGET.embed)}`]
    : []),
];
for (const failure of failures) console.error(`over budget: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
