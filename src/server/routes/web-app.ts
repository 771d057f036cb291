// Serves the built single-page app: hashed assets cached for a year, index.html never cached
// and served from memory with the public configuration inlined as a JSON data block, and
// embed.js for job boards' pages.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type BrandPalette, brandPalette } from '../../shared/brand.ts';
import type { PublicConfig } from '../../shared/contract.ts';
import { isRecord } from '../../shared/is-record.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import { pageLocale, translate } from '../i18n.ts';
import { withNotice } from './page-notice.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * embed.js: five minutes, so a fix reaches every job board soon.
 * @internal test/embed-server.test.ts asserts this exact header.
 */
export const EMBED_CACHE = 'public, max-age=300';

/** index.html with the configuration the browser reads before hydrating. */
function withConfig(html: string, config: PublicConfig): string {
  // A JSON data block is never executed, so a CSP without inline scripts still allows it.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const block = `<script id="app-config" type="application/json">${json}</script>`;
  const page = html.replace('</head>', `${block}</head>`);
  return config.randomDataButton ? page : page.replace('<html', '<html data-random-data="off"');
}

type Variants = Record<'identity' | 'br' | 'gzip', Buffer>;

/** At start-up the smallest bytes; per request (a new page variant) a millisecond's work. */
const SMALLEST = { brotli: 11, gzip: 9 };
const QUICK = { brotli: 5, gzip: 6 };

function compressedVariants(text: string, effort = SMALLEST): Variants {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: effort.brotli },
    }),
    gzip: gzipSync(identity, { level: effort.gzip }),
  };
}

/**
 * A handler sending a file kept in memory, compressed as the client accepts; `vary` names the
 * other request headers that chose it.
 */
function sendFrom(variants: Variants, type: string, headers: Record<string, string>) {
  return async (request: FastifyRequest, reply: FastifyReply, vary: string[] = []) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.headers(headers).header('vary', ['accept-encoding', ...vary].join(', '));
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(type).send(encoding ? variants[encoding] : variants.identity);
  };
}

/**
 * GET /embed.js, the loader job boards put on their own pages (docs/embedding.md): unhashed, so cached
 * briefly, and loadable cross-origin.
 */
function serveEmbedScript(app: FastifyInstance, root: string) {
  const file = path.join(root, 'embed.js');
  if (!existsSync(file)) return;
  const send = sendFrom(
    compressedVariants(readFileSync(file, 'utf8')),
    'text/javascript; charset=utf-8',
    {
      'cache-control': EMBED_CACHE,
      'cross-origin-resource-policy': 'cross-origin',
    },
  );
  app.get('/embed.js', send);
}

export interface WebAppOptions {
  root: string;
  config: PublicConfig;
  /** The deployment's accent colour (BRAND_COLOR), when it is not the default. */
  brand?: BrandPalette | null;
  /** Origins allowed to frame the page (EMBED_ORIGINS): the page posts its events to them. */
  embedOrigins?: string[];
}

