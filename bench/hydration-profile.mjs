// Where our page load's CPU goes (issue 21): a V8 CPU profile of the load at 4x CPU (CDP
// Profiler, a sample every 100 µs, counted from the first contentful paint until the page has
// hydrated and settled, bench/hydration.mjs), each sample's stack mapped back to the sources through source
// maps and split by what runs. The maps come from a second build of the web app with
// `build.sourcemap: 'hidden'` through the Vite JS API (vite.config.ts unchanged): hidden maps
// leave every chunk byte for byte as the production build's, which is checked, so the page
// profiled is the production page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { median, ROOT, removeTempDir, round, tempDir } from './lib.mjs';

const SAMPLING_INTERVAL_US = 100;
const MARK = '__benchFirstPaint';

/**
 * Installed before any script of the page: at the first contentful paint, 20 ms (not counted)
 * in a function named MARK, which the profile's sampler cannot miss even on a busy machine. The
 * split counts from there (what precedes it is the navigation and the first paint, the same for
 * the zero-JavaScript floor).
 */
const MARK_FIRST_PAINT = () => {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    (function __benchFirstPaint() {
      const end = performance.now() + 20;
      while (performance.now() < end);
    })();
  }).observe({ type: 'paint', buffered: true });
};

/** react-dom's work loop and its commit, by the names of its production build's functions. */
const REACT_COMMIT =
  /^(commitRoot\w*|commit\w*(Effect|Effects|Work)\w*|flush(Passive|Layout|Mutation|Pending|Spawned)\w*)$/;
const REACT_RENDER =
  /^(performWorkOnRoot\w*|performSyncWorkOnRoot|renderRoot\w*|workLoop\w*|performUnitOfWork|beginWork|completeWork|completeUnitOfWork|renderWithHooks\w*|\w*[Hh]ydrat\w*|reconcile\w*|update\w*Component)$/;
const NATIVE = {
  '(program)': 'native: parse, compile, style, layout, paint (outside JS)',
  '(garbage collector)': 'garbage collection',
};

/** The web app built again with hidden source maps into a temporary directory. */
async function buildWithSourceMaps() {
  const { build } = await import('vite');
  const dir = tempDir('maps');
  const outDir = path.join(dir, 'web');
  await build({
    root: path.join(ROOT, 'src/web'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  });
  return { dir, assets: path.join(outDir, 'assets') };
}

/** Source-map lookups for the chunks the page ran (served from `webRoot`), loaded once each. */
function sourceMaps(assets, webRoot) {
  const maps = new Map();
  const load = async (file) => {
    const [built, served] = await Promise.all([
      readFile(path.join(assets, file), 'utf8'),
      readFile(path.join(webRoot, 'assets', file), 'utf8'),
    ]).catch(() => [null, null]);
    if (built === null) return null;
    if (built !== served) throw new Error(`${file}: the source-mapped build differs from dist/web`);
    // The runtime chunk has no map of its own (rolldown writes it).
    const text = await readFile(path.join(assets, `${file}.map`), 'utf8').catch(() => null);
    if (text === null) return null;
    const map = JSON.parse(text);
    return {
      lines: decode(map.mappings),
      sources: map.sources.map((source) => path.relative(ROOT, path.resolve(assets, source))),
      contents: (map.sourcesContent ?? []).map((text) => text?.split('\n') ?? []),
      names: map.names,
    };
  };
  const names = new Map();
  /** The function around an original line: its declaration, looked for upwards. */
  const enclosing = (map, source, line) => {
    const key = `${source}:${line}`;
    if (!names.has(key)) {
      const text = map.contents[source];
      let name = null;
      for (let at = line; at >= 0 && at > line - 40 && !name; at--) {
        const match =
          /function\s*\*?\s*([\w$]+)\s*\(/.exec(text[at] ?? '') ??
          /(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/.exec(
            text[at] ?? '',
          );
        name = match?.[1] ?? null;
      }
      names.set(key, name);
    }
    return names.get(key);
  };
  return {
    /** { file, name } of a profile call frame, or null for a chunk without a map. */
    async frame({ url, lineNumber, columnNumber, functionName }) {
      const file = url ? path.basename(new URL(url).pathname) : '';
      if (!file.endsWith('.js')) return null;
      if (!maps.has(file)) maps.set(file, load(file));
      const map = await maps.get(file);
      const segments = map?.lines[lineNumber];
      if (!segments?.length) return null;
      let low = 0;
      let high = segments.length - 1;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (segments[middle][0] <= columnNumber) low = middle;
        else high = middle - 1;
      }
      // A function rolldown wrote (a CommonJS module's factory) starts unmapped: its body is not.
      let at = low;
      while (at < segments.length - 1 && segments[at].length < 4) at++;
      const segment = segments[at];
      if (segment.length < 4) return null;
      // An anonymous frame with no declaration above it is a module's top level.
      const name =
        enclosing(map, segment[1], segment[2]) ??
        (functionName
          ? ((segment.length === 5 ? map.names[segment[4]] : null) ?? functionName)
          : '(top level or anonymous)');
      return { file: map.sources[segment[1]], name };
    },
  };
}

/** src/… as is, a package as its name, anything else by its file. */
function owner(file) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1] : file;
}

