// Security headers (helmet, Permissions-Policy, and no-store on the API's answers) and CORS, from
// the configuration.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { embedPageAsked } from '../routes/web-app.ts';

/**
 * What the page and the API never use, denied to them and to anything they might load: the form
 * asks for no device, sensor, payment or screen feature (docs/api.md).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * A request for the API, whose every answer, errors included, is `Cache-Control: no-store`: an
 * upload's answer holds the resume's link, a registration's the candidate's data.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0];
  return path === '/api' || path?.startsWith('/api/') === true;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicBaseUrl?.startsWith('https://') ?? false;
  // Built once per framing: @fastify/helmet rebuilds helmet's middleware, directives and all, on
  // every request, a twentieth of a registration's CPU (BENCHMARKS.md).
  const headers = (frameAncestors: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // No inline script, ever: the page's configuration is a JSON data block.
          scriptSrc: ["'self'"],
          // The page has two inline styles: the board's brand colour, written as <style id="brand">
          // before the first paint, and the progress bar's width (docs/decisions/005, its update).
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
      frameguard: frameAncestors[0] === "'none'" ? { action: 'deny' } : false,
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  const unframed = headers(["'none'"]);
  // EMBED_ORIGINS may frame the page in embed mode (embed.js's iframe) and nothing else: not the
  // plain page, not a stored resume, not the licences.
  const embedded = config.embedOrigins.length > 0 ? headers(config.embedOrigins) : unframed;
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw answer, as helmet's: answers written past Fastify's reply keep it too.
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (isApiPath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    const chosen = embedPageAsked(request.routeOptions.url, request.query) ? embedded : unframed;
    chosen(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST'],
      credentials: true,
    });
  }
}
