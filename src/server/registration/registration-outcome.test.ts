import type { MessageDescriptor } from '@lingui/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { providerResponse } from '../../../test/helpers/provider-result.ts';
import type { RegistrationAnswer } from '../../shared/contract.ts';
import { english, PROVIDER_TEXTS, providerStatusText } from '../../shared/messages.ts';
import { translate } from '../i18n.ts';
import { bodyWithoutSecrets, readProviderBody } from './provider-body.ts';
import {
  capped,
  FIELD_MESSAGE_MAX_LENGTH,
  fieldMessagesOf,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_FIELD,
  PROVIDER_FIELD_KEYS,
  type ProviderResult,
  providerErrorMessage,
  type RegistrationOutcome,
  registrationAnswer,
  rejectedAnswer,
} from './registration-outcome.ts';

const SERVER_ERROR = 'Server error. Please try again later.';
/** How the server says an answer to a Spanish page (routes/register.ts). */
const es = (message: MessageDescriptor) => translate('es', message);
const SPANISH = { say: es, english: false };
const FAILED: RegistrationAnswer = { ok: false, status: null, message: 'Registration failed' };

const response = providerResponse;

/** A problem+json body as the provider (and the sandbox) sends it. */
const problem = (extra: object) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  ...extra,
});

describe('the provider-status catalogue (docs/form.md)', () => {
  it.each([
    // 409
    [409, { detail: 'Candidate already registered' }, 'Candidate already exists'],
    [409, null, 'Candidate already exists'],
    [409, 'Conflict', 'Candidate already exists'],
    // 400: detail first
    [
      400,
      problem({ detail: 'Candidate rejected due to invalid email address' }),
      'Candidate rejected due to invalid email address',
    ],
    [400, problem({ detail: 'Bad zip', resume: ['Corrupt'], email: ['Banned'] }), 'Bad zip'],
    // 400: else resume errors
    [
      400,
      problem({ resume: ['File is corrupt', 'Too short'] }),
      'Resume error: File is corrupt, Too short',
    ],
    [400, problem({ resume: 'Corrupt' }), 'Resume error: Corrupt'],
    [400, problem({ email: 'Email is banned', resume: 'Corrupt' }), 'Resume error: Corrupt'],
    [400, problem({ detail: '', resume: ['Corrupt'] }), 'Resume error: Corrupt'],
    [400, problem({ errors: { resume: ['Corrupt'] } }), 'Resume error: Corrupt'],
    // 400: else email errors
    [400, problem({ email: ['Email is banned'] }), 'Email error: Email is banned'],
    [400, problem({ email: 'Email is banned' }), 'Email error: Email is banned'],
    [
      400,
      problem({ email: ['Email is banned', 'Domain blocked'], zip_code: ['Not served'] }),
      'Email error: Email is banned, Domain blocked',
    ],
    [400, problem({ resume: [], email: ['Banned'] }), 'Email error: Banned'],
    // 400: else the remaining field messages, type, title and status excluded
    [
      400,
      problem({ zip_code: ['Not served'], phone: 'Too long' }),
      'Validation errors: zip_code: Not served; phone: Too long',
    ],
    [400, problem({ phone: ['Too long'] }), 'Validation errors: phone: Too long'],
    [
      400,
      problem({ errors: { zip_code: ['Not served'] } }),
      'Validation errors: zip_code: Not served',
    ],
    [400, { zip_code: ['Not served'] }, 'Validation errors: zip_code: Not served'],
    // 400: only the candidate's own fields count, never a key the provider made up
    [400, problem({ db_shard: ['eu-3 down'], headers: { host: 'x' } }), 'Invalid request data'],
    // 400: else nothing usable
    [400, problem({}), 'Invalid request data'],
    [400, { type: 'about:blank', title: 'Bad Request', status: 400 }, 'Invalid request data'],
    [400, {}, 'Invalid request data'],
    [400, null, 'Invalid request data'],
    [400, 'Bad Request', 'Invalid request data'],
    // fixed messages
    [401, { detail: 'x' }, 'Authentication failed. Please check your credentials.'],
    [401, null, 'Authentication failed. Please check your credentials.'],
    [403, null, 'You do not have permission to register a candidate.'],
    [403, { detail: 'Forbidden' }, 'You do not have permission to register a candidate.'],
    // 422
    [422, { detail: 'Resume unreadable' }, 'Resume unreadable'],
    [422, {}, 'Validation error. Please check your information.'],
    [422, null, 'Validation error. Please check your information.'],
    [422, { message: 'ignored' }, 'Validation error. Please check your information.'],
    [422, { detail: '   ' }, 'Validation error. Please check your information.'],
    // 429
    [429, { detail: 'slow down' }, 'Too many requests. Please try again later.'],
    [429, null, 'Too many requests. Please try again later.'],
    // 500, 502, 503, 504
    [500, { detail: 'stack trace' }, SERVER_ERROR],
    [500, null, SERVER_ERROR],
    [502, 'Bad gateway', SERVER_ERROR],
    [503, { message: 'maintenance' }, SERVER_ERROR],
    [504, null, SERVER_ERROR],
    // other statuses: detail, message, a string body, the status fallback
    [418, { detail: 'Short and stout', message: 'ignored' }, 'Short and stout'],
    [418, { message: 'I am a teapot' }, 'I am a teapot'],
    [418, { detail: '', message: 'I am a teapot' }, 'I am a teapot'],
    [418, "I'm a teapot", "I'm a teapot"],
    [418, null, 'Request failed with status code 418'],
    [418, '', 'Request failed with status code 418'],
    [418, '   ', 'Request failed with status code 418'],
    [418, {}, 'Request failed with status code 418'],
    [404, { detail: 'No such endpoint' }, 'No such endpoint'],
    [405, null, 'Request failed with status code 405'],
  ])('%i with %j → %s', (status, body, message) => {
    expect(providerErrorMessage(status, body)).toBe(message);
  });
});

