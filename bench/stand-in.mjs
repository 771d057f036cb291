// The registration benchmark's provider: the shared stand-in, answering every POST 201 at once
// like a provider that accepted the candidate. Its own process, so it never shares an event loop
// with the load generator. GET /__count: registrations received so far.
import { startStandIn } from '../test/helpers/provider-stand-in.mjs';

const ANSWER = { status: 201, body: { id: 'bench-1', status: 'registered' } };
let registrations = 0;

const standIn = await startStandIn(
  (request) => {
    // A run sends hundreds of thousands of requests and reads none back: keep no records.
    standIn.clear();
    if (request.method === 'GET' && request.path === '/__count') {
      return { status: 200, body: String(registrations) };
    }
    if (request.method === 'POST') registrations++;
    return ANSWER;
  },
  { port: Number(process.env.PORT) },
);
