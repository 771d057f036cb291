// Security headers, CORS and body limits.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { fixture } from '../helpers/fixtures.ts';

let app: StartedApp | null = null;
let other: StartedApp | null = null;
afterEach(async () => {
  await app?.close();
  await other?.close();
  other = null;
});

/** A request whose headers declare what its (absent) body would be: `content-length` may lie. */
function declared(base: string, method: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const url = new URL(path, base);
    const sent = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

const pdfForm = (file: Buffer, type = 'application/pdf') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'cv.pdf');
  return form;
};
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('security headers', () => {
  it('send a strict CSP without inline script, deny framing and skip HSTS on http', async () => {
    app = await startApp();
    const response = await fetch(`${app.base}/`);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('let EMBED_ORIGINS frame the page in embed mode only, and turn HSTS on for an https PUBLIC_BASE_URL', async () => {
    app = await startApp({
      EMBED_ORIGINS: 'https://jobs.example.com https://careers.example.org',
      PUBLIC_BASE_URL: 'https://apply.example.com',
      PROVIDER: 'sandbox',
    });
    const framed = `${CSP.replace(/frame-ancestors .*/, 'frame-ancestors https://jobs.example.com https://careers.example.org')};upgrade-insecure-requests`;
    const unframed = `${CSP};upgrade-insecure-requests`;
    const headersOf = async (path: string) => {
      const response = await fetch(`${app?.base}${path}`);
      return [
        response.status,
        response.headers.get('content-security-policy'),
        response.headers.get('x-frame-options'),
      ];
    };
    // The iframe embed.js builds: /?embed=1 (with host, lang, brand).
    for (const path of [
      '/?embed=1',
      '/?embed=1&host=https%3A%2F%2Fjobs.example.com',
      '/index.html?embed=1',
    ]) {
      expect([path, ...(await headersOf(path))]).toEqual([path, 200, framed, null]);
    }
    // The plain page, and everything else, even when it names ?embed=1.
    for (const path of [
      '/',
      '/?embed=0',
      '/?embed=1&embed=1',
      '/index.html',
      '/api/config',
      '/api/config?embed=1',
      '/embed.js?embed=1',
      '/no-such-page?embed=1',
    ]) {
      const [status, ...rest] = await headersOf(path);
      expect([path, ...rest]).toEqual([path, unframed, 'DENY']);
      expect(status).not.toBe(500);
    }
    const response = await fetch(`${app.base}/api/config`);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('open CORS only to CORS_ORIGINS', async () => {
    app = await startApp({ CORS_ORIGINS: 'https://jobs.example.com' });
    const allowed = await fetch(`${app.base}/api/config`, {
      headers: { origin: 'https://jobs.example.com' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://jobs.example.com');
    const other = await fetch(`${app.base}/api/config`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('limit bodies: 413 past 64 KB on small routes, a 6 MB registration still read', async () => {
    app = await startApp();
    const small = await fetch(`${app.base}/sandbox/v1/candidate/backfill/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(100 * 1024) }),
    });
    expect(small.status).toBe(413);
    const large = await fetch(`${app.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nope', pad: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(large.status).toBe(400);
    expect(await large.json()).toMatchObject({ message: 'Invalid email address' });
  });
});

describe('Cache-Control on the API', () => {
  it('is exactly no-store on every /api answer, errors included, and only there', async () => {
    app = await startApp({ CORS_ORIGINS: 'https://jobs.example.com' });
    other = await startApp({ RATE_LIMIT_REGISTER: '1/1m' });
    const base = app.base;
    const seen: [string, number, string | null][] = [];
    const answer = async (what: string, url: string, init?: RequestInit) => {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      seen.push([what, response.status, response.headers.get('cache-control')]);
    };
    await answer('config', `${base}/api/config`);
    await answer('upload', `${base}/api/upload`, {
      method: 'POST',
      body: pdfForm(fixture('resume.pdf')),
    });
    await answer('upload disguised', `${base}/api/upload`, {
      method: 'POST',
      body: pdfForm(fixture('disguised.png')),
    });
    await answer('upload not multipart', `${base}/api/upload`, json({}));
    await answer('register', `${base}/api/register`, json(candidate()));
    await answer('register invalid', `${base}/api/register`, json(candidate({ email: 'nope' })));
    await answer('register not json', `${base}/api/register`, { method: 'POST', body: '{' });
    await answer('unknown', `${base}/api/nope?x=1`);
    await answer('unknown method', `${base}/api/config`, { method: 'DELETE' });
    await answer('unroutable', `${base}/api/%zz`);
    await answer('api root', `${base}/api`);
    await answer('preflight', `${base}/api/register`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://jobs.example.com',
        'access-control-request-method': 'POST',
      },
    });
    await answer('register', `${other.base}/api/register`, json(candidate()));
    await answer('register again', `${other.base}/api/register`, json(candidate()));
    const tooLarge = await declared(base, 'POST', '/api/register', {
      'content-type': 'application/json',
      'content-length': '999999999',
    });
    seen.push(['register too large', tooLarge.status, String(tooLarge.headers['cache-control'])]);
    expect(seen).toEqual([
      ['config', 200, 'no-store'],
      ['upload', 200, 'no-store'],
      ['upload disguised', 415, 'no-store'],
      ['upload not multipart', 400, 'no-store'],
      ['register', 201, 'no-store'],
      ['register invalid', 400, 'no-store'],
      ['register not json', 400, 'no-store'],
      ['unknown', 404, 'no-store'],
      ['unknown method', 404, 'no-store'],
      ['unroutable', 404, 'no-store'],
      ['api root', 404, 'no-store'],
      ['preflight', 204, 'no-store'],
      ['register', 201, 'no-store'],
      ['register again', 429, 'no-store'],
      ['register too large', 413, 'no-store'],
    ]);
    // The page keeps its own: revalidated, never no-store.
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('Permissions-Policy', () => {
  const POLICY =
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()';

  it('denies every feature the form never uses, on the page, the API and their errors', async () => {
    app = await startApp();
    const base = app.base;
    const answers = await Promise.all(
      [
        fetch(`${base}/`),
        fetch(`${base}/api/config`),
        fetch(`${base}/api/upload`, { method: 'POST', body: pdfForm(fixture('resume.pdf')) }),
        fetch(`${base}/api/register`, json(candidate({ email: 'nope' }))),
        fetch(`${base}/api/nope`),
        fetch(`${base}/nope`),
      ].map(async (pending) => {
        const response = await pending;
        await response.arrayBuffer();
        return [response.status, response.headers.get('permissions-policy')];
      }),
    );
    expect(answers).toEqual([200, 200, 200, 400, 404, 404].map((status) => [status, POLICY]));
  });
});

describe('an unknown /api route', () => {
  const NO_SUCH_ROUTE = '{"error":"Not Found","message":"No such route"}';
  const FORBIDDEN = '{"error":"FastifyError","message":"Forbidden"}';
  /** The raw answer to `method` on `path`, sent as written (Node refuses only controls and spaces). */
  const raw = (base: string, method: string, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(base);
      const sent = httpRequest(
        { host: url.hostname, port: url.port, method, path, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      sent.on('error', reject);
      sent.end();
    });

  it('echoes nothing of the request, whatever its path: unicode, long, script tags', async () => {
    app = await startApp();
    const base = app.base;
    const segment = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
      fc.constantFrom(
        '<script>alert(1)</script>',
        '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        '"><img/src=x/onerror=alert(1)>',
        '{{7*7}}',
      ),
      fc.integer({ min: 1_000, max: 4_000 }).map((n) => 'x'.repeat(n)),
    );
    // Fewer than the unknown routes' own limit per client (120 a minute).
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST'), segment, segment, async (method, a, b) => {
        const answer = await raw(base, method, `/api/${a}/${b}?q=${a}`);
        // A path the app refuses before routing (some long ones) gets its fixed 403 instead.
        expect([
          { status: 404, body: NO_SUCH_ROUTE },
          { status: 403, body: FORBIDDEN },
        ]).toContainEqual(answer);
      }),
      { numRuns: 100 },
    );
  });
});