describe('the field-keyed messages of an error body', () => {
  it.each([
    [problem({ email: ['Banned'] }), { email: ['Banned'] }],
    [problem({ email: 'Banned', resume: ['A', 'B'] }), { email: ['Banned'], resume: ['A', 'B'] }],
    [problem({ detail: 'd', errors: { zip_code: ['Not served'] } }), { zip_code: ['Not served'] }],
    [{ phone: { format: 'Bad format' } }, { phone: ['Bad format'] }],
    // only known fields: not the problem's own members, not keys the provider made up
    [
      problem({ instance: '/x', headers: { host: 'h' }, stack: ['at x'], email: ['Banned'] }),
      { email: ['Banned'] },
    ],
    [{ errors: { authorization: ['Basic eDp5'], resume: ['Corrupt'] } }, { resume: ['Corrupt'] }],
    [JSON.parse('{"__proto__":["x"],"constructor":["y"],"toString":["z"]}'), undefined],
    // only strings directly in a field's list or object, at most 5, each on one line
    [{ phone: [['nested'], { deeper: 'x' }, 7, true, 'Too long'] }, { phone: ['Too long'] }],
    [{ email: { headers: { host: 'h' } } }, undefined],
    [{ email: ['1', '2', '3', '4', '5', '6', '7'] }, { email: ['1', '2', '3', '4', '5'] }],
    [
      { email: ['Line one\n\tline two\u0000', '\u202Eevil'] },
      { email: ['Line one line two', 'evil'] },
    ],
    [{ phone: ['  '], email: '' }, undefined],
    [problem({ detail: 'only a detail' }), undefined],
    [problem({}), undefined],
    [{ message: 'm', instance: '/x' }, undefined],
    ['a string', undefined],
    [['a list'], undefined],
    [null, undefined],
  ])('%j → %j', (body, expected) => {
    expect(fieldMessagesOf(body)).toEqual(expected);
  });
});

