// The application, built by buildApp(): security, limits, storage, the provider client, every
// route and, when no provider is configured, the embedded sandbox. Only main.ts listens.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { brandPalette } from '../shared/brand.ts';
import { MAX_STORED_NAME_LENGTH, storedNameIn } from '../shared/upload-name.ts';
import { type Config, linkPolicy } from './config.ts';
import { type Dependency, trackDependency } from './dependencies.ts';
import { dnsResolver } from './dns.ts';
import { countRequests, createMetrics, type Metrics } from './metrics.ts';
import { listenForMetrics, type MetricsListener } from './metrics-listener.ts';
import type { Outbox, OutboxTimings } from './outbox/outbox.ts';
import { refuseUnreadableBodies } from './plugins/body-encoding.ts';
import { closeGentlyOnEarlyAnswers } from './plugins/early-answer.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { isApiPath, registerSecurity } from './plugins/security.ts';
import { cutIdleBodiesAtShutdown } from './plugins/shutdown.ts';
import { type CallCeiling, memoryCeiling, redisCeiling } from './provider/ceiling.ts';
import { createProviderClient, type ProviderClient } from './provider/client.ts';
import { sandboxProvider } from './provider/sandbox.ts';
import { connectRedis } from './redis.ts';
import type { ResolveHost } from './registration/link-addresses.ts';
import { startRetention } from './retention.ts';
import { configRoute, publicConfig } from './routes/config.ts';
import { eventsRoute } from './routes/events.ts';
import { formTokenRoute } from './routes/form-token.ts';
import { healthRoutes } from './routes/health.ts';
import { registerRoute } from './routes/register.ts';
import { NO_SUCH_RESUME, RESUMES_PATH, resumesRoute } from './routes/resumes.ts';
import { uploadRoute } from './routes/upload.ts';
import { webApp } from './routes/web-app.ts';
import { openStorage } from './storage/open.ts';
import { referenceOwnResume } from './storage/own-resume.ts';
import { MB, type StorageQuota, storageQuota } from './storage/quota.ts';
import type { ResumeStorage } from './storage/storage.ts';
import {
  memorySubmissions,
  redisSubmissions,
  SUBMISSION_LEASE_MARGIN_MS,
  type Submissions,
} from './submissions.ts';
import { deleteTokenFor, provesUpload } from './tokens/delete-token.ts';
import { deploymentSigningKeys, type SigningKeys } from './tokens/keys.ts';
import { memoryTokenUses, redisTokenUses, type TokenUses } from './tokens/token-uses.ts';
import { tracedRequests } from './tracing/requests.ts';
import { idsOnly, type Tracing } from './tracing/tracing.ts';

const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

/** Every JSON body but a registration's (which may carry a 5 MB resume) is small. */
const BODY_LIMIT = 64 * 1024;
/** Unknown URLs per client IP per minute; enumeration gets 429s. */
const NOT_FOUND_LIMIT = { max: 120, timeWindow: 60_000 };
/** An unknown /api route's answer, the same whatever was asked. */
const NO_SUCH_ROUTE = { error: 'Not Found', message: 'No such route' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Where /metrics is served once the app is ready: null when METRICS_PORT is off or taken. */
    metricsAddress(): AddressInfo | null;
  }
}

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** The built SPA; defaults to dist/web beside the compiled server. */
  webRoot?: string;
  storage?: ResumeStorage;
  provider?: ProviderClient;
  metrics?: Metrics;
  /** Where spans go: by default, nowhere (ids only, for logs and the provider). */
  tracing?: Tracing;
  /** For tests: how long a request body may idle during shutdown (SHUTDOWN_IDLE_MS). */
  shutdownIdleMs?: number;
  /** How resume links' names are resolved; by default the system's DNS (dnsResolver). */
  resolveHost?: ResolveHost;
  /** For tests: the outbox's lock and stalled-check periods (OUTBOX=on). */
  outboxTimings?: OutboxTimings;
  /** For tests: how long /readyz reuses one round of dependency checks (READY_CACHE_MS). */
  readyCacheMs?: number;
}

