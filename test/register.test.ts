// POST /api/register against a real provider stand-in: the exact request the provider gets,
// and the exact answer the browser gets for every row of docs/form.md and the docs/api.md table.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_MESSAGES } from '../src/shared/messages.ts';
import { logLines, type StartedApp, startApp } from './helpers/app.ts';
import {
  STAND_IN_KEY as KEY,
  startAppOnStandIn,
  STAND_IN_USER as USER,
} from './helpers/app-on-stand-in.ts';
import { candidate, RESUME_BASE64, register } from './helpers/candidate.ts';
import {
  closedPort,
  hang,
  respond,
  type StandIn,
  startStandIn,
} from './helpers/provider-stand-in.mjs';

const BASIC = `Basic ${Buffer.from(`${USER}:${KEY}`).toString('base64')}`;
const SERVER_ERROR = 'Server error. Please try again later.';

const { standIn, started } = await startAppOnStandIn({}, respond(201, { id: 'cand-1' }));

describe('the request the provider receives', () => {
  it('is a POST to /v1/candidate/backfill/register with Basic auth and JSON headers', async () => {
    const answer = await register(started.base, candidate());
    expect(answer.status).toBe(201);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/candidate/backfill/register');
    expect(request?.headers.authorization).toBe(BASIC);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('carries the candidate sanitised: email trimmed and lower-cased, phone digits and plus, zip cut to 5, unknown keys dropped', async () => {
    await register(
      started.base,
      candidate({
        first_name: '  Ada ',
        email: '  Ada.Lovelace@Example.COM ',
        phone: '+1 (555) 010-9999',
        zip_code: '10001-2345',
        relocate: '1',
        driving_license: '0',
        resume_url: 'https://cv.example.com/ada.pdf',
        is_admin: true,
        fill_ms: 9000,
        role: 'owner',
      }),
    );
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_id: 'US',
      home_town: 'New York',
      desired_job_title: 'Software Engineer',
      latest_job_title: 'Programmer',
      email: 'ada.lovelace@example.com',
      password: 'S3cret-Passw0rd!',
      // Named by the type its first bytes proved, not the candidate's ada.pdf (docs/form.md).
      uploaded_resume: {
        resume_content_base64: RESUME_BASE64,
        resume_filename: 'resume.pdf',
        resume_filetype: 'pdf',
      },
      // A file is used, so the URL is sent empty.
      resume_url: '',
      acceptable_job_types: ['Permanent'],
      phone: '+15550109999',
      zip_code: '10001',
      salary_min: 10000,
      salary_max: 90000,
      travel_radius: 25,
      education_level: 'Bachelors',
      work_experience: '5-10',
      relocate: '1',
      driving_license: '0',
      eligibility_status: 'auth_any_employer',
      key_skills: 'mathematics, programming',
      registration_date: '2024-05-01T12:00:00.000Z',
    });
  });

  it('fills every provider-call default for a minimal body', async () => {
    const before = Date.now();
    await register(started.base, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'S3cret-Passw0rd!',
      zip_code: '10001',
      uploaded_resume: { resume_content_base64: RESUME_BASE64 },
    });
    const after = Date.now();
    expect(standIn.requests).toHaveLength(1);
    const body = standIn.requests[0]?.body as Record<string, unknown>;
    const { registration_date, ...rest } = body;
    expect(rest).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_id: 'US',
      home_town: '',
      desired_job_title: '',
      latest_job_title: '',
      email: 'ada@example.com',
      password: 'S3cret-Passw0rd!',
      uploaded_resume: {
        resume_content_base64: RESUME_BASE64,
        resume_filename: 'resume.pdf',
        resume_filetype: 'pdf',
      },
      resume_url: '',
      acceptable_job_types: [],
      phone: '',
      zip_code: '10001',
      salary_min: 0,
      salary_max: 0,
      travel_radius: 0,
      education_level: '',
      work_experience: '',
      relocate: '0',
      driving_license: '0',
      eligibility_status: 'auth_any_employer',
      key_skills: '',
    });
    // registration_date defaults to now.
    expect(registration_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const sent = Date.parse(registration_date as string);
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
  });

  it('sends relocate and driving_license as "1" and "0" whatever form they came in', async () => {
    await register(started.base, candidate({ relocate: true, driving_license: 0 }));
    await register(started.base, candidate({ relocate: 0, driving_license: true }));
    await register(started.base, candidate({ relocate: false, driving_license: 1 }));
    expect(
      standIn.requests.map((request) => {
        const body = request.body as Record<string, unknown>;
        return [body.relocate, body.driving_license];
      }),
    ).toEqual([
      ['1', '0'],
      ['0', '1'],
      ['0', '1'],
    ]);
  });

  it('sends a resume URL, with https:// prepended when it has no scheme, and no file', async () => {
    await register(
      started.base,
      candidate({ uploaded_resume: null, resume_url: 'cv.example.com/ada.pdf' }),
    );
    const body = standIn.requests[0]?.body as Record<string, unknown>;
    expect(body.resume_url).toBe('https://cv.example.com/ada.pdf');
    expect(body.uploaded_resume).toBeNull();
  });
});

