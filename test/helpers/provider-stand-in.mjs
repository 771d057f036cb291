// The one provider stand-in of the Vitest suites, the Playwright fixtures and the bench: a real
// HTTP server on 127.0.0.1 that records every request exactly as it arrived and answers what
// the test scripts. Plain ESM with its types beside it (.d.mts), so plain `node bench/…` loads it.
import { createServer, STATUS_CODES } from 'node:http';
import { freePort } from './ports.mjs';

/** The provider's registration path (docs/form.md, call 2). */
export const REGISTER_PATH = '/v1/candidate/backfill/register';

/**
 * An answer with `status` and `body`, after `delayMs`. The content type defaults to
 * application/json for objects and text/plain for strings; pass null to send none.
 */
export function respond(status, body, contentType, delayMs = 0) {
  return () => ({ status, body, contentType, delayMs });
}

/** Never answers (for timeouts); the answer is dropped by `reset` or `close`. */
export const hang = () => 'hang';

/** Resets the connection (TCP RST) instead of answering: no status, no headers, no body. */
export const resetConnection = () => 'reset';

/** What a captive proxy or a maintenance page answers to anything: a web page, not the API. */
export const MAINTENANCE_PAGE =
  '<!doctype html><html><head><title>Down for maintenance</title></head><body><h1>We will be back soon</h1></body></html>';

/** A web page with `status` (200 unless said) and a text/html type. */
export function htmlPage(status = 200, page = MAINTENANCE_PAGE) {
  return respond(status, page, 'text/html; charset=utf-8');
}

/** The one honest field message of an echoing answer, so a test sees what survives beside the echo. */
export const ECHO_FIELD_MESSAGE = 'Last name is too long';

/**
 * A provider that sends the request's headers back in every place an answer can hold text, with
 * `status` and `contentType` (problem+json unless said). A JSON answer carries the Authorization
 * value in every string field (id, type, title, detail, message, instance), in field messages at
 * the top level and under `errors`, in field keys, in nested objects, beside one honest field
 * message (`last_name`); any other type carries the headers as `name: value` lines. The response
 * headers echo it too.
 */
export function echoHeaders(status, contentType = 'application/problem+json') {
  return (request) => {
    const authorization = String(request.headers.authorization ?? '');
    const headers = { 'x-echo-authorization': authorization };
    if (!/[/+]json\b/i.test(contentType)) {
      const lines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
      return { status, contentType, headers, body: lines.join('\n') };
    }
    const body = {
      id: authorization,
      type: authorization,
      title: authorization,
      status,
      detail: `The request sent with ${authorization} was refused`,
      message: authorization,
      instance: authorization,
      authorization,
      headers: request.headers,
      [authorization]: [authorization],
      email: [authorization],
      resume: `The resume could not be fetched with ${authorization}`,
      zip_code: { cause: authorization },
      phone: [[authorization]],
      last_name: [ECHO_FIELD_MESSAGE],
      errors: {
        [authorization]: authorization,
        first_name: [authorization],
        home_town: { headers: request.headers },
      },
    };
    return { status, contentType, headers, body };
  };
}

function write(response, scripted) {
  const { status, body } = scripted;
  const text =
    body === undefined ? '' : typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  const contentType =
    scripted.contentType !== undefined
      ? scripted.contentType
      : body === undefined
        ? null
        : typeof body === 'string'
          ? 'text/plain; charset=utf-8'
          : 'application/json';
  const headers = { ...scripted.headers, 'content-length': Buffer.byteLength(text) };
  if (contentType !== null) headers['content-type'] = contentType;
  response.writeHead(status, headers);
  response.end(text);
}

/** Answers now, later, or never, or resets; `held` keeps what is not answered yet so a reset can drop it. */
function answer(response, scripted, held) {
  if (scripted === 'reset') {
    response.socket?.resetAndDestroy();
    return;
  }
  if (scripted !== 'hang' && !scripted.delayMs) {
    write(response, scripted);
    return;
  }
  held.add(response);
  response.on('close', () => held.delete(response));
  if (scripted === 'hang') return;
  setTimeout(() => {
    if (!response.destroyed) write(response, scripted);
  }, scripted.delayMs);
}

function recorded(request, rawBody) {
  let body = rawBody;
  try {
    body = JSON.parse(rawBody);
  } catch {
    // Not JSON: keep the text.
  }
  return {
    method: request.method ?? '',
    path: request.url ?? '',
    headers: request.headers,
    rawBody,
    body,
  };
}

