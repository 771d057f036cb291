// The server (src/server) as a few bundled ES modules in dist/server: one file to read and
// compile at start-up instead of ~700 (BENCHMARKS.md, issue 11). Dependencies are bundled
// too, except those loaded only when configured (Redis, S3), which stay in node_modules.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = 'dist/server';

interface SourceMapJson {
  version: number;
  file?: string;
  sources: string[];
  names: string[];
  mappings: string;
}

/**
 * A chunk's map reduced to the sources under `ourDir` (the map's own sources are relative to
 * `mapDir`), or null when the chunk holds none of them. Every run of other code becomes one
 * unmapped segment: Node maps a frame to the nearest segment before it, so without that marker
 * a frame inside Fastify would be reported as the line of ours that precedes it in the chunk.
 */
export function ownSourceMap(
  map: SourceMapJson,
  { mapDir, ourDir }: { mapDir: string; ourDir: string },
): SourceMapJson | null {
  const inside = `${path.resolve(ourDir)}${path.sep}`;
  const ours = map.sources.map((source) => path.resolve(mapDir, source).startsWith(inside));
  const sources: string[] = [];
  const sourceIndex = new Map<number, number>();
  const names: string[] = [];
  const nameIndex = new Map<number, number>();
  const index = (table: Map<number, number>, list: string[], from: string[], at: number) => {
    let to = table.get(at);
    if (to === undefined) {
      to = list.push(from[at] as string) - 1;
      table.set(at, to);
    }
    return to;
  };
  let inOurs = false;
  let last: SourceMapSegment | undefined;
  const lines = decode(map.mappings).map((line) =>
    line.flatMap((segment): SourceMapSegment[] => {
      if (segment.length === 1 || !ours[segment[1]]) {
        if (!inOurs) return [];
        inOurs = false;
        last = [segment[0]];
        return [last];
      }
      inOurs = true;
      const [column, source, sourceLine, sourceColumn] = segment;
      last =
        segment.length === 5
          ? [
              column,
              index(sourceIndex, sources, map.sources, source),
              sourceLine,
              sourceColumn,
              index(nameIndex, names, map.names, segment[4]),
            ]
          : [column, index(sourceIndex, sources, map.sources, source), sourceLine, sourceColumn];
      return [last];
    }),
  );
  if (sources.length === 0) return null;
  // Node reads a last segment of one field as the start of a mapped one unless a separator
  // follows it.
  const mappings = encode(lines) + (last?.length === 1 ? ';' : '');
  return { version: 3, file: map.file, sources, names, mappings };
}

/**
 * Source maps of our own code only, without the sources' text. With every dependency's
 * mappings Node parsed 3.9 MB of maps at start and decoded ~200,000 mappings at the first stack
 * it mapped: ~18 MB more heap from the start, ~20 MB more after (BENCHMARKS.md, "Readable
 * stacks"). Frames inside dependencies keep their function names (the minifier keeps names)
 * and the chunk's position. A chunk with nothing of ours gets no map.
 */
function ownSourceMaps(): Plugin {
  return {
    name: 'own-source-maps',
    generateBundle(options, bundle) {
      const where = { mapDir: path.resolve(options.dir ?? OUT_DIR), ourDir: path.resolve('src') };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.sourcemapFileName) continue;
        const asset = bundle[chunk.sourcemapFileName];
        if (asset?.type !== 'asset') throw new Error(`No source map ${chunk.sourcemapFileName}`);
        const text =
          typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        const map = ownSourceMap(JSON.parse(text), where);
        if (map) {
          asset.source = JSON.stringify(map);
        } else {
          delete bundle[chunk.sourcemapFileName];
          chunk.code = chunk.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
        }
      }
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [ownSourceMaps()],
  build: {
    ssr: true,
    outDir: OUT_DIR,
    emptyOutDir: true,
    // The oldest Node package.json's `engines` accepts (>=22.19).
    target: 'node22',
    minify: false,
    // Node maps stack traces through them (src/server/boot.ts).
    sourcemap: true,
    // The licences of the packages bundled into the server, shipped with it.
    license: { fileName: 'third-party-licenses.md' },
    rolldownOptions: {
      // Operators run `node dist/server/main.js`: boot.ts, which loads main.ts; and
      // `npm run outbox` runs dist/server/outbox-cli.js (src/server/outbox/cli.ts). (The benchmarks
      // that build the app themselves add entries to their own build: bench/server-bundle.mjs.)
      input: { main: 'src/server/boot.ts', 'outbox-cli': 'src/server/outbox/cli.ts' },
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
    external: [
      'ioredis',
      'bullmq',
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-storage',
      ...builtinModules,
    ],
  },
});
