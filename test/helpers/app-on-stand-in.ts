// The app on a provider stand-in, for a test file's top level: the wiring the register suites
// share (one stand-in, one app pointed at it with a known credential, both closed at the end).
import { afterAll, beforeEach } from 'vitest';
import { type StartedApp, startApp } from './app.ts';
import { type Handler, type StandIn, startStandIn } from './provider-stand-in.mjs';

/** The credential the app sends the stand-in. */
export const STAND_IN_USER = 'acme-user';
export const STAND_IN_KEY = 'k3y-Secret-123';

/**
 * Starts a stand-in answering with `handler` (its default if none) and the app on it, with `env`
 * added; call it with top-level await. Before each test the stand-in forgets its requests and
 * answers with `handler` again; after the file's tests both close.
 */
export async function startAppOnStandIn(
  env: Record<string, string> = {},
  handler?: Handler,
): Promise<{ standIn: StandIn; started: StartedApp }> {
  const standIn = await startStandIn(handler);
  const started = await startApp({
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: STAND_IN_USER,
    PROVIDER_API_KEY: STAND_IN_KEY,
    ...env,
  });
  beforeEach(() => {
    standIn.reset();
  });
  afterAll(async () => {
    await started.close();
    await standIn.close();
  });
  return { standIn, started };
}
