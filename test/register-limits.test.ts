// POST /api/register over real HTTP with values longer than any person types: a 400 naming the
// field, before any pattern runs and before the provider is called; a body limit sized to a
// 5 MB resume; and bodies the server could only misread (compressed, not UTF-8) refused.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_BODY } from '../src/server/plugins/body-encoding.ts';
import { REGISTER_BODY_LIMIT } from '../src/server/routes/register.ts';
import { MAX_LENGTHS, MAX_RESUME_BYTES } from '../src/shared/constants.ts';
import { tooLongMessage } from '../src/shared/messages.ts';
import { startAppOnStandIn } from './helpers/app-on-stand-in.ts';
import { candidate, register } from './helpers/candidate.ts';
import { respond } from './helpers/provider-stand-in.mjs';

const { standIn, started } = await startAppOnStandIn({}, respond(201, { id: 'cand-1' }));

const tooLong = (field: keyof typeof MAX_LENGTHS) => {
  const message = tooLongMessage(field, MAX_LENGTHS[field]);
  return { ok: false, status: 400, message, detail: message, errors: { [field]: [message] } };
};

/** The worst inputs of the patterns these fields once met, and plain long runs. */
const PUMPS = ['a', '.', '@', 'a.', 'www.', 'YZ+', '//', '1', ' ', 'é', '😀', '\u0000', 'a@'];

describe('a value longer than its field allows', () => {
  it.each([
    ['first_name', { first_name: 'a'.repeat(100_000) }],
    ['email', { email: `a@${'.'.repeat(60_000)}@` }],
    ['phone', { phone: '1'.repeat(50_000) }],
  ] as const)(
    'the reported %s gets a 400 naming it, and nothing reaches the provider',
    async (field, overrides) => {
      const answer = await register(
        started.base,
        candidate({
          resume_url: 'https://example.com/cv.pdf',
          uploaded_resume: null,
          ...overrides,
        }),
      );
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: tooLong(field),
      });
      expect(standIn.requests).toEqual([]);
    },
  );

  it('gets a 400 naming the field for any field, any length past its limit, any content', async () => {
    const field = fc.constantFrom(...(Object.keys(MAX_LENGTHS) as (keyof typeof MAX_LENGTHS)[]));
    const value = fc
      .record({
        pump: fc.constantFrom(...PUMPS),
        extra: fc.integer({ min: 1, max: 200_000 }),
        suffix: fc.constantFrom('', '!', '@', '\n'),
      })
      .map(({ pump, extra, suffix }) => ({ pump, extra, suffix }));
    await fc.assert(
      fc.asyncProperty(field, value, async (name, { pump, extra, suffix }) => {
        const length = MAX_LENGTHS[name] + extra;
        const text = pump.repeat(Math.ceil(length / pump.length)).slice(0, length - suffix.length);
        const answer = await register(started.base, candidate({ [name]: `${text}${suffix}` }));
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 400,
          body: tooLong(name),
        });
      }),
      { numRuns: 120 },
    );
    expect(standIn.requests).toEqual([]);
  });

  it('is refused inside an uploaded resume too, naming uploaded_resume', async () => {
    const answer = await register(
      started.base,
      candidate({
        uploaded_resume: {
          resume_content_base64: 'JVBERi0=',
          resume_filename: `${'a'.repeat(300)}.pdf`,
        },
      }),
    );
    const message = 'Resume file name must be at most 255 characters';
    expect(answer.body).toEqual({
      ok: false,
      status: 400,
      message,
      detail: message,
      errors: { uploaded_resume: [message] },
    });
  });

  it('lets every field through at exactly its limit', async () => {
    const answer = await register(
      started.base,
      candidate({
        first_name: 'A'.repeat(100),
        last_name: 'L'.repeat(100),
        email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
        password: 'p'.repeat(128),
        phone: '1'.repeat(30),
        zip_code: '12345-6789',
        home_town: 'h'.repeat(100),
        desired_job_title: 'd'.repeat(150),
        latest_job_title: 'l'.repeat(150),
        key_skills: 'k'.repeat(1_000),
      }),
    );
    expect(answer.status).toBe(201);
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('the body limit of a registration', () => {
  it('takes a 5 MB resume as base64 with every other field at its longest', async () => {
    const resume = Buffer.alloc(MAX_RESUME_BYTES, 0x41).toString('base64');
    const body = candidate({
      first_name: '\u0001'.repeat(100),
      key_skills: '\u0001'.repeat(1_000),
      uploaded_resume: {
        resume_content_base64: resume,
        resume_filename: 'cv.pdf',
        resume_filetype: 'pdf',
      },
    });
    expect(JSON.stringify(body).length).toBeLessThan(REGISTER_BODY_LIMIT);
    const answer = await register(started.base, body);
    expect(answer.status).toBe(201);
  });

  it('answers 413 past it, in the route’s shape', async () => {
    const body = JSON.stringify(candidate({ padding: 'x'.repeat(REGISTER_BODY_LIMIT) }));
    const answer = await register(started.base, body);
    expect(answer).toMatchObject({
      status: 413,
      body: { ok: false, status: 413, message: 'Request body is too large' },
    });
    expect(REGISTER_BODY_LIMIT).toBeLessThan(7.5 * 1024 * 1024);
  });
});

async function post(headers: Record<string, string>, body: Uint8Array | string) {
  const response = await fetch(`${started.base}/api/register`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json() };
}

const refused = (message: string) => ({
  status: 415,
  body: { ok: false, status: 415, message, detail: message },
});

describe('a body the server could only misread', () => {
  const json = JSON.stringify(candidate());

  it.each(['gzip', 'deflate', 'br', 'x-custom', 'identity, gzip'])(
    'is refused with 415 when its Content-Encoding is %j',
    async (encoding) => {
      const answer = await post(
        { 'content-type': 'application/json', 'content-encoding': encoding },
        gzipSync(json),
      );
      expect(answer).toEqual(refused(UNSUPPORTED_BODY.encoding));
      expect(standIn.requests).toEqual([]);
    },
  );

  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"', 'us-ascii'])(
    'is refused with 415 when declared as charset=%s',
    async (charset) => {
      const answer = await post({ 'content-type': `application/json; charset=${charset}` }, json);
      expect(answer).toEqual(refused(UNSUPPORTED_BODY.charset));
      expect(standIn.requests).toEqual([]);
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset="UTF-8"',
    'application/json; charset=utf8',
  ])('is read when declared as %s, or with Content-Encoding identity', async (contentType) => {
    expect((await post({ 'content-type': contentType }, json)).status).toBe(201);
    const identity = await post(
      { 'content-type': contentType, 'content-encoding': 'identity' },
      json,
    );
    expect(identity.status).toBe(201);
  });
});
