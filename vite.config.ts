import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { initialChunks } from './scripts/weight.mjs';
import { brandPalette, DEFAULT_BRAND_COLOR } from './src/shared/brand.ts';

/**
 * Lingui's macros (t`…`, msg`…`) in the page's components, turned into runtime calls natively,
 * with no Babel (docs/decisions/017); in the production build they keep only each message's id.
 */
export const LINGUI = { macroTransform: true } as const;

/**
 * A message descriptor written by hand (`/*i18n*\/ { id: 'field.email', message: '…' }`, the form
 * the browser tests can import) loses its English in the browser's production build, as the
 * macros' do: the page's catalogue has the text, and a Spanish visit downloads no English.
 */
export const withoutEnglish = (code: string): string =>
  code.replace(
    /(\/\*i18n\*\/\s*\(?\{\s*id:\s*'[^'\n]+',)\s*message:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?/g,
    '$1',
  );

export function stripEnglish(): Plugin {
  let ssr = false;
  return {
    name: 'strip-english',
    // On the source as written, before anything drops the comments that mark the descriptors.
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      if (ssr || !code.includes('/*i18n*/') || !/[\\/]src[\\/]/.test(id)) return null;
      return { code: withoutEnglish(code), map: null };
    },
  };
}

const apiPort = process.env.PORT ?? '3000';
const api = `http://127.0.0.1:${apiPort}`;

/** The icon, in the default brand colour: a white "R" on a rounded square. */
export const favicon = (brand: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Resume Library Registration</title><rect width="32" height="32" rx="6" fill="${brand}"/><path d="M9 8h9a5 5 0 0 1 0 10h-2l6 6h-4l-6-6h-1v6H9z" fill="#fff"/></svg>\n`;

/**
 * The default brand palette has one home, src/shared/brand.ts (the server checks BRAND_COLOR
 * against it and writes a board's palette over it): this declares it first in styles.css's `:root`
 * as `--brand`/`--brand-dark`, and paints the favicon with it, in the build and in `vite` dev.
 */
export function brandDefaults(): Plugin {
  const { brand, brandDark } = brandPalette(DEFAULT_BRAND_COLOR) ?? {};
  if (!brand || !brandDark) throw new Error(`brand-defaults: ${DEFAULT_BRAND_COLOR} is refused`);
  let ssr = false;
  return {
    name: 'brand-defaults',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      if (!id.split('?')[0]?.endsWith('/src/web/styles.css')) return null;
      if (!code.startsWith(':root {\n'))
        throw new Error('brand-defaults: styles.css must open with :root');
      const palette = `:root {\n  --brand: ${brand};\n  --brand-dark: ${brandDark};\n`;
      return { code: palette + code.slice(':root {\n'.length), map: null };
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: favicon(brand) });
    },
    configureServer(server) {
      server.middlewares.use('/favicon.svg', (_request, response) => {
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(favicon(brand));
      });
    },
  };
}

/** React's entry points that the browser build gives as ES modules. */
const REACT_ENTRIES = ['react', 'react/jsx-runtime'];

/** Every name an entry point of the installed React exports, read from the module itself. */
const exportsOf = (source: string): string[] =>
  Object.keys(createRequire(import.meta.url)(source) as object);

/**
 * The names the web app's code imports from `source` (`import { a, type B, c as d } from …`), or
 * null when a file takes the whole module (`import React from …`, `import * as React from …`).
 */
function importedNames(source: string): Set<string> | null {
  const from = String.raw`\s*from\s*'${source}'`;
  const named = new RegExp(String.raw`import\s+(type\s+)?(\w+\s*,\s*)?\{([^}]*)\}${from}`, 'g');
  const whole = new RegExp(String.raw`import\s+(\*\s*as\s+\w+|(?!type\s)\w+)${from}`);
  const names = new Set<string>();
  for (const file of readdirSync('src/web', { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const code = readFileSync(path.join('src/web', file), 'utf8');
    if (whole.test(code)) return null;
    for (const [, typeOnly, withDefault, list = ''] of code.matchAll(named)) {
      if (withDefault) return null;
      if (typeOnly) continue;
      for (const item of list.split(',')) {
        const name = item.trim().split(/\s+/)[0];
        if (name && name !== 'type') names.add(name);
      }
    }
  }
  return names;
}

/**
 * The names each ES module gives, read at build time so that no list here goes stale: of React,
 * those the code imports (the others would stay in the bundle), or all where a file takes the
 * whole module; of the JSX runtime, all three, since the compiler writes its imports. A name
 * React does not export is left out, and the build then fails on it with "not exported", as an
 * import of a missing name should.
 */
const esmNames = (source: string): string[] => {
  const exported = exportsOf(source);
  if (source !== 'react') return exported;
  const used = importedNames(source);
  return used ? exported.filter((name) => used.has(name)) : exported;
};
const ESM_PREFIX = '\0esm:';

/**
 * React is CommonJS: each chunk that imports it calls Rolldown's interop helpers, and when chunks
 * loaded on demand call them too, Rolldown puts them in a third chunk every visit fetches. This
 * gives the browser build one ES module per React entry point, in the main chunk, so the chunks
 * loaded later import plain names from it and the helpers stay in main: two script requests.
 */
export function reactAsEsm(): Plugin {
  return {
    name: 'react-as-esm',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      if (!REACT_ENTRIES.includes(source) || importer?.startsWith(ESM_PREFIX)) return null;
      // CommonJS requires (react-dom's own) keep the module itself.
      return (options as { kind?: string }).kind === 'require-call' ? null : ESM_PREFIX + source;
    },
    load(id) {
      if (!id.startsWith(ESM_PREFIX)) return null;
      const source = id.slice(ESM_PREFIX.length);
      const names = esmNames(source).join(', ');
      return `import module from '${source}';\nexport default module;\nexport const { ${names} } = module;\n`;
    },
  };
}

/** The licence file the web build writes (build.license), beside the page. */
const LICENCES = 'third-party-licenses.md';

/** The package a bundled module of node_modules comes from: its nearest package.json with a name. */
function packageOf(
  moduleId: string,
): { dir: string; name: string; version: string; license?: string } | null {
  for (let dir = path.dirname(moduleId); dir.includes('node_modules'); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      name?: string;
      version?: string;
      license?: string;
    };
    if (data.name)
      return { dir, name: data.name, version: data.version ?? '0.0.0', license: data.license };
  }
  return null;
}

/**
 * Vite lists the licences of what the page's chunks bundle, not of what a worker bundles: pdf.js
 * and fflate are in the resume reader's worker alone. `worker` notes the worker's modules;
 * `page`, once the page's build has written its licence file, adds their packages to it, in
 * Vite's form and order (`## name - version (licence)`, then the package's licence text).
 */
export function workerLicences(): { worker: Plugin; page: Plugin } {
  const modules = new Set<string>();
  return {
    worker: {
      name: 'worker-licences',
      generateBundle(_, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk') for (const id of chunk.moduleIds) modules.add(id);
      },
    },
    page: {
      name: 'worker-licences',
      apply: 'build',
      writeBundle({ dir }) {
        const file = path.join(dir ?? '', LICENCES);
        if (modules.size === 0 || !existsSync(file)) return;
        const [head = '', ...sections] = readFileSync(file, 'utf8').split(/\n(?=## )/);
        const keyOf = (section: string) =>
          /^## (\S+) - (\S+)/.exec(section)?.slice(1).join('@') ?? '';
        const listed = new Map(sections.map((section) => [keyOf(section), section]));
        for (const id of modules) {
          if (id.startsWith('\0') || !id.includes('node_modules')) continue;
          const found = packageOf(id);
          if (!found || listed.has(`${found.name}@${found.version}`)) continue;
          const licence = readdirSync(found.dir).find((name) =>
            /^(licen[cs]e|copying)/i.test(name),
          );
          const text = licence
            ? `\n${readFileSync(path.join(found.dir, licence), 'utf8').trim()}\n`
            : '';
          const identifier = found.license ? ` (${found.license.trim()})` : '';
          listed.set(
            `${found.name}@${found.version}`,
            `## ${found.name} - ${found.version}${identifier}\n${text}`,
          );
        }
        const sorted = [...listed.keys()].sort().map((key) => listed.get(key));
        writeFileSync(file, [head, ...sorted].join('\n'));
      },
    },
  };
}

const licences = workerLicences();

export default defineConfig({
  root: 'src/web',
  // initialChunks: what a visit fetches, as chunk files, for `npm run size` (scripts/weight.mjs).
  plugins: [
    react(),
    lingui(LINGUI),
    stripEnglish(),
    reactAsEsm(),
    initialChunks(),
    brandDefaults(),
    licences.page,
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Browsers preload modules themselves (Chromium, Firefox 115, Safari 17); an older one only
    // fetches a chunk's imports once the chunk has arrived.
    modulePreload: { polyfill: false },
    // The licences of the packages bundled into the page, served beside it.
    license: { fileName: 'third-party-licenses.md' },
    rolldownOptions: {
      output: {
        // A language's catalogue is named for it (catalogue-es-….js), not for its file.
        chunkFileNames: ({ facadeModuleId }) => {
          const locale = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.ts$/.exec(
            facadeModuleId ?? '',
          );
          return `assets/${locale ? `catalogue-${locale[1]}` : '[name]'}-[hash].js`;
        },
        // main.tsx and everything it imports in one chunk: one request after the first paint
        // rather than five (the lazy steps import what they share from it).
        codeSplitting: {
          groups: [
            // boot.ts keeps Vite's loader helpers, or it would import them from main, and the
            // typing watch it shares with main.
            {
              name: 'boot',
              test: /[\\/]src[\\/]web[\\/]start[\\/](boot|typing-pause)\.ts$|vite[\\/]preload-helper/,
              priority: 2,
            },
            { name: 'main', test: /[\\/]src[\\/]web[\\/]start[\\/]main\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  // The resume reader's worker (src/web/autofill/reader.worker.ts) as an ES module, so that it too
  // loads pdf.js only for a PDF, as a chunk of its own.
  worker: { format: 'es', plugins: () => [licences.worker] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/candidate': api, '/sandbox': api },
  },
});
