import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { LINGUI } from './vite.config.ts';

/**
 * Node 25 and later define a global localStorage that is undefined without --localstorage-file,
 * and the happy-dom environment leaves an existing global alone (vitest-dev/vitest#8757): the
 * wizard's tests would see no storage. Switched off where Node knows the flag (22 and later).
 */
const NO_NODE_WEBSTORAGE = '--no-experimental-webstorage';

export default defineConfig({
  plugins: [lingui(LINGUI)],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/english.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Integration suites each start servers on 127.0.0.1:0; two cores run two files at once.
    maxWorkers: 2,
    execArgv: process.allowedNodeEnvironmentFlags.has(NO_NODE_WEBSTORAGE)
      ? [NO_NODE_WEBSTORAGE]
      : [],
  },
});
