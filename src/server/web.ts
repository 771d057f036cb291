// Serves the built single-page app: hashed assets cached for a year, index.html never cached
// and served from memory with the public configuration inlined as a JSON data block.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { PublicConfig } from './routes/config.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** index.html with the configuration the browser reads before hydrating. */
export function withConfig(html: string, config: PublicConfig): string {
  // A JSON data block is never executed, so a CSP without inline scripts still allows it.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const block = `<script id="app-config" type="application/json">${json}</script>`;
  const page = html.replace('</head>', `${block}</head>`);
  return config.randomDataButton ? page : page.replace('<html', '<html data-random-data="off"');
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
  const page = withConfig(readFileSync(indexFile, 'utf8'), config);
  const sendPage = async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  app.get('/', sendPage);
  app.get('/index.html', sendPage);

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, file) {
      const hashed = /[/\\]assets[/\\]/.test(file);
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
};
