// The worker fixtures of the form-token specs (e2e/form-token.spec.ts, its cross-browser twin): the
// built server at the real least fill time, BOT_MIN_FILL_MS=1500, on the suite's provider stand-in,
// and a board's page of another origin that its EMBED_ORIGINS lists.
import type { Fixtures } from '@playwright/test';
import { type ServerFixtures, startBuiltServer } from './built-server.ts';
import { type Host, startHost } from './host-page.ts';

export const TOKEN_SERVER_FIXTURES: Fixtures<
  Record<never, never>,
  { host: Host },
  Record<never, never>,
  ServerFixtures
> = {
  host: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
    async ({}, use) => {
      const host = await startHost();
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ standIn, host }, use) => {
      const { server, stop } = await startBuiltServer(standIn.url, {
        BOT_MIN_FILL_MS: '1500',
        EMBED_ORIGINS: host.origin,
      });
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
};
