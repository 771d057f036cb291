// An answer sent before the request's body has all arrived (a chunked body past its limit, an
// upload refused mid-way: issue 31, item 8). The rest is never read: the connection closes after
// the answer. But it closes gently. Node ends a `Connection: close` socket by destroying it once
// the answer is written (socket.destroySoon), and destroying a socket with bytes still arriving
// sends a reset, which can wipe the answer from the client's buffers before the client reads it:
// the candidate would see a network error instead of "File is too large". So the socket sends
// the answer and its FIN, stops reading, and is destroyed only after LINGER_MS, or at once when
// the client closes first (nginx's lingering close, without the draining).
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a socket that answered early waits for the client to read the answer and close. */
export const LINGER_MS = 2_000;

function closeGently(socket: Socket) {
  // Only this socket's: Node calls it after writing the answer of a `Connection: close` reply.
  socket.destroySoon = function destroySoon(this: Socket) {
    this.pause();
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/** Every answer sent while its request's body is still arriving closes its connection gently. */
export function closeGentlyOnEarlyAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { raw } = request;
    if (raw.complete || !raw.socket || raw.socket.destroyed) return payload;
    reply.header('connection', 'close');
    closeGently(raw.socket);
    return payload;
  });
}
