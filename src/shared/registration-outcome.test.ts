import { describe, expect, it } from 'vitest';
import { providerErrorMessage, registrationAnswer } from './registration-outcome.ts';

const problem = (extra: object) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  ...extra,
});

describe('the provider-status catalogue (spec §8)', () => {
  it.each([
    [409, { detail: 'Candidate already registered' }, 'Candidate already exists'],
    [
      400,
      problem({ detail: 'Candidate rejected due to invalid email address' }),
      'Candidate rejected due to invalid email address',
    ],
    [
      400,
      problem({ resume: ['File is corrupt', 'Too short'] }),
      'Resume error: File is corrupt, Too short',
    ],
    [400, problem({ email: 'Email is banned', resume: 'Corrupt' }), 'Resume error: Corrupt'],
    [400, problem({ email: ['Email is banned'] }), 'Email error: Email is banned'],
    [
      400,
      problem({ zip_code: ['Not served'], phone: 'Too long' }),
      'Validation errors: zip_code: Not served; phone: Too long',
    ],
    [
      400,
      problem({ errors: { zip_code: ['Not served'] } }),
      'Validation errors: zip_code: Not served',
    ],
    [400, problem({}), 'Invalid request data'],
    [400, null, 'Invalid request data'],
    [401, { detail: 'x' }, 'Authentication failed. Please check your credentials.'],
    [403, null, 'You do not have permission to register a candidate.'],
    [422, { detail: 'Resume unreadable' }, 'Resume unreadable'],
    [422, {}, 'Validation error. Please check your information.'],
    [429, { detail: 'slow down' }, 'Too many requests. Please try again later.'],
    [500, { detail: 'stack trace' }, 'Server error. Please try again later.'],
    [502, 'Bad gateway', 'Server error. Please try again later.'],
    [503, null, 'Server error. Please try again later.'],
    [504, null, 'Server error. Please try again later.'],
    [418, { detail: 'Short and stout', message: 'ignored' }, 'Short and stout'],
    [418, { message: 'I am a teapot' }, 'I am a teapot'],
    [418, "I'm a teapot", "I'm a teapot"],
    [418, null, 'Request failed with status code 418'],
    [418, '   ', 'Request failed with status code 418'],
  ])('%i with %j → %s', (status, body, message) => {
    expect(providerErrorMessage(status, body)).toBe(message);
  });
});

describe('the /api/register answer (DESIGN §3)', () => {
  it.each([
    [
      { kind: 'response', status: 201, body: { id: 'c1' } },
      201,
      { ok: true, status: 201, data: { id: 'c1' } },
    ],
    [{ kind: 'response', status: 200, body: null }, 200, { ok: true, status: 200, data: null }],
    [{ kind: 'response', status: 204, body: null }, 200, { ok: true, status: 204, data: null }],
    [
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
      { kind: 'response', status: 409, body: { detail: 'Candidate already exists' } },
      409,
      {
        ok: false,
        status: 409,
        message: 'Candidate already exists',
        detail: 'Candidate already exists',
      },
    ],
    [
      { kind: 'response', status: 429, body: null },
      429,
      { ok: false, status: 429, message: 'Too many requests. Please try again later.' },
    ],
    [
      { kind: 'response', status: 500, body: { detail: 'secret stack' } },
      500,
      { ok: false, status: 500, message: 'Server error. Please try again later.' },
    ],
    [
      { kind: 'response', status: 501, body: null },
      501,
      { ok: false, status: 501, message: 'Server error. Please try again later.' },
    ],
    [{ kind: 'timeout' }, 504, { ok: false, status: null, message: 'Registration failed' }],
    [{ kind: 'network' }, 502, { ok: false, status: null, message: 'Registration failed' }],
  ] as const)('%j → %i %j', (result, httpStatus, answer) => {
    expect(registrationAnswer(result)).toEqual({ httpStatus, answer });
  });
});