async function listen(server, port) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server.address().port;
}

export async function startStandIn(
  handler = respond(201, { id: 'stand-in-1' }),
  { port = 0 } = {},
) {
  let current = handler;
  const requests = [];
  const held = new Set();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const received = recorded(request, Buffer.concat(chunks).toString('utf8'));
      requests.push(received);
      answer(response, current(received), held);
    });
  });
  // Pooling clients (the app's undici, the bench's proxies) must never race an idle close.
  server.keepAliveTimeout = 60_000;
  const bound = await listen(server, port);
  const dropHeld = () => {
    for (const response of held) response.destroy();
    held.clear();
  };
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    setHandler(next) {
      current = next;
    },
    respond(...args) {
      current = respond(...args);
    },
    hang() {
      current = hang;
    },
    clear() {
      requests.length = 0;
    },
    reset() {
      requests.length = 0;
      current = handler;
      dropHeld();
    },
    async close() {
      dropHeld();
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * A port on 127.0.0.1 that nothing listens on: bound, noted, closed, below the range the system
 * picks ports from, so that no other test's server or connection is given it meanwhile.
 */
export const closedPort = freePort;

/** An RFC 9457 problem answer, as the provider gives for every refusal. */
function problem(status, detail, extra = {}) {
  const title = STATUS_CODES[status] ?? 'Error';
  const body = { type: 'about:blank', title, status, detail, ...extra };
  return { status, body, contentType: 'application/problem+json' };
}

/** The status an email `status-NNN@…` asks for, or 0. */
function triggered(email) {
  const match = /^status-(\d{3})@/i.exec(typeof email === 'string' ? email : '');
  const status = match ? Number(match[1]) : 0;
  return status >= 200 && status <= 599 ? status : 0;
}

/** What a trigger email gets: a 2xx body (none for 204), or a problem with that status. */
function forced(status) {
  if (status === 204) return { status };
  if (status >= 300) return problem(status, `The stand-in answered ${status} as the email asked`);
  return { status, body: { id: `stand-in-forced-${status}`, status: 'registered' } };
}

const text = (v) => typeof v === 'string' && v !== '';

// The stand-in's own reading of the provider's rules, kept apart from the sandbox's on purpose.
const RULES = [
  ['first_name', text, 'First name is required'],
  ['last_name', text, 'Last name is required'],
  ['email', (v) => text(v) && /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(v), 'Invalid email'],
  ['password', text, 'Password is required'],
  ['zip_code', (v) => text(v) && /^\d{5}$/.test(v), 'Zip code must be 5 digits'],
  ['country_id', (v) => v === 'US', 'Only US candidates are accepted'],
];

/** The 400 problem for a candidate that breaks a rule, one key per field; null when none. */
function refusal(candidate) {
  const fields = {};
  for (const [field, valid, message] of RULES) {
    if (!valid(candidate[field])) fields[field] = [message];
  }
  const count = Object.keys(fields).length;
  if (count === 0) return null;
  return problem(400, `The candidate has ${count} invalid field${count === 1 ? '' : 's'}`, fields);
}

/**
 * A handler that behaves like the provider (README.md): Basic auth (401), required fields
 * (400 problem+json with field keys), one registration per email in any letter case (409),
 * 201 on success, and `status-NNN@…` emails answering NNN. Each call starts with no one registered.
 */
export function behaveLikeProvider({ user, key }) {
  const authorization = `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
  const challenge = { 'www-authenticate': 'Basic realm="stand-in"' };
  const registered = new Set();
  return (request) => {
    if (request.method !== 'POST' || request.path.split('?')[0] !== REGISTER_PATH) {
      return problem(404, `No such endpoint: ${request.method} ${request.path}`);
    }
    if (request.headers.authorization !== authorization) {
      return { ...problem(401, 'Invalid API credentials'), headers: challenge };
    }
    const candidate = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const status = triggered(candidate.email);
    if (status) return forced(status);
    const refused = refusal(candidate);
    if (refused) return refused;
    const email = candidate.email.toLowerCase();
    if (registered.has(email)) return problem(409, 'Candidate already exists');
    registered.add(email);
    return { status: 201, body: { id: `stand-in-${registered.size}`, status: 'registered' } };
  };
}
