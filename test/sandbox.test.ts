// The embedded sandbox provider (README.md), called directly and through /api/register, with
// no PROVIDER_API_BASE: the app calls its own /sandbox over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIAL } from '../src/server/config.ts';
import { type StartedApp, startApp } from './helpers/app.ts';
import { candidate, RESUME_BASE64, register } from './helpers/candidate.ts';
import { fixture } from './helpers/fixtures.ts';
import { basicAuth, postToProvider } from './helpers/provider-call.ts';
import { REGISTER_PATH } from './helpers/provider-stand-in.mjs';
import { browserUpload } from './helpers/upload.ts';

const SANDBOX_AUTH = basicAuth(SANDBOX_CREDENTIAL);
const PROBLEMS = 'https://sandbox.invalid/problems/';

let started: StartedApp;

beforeAll(async () => {
  started = await startApp();
});

afterAll(async () => {
  await started?.close();
});

/** The candidate exactly as the app sends it to a provider. */
function providerCandidate(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    country_id: 'US',
    home_town: 'New York',
    desired_job_title: 'Engineer',
    latest_job_title: 'Rear Admiral',
    email: 'grace@example.com',
    password: 'S3cret-Passw0rd!',
    uploaded_resume: {
      resume_content_base64: RESUME_BASE64,
      resume_filename: 'grace.pdf',
      resume_filetype: 'pdf',
    },
    resume_url: '',
    acceptable_job_types: ['Permanent'],
    phone: '+15550100000',
    zip_code: '10001',
    salary_min: 10000,
    salary_max: 90000,
    travel_radius: 25,
    education_level: 'Doctorate',
    work_experience: '10+',
    relocate: '1',
    driving_license: '0',
    eligibility_status: 'auth_any_employer',
    key_skills: 'COBOL, compilers',
    registration_date: '2024-05-01T12:00:00.000Z',
    ...overrides,
  };
}

const callSandbox = (body: unknown, authorization?: string) =>
  postToProvider<Record<string, unknown>>(
    `${started.base}/sandbox${REGISTER_PATH}`,
    body,
    authorization,
  );

describe('the sandbox called directly', () => {
  it('answers 401 problem+json without credentials', async () => {
    const answer = await callSandbox(providerCandidate({ email: 'noauth@example.com' }));
    expect(answer.status).toBe(401);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('www-authenticate')).toBe('Basic realm="sandbox"');
    expect(answer.body).toEqual({
      type: `${PROBLEMS}unauthorized`,
      title: 'Unauthorized',
      status: 401,
      detail: 'Invalid API credentials',
    });
  });

  it('answers 401 for a wrong key', async () => {
    const wrong = `Basic ${Buffer.from('sandbox:wrong').toString('base64')}`;
    const answer = await callSandbox(providerCandidate({ email: 'wrongkey@example.com' }), wrong);
    expect(answer.status).toBe(401);
  });

  it('answers 400 problem+json with type, title, status, detail and one key per invalid field', async () => {
    const answer = await callSandbox(
      providerCandidate({ email: 'fields@example.com', first_name: '', zip_code: '1234' }),
      SANDBOX_AUTH,
    );
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toEqual({
      type: `${PROBLEMS}bad-request`,
      title: 'Bad Request',
      status: 400,
      detail: 'The candidate has 2 invalid fields',
      first_name: ['First name is required'],
      zip_code: ['Zip code must be 5 digits'],
    });
  });

  it('answers 400 naming every required field when the body is empty', async () => {
    const answer = await callSandbox({}, SANDBOX_AUTH);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      type: `${PROBLEMS}bad-request`,
      title: 'Bad Request',
      status: 400,
      detail: expect.stringMatching(/^The candidate has \d+ invalid fields$/),
    });
    for (const field of ['first_name', 'last_name', 'email', 'password', 'zip_code']) {
      expect(answer.body[field]).toEqual([expect.any(String)]);
    }
  });

  it('answers 400 when both a resume file and a resume URL are sent', async () => {
    const answer = await callSandbox(
      providerCandidate({ email: 'both@example.com', resume_url: 'https://cv.example.com/a.pdf' }),
      SANDBOX_AUTH,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      type: `${PROBLEMS}bad-request`,
      title: 'Bad Request',
      status: 400,
      detail: 'Send exactly one of uploaded_resume and resume_url',
      resume: ['Send a resume file or a resume URL'],
    });
  });

  it('registers with 201 and answers 409 for the same email in another letter case', async () => {
    const first = await callSandbox(providerCandidate({ email: 'case@example.com' }), SANDBOX_AUTH);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^sandbox-\d+$/),
      status: 'registered',
    });
    const second = await callSandbox(
      providerCandidate({ email: 'Case@Example.COM' }),
      SANDBOX_AUTH,
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      type: `${PROBLEMS}conflict`,
      title: 'Conflict',
      status: 409,
      detail: 'Candidate already exists',
    });
  });
});

