import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Integration suites each start servers on 127.0.0.1:0; two cores run two files at once.
    maxWorkers: 2,
  },
});