/** The origin this server is reachable at from itself, once it listens. */
function selfOrigin(address: AddressInfo | null): string {
  if (!address) throw new Error('The server is not listening yet');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * A path the router cannot read (a malformed percent-encoding, an over-long parameter) names
 * nothing here: 404 in the shape of what it aimed at, nothing of the path echoed (docs/api.md).
 */
function answerUnroutablePath(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code !== 'FST_ERR_BAD_URL' && error.code !== 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.send(error);
  }
  // The router refused it before any hook: the headers an API answer needs are set here.
  reply.code(404).header('x-content-type-options', 'nosniff');
  if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  if (request.url.startsWith(RESUMES_PATH)) return reply.send(NO_SUCH_RESUME);
  return isApiPath(request.url)
    ? reply.send(NO_SUCH_ROUTE)
    : reply.type('text/plain').send('Not found');
}

/**
 * Spans exported over OTLP when an endpoint is set, else ids only. The SDK is loaded only then:
 * a deployment without it never reads its code.
 */
async function tracingFor(config: Config, metrics: Metrics, log: Logger): Promise<Tracing> {
  if (config.otel.endpoint === null && config.otel.tracesEndpoint === null) return idsOnly;
  const { openTelemetry } = await import('./tracing/otel.ts');
  const collector = trackDependency('otel-collector', {
    metrics,
    log: log as FastifyBaseLogger,
    whenDown: 'spans are not exported (requests are served as before)',
  });
  return openTelemetry(config.otel, collector);
}

function createFastify(
  config: Config,
  logger: Logger,
  traced: ReturnType<typeof tracedRequests>['options'],
): FastifyInstance {
  return Fastify({
    ...traced,
    loggerInstance: logger as FastifyBaseLogger,
    return503OnClosing: true,
    bodyLimit: BODY_LIMIT,
    // Every stored resume's name fits the resume route's parameter.
    routerOptions: { maxParamLength: MAX_STORED_NAME_LENGTH },
    frameworkErrors: answerUnroutablePath,
    logController: new OneLinePerRequest(),
    // X-Forwarded-For is read only on connections from the listed proxies (config.ts).
    trustProxy: config.trustProxy,
  });
}

/** Errors no route answered in its own shape: no 5xx detail ever reaches a client. */
function answerErrors(app: FastifyInstance) {
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
}

/** Unknown URLs, rate-limited per client IP (after the rate-limit plugin is registered). */
function answerNotFound(app: FastifyInstance) {
  app.setNotFoundHandler({ preHandler: app.rateLimit(NOT_FOUND_LIMIT) }, (request, reply) => {
    // Nothing of the request is echoed: its path is the caller's text (docs/api.md).
    return isApiPath(request.url)
      ? reply.code(404).send(NO_SUCH_ROUTE)
      : reply.code(404).type('text/plain').send('Not found');
  });
}

/**
 * The address the server listens on, kept from the start: during a graceful shutdown address()
 * is already null while in-flight uploads and registrations still need it.
 */
function listeningAddress(app: FastifyInstance): () => AddressInfo | null {
  let listening: AddressInfo | null = null;
  app.server.once('listening', () => {
    listening = app.server.address() as AddressInfo;
  });
  return () => listening;
}

/**
 * Storage and Redis, each with the state /readyz, the metrics and the log follow; storage is
 * required here only when it is this instance's own disk (docs/decisions/010).
 */
async function openDependencies(
  config: Config,
  options: AppOptions,
  metrics: Metrics,
  log: FastifyBaseLogger,
) {
  const track = (name: string, whenDown: string) =>
    trackDependency(name, { metrics, log, whenDown });
  const storageState = track('storage', 'uploads and resume links fail until it answers');
  const storage = options.storage ?? (await openStorage(config, storageState));
  const dependencies: Dependency[] = [
    {
      name: 'storage',
      check: () => storage.check(),
      requiredHere: !storage.shared,
      state: storageState,
    },
  ];
  let redis: Redis | null = null;
  if (config.redisUrl) {
    const redisState = track(
      'redis',
      config.outbox.on
        ? 'rate limits fail open, and registrations the provider cannot take now are not queued'
        : 'rate limits fail open',
    );
    const connected = await connectRedis(config.redisUrl, redisState);
    dependencies.push({
      name: 'redis',
      check: () => connected.ping(),
      requiredHere: false,
      state: redisState,
    });
    redis = connected;
  }
  return { storage, redis, dependencies };
}

