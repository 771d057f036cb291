// Playwright fixtures of the browser suite.
//
// Each worker starts the shared provider stand-in (test/helpers/provider-stand-in.mjs) and the
// BUILT server (e2e/built-server.ts, so run `npm run build` first) pointed at it. Every test gets
// a reset stand-in, the server as its baseURL, and fails on any uncaught page error or console
// error other than Chrome's own line for a 4xx/5xx answer and those the test expects.
import { test as base, expect } from '@playwright/test';
import { SERVER_FIXTURES, type ServerFixtures } from './built-server.ts';
import { uniqueEmail } from './form.ts';

interface TestFixtures {
  /** Resets the stand-in and fails the test on page errors; provides nothing. */
  guard: undefined;
  /** A unique, already normalised email for this test. */
  email: string;
  /** Console errors a test provokes on purpose (test.use), e.g. Chrome's for a lost answer. */
  expectedConsoleErrors: RegExp[];
}

/** Chrome's own console line for an HTTP error answer; expected in the error-path tests. */
const HTTP_ERROR_LINE = /^Failed to load resource: the server responded with a status of \d{3}\b/;

export const test = base.extend<TestFixtures, ServerFixtures>({
  ...SERVER_FIXTURES,

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  // The app hydrates after the first paint (src/web/start/boot.ts). Navigations wait for it, as a
  // person waits for the page to respond, so that every click reaches React.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that stops at 'commit' watches the page before it hydrates.
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated();
      return response;
    };
    await use(page);
  },

  expectedConsoleErrors: [[], { option: true }],

  guard: [
    async ({ page, standIn, baseURL, expectedConsoleErrors }, use) => {
      expect(baseURL).toBeTruthy();
      standIn.reset();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        const expected = [HTTP_ERROR_LINE, ...expectedConsoleErrors];
        if (message.type() === 'error' && !expected.some((line) => line.test(message.text()))) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use(undefined);
      expect(problems, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
  email: async ({}, use, testInfo) => {
    await use(uniqueEmail(testInfo.workerIndex));
  },
});
