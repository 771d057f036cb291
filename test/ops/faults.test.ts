// Provider faults: a connection reset mid-response and an answer past the timeout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { logLines, type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';

let app: StartedApp | null = null;
let provider: Server | null = null;
afterEach(async () => {
  await app?.close();
  provider?.closeAllConnections();
  await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(null)));
  provider = null;
});

async function startProvider(handler: Parameters<typeof createServer>[1], timeoutMs = '1000') {
  provider = createServer(handler);
  await new Promise<void>((resolve) => provider?.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  app = await startApp({
    PROVIDER_API_BASE: `http://127.0.0.1:${port}`,
    PROVIDER_API_USER: 'u',
    PROVIDER_API_KEY: 'k',
    PROVIDER_TIMEOUT_MS: timeoutMs,
  });
  return app;
}

describe('provider faults', () => {
  it('answers 502 "Registration failed" when the provider resets the connection mid-response', async () => {
    const { base } = await startProvider((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"id":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    expect(await register(base, candidate())).toMatchObject({
      status: 502,
      body: { ok: false, status: null, message: 'Registration failed' },
    });
  });

  it('answers 504 "Registration failed" when the provider answers after the timeout', async () => {
    const started = await startProvider((_request, response) => {
      setTimeout(() => response.writeHead(201).end('{}'), 1_500).unref();
    }, '300');
    // A 504, not the provider's late 201: the server stopped waiting at its timeout.
    expect(await register(started.base, candidate())).toMatchObject({
      status: 504,
      body: { ok: false, status: null, message: 'Registration failed' },
    });
    expect(
      logLines(started).find((line) => line.url === '/api/register' && line.msg === 'request'),
    ).toMatchObject({ status: 504, outcome: 'timeout' });
  });

  it('answers 504 when the provider sends headers but stalls the body past the timeout', async () => {
    const { base } = await startProvider((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.write('{"id":');
    }, '300');
    expect(await register(base, candidate())).toMatchObject({
      status: 504,
      body: { status: null },
    });
  });
});
