// Which page a request gets (docs/languages.md), over real HTTP: the remembered choice (the `lang`
// cookie), then ?lang=, then Accept-Language, then English; Vary names what decided.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from './helpers/app.ts';

const page = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${lang}</title></head><body><div id="root"></div></body></html>`;

let webRoot: string;
let started: StartedApp;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'page-language-'));
  await writeFile(path.join(webRoot, 'index.html'), page('en'));
  await writeFile(path.join(webRoot, 'index.es.html'), page('es'));
  started = await startApp({ PROVIDER: 'sandbox' }, { webRoot });
});
afterAll(async () => {
  await started?.close();
  await rm(webRoot, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${started.base}${url}`, { headers });
  const html = await response.text();
  return { lang: /<html[^>]* lang="(\w+)"/.exec(html)?.[1], vary: response.headers.get('vary') };
}

const BY_HEADER = 'accept-encoding, cookie, accept-language';
const NOT_BY_HEADER = 'accept-encoding, cookie';

describe('GET / in the candidate’s language', () => {
  it.each([
    ['/', {}, 'en', BY_HEADER],
    ['/', { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' }, 'es', BY_HEADER],
    ['/', { 'accept-language': 'es-MX' }, 'es', BY_HEADER],
    ['/', { 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, 'en', BY_HEADER],
    ['/', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'en', BY_HEADER],
    ['/?lang=es', { 'accept-language': 'en' }, 'es', NOT_BY_HEADER],
    ['/?lang=en', { 'accept-language': 'es' }, 'en', NOT_BY_HEADER],
    ['/?lang=fr', { 'accept-language': 'es' }, 'es', BY_HEADER],
    ['/', { cookie: 'lang=es', 'accept-language': 'en' }, 'es', NOT_BY_HEADER],
    ['/?lang=en', { cookie: 'theme=dark; lang=es' }, 'es', NOT_BY_HEADER],
    ['/', { cookie: 'lang=xx', 'accept-language': 'es' }, 'es', BY_HEADER],
    ['/index.html', { 'accept-language': 'es' }, 'es', BY_HEADER],
    ['/?embed=1&lang=es', {}, 'es', NOT_BY_HEADER],
    ['/?brand=1d4ed8', { 'accept-language': 'es' }, 'es', BY_HEADER],
  ])('%s with %j: %s, Vary %s', async (url, headers, lang, vary) => {
    expect(await get(url, headers)).toEqual({ lang, vary });
  });

  it('does not serve a language page as a file of its own', async () => {
    const response = await fetch(`${started.base}/index.es.html`);
    expect(response.status).toBe(404);
  });
});
