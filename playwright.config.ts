import { defineConfig } from '@playwright/test';
import type { Engine } from './e2e/cross-browser/browsers.ts';
import type { Options } from './e2e/cross-browser/fixtures.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium.mjs';

/**
 * The cross-browser suite (e2e/cross-browser) in one engine: Playwright runs the files but the
 * tests start their browser themselves (e2e/cross-browser/browsers.ts), one test at a time.
 */
function crossBrowser(name: string, engine: Engine, ancestorOrigins = true) {
  return {
    name,
    testDir: 'e2e/cross-browser',
    use: { engine, ancestorOrigins },
    workers: 1,
    timeout: 90_000,
    // After the Chromium suite, not beside it: its tests have 5 s expectations, and a Firefox
    // beside them shares two cores (one missed its 5 s once). A Chromium failure skips these.
    dependencies: ['chromium'],
  };
}

// Drives Debian's browsers: no browser is ever downloaded. The "chromium" project is the
// browser suite proper; the others run e2e/cross-browser in Firefox ESR (also with
// location.ancestorOrigins turned off), WebKitGTK and, as the control, Chromium again.
export default defineConfig<Options>({
  testDir: 'e2e',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'cross-browser/**',
      // Arriving on a step scrolls smoothly unless the visitor asked for reduced motion
      // (docs/form.md; both kinds are e2e/cross-browser/step-arrival.spec.ts's): these tests
      // press at machine speed, and a press sent while the page glides lands where its button
      // was, its mousedown on the button and its mouseup beside it: no click, the button only
      // focused (a step move lost this way on the board's page, under CI's load).
      use: { reducedMotion: 'reduce' },
    },
    crossBrowser('firefox', 'firefox'),
    // Firefox as it was before location.ancestorOrigins (Debian's ESR 153 has it; older
    // releases, ESR 140 by the issue, have not): only the embed.
    { ...crossBrowser('firefox-no-ancestorOrigins', 'firefox', false), testMatch: 'embed.spec.ts' },
    crossBrowser('webkit', 'webkit'),
    // The control runs last, once Firefox's worker is free: both workers take its tests then,
    // rather than one while the other stands idle.
    { ...crossBrowser('chromium-puppeteer', 'chromium'), workers: 2 },
  ],
});
