// The production server (dist/server) with another web root, so the floor page is served by
// the very same code as ours.
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { createLogger } from '../dist/server/logger.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
const app = await buildApp({
  config: loaded.config,
  logger: createLogger(undefined, 'warn'),
  webRoot: process.env.WEB_ROOT,
});
await app.listen({ port: loaded.config.port, host: loaded.config.host });
