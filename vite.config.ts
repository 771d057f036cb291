import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialChunks } from './scripts/weight.mjs';

const apiPort = process.env.PORT ?? '3000';
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: 'src/web',
  // initialChunks: what a visit fetches, as chunk files, for `npm run size` (scripts/weight.mjs).
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