describe('the /api/register answer (docs/api.md)', () => {
  const REGISTERED = (status: number): RegistrationAnswer => ({ ok: true, status, data: {} });

  it.each<[string, ProviderResult, number, RegistrationAnswer, RegistrationOutcome]>([
    // provider 2xx with the API's JSON, or nothing: a registration, and none of its body passed on
    ['201 with a JSON body', response(201, { id: 'c1' }), 201, REGISTERED(201), 'registered'],
    [
      '201 with a JSON body and a charset',
      response(201, { id: 'c1' }, 'application/json; charset=utf-8'),
      201,
      REGISTERED(201),
      'registered',
    ],
    [
      '202 with a vendor +json body',
      response(202, { id: 'c1' }, 'application/vnd.provider+json'),
      202,
      REGISTERED(202),
      'registered',
    ],
    [
      '201 with a JSON string body',
      response(201, '"created"', 'application/json'),
      201,
      REGISTERED(201),
      'registered',
    ],
    ['200 without a body', response(200, null), 200, REGISTERED(200), 'registered'],
    // 600–999 is no HTTP status: the provider never answered usefully, and 502 is ours to send
    [
      '600, a status HTTP does not define',
      response(600, { detail: 'odd' }),
      502,
      { ok: false, status: null, message: 'Registration failed' },
      'provider_error',
    ],
    [
      '999 with a text body',
      response(999, 'odd', 'text/plain'),
      502,
      { ok: false, status: null, message: 'Registration failed' },
      'provider_error',
    ],
    [
      '201 without a body, labelled JSON',
      response(201, null, 'application/json'),
      201,
      REGISTERED(201),
      'registered',
    ],
    [
      '204, told to the browser with a 200',
      response(204, null),
      200,
      REGISTERED(204),
      'registered',
    ],
    [
      '205, told to the browser with a 200',
      response(205, null),
      200,
      REGISTERED(205),
      'registered',
    ],
    // provider 2xx that is not the API's JSON: no registration, and the provider "never answered"
    [
      '200 with a web page',
      response(200, '<!doctype html><title>Maintenance</title>', 'text/html; charset=utf-8'),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '201 with JSON under text/html',
      response(201, { id: 'c1' }, 'text/html'),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '201 with JSON under text/plain',
      response(201, { id: 'c1' }, 'text/plain'),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '201 with JSON and no content type',
      response(201, '{"id":"c1"}', null),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '200 with a page labelled application/json',
      response(200, '<html>hello</html>', 'application/json'),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '201 with JSON under application/json-seq',
      response(201, { id: 'c1' }, 'application/json-seq'),
      502,
      FAILED,
      'provider_not_json',
    ],
    [
      '200 with an empty body labelled text/html',
      response(200, null, 'text/html'),
      502,
      FAILED,
      'provider_not_json',
    ],
    // provider 4xx
    [
      '400 with a detail and field errors',
      response(400, problem({ detail: 'Bad zip', zip_code: ['Not served'] })),
      400,
      {
        ok: false,
        status: 400,
        message: 'Bad zip',
        detail: 'Bad zip',
        errors: { zip_code: ['Not served'] },
      },
      'provider_rejected',
    ],
    [
      '400 with email errors only',
      response(400, problem({ email: 'Email is banned' })),
      400,
      {
        ok: false,
        status: 400,
        message: 'Email error: Email is banned',
        errors: { email: ['Email is banned'] },
      },
      'provider_rejected',
    ],
    [
      '400 with nothing usable',
      response(400, null),
      400,
      { ok: false, status: 400, message: 'Invalid request data' },
      'provider_rejected',
    ],
    [
      '401',
      response(401, 'Unauthorized'),
      401,
      { ok: false, status: 401, message: 'Authentication failed. Please check your credentials.' },
      'provider_rejected',
    ],
    [
      '403 with a detail',
      response(403, { detail: 'No access' }),
      403,
      {
        ok: false,
        status: 403,
        message: 'You do not have permission to register a candidate.',
        detail: 'No access',
      },
      'provider_rejected',
    ],
    [
      '409 with a detail',
      response(409, { detail: 'Candidate already registered' }),
      409,
      {
        ok: false,
        status: 409,
        message: 'Candidate already exists',
        detail: 'Candidate already registered',
      },
      'provider_rejected',
    ],
    [
      '422 with a detail',
      response(422, { detail: 'Resume unreadable' }),
      422,
      { ok: false, status: 422, message: 'Resume unreadable', detail: 'Resume unreadable' },
      'provider_rejected',
    ],
    [
      '422 without a detail',
      response(422, {}),
      422,
      { ok: false, status: 422, message: 'Validation error. Please check your information.' },
      'provider_rejected',
    ],
    [
      '429',
      response(429, null),
      429,
      { ok: false, status: 429, message: 'Too many requests. Please try again later.' },
      'provider_rejected',
    ],
    [
      '418 with a text/plain body',
      response(418, "I'm a teapot"),
      418,
      { ok: false, status: 418, message: "I'm a teapot" },
      'provider_rejected',
    ],
    [
      '418 with a body and no content type',
      response(418, "I'm a teapot", null),
      418,
      { ok: false, status: 418, message: "I'm a teapot" },
      'provider_rejected',
    ],
    [
      '404 with a web page: no page text for a candidate',
      response(404, '<html><body>Not Found</body></html>', 'text/html'),
      404,
      { ok: false, status: 404, message: 'Request failed with status code 404' },
      'provider_rejected',
    ],
    [
      '418 with a broken JSON body: no raw text for a candidate',
      response(418, '{"detail":', 'application/json'),
      418,
      { ok: false, status: 418, message: 'Request failed with status code 418' },
      'provider_rejected',
    ],
    [
      '418 with an empty body',
      response(418, null),
      418,
      { ok: false, status: 418, message: 'Request failed with status code 418' },
      'provider_rejected',
    ],
    [
      'a 302 to a login page, told with a 502',
      response(302, null, 'text/html'),
      502,
      { ok: false, status: 302, message: 'Request failed with status code 302' },
      'provider_rejected',
    ],
    // provider 5xx: no detail and no errors pass through
    [
      '500 with a detail that must not leak',
      response(500, { detail: 'secret stack', db: ['down'] }),
      500,
      { ok: false, status: 500, message: SERVER_ERROR },
      'provider_error',
    ],
    [
      '501, another 5xx',
      response(501, { detail: 'Not implemented' }),
      501,
      { ok: false, status: 501, message: SERVER_ERROR },
      'provider_error',
    ],
    [
      '502',
      response(502, 'Bad gateway'),
      502,
      { ok: false, status: 502, message: SERVER_ERROR },
      'provider_error',
    ],
    [
      '503 with a maintenance page',
      response(503, '<html>Maintenance</html>', 'text/html'),
      503,
      { ok: false, status: 503, message: SERVER_ERROR },
      'provider_error',
    ],
    [
      '504',
      response(504, null),
      504,
      { ok: false, status: 504, message: SERVER_ERROR },
      'provider_error',
    ],
    // no answer from the provider
    ['a timeout', { kind: 'timeout' }, 504, FAILED, 'timeout'],
    ['a network failure', { kind: 'network' }, 502, FAILED, 'network'],
  ])('%s → HTTP %i %j', (_name, result, httpStatus, answer, outcome) => {
    expect(registrationAnswer(result)).toStrictEqual({ httpStatus, answer, outcome });
  });
});

