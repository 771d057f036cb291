// The built server (dist/server, as `npm run build` makes it) reads the OpenTelemetry SDK only
// when an OTLP endpoint is set: no chunk that start-up loads holds it; one that app.ts imports
// on demand does. No browser: the chunks' import statements are read from disk.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/server');
/** A name only the OTLP exporter's code holds. */
const SDK_MARK = 'OTLPTraceExporter';

const source = (file: string) => readFileSync(path.join(SERVER, file), 'utf8');

/** The chunks `file` imports: statically (`from"./x.js"`, `import"./x.js"`) or on demand. */
function importsOf(file: string) {
  const code = source(file);
  const named = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1] as string);
  return {
    static: named(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g),
    onDemand: named(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g),
  };
}

/** `entry` and every chunk it imports statically, transitively. */
function loadedWith(entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const next of importsOf(file).static) visit(next);
  };
  visit(entry);
  return loaded;
}

test('start-up loads no OpenTelemetry code; app.ts loads it on demand', () => {
  // main.js (boot.ts) imports the server's code on demand itself, once its switches are on.
  const [server] = importsOf('main.js').onDemand;
  expect(server).toMatch(/^main-.+\.js$/);
  const atStart = loadedWith(server as string);
  for (const file of atStart) expect(source(file), file).not.toContain(SDK_MARK);

  const withSdk = readdirSync(SERVER).filter(
    (file) => file.endsWith('.js') && source(file).includes(SDK_MARK),
  );
  expect(withSdk).toHaveLength(1);
  expect(withSdk[0]).toMatch(/^otel-.+\.js$/);
  expect([...atStart].some((file) => importsOf(file).onDemand.includes(withSdk[0] as string))).toBe(
    true,
  );
});
