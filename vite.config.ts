import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const api = `http://127.0.0.1:${apiPort}`;

/**
 * The modules a visit fetches, each with the chunks it imports. `load`: without any interaction,
 * the chain up to a working form (boot.ts, then main.tsx once the first paint is reported);
 * `npm run size` holds it to its budget. `first-input`: what the app fetches once the candidate
 * first does something (lazy-steps.ts), weighed for information. A pattern that matches no chunk
 * fails the build; a script the page fetches unlisted fails e2e/weight.spec.ts.
 */
const FETCHED = {
  load: [/\/src\/web\/boot\.ts$/, /\/src\/web\/main\.tsx$/],
  'first-input': [/\/src\/web\/resume\/ResumeStep\.tsx$/, /\/src\/web\/CheckAnswers\.tsx$/],
} as const;
type Phase = keyof typeof FETCHED;

/**
 * Writes dist/initial-chunks.json: `[{ file, when: 'load' | 'first-input' }]`, from FETCHED.
 */
function initialChunks(): Plugin {
  let ssr = false;
  return {
    name: 'initial-chunks',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const when = new Map<string, Phase>();
      const visit = (fileName: string, phase: Phase) => {
        const chunk = bundle[fileName];
        if (when.has(fileName) || chunk?.type !== 'chunk') return;
        when.set(fileName, phase);
        for (const imported of chunk.imports) visit(imported, phase);
      };
      for (const phase of ['load', 'first-input'] as const) {
        for (const pattern of FETCHED[phase]) {
          const root = chunks.find((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
          if (!root) throw new Error(`initial-chunks: no chunk holds a module matching ${pattern}`);
          visit(root.fileName, phase);
        }
      }
      const files = [...when].map(([file, phase]) => ({ file, when: phase }));
      writeFileSync(
        path.resolve(options.dir, '../initial-chunks.json'),
        `${JSON.stringify(files, null, 2)}\n`,
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), initialChunks()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The licences of the packages bundled into the page, served beside it.
    license: { fileName: 'third-party-licenses.md' },
    rolldownOptions: {
      output: {
        // main.tsx and everything it imports in one chunk: one request after the first paint
        // rather than five (the lazy steps import what they share from it).
        codeSplitting: {
          groups: [
            // boot.ts keeps Vite's loader helpers, or it would import them from main.
            {
              name: 'boot',
              test: /[\\/]src[\\/]web[\\/]boot\.ts$|vite[\\/]preload-helper|modulepreload-polyfill/,
              priority: 2,
            },
            { name: 'main', test: /[\\/]src[\\/]web[\\/]main\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/candidate': api, '/sandbox': api },
  },
});
