// The built single-page app and GET /api/config: caching, the public configuration, 404s, and
// no provider secret in anything the browser can fetch (README.md and docs/api.md).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from './helpers/app.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Resume Library Registration</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';
const ASSET = 'document.title = "Resume Library Registration";\n';
const USER = 'acme-user';
const KEY = 'k3y-Secret-123';
const SECRETS = [KEY, Buffer.from(`${USER}:${KEY}`).toString('base64')];

let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'resume-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webRoot, 'assets', 'app-1a2b3c.js'), ASSET);
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, signal: AbortSignal.timeout(5_000) });

describe('with the default configuration', () => {
  let started: StartedApp;

  beforeAll(async () => {
    started = await startApp({}, { webRoot });
  });

  afterAll(async () => {
    await started?.close();
  });

  it('serves index.html at / with cache-control no-cache and the public configuration inlined', async () => {
    const response = await get(`${started.base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const config =
      '{"jobBoardUrl":"https://www.resume-library.com","maxResumeBytes":5242880,"resumeTypes":["pdf","doc","docx","txt","rtf"],"randomDataButton":true,"draftTtlHours":24,"resumeOrphanMinutes":60,"resumeRetentionDays":30,"privacyPolicyUrl":null,"providerTermsUrl":null,"privateLinkHosts":true,"ownHost":null,"funnel":true,"funnelSources":[]}';
    expect(await response.text()).toBe(
      INDEX_HTML.replace(
        '</head>',
        `<script id="app-config" type="application/json">${config}</script></head>`,
      ),
    );
  });

  it('serves the same page compressed when the browser accepts gzip', async () => {
    const plain = await (await get(`${started.base}/`, { 'accept-encoding': 'identity' })).text();
    const response = await get(`${started.base}/`, { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decompresses: the page is the same.
    expect(await response.text()).toBe(plain);
  });

  it('serves a hashed asset cached for a year as immutable', async () => {
    const response = await get(`${started.base}/assets/app-1a2b3c.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(ASSET);
  });

  it('serves an unhashed file at the root with cache-control no-cache', async () => {
    const response = await get(`${started.base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await get(`${started.base}/api/unknown`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: 'Not Found',
      message: 'No such route',
    });
  });

  it('answers GET /api/config with exactly the thirteen public keys', async () => {
    const response = await get(`${started.base}/api/config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      jobBoardUrl: 'https://www.resume-library.com',
      maxResumeBytes: 5242880,
      resumeTypes: ['pdf', 'doc', 'docx', 'txt', 'rtf'],
      randomDataButton: true,
      draftTtlHours: 24,
      resumeOrphanMinutes: 60,
      resumeRetentionDays: 30,
      privacyPolicyUrl: null,
      providerTermsUrl: null,
      privateLinkHosts: true,
      ownHost: null,
      funnel: true,
      funnelSources: [],
    });
  });
});

describe('with RANDOM_DATA_BUTTON=off, DRAFT_TTL_HOURS=2, a privacy policy, a job board, a real provider credential and its public address', () => {
  let started: StartedApp;

  beforeAll(async () => {
    started = await startApp(
      {
        RANDOM_DATA_BUTTON: 'off',
        DRAFT_TTL_HOURS: '2',
        PRIVACY_POLICY_URL: 'https://jobs.example.com/privacy',
        JOB_BOARD_URL: 'https://jobs.example.com',
        PUBLIC_BASE_URL: 'https://apply.example.com',
        PROVIDER_API_BASE: 'https://api.provider.example',
        PROVIDER_API_USER: USER,
        PROVIDER_API_KEY: KEY,
      },
      { webRoot },
    );
  });

  afterAll(async () => {
    await started?.close();
  });

  it('answers GET /api/config with randomDataButton false, the draft’s 2 hours, the policy and the job board', async () => {
    const response = await get(`${started.base}/api/config`);
    expect(await response.json()).toEqual({
      jobBoardUrl: 'https://jobs.example.com',
      maxResumeBytes: 5242880,
      resumeTypes: ['pdf', 'doc', 'docx', 'txt', 'rtf'],
      randomDataButton: false,
      draftTtlHours: 2,
      resumeOrphanMinutes: 60,
      resumeRetentionDays: 30,
      privacyPolicyUrl: 'https://jobs.example.com/privacy',
      providerTermsUrl: null,
      // RANDOM_DATA_BUTTON=off: a public deployment, whose links never lead to private hosts
      // other than its own address.
      privateLinkHosts: false,
      ownHost: 'apply.example.com',
      funnel: true,
      funnelSources: [],
    });
  });

  it('marks the page so the random-data button stays hidden', async () => {
    const html = await (await get(`${started.base}/`)).text();
    expect(html.startsWith('<!doctype html><html data-random-data="off" lang="en">')).toBe(true);
    expect(html).toContain('"randomDataButton":false');
  });

  it('does not mount the sandbox', async () => {
    const response = await fetch(`${started.base}/sandbox/v1/candidate/backfill/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(404);
  });

  it('never shows the provider key or credential in any page, asset, API answer or header', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/assets/app-1a2b3c.js',
      '/favicon.svg',
      '/api/config',
      '/api/unknown',
      '/nowhere',
    ]) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await get(`${started.base}${url}`, { 'accept-encoding': encoding });
        const text = await response.text();
        const headers = JSON.stringify([...response.headers]);
        for (const secret of SECRETS) {
          expect({
            url,
            encoding,
            leaked: text.includes(secret) || headers.includes(secret),
          }).toEqual({ url, encoding, leaked: false });
        }
      }
    }
  });
});
