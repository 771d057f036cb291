// /metrics on a listener of its own: never on the app's port, loopback unless told otherwise,
// and a port already taken costs the metrics, never the candidates. With what it serves: the
// answer times of every route by status.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate, register } from '../helpers/candidate.ts';
import { type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';

let standIn: StandIn;
let app: StartedApp;

beforeAll(async () => {
  standIn = await startStandIn();
  app = await startApp({
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: 'u',
    PROVIDER_API_KEY: 'k',
  });
});

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

describe('the metrics listener', () => {
  it('listens on loopback by default, on a port of its own', () => {
    const address = app.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    expect(address?.port).not.toBe(Number(new URL(app.base).port));
  });

  it('serves Prometheus’ text format at /metrics, uncached; HEAD answers without a body', async () => {
    const answer = await fetch(app.metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toContain('# TYPE http_request_duration_seconds histogram');
    const head = await fetch(app.metricsUrl, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it('answers 404 to anything else, and the app’s own port has no /metrics at all', async () => {
    const origin = new URL(app.metricsUrl).origin;
    for (const [url, method] of [
      [`${origin}/`, 'GET'],
      [`${origin}/metrics/x`, 'GET'],
      [`${origin}/metrics`, 'POST'],
      [`${app.base}/metrics`, 'GET'],
    ] as const) {
      const answer = await fetch(url, { method });
      const body = await answer.text();
      expect({ url, method, status: answer.status, metrics: body.includes('# HELP') }).toEqual({
        url,
        method,
        status: 404,
        metrics: false,
      });
    }
  });

  it('times every answer by method, route pattern and status', async () => {
    expect((await register(app.base, candidate())).status).toBe(201);
    expect((await register(app.base, candidate({ zip_code: '1' }))).status).toBe(400);
    await (await fetch(`${app.base}/api/no-such-route?secret=1`, { method: 'DELETE' })).text();
    const text = await (await fetch(app.metricsUrl)).text();
    const count = (labels: string) =>
      Number(
        new RegExp(`^http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(
          text,
        )?.[1],
      );
    expect(count('method="POST",route="/api/register",status="201"')).toBe(1);
    expect(count('method="POST",route="/api/register",status="400"')).toBe(1);
    expect(count('method="DELETE",route="unmatched",status="404"')).toBe(1);
    // Buckets from 5 ms to the 120 s a slow phone's upload may take; never a raw URL.
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="120",method="POST",route="/api/register",status="201"} 1',
    );
    expect(text).not.toContain('no-such-route');
  });
});

describe('a metrics port that cannot be had', () => {
  let squatter: Server;
  let other: StartedApp | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await new Promise((resolve) => squatter?.close(resolve));
  });

  it('costs the metrics, not the candidates: the app serves, and says why in one error line', async () => {
    squatter = createServer((_request, response) => response.end('someone else'));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as AddressInfo).port;
    other = await startApp({ METRICS_PORT: String(taken) });
    expect(other.app.metricsAddress()).toBeNull();
    expect((await fetch(`${other.base}/healthz`)).status).toBe(200);
    const errors = other
      .logs()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string } })
      .filter((line) => line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: `metrics are not served: 127.0.0.1:${taken} cannot be listened on (set METRICS_PORT and METRICS_HOST)`,
        err: expect.objectContaining({ code: 'EADDRINUSE' }),
      }),
    ]);
  });

  it('costs the metrics only on an address this machine does not have, or no address at all', async () => {
    squatter = createServer();
    // TEST-NET-1 is never this machine's; the empty name and NUL are no host at all.
    for (const host of ['192.0.2.1', '\u0000', 'a'.repeat(300)]) {
      other = await startApp({ METRICS_PORT: '0', METRICS_HOST: host });
      expect(other.app.metricsAddress()).toBeNull();
      expect((await fetch(`${other.base}/healthz`)).status).toBe(200);
      expect(other.logs()).toContain('"msg":"metrics are not served: ');
      await other.close();
      other = undefined;
    }
  });

  it('is no listener at all with METRICS_PORT=off', async () => {
    squatter = createServer();
    other = await startApp({ METRICS_PORT: 'off' });
    expect(other.app.metricsAddress()).toBeNull();
    expect(other.logs()).not.toContain('metrics');
  });
});
