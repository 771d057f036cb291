// Serves the built single-page app: hashed assets cached for a year, index.html never cached.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const webApp: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'no built web app: run "npm run build" first');
    app.get('/', async (_request, reply) =>
      reply.code(503).type('text/plain').send('The web app is not built. Run "npm run build".'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, file) {
      const hashed = /[/\\]assets[/\\]/.test(file);
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
};
