import { describe, expect, it } from 'vitest';
import {
  fieldMessagesOf,
  type ProviderResult,
  providerErrorMessage,
  type RegistrationAnswer,
  registrationAnswer,
  rejectedAnswer,
} from './registration-outcome.ts';

const SERVER_ERROR = 'Server error. Please try again later.';

/** A problem+json body as the provider (and the sandbox) sends it. */
const problem = (extra: object) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  ...extra,
});

describe('the provider-status catalogue (spec §8)', () => {
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

describe('the /api/register answer (DESIGN §3)', () => {
  it.each<[string, ProviderResult, number, RegistrationAnswer]>([
    // provider 2xx
    [
      '201 with a body',
      { kind: 'response', status: 201, body: { id: 'c1' } },
      201,
      { ok: true, status: 201, data: { id: 'c1' } },
    ],
    [
      '200 without a body',
      { kind: 'response', status: 200, body: null },
      200,
      { ok: true, status: 200, data: null },
    ],
    [
      '204, told to the browser with a 200',
      { kind: 'response', status: 204, body: null },
      200,
      { ok: true, status: 204, data: null },
    ],
    // provider 4xx
    [
      '400 with a detail and field errors',
      {
        kind: 'response',
        status: 400,
        body: problem({ detail: 'Bad zip', zip_code: ['Not served'] }),
      },
      400,
      {
        ok: false,
        status: 400,
        message: 'Bad zip',
        detail: 'Bad zip',
        errors: { zip_code: ['Not served'] },
      },
    ],
    [
      '400 with email errors only',
      { kind: 'response', status: 400, body: problem({ email: 'Email is banned' }) },
      400,
      {
        ok: false,
        status: 400,
        message: 'Email error: Email is banned',
        errors: { email: ['Email is banned'] },
      },
    ],
    [
      '400 with nothing usable',
      { kind: 'response', status: 400, body: null },
      400,
      { ok: false, status: 400, message: 'Invalid request data' },
    ],
    [
      '401',
      { kind: 'response', status: 401, body: 'Unauthorized' },
      401,
      { ok: false, status: 401, message: 'Authentication failed. Please check your credentials.' },
    ],
    [
      '403 with a detail',
      { kind: 'response', status: 403, body: { detail: 'No access' } },
      403,
      {
        ok: false,
        status: 403,
        message: 'You do not have permission to register a candidate.',
        detail: 'No access',
      },
    ],
    [
      '409 with a detail',
      { kind: 'response', status: 409, body: { detail: 'Candidate already registered' } },
      409,
      {
        ok: false,
        status: 409,
        message: 'Candidate already exists',
        detail: 'Candidate already registered',
      },
    ],
    [
      '422 with a detail',
      { kind: 'response', status: 422, body: { detail: 'Resume unreadable' } },
      422,
      { ok: false, status: 422, message: 'Resume unreadable', detail: 'Resume unreadable' },
    ],
    [
      '422 without a detail',
      { kind: 'response', status: 422, body: {} },
      422,
      { ok: false, status: 422, message: 'Validation error. Please check your information.' },
    ],
    [
      '429',
      { kind: 'response', status: 429, body: null },
      429,
      { ok: false, status: 429, message: 'Too many requests. Please try again later.' },
    ],
    [
      '418 with a string body',
      { kind: 'response', status: 418, body: "I'm a teapot" },
      418,
      { ok: false, status: 418, message: "I'm a teapot" },
    ],
    [
      '418 with an empty body',
      { kind: 'response', status: 418, body: null },
      418,
      { ok: false, status: 418, message: 'Request failed with status code 418' },
    ],
    // provider 5xx: no detail and no errors pass through
    [
      '500 with a detail that must not leak',
      { kind: 'response', status: 500, body: { detail: 'secret stack', db: ['down'] } },
      500,
      { ok: false, status: 500, message: SERVER_ERROR },
    ],
    [
      '501, another 5xx',
      { kind: 'response', status: 501, body: { detail: 'Not implemented' } },
      501,
      { ok: false, status: 501, message: SERVER_ERROR },
    ],
    [
      '502',
      { kind: 'response', status: 502, body: 'Bad gateway' },
      502,
      { ok: false, status: 502, message: SERVER_ERROR },
    ],
    [
      '503',
      { kind: 'response', status: 503, body: null },
      503,
      { ok: false, status: 503, message: SERVER_ERROR },
    ],
    [
      '504',
      { kind: 'response', status: 504, body: null },
      504,
      { ok: false, status: 504, message: SERVER_ERROR },
    ],
    // no answer from the provider
    [
      'a timeout',
      { kind: 'timeout' },
      504,
      { ok: false, status: null, message: 'Registration failed' },
    ],
    [
      'a network failure',
      { kind: 'network' },
      502,
      { ok: false, status: null, message: 'Registration failed' },
    ],
  ])('%s → HTTP %i %j', (_name, result, httpStatus, answer) => {
    expect(registrationAnswer(result)).toStrictEqual({ httpStatus, answer });
  });
});

describe('the answer of a check that failed before the provider call (DESIGN §3)', () => {
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