describe('the answer for each provider outcome (docs/form.md, docs/api.md)', () => {
  const cases: {
    name: string;
    status: number;
    body?: unknown;
    contentType?: string | null;
    /** What our server answers, when not the provider's status. */
    httpStatus?: number;
    expected: Record<string, unknown>;
  }[] = [
    {
      name: '201 counts as a registration and passes none of the provider body on',
      status: 201,
      body: { id: 'cand-42', status: 'registered' },
      expected: { ok: true, status: 201, data: {} },
    },
    {
      name: '200 passes the provider status on',
      status: 200,
      body: { id: 'cand-43' },
      expected: { ok: true, status: 200, data: {} },
    },
    {
      name: '400 with a problem+json detail gives the detail',
      status: 400,
      body: {
        type: 'https://provider.example/problems/bad-request',
        title: 'Bad Request',
        status: 400,
        detail: 'Zip code is outside the service area',
      },
      contentType: 'application/problem+json',
      expected: {
        ok: false,
        status: 400,
        message: 'Zip code is outside the service area',
        detail: 'Zip code is outside the service area',
      },
    },
    {
      name: '400 with resume field errors gives "Resume error:" and the field errors',
      status: 400,
      body: {
        resume: ['The resume could not be parsed', 'The resume is empty'],
        email: ['This email address is not accepted'],
      },
      expected: {
        ok: false,
        status: 400,
        message: 'Resume error: The resume could not be parsed, The resume is empty',
        errors: {
          resume: ['The resume could not be parsed', 'The resume is empty'],
          email: ['This email address is not accepted'],
        },
      },
    },
    {
      name: '400 with email errors gives "Email error:"',
      status: 400,
      body: { email: 'This email address is not accepted' },
      expected: {
        ok: false,
        status: 400,
        message: 'Email error: This email address is not accepted',
        errors: { email: ['This email address is not accepted'] },
      },
    },
    {
      name: '400 with other field errors gives "Validation errors:" without type, title and status',
      status: 400,
      body: {
        type: 'https://provider.example/problems/bad-request',
        title: 'Bad Request',
        status: 400,
        zip_code: ['Zip code must be 5 digits'],
        phone: ['Phone may hold digits and a leading plus only'],
      },
      contentType: 'application/problem+json',
      expected: {
        ok: false,
        status: 400,
        message:
          'Validation errors: zip_code: Zip code must be 5 digits; phone: Phone may hold digits and a leading plus only',
        errors: {
          zip_code: ['Zip code must be 5 digits'],
          phone: ['Phone may hold digits and a leading plus only'],
        },
      },
    },
    {
      name: '400 with nothing useful gives "Invalid request data"',
      status: 400,
      body: { type: 'about:blank', title: 'Bad Request', status: 400 },
      contentType: 'application/problem+json',
      expected: { ok: false, status: 400, message: 'Invalid request data' },
    },
    {
      name: '401 gives the authentication message',
      status: 401,
      body: { detail: 'Invalid API credentials' },
      expected: {
        ok: false,
        status: 401,
        message: 'Authentication failed. Please check your credentials.',
        detail: 'Invalid API credentials',
      },
    },
    {
      name: '403 gives the permission message',
      status: 403,
      body: { message: 'Forbidden' },
      expected: {
        ok: false,
        status: 403,
        message: 'You do not have permission to register a candidate.',
      },
    },
    {
      name: '409 gives "Candidate already exists"',
      status: 409,
      body: { detail: 'A candidate with this email exists' },
      expected: {
        ok: false,
        status: 409,
        message: 'Candidate already exists',
        detail: 'A candidate with this email exists',
      },
    },
    {
      name: '422 with a detail gives the detail',
      status: 422,
      body: { detail: 'The resume could not be read' },
      expected: {
        ok: false,
        status: 422,
        message: 'The resume could not be read',
        detail: 'The resume could not be read',
      },
    },
    {
      name: '422 without a detail gives the validation message',
      status: 422,
      body: { resume: ['The resume could not be parsed'] },
      expected: {
        ok: false,
        status: 422,
        message: 'Validation error. Please check your information.',
        errors: { resume: ['The resume could not be parsed'] },
      },
    },
    {
      name: '429 gives the rate-limit message',
      status: 429,
      body: { detail: 'Rate limit exceeded' },
      expected: {
        ok: false,
        status: 429,
        message: 'Too many requests. Please try again later.',
        detail: 'Rate limit exceeded',
      },
    },
    ...[500, 502, 503, 504].map((status) => ({
      name: `${status} gives the server-error message and no provider detail`,
      status,
      body: { detail: 'NullPointerException at db.Candidates.insert', stack: 'at line 42' },
      expected: { ok: false, status, message: SERVER_ERROR },
    })),
    {
      name: '507, another 5xx, gives the server-error message',
      status: 507,
      body: 'Insufficient Storage',
      expected: { ok: false, status: 507, message: SERVER_ERROR },
    },
    {
      name: '418, an unlisted status, gives the detail',
      status: 418,
      body: { detail: "I'm a teapot" },
      expected: { ok: false, status: 418, message: "I'm a teapot", detail: "I'm a teapot" },
    },
    {
      name: '418 without a detail gives the body message',
      status: 418,
      body: { message: 'Short and stout' },
      expected: { ok: false, status: 418, message: 'Short and stout' },
    },
    {
      name: 'an unlisted status with a plain-string text/plain body gives the string',
      status: 404,
      body: 'No such endpoint',
      contentType: 'text/plain',
      expected: { ok: false, status: 404, message: 'No such endpoint' },
    },
    {
      name: 'a JSON-looking body sent as text/plain is kept as text',
      status: 418,
      body: '{"detail":"not parsed"}',
      contentType: 'text/plain; charset=utf-8',
      expected: { ok: false, status: 418, message: '{"detail":"not parsed"}' },
    },
    {
      name: '400 with a plain-string body gives "Invalid request data"',
      status: 400,
      body: 'Bad zip code',
      contentType: 'text/plain',
      expected: { ok: false, status: 400, message: 'Invalid request data' },
    },
    {
      name: 'a non-JSON body labelled application/json is no message: the status fallback',
      status: 418,
      body: '<html>teapot</html>',
      contentType: 'application/json',
      expected: { ok: false, status: 418, message: 'Request failed with status code 418' },
    },
    {
      name: 'a 2xx non-JSON body labelled application/json is no registration: 502',
      status: 201,
      body: 'created',
      contentType: 'application/json; charset=utf-8',
      httpStatus: 502,
      expected: { ok: false, status: null, message: 'Registration failed' },
    },
    {
      name: 'a vendor +json type is parsed as JSON',
      status: 418,
      body: { detail: 'vendor detail' },
      contentType: 'application/vnd.provider+json',
      expected: { ok: false, status: 418, message: 'vendor detail', detail: 'vendor detail' },
    },
    {
      name: 'an empty 201 body is a registration',
      status: 201,
      body: '',
      contentType: null,
      expected: { ok: true, status: 201, data: {} },
    },
    {
      name: 'an empty body on an unlisted status gives "Request failed with status code 418"',
      status: 418,
      body: '',
      contentType: 'application/json',
      expected: { ok: false, status: 418, message: 'Request failed with status code 418' },
    },
  ];

  for (const row of cases) {
    it(`answers: provider ${row.name}`, async () => {
      standIn.setHandler(respond(row.status, row.body, row.contentType));
      const answer = await register(started.base, candidate());
      expect(standIn.requests).toHaveLength(1);
      expect(answer.status).toBe(row.httpStatus ?? row.status);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toEqual(row.expected);
    });
  }
});

