// deploy/nginx run by Debian's nginx in front of the real app: the shipped site file passes
// `nginx -t` and, run on two ports, names no nginx version on either; the shipped proxy rules,
// included unchanged by this test's own nginx.conf, stream 5 MB uploads and 7 MB registrations
// to the app, leave over-limit bodies to the app's own 413, give the rate limit the client's own
// address, keep the app's headers and serve neither metrics nor the instances' probes.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { REGISTER_BODY_LIMIT } from '../../src/server/routes/register.ts';
import { MAX_REQUEST_BYTES } from '../../src/server/routes/upload.ts';
import { MAX_RESUME_BYTES } from '../../src/shared/constants.ts';
import { PROVIDER_MESSAGES, UPLOAD_ERRORS } from '../../src/shared/messages.ts';
import { type StartedApp, startApp } from '../helpers/app.ts';
import { candidate } from '../helpers/candidate.ts';
import { STORED_NAME } from '../helpers/fixtures.ts';
import { respond, type StandIn, startStandIn } from '../helpers/provider-stand-in.mjs';
import { freePort } from './services.ts';

const NGINX = '/usr/sbin/nginx';
const SHIPPED = path.resolve(import.meta.dirname, '../../deploy/nginx');
const SITE = path.join(SHIPPED, 'resume-registration.conf');
const PROXY_RULES = path.join(SHIPPED, 'resume-registration-proxy.conf');
/** Where the site file includes the rules from, relative to nginx.conf's directory. */
const PROXY_RULES_INCLUDED_AS = 'snippets/resume-registration-proxy.conf';
/** The site file's placeholder certificate and key. */
const PLACEHOLDER_CERTIFICATE = '/etc/ssl/certs/apply.example.com.pem';
const PLACEHOLDER_KEY = '/etc/ssl/private/apply.example.com.key';
/** The app's whole-request bound for slow phones (src/server/main.ts). */
const APP_REQUEST_TIMEOUT_S = 120;
const TOO_MANY = PROVIDER_MESSAGES.tooManyRequests;

const nginxInstalled = existsSync(NGINX);
if (!nginxInstalled && process.env.CI) {
  throw new Error(
    'CI is set, so the nginx checks must run, but /usr/sbin/nginx is not installed (apt-get install nginx-light; .ci/run does)',
  );
}
/** Skipped on a developer machine without Debian's nginx; CI must run every case. */
const describeWithNginx = describe.skipIf(!nginxInstalled);

// ---------------------------------------------------------------------------------------------
// nginx

