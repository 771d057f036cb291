import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium.mjs';

// Drives Debian's Chromium: no browser is ever downloaded.
export default defineConfig({
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
});
