// The web root the page benchmarks serve (bench/page.mjs, bench/hydration.mjs): a copy of
// dist/web with two floor pages beside our index.html, all served by the same production server
// code (bench/serve-web-root.mjs) from the same directory:
// - floor.html: index.html without any script element or module preload (zero JavaScript, same
//   form, CSS). The JSON catalogue goes too: only our scripts read it, so its bytes count as part
//   of what our JavaScript costs;
// - react-alone.html: the same page whose only script is bench/floors/react-alone (React and
//   react-dom/client, built here as our page is built, hydrating one small element of its own)
//   in place of ours, the JSON catalogue kept byte for byte, so that the pages differ only in
//   what runs.
// A script is an element the browser runs (bench/page-scripts.mjs): a JSON block is data.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { OUR_ENV, ROOT, removeTempDir, startProcess, tempDir } from './lib.mjs';
import { scriptElements } from './page-scripts.mjs';
import { buildBenchServer } from './server-bundle.mjs';

/** Where each page is served. */
const PAGES = { ours: '/', floor: '/floor.html', reactAlone: '/react-alone.html' };

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

/** A temporary copy of dist/web with floor.html and react-alone.html (PAGES). */
async function webRootWithFloors() {
  const dir = tempDir('web');
  await cp(path.join(ROOT, 'dist/web'), dir, { recursive: true });
  const index = await readFile(path.join(dir, 'index.html'), 'utf8');

  const scripts = scriptElements(index);
  const floor = scripts
    .reduce((page, { element }) => page.replace(element, ''), index)
    .replace(MODULE_PRELOAD, '');
  if (/<script\b|modulepreload/i.test(floor) || !/<form\b/.test(floor))
    throw new Error('floor.html still has a script, or lost the form');
  await writeCompressed(path.join(dir, 'floor.html'), floor);

  // Our one script tag (boot.ts) becomes the floor's, in the same place; the element it
  // hydrates is hidden at the end of the body, so it paints nothing and shifts nothing.
  const entry = await buildReactAlone(dir);
  const running = scripts.filter((script) => script.runs);
  if (running.length !== 1)
    throw new Error(`index.html has ${running.length} scripts that run, not 1`);
  const reactAlone = index
    .replace(MODULE_PRELOAD, '')
    .replace(running[0].element, `<script type="module" crossorigin src="${entry}"></script>`)
    .replace('</body>', '<div id="react-alone" hidden><span>React</span></div></body>');
  if (!reactAlone.includes(entry) || !reactAlone.includes('id="react-alone"'))
    throw new Error('react-alone.html lost its script or its element');
  await writeCompressed(path.join(dir, 'react-alone.html'), reactAlone);
  return dir;
}

/**
 * The production server code (bench/serve-web-root.mjs) serving that web root: `url(page)` for
 * each of PAGES, the directory itself (`webRoot`), and `stop`, which removes it too.
 */
export async function serveWithFloors() {
  const webRoot = await webRootWithFloors();
  try {
    await buildBenchServer();
    const server = await startProcess('bench/serve-web-root.mjs', {
      env: { ...OUR_ENV, WEB_ROOT: webRoot },
      tempUploads: true,
    });
    return {
      webRoot,
      url: (page) => `${server.base}${PAGES[page]}`,
      async stop() {
        await server.stop();
        removeTempDir(webRoot);
      },
    };
  } catch (error) {
    removeTempDir(webRoot);
    throw error;
  }
}
