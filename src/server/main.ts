// The only file that listens: configuration, logging, timeouts and graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { shutdownBoundMs } from './plugins/shutdown.ts';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  for (const error of loaded.errors) console.error(`Configuration error: ${error}`);
  process.exit(1);
}
const { config } = loaded;
const logger = createLogger(undefined, config.logLevel);
for (const warning of loaded.warnings) logger.warn({ configuration: true }, warning);
const app = await buildApp({ config, logger }).catch((error: unknown) => {
  // Storage or an outbox store the server cannot start on is a setting to fix, said in one line
  // like the others.
  const unusable =
    error instanceof Error && ['UnusableStorage', 'UnusableOutbox'].includes(error.name);
  if (!unusable) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
});

// Slow phones upload 5 MB; a request may take this long, no longer.
app.server.requestTimeout = 120_000;

// On SIGTERM or SIGINT: stop accepting, let in-flight uploads and registrations finish (a
// registration waits up to PROVIDER_TIMEOUT_MS; an upload whose body stalls is cut after
// SHUTDOWN_IDLE_MS), then exit 0; past the bound (at most 25 s), exit 1.
const delay = shutdownBoundMs(config.provider.timeoutMs);
closeWithGrace({ delay, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
if (config.provider.baseUrl === null) {
  // Said at warn, so that it shows at every LOG_LEVEL but error and fatal.
  logger.warn(
    { sandbox: true },
    'using the embedded sandbox provider: registrations are kept in memory and reach no provider',
  );
} else {
  logger.info({ sandbox: false }, 'using the configured provider');
}
