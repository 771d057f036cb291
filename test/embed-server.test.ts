// What the server does for embedding (docs/embedding.md): GET /embed.js (the type, brief caching,
// loadable cross-origin while everything else stays same-origin, compressed on request), and
// the page's embed variant with the board's colour.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedHost, EMBED_CACHE, pageVariant, variantOf } from '../src/server/routes/web-app.ts';
import { MINIMAL_INDEX_HTML, type StartedApp, startApp } from './helpers/app.ts';

const SCRIPT = '(function(){document.currentScript;})();\n'.repeat(40);

let webRoot: string;
let started: StartedApp;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'resume-embed-'));
  await writeFile(path.join(webRoot, 'index.html'), MINIMAL_INDEX_HTML);
  await writeFile(path.join(webRoot, 'embed.js'), SCRIPT);
  await writeFile(path.join(webRoot, 'embed.js.br'), 'stale precompressed twin');
  started = await startApp(
    { EMBED_ORIGINS: 'https://jobs.example.com, http://127.0.0.1:4100' },
    { webRoot },
  );
});

afterAll(async () => {
  await started?.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** GET as a browser receives it: the bytes as sent, not decompressed. */
function rawGet(url: string, encoding: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = httpGet(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

const get = (url: string, encoding: string) =>
  fetch(url, { headers: { 'accept-encoding': encoding }, signal: AbortSignal.timeout(5_000) });

describe('GET /embed.js', () => {
  it.each([
    ['identity', (bytes: Buffer) => bytes],
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)(
    'is JavaScript, cached five minutes, cross-origin, as %s',
    async (encoding, decode) => {
      const response = await rawGet(`${started.base}/embed.js`, encoding);
      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
        vary: 'accept-encoding',
      });
      expect(EMBED_CACHE).toBe('public, max-age=300');
      expect(response.headers['content-encoding']).toBe(
        encoding === 'identity' ? undefined : encoding,
      );
      expect(decode(response.body).toString('utf8')).toBe(SCRIPT);
    },
  );

  it('leaves every other response same-origin, the page included', async () => {
    for (const url of ['/', '/api/config', '/nowhere']) {
      const response = await get(`${started.base}${url}`, 'identity');
      expect({ url, corp: response.headers.get('cross-origin-resource-policy') }).toEqual({
        url,
        corp: 'same-origin',
      });
    }
  });

  it('never serves a precompressed twin by its own name', async () => {
    expect((await get(`${started.base}/embed.js.br`, 'identity')).status).toBe(404);
  });
});

async function page(query: string) {
  const response = await get(`${started.base}/${query}`, 'identity');
  expect(response.status).toBe(200);
  return response.text();
}

describe('the page in embed mode', () => {
  it('says so on its root element, with the origins it may post to', async () => {
    const html = await page('?embed=1');
    expect(html).toContain(
      '<html data-embed="1" data-embed-origins="https://jobs.example.com http://127.0.0.1:4100" lang="en">',
    );
    expect(html).not.toContain('<style id="brand">');
  });

  it.each([
    ['2e7d32', '#2e7d32', '#256428'],
    ['2E7D32', '#2e7d32', '#256428'],
    ['000000', '#000000', '#000000'],
  ])('takes the board’s colour %s as --brand %s and --brand-dark %s', async (brand, main, dark) => {
    const html = await page(`?embed=1&brand=${brand}`);
    expect(html).toContain(
      `<style id="brand">:root{--brand:${main};--brand-dark:${dark}}</style></head>`,
    );
  });

  it.each(['777777', 'ffffff', 'fff', '2e7d32"><script>alert(1)</script>', '', 'red'])(
    'ignores the colour %j, below 4.5:1 or no colour at all, and echoes nothing of it',
    async (brand) => {
      const html = await page(`?embed=1&brand=${encodeURIComponent(brand)}`);
      expect(html).not.toContain('<style id="brand">');
      expect(html).not.toContain('alert(1)');
      expect(html).toContain('data-embed="1"');
    },
  );

  it('leaves the page as it was without ?embed=1', async () => {
    const html = await page('');
    expect(html).not.toContain('data-embed');
    expect(html).not.toContain('<style id="brand">');
    expect(await page('?embed=0')).toBe(html);
  });

  it('keeps at most 64 variants, and answers each again the same', async () => {
    const colours = Array.from({ length: 70 }, (_, i) => (i * 2).toString(16).padStart(6, '0'));
    const first = await Promise.all(colours.map((c) => page(`?embed=1&brand=${c}`)));
    const again = await Promise.all(colours.map((c) => page(`?embed=1&brand=${c}`)));
    expect(again).toEqual(first);
  });
});

const LISTED: [string, string] = ['https://jobs.example.com', 'http://127.0.0.1:4100'];

async function pageWithCsp(query: string) {
  const response = await get(`${started.base}/${query}`, 'identity');
  expect(response.status).toBe(200);
  const csp = response.headers.get('content-security-policy') ?? '';
  const frameAncestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  return { html: await response.text(), frameAncestors };
}

describe('the host origin embed.js names (?host=)', () => {
  it.each(LISTED)(
    'writes the listed %s into the page, which that origin may frame',
    async (host) => {
      const { html, frameAncestors } = await pageWithCsp(
        `?embed=1&host=${encodeURIComponent(host)}`,
      );
      expect(html).toContain(
        `<html data-embed="1" data-embed-origins="${LISTED.join(' ')}" data-embed-host="${host}" lang="en">`,
      );
      expect(frameAncestors).toEqual(LISTED);
    },
  );

  it.each([
    'https://evil.example',
    'https://jobs.example.com.evil.example',
    'https://jobs.example.com/',
    'https://jobs.example.com/careers',
    'HTTPS://JOBS.EXAMPLE.COM',
    'https://user:pw@jobs.example.com',
    'https://jobs.example.com:443',
    'http://127.0.0.1:4101',
    'null',
    '*',
    '',
  ])(
    'takes %j as no host: nothing of it in the page, and frame-ancestors refuses it',
    async (host) => {
      const { html, frameAncestors } = await pageWithCsp(
        `?embed=1&host=${encodeURIComponent(host)}`,
      );
      expect(html).not.toContain('data-embed-host');
      expect(html).not.toContain('evil');
      expect(frameAncestors).toEqual(LISTED);
      expect(frameAncestors).not.toContain(host);
    },
  );

  it('ignores ?host= without ?embed=1, and a host given twice', async () => {
    expect(await page(`?host=${encodeURIComponent(LISTED[0])}`)).not.toContain('data-embed');
    const twice = `?embed=1&host=${encodeURIComponent(LISTED[0])}&host=${encodeURIComponent(LISTED[1])}`;
    expect(await page(twice)).not.toContain('data-embed-host');
  });

  it.each<[unknown, string | null]>([
    ['https://jobs.example.com', 'https://jobs.example.com'],
    ['https://jobs.example.com ', null],
    [' https://jobs.example.com', null],
    [['https://jobs.example.com'], null],
    [null, null],
    [undefined, null],
    [42, null],
  ])('acceptedHost(%j) is %j', (value, expected) => {
    expect(acceptedHost(value, LISTED)).toBe(expected);
  });
});

describe('the page variant for any query a client sends', () => {
  it('names a host only when ?host= is exactly a listed origin, and echoes nothing else of it', () => {
    const listed = fc.constantFrom(...LISTED);
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc.constant('x'.repeat(100_000)),
      fc.constantFrom('null', '*', 'about:blank', 'javascript:alert(1)', 'file://'),
      // Listed origins made into something else: a path, userinfo, a port, case, a suffix.
      listed.chain((origin) =>
        fc.oneof(
          fc.webPath().map((p) => `${origin}${p || '/'}`),
          fc.constant(origin.replace('://', '://user:pass@')),
          fc.integer({ min: 0, max: 65_535 }).map((port) => `${origin}:${port}`),
          fc.constant(origin.toUpperCase()),
          fc.constant(`${origin}.evil.example`),
          fc.constant(`${origin}"><script>alert(1)</script>`),
          fc.constant(`${origin}\u0000`),
          fc.constant(` ${origin}`),
        ),
      ),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.array(listed, { minLength: 1, maxLength: 3 }),
    );
    const query = fc.record(
      { embed: fc.constantFrom('1', '0', undefined), host: fc.oneof(listed, hostile) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, (sent) => {
        const variant = variantOf(sent, null, LISTED);
        const html = pageVariant(MINIMAL_INDEX_HTML, variant, LISTED);
        const accepted = sent.embed === '1' && LISTED.includes(sent.host as string);
        expect(variant.host).toBe(accepted ? sent.host : null);
        const named = / data-embed-host="([^"]*)"/.exec(html);
        expect(named?.[1] ?? null).toBe(accepted ? sent.host : null);
        const rest = html
          .replace(named?.[0] ?? '', '')
          .replace(` data-embed="1" data-embed-origins="${LISTED.join(' ')}"`, '');
        expect(rest).toBe(MINIMAL_INDEX_HTML);
      }),
      { numRuns: 2_000 },
    );
  });

  it('carries a colour only as a valid #rrggbb palette, and nothing else of the query', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.stringMatching(/^[0-9a-fA-F]{6}$/),
      fc.constant('"><script>alert(1)</script>'),
      fc.constant('x'.repeat(100_000)),
    );
    const query = fc.record(
      { embed: fc.oneof(fc.constant('1'), text), brand: text },
      {
        requiredKeys: [],
      },
    );
    fc.assert(
      fc.property(query, (sent) => {
        const variant = variantOf(sent, null);
        const html = pageVariant(MINIMAL_INDEX_HTML, variant, ['https://jobs.example.com']);
        expect(variant.embed).toBe(sent.embed === '1');
        const style =
          /<style id="brand">:root\{--brand:(#[0-9a-f]{6});--brand-dark:(#[0-9a-f]{6})\}<\/style>/.exec(
            html,
          );
        expect(style?.[1] ?? null).toBe(variant.brand?.brand ?? null);
        if (variant.brand) expect(variant.brand.brand).toBe(`#${String(sent.brand).toLowerCase()}`);
        const rest = html
          .replace(style?.[0] ?? '', '')
          .replace(/ data-embed="1" data-embed-origins="https:\/\/jobs\.example\.com"/, '');
        expect(rest).toBe(MINIMAL_INDEX_HTML);
      }),
      { numRuns: 1_000 },
    );
  });
});