/**
 * The outbox (OUTBOX=on, docs/decisions/020): BullMQ is loaded only then, like ioredis. Its worker
 * delivers through `provider`, as the requests do.
 */
async function outboxFor(
  options: AppOptions,
  redis: Redis | null,
  provider: ProviderClient,
  ceiling: CallCeiling | null,
  metrics: Metrics,
  log: FastifyBaseLogger,
): Promise<Outbox | null> {
  const { outbox, redisUrl } = options.config;
  if (!outbox.on || !redis || !redisUrl || !outbox.key) return null;
  const { startOutbox } = await import('./outbox/outbox.ts');
  return startOutbox({
    redisUrl,
    redis,
    key: outbox.key,
    oldKeys: outbox.oldKeys,
    allowVolatile: outbox.allowVolatile,
    maxAgeHours: outbox.maxAgeHours,
    provider,
    ceiling,
    metrics,
    log,
    ...(options.outboxTimings ? { timings: options.outboxTimings } : {}),
  });
}

/**
 * Each submission's answer, by its idempotency key (docs/api.md): on Redis when there is one, so
 * that every instance sees it, else in this instance's memory. A key is held for as long as a
 * request may take, and its answer kept for as long as the outbox keeps an entry (a day without).
 */
function submissionsFor(config: Config, redis: Redis | null): Submissions {
  const { outbox, provider } = config;
  const answerWithinMs = outbox.on
    ? Math.min(outbox.firstTryMs, provider.timeoutMs)
    : provider.timeoutMs;
  const options = {
    leaseMs: answerWithinMs + SUBMISSION_LEASE_MARGIN_MS,
    keepMs: (outbox.on ? outbox.maxAgeHours : 24) * 3_600_000,
  };
  return redis ? redisSubmissions(redis, options) : memorySubmissions(options);
}

interface RouteDependencies {
  config: Config;
  quota: StorageQuota;
  outbox: Outbox | null;
  submissions: Submissions;
  storage: ResumeStorage;
  dependencies: Dependency[];
  metrics: Metrics;
  provider: ProviderClient;
  publicBaseUrl: () => string;
  resolveHost: ResolveHost;
  webRoot: string;
  readyCacheMs: number | undefined;
  keys: SigningKeys;
  tokenUses: TokenUses;
  ceiling: CallCeiling | null;
}