describe('in Spanish the message is ours; the provider’s English is only its detail (issue 44, point 1)', () => {
  /** The sandbox's refusals (src/server/provider/sandbox.ts), as it sends them. */
  const refusal = (status: number, detail: string, extra: object = {}) =>
    response(status, {
      type: 'https://sandbox.invalid/problems/x',
      title: 'X',
      status,
      detail,
      ...extra,
    });

  it('says each message from the Spanish catalogue, not in English', () => {
    for (const text of [...Object.values(PROVIDER_TEXTS), providerStatusText(418)]) {
      expect(es(text)).not.toBe(english(text));
    }
  });

  it.each<[string, ProviderResult, RegistrationAnswer]>([
    [
      '400 with a detail and field messages',
      refusal(400, 'Candidate rejected due to invalid email address', {
        email: ['This email address is not accepted'],
      }),
      {
        ok: false,
        status: 400,
        message: es(PROVIDER_TEXTS.invalidRequest),
        detail: 'Candidate rejected due to invalid email address',
        errors: { email: ['This email address is not accepted'] },
      },
    ],
    [
      '400 with field messages only',
      response(400, { resume: ['Unreadable'] }),
      {
        ok: false,
        status: 400,
        message: es(PROVIDER_TEXTS.invalidRequest),
        errors: { resume: ['Unreadable'] },
      },
    ],
    [
      '401',
      refusal(401, 'Invalid API credentials'),
      {
        ok: false,
        status: 401,
        message: es(PROVIDER_TEXTS.unauthorized),
        detail: 'Invalid API credentials',
      },
    ],
    [
      '403',
      refusal(403, 'This account may not register candidates'),
      {
        ok: false,
        status: 403,
        message: es(PROVIDER_TEXTS.forbidden),
        detail: 'This account may not register candidates',
      },
    ],
    [
      '409',
      refusal(409, 'Candidate already exists'),
      {
        ok: false,
        status: 409,
        message: es(PROVIDER_TEXTS.conflict),
        detail: 'Candidate already exists',
      },
    ],
    [
      '422 with a detail',
      refusal(422, 'The resume could not be read', { resume: ['The resume could not be parsed'] }),
      {
        ok: false,
        status: 422,
        message: es(PROVIDER_TEXTS.unprocessable),
        detail: 'The resume could not be read',
        errors: { resume: ['The resume could not be parsed'] },
      },
    ],
    [
      '429',
      refusal(429, 'Rate limit exceeded: try again in 60 seconds'),
      {
        ok: false,
        status: 429,
        message: es(PROVIDER_TEXTS.tooManyRequests),
        detail: 'Rate limit exceeded: try again in 60 seconds',
      },
    ],
    [
      '418 with a detail',
      refusal(418, 'The sandbox answered 418 as the email asked'),
      {
        ok: false,
        status: 418,
        message: es(providerStatusText(418)),
        detail: 'The sandbox answered 418 as the email asked',
      },
    ],
    [
      '418 with a plain-text body',
      response(418, 'I am a teapot', 'text/plain'),
      { ok: false, status: 418, message: es(providerStatusText(418)) },
    ],
    [
      '500',
      refusal(500, 'boom'),
      { ok: false, status: 500, message: es(PROVIDER_TEXTS.serverError) },
    ],
    [
      'a timeout',
      { kind: 'timeout' },
      { ok: false, status: null, message: es(PROVIDER_TEXTS.failed) },
    ],
  ])('%s', (_name, result, answer) => {
    expect(registrationAnswer(result, SPANISH).answer).toStrictEqual(answer);
  });
});