/**
 * What a sample was doing, from its stack (leaf first): the first rule that holds.
 * - the later-steps prefetch: steps/lazy.ts anywhere on the stack;
 * - the configuration: api.ts or api-parsers.ts on the stack (the server inlines /api/config
 *   into the page, so this is reading and parsing that block; a fetch when it is missing);
 * - module evaluation: the main chunk's top level at the bottom of the stack (its imports'
 *   evaluation and hydrateRoot's synchronous set-up included; compiling shows as native);
 * - React's commit and effects, or its render (hydration), by the nearest react-dom function of
 *   either phase; within it, the nearest of our files on the stack (the component or hook that
 *   runs, with what it calls), else React itself;
 * - anything else by the package or file nearest the leaf.
 */
function categorise(stack) {
  const leaf = stack[0];
  if (NATIVE[leaf.raw]) return NATIVE[leaf.raw];
  const files = stack.map((frame) => frame.file ?? '');
  if (files.includes('src/web/steps/lazy.ts')) return 'later-steps prefetch (steps/lazy.ts)';
  if (files.some((file) => /^src\/web\/api(-parsers)?\.ts$/.test(file)))
    return 'configuration (api.ts, api-parsers.ts)';
  const bottom = stack.findLast((frame) => frame.url);
  if (bottom?.topLevel && /\/main-[^/]*\.js$/.test(bottom.url))
    return 'module evaluation (main chunk)';
  for (const [at, frame] of stack.entries()) {
    if (!frame.file?.includes('node_modules/react-dom/')) continue;
    const phase = REACT_COMMIT.test(frame.name)
      ? 'effects and commit'
      : REACT_RENDER.test(frame.name)
        ? 'render'
        : null;
    if (!phase) continue;
    const ours = stack.slice(0, at).find((inner) => inner.file?.startsWith('src/'));
    return `${phase}: ${ours ? ours.file.replace('src/web/', '') : 'React itself'}`;
  }
  // A browser function (appendChild, querySelector) counts for the code that called it.
  const caller = stack.find((frame) => frame.file);
  return `other: ${caller ? owner(caller.file) : leaf.raw || '(anonymous)'}`;
}

/** Milliseconds of self time per category, per owner (package or file) and per function. */
async function split(profile, maps) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map();
  const stackOf = async (id) => {
    if (stacks.has(id)) return stacks.get(id);
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at);
      if (callFrame.functionName === '(root)') break;
      const mapped = callFrame.url ? await maps.frame(callFrame) : null;
      stack.push({
        raw: callFrame.functionName,
        url: callFrame.url,
        topLevel: callFrame.functionName === '' && callFrame.lineNumber === 0,
        // Unmapped: rolldown's runtime chunk, the wrappers it writes around CommonJS modules.
        file:
          mapped?.file ??
          (callFrame.url ? `${path.basename(new URL(callFrame.url).pathname)} (unmapped)` : null),
        name: mapped?.name ?? callFrame.functionName,
      });
    }
    stacks.set(id, stack);
    return stack;
  };
  const totals = { categories: {}, owners: {}, functions: {}, benchMs: 0, fromFirstPaint: true };
  const add = (table, key, ms) => {
    table[key] = (table[key] ?? 0) + ms;
  };
  const samples = [];
  for (const id of profile.samples) samples.push(await stackOf(id));
  // Should the mark be missing (a sampler thread starved of CPU missed a 2 ms mark in runs of
  // the whole bench under heavy load), the count starts with the task that evaluates the main chunk: the busy samples
  // right before its first frame (compiling it) and on. The result says which runs.
  let first = samples.findIndex((stack) => stack.some((frame) => frame.raw === MARK));
  totals.fromFirstPaint = first >= 0;
  if (first < 0) {
    first = samples.findIndex((stack) =>
      stack.some((frame) => /\/main-[^/]*\.js$/.test(frame.url)),
    );
    while (first > 0 && samples[first - 1][0]?.raw !== '(idle)') first--;
  }
  for (let i = Math.max(first, 0); i < samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack = samples[i];
    if (stack.length === 0 || stack[0].raw === '(idle)' || stack.some((f) => f.raw === MARK))
      continue;
    const leaf = stack[0];
    // Scripts without an address are the bench's own (its observers, Playwright's evaluate).
    if (!NATIVE[leaf.raw] && !stack.at(-1).url) {
      totals.benchMs += ms;
      continue;
    }
    add(totals.categories, categorise(stack), ms);
    add(totals.owners, NATIVE[leaf.raw] ?? (leaf.file ? owner(leaf.file) : '(anonymous)'), ms);
    if (leaf.file) add(totals.functions, `${owner(leaf.file)}: ${leaf.name || '(anonymous)'}`, ms);
  }
  return totals;
}

