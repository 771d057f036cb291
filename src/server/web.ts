// Serves the built single-page app: hashed assets cached for a year, index.html never cached
// and served from memory with the public configuration inlined as a JSON data block, and
// embed.js for job boards' pages.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig } from '../shared/contract.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** embed.js: five minutes, so a fix reaches every job board soon. */
export const EMBED_CACHE = 'public, max-age=300';

/** index.html with the configuration the browser reads before hydrating. */
export function withConfig(html: string, config: PublicConfig): string {
  // A JSON data block is never executed, so a CSP without inline scripts still allows it.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const block = `<script id="app-config" type="application/json">${json}</script>`;
  const page = html.replace('</head>', `${block}</head>`);
  return config.randomDataButton ? page : page.replace('<html', '<html data-random-data="off"');
}

type Variants = Record<'identity' | 'br' | 'gzip', Buffer>;

function compressedVariants(text: string): Variants {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** A handler sending a file kept in memory, compressed as the client accepts. */
function sendFrom(variants: Variants, type: string, headers: Record<string, string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.headers(headers).header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(type).send(encoding ? variants[encoding] : variants.identity);
  };
}

/**
 * GET /embed.js, the loader job boards put on their own pages (DESIGN §6): unhashed, so cached
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

export const webApp: FastifyPluginAsync<{ root: string; config: PublicConfig }> = async (
  app,
  { root, config },
) => {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'no built web app: run "npm run build" first');
    app.get('/', async (_request, reply) =>
      reply.code(503).type('text/plain').send('The web app is not built. Run "npm run build".'),
    );
    return;
  }
  const page = compressedVariants(withConfig(readFileSync(indexFile, 'utf8'), config));
  const sendPage = sendFrom(page, 'text/html; charset=utf-8', { 'cache-control': 'no-cache' });
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
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
      !pathName.startsWith('/index.html') &&
      !pathName.startsWith('/embed.js') &&
      !/\.(br|gz)$/.test(pathName),
    setHeaders(res, file) {
      const hashed = /[/\\]assets[/\\]/.test(file);
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
};
