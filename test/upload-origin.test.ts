// POST /api/upload from another site's page is refused before its body is read, and stores
// nothing; the site's own pages, CORS_ORIGINS and clients that are no browser upload as before
// (docs/api.md). Over real HTTP, with the headers a browser sends.
import { type IncomingHttpHeaders, request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCrossSiteUpload } from '../src/server/routes/upload-origin.ts';
import { listFiles, type StartedApp, startApp } from './helpers/app.ts';
import { candidate } from './helpers/candidate.ts';
import { HAND_WRITTEN_UPLOAD } from './helpers/upload.ts';

const PUBLIC_BASE_URL = 'https://apply.example.com';
const CORS_ORIGIN = 'https://partner.example.org';
const REFUSED = { success: false, error: "Uploads are accepted only from this site's own pages." };

let started: StartedApp;

beforeAll(async () => {
  started = await startApp({
    PUBLIC_BASE_URL,
    PROVIDER: 'sandbox',
    CORS_ORIGINS: CORS_ORIGIN,
    EMBED_ORIGINS: 'https://www.acme-jobs.com',
  });
});

afterAll(async () => {
  await started?.close();
});

interface Answer {
  status: number;
  body: unknown;
}

/**
 * The browser's upload of a 512 KB PDF with `headers`; with `bodyless`, the length is declared
 * but no byte of the body is ever sent, so only an answer that reads none of it arrives.
 */
function uploadWith(headers: Record<string, string>, bodyless = false): Promise<Answer> {
  const { HEAD, PDF, TAIL } = HAND_WRITTEN_UPLOAD;
  const target = new URL('/api/upload', started.base);
  return new Promise((resolve, reject) => {
    const client = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=hand-written-boundary',
          'content-length': HEAD.length + PDF.length + TAIL.length,
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
        response.on('error', reject);
      },
    );
    client.on('error', reject);
    if (bodyless) {
      client.flushHeaders();
      return;
    }
    client.end(Buffer.concat([HEAD, PDF, TAIL]));
  });
}

const hostOf = () => new URL(started.base).host;

describe('POST /api/upload and the Origin it comes from', () => {
  it('refuses another site’s page with 403 in the upload’s shape, before reading the body, and stores nothing', async () => {
    const before = await listFiles(started.uploadDir);
    const answer = await uploadWith(
      { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
      true,
    );
    expect(answer).toEqual({ status: 403, body: REFUSED });
    expect(await uploadWith({ origin: 'https://evil.example.net' })).toEqual({
      status: 403,
      body: REFUSED,
    });
    expect(await listFiles(started.uploadDir)).toEqual(before);
  });

  it('refuses Sec-Fetch-Site: cross-site, even without an Origin', async () => {
    expect(await uploadWith({ 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
      body: REFUSED,
    });
  });

  it('refuses a listed job board’s origin: the embedded form uploads from its own', async () => {
    expect(
      await uploadWith({ origin: 'https://www.acme-jobs.com', 'sec-fetch-site': 'cross-site' }),
    ).toEqual({ status: 403, body: REFUSED });
  });

  it('takes the page’s own uploads: PUBLIC_BASE_URL’s origin, or the Host it was asked on', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: PUBLIC_BASE_URL, 'sec-fetch-site': 'same-origin' },
      { origin: `http://${hostOf()}`, 'sec-fetch-site': 'same-origin' },
      { origin: `http://${hostOf()}` },
    ]) {
      const answer = await uploadWith(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.body).toMatchObject({ success: true });
    }
  });

  it('takes a same-site page only when its origin is this site’s or listed in CORS_ORIGINS', async () => {
    expect((await uploadWith({ origin: CORS_ORIGIN, 'sec-fetch-site': 'cross-site' })).status).toBe(
      200,
    );
    expect(
      await uploadWith({ origin: 'https://other.example.com', 'sec-fetch-site': 'same-site' }),
    ).toEqual({ status: 403, body: REFUSED });
  });

  it('takes a client that is no browser (no Origin, no Sec-Fetch-Site), as curl or a board’s server', async () => {
    const answer = await uploadWith({});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true });
    expect((await uploadWith({ 'sec-fetch-site': 'none' })).status).toBe(200);
  });

  it('counts the refusals as uploads_total{result="cross_site"}', async () => {
    const metrics = await (await fetch(started.metricsUrl)).text();
    expect(metrics).toMatch(/uploads_total\{result="cross_site"\} [1-9]/);
  });
});

describe('POST /api/register from another site’s page', () => {
  it('registers no one from a body a page can send without CORS: only JSON is read as a candidate', async () => {
    const body = JSON.stringify(candidate());
    for (const type of [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await fetch(`${started.base}/api/register`, {
        method: 'POST',
        headers: {
          'content-type': type,
          origin: 'https://evil.example.net',
          'sec-fetch-site': 'cross-site',
        },
        body,
      });
      expect([400, 415], type).toContain(response.status);
      expect(await response.json()).toMatchObject({ ok: false });
    }
    const json = await fetch(`${started.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(json.status).toBe(201);
  });
});

describe('isCrossSiteUpload on hostile Origin headers', () => {
  const allowed = [PUBLIC_BASE_URL, CORS_ORIGIN];
  const host = 'apply.example.com';

  it('refuses every Origin that is not exactly an allowed one or the Host’s', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ maxLength: 5000 }),
      fc.constantFrom('null', 'NULL', ' ', '', 'file://', 'data:,', 'about:blank'),
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'ftp', 'javascript', 'chrome-extension', 'ws', 'HTTPS'),
          fc.webAuthority({ withPort: true, withIPv4: true, withIPv6: true }),
        )
        .map(([scheme, authority]) => `${scheme}://${authority}`),
      fc
        .tuple(
          fc.constantFrom(...allowed, `https://${host}`),
          fc.string({ minLength: 1, maxLength: 20 }),
        )
        .map(([origin, tail]) => origin + tail),
      fc.webUrl().map((url) => new URL(url).origin),
    );
    fc.assert(
      fc.property(
        hostile,
        fc.constantFrom(undefined, 'cross-site', 'same-site', 'same-origin'),
        (origin, site) => {
          const normal = (() => {
            try {
              const url = new URL(origin);
              return /^https?:$/.test(url.protocol) ? url.origin : null;
            } catch {
              return null;
            }
          })();
          const ours =
            normal === origin &&
            (allowed.includes(origin) || (site !== 'cross-site' && new URL(origin).host === host));
          const headers: IncomingHttpHeaders = { origin, host };
          if (site) headers['sec-fetch-site'] = site;
          expect(isCrossSiteUpload(headers, allowed)).toBe(!ours);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a header sent twice, a port the list does not name and another letter case', () => {
    expect(isCrossSiteUpload({ origin: [PUBLIC_BASE_URL, PUBLIC_BASE_URL], host }, allowed)).toBe(
      true,
    );
    expect(isCrossSiteUpload({ origin: `${PUBLIC_BASE_URL}:8443`, host }, allowed)).toBe(true);
    expect(isCrossSiteUpload({ origin: 'https://APPLY.example.com', host: 'x' }, allowed)).toBe(
      true,
    );
    expect(isCrossSiteUpload({ origin: `${PUBLIC_BASE_URL}/`, host: 'x' }, allowed)).toBe(true);
    expect(isCrossSiteUpload({ origin: 'null', host }, allowed)).toBe(true);
    expect(isCrossSiteUpload({ origin: 'http://apply.example.com:80', host }, allowed)).toBe(true);
    expect(isCrossSiteUpload({ host }, allowed)).toBe(false);
  });
});
