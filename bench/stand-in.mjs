// The provider stand-in for the registration benchmark: answers every POST 201 at once, like
// a provider that accepted the candidate. Its own process, so it never shares an event loop
// with the load generator. GET /__count: registrations received so far.
import { createServer } from 'node:http';

let registrations = 0;
const ANSWER = '{"id":"bench-1","status":"registered"}';

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/__count') {
    response.end(String(registrations));
    return;
  }
  request.resume();
  request.on('end', () => {
    if (request.method === 'POST') registrations++;
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(ANSWER);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
