// Hydration waits for a pause in typing (src/web/start/typing-pause.ts, decision 015) in each engine
// (Firefox, WebKit, and Chromium as the control), with real keys and a real click. The module
// itself, compiled from its source, on a page of its own: the app hydrates too soon after its
// load for a test to type before it, and no engine here but Chromium lets a test hold its
// script back. What the page calls `start` stands for hydrateRoot: it adds a listener on the
// page's root, as React does, and that listener must hear the press that started it.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import type { Session } from './browsers.ts';
import { expect, test } from './fixtures.ts';

const SOURCE = path.join(import.meta.dirname, '../../src/web/start/typing-pause.ts');

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Typing pause</title></head>
<body>
<label for="name">Name</label><input id="name" type="text" autocomplete="off">
<div id="root"><button type="button">Go</button></div>
<script type="module">
import { afterTypingPause, watchTyping } from './typing-pause.js';
watchTyping();
window.probe = { started: null, heard: [] };
window.askForPause = (pauseMs) => afterTypingPause(() => {
  // window.event: the event being dispatched, if start runs inside one.
  window.probe.started = window.event ? window.event.type : 'timer';
  document.getElementById('root').addEventListener('pointerdown', (event) => {
    window.probe.heard.push(event.type);
  });
}, pauseMs);
</script>
</body></html>`;

/** A server on 127.0.0.1 with the page and the module, compiled from its TypeScript source. */
async function servePage() {
  const module = ts.transpileModule(await readFile(SOURCE, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const server = createServer((request, response) => {
    const script = request.url === '/typing-pause.js';
    response
      .writeHead(200, {
        'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8',
      })
      .end(script ? module : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let page: Awaited<ReturnType<typeof servePage>>;
test.beforeAll(async () => {
  page = await servePage();
});
test.afterAll(() => page?.stop());

interface Probe {
  started: string | null;
  heard: string[];
}
const probe = (session: Session) =>
  session.evaluate(() => (window as unknown as { probe: Probe }).probe);

test('typing holds the start back; a press starts it within its own dispatch, and the app hears that press', async ({
  session,
}) => {
  await session.goto(page.url);
  await expect
    .poll(() =>
      session.evaluate(() => typeof (window as unknown as { askForPause?: unknown }).askForPause),
    )
    .toBe('function');
  await session.fill('Name', 'Ada');
  // A pause no test waits out: only an event can start it here.
  await session.evaluate(() =>
    (window as unknown as { askForPause: (ms: number) => void }).askForPause(600_000),
  );
  await session.fill('Name', 'Ada Lovelace');
  // The sentinel: a timer of the page's own, set after the pause's first check (a task after
  // askForPause) and after the typing. Timers of equal delay run in the order they were set,
  // so once it has run, that check has seen the typing, and the start has not come.
  await session.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await probe(session)).toEqual({ started: null, heard: [] });

  await session.click('button', 'Go');
  await expect
    .poll(() => probe(session))
    .toEqual({ started: 'pointerdown', heard: ['pointerdown'] });
  expect(
    await session.evaluate(() => (document.getElementById('name') as HTMLInputElement).value),
  ).toBe('Ada Lovelace');
});

test('with nothing typed, it starts a task later, by itself', async ({ session }) => {
  await session.goto(page.url);
  await expect
    .poll(() =>
      session.evaluate(() => typeof (window as unknown as { askForPause?: unknown }).askForPause),
    )
    .toBe('function');
  await session.evaluate(() =>
    (window as unknown as { askForPause: (ms: number) => void }).askForPause(600_000),
  );
  await expect.poll(() => probe(session)).toEqual({ started: 'timer', heard: [] });
});