/** Per key, the median over the runs (0 where a run has none), largest first. */
function medianTable(runs, key, limit = Infinity) {
  const keys = new Set(runs.flatMap((run) => Object.keys(run[key])));
  return Object.fromEntries(
    [...keys]
      .map((name) => [name, round(median(runs.map((run) => run[key][name] ?? 0)))])
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit),
  );
}

function printable({ categories, owners, busyMs, benchScriptsMs, runsFromMainChunk }) {
  const share = (ms) => `${Math.round((ms / busyMs) * 100)} %`;
  // Rows under 0.5 % of the busy time are summed into one.
  const shown = (table) => {
    const rows = Object.entries(table).filter(([, ms]) => ms >= busyMs / 200);
    const rest = Object.values(table).reduce((sum, ms) => sum + ms, 0);
    const left = rest - rows.reduce((sum, [, ms]) => sum + ms, 0);
    return left > 0 ? [...rows, ['the rest (each under 0.5 %)', round(left)]] : rows;
  };
  const sections = [
    ['what runs (self ms, 4x CPU, median of the runs)', shown(categories)],
    ['where (the package or source file at the leaf)', shown(owners)],
  ];
  const width = Math.max(
    ...sections
      .flatMap(([title, rows]) => [title, ...rows.map(([n]) => n)])
      .map((text) => text.length),
  );
  const lines = sections.flatMap(([title, rows]) => [
    `${title.padEnd(width)}  self ms   share`,
    ...rows.map(
      ([name, ms]) => `${name.padEnd(width)}  ${String(ms).padStart(7)}  ${share(ms).padStart(6)}`,
    ),
    '',
  ]);
  return [
    ...lines,
    `busy from the first paint until settled: ${busyMs} ms (the bench's own scripts, not counted: ${benchScriptsMs} ms)`,
    ...(runsFromMainChunk
      ? [`${runsFromMainChunk} run(s) without the first-paint mark: counted from the main chunk`]
      : []),
  ].join('\n');
}

/**
 * `runs` profiled loads of `url`, from the first paint until the page settled; `openPage` (with
 * init scripts) and `settled` are bench/hydration.mjs's, the page the long tasks are measured on.
 */
export async function profileHydration({ url, runs, webRoot, openPage, settled }) {
  const built = await buildWithSourceMaps();
  try {
    const maps = sourceMaps(built.assets, webRoot);
    const splits = [];
    for (let n = 0; n < runs; n++) {
      const { page, cdp, close } = await openPage([MARK_FIRST_PAINT]);
      try {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
        await cdp.send('Profiler.start');
        await page.goto(url, { waitUntil: 'load' });
        await settled(page);
        const { profile } = await cdp.send('Profiler.stop');
        const totals = await split(profile, maps);
        totals.busyMs = Object.values(totals.categories).reduce((sum, ms) => sum + ms, 0);
        splits.push(totals);
      } finally {
        await close();
      }
    }
    const result = {
      samplingIntervalUs: SAMPLING_INTERVAL_US,
      runs,
      busyMs: round(median(splits.map((totals) => totals.busyMs))),
      busyMsEach: splits.map((totals) => round(totals.busyMs)),
      runsFromMainChunk: splits.filter((totals) => !totals.fromFirstPaint).length,
      benchScriptsMs: round(median(splits.map((totals) => totals.benchMs))),
      categories: medianTable(splits, 'categories'),
      owners: medianTable(splits, 'owners', 20),
      functions: medianTable(splits, 'functions', 25),
    };
    return { ...result, table: printable(result) };
  } finally {
    removeTempDir(built.dir);
  }
}
