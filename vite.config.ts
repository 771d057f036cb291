import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const api = `http://127.0.0.1:${apiPort}`;

/**
 * The modules a visit loads without any interaction, each with the chunks it imports: `load`
 * is the chain up to a working form (boot.ts, then main.tsx once the first paint is reported),
 * `prefetch` what the app fetches by itself once it has hydrated. A pattern that matches no
 * chunk fails the build; a script the page loads that is not listed fails e2e/weight.spec.ts.
 */
const LOADED_WITHOUT_INTERACTION = {
  load: [/\/src\/web\/boot\.ts$/, /\/src\/web\/main\.tsx$/],
  // lazy-steps.ts: prefetchLaterSteps(), called by useHydration.ts when the browser is idle.
  prefetch: [/\/src\/web\/resume\/ResumeStep\.tsx$/, /\/src\/web\/CheckAnswers\.tsx$/],
} as const;

/**
 * Writes dist/initial-chunks.json: `[{ file, when: 'load' | 'prefetch' }]`, every script a visit
 * fetches without interaction (LOADED_WITHOUT_INTERACTION), so that `npm run size` weighs them all.
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
      const when = new Map<string, keyof typeof LOADED_WITHOUT_INTERACTION>();
      const visit = (fileName: string, phase: keyof typeof LOADED_WITHOUT_INTERACTION) => {
        const chunk = bundle[fileName];
        if (when.has(fileName) || chunk?.type !== 'chunk') return;
        when.set(fileName, phase);
        for (const imported of chunk.imports) visit(imported, phase);
      };
      for (const phase of ['load', 'prefetch'] as const) {
        for (const pattern of LOADED_WITHOUT_INTERACTION[phase]) {
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