async function registerRoutes(app: FastifyInstance, deps: RouteDependencies) {
  const { config, storage, dependencies, metrics, provider, readyCacheMs } = deps;
  // The upload route checks busboy's truncated flag itself, to answer 413 in its own shape.
  await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(healthRoutes, {
    dependencies,
    ...(readyCacheMs !== undefined ? { readyCacheMs } : {}),
  });
  await app.register(configRoute, { config });
  await app.register(formTokenRoute, {
    key: deps.keys['form-token v1'],
    minFillMs: config.botMinFillMs,
  });
  await app.register(uploadRoute, {
    storage,
    metrics,
    limit: config.rateLimit.upload,
    resumeUrl: (name) => `${deps.publicBaseUrl()}${RESUMES_PATH}${name}`,
    deleteTokenOf: (name) => deleteTokenFor(deps.keys['upload delete v1'], name),
    provesUpload: (name, token) => provesUpload(deps.keys['upload delete v1'], name, token),
    allowedOrigins: () => [new URL(deps.publicBaseUrl()).origin, ...config.corsOrigins],
    quota: deps.quota,
  });
  await app.register(resumesRoute, { storage, metrics });
  await app.register(registerRoute, {
    provider,
    metrics,
    limit: config.rateLimit.register,
    botMinFillMs: config.botMinFillMs,
    formTokens: { key: deps.keys['form-token v1'], uses: deps.tokenUses },
    deleteKey: deps.keys['upload delete v1'],
    ceiling: deps.ceiling,
    storage,
    ownResume: (url) => storedNameIn(url, `${deps.publicBaseUrl()}${RESUMES_PATH}`),
    referenceResume: (name, log) =>
      referenceOwnResume({ storage, metrics, orphanMs: config.orphanMinutes * 60_000 }, name, log),
    links: linkPolicy(config),
    resolveHost: deps.resolveHost,
    outbox: deps.outbox,
    submissions: deps.submissions,
    firstTryMs: Math.min(config.outbox.firstTryMs, config.provider.timeoutMs),
    providerTimeoutMs: config.provider.timeoutMs,
  });
  if (config.funnel.on) {
    await app.register(eventsRoute, {
      metrics,
      sources: config.funnel.sources,
      limit: config.rateLimit.events,
      allowedOrigins: () => [new URL(deps.publicBaseUrl()).origin, ...config.corsOrigins],
    });
  }
  if (config.provider.baseUrl === null) {
    await app.register(sandboxProvider, {
      prefix: '/sandbox',
      user: config.provider.user,
      key: config.provider.key,
    });
  }
  await app.register(webApp, {
    root: deps.webRoot,
    config: publicConfig(config),
    embedOrigins: config.embedOrigins,
    brand: config.brandColor ? brandPalette(config.brandColor) : null,
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const metrics = options.metrics ?? createMetrics();
  const tracing = options.tracing ?? (await tracingFor(config, metrics, options.logger));
  const traced = tracedRequests(tracing);
  const app = createFastify(config, options.logger, traced.options);
  traced.hooks(app);
  const { storage, redis, dependencies } = await openDependencies(
    config,
    options,
    metrics,
    app.log,
  );

  // Resume links and the sandbox's origin default to the port the server listens on.
  const listening = listeningAddress(app);
  const publicBaseUrl = () => config.publicBaseUrl ?? `http://localhost:${listening()?.port}`;
  const provider =
    options.provider ??
    createProviderClient({
      baseUrl: () => config.provider.baseUrl ?? `${selfOrigin(listening())}/sandbox`,
      user: config.provider.user,
      key: config.provider.key,
      timeoutMs: config.provider.timeoutMs,
    });

  // PROVIDER_CALLS_PER_MINUTE: for the deployment on Redis, else for this instance.
  const perMinute = config.providerCallsPerMinute;
  const ceiling =
    perMinute === 0 ? null : redis ? redisCeiling(redis, perMinute) : memoryCeiling(perMinute);

  // An outbox that cannot keep its promise stops start-up (main.ts says why in one line), with
  // nothing left open.
  const outbox = await outboxFor(options, redis, provider, ceiling, metrics, app.log).catch(
    async (error: unknown) => {
      redis?.disconnect();
      await tracing.shutdown();
      throw error;
    },
  );

  answerErrors(app);
  countRequests(app, metrics);
  cutIdleBodiesAtShutdown(app, options.shutdownIdleMs);
  closeGentlyOnEarlyAnswers(app);
  app.decorateRequest('logFields', null);
  await registerSecurity(app, config);
  await registerRateLimit(app, redis, metrics);
  refuseUnreadableBodies(app);
  answerNotFound(app);
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const quota = storageQuota({
    storage,
    quotaBytes: config.uploadQuotaMb * MB,
    metrics,
    log: app.log,
  });
  await registerRoutes(app, {
    config,
    keys: deploymentSigningKeys(config),
    tokenUses: redis ? redisTokenUses(redis) : memoryTokenUses(),
    ceiling,
    quota,
    outbox,
    submissions: submissionsFor(config, redis),
    storage,
    dependencies,
    metrics,
    provider,
    publicBaseUrl,
    resolveHost: options.resolveHost ?? dnsResolver(),
    webRoot,
    readyCacheMs: options.readyCacheMs,
  });

  let stopRetention = () => {};
  let stopQuota = () => {};
  let metricsListener: MetricsListener | null = null;
  app.decorate('metricsAddress', () => metricsListener?.address ?? null);
  app.addHook('onReady', async () => {
    stopRetention = startRetention({
      storage,
      days: config.retentionDays,
      log: app.log,
      metrics,
      orphanMinutes: config.orphanMinutes,
      ...(outbox ? { held: () => outbox.heldResumes() } : {}),
    });
    stopQuota = quota.start();
    const { port, host } = config.metrics;
    if (port !== null) metricsListener = await listenForMetrics(metrics, { host, port }, app.log);
  });
  app.addHook('onClose', async () => {
    await metricsListener?.close();
    stopRetention();
    stopQuota();
    await outbox?.close();
    redis?.disconnect();
    await tracing.shutdown();
  });
  return app;
}
