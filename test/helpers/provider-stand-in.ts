// A real HTTP server standing in for the provider: it records every request exactly as it
// arrived and answers what the test scripts.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
}

export interface Scripted {
  status: number;
  /** Sent as is when a string; JSON-encoded otherwise; nothing when undefined. */
  body?: unknown;
  /** null sends no content-type header at all. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** What to answer; 'hang' never answers (for timeouts). */
export type Handler = (request: Recorded) => Scripted | 'hang';

/**
 * An answer with `status` and `body`. The content type defaults to application/json for
 * objects and text/plain for strings; pass null to send none.
 */
export function respond(status: number, body?: unknown, contentType?: string | null): Handler {
  return () => ({ status, body, contentType });
}

export const hang: Handler = () => 'hang';

export interface StandIn {
  /** http://127.0.0.1:{port} */
  url: string;
  requests: Recorded[];
  setHandler(handler: Handler): void;
  /** Forgets the recorded requests. */
  clear(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, scripted: Scripted) {
  const { status, body } = scripted;
  const text =
    body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body) || '';
  const contentType =
    scripted.contentType !== undefined
      ? scripted.contentType
      : body === undefined
        ? null
        : typeof body === 'string'
          ? 'text/plain; charset=utf-8'
          : 'application/json';
  const headers: Record<string, string | number> = {
    ...scripted.headers,
    'content-length': Buffer.byteLength(text),
  };
  if (contentType !== null) headers['content-type'] = contentType;
  res.writeHead(status, headers);
  res.end(text);
}

export async function startStandIn(handler: Handler = respond(201, { id: 'cand-1' })) {
  let current = handler;
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = rawBody;
      try {
        body = JSON.parse(rawBody);
      } catch {
        // Not JSON: keep the text.
      }
      const recorded: Recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      const answer = current(recorded);
      if (answer !== 'hang') send(res, answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      current = next;
    },
    clear() {
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

/** A port on 127.0.0.1 that nothing listens on: bound, noted, closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
