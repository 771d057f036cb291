// A slow phone's start, in every engine: Firefox and WebKit have no CPU throttle to ask for, and
// WebKitWebDriver no way to hold a response back or to run a script before the page's. So a
// proxy on 127.0.0.1, in front of the built server, does both for the pages it serves:
//
// - it holds the app's script (/assets/main-*.js) back until the test lets it through, so that
//   what the test does meanwhile is certainly done before the app has hydrated;
// - it adds to each page, before the page's own scripts, `slowCpu`, which leaves the page one
//   millisecond of the main thread in six, and whatever the test adds to it (a same-origin
//   script: the page's CSP lets no inline script run).

import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the page's CPU is slowed by: Chrome DevTools' "6x slowdown", a mid-range phone's. */
const SLOWDOWN = 6;

/**
 * Runs in the page, before its own scripts: a CPU `slowdown` times slower, as near as a page can
 * make one. It shares the main thread with the page in turns, through a message it posts to
 * itself: after each turn of the page (whatever ran between two of its own: the page's tasks,
 * the browser's own work), it keeps the thread busy `slowdown - 1` times as long, so that the
 * page has a `slowdown`th of it. A rough 6x, not DevTools' exact one: it cannot slow a task from
 * inside, so a long task (the app's script evaluating) runs at full speed and then waits five
 * times as long; and the browser's own work between tasks counts as the page's. Measured here
 * with a page's chain of 200 tasks of 1 ms: 9 to 14 times as long in Firefox and Chromium; a task
 * of 300 ms, followed by 1.5 s busy. It stops on `window.slowCpu.stop()`, or after a minute.
 */
function slowCpu(slowdown: number) {
  const channel = new MessageChannel();
  const end = performance.now() + 60_000;
  let stopped = false;
  let turnEnded = performance.now();
  channel.port1.onmessage = () => {
    const now = performance.now();
    const busyUntil = now + (now - turnEnded) * (slowdown - 1);
    while (performance.now() < busyUntil) {
      // busy, as a slower CPU would be
    }
    turnEnded = performance.now();
    if (!stopped && turnEnded < end) channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  Object.assign(window, {
    slowCpu: {
      stop: () => {
        stopped = true;
      },
    },
  });
}

/** Stops `slowCpu` in the page (for `session.evaluate`). */
export const stopSlowCpu = () =>
  (window as unknown as { slowCpu?: { stop(): void } }).slowCpu?.stop();

export interface SlowPhone {
  /** The proxy's address: the built server's pages, slowed. */
  url: string;
  /** Lets the app's script through, now and from now on. */
  releaseApp(): void;
  stop(): Promise<void>;
}

const SCRIPT_PATH = '/slow-phone.js';
const APP_SCRIPT = /^\/assets\/main-[\w-]+\.js$/;

/**
 * A proxy to the built server at `upstream` whose pages run `slowCpu` and then `extra` (each a
 * self-contained function, sent as source) before their own scripts, and whose app script waits
 * for `releaseApp`.
 */
export async function startSlowPhone(
  upstream: string,
  extra: (() => void)[] = [],
): Promise<SlowPhone> {
  const script = [`(${slowCpu})(${SLOWDOWN});`, ...extra.map((fn) => `(${fn})();`)].join('\n');
  let releaseApp = () => {};
  const released = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  const target = new URL(upstream);

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const proxied = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        // Plain bodies, for the page to be rewritten.
        headers: { ...incoming.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const html = answer.headers['content-type']?.startsWith('text/html') ?? false;
        if (!html) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace('<head>', `<head><script src="${SCRIPT_PATH}"></script>`);
          const { 'content-length': _length, etag: _etag, ...headers } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, headers).end(page);
        });
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  };

  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    if (path === SCRIPT_PATH) {
      outgoing.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (APP_SCRIPT.test(path)) {
      void released.then(() => forward(incoming, outgoing));
    } else {
      forward(incoming, outgoing);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    releaseApp,
    stop: () =>
      new Promise((resolve) => {
        releaseApp();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
