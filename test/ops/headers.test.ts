// Security headers, CORS and body limits.
import { afterEach, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from '../helpers/app.ts';

let app: StartedApp | null = null;
afterEach(async () => app?.close());

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
