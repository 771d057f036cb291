// The application as a plugin: every route, the storage, the provider client and, when no
// provider is configured, the embedded sandbox. Only main.ts listens.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createProviderClient, type ProviderClient } from './provider/client.ts';
import { sandboxProvider } from './provider/sandbox.ts';
import { configRoute, publicConfig } from './routes/config.ts';
import { registerRoute } from './routes/register.ts';
import { resumesRoute } from './routes/resumes.ts';
import { uploadRoute } from './routes/upload.ts';
import { createLocalStorage } from './storage/local.ts';
import type { ResumeStorage } from './storage/storage.ts';
import { webApp } from './web.ts';

export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web',
);

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** The built SPA; defaults to dist/web beside the compiled server. */
  webRoot?: string;
  storage?: ResumeStorage;
  provider?: ProviderClient;
}

/** The origin this server is reachable at from itself, once it listens. */
function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error('The server is not listening yet');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app: FastifyInstance = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    return503OnClosing: true,
  });

  // Resume links and the sandbox's origin default to the port the server listens on.
  const publicBaseUrl = () =>
    config.publicBaseUrl ?? `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const storage = options.storage ?? (await createLocalStorage(config.uploadDir));
  const provider =
    options.provider ??
    createProviderClient({
      baseUrl: () => config.provider.baseUrl ?? `${selfOrigin(app)}/sandbox`,
      user: config.provider.user,
      key: config.provider.key,
      timeoutMs: config.provider.timeoutMs,
      log: options.logger.child({ component: 'provider' }),
    });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ error: 'Internal Server Error', message: 'Something went wrong' });
    }
    return reply.code(status).send({ error: error.name, message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    return isApi
      ? reply
          .code(404)
          .send({ error: 'Not Found', message: `No route ${request.method} ${request.url}` })
      : reply.code(404).type('text/plain').send('Not found');
  });

  // The upload route checks busboy's truncated flag itself, to answer 413 in its own shape.
  await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(configRoute, { config });
  await app.register(uploadRoute, {
    storage,
    resumeUrl: (name) => `${publicBaseUrl()}/candidate/resumes/${name}`,
  });
  await app.register(resumesRoute, { storage });
  await app.register(registerRoute, { provider });
  if (config.provider.baseUrl === null) {
    await app.register(sandboxProvider, {
      prefix: '/sandbox',
      user: config.provider.user,
      key: config.provider.key,
    });
  }
  await app.register(webApp, {
    root: options.webRoot ?? DEFAULT_WEB_ROOT,
    config: publicConfig(config),
  });
  return app;
}
