// Servers that misbehave on purpose, on 127.0.0.1: one that takes connections and never
// answers, one that drops every connection at once, and a proxy to a real S3 (s3rver) that
// stalls the requests a test picks.
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
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

/**
 * A proxy to `target` that forwards every request as it is (the signature covers the Host
 * header, which it keeps) except those `stall` picks: those it reads and never answers, or,
 * with `stall` answering 'body', answers with the headers and half the body, then stalls.
 */
export async function stallingProxy(
  target: string,
  stall: (method: string, url: string) => 'request' | 'body' | null,
): Promise<MisbehavingServer> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const server = createHttpServer((request, response) => {
    const how = stall(request.method ?? '', request.url ?? '');
    if (how === 'request') {
      request.resume();
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
  });
  return listen(server as unknown as Server, sockets);
}
