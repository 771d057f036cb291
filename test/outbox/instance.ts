// One instance of the app with OUTBOX=on and the outbox periods given as JSON in OUTBOX_TIMINGS,
// as its own process, so that a test can kill it with SIGKILL. It prints its origin once it
// listens. Run with `node --import tsx test/outbox/instance.ts`.
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
const app = await buildApp({
  config: loaded.config,
  logger: createLogger(process.stderr, 'info'),
  outboxTimings: JSON.parse(process.env.OUTBOX_TIMINGS ?? '{}'),
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
process.stdout.write(`http://127.0.0.1:${address.port}\n`);
