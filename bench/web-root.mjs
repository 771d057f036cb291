// The web root the page benchmarks serve (bench/page.mjs, bench/hydration.mjs): a copy of
// dist/web with two floor pages per language beside ours, all served by the same production
// server code (bench/serve-web-root.mjs) from the same directory. Our page in each language is
// asked for as an embed asks for it, `/?lang=en` or `/?lang=es` (docs/languages.md), whatever
// the browser's own languages; its floors are written from that very page as the server sends
// it (its catalogue inline, the configuration the server adds), so each language is compared
// with its own floors:
// - floor.html, floor.es.html: the page without JavaScript (the same form, the same CSS), without
//   any script element or module preload. The JSON blocks go too: only our scripts read the
//   catalogue and the configuration, so their bytes count as part of what our JavaScript costs;
// - react-alone.html, react-alone.es.html: the page whose only script is
//   bench/floors/react-alone (React and react-dom/client, built here as our page is built,
//   hydrating one small element of its own) in place of ours, every JSON block kept byte for
//   byte, so that the two pages differ only in what runs.
// A script is an element the browser runs (bench/page-scripts.mjs): a JSON block is data.
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { OUR_ENV, ROOT, removeTempDir, startProcess, tempDir } from './lib.mjs';
import { scriptElements } from './page-scripts.mjs';
import { buildBenchServer } from './server-bundle.mjs';

/** The languages measured, English first. */
export const LANGUAGES = ['en', 'es'];

/** Where each page of a language is served. */
const pagesOf = (language) => {
  const suffix = language === 'en' ? '' : `.${language}`;
  return {
    ours: `/?lang=${language}`,
    floor: `/floor${suffix}.html`,
    reactAlone: `/react-alone${suffix}.html`,
  };
};

const REACT_ALONE = path.join(ROOT, 'bench/floors/react-alone');
const MODULE_PRELOAD = /<link\b[^>]*\brel="?modulepreload"?[^>]*>/gi;

/** A page and its compressed twins, as scripts/compress.mjs writes every file of dist/web. */
async function writeCompressed(file, text) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, zlib.brotliCompressSync(text));
  await writeFile(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

/**
 * bench/floors/react-alone built into `dir`/assets with the production defaults our build uses
 * (mode production, es2022, Vite's minifier, the dynamic import kept as a chunk of its own);
 * React resolves from the root's node_modules, the versions our page bundles. Returns the entry
 * chunk's path under the web root.
 */
async function buildReactAlone(dir) {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root: REACT_ALONE,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.join(dir, 'assets'),
      emptyOutDir: false,
      target: 'es2022',
      rolldownOptions: {
        input: path.join(REACT_ALONE, 'boot.js'),
        output: {
          entryFileNames: 'react-alone-[name]-[hash].js',
          chunkFileNames: 'react-alone-[name]-[hash].js',
        },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  for (const chunk of chunks)
    if (chunk.type === 'chunk')
      await writeCompressed(path.join(dir, 'assets', chunk.fileName), chunk.code);
  const entry = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error('the React-alone floor built no entry chunk');
  return `/assets/${entry.fileName}`;
}

/** The floors of `language` (pagesOf), written into `dir` from our page as it was served. */
async function writeFloors(dir, language, served, entry) {
  if (!new RegExp(`<html\\b[^>]*\\blang="${language}\\b`).test(served))
    throw new Error(`the page served for ?lang=${language} is not in that language`);
  const { floor: floorPath, reactAlone: reactAlonePath } = pagesOf(language);
  const scripts = scriptElements(served);
  const running = scripts.filter((script) => script.runs);
  if (running.length !== 1)
    throw new Error(`the ${language} page has ${running.length} scripts that run, not 1`);

  const floor = scripts
    .reduce((page, { element }) => page.replace(element, ''), served)
    .replace(MODULE_PRELOAD, '');
  if (/<script\b|modulepreload/i.test(floor) || !/<form\b/.test(floor))
    throw new Error(`${floorPath} still has a script, or lost the form`);
  await writeCompressed(path.join(dir, floorPath), floor);

  // Our one script (boot.ts) becomes the floor's, in the same place; the element it hydrates is
  // hidden at the end of the body, so it paints nothing and shifts nothing.
  const reactAlone = served
    .replace(MODULE_PRELOAD, '')
    .replace(running[0].element, `<script type="module" crossorigin src="${entry}"></script>`)
    .replace('</body>', '<div id="react-alone" hidden><span>React</span></div></body>');
  if (!reactAlone.includes(entry) || !reactAlone.includes('id="react-alone"'))
    throw new Error(`${reactAlonePath} lost its script or its element`);
  await writeCompressed(path.join(dir, reactAlonePath), reactAlone);
}

/**
 * The production server code (bench/serve-web-root.mjs) serving a copy of dist/web with the
 * floors of every language: `url(language, page)` for each page of pagesOf, the directory itself
 * (`webRoot`), and `stop`, which removes it too.
 */
export async function serveWithFloors() {
  const webRoot = tempDir('web');
  let server;
  try {
    await cp(path.join(ROOT, 'dist/web'), webRoot, { recursive: true });
    const entry = await buildReactAlone(webRoot);
    await buildBenchServer();
    server = await startProcess('bench/serve-web-root.mjs', {
      env: { ...OUR_ENV, WEB_ROOT: webRoot },
      tempUploads: true,
    });
    // The floors can follow the start: the server keeps the index pages in memory, and reads
    // every other file when it is asked for it.
    for (const language of LANGUAGES) {
      const response = await fetch(`${server.base}${pagesOf(language).ours}`);
      if (!response.ok) throw new Error(`our ${language} page answered ${response.status}`);
      await writeFloors(webRoot, language, await response.text(), entry);
    }
    const { stop } = server;
    return {
      webRoot,
      url: (language, page) => `${server.base}${pagesOf(language)[page]}`,
      async stop() {
        await stop();
        removeTempDir(webRoot);
      },
    };
  } catch (error) {
    await server?.stop();
    removeTempDir(webRoot);
    throw error;
  }
}
