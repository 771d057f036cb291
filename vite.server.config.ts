// The server (src/server) as a few bundled ES modules in dist/server: one file to read and
// compile at start-up instead of ~700 (BENCHMARKS.md, issue 11). Dependencies are bundled
// too, except those loaded only when configured (Redis, S3), which stay in node_modules.
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    // The licences of the packages bundled into the server, shipped with it.
    license: { fileName: 'third-party-licenses.md' },
    rolldownOptions: {
      input: {
        // Operators run `node dist/server/main.js`: boot.ts, which loads main.ts.
        main: 'src/server/boot.ts',
        // bench/serve-web-root.mjs builds the app itself.
        app: 'src/server/app.ts',
        config: 'src/server/config.ts',
        logger: 'src/server/logger.ts',
      },
      output: {
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        // Less source to hold in memory; names kept, so that stack traces in logs stay legible.
        minify: {
          compress: { keepNames: { function: true, class: true } },
          mangle: false,
          codegen: { removeWhitespace: true },
        },
      },
    },
  },
  ssr: {
    target: 'node',
    noExternal: true,
    external: ['ioredis', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', ...builtinModules],
  },
});
