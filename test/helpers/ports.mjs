// Whether something listens on a port of 127.0.0.1: one connection attempt, closed at once.
// Plain ESM, shared by the tests, the image check and the bench, which run it with plain node.
import { Socket } from 'node:net';

/** Resolves true once a connection to 127.0.0.1:`port` opens, false when it is refused. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}
