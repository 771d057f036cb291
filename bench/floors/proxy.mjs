// The floor for registration throughput: a pass-through proxy on bare node:http, with no
// validation, logging or headers of its own, in front of the same provider stand-in (same
// path, same headers). CLIENT=undici (the floor) calls it with undici's request, the client our
// server uses; CLIENT=fetch (a reference) with the global fetch, as most Node proxies do.
import { createServer } from 'node:http';
import { request } from 'undici';

const target = `${process.env.TARGET}/v1/candidate/backfill/register`;
const authorization = `Basic ${Buffer.from('bench:bench-key').toString('base64')}`;
const headers = { authorization, 'content-type': 'application/json', accept: 'application/json' };

/** POSTs the body to the stand-in; its status and text. */
const CLIENTS = {
  async undici(body) {
    const answer = await request(target, { method: 'POST', headers, body });
    return { status: answer.statusCode, text: await answer.body.text() };
  },
  async fetch(body) {
    const answer = await fetch(target, { method: 'POST', headers, body });
    return { status: answer.status, text: await answer.text() };
  },
};
const forward = CLIENTS[process.env.CLIENT ?? 'undici'];
if (!forward) throw new Error(`CLIENT must be one of ${Object.keys(CLIENTS).join(', ')}`);

const server = createServer(async (incoming, response) => {
  if (incoming.method === 'GET') return response.end('{}');
  try {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const { status, text } = await forward(Buffer.concat(chunks));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
  } catch {
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end('{"ok":false,"status":null}');
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
