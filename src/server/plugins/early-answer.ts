// An answer sent before the request's body has all arrived (a chunked body past its limit, an
// upload refused mid-way: issue 31, item 8). The rest is never read: the connection closes after
// the answer. But it closes gently. Node ends a `Connection: close` socket by destroying it once
// the answer is written (socket.destroySoon), and destroying a socket with bytes still arriving
// sends a reset, which can wipe the answer from the client's buffers before the client reads it:
// the candidate would see a network error instead of "File is too large". So the socket sends
// the answer and its FIN, stops reading, and is destroyed after LINGER_MS, or sooner if the
// client resets it (nginx's lingering close, without the draining: unread, the client's own FIN
// goes unseen until then).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * How long a socket that answered early waits for the client to read the answer and close.
 * @internal test/readme-facts.test.ts holds the docs' figure to it.
 */
export const LINGER_MS = 2_000;

/**
 * Reads no more of `request`'s body: whatever consumes it is cut off, and the request is marked
 * as read by someone (read(0)), so that Node does not drain ("dump") the rest once the answer is
 * written. What the client still sends stays in the kernel's buffers until the socket closes.
 */
export function stopReading(request: IncomingMessage) {
  if (request.complete || request.destroyed) return;
  request.unpipe();
  request.pause();
  request.read(0);
}

function closeGently(socket: Socket) {
  // Only this socket's: Node calls it after writing the answer of a `Connection: close` reply.
  socket.destroySoon = function destroySoon(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * Every answer sent while its request's body is still arriving closes its connection gently,
 * and a chunked body (no Content-Length for Fastify to refuse up front) stops being read the
 * moment it passes its route's limit: Fastify then stops listening, but the bytes would flow on
 * into nothing until its 413 is written. Multipart bodies are the upload route's own to stop
 * (routes/upload.ts), as @fastify/multipart reads the request itself.
 */
export function closeGentlyOnEarlyAnswers(app: FastifyInstance) {
  // Callback hooks, not async ones: every request passes both, and a promise each is measurable.
  app.addHook('preParsing', (request, _reply, payload, next) => {
    // Most bodies declare their length: they are done with at the first test.
    if (request.headers['content-length'] !== undefined) return next(null, payload);
    if (/^\s*multipart\//i.test(request.headers['content-type'] ?? '')) return next(null, payload);
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > limit) stopReading(request.raw);
        done(null, chunk);
      },
    });
    next(null, payload.pipe(counted));
  });
  app.addHook('onSend', (request, reply, payload, next) => {
    const { raw } = request;
    if (!raw.complete && raw.socket && !raw.socket.destroyed) {
      reply.header('connection', 'close');
      stopReading(raw);
      closeGently(raw.socket);
    }
    next(null, payload);
  });
}
