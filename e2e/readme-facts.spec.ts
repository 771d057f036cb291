// The figures the README and BENCHMARKS.md state about the built app, held to `npm run build`'s
// output (the figures they state about the source: test/readme-facts.test.ts). No browser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { gzipSize } from '../scripts/weight.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('the README gives embed.js’s size as built, gzip, to a tenth of a KB', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const stated = /`embed\.js` \((\d+\.\d) KB gzip\)/.exec(readme)?.[1];
  expect(stated, 'README.md states embed.js’s size').toBeDefined();
  const bytes = gzipSize(readFileSync(path.join(ROOT, 'dist/web/embed.js')));
  expect(stated).toBe((bytes / 1000).toFixed(1));
});

test('BENCHMARKS.md’s current figures give embed.js’s size as built, gzip and raw', () => {
  const benchmarks = readFileSync(path.join(ROOT, 'BENCHMARKS.md'), 'utf8');
  const stated = /\| `embed\.js` \| ([\d,]+) B \(([\d,]+) B raw\)/.exec(benchmarks);
  expect(stated, 'BENCHMARKS.md states embed.js’s size').not.toBeNull();
  const built = readFileSync(path.join(ROOT, 'dist/web/embed.js'));
  const [, gzip, raw] = stated as RegExpExecArray;
  expect(gzip).toBe(gzipSize(built).toLocaleString('en-US'));
  expect(raw).toBe(built.length.toLocaleString('en-US'));
});
