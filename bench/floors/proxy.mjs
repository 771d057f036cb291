// The floor for registration throughput: a pass-through proxy on bare node:http and undici's
// request (the HTTP client our server uses), with no validation, logging or headers of its
// own, in front of the same provider stand-in (same path, same headers).
import { createServer } from 'node:http';
import { request } from 'undici';

const target = `${process.env.TARGET}/v1/candidate/backfill/register`;
const authorization = `Basic ${Buffer.from('bench:bench-key').toString('base64')}`;

const server = createServer(async (incoming, response) => {
  if (incoming.method === 'GET') return response.end('{}');
  try {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const answer = await request(target, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: Buffer.concat(chunks),
    });
    const body = await answer.body.text();
    response.writeHead(answer.statusCode, { 'content-type': 'application/json' });
    response.end(body);
  } catch {
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end('{"ok":false,"status":null}');
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
