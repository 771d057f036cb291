// The server as the benchmarks that build the app themselves load it (bench/serve-web-root.mjs,
// bench/error-stacks.mjs): the production build of vite.server.config.ts (same bundling,
// minification and source maps) with app.ts, config.ts and logger.ts as entries of their own,
// which dist/server does not have. Written to dist/bench-server, beside dist/server, so that
// what the bundle finds relative to itself (../web, node_modules) it finds as in production.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.join(ROOT, 'dist/bench-server');

let built;
/** Builds dist/bench-server from the sources, once per process. */
export function buildBenchServer() {
  built ??= import('vite').then(({ build }) =>
    build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.server.config.ts'),
      logLevel: 'warn',
      build: {
        outDir: DIR,
        // Added to the config's own entry (main), so the chunks are those it would make.
        rolldownOptions: {
          input: {
            app: 'src/server/app.ts',
            config: 'src/server/config.ts',
            logger: 'src/server/logger.ts',
          },
        },
      },
    }),
  );
  return built;
}

/** buildApp, loadConfig and createLogger from dist/bench-server (built by buildBenchServer). */
export async function loadBenchServer() {
  const load = (name) => import(pathToFileURL(path.join(DIR, `${name}.js`)).href);
  const [{ buildApp }, { loadConfig }, { createLogger }] = await Promise.all([
    load('app'),
    load('config'),
    load('logger'),
  ]);
  return { buildApp, loadConfig, createLogger };
}