describe('the sandbox through /api/register', () => {
  it('registers once with 201 and answers the second registration of the email, in another case, with 409', async () => {
    const first = await register(started.base, candidate({ email: 'ada.e2e@example.com' }));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      ok: true,
      status: 201,
      data: {},
    });
    const second = await register(started.base, candidate({ email: '  ADA.E2E@Example.com ' }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      ok: false,
      status: 409,
      message: 'Candidate already exists',
      detail: 'Candidate already exists',
    });
  });

  it('registers with the public URL of a resume just uploaded to this server', async () => {
    const uploaded = await browserUpload(
      started.base,
      fixture('resume.pdf'),
      'cv.pdf',
      'application/pdf',
    );
    const { url } = uploaded.body as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:\d+\/candidate\/resumes\/[0-9a-f]{32}\.pdf$/);
    const answer = await register(
      started.base,
      candidate({ email: 'url.e2e@example.com', uploaded_resume: null, resume_url: url }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ok: true, status: 201 });
  });

  const SERVER_ERROR = { message: 'Server error. Please try again later.' };
  const triggers: [number, Record<string, unknown>][] = [
    [
      400,
      {
        message: 'Candidate rejected due to invalid email address',
        detail: 'Candidate rejected due to invalid email address',
        errors: { email: ['This email address is not accepted'] },
      },
    ],
    [
      401,
      {
        message: 'Authentication failed. Please check your credentials.',
        detail: 'Invalid API credentials',
      },
    ],
    [
      403,
      {
        message: 'You do not have permission to register a candidate.',
        detail: 'This account may not register candidates',
      },
    ],
    [409, { message: 'Candidate already exists', detail: 'Candidate already exists' }],
    [
      422,
      {
        message: 'The resume could not be read',
        detail: 'The resume could not be read',
        errors: { resume: ['The resume could not be parsed'] },
      },
    ],
    [
      429,
      {
        message: 'Too many requests. Please try again later.',
        detail: 'Rate limit exceeded: try again in 60 seconds',
      },
    ],
    [500, SERVER_ERROR],
    [502, SERVER_ERROR],
    [503, SERVER_ERROR],
    [504, SERVER_ERROR],
    [
      418,
      {
        message: 'The sandbox answered 418 as the email asked',
        detail: 'The sandbox answered 418 as the email asked',
      },
    ],
  ];

  for (const [status, expected] of triggers) {
    it(`answers status-${status}@example.com with ${status} and the docs/api.md answer`, async () => {
      const answer = await register(
        started.base,
        candidate({ email: `status-${status}@example.com` }),
      );
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ ok: false, status, ...expected });
    });
  }

  for (const status of [200, 202]) {
    it(`answers status-${status}@example.com with ${status}, and none of the sandbox body as data`, async () => {
      const answer = await register(
        started.base,
        candidate({ email: `status-${status}@example.com` }),
      );
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({
        ok: true,
        status,
        data: {},
      });
    });
  }

  it('lets a trigger email answer again and again: it is never remembered', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await register(started.base, candidate({ email: 'status-202@example.com' }));
      expect(answer.status).toBe(202);
    }
  });
});
