// Weight: `npm run size` weighs the scripts the build lists in dist/initial-chunks.json
// (vite.config.ts, LOADED_WITHOUT_INTERACTION). This checks that list against what a phone-sized
// Chromium actually fetches when nobody touches the page, so the budget cannot miss a script.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Longer than useHydration's idle prefetch may wait (requestIdleCallback's 3 s timeout).
const UNTOUCHED_MS = 5_000;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('npm run size counts every script the page fetches without interaction, and only those', async ({
  page,
}) => {
  const chunks: { file: string; when: string }[] = JSON.parse(
    await readFile(path.join(ROOT, 'dist/initial-chunks.json'), 'utf8'),
  );
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) fetched.add(pathname.slice(1));
  });

  await page.goto('/');
  await page.waitForTimeout(UNTOUCHED_MS);

  const counted = chunks.map((chunk) => chunk.file).sort();
  const loaded = [...fetched].sort();
  expect(
    loaded.filter((file) => !counted.includes(file)),
    'scripts fetched that npm run size does not count',
  ).toEqual([]);
  expect(
    counted.filter((file) => !loaded.includes(file)),
    'scripts npm run size counts that were not fetched',
  ).toEqual([]);
});