describe('when the provider never answers', () => {
  let slowStandIn: StandIn;
  let slowApp: StartedApp | undefined;

  afterEach(async () => {
    await slowApp?.close();
    slowApp = undefined;
    await slowStandIn?.close();
  });

  it('answers 504 "Registration failed" with status null after PROVIDER_TIMEOUT_MS', async () => {
    slowStandIn = await startStandIn(hang);
    slowApp = await startApp({
      PROVIDER_API_BASE: slowStandIn.url,
      PROVIDER_API_USER: USER,
      PROVIDER_API_KEY: KEY,
      PROVIDER_TIMEOUT_MS: '300',
    });
    const answer = await register(slowApp.base, candidate());
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({ ok: false, status: null, message: 'Registration failed' });
    expect(slowStandIn.requests).toHaveLength(1);
    // The provider never answers: the server's timeout ended the wait, and says so.
    const line = logLines(slowApp).find(
      (entry) => entry.url === '/api/register' && entry.msg === 'request',
    );
    expect(line).toMatchObject({ status: 504, outcome: 'timeout', providerError: 'timeout' });
  });

  it('answers 502 "Registration failed" with status null when nothing listens at the provider', async () => {
    slowStandIn = await startStandIn();
    const port = await closedPort();
    slowApp = await startApp({
      PROVIDER_API_BASE: `http://127.0.0.1:${port}`,
      PROVIDER_API_USER: USER,
      PROVIDER_API_KEY: KEY,
    });
    const answer = await register(slowApp.base, candidate());
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ ok: false, status: null, message: 'Registration failed' });
  });

  it('keeps a path in PROVIDER_API_BASE in front of the register path', async () => {
    slowStandIn = await startStandIn();
    slowApp = await startApp({
      PROVIDER_API_BASE: `${slowStandIn.url}/partner/`,
      PROVIDER_API_USER: USER,
      PROVIDER_API_KEY: KEY,
    });
    const answer = await register(slowApp.base, candidate());
    expect(answer.status).toBe(201);
    expect(slowStandIn.requests.map((request) => request.path)).toEqual([
      '/partner/v1/candidate/backfill/register',
    ]);
  });
});

