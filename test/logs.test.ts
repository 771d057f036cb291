// What the server logs: enough to follow a registration, never a password, resume content or
// the provider credential (STYLE: "secrets or passwords in logs").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, type StartedApp, startApp } from './helpers/app.ts';
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

/** Every text of a log line, its keys and its string values, however deep. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...textsOf(item)]);
}

/** Every string the request carried to the provider, however deep. */
function sentTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(sentTexts);
}

describe('a provider that echoes every field of the candidate, in a success and in a refusal', () => {
  it('logs the id, status and problem type it answers, and none of the candidate’s values', async () => {
    const echo = await startStandIn((request) => {
      const sent = request.body as Record<string, unknown>;
      return sent.first_name === 'Zenobia'
        ? {
            status: 201,
            body: { id: 'cand-echo-1', status: 'registered', ...sent, candidate: sent },
          }
        : {
            status: 400,
            contentType: 'application/problem+json',
            body: {
              type: 'https://provider.example/problems/invalid',
              title: `Invalid candidate ${String(sent.email)}`,
              status: 400,
              detail: `${String(sent.first_name)} ${String(sent.last_name)} cannot be registered`,
              ...Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, [value]])),
            },
          };
    });
    const echoing = await startApp(
      { PROVIDER_API_BASE: echo.url, PROVIDER_API_USER: USER, PROVIDER_API_KEY: KEY },
      { logLevel: 'trace' },
    );
    try {
      const people = [
        { first_name: 'Zenobia', last_name: 'Quillfeather', email: 'zenobia.q@example.org' },
        { first_name: 'Bartholomew', last_name: 'Vantongeren', email: 'bart.v@example.net' },
      ];
      const answers = [];
      for (const person of people) {
        answers.push(
          await register(
            echoing.base,
            candidate({
              ...person,
              password: 'Unlogged-Pa55word',
              phone: '+15550142387',
              zip_code: '94110',
              home_town: 'Walla Walla',
              desired_job_title: 'Cartographer of Tides',
              latest_job_title: 'Lighthouse Keeper',
              key_skills: 'semaphore, knots, celestial navigation',
              uploaded_resume: {
                resume_content_base64: RESUME_CONTENT,
                resume_filename: 'zenobia-cv.pdf',
                resume_filetype: 'pdf',
              },
            }),
          ),
        );
      }
      expect(answers.map((answer) => answer.status)).toEqual([201, 400]);
      expect(echo.requests).toHaveLength(2);

      const lines = logLines(echoing);
      const registrations = lines.filter((line) => line.url === '/api/register');
      expect(registrations.map((line) => line.providerBody)).toEqual([
        { id: 'cand-echo-1', status: 'registered' },
        { type: 'https://provider.example/problems/invalid', status: 400 },
      ]);
      // Short values ("US", "1", "pdf") are in any log; every other text sent is in none of it.
      const logged = lines.flatMap(textsOf);
      const sent = [...new Set(echo.requests.flatMap((request) => sentTexts(request.body)))].filter(
        (text) => text.length >= 4,
      );
      expect(sent).toEqual(
        expect.arrayContaining(['Zenobia', 'zenobia.q@example.org', '94110', 'Walla Walla']),
      );
      for (const text of sent) {
        expect(
          logged.filter((item) => item.includes(text)),
          text,
        ).toEqual([]);
      }
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
