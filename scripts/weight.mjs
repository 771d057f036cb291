// What a visit fetches and how it is weighed, in one place: the list (FETCHED), which the build
// resolves to chunk files (initialChunks, a Vite plugin, writes dist/initial-chunks.json), read
// back with the rest of what the page loads (fetched), the budget, and the one way bytes are
// weighed (weigh). Used by vite.config.ts, `npm run size` (scripts/size.mjs),
// scripts/bundle-analysis.mjs, `npm run bench` (bench/weight.mjs, bench/embed.mjs) and
// e2e/weight.spec.ts, which checks the list against what Chromium fetches.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * What `npm run size` holds the page to. `js` and `scripts`: every script fetched without
 * interaction (all of it leads to a working form), gzip bytes and requests; `css`: the
 * stylesheets index.html links; `embed`: embed.js, on the job board's own page (docs/embedding.md).
 */
export const BUDGET = {
  js: 100 * 1024,
  css: 8 * 1024,
  scripts: 2,
  embed: 3 * 1024,
  languages: 1024,
};

/**
 * The English page's first load (its scripts without interaction, its HTML and stylesheet, gzip
 * bytes) before the page had languages, at c08d196: 94,856 of script, 1,356 of HTML and 2,700 of
 * CSS. Printed for information: what the page has gained since, languages and all.
 */
export const BEFORE_LANGUAGES = 94_856 + 1_356 + 2_700;

/**
 * The modules a visit fetches, each with the chunks it imports. `load`: without any interaction,
 * the chain up to a working form (boot.ts, then main.tsx once the first paint is reported);
 * held to BUDGET. `first-input`: what the app fetches once the candidate first does something
 * (steps/lazy.ts), weighed for information. A pattern that matches no chunk fails the build; a
 * script the page fetches unlisted fails e2e/weight.spec.ts.
 */
const FETCHED = {
  load: [/\/src\/web\/start\/boot\.ts$/, /\/src\/web\/start\/main\.tsx$/],
  'first-input': [
    /\/src\/web\/steps\/CareerStep\.tsx$/,
    /\/src\/web\/steps\/ResumeStep\.tsx$/,
    /\/src\/web\/steps\/CheckAnswers\.tsx$/,
    /\/src\/web\/steps\/Confirmation\.tsx$/,
    /\/src\/web\/wizard\/rules\.ts$/,
    /\/src\/web\/wizard\/registration\.ts$/,
    // The rest of the English page's texts (i18n.ts completeLanguage; the Spanish page's, its own).
    /\/src\/locales\/en\/messages\.ts$/,
  ],
};

/** Where the build writes FETCHED as chunk files, beside the web build in `dir`. */
const chunkList = (dir) => path.resolve(dir, '../initial-chunks.json');

/** The Vite plugin that writes FETCHED as `[{ file, when: 'load' | 'first-input' }]`. */
export function initialChunks() {
  let ssr = false;
  return {
    name: 'initial-chunks',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const when = new Map();
      const visit = (fileName, phase) => {
        const chunk = bundle[fileName];
        if (when.has(fileName) || chunk?.type !== 'chunk') return;
        when.set(fileName, phase);
        for (const imported of chunk.imports) visit(imported, phase);
      };
      for (const [phase, patterns] of Object.entries(FETCHED)) {
        for (const pattern of patterns) {
          const root = chunks.find((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
          if (!root) throw new Error(`initial-chunks: no chunk holds a module matching ${pattern}`);
          visit(root.fileName, phase);
        }
      }
      const files = [...when].map(([file, phase]) => ({ file, when: phase }));
      await writeFile(chunkList(options.dir), `${JSON.stringify(files, null, 2)}\n`);
    },
  };
}

/**
 * What the page in the web build `dir` fetches, as paths relative to it: the scripts without
 * interaction (`load`) and on the first input (`firstInput`), as the build listed them; the
 * page (`html`) and the stylesheets it links (`css`); the job board's script (`embed`); and
 * every other script of the build (`lazy`: fetched only when a rarer feature needs it).
 */
export async function fetched(dir = WEB_DIR) {
  const list = JSON.parse(await readFile(chunkList(dir), 'utf8'));
  const when = (phase) => list.filter((chunk) => chunk.when === phase).map((chunk) => chunk.file);
  const html = 'index.html';
  const page = await readFile(path.join(dir, html), 'utf8');
  // The page in each other language (docs/languages.md): the same scripts, its own HTML.
  const pages = [html, ...(await readdir(dir)).filter((file) => /^index\.\w+\.html$/.test(file))];
  const css = [...page.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map(
    (match) => match[1],
  );
  const listed = new Set(list.map((chunk) => chunk.file));
  const lazy = (await readdir(path.join(dir, 'assets')))
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => `assets/${file}`)
    .filter((file) => !listed.has(file));
  return {
    load: when('load'),
    firstInput: when('first-input'),
    html,
    pages,
    css,
    embed: 'embed.js',
    lazy,
  };
}

/** Bytes as the budget counts them: gzip at level 9. */
export const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
/** Bytes as a browser that accepts brotli receives them: quality 11 (scripts/compress.mjs). */
const brotliSize = (bytes) =>
  zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Each language's page as a visit first loads it, gzip bytes: its scripts without interaction
 * (the same for every page), its HTML with its catalogue inline, its stylesheets.
 */
export async function firstLoads(dir = WEB_DIR) {
  const files = await fetched(dir);
  const [scripts, css] = [await weigh(files.load, dir), await weigh(files.css, dir)];
  return Promise.all(
    files.pages.map(async (page) => {
      const html = (await weigh([page], dir)).gzip;
      return {
        page,
        requests: files.load.length,
        scripts: scripts.gzip,
        html,
        css: css.gzip,
        total: scripts.gzip + html + css.gzip,
      };
    }),
  );
}

/** What is over BUDGET in the first loads (firstLoads), one sentence each; none: []. */
export function overBudget(loads) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return loads
    .flatMap(({ page, requests, scripts, css }) => [
      ...(scripts > BUDGET.js ? [`${page}: ${kb(scripts)} of script, over ${kb(BUDGET.js)}`] : []),
      ...(requests > BUDGET.scripts
        ? [`${page}: ${requests} script requests without interaction, over ${BUDGET.scripts}`]
        : []),
      ...(css > BUDGET.css ? [`${page}: ${kb(css)} of CSS, over ${kb(BUDGET.css)}`] : []),
    ])
    .concat(languagesApart(loads));
}

/**
 * A visitor downloads one language's texts (docs/languages.md): each page's first load is within
 * BUDGET.languages of the other's, so neither carries the other language.
 */
function languagesApart(loads) {
  const totals = loads.map((load) => load.total);
  const apart = Math.max(...totals) - Math.min(...totals);
  return loads.length > 1 && apart > BUDGET.languages
    ? [
        `the two pages' first loads are ${apart} B apart, more than ${BUDGET.languages}: ${loads.map((load) => `${load.page} ${load.total} B`).join(', ')}`,
      ]
    : [];
}

/** Built files of `dir`, each and in all: raw bytes, gzip (level 9) and brotli (quality 11). */
export async function weigh(files, dir = WEB_DIR) {
  const each = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(path.join(dir, file));
      return { file, raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) };
    }),
  );
  const sum = (key) => each.reduce((total, weight) => total + weight[key], 0);
  return { files: each, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}
