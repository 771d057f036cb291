import { describe, expect, it } from 'vitest';
import { registrationToast } from './toasts.ts';

const CONFLICT =
  'A candidate with this email address is already registered. Please use a different email or try to log in at https://jobs.example/login';

describe('the registration toast for each answer (spec §8, DESIGN §3)', () => {
  it.each([
    [
      'success',
      { ok: true, status: 201 },
      'success',
      'Registration Successful! You can now log in to Resume Library with your email and password.',
      false,
    ],
    [
      '409',
      { ok: false, status: 409, message: 'Candidate already exists' },
      'error',
      CONFLICT,
      true,
    ],
    [
      'a message with "already exists"',
      { ok: false, status: 400, message: 'Candidate already exists' },
      'error',
      CONFLICT,
      true,
    ],
    [
      'a message with "Conflict"',
      { ok: false, status: 418, message: 'Conflict with record' },
      'error',
      CONFLICT,
      true,
    ],
    [
      '400 with detail',
      { ok: false, status: 400, message: 'x', detail: 'Zip not served' },
      'error',
      'Zip not served',
      false,
    ],
    [
      '400 without detail',
      { ok: false, status: 400, message: 'Invalid request data' },
      'error',
      'Please check your information and try again.',
      false,
    ],
    [
      '422 with detail',
      { ok: false, status: 422, message: 'x', detail: 'Resume unreadable' },
      'error',
      'Resume unreadable',
      false,
    ],
    [
      '422 without detail',
      { ok: false, status: 422, message: 'x' },
      'error',
      'Please check your information and try again.',
      false,
    ],
    [
      '500',
      { ok: false, status: 500, message: 'Server error. Please try again later.' },
      'error',
      'Our server encountered an error. Please try again later.',
      false,
    ],
    [
      '503',
      { ok: false, status: 503, message: 'Server error. Please try again later.' },
      'error',
      'Server error. Please try again later.',
      false,
    ],
    [
      '401',
      { ok: false, status: 401, message: 'Authentication failed. Please check your credentials.' },
      'error',
      'Authentication failed. Please check your credentials.',
      false,
    ],
    ['418 with detail', { ok: false, status: 418, message: 'm', detail: 'd' }, 'error', 'd', false],
    [
      'the provider never answered',
      { ok: false, status: null, message: 'Registration failed' },
      'error',
      'Registration failed. Please try again.',
      false,
    ],
  ] as const)('%s', (_name, answer, kind, message, conflict) => {
    expect(registrationToast(answer, 'https://jobs.example/')).toEqual({ kind, message, conflict });
  });

  it('says "Registration failed. Please try again." when our server gave no answer', () => {
    expect(registrationToast(null, 'https://jobs.example')).toEqual({
      kind: 'error',
      message: 'Registration failed. Please try again.',
      conflict: false,
    });
  });
});