describe('the caps on what an error body passes on', () => {
  const long = (n: number, char = 'x') => char.repeat(n);

  it.each<[string, ProviderResult, RegistrationAnswer]>([
    [
      'a detail longer than 500 characters is cut, with an ellipsis',
      response(422, { detail: long(2_000) }),
      {
        ok: false,
        status: 422,
        message: `${long(MESSAGE_MAX_LENGTH - 1)}…`,
        detail: `${long(MESSAGE_MAX_LENGTH - 1)}…`,
      },
    ],
    [
      'a field message longer than 200 characters is cut, and so is the message built of them',
      response(400, { zip_code: [long(1_000, 'z')], phone: [long(1_000, 'p')] }),
      {
        ok: false,
        status: 400,
        message: capped(
          `Validation errors: zip_code: ${long(FIELD_MESSAGE_MAX_LENGTH - 1, 'z')}…; phone: ${long(FIELD_MESSAGE_MAX_LENGTH - 1, 'p')}…`,
          MESSAGE_MAX_LENGTH,
        ),
        errors: {
          zip_code: [`${long(FIELD_MESSAGE_MAX_LENGTH - 1, 'z')}…`],
          phone: [`${long(FIELD_MESSAGE_MAX_LENGTH - 1, 'p')}…`],
        },
      },
    ],
    [
      'a plain-text body longer than 500 characters is cut',
      response(418, long(10_000)),
      { ok: false, status: 418, message: `${long(MESSAGE_MAX_LENGTH - 1)}…` },
    ],
    [
      'a detail that is not a string is no detail',
      response(409, { detail: { text: 'x' }, title: 'Conflict' }),
      { ok: false, status: 409, message: 'Candidate already exists' },
    ],
    [
      'a title, a type and an instance never pass',
      response(403, { type: 'https://p/x', title: 'Forbidden by policy', instance: '/r/1' }),
      { ok: false, status: 403, message: 'You do not have permission to register a candidate.' },
    ],
  ])('%s', (_name, result, answer) => {
    expect(registrationAnswer(result).answer).toStrictEqual(answer);
  });

  it.each([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['one too long', 11, 'one too lo…'],
    ['emoji 😀😀😀', 9, 'emoji 😀…'],
    ['trailing space before the cut', 10, 'trailing…'],
  ])('capped(%j, %i) → %j', (text, max, expected) => {
    expect(capped(text, max)).toBe(expected);
    expect(capped(text, max).length).toBeLessThanOrEqual(max);
  });
});

