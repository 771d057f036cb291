// Security headers (helmet) and CORS, from the configuration.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicBaseUrl?.startsWith('https://') ?? false;
  const frameAncestors = config.embedOrigins.length > 0 ? config.embedOrigins : ["'none'"];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script, ever: the page's configuration is a JSON data block.
        scriptSrc: ["'self'"],
        // sonner injects its stylesheet at run time (docs/decisions/005).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // frame-ancestors decides who may frame the page; X-Frame-Options cannot list origins.
    frameguard: config.embedOrigins.length > 0 ? false : { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST'],
      credentials: true,
    });
  }
}
