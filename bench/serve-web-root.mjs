// The production server (dist/server, as main.js builds it) with another web root, so that our
// page and the floor page are served by the very same code from the same directory.
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { createLogger } from '../dist/server/logger.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
const app = await buildApp({
  config: loaded.config,
  logger: createLogger(),
  webRoot: process.env.WEB_ROOT,
});
app.server.requestTimeout = 120_000;
await app.listen({ port: loaded.config.port, host: loaded.config.host });
