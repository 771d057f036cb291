// The one provider stand-in of the Vitest suites, the Playwright fixtures and the bench: a real
// HTTP server on 127.0.0.1 that records every request exactly as it arrived and answers what
// the test scripts. Plain ESM with its types beside it (.d.mts), so plain `node bench/…` loads it.
import { createServer } from 'node:http';

/** The provider's registration path (spec §7, call 2). */
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

/** Answers now, later, or never; `held` keeps what is not answered yet so a reset can drop it. */
function answer(response, scripted, held) {
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

/** A port on 127.0.0.1 that nothing listens on: bound, noted, closed. */
export async function closedPort() {
  const server = createServer();
  const port = await listen(server, 0);
  await new Promise((resolve) => server.close(() => resolve()));
  return port;
}
