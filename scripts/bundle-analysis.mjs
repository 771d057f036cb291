// node scripts/bundle-analysis.mjs [--modules N] [--all]: which source files and packages make
// up the scripts a visit fetches without interaction (scripts/weight.mjs, `load`; with --all,
// the first input's too). Builds the web app once more with source maps into a
// temporary directory (dist/ is left alone), gives every byte of each minified chunk to the
// source its map names, and splits the chunk's gzip size between the sources in proportion to
// their minified bytes ("gzip share"). "gzip alone" compresses one source's bytes by
// themselves: an upper bound on what dropping it saves.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { fetched, gzipSize } from './weight.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const topModules = Number(process.argv[process.argv.indexOf('--modules') + 1]) || 25;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The source-map "mappings" string as lines of [column, source index | -1] segments. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      // Fields [2] and [3] (original line and column) are not needed, only the source.
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** node_modules/<package> (scoped too), or our own file relative to the repository. */
function ownerOf(source) {
  const file = path.resolve(source);
  const nm = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (nm >= 0) {
    const parts = file.slice(nm + 14).split(path.sep);
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(ROOT, file);
}

const outDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-analysis-'));
try {
  await build({
    root: path.join(ROOT, 'src/web'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(outDir, 'web'), emptyOutDir: true, sourcemap: 'hidden' },
  });
  const { load, firstInput } = await fetched(path.join(outDir, 'web'));
  const initial = [
    ...load.map((file) => ({ file, when: 'load' })),
    ...(process.argv.includes('--all')
      ? firstInput.map((file) => ({ file, when: 'first-input' }))
      : []),
  ];

  const bySource = new Map();
  const chunkRows = [];
  let total = 0;
  for (const { file, when } of initial) {
    const code = await readFile(path.join(outDir, 'web', file), 'utf8');
    // The bundler's runtime chunk has no map: all of it counts as glue.
    const map = JSON.parse(
      await readFile(path.join(outDir, 'web', `${file}.map`), 'utf8').catch(
        () => '{"sources":[],"mappings":""}',
      ),
    );
    const chunkGzip = gzipSize(code);
    total += chunkGzip;
    chunkRows.push({ chunk: path.basename(file), when, raw: code.length, gzip: chunkGzip });
    const pieces = new Map();
    const GLUE = '(no source: the bundler’s glue)';
    const add = (name, text) => {
      if (!pieces.has(name)) pieces.set(name, []);
      pieces.get(name).push(text);
    };
    const codeLines = code.split('\n');
    decodeMappings(map.mappings).forEach((segments, lineIndex) => {
      const line = codeLines[lineIndex] ?? '';
      let covered = 0;
      segments.forEach(([column, sourceIndex], i) => {
        const end = segments[i + 1]?.[0] ?? line.length;
        if (covered < column) add(GLUE, line.slice(covered, column));
        const dirOfChunk = path.join(outDir, 'web', path.dirname(file));
        add(
          sourceIndex >= 0 ? path.resolve(dirOfChunk, map.sources[sourceIndex]) : GLUE,
          line.slice(column, end),
        );
        covered = end;
      });
      if (covered < line.length) add(GLUE, line.slice(covered));
    });
    for (const [source, parts] of pieces) {
      const text = parts.join('');
      const entry = bySource.get(source) ?? {
        source,
        chunks: new Set(),
        raw: 0,
        share: 0,
        text: '',
      };
      entry.chunks.add(path.basename(file).replace(/-[\w-]{8}\.js$/, ''));
      entry.raw += text.length;
      entry.share += (chunkGzip * text.length) / code.length;
      entry.text += text;
      bySource.set(source, entry);
    }
  }

  const kb = (n) => (n / 1024).toFixed(1);
  const byOwner = new Map();
  for (const entry of bySource.values()) {
    const owner = entry.source.startsWith('(') ? entry.source : ownerOf(entry.source);
    const group = owner.startsWith('src/')
      ? `ours: ${owner.split('/').slice(0, 2).join('/')}`
      : owner;
    const row = byOwner.get(group) ?? { group, modules: 0, raw: 0, share: 0, text: '' };
    row.modules++;
    row.raw += entry.raw;
    row.share += entry.share;
    row.text += entry.text;
    byOwner.set(group, row);
  }

  console.log(`\nScripts (scripts/weight.mjs), gzip -9 each:`);
  console.table(chunkRows.map((r) => ({ ...r, raw: `${kb(r.raw)} KB`, gzip: `${kb(r.gzip)} KB` })));
  console.log(`\nBy package (our own code by folder): ${kb(total)} KB gzip in all`);
  console.table(
    [...byOwner.values()]
      .sort((a, b) => b.share - a.share)
      .map((r) => ({
        package: r.group,
        modules: r.modules,
        'minified KB': kb(r.raw),
        'gzip share KB': kb(r.share),
        '% of gzip': `${((100 * r.share) / total).toFixed(1)}%`,
        'gzip alone KB': kb(gzipSize(r.text)),
      })),
  );
  console.log(`\nThe ${topModules} largest modules:`);
  console.table(
    [...bySource.values()]
      .sort((a, b) => b.share - a.share)
      .slice(0, topModules)
      .map((r) => ({
        module: r.source.startsWith('(')
          ? r.source
          : path.relative(ROOT, r.source).replace(/^(\.\.\/)+[^/]+\/(?=node_modules\/)/, ''),
        chunk: [...r.chunks].join(' '),
        'minified KB': kb(r.raw),
        'gzip share KB': kb(r.share),
      })),
  );
} finally {
  await rm(outDir, { recursive: true, force: true });
}