describe('for any provider answer, with our credential planted anywhere in it (property)', () => {
  const USER = 'acme-user';
  const KEY = 'k3y-Secret-123';
  const BASE64 = btoa(`${USER}:${KEY}`);
  /** What the server knows it must never send back (server/provider/basic-auth.ts). */
  const SECRETS = [BASE64.replace(/=+$/, ''), `${USER}:${KEY}`, KEY];
  const planted = fc.constantFrom(`Basic ${BASE64}`, BASE64, `${USER}:${KEY}`, KEY);
  const words = fc.string({ unit: 'grapheme', maxLength: 40 });
  const someText = fc.oneof(
    words,
    fc.tuple(words, planted, words).map((parts) => parts.join('')),
    fc.string({ unit: 'binary', minLength: 300, maxLength: 3_000 }),
  );
  const key = fc.oneof(
    fc.constantFrom(...PROVIDER_FIELD_KEYS, 'detail', 'message', 'title', 'type', 'errors'),
    someText,
  );
  const { json } = fc.letrec<{ json: unknown }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      someText,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('json'), { maxLength: 8 }),
      fc.dictionary(key, tie('json'), { maxKeys: 12 }),
    ),
  }));
  const status = fc.oneof(
    fc.constantFrom(200, 201, 204, 302, 400, 401, 403, 409, 418, 422, 429, 500, 503),
    fc.integer({ min: 100, max: 599 }),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/problem+json',
    'text/plain',
    'text/html',
    null,
  );
  /** The body as sent: JSON text, or any text at all. */
  const sent = fc.oneof(
    json.map((value) => JSON.stringify(value) ?? ''),
    someText,
  );

  /** What the server makes of the answer: read, every credential-bearing text dropped, decided. */
  const answerTo = (code: number, type: string | null, text: string) =>
    registrationAnswer({
      kind: 'response',
      status: code,
      contentType: type,
      body: bodyWithoutSecrets(readProviderBody(text, type), SECRETS),
    }).answer;

  it('never holds the credential, and every text is within its cap', () => {
    fc.assert(
      fc.property(status, contentType, sent, (code, type, text) => {
        const answer = answerTo(code, type, text);
        const bytes = JSON.stringify(answer);
        for (const secret of [BASE64, ...SECRETS]) expect(bytes).not.toContain(secret);
        expect(answer.data ?? {}).toStrictEqual({});
        expect((answer.message ?? '').length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
        expect((answer.detail ?? '').length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
        for (const [field, messages] of Object.entries(answer.errors ?? {})) {
          expect(PROVIDER_FIELD_KEYS.has(field)).toBe(true);
          expect(messages.length).toBeGreaterThan(0);
          expect(messages.length).toBeLessThanOrEqual(MESSAGES_PER_FIELD);
          for (const message of messages) {
            expect(message.length).toBeLessThanOrEqual(FIELD_MESSAGE_MAX_LENGTH);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the answer of a check that failed before the provider call (docs/api.md)', () => {
  it.each<[string, Parameters<typeof rejectedAnswer>, RegistrationAnswer]>([
    [
      'a message only',
      ['Invalid email address'],
      {
        ok: false,
        status: 400,
        message: 'Invalid email address',
        detail: 'Invalid email address',
      },
    ],
    [
      'a message and field errors',
      ['Missing required fields', { zip_code: ['Zip code is required'] }],
      {
        ok: false,
        status: 400,
        message: 'Missing required fields',
        detail: 'Missing required fields',
        errors: { zip_code: ['Zip code is required'] },
      },
    ],
    [
      'another status',
      ['File is too large. The maximum size is 5MB.', undefined, 413],
      {
        ok: false,
        status: 413,
        message: 'File is too large. The maximum size is 5MB.',
        detail: 'File is too large. The maximum size is 5MB.',
      },
    ],
  ])('%s', (_name, args, expected) => {
    expect(rejectedAnswer(...args)).toStrictEqual(expected);
  });
});
