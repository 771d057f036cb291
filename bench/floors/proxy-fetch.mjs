// A second reference for registration throughput: the same pass-through proxy on bare
// node:http with the global fetch (how most Node proxies are written), for comparison with
// the floor (proxy.mjs, on undici's request).
import { createServer } from 'node:http';

const target = `${process.env.TARGET}/v1/candidate/backfill/register`;
const authorization = `Basic ${Buffer.from('bench:bench-key').toString('base64')}`;

const server = createServer(async (incoming, response) => {
  if (incoming.method === 'GET') return response.end('{}');
  try {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: Buffer.concat(chunks),
    });
    const body = await answer.text();
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(body);
  } catch {
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end('{"ok":false,"status":null}');
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
