// A provider that misbehaves on purpose (issue 17, items 3 and 4), over real HTTP: a real stand-in
// on 127.0.0.1 that hangs, resets, answers a web page with 200, or echoes its request headers
// (the Basic credential) into everything it answers. Each case checks what the candidate is told,
// how long it took, what is left on disk, and what the log line and /metrics say.
import { describe, expect, it } from 'vitest';
import { listFiles, type StartedApp, startApp } from '../helpers/app.ts';
import {
  STAND_IN_KEY as KEY,
  startAppOnStandIn,
  STAND_IN_USER as USER,
} from '../helpers/app-on-stand-in.ts';
import { candidate } from '../helpers/candidate.ts';
import {
  closedPort,
  ECHO_FIELD_MESSAGE,
  echoHeaders,
  type Handler,
  hang,
  htmlPage,
  MAINTENANCE_PAGE,
  resetConnection,
  respond,
} from '../helpers/provider-stand-in.mjs';

const BASE64 = Buffer.from(`${USER}:${KEY}`).toString('base64');
/** Every form of the credential that must never reach the browser. */
const SECRETS = [`Basic ${BASE64}`, BASE64, BASE64.replace(/=+$/, ''), `${USER}:${KEY}`, KEY];
const TIMEOUT_MS = 600;

const FAILED = { ok: false, status: null, message: 'Registration failed' };
const SERVER_ERROR = 'Server error. Please try again later.';

const { standIn, started } = await startAppOnStandIn({
  PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
});

interface Seen {
  status: number;
  headers: Headers;
  /** The answer's bytes, exactly as the browser gets them. */
  text: string;
  body: unknown;
  /** The registration's log line. */
  log: Record<string, unknown>;
  /** registrations_total and provider_request_duration_seconds_count, after minus before. */
  counted: Record<string, number>;
}

const COUNTED: [string, string, Record<string, string>][] = [
  ['registered', 'registrations_total', { outcome: 'registered' }],
  ['provider_not_json', 'registrations_total', { outcome: 'provider_not_json' }],
  ['provider_rejected', 'registrations_total', { outcome: 'provider_rejected' }],
  ['provider_error', 'registrations_total', { outcome: 'provider_error' }],
  ['timeout', 'registrations_total', { outcome: 'timeout' }],
  ['network', 'registrations_total', { outcome: 'network' }],
  ['result_not_json', 'provider_request_duration_seconds_count', { result: 'not_json' }],
  ['result_timeout', 'provider_request_duration_seconds_count', { result: 'timeout' }],
  ['result_network', 'provider_request_duration_seconds_count', { result: 'network' }],
];

/** Sums every sample of `name` whose labels include `labels` (e.g. over all statuses). */
function total(metrics: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf('}'));
    const found = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return sum;
}

const counters = async (app: StartedApp) => {
  const metrics = await (await fetch(app.metricsUrl)).text();
  return Object.fromEntries(
    COUNTED.map(([key, name, labels]) => [key, total(metrics, name, labels)]),
  );
};