describe('the checks before the provider call (docs/form.md, in order)', () => {
  const checks: { name: string; body: unknown; message: string }[] = [
    {
      name: 'an invalid email',
      body: candidate({ email: 'ada-at-example' }),
      message: CHECK_MESSAGES.email,
    },
    {
      name: 'a missing email, before a missing resume',
      body: candidate({ email: undefined, uploaded_resume: null, resume_url: '' }),
      message: CHECK_MESSAGES.email,
    },
    {
      name: 'a resume file with blank content, even beside a good URL',
      body: candidate({
        uploaded_resume: { resume_content_base64: '   ', resume_filename: 'a.pdf' },
        resume_url: 'https://cv.example.com/ada.pdf',
      }),
      message: CHECK_MESSAGES.resumeContent,
    },
    {
      name: 'a resume file with blank content, before missing required fields',
      body: candidate({
        first_name: '',
        uploaded_resume: { resume_content_base64: '' },
      }),
      message: CHECK_MESSAGES.resumeContent,
    },
    {
      name: 'a resume URL that is not a host name with a path',
      body: candidate({ uploaded_resume: null, resume_url: 'not a url' }),
      message: CHECK_MESSAGES.resumeUrl,
    },
    {
      name: 'neither a resume file nor a URL',
      body: candidate({ uploaded_resume: null, resume_url: '' }),
      message: CHECK_MESSAGES.resumeMissing,
    },
    {
      name: 'neither resume, before missing required fields',
      body: candidate({ uploaded_resume: null, resume_url: '   ', last_name: '' }),
      message: CHECK_MESSAGES.resumeMissing,
    },
    ...['first_name', 'last_name', 'password', 'zip_code'].map((field) => ({
      name: `a missing ${field}`,
      body: candidate({ [field]: undefined }),
      message: CHECK_MESSAGES.required,
    })),
    {
      name: 'a blank first name',
      body: candidate({ first_name: '   ' }),
      message: CHECK_MESSAGES.required,
    },
    { name: 'a JSON array body', body: [], message: CHECK_MESSAGES.email },
    { name: 'a JSON string body', body: '"ada@example.com"', message: CHECK_MESSAGES.email },
  ];

  for (const check of checks) {
    it(`rejects ${check.name} with 400 "${check.message}" and never calls the provider`, async () => {
      const answer = await register(started.base, check.body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        ok: false,
        status: 400,
        message: check.message,
        detail: check.message,
      });
      expect(standIn.requests).toEqual([]);
    });
  }

  it('accepts the app’s own resume URL on localhost with a port (docs/api.md reading of check 3)', async () => {
    const answer = await register(
      started.base,
      candidate({
        uploaded_resume: null,
        resume_url:
          'http://localhost:3000/candidate/resumes/0123456789abcdef0123456789abcdef-cv.pdf',
      }),
    );
    expect(answer.status).toBe(201);
    expect((standIn.requests[0]?.body as Record<string, unknown> | undefined)?.resume_url).toBe(
      'http://localhost:3000/candidate/resumes/0123456789abcdef0123456789abcdef-cv.pdf',
    );
  });
});

