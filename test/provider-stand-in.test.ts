// The shared provider stand-in itself: what it records and how it answers what a test scripts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  behaveLikeProvider,
  ECHO_FIELD_MESSAGE,
  echoHeaders,
  hang,
  htmlPage,
  MAINTENANCE_PAGE,
  REGISTER_PATH,
  resetConnection,
  respond,
  type StandIn,
  startStandIn,
} from './helpers/provider-stand-in.mjs';

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
});

afterAll(async () => {
  await standIn?.close();
});

beforeEach(() => {
  standIn.reset();
});

const post = (body: string, path = '/v1/candidate/backfill/register?x=1') =>
  fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trace': 'a1' },
    body,
    signal: AbortSignal.timeout(5_000),
  });

describe('the provider stand-in', () => {
  it('records method, path and query, headers, the raw body and the parsed body', async () => {
    await post('{"email":"ada@example.com"}');
    await post('not json', '/other');
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/candidate/backfill/register?x=1',
        headers: expect.objectContaining({ 'x-trace': 'a1' }),
        rawBody: '{"email":"ada@example.com"}',
        body: { email: 'ada@example.com' },
      }),
      expect.objectContaining({ path: '/other', rawBody: 'not json', body: 'not json' }),
    ]);
  });

  it('answers 201 {"id": "stand-in-1"} until a test scripts otherwise', async () => {
    const response = await post('{}');
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ id: 'stand-in-1' });
  });

  it.each([
    [{ detail: 'x' }, undefined, 'application/json', '{"detail":"x"}'],
    ['plain', undefined, 'text/plain; charset=utf-8', 'plain'],
    ['<p>x</p>', 'text/html', 'text/html', '<p>x</p>'],
    ['', null, null, ''],
    [undefined, undefined, null, ''],
  ])('answers the body %j with the content type %j as %j', async (body, type, header, text) => {
    standIn.setHandler(respond(418, body, type));
    const response = await post('{}');
    expect(response.status).toBe(418);
    expect(response.headers.get('content-type')).toBe(header);
    expect(await response.text()).toBe(text);
  });

  it('answers after the scripted delay', async () => {
    standIn.respond(202, { id: 'slow' }, 'application/json', 300);
    const started = Date.now();
    const response = await post('{}');
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('holds a hung answer until reset drops it, then answers as it first did', async () => {
    standIn.hang();
    const held = post('{}').then(
      () => 'answered',
      () => 'dropped',
    );
    await expect.poll(() => standIn.requests.length).toBe(1);
    standIn.reset();
    expect(await held).toBe('dropped');
    expect(standIn.requests).toEqual([]);
    expect((await post('{}')).status).toBe(201);
  });

  it('closes with an answer still held, and a second close is harmless', async () => {
    const other = await startStandIn(hang);
    const held = fetch(other.url, { method: 'POST', body: '{}' }).catch(() => 'dropped');
    await expect.poll(() => other.requests.length).toBe(1);
    await other.close();
    await other.close();
    expect(await held).toBe('dropped');
  });

  it('resets the connection instead of answering, and records the request', async () => {
    standIn.setHandler(resetConnection);
    await expect(post('{}')).rejects.toThrow();
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers a maintenance page as 200 text/html', async () => {
    standIn.setHandler(htmlPage());
    const response = await post('{}');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(MAINTENANCE_PAGE);
  });

  it('echoes the Authorization header into every text of a JSON answer and its headers', async () => {
    standIn.setHandler(echoHeaders(400));
    const response = await fetch(standIn.url, {
      method: 'POST',
      headers: { authorization: 'Basic ZWNobzplY2hv' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-echo-authorization')).toBe('Basic ZWNobzplY2hv');
    const body = (await response.json()) as Record<string, unknown>;
    for (const field of ['id', 'type', 'title', 'message', 'instance', 'authorization']) {
      expect(body[field], field).toBe('Basic ZWNobzplY2hv');
    }
    expect(body.detail).toContain('Basic ZWNobzplY2hv');
    expect(body['Basic ZWNobzplY2hv']).toEqual(['Basic ZWNobzplY2hv']);
    expect(body.last_name).toEqual([ECHO_FIELD_MESSAGE]);
    expect(body.errors).toMatchObject({ first_name: ['Basic ZWNobzplY2hv'] });
  });

  it('echoes the headers as lines in a text answer', async () => {
    standIn.setHandler(echoHeaders(418, 'text/plain'));
    const response = await fetch(standIn.url, {
      method: 'POST',
      headers: { authorization: 'Basic ZWNobzplY2hv' },
      body: '{}',
    });
    expect(response.status).toBe(418);
    expect(await response.text()).toContain('authorization: Basic ZWNobzplY2hv');
  });

  it('still records every request while it behaves like the provider', async () => {
    standIn.setHandler(behaveLikeProvider({ user: 'u', key: 'k' }));
    const response = await post('{"email":"ada@example.com"}', REGISTER_PATH);
    expect(response.status).toBe(401);
    expect(standIn.requests).toEqual([
      expect.objectContaining({ method: 'POST', body: { email: 'ada@example.com' } }),
    ]);
  });
});
