import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const api = `http://127.0.0.1:${apiPort}`;

/**
 * Writes dist/initial-chunks.json: the scripts every visit loads (boot.ts, then main.tsx with
 * its imports after the first paint), so that `npm run size` weighs them all.
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
      const roots = [
        chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/web/boot.ts'))),
        chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/web/main.tsx'))),
      ];
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const root of roots) {
        if (!root) throw new Error('initial-chunks: no boot or main chunk in the bundle');
        visit(root.fileName);
      }
      writeFileSync(
        path.resolve(options.dir, '../initial-chunks.json'),
        `${JSON.stringify([...files], null, 2)}\n`,
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
