// OpenTelemetry export against a real OTLP/HTTP receiver on 127.0.0.1: the spans of a request
// and of its provider call, in the caller's trace, with the ids the logs and the provider saw;
// and a collector that is down or stuck, which must never cost a candidate anything.
import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SHUTDOWN_FLUSH_MS, tracesUrl } from '../../src/server/tracing/otel.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { type OtlpReceiver, startOtlpReceiver } from '../helpers/otlp-receiver.ts';
import { type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const SERVER = 2;
const CLIENT = 3;

let receiver: OtlpReceiver | undefined;
let standIn: StandIn | undefined;
let app: StartedApp | undefined;

afterEach(async () => {
  await app?.close();
  await standIn?.close();
  await receiver?.close();
  app = standIn = receiver = undefined;
});

async function start(otel: Record<string, string>) {
  standIn = await startStandIn();
  app = await startApp({
    PROVIDER_API_BASE: standIn.url,
    PROVIDER_API_USER: 'u',
    PROVIDER_API_KEY: 'k',
    OTEL_SERVICE_NAME: 'board-registration',
    ...otel,
  });
  return app;
}

async function registerWith(started: StartedApp, headers: Record<string, string>) {
  const response = await fetch(`${started.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(candidate()),
  });
  await response.arrayBuffer();
  return { status: response.status };
}

const logLine = (started: StartedApp, reqId: string) =>
  started
    .logs()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === 'request' && line.reqId === reqId);

describe('tracesUrl', () => {
  it.each([
    [
      { endpoint: 'http://collector:4318', tracesEndpoint: null },
      'http://collector:4318/v1/traces',
    ],
    [
      { endpoint: 'http://collector:4318/otlp', tracesEndpoint: null },
      'http://collector:4318/otlp/v1/traces',
    ],
    [
      { endpoint: 'http://collector:4318', tracesEndpoint: 'https://traces.example.com/in' },
      'https://traces.example.com/in',
    ],
    [
      { endpoint: null, tracesEndpoint: 'http://collector:4318/v1/traces' },
      'http://collector:4318/v1/traces',
    ],
  ])('reads %o as the OTLP specification does', (endpoints, url) => {
    expect(tracesUrl({ ...endpoints, serviceName: 'x' })).toBe(url);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports the request and its provider call in the caller’s trace, with the ids the logs and the provider saw', async () => {
    receiver = await startOtlpReceiver();
    const started = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    const answer = await registerWith(started, {
      traceparent: `00-${TRACE}-${PARENT}-01`,
      'x-request-id': 'otel-1',
    });
    expect(answer.status).toBe(201);
    const sent = TRACEPARENT.exec(String(standIn?.requests[0]?.headers.traceparent)) ?? [];
    // Closing the app sends what is still in the batch.
    await started.close();

    expect(receiver.requests.map(({ path, method }) => [method, path])).toContainEqual([
      'POST',
      '/v1/traces',
    ]);
    const server = receiver.spans.find((span) => span.kind === SERVER);
    const client = receiver.spans.find((span) => span.kind === CLIENT);
    expect(server).toMatchObject({
      traceId: TRACE,
      parentSpanId: PARENT,
      name: 'POST /api/register',
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/register',
        'http.response.status_code': 201,
      },
      resource: { 'service.name': 'board-registration' },
    });
    expect(client).toMatchObject({
      traceId: TRACE,
      parentSpanId: server?.spanId,
      name: 'provider register',
      attributes: { 'http.response.status_code': 201 },
    });
    // The provider was told the client span is its parent, and the trace is sampled.
    expect([sent[1], sent[2], sent[3]]).toEqual([TRACE, client?.spanId, '01']);
    expect(logLine(started, 'otel-1')).toMatchObject({ traceId: TRACE });
  });

  it('starts a sampled trace of its own for a request without one, and names an unmatched URL by its method only', async () => {
    receiver = await startOtlpReceiver();
    const started = await start({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
    });
    expect((await registerWith(started, { 'x-request-id': 'otel-2' })).status).toBe(201);
    await (await fetch(`${started.base}/api/nothing-here`)).arrayBuffer();
    const [, traceId, , flags] =
      TRACEPARENT.exec(String(standIn?.requests[0]?.headers.traceparent)) ?? [];
    await started.close();

    expect(flags).toBe('01');
    const servers = receiver.spans.filter((span) => span.kind === SERVER);
    expect(servers.map((span) => span.name).sort()).toEqual(['GET', 'POST /api/register']);
    const registration = servers.find((span) => span.name === 'POST /api/register');
    expect(registration?.traceId).toBe(traceId);
    expect(registration?.parentSpanId ?? '').toBe('');
    expect(logLine(started, 'otel-2')).toMatchObject({ traceId });
    const unmatched = servers.find((span) => span.name === 'GET');
    expect(unmatched?.attributes).not.toHaveProperty('http.route');
    expect(unmatched?.attributes['http.response.status_code']).toBe(404);
  });

  it('keeps serving with no collector, says so once, and closes', async () => {
    // A port that resets every connection: a closed port may be taken by another suite's server
    // before the last batch leaves, and that one may answer.
    const resetting = createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const { port } = resetting.address() as AddressInfo;
    const started = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
    for (let i = 0; i < 5; i++) expect((await registerWith(started, {})).status).toBe(201);
    await started.close();
    await new Promise((resolve) => resetting.close(resolve));
    const warnings = started
      .logs()
      .split('\n')
      .filter((line) => line.includes('otel-collector unavailable'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] as string)).toMatchObject({
      level: 40,
      dependency: 'otel-collector',
      msg: 'otel-collector unavailable: spans are not exported (requests are served as before)',
    });
  });

  it('closes on its own bound when the collector takes spans and never answers, and says so', async () => {
    receiver = await startOtlpReceiver();
    receiver.hang();
    const started = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    expect((await registerWith(started, {})).status).toBe(201);
    await started.close();
    expect(receiver.requests.length).toBeGreaterThan(0);
    // The bound's own words, not the exporter's timeout (10 s), ended the wait.
    const warning = started
      .logs()
      .split('\n')
      .find((line) => line.includes('otel-collector unavailable'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      msg: 'otel-collector unavailable: spans are not exported (requests are served as before)',
      err: {
        message: `the OpenTelemetry collector did not answer within ${SHUTDOWN_FLUSH_MS} ms`,
      },
    });
  });
});

describe('without an endpoint', () => {
  it('exports nothing: the ids go to the logs and the provider only', async () => {
    receiver = await startOtlpReceiver();
    const started = await start({});
    expect((await registerWith(started, { traceparent: `00-${TRACE}-${PARENT}-01` })).status).toBe(
      201,
    );
    expect(String(standIn?.requests[0]?.headers.traceparent)).toMatch(
      new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`),
    );
    await started.close();
    expect(receiver.requests).toEqual([]);
    expect(started.logs()).not.toContain('otel-collector');
  });
});
