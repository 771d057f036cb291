// The production build carries the licence of every package it bundles (vite `build.license`),
// and each is one a job board may run and ship without conditions beyond keeping the notices.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const PERMISSIVE = new Set([
  'MIT',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BlueOak-1.0.0',
  '0BSD',
]);

/** `## name - version (licence)` headings of a Vite licence file, as [name, licence]. */
function bundled(file: string): [string, string][] {
  const text = readFileSync(path.join(DIST, file), 'utf8');
  return [...text.matchAll(/^## (\S+) - \S+ \((.+)\)$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']);
}

for (const [file, expected] of [
  // pdf.js and fflate are in the resume reader's worker alone (vite.config.ts, workerLicences).
  [
    'web/third-party-licenses.md',
    ['react', 'react-dom', 'react-hook-form', 'zod', 'pdfjs-dist', 'fflate'],
  ],
  ['server/third-party-licenses.md', ['fastify', 'pino', 'zod', 'helmet']],
] as const) {
  test(`${file} lists the bundled packages, each under a permissive licence`, () => {
    const packages = bundled(file);
    expect(packages.map(([name]) => name)).toEqual(expect.arrayContaining([...expected]));
    expect(packages.filter(([, licence]) => !PERMISSIVE.has(licence))).toEqual([]);
  });
}
