// Ports of 127.0.0.1: whether something listens on one (one connection attempt, closed at once),
// and one free for a child process to take. Plain ESM, shared by the tests, the image check and
// the bench, which run it with plain node.
import { readFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';

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

/** The lowest port the system picks itself (for outgoing connections, a listen on port 0). */
async function lowestEphemeralPort() {
  const text = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  return Number(text.trim().split(/\s+/)[0]) || 32_768;
}

/** Binds 127.0.0.1:`port` (0: a port the system picks) and lets it go; resolves the port or null. */
async function bindable(port) {
  const server = createServer();
  const bound = await new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!bound) return null;
  const taken = server.address().port;
  await new Promise((resolve) => server.close(resolve));
  return taken;
}

/** The lowest port freePort picks from. */
const LOWEST_PORT = 10_000;

/**
 * A port of 127.0.0.1 that was free a moment ago, for a child process (nginx, redis-server) to
 * listen on, or for nothing to listen on. It lies below the range the system picks ports from:
 * one it picked could be given to another test's outgoing connection or server before the child
 * binds it (nginx once failed to start so; a provider meant to be closed once answered 404).
 */
export async function freePort() {
  const low = await lowestEphemeralPort();
  for (let attempt = 0; low > LOWEST_PORT && attempt < 100; attempt++) {
    const port = await bindable(LOWEST_PORT + Math.floor(Math.random() * (low - LOWEST_PORT)));
    if (port !== null) return port;
  }
  const picked = await bindable(0);
  if (picked === null) throw new Error('no port of 127.0.0.1 could be bound');
  return picked;
}
