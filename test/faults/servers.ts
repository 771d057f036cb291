// Servers that misbehave on purpose, on 127.0.0.1: one that takes connections and never
// answers, one that drops every connection at once, one that answers every request with an S3
// error (500 InternalError, 503 SlowDown), and a proxy to a working S3 (the stand-in) that stalls
// the requests a test picks or answers them with such an error.
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

export interface MisbehavingServer {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  /** Connections accepted so far. */
  connections(): number;
  stop(): Promise<void>;
}

async function listen(server: Server, sockets: Set<Socket>): Promise<MisbehavingServer> {
  let accepted = 0;
  server.on('connection', (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Accepts every connection and reads everything sent to it, but never writes a byte. */
export function blackHole(): Promise<MisbehavingServer> {
  const sockets = new Set<Socket>();
  return listen(
    createServer((socket) => socket.resume()),
    sockets,
  );
}

/** Accepts every connection and destroys it at once: the client sees a reset. */
export function dropsConnections(): Promise<MisbehavingServer> {
  const sockets = new Set<Socket>();
  return listen(
    createServer((socket) => socket.resetAndDestroy()),
    sockets,
  );
}

/** An error S3 answers: its HTTP status and its code, as in S3's XML error document. */
export interface S3Error {
  status: number;
  code: string;
}

const S3_MESSAGES: Record<string, string> = {
  InternalError: 'We encountered an internal error. Please try again.',
  SlowDown: 'Please reduce your request rate.',
  ServiceUnavailable: 'Service is unable to handle request.',
};

/** Answers `request` with S3's XML error document for `error` (a HEAD gets the status alone). */
function answerWithError(request: IncomingMessage, response: ServerResponse, error: S3Error) {
  request.resume();
  const body =
    request.method === 'HEAD'
      ? ''
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${S3_MESSAGES[error.code] ?? error.code}</Message><RequestId>4442587FB7D0A2F9</RequestId><HostId>stand-in</HostId></Error>`;
  response.writeHead(error.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** A stand-in that speaks HTTP: the requests it received (`METHOD /path`), in order. */
export interface HttpStandIn extends MisbehavingServer {
  requests(): string[];
  /** Requests it holds without answering (a stalling proxy's), now. */
  held(): number;
}

async function listenHttp(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  counts: { held: number },
): Promise<HttpStandIn> {
  const received: string[] = [];
  const server = createHttpServer((request, response) => {
    received.push(`${request.method} ${request.url?.split('?')[0]}`);
    handle(request, response);
  });
  const listening = await listen(server as unknown as Server, new Set<Socket>());
  return { ...listening, requests: () => [...received], held: () => counts.held };
}

/** Answers every request with `error`, as S3 does when it fails inside or throttles. */
export function answersS3Error(error: S3Error): Promise<HttpStandIn> {
  return listenHttp((request, response) => answerWithError(request, response, error), {
    held: 0,
  });
}

/**
 * A proxy to `target` that forwards every request as it is (the signature covers the Host
 * header, which it keeps) except those `fault` picks: those it reads and never answers
 * ('request'); answers with the headers and half the body, then stalls ('body'); or answers
 * with an S3 error.
 */
export async function stallingProxy(
  target: string,
  fault: (method: string, url: string) => 'request' | 'body' | S3Error | null,
): Promise<HttpStandIn> {
  const upstream = new URL(target);
  const counts = { held: 0 };
  return listenHttp((request, response) => {
    const how = fault(request.method ?? '', request.url ?? '');
    if (how === 'request') {
      counts.held++;
      request.resume();
      response.once('close', () => counts.held--);
      return;
    }
    if (how !== null && how !== 'body') {
      answerWithError(request, response, how);
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (how !== 'body') {
          answer.pipe(response);
          return;
        }
        const half = Number(answer.headers['content-length'] ?? 0) / 2;
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (sent >= half) return;
          response.write(chunk.subarray(0, half - sent));
          sent += chunk.length;
        });
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  }, counts);
}