/** The page as one request gets it: embed mode, the board's origin and colour (docs/embedding.md). */
interface PageVariant {
  embed: boolean;
  brand: BrandPalette | null;
  /** The origin embed.js named (?host=), only when it is exactly one of EMBED_ORIGINS. */
  host?: string | null;
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * index.html in one variant: in embed mode the root element says so (the stylesheet drops the
 * page's margins and background), lists the origins the page may post to and, when embed.js
 * named a listed one, the host's origin; a brand colour becomes the custom properties every
 * accent reads, before the first paint.
 * @internal Pure, and tested directly in test/embed-server.test.ts.
 */
export function pageVariant(html: string, variant: PageVariant, embedOrigins: string[]): string {
  let page = html;
  if (variant.embed) {
    const origins = escapeAttribute(embedOrigins.join(' '));
    const host =
      variant.host && embedOrigins.includes(variant.host)
        ? ` data-embed-host="${escapeAttribute(variant.host)}"`
        : '';
    page = page.replace('<html', `<html data-embed="1" data-embed-origins="${origins}"${host}`);
  }
  if (variant.brand) {
    const { brand, brandDark } = variant.brand;
    const style = `<style id="brand">:root{--brand:${brand};--brand-dark:${brandDark}}</style>`;
    page = page.replace('</head>', `${style}</head>`);
  }
  return page;
}

/**
 * The host's origin as embed.js names it (?host=), accepted only when it is, character for
 * character, one of EMBED_ORIGINS: anything else (another site, a path, userinfo, `null`, a
 * list) is no host at all, so the page posts nothing on its word.
 * @internal Pure, and tested directly in test/embed-server.test.ts.
 */
export function acceptedHost(value: unknown, embedOrigins: readonly string[]): string | null {
  return typeof value === 'string' && embedOrigins.includes(value) ? value : null;
}

/** The paths that serve the page (index.html). */
const PAGE_PATHS: readonly string[] = ['/', '/index.html'];

/**
 * Whether a request asks for the page in embed mode, the iframe embed.js builds (`/?embed=1`):
 * the one response EMBED_ORIGINS may frame (plugins/security.ts). `route` is the matched route's
 * path, undefined when none matched.
 */
export const embedPageAsked = (route: string | undefined, query: unknown): boolean =>
  route !== undefined && PAGE_PATHS.includes(route) && isRecord(query) && query.embed === '1';

/**
 * The variant a query asks for: ?embed=1, ?brand=rrggbb when that colour may be used, and
 * ?host=origin when embedding and that origin is listed.
 * @internal Pure, and tested directly in test/embed-server.test.ts.
 */
export function variantOf(
  query: unknown,
  deployment: BrandPalette | null,
  embedOrigins: readonly string[] = [],
): PageVariant {
  const { embed, brand, host } = (isRecord(query) ? query : {}) as Record<string, unknown>;
  const board = typeof brand === 'string' ? brandPalette(`#${brand}`) : null;
  const embedded = embed === '1';
  return {
    embed: embedded,
    brand: board ?? deployment,
    host: embedded ? acceptedHost(host, embedOrigins) : null,
  };
}

/** Compressed pages per variant; brand colours are many, so only the latest few are kept. */
const MAX_VARIANTS = 64;

export const webApp: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const { root, config } = options;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'no built web app: run "npm run build" first');
    app.get('/', async (_request, reply) =>
      reply.code(503).type('text/plain').send('The web app is not built. Run "npm run build".'),
    );
    return;
  }
  // The page in each language the build prerendered (index.html is English).
  const htmls = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const file = locale === 'en' ? indexFile : path.join(root, `index.${locale}.html`);
    if (!existsSync(file)) continue;
    const page = withNotice(readFileSync(file, 'utf8'), config, (text) => translate(locale, text));
    htmls.set(locale, withConfig(page, config));
  }
  const deployment = options.brand ?? null;
  const pages = new Map<string, ReturnType<typeof sendFrom>>();
  const pageFor = (locale: Locale, variant: PageVariant, effort = QUICK) => {
    const page = pageVariant(htmls.get(locale) as string, variant, options.embedOrigins ?? []);
    return sendFrom(compressedVariants(page, effort), 'text/html; charset=utf-8', {
      'cache-control': 'no-cache',
    });
  };
  const plainPages = new Map(
    [...htmls.keys()].map((locale) => [
      locale,
      pageFor(locale, { embed: false, brand: deployment }, SMALLEST),
    ]),
  );
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const choice = pageLocale(request.headers, request.query);
    const locale = htmls.has(choice.locale) ? choice.locale : 'en';
    // The cookie outranks everything; the browser's languages decide only when nothing else did.
    const vary = [
      'cookie',
      ...(choice.by === 'header' || choice.by === 'default' ? ['accept-language'] : []),
    ];
    const variant = variantOf(request.query, deployment, options.embedOrigins ?? []);
    if (!variant.embed && variant.brand === deployment) {
      return (plainPages.get(locale) as ReturnType<typeof sendFrom>)(request, reply, vary);
    }
    // The host is one of EMBED_ORIGINS or none, so it adds few variants.
    const key = `${locale} ${variant.embed} ${variant.brand?.brand ?? ''} ${variant.host ?? ''}`;
    let send = pages.get(key);
    if (!send) {
      send = pageFor(locale, variant);
      if (pages.size >= MAX_VARIANTS) pages.delete(pages.keys().next().value ?? '');
      pages.set(key, send);
    }
    return send(request, reply, vary);
  };
  for (const page of PAGE_PATHS) app.get(page, sendPage);
  serveEmbedScript(app, root);

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // dist/web holds .br and .gz beside each asset (scripts/compress.mjs).
    preCompressed: true,
    cacheControl: false,
    // index.html comes from memory above; compressed twins only through negotiation.
    allowedPath: (pathName) =>
      !pathName.startsWith('/index.') &&
      !pathName.startsWith('/embed.js') &&
      !/\.(br|gz)$/.test(pathName),
    setHeaders(res, file) {
      const hashed = /[/\\]assets[/\\]/.test(file);
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
};
