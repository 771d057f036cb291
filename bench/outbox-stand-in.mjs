// The outbox benchmark's provider: the shared stand-in, answering every registration with the
// status the bench sets (503 during the outage, then 201), and counting, for each email, the
// attempts it received and the 201s it gave. Its own process, so it never shares an event loop
// with the bench. GET /__status/<code>: answer <code> from now on. GET /__stats: the counts, and
// when each 201 was given (ms since the epoch).
import { startStandIn } from '../test/helpers/provider-stand-in.mjs';

let status = 201;
const byEmail = new Map();
const registeredAt = [];
let received = 0;

const standIn = await startStandIn(
  (request) => {
    standIn.clear();
    const set = /^\/__status\/(\d{3})$/.exec(request.path);
    if (request.method === 'GET' && set) {
      status = Number(set[1]);
      return { status: 200, body: String(status) };
    }
    if (request.method === 'GET' && request.path === '/__stats') {
      return {
        status: 200,
        body: { received, registeredAt, byEmail: Object.fromEntries(byEmail) },
      };
    }
    if (request.method !== 'POST') return { status: 404, body: {} };
    received++;
    const email = String(request.body?.email);
    const counts = byEmail.get(email) ?? { attempts: 0, registered: 0 };
    counts.attempts++;
    byEmail.set(email, counts);
    if (status !== 201) return { status, body: { detail: 'maintenance' } };
    counts.registered++;
    registeredAt.push(Date.now());
    return { status: 201, body: { id: `bench-${byEmail.size}`, status: 'registered' } };
  },
  { port: Number(process.env.PORT) },
);
