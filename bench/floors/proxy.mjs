// The floor for registration throughput: a pass-through proxy on bare node:http and fetch,
// with no validation, to the same provider stand-in.
import { createServer } from 'node:http';

const target = process.env.TARGET;
const server = createServer(async (request, response) => {
  if (request.method === 'GET') return response.end('{}');
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const answer = await fetch(`${target}/v1/candidate/backfill/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Basic eDp5',
    },
    body: Buffer.concat(chunks),
  });
  const body = await answer.text();
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