describe('the schema after the checks', () => {
  it('rejects a short password with 400, its message and errors.password, and never calls the provider', async () => {
    const answer = await register(started.base, candidate({ password: 'short' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      ok: false,
      status: 400,
      message: 'Password must be at least 8 characters',
      detail: 'Password must be at least 8 characters',
      errors: { password: ['Password must be at least 8 characters'] },
    });
    expect(standIn.requests).toEqual([]);
  });

  it('rejects a malformed zip code with the spec’s zip message', async () => {
    const answer = await register(started.base, candidate({ zip_code: '1234' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      ok: false,
      status: 400,
      message: 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
      detail: 'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
      errors: { zip_code: ['Please enter a valid US zip code (e.g., 12345 or 12345-6789)'] },
    });
    expect(standIn.requests).toEqual([]);
  });

  it('rejects a maximum salary below the minimum and a negative travel radius, field by field', async () => {
    const answer = await register(
      started.base,
      candidate({ salary_min: 50000, salary_max: 40000, travel_radius: -1 }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      ok: false,
      status: 400,
      message: 'Must be 0 or more',
      detail: 'Must be 0 or more',
      errors: {
        travel_radius: ['Must be 0 or more'],
        salary_max: ['Maximum salary must be at least the minimum salary'],
      },
    });
    expect(standIn.requests).toEqual([]);
  });

  it('answers a body that is not JSON with 400 and never calls the provider', async () => {
    const answer = await register(started.base, '{"email": "ada@example.com",');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, status: 400 });
    expect(standIn.requests).toEqual([]);
  });
});
