// The production server code (the bench's build of it, bench/server-bundle.mjs, which the caller
// builds first), started as main.ts starts it but with another web root, so that our page and
// the floor page are served by the very same code from the same directory.
import { loadBenchServer } from './server-bundle.mjs';

const { buildApp, loadConfig, createLogger } = await loadBenchServer();

const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
const app = await buildApp({
  config: loaded.config,
  logger: createLogger(),
  webRoot: process.env.WEB_ROOT,
});
app.server.requestTimeout = 120_000;
await app.listen({ port: loaded.config.port, host: loaded.config.host });
