// Following one request through instances and the provider: request ids unique across
// instances, taken from X-Request-Id when valid and echoed; W3C traceparent honoured and passed
// on to the provider call; both in the request's log lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

let standIn: StandIn;
let first: StartedApp;
let second: StartedApp;

beforeAll(async () => {
  standIn = await startStandIn();
  const env = { PROVIDER_API_BASE: standIn.url, PROVIDER_API_USER: 'u', PROVIDER_API_KEY: 'k' };
  [first, second] = await Promise.all([startApp(env), startApp(env)]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await standIn?.close();
});

type LogLine = Record<string, unknown>;
const logLines = (app: StartedApp): LogLine[] =>
  app
    .logs()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LogLine);
const requestLine = (app: StartedApp, reqId: string) =>
  logLines(app).find((line) => line.msg === 'request' && line.reqId === reqId);

async function registerWith(app: StartedApp, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(candidate()),
  });
  await response.arrayBuffer();
  return response;
}

describe('request ids', () => {
  it('differ between two instances, are echoed back and name the log line', async () => {
    const answers = await Promise.all(
      [first, second, first, second].map((app) => fetch(`${app.base}/healthz`)),
    );
    const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    expect(requestLine(first, ids[0] as string)).toMatchObject({ url: '/healthz', status: 200 });
    expect(requestLine(second, ids[1] as string)).toMatchObject({ url: '/healthz', status: 200 });
  });

  it('come from a valid X-Request-Id, in the answer and on every line of the request', async () => {
    const answer = await registerWith(first, { 'x-request-id': 'edge-7f3a.42' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-request-id')).toBe('edge-7f3a.42');
    expect(requestLine(first, 'edge-7f3a.42')).toMatchObject({
      url: '/api/register',
      status: 201,
      outcome: 'registered',
    });
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'a b'],
    ['a JSON lookalike', '{"level":60}'],
  ])('are new when X-Request-Id is %s', async (_name, header) => {
    const answer = await fetch(`${first.base}/healthz`, { headers: { 'x-request-id': header } });
    const id = answer.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    expect(first.logs()).not.toContain(header);
  });

  it('are echoed on every kind of answer: 404, 400 and a refused body', async () => {
    const notFound = await fetch(`${first.base}/api/nothing`, {
      headers: { 'x-request-id': 'id-404' },
    });
    const invalid = await fetch(`${first.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'id-400' },
      body: '{',
    });
    expect([notFound.status, notFound.headers.get('x-request-id')]).toEqual([404, 'id-404']);
    expect([invalid.status, invalid.headers.get('x-request-id')]).toEqual([400, 'id-400']);
  });
});

describe('trace context', () => {
  it('passes the caller’s trace on to the provider, as a child of the caller’s span', async () => {
    standIn.clear();
    const answer = await registerWith(first, {
      traceparent: `00-${TRACE}-${PARENT}-01`,
      'x-request-id': 'traced-1',
    });
    expect(answer.status).toBe(201);
    const sent = String(standIn.requests[0]?.headers.traceparent);
    const [, traceId, spanId, flags] = TRACEPARENT.exec(sent) ?? [];
    expect([traceId, flags]).toEqual([TRACE, '01']);
    expect(spanId).not.toBe(PARENT);
    expect(requestLine(first, 'traced-1')).toMatchObject({ traceId: TRACE });
  });

  it('starts a trace of its own for a request without one, or with an invalid one', async () => {
    for (const [index, header] of [undefined, `00-${TRACE}-${'0'.repeat(16)}-01`].entries()) {
      standIn.clear();
      const id = `untraced-${index}`;
      const answer = await registerWith(second, {
        'x-request-id': id,
        ...(header ? { traceparent: header } : {}),
      });
      expect(answer.status).toBe(201);
      const [, traceId, , flags] =
        TRACEPARENT.exec(String(standIn.requests[0]?.headers.traceparent)) ?? [];
      expect(traceId).not.toBe(TRACE);
      // Nothing records it without an exporter: not sampled.
      expect(flags).toBe('00');
      expect(requestLine(second, id)).toMatchObject({ traceId });
    }
  });
});