function run(file: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** `site` with a throwaway certificate and key, made in `dir`, in place of its placeholders. */
async function withCertificate(site: string, dir: string): Promise<string> {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=apply.example.com',
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  expect(made.code, made.output).toBe(0);
  return site.replace(PLACEHOLDER_CERTIFICATE, certificate).replace(PLACEHOLDER_KEY, key);
}

/** Paths nginx writes to, all in `dir` (Debian's defaults are under /var). */
const privatePaths = (dir: string) => `
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  access_log off;`;

/**
 * The test's own main configuration: plain HTTP on 127.0.0.1:`port`, the upstream the shipped
 * rules proxy to pointed at `app` (host:port), and the shipped rules included as they are.
 */
const testConfig = (dir: string, app: string, port: number) => `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  ${privatePaths(dir)}
  upstream resume_registration {
    server ${app};
    keepalive 4;
  }
  server {
    listen 127.0.0.1:${port};
    include ${PROXY_RULES};
  }
}
`;

interface Proxy {
  /** http://127.0.0.1:{port} */
  base: string;
  port: number;
  stop(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

const exited = (child: ChildProcess) =>
  running(child)
    ? new Promise<void>((resolve) => child.once('exit', () => resolve()))
    : Promise.resolve();

/** Resolves true when `promise` settles within `ms`, false otherwise. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return settled;
}

/** nginx in front of `app` on a free port, answering once GET / comes through it. */
async function startNginx(app: StartedApp, port?: number): Promise<Proxy> {
  const listen = port ?? (await freePort());
  const dir = await nginxDir();
  return launch(dir, testConfig(dir, new URL(app.base).host, listen), listen, 200);
}

/** A directory for one nginx: its configuration, pid and temporary paths. */
async function nginxDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nginx-'));
  // Started as root (CI), the master hands its workers to `nobody`: they must be able to reach
  // the temporary paths, which the master creates (and gives to them) inside this directory.
  await chmod(dir, 0o755);
  return dir;
}

/**
 * nginx on the main configuration `config`, written into `dir`; resolves once GET / on plain
 * HTTP at `listen` answers `readyStatus`.
 */
async function launch(
  dir: string,
  config: string,
  listen: number,
  readyStatus: number,
): Promise<Proxy> {
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, config);
  // Its own process group, so that a master that will not stop is killed with its workers.
  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const gone = exited(child);
  const proxy: Proxy = {
    base: `http://127.0.0.1:${listen}`,
    port: listen,
    async stop() {
      if (child.pid && running(child)) {
        // TERM: the master stops its workers, then exits.
        child.kill('SIGTERM');
        if (!(await within(gone, 5_000))) {
          process.kill(-child.pid, 'SIGKILL');
          await gone;
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 5_000;
  for (;;) {
    const ready = await send(listen, { path: '/', timeoutMs: 1_000 }).then(
      (answer) => answer.status === readyStatus,
      () => false,
    );
    if (ready) return proxy;
    if ((await within(gone, 25)) || Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`nginx did not start in time:\n${log}`);
    }
  }
}

/** A provider stand-in that accepts, the app on it with `env`, and nginx in front on `port`. */
interface BehindNginx {
  standIn: StandIn;
  app: StartedApp;
  proxy: Proxy;
}

async function startBehindNginx(env: Record<string, string>, port?: number): Promise<BehindNginx> {
  const standIn = await startStandIn(respond(201, { id: 'c1' }));
  let app: StartedApp | undefined;
  try {
    app = await startApp({
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
      ...env,
    });
    return { standIn, app, proxy: await startNginx(app, port) };
  } catch (error) {
    await stopBehindNginx(undefined, app, standIn);
    throw error;
  }
}

/** Stops what startBehindNginx started, whatever of it did start. */
async function stopBehindNginx(proxy?: Proxy, app?: StartedApp, standIn?: StandIn) {
  await proxy?.stop();
  await app?.close();
  await standIn?.close();
}

// ---------------------------------------------------------------------------------------------
// HTTP, from any address of 127.0.0.0/8

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Names and values as sent, repeated headers included. */
  rawHeaders: string[];
  body: Buffer;
}

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Uint8Array | string;
  /**
   * A body written piece by piece (chunked, unless `headers` declares its length), each
   * function awaited before the next piece.
   */
  pieces?: (Buffer | (() => Promise<unknown>))[];
  /** The client's own address (Linux routes all of 127.0.0.0/8 to loopback). */
  from?: string;
  timeoutMs?: number;
}

function send(port: number, sent: Sent): Promise<Answer> {
  const { method = 'GET', path: target, headers = {}, from = '127.0.0.1' } = sent;
  const body = sent.body === undefined ? undefined : Buffer.from(sent.body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        localAddress: from,
        agent: false,
        headers: body ? { 'content-length': body.length, ...headers } : headers,
        timeout: sent.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer to ${method} ${target}`)));
    request.on('error', reject);
    void (async () => {
      for (const piece of sent.pieces ?? []) {
        if (typeof piece === 'function') await piece();
        else request.write(piece);
      }
      request.end(body);
    })().catch((error: Error) => request.destroy(error));
  });
}

/** Status and JSON body; an answer that is no JSON (nginx's own pages) fails, showing it. */
function json(answer: Answer) {
  const text = answer.body.toString();
  try {
    return { status: answer.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new Error(`expected JSON, got ${answer.status}: ${text.slice(0, 300)}`);
  }
}

const FIVE_MB = MAX_RESUME_BYTES;

/** A PDF of exactly `size` bytes: the signature, then random bytes. */
function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

/** The browser's upload form (filename, then the file), encoded as fetch encodes it. */
async function uploadForm(file: Uint8Array, name: string) {
  const form = new FormData();
  form.append('filename', `1732270000000-k3j4h5g6-${name}`);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function uploadThrough(port: number, file: Uint8Array, name: string, from?: string) {
  return send(port, {
    method: 'POST',
    path: '/api/upload',
    ...(await uploadForm(file, name)),
    from,
  });
}

function registerThrough(port: number, body: unknown, sent: Omit<Sent, 'path'> = {}) {
  return send(port, {
    method: 'POST',
    path: '/api/register',
    ...sent,
    headers: { 'content-type': 'application/json', ...sent.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------

describeWithNginx('the shipped site file', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nginx-site-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('passes nginx -t with a real certificate in place of the placeholders, and reads the shipped rules', async () => {
    // The site file as shipped but for its two placeholder paths, each there exactly once.
    const shipped = await readFile(SITE, 'utf8');
    expect(shipped.split(PLACEHOLDER_CERTIFICATE)).toHaveLength(2);
    expect(shipped.split(PLACEHOLDER_KEY)).toHaveLength(2);
    await writeFile(
      path.join(dir, 'resume-registration.conf'),
      await withCertificate(shipped, dir),
    );
    // The rules where the site file looks for them, as the shipped file itself (a link).
    await mkdir(path.join(dir, path.dirname(PROXY_RULES_INCLUDED_AS)));
    await symlink(PROXY_RULES, path.join(dir, PROXY_RULES_INCLUDED_AS));
    const conf = path.join(dir, 'nginx.conf');
    await writeFile(
      conf,
      `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${privatePaths(dir)}\n  include ${dir}/resume-registration.conf;\n}\n`,
    );

    const checked = await run(NGINX, ['-t', '-p', `${dir}/`, '-c', conf]);
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toContain('syntax is ok');
    expect(checked.output).toContain('test is successful');
    expect(checked.output).not.toMatch(/\[(warn|emerg|alert|crit|error)\]/);

    // Without the rules beside it, the same check fails on the include: the site reads them.
    await unlink(path.join(dir, PROXY_RULES_INCLUDED_AS));
    const without = await run(NGINX, ['-t', '-p', `${dir}/`, '-c', conf]);
    expect(without.code).not.toBe(0);
    expect(without.output).toContain('resume-registration-proxy.conf');
  });

  it('matches the app’s limits: body caps to the byte, and timers that outlast the app’s', async () => {
    const rules = (await readFile(PROXY_RULES, 'utf8')).replace(/#.*$/gm, '');
    const locations = new Map(
      [...rules.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)].map((m) => [m[1], m[2]]),
    );
    const serverLevel = rules.replace(/location\s+[^{]+\{[^}]*\}/g, '');
    const value = (block: string | undefined, directive: string) =>
      block?.match(new RegExp(`(?:^|[;\\s])${directive}\\s+(\\d+)s?;`))?.[1];
    // Equal, not larger: a body the app refuses from its Content-Length alone makes it close the
    // connection while nginx may still be sending, and nginx answers 502 (see the snippet).
    expect(Number(value(locations.get('= /api/register'), 'client_max_body_size'))).toBe(
      REGISTER_BODY_LIMIT,
    );
    expect(Number(value(locations.get('= /api/upload'), 'client_max_body_size'))).toBe(
      MAX_REQUEST_BYTES,
    );
    // A slow phone's body: the app allows 120 s for a whole request.
    expect(Number(value(serverLevel, 'client_body_timeout'))).toBeGreaterThanOrEqual(
      APP_REQUEST_TIMEOUT_S,
    );
    expect(Number(value(serverLevel, 'proxy_send_timeout'))).toBeGreaterThanOrEqual(
      APP_REQUEST_TIMEOUT_S,
    );
    const main = await readFile(
      path.resolve(import.meta.dirname, '../../src/server/main.ts'),
      'utf8',
    );
    expect(main).toContain(`requestTimeout = ${APP_REQUEST_TIMEOUT_S}_000;`);
    // A registration waits for the provider up to PROVIDER_TIMEOUT_MS, then answers 504 itself.
    const defaults = loadConfig({});
    if (!defaults.ok) throw new Error(defaults.errors.join('\n'));
    expect(Number(value(locations.get('= /api/register'), 'proxy_read_timeout'))).toBeGreaterThan(
      defaults.config.provider.timeoutMs / 1000,
    );
  });
});

describeWithNginx('the shipped site file, run', () => {
  let standIn: StandIn;
  let app: StartedApp;
  let site: Proxy;
  let https = 0;

  beforeAll(async () => {
    standIn = await startStandIn(respond(201, { id: 'c1' }));
    app = await startApp({
      PROVIDER_API_BASE: standIn.url,
      PROVIDER_API_USER: 'u',
      PROVIDER_API_KEY: 'k',
    });
    const dir = await nginxDir();
    const [http, tls] = [await freePort(), await freePort()];
    https = tls;
    // The site as shipped, on free ports of 127.0.0.1 instead of 80 and 443, its upstream the app.
    const replaced = (text: string, from: RegExp, to: string) => {
      expect(text, `${from}`).toMatch(from);
      return text.replace(from, to);
    };
    let text = await withCertificate(await readFile(SITE, 'utf8'), dir);
    text = replaced(text, /^ *listen \[::\]:\d+.*\n/gm, '');
    text = replaced(text, /listen 80;/, `listen 127.0.0.1:${http};`);
    text = replaced(text, /listen 443 /, `listen 127.0.0.1:${https} `);
    text = replaced(
      text,
      /upstream resume_registration \{[^}]*\}/,
      `upstream resume_registration { server ${new URL(app.base).host}; }`,
    );
    await writeFile(path.join(dir, 'resume-registration.conf'), text);
    await mkdir(path.join(dir, path.dirname(PROXY_RULES_INCLUDED_AS)));
    await symlink(PROXY_RULES, path.join(dir, PROXY_RULES_INCLUDED_AS));
    const config = `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 64; }\nhttp {\n${privatePaths(dir)}\n  include ${dir}/resume-registration.conf;\n}\n`;
    // Plain HTTP only redirects: ready once / is redirected.
    site = await launch(dir, config, http, 301);
  });
  afterAll(() => stopBehindNginx(site, app, standIn));

  it('names no nginx version on either port: the redirect on 80, the form on 443', async () => {
    const redirect = await send(site.port, {
      path: '/healthz',
      headers: { host: 'apply.example.com' },
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://apply.example.com/healthz');
    expect(redirect.headers.server).toBe('nginx');

    const served = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: https,
          path: '/',
          servername: 'apply.example.com',
          headers: { host: 'apply.example.com' },
          // The test's own throwaway certificate.
          rejectUnauthorized: false,
          agent: false,
        },
        resolve,
      );
      request.on('error', reject);
      request.end();
    });
    served.resume();
    expect(served.statusCode).toBe(200);
    expect(served.headers.server).toBe('nginx');
  });
});

describeWithNginx('through nginx', () => {
  let standIn: StandIn;
  let app: StartedApp;
  let proxy: Proxy;

  beforeAll(async () => {
    // The public address is nginx's, as an operator sets it.
    const port = await freePort();
    ({ standIn, app, proxy } = await startBehindNginx(
      { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
      port,
    ));
  });
  afterAll(() => stopBehindNginx(proxy, app, standIn));
  const appPort = () => Number(new URL(app.base).port);
  /** Uploads the app has refused as too large, from its own /metrics. */
  const refusedAsTooLarge = async () => {
    const metrics = await (await fetch(app.metricsUrl)).text();
    return Number(metrics.match(/^uploads_total\{result="tooLarge"\} (\d+)$/m)?.[1] ?? 0);
  };

  it('takes a 5 MB upload, and gives its exact bytes back at the URL the app answered', async () => {
    const file = pdf(FIVE_MB);
    const answer = json(await uploadThrough(proxy.port, file, 'big.pdf'));
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        filename: expect.stringMatching(STORED_NAME),
        url: expect.any(String),
        delete_token: expect.stringMatching(/^[\w-]{22}$/),
      },
    });
    const { filename, url } = answer.body as { filename: string; url: string };
    expect(url).toBe(`${proxy.base}/candidate/resumes/${filename}`);

    const download = await send(proxy.port, { path: new URL(url).pathname });
    expect(download.status).toBe(200);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(FIVE_MB),
      'content-disposition': `attachment; filename="${filename}"`,
      'x-content-type-options': 'nosniff',
    });
    // Hashes: a deep comparison of 5 MB buffers is needlessly slow.
    expect(sha256(download.body)).toBe(sha256(file));
  });

  it('takes an upload of exactly the app’s whole-request limit (a 5 MB file, framing padded)', async () => {
    const form = await uploadForm(pdf(FIVE_MB), 'padded.pdf');
    // A multipart preamble (before the first boundary) is read by no one.
    const preamble = Buffer.alloc(MAX_REQUEST_BYTES - form.body.length - 2, 'x');
    const body = Buffer.concat([preamble, Buffer.from('\r\n'), form.body]);
    expect(body.length).toBe(MAX_REQUEST_BYTES);
    const answer = await send(proxy.port, { ...form, method: 'POST', path: '/api/upload', body });
    expect(json(answer)).toMatchObject({ status: 200, body: { success: true } });
  });

  it('streams an upload to the app as it arrives: the body waits in no file on the proxy', async () => {
    const form = await uploadForm(pdf(1024 * 1024), 'streamed.pdf');
    // The app sees the request while half of its body is still with the client.
    let arrived: () => void = () => {};
    const atApp = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const onRequest = (request: IncomingMessage) => {
      if (request.url === '/api/upload') arrived();
    };
    app.app.server.on('request', onRequest);
    const half = form.body.length / 2;
    let seenEarly = false;
    const answer = await send(proxy.port, {
      method: 'POST',
      path: '/api/upload',
      headers: { ...form.headers, 'content-length': String(form.body.length) },
      pieces: [
        form.body.subarray(0, half),
        async () => {
          seenEarly = await within(atApp, 5_000);
        },
        form.body.subarray(half),
      ],
    }).finally(() => app.app.server.off('request', onRequest));
    expect(seenEarly).toBe(true);
    expect(json(answer)).toMatchObject({ status: 200, body: { success: true } });
  });

  it('passes 5 MB + 1 byte on, so that the app answers its own 413', async () => {
    const answer = await uploadThrough(proxy.port, pdf(FIVE_MB + 1), 'big.pdf');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(json(answer)).toEqual({
      status: 413,
      body: { success: false, error: UPLOAD_ERRORS.tooLarge },
    });
  });

  it('refuses an upload declared past the app’s limit, which the app answers in its own 413', async () => {
    const before = await refusedAsTooLarge();
    const answer = await uploadThrough(proxy.port, pdf(5.5 * 1024 * 1024), 'bigger.pdf');
    expect(json(answer)).toEqual({
      status: 413,
      body: { success: false, error: UPLOAD_ERRORS.tooLarge },
    });
    // The app's answer, headers and all, and counted as the app's.
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(await refusedAsTooLarge()).toBe(before + 1);
  });

  it('registers a candidate with the resume uploaded through it', async () => {
    standIn.clear();
    const uploaded = json(await uploadThrough(proxy.port, pdf(2_000), 'cv.pdf'));
    expect(uploaded.status).toBe(200);
    const { url } = uploaded.body as { url: string };
    const answer = await registerThrough(
      proxy.port,
      candidate({ email: 'through.nginx@example.com', resume_url: url, uploaded_resume: null }),
    );
    expect(json(answer)).toEqual({
      status: 201,
      body: { ok: true, status: 201, data: {} },
    });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.body).toMatchObject({
      email: 'through.nginx@example.com',
      resume_url: url,
    });
  });

  it('passes a registration of exactly the app’s body limit (a 5 MB resume as base64) on; one byte more gets the app’s 413', async () => {
    standIn.clear();
    const resume = pdf(FIVE_MB).toString('base64');
    const body = JSON.stringify(
      candidate({
        email: 'largest@example.com',
        uploaded_resume: {
          resume_content_base64: resume,
          resume_filename: 'cv.pdf',
          resume_filetype: 'pdf',
        },
      }),
    );
    // Whitespace after the JSON is still JSON: the body fills the limit to the byte.
    const atLimit = body.padEnd(REGISTER_BODY_LIMIT, ' ');
    expect(atLimit.length).toBe(REGISTER_BODY_LIMIT);
    expect(REGISTER_BODY_LIMIT).toBeGreaterThan(7_000_000);
    expect(json(await registerThrough(proxy.port, atLimit))).toEqual({
      status: 201,
      body: { ok: true, status: 201, data: {} },
    });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.rawBody).toContain(resume);

    // One byte more is refused here, and answered by the app from the declared length.
    const past = await registerThrough(proxy.port, `${atLimit} `);
    expect(json(past)).toEqual({
      status: 413,
      body: {
        ok: false,
        status: 413,
        message: 'Request body is too large',
        detail: 'Request body is too large',
      },
    });
    expect(past.headers['content-security-policy']).toContain("default-src 'self'");
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers a chunked registration past the limit with its own 413 page (it declares no length to hand on)', async () => {
    // No content-length: Node sends the body chunked.
    const answer = await send(proxy.port, {
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json' },
      pieces: Array.from({ length: 8 }, () => Buffer.alloc(1024 * 1024, ' ')),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.toString()).toContain('<title>413 Request Entity Too Large</title>');
  });

  it('serves no metrics in any spelling of /metrics: they have a listener of their own', async () => {
    const direct = await send(Number(new URL(app.metricsUrl).port), { path: '/metrics' });
    expect(direct.status).toBe(200);
    expect(direct.body.toString()).toContain('# HELP http_requests_total');
    // Through nginx, and on the app's own port, each is an unknown URL.
    for (const port of [proxy.port, appPort()]) {
      for (const spelling of [
        '/metrics',
        '/metrics?x=1',
        '//metrics',
        '/./metrics',
        '/%6Detrics',
        '/api/../metrics',
        '/metrics/',
        '/METRICS',
        '/metrics;x',
      ]) {
        const answer = await send(port, { path: spelling });
        const metrics = answer.body.toString().includes('# HELP');
        // 404, or 403 for the app's refusal of a path that starts with two slashes.
        expect({ port, spelling, refused: [403, 404].includes(answer.status), metrics }).toEqual({
          port,
          spelling,
          refused: true,
          metrics: false,
        });
      }
    }
  });

  it('keeps the instances’ probes to themselves: no spelling of /readyz or /healthz reaches one', async () => {
    const probes = async () => {
      const metrics = await (await fetch(app.metricsUrl)).text();
      return metrics
        .split('\n')
        .filter((line) => /^http_requests_total\{.*route="\/(readyz|healthz)"/.test(line));
    };
    const before = await probes();
    for (const probe of ['readyz', 'healthz']) {
      expect((await send(appPort(), { path: `/${probe}` })).status).toBe(200);
    }
    const counted = await probes();
    expect(counted).not.toEqual(before);
    for (const probe of ['/readyz', '/healthz']) {
      for (const spelling of [
        probe,
        `${probe}?x=1`,
        `/${probe}`,
        `/.${probe}`,
        `/%${probe.charCodeAt(1).toString(16)}${probe.slice(2)}`,
        `/api/..${probe}`,
      ]) {
        const answer = await send(proxy.port, { path: spelling });
        expect({ spelling, status: answer.status }).toEqual({ spelling, status: 404 });
        expect(answer.body.toString()).not.toContain('"status"');
      }
    }
    // Not one of them reached the app's probes.
    expect(await probes()).toEqual(counted);
  });

  it('keeps every header of the app’s, once and unchanged, and names no nginx version', async () => {
    const direct = await send(appPort(), { path: '/' });
    const proxied = await send(proxy.port, { path: '/' });
    expect(proxied.status).toBe(200);
    const hopByHop = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
    /** Every header as `name: value`, repeated ones repeated, in order of name. */
    const lines = (answer: Answer) => {
      const found: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i]?.toLowerCase() ?? '';
        if (!hopByHop.has(name)) found.push(`${name}: ${answer.rawHeaders[i + 1]}`);
      }
      return found.sort();
    };
    expect(lines(direct).join('\n')).toContain('content-security-policy: ');
    // Each answer names its own request, and behind nginx that is nginx's id (next test).
    const sameRequest = (answer: Answer) =>
      lines(answer).filter((line) => !line.startsWith('x-request-id: '));
    expect(sameRequest(proxied)).toEqual([...sameRequest(direct), 'server: nginx'].sort());
  });

  it('gives the app its own request id, whatever the client sent, and the app echoes it', async () => {
    const sent: Record<string, string>[] = [{}, { 'x-request-id': 'chosen-by-the-client' }];
    for (const headers of sent) {
      const answer = await send(proxy.port, { path: '/', headers });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    }
    const tooLarge = await send(proxy.port, {
      method: 'POST',
      path: '/api/register',
      headers: { 'content-type': 'application/json', 'content-length': '7057069' },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});

describeWithNginx('the client address behind nginx, with TRUST_PROXY=127.0.0.1', () => {
  const UPLOAD_LIMIT = 200;
  let standIn: StandIn;
  let app: StartedApp;
  let proxy: Proxy;

  beforeAll(async () => {
    ({ standIn, app, proxy } = await startBehindNginx({
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_REGISTER: '1/1m',
      RATE_LIMIT_UPLOAD: `${UPLOAD_LIMIT}/1m`,
    }));
  });
  afterAll(() => stopBehindNginx(proxy, app, standIn));

  const registerFrom = async (from: string, n: number, headers: Record<string, string> = {}) =>
    json(
      await registerThrough(proxy.port, candidate({ email: `ip.${n}@example.com` }), {
        from,
        headers,
      }),
    );

  it('limits each client by its own address, whatever X-Forwarded-For it sends', async () => {
    expect((await registerFrom('127.0.0.2', 1)).status).toBe(201);
    expect(await registerFrom('127.0.0.2', 2)).toEqual({
      status: 429,
      body: { ok: false, status: 429, message: TOO_MANY, detail: TOO_MANY },
    });
    // Another client behind the same nginx has a limit of its own.
    expect((await registerFrom('127.0.0.3', 3)).status).toBe(201);
    // A forged address in front of its own is not who the client is.
    expect((await registerFrom('127.0.0.2', 4, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(
      429,
    );
    expect(standIn.requests).toHaveLength(2);
  });

  it('counts any X-Forwarded-For a client sends against that client alone (generated headers)', async () => {
    // Rate-limit headers show whose counter a request took from: each request from 127.0.0.4
    // takes one more from its own, and 127.0.0.5 (also written into the headers) keeps its own.
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.constantFrom('127.0.0.1', '127.0.0.5', 'unknown', '', ' ', '::1', '::ffff:127.0.0.1'),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef.:,; []\t"') }),
    );
    const header = fc.oneof(
      fc.array(address, { maxLength: 6 }).map((list) => list.join(', ')),
      fc.array(address, { minLength: 2, maxLength: 3 }).map((list) => list.join(',')),
      fc.array(
        fc.array(address, { maxLength: 3 }).map((list) => list.join(',')),
        {
          minLength: 2,
          maxLength: 3,
        },
      ),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(header, async (forwardedFor) => {
        const answer = await send(proxy.port, {
          method: 'POST',
          path: '/api/upload',
          from: '127.0.0.4',
          headers: { 'x-forwarded-for': forwardedFor, 'content-type': 'text/plain' },
          body: 'not a form',
        });
        sent += 1;
        expect({
          forwardedFor,
          status: answer.status,
          remaining: answer.headers['x-ratelimit-remaining'],
        }).toEqual({
          forwardedFor,
          status: 400,
          remaining: String(UPLOAD_LIMIT - sent),
        });
      }),
      { numRuns: 40 },
    );
    const other = await send(proxy.port, {
      method: 'POST',
      path: '/api/upload',
      from: '127.0.0.5',
      headers: { 'content-type': 'text/plain' },
      body: 'not a form',
    });
    expect(other.headers['x-ratelimit-remaining']).toBe(String(UPLOAD_LIMIT - 1));
  });
});

describeWithNginx('the client address behind nginx, without TRUST_PROXY', () => {
  let standIn: StandIn;
  let app: StartedApp;
  let proxy: Proxy;

  beforeAll(async () => {
    ({ standIn, app, proxy } = await startBehindNginx({ RATE_LIMIT_REGISTER: '1/1m' }));
  });
  afterAll(() => stopBehindNginx(proxy, app, standIn));

  it('is nginx’s own for every client, so one client’s registration uses up everyone’s limit', async () => {
    const from = async (address: string, n: number) =>
      (
        await registerThrough(proxy.port, candidate({ email: `shared.${n}@example.com` }), {
          from: address,
        })
      ).status;
    expect(await from('127.0.0.2', 1)).toBe(201);
    expect(await from('127.0.0.3', 2)).toBe(429);
  });
});
