// What the server logs: enough to follow a registration, never a password, resume content or
// the provider credential (STYLE: "secrets or passwords in logs").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from './helpers/app.ts';
import { candidate, register } from './helpers/candidate.ts';
import { fixture } from './helpers/fixtures.ts';
import { respond, type StandIn, startStandIn } from './helpers/provider-stand-in.mjs';
import { browserUpload } from './helpers/upload.ts';

const USER = 'acme-user';
const KEY = 'k3y-Secret-123';
const CREDENTIAL = Buffer.from(`${USER}:${KEY}`).toString('base64');
const PASSWORD = 'S3cret-Passw0rd!';
const RESUME_CONTENT = Buffer.from(
  '%PDF-1.4\n% Ada Lovelace, 12 St James Square, London: a resume no log should ever hold\n%%EOF\n',
).toString('base64');

let standIn: StandIn;
let started: StartedApp;
let logs: string;
let entries: Record<string, unknown>[];

beforeAll(async () => {
  standIn = await startStandIn(respond(201, { id: 'cand-77', status: 'registered' }));
  started = await startApp(
    { PROVIDER_API_BASE: standIn.url, PROVIDER_API_USER: USER, PROVIDER_API_KEY: KEY },
    { logLevel: 'trace' },
  );
  const body = candidate({
    password: PASSWORD,
    uploaded_resume: {
      resume_content_base64: RESUME_CONTENT,
      resume_filename: 'ada.pdf',
      resume_filetype: 'pdf',
    },
  });
  const uploaded = await browserUpload(
    started.base,
    fixture('resume.pdf'),
    'cv.pdf',
    'application/pdf',
  );
  if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status}`);
  const registered = await register(started.base, body);
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
  // A refusal by the provider, a refusal by our schema and a body that is not JSON at all.
  standIn.setHandler(respond(400, { detail: 'Bad zip', password: [`${PASSWORD} is weak`] }));
  await register(started.base, body);
  await register(started.base, { ...body, zip_code: '1234' });
  await register(
    started.base,
    `{"email":"ada@example.com","password":${PASSWORD},"uploaded_resume":{"resume_content_base64":"${RESUME_CONTENT}"}}`,
  );
  logs = started.logs();
  entries = logs
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
});

afterAll(async () => {
  await started?.close();
  await standIn?.close();
});

describe('the logs after an upload and registrations', () => {
  it('hold one line per registration, with the outcome and the provider status and time', () => {
    const registrations = entries.filter(
      (entry) => entry.msg === 'request' && entry.url === '/api/register',
    );
    expect(
      registrations.map((entry) => [entry.status, entry.outcome, entry.providerStatus]),
    ).toEqual([
      [201, 'registered', 201],
      [400, 'provider_rejected', 400],
      [400, 'invalid', undefined],
      [400, undefined, undefined],
    ]);
    expect(registrations[0]).toMatchObject({
      method: 'POST',
      providerMs: expect.any(Number),
      providerBody: { id: 'cand-77', status: 'registered' },
    });
    expect(registrations[1]).not.toHaveProperty('providerBody');
  });

  it('hold a "resume stored" entry with the size and type', () => {
    expect(entries.find((entry) => entry.msg === 'resume stored')).toMatchObject({
      bytes: fixture('resume.pdf').length,
      type: 'pdf',
    });
  });

  it('never hold the password', () => {
    expect(logs).not.toContain(PASSWORD);
  });

  it('never hold the resume content, whole or in part', () => {
    expect(logs).not.toContain(RESUME_CONTENT);
    expect(logs).not.toContain(RESUME_CONTENT.slice(0, 40));
  });

  it('never hold the provider key or the Basic credential', () => {
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain(CREDENTIAL);
    expect(logs).not.toContain(`Basic ${CREDENTIAL}`);
  });

  it('never hold an authorization header value', () => {
    expect(logs).not.toMatch(/"authorization"\s*:\s*"(?!\[redacted\])/i);
  });
});

describe('a provider that echoes the candidate in its success body', () => {
  it('does not bring the password or the resume content into the logs', async () => {
    const echo = await startStandIn((request) => ({
      status: 201,
      body: { id: 'cand-78', candidate: request.body },
    }));
    const echoing = await startApp(
      { PROVIDER_API_BASE: echo.url, PROVIDER_API_USER: USER, PROVIDER_API_KEY: KEY },
      { logLevel: 'trace' },
    );
    try {
      const answer = await register(
        echoing.base,
        candidate({
          password: PASSWORD,
          uploaded_resume: { resume_content_base64: RESUME_CONTENT, resume_filename: 'ada.pdf' },
        }),
      );
      expect(answer.status).toBe(201);
      expect(echoing.logs()).toContain('"providerBody":{"id":"cand-78"');
      expect(echoing.logs()).not.toContain(PASSWORD);
      expect(echoing.logs()).not.toContain(RESUME_CONTENT);
    } finally {
      await echoing.close();
      await echo.close();
    }
  });
});

describe('LOG_LEVEL=debug', () => {
  it('adds each request’s arrival, by route pattern; every line names route, status and time, never a body or a query', async () => {
    const provider = await startStandIn(respond(201, { id: 'cand-79' }));
    const debug = await startApp(
      { PROVIDER_API_BASE: provider.url, PROVIDER_API_USER: USER, PROVIDER_API_KEY: KEY },
      { logLevel: 'debug' },
    );
    const info = await startApp(
      { PROVIDER_API_BASE: provider.url, PROVIDER_API_USER: USER, PROVIDER_API_KEY: KEY },
      { logLevel: 'info' },
    );
    try {
      for (const app of [debug, info]) {
        expect((await register(app.base, candidate({ email: 'grace@example.com' }))).status).toBe(
          201,
        );
        await (await fetch(`${app.base}/candidate/resumes/${'a'.repeat(32)}.pdf`)).text();
        await (await fetch(`${app.base}/?email=grace%40example.com`)).text();
      }
      const lines = (app: typeof debug) =>
        app
          .logs()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === 'request received' || line.msg === 'request')
          .map(({ msg, method, route, url, status, ms }) => ({
            msg,
            method,
            route,
            url,
            status,
            ms,
          }));
      const arrivals = [
        { msg: 'request received', method: 'POST', route: '/api/register' },
        { msg: 'request received', method: 'GET', route: '/candidate/resumes/:filename' },
        { msg: 'request received', method: 'GET', route: '/' },
      ];
      const answers = [
        {
          msg: 'request',
          method: 'POST',
          route: '/api/register',
          url: '/api/register',
          status: 201,
        },
        {
          msg: 'request',
          method: 'GET',
          route: '/candidate/resumes/:filename',
          url: `/candidate/resumes/${'a'.repeat(32)}.pdf`,
          status: 404,
        },
        { msg: 'request', method: 'GET', route: '/', url: '/', status: 200 },
      ];
      const timed = (line: (typeof answers)[number]) => ({ ...line, ms: expect.any(Number) });
      expect(lines(debug)).toEqual([
        arrivals[0],
        timed(answers[0] as (typeof answers)[number]),
        arrivals[1],
        timed(answers[1] as (typeof answers)[number]),
        arrivals[2],
        timed(answers[2] as (typeof answers)[number]),
      ]);
      expect(lines(info)).toEqual(answers.map(timed));
      for (const app of [debug, info]) {
        expect(app.logs()).not.toContain('grace');
        expect(app.logs()).not.toContain(PASSWORD);
      }
    } finally {
      await Promise.all([debug.close(), info.close()]);
      await provider.close();
    }
  });
});