/** Registers once with the provider answering `handler`, and gathers everything a test checks. */
async function registerWith(handler: Handler | null, app = started): Promise<Seen> {
  if (handler) standIn.setHandler(handler);
  const before = await counters(app);
  const linesBefore = app.logs().split('\n').length;
  const response = await fetch(`${app.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(candidate()),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const after = await counters(app);
  const log = app
    .logs()
    .split('\n')
    .slice(linesBefore - 1)
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => entry.url === '/api/register' && entry.msg === 'request');
  if (!log) throw new Error('no log line for the registration');
  const counted = Object.fromEntries(
    Object.entries(after)
      .map(([key, value]) => [key, value - (before[key] ?? 0)])
      .filter(([, delta]) => delta !== 0),
  );
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text),
    log,
    counted,
  };
}

/** Nothing of the credential in any byte the browser receives: the body and every header. */
function expectNoCredential(seen: Seen) {
  const headers = [...seen.headers.entries()].map(([name, value]) => `${name}: ${value}`);
  for (const secret of SECRETS) {
    expect(seen.text, 'the answer body').not.toContain(secret);
    expect(headers.join('\n'), 'the answer headers').not.toContain(secret);
  }
}

/** A registration leaves nothing on disk, whatever the provider did. */
async function expectNothingStored(app = started) {
  expect(await listFiles(app.uploadDir)).toEqual([]);
}

describe('a provider 2xx that is not the API’s JSON (issue 17, item 3)', () => {
  it.each<[string, Handler, number, string | null]>([
    ['a maintenance page, 200 text/html', htmlPage(), 200, 'text/html; charset=utf-8'],
    ['a captive proxy’s page, 201 text/html', htmlPage(201), 201, 'text/html; charset=utf-8'],
    [
      'the API’s JSON under a text/html type',
      respond(201, { id: 'cand-1' }, 'text/html'),
      201,
      'text/html',
    ],
    [
      'the API’s JSON under a text/plain type',
      respond(200, { id: 'cand-1' }, 'text/plain'),
      200,
      'text/plain',
    ],
    ['a JSON body with no content type', respond(201, '{"id":"cand-1"}', null), 201, null],
    [
      'a page labelled application/json',
      respond(200, MAINTENANCE_PAGE, 'application/json'),
      200,
      'application/json',
    ],
    ['an empty body labelled text/html', respond(200, '', 'text/html'), 200, 'text/html'],
  ])(
    'answers %s with 502 "Registration failed", logs the status and type but never the body, and counts no registration',
    async (_name, handler, providerStatus, contentType) => {
      const seen = await registerWith(handler);
      expect(seen.status).toBe(502);
      expect(seen.body).toStrictEqual(FAILED);
      expect(standIn.requests).toHaveLength(1);
      expect(seen.log).toMatchObject({ status: 502, outcome: 'provider_not_json', providerStatus });
      if (contentType === null) expect(seen.log).not.toHaveProperty('providerContentType');
      else expect(seen.log.providerContentType).toBe(contentType);
      expect(seen.log).not.toHaveProperty('providerBody');
      expect(JSON.stringify(seen.log)).not.toMatch(/maintenance|cand-1/);
      expect(seen.counted).toStrictEqual({ provider_not_json: 1, result_not_json: 1 });
      await expectNothingStored();
    },
  );

  it('names the provider’s status beside the outcome on /metrics', async () => {
    const read = async () =>
      total(await (await fetch(started.metricsUrl)).text(), 'registrations_total', {
        outcome: 'provider_not_json',
        status: '200',
      });
    const before = await read();
    expect((await registerWith(htmlPage())).status).toBe(502);
    expect(await read()).toBe(before + 1);
  });

  it.each<[string, Handler, number, number, string | null]>([
    ['201 application/json', respond(201, { id: 'cand-1' }), 201, 201, 'application/json'],
    [
      '201 application/json with a charset',
      respond(201, { id: 'cand-1' }, 'application/json; charset=utf-8'),
      201,
      201,
      'application/json; charset=utf-8',
    ],
    [
      '202 with a vendor +json type',
      respond(202, { id: 'cand-1' }, 'application/vnd.provider+json'),
      202,
      202,
      'application/vnd.provider+json',
    ],
    ['201 with no body and no type', respond(201, '', null), 201, 201, null],
    ['204, told with a 200', respond(204, undefined, null), 204, 200, null],
  ])(
    'still counts %s as a registration, and passes none of its body on',
    async (_name, handler, providerStatus, httpStatus, contentType) => {
      const seen = await registerWith(handler);
      expect(seen.status).toBe(httpStatus);
      expect(seen.body).toStrictEqual({ ok: true, status: providerStatus, data: {} });
      expect(seen.log).toMatchObject({ outcome: 'registered', providerStatus });
      if (contentType === null) expect(seen.log).not.toHaveProperty('providerContentType');
      else expect(seen.log.providerContentType).toBe(contentType);
      expect(seen.counted).toStrictEqual({ registered: 1 });
      await expectNothingStored();
    },
  );
});

describe('a provider that echoes its request headers, the Basic credential, into its answers (issue 17, item 4)', () => {
  const honest = { last_name: [ECHO_FIELD_MESSAGE] };

  it.each<[string, Handler, number, Record<string, unknown>, string]>([
    [
      '201 JSON',
      echoHeaders(201, 'application/json'),
      201,
      { ok: true, status: 201, data: {} },
      'registered',
    ],
    ['200 text/html', echoHeaders(200, 'text/html'), 502, FAILED, 'provider_not_json'],
    [
      '400 problem+json',
      echoHeaders(400),
      400,
      {
        ok: false,
        status: 400,
        message: `Validation errors: last_name: ${ECHO_FIELD_MESSAGE}`,
        errors: honest,
      },
      'provider_rejected',
    ],
    [
      '400 text/plain',
      echoHeaders(400, 'text/plain'),
      400,
      { ok: false, status: 400, message: 'Invalid request data' },
      'provider_rejected',
    ],
    [
      '401 problem+json',
      echoHeaders(401),
      401,
      {
        ok: false,
        status: 401,
        message: 'Authentication failed. Please check your credentials.',
        errors: honest,
      },
      'provider_rejected',
    ],
    [
      '403 problem+json',
      echoHeaders(403),
      403,
      {
        ok: false,
        status: 403,
        message: 'You do not have permission to register a candidate.',
        errors: honest,
      },
      'provider_rejected',
    ],
    [
      '409 problem+json',
      echoHeaders(409),
      409,
      { ok: false, status: 409, message: 'Candidate already exists', errors: honest },
      'provider_rejected',
    ],
    [
      '418 problem+json',
      echoHeaders(418),
      418,
      { ok: false, status: 418, message: 'Request failed with status code 418', errors: honest },
      'provider_rejected',
    ],
    [
      '418 text/plain',
      echoHeaders(418, 'text/plain'),
      418,
      { ok: false, status: 418, message: 'Request failed with status code 418' },
      'provider_rejected',
    ],
    [
      '422 problem+json',
      echoHeaders(422),
      422,
      {
        ok: false,
        status: 422,
        message: 'Validation error. Please check your information.',
        errors: honest,
      },
      'provider_rejected',
    ],
    [
      '429 problem+json',
      echoHeaders(429),
      429,
      {
        ok: false,
        status: 429,
        message: 'Too many requests. Please try again later.',
        errors: honest,
      },
      'provider_rejected',
    ],
    [
      '500 problem+json',
      echoHeaders(500),
      500,
      { ok: false, status: 500, message: SERVER_ERROR },
      'provider_error',
    ],
    [
      '503 text/html',
      echoHeaders(503, 'text/html'),
      503,
      { ok: false, status: 503, message: SERVER_ERROR },
      'provider_error',
    ],
  ])(
    'answers an echoing %s with only allow-listed text and no trace of the credential',
    async (_name, handler, httpStatus, expected, outcome) => {
      const seen = await registerWith(handler);
      expect(standIn.requests[0]?.headers.authorization).toBe(`Basic ${BASE64}`);
      expect(seen.status).toBe(httpStatus);
      expect(seen.body).toStrictEqual(expected);
      expectNoCredential(seen);
      expect(seen.log.outcome).toBe(outcome);
      for (const secret of SECRETS)
        expect(JSON.stringify(seen.log), 'the log line').not.toContain(secret);
      await expectNothingStored();
    },
  );
});

describe('a provider that never answers, resets or is not there', () => {
  it('answers a hung provider with 504 "Registration failed" once PROVIDER_TIMEOUT_MS has passed', async () => {
    const seen = await registerWith(hang);
    expect(seen.status).toBe(504);
    expect(seen.body).toStrictEqual(FAILED);
    expect(seen.log).toMatchObject({ status: 504, outcome: 'timeout', providerError: 'timeout' });
    expect(seen.log).not.toHaveProperty('providerStatus');
    expect(seen.counted).toStrictEqual({ timeout: 1, result_timeout: 1 });
    await expectNothingStored();
  });

  it('answers a provider that resets the connection with 502 "Registration failed" at once', async () => {
    const seen = await registerWith(resetConnection);
    expect(seen.status).toBe(502);
    expect(seen.body).toStrictEqual(FAILED);
    expect(seen.log).toMatchObject({ status: 502, outcome: 'network' });
    expect(seen.log.providerError).toEqual(expect.any(String));
    expect(seen.counted).toStrictEqual({ network: 1, result_network: 1 });
    await expectNothingStored();
  });

  it('answers a provider address nothing listens on with 502 "Registration failed" at once', async () => {
    const refusing = await startApp({
      PROVIDER_API_BASE: `http://127.0.0.1:${await closedPort()}`,
      PROVIDER_API_USER: USER,
      PROVIDER_API_KEY: KEY,
      PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    try {
      const seen = await registerWith(null, refusing);
      expect(seen.status).toBe(502);
      expect(seen.body).toStrictEqual(FAILED);
      expect(seen.log).toMatchObject({ status: 502, outcome: 'network' });
      expect(seen.log.providerError).toMatch(/ECONNREFUSED/);
      expect(seen.counted).toStrictEqual({ network: 1, result_network: 1 });
      await expectNothingStored(refusing);
    } finally {
      await refusing.close();
    }
  });
});

describe('a provider answering a status HTTP does not define', () => {
  it.each([600, 799, 999])(
    'answers %i with 502 "Registration failed", never a 500 of our own',
    async (status) => {
      const seen = await registerWith(respond(status, { detail: 'odd' }));
      expect(seen.status).toBe(502);
      expect(seen.body).toStrictEqual(FAILED);
      expect(seen.log).toMatchObject({
        status: 502,
        outcome: 'provider_error',
        providerStatus: status,
      });
      expect(seen.counted).toStrictEqual({ provider_error: 1 });
      await expectNothingStored();
    },
  );
});
