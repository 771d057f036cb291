// The toast for each answer of our server (docs/api.md), row by row. From what the provider did
// to the toast, through the server's answer: test/provider-to-toast.test.ts.
import { describe, expect, it } from 'vitest';
import type { RegistrationAnswer } from '../../shared/contract.ts';
import { type RegistrationToast, registrationToast } from './toasts.ts';

const JOB_BOARD = 'https://jobs.example';
const CONFLICT =
  'A candidate with this email address is already registered. Please use a different email or try to log in at https://jobs.example/login';
const SUCCESS =
  'Registration Successful! You can now log in to Resume Library with your email and password.';
const QUEUED =
  "We have your registration. The resume library is busy right now, so we will send it shortly. You don't need to do anything.";
const FAILED = 'Registration failed. Please try again.';
const CHECK_INFO = 'Please check your information and try again.';
const OUR_SERVER = 'Our server encountered an error. Please try again later.';

const error = (message: string, conflict = false): RegistrationToast => ({
  kind: 'error',
  message,
  conflict,
});

describe('the registration toast for each answer (docs/api.md)', () => {
  it.each<[string, RegistrationAnswer | null, RegistrationToast]>([
    // success
    [
      'success 201',
      { ok: true, status: 201, data: { id: 'c1' } },
      { kind: 'registered', message: SUCCESS, conflict: false },
    ],
    [
      'success 200',
      { ok: true, status: 200 },
      { kind: 'registered', message: SUCCESS, conflict: false },
    ],
    [
      'the provider’s own 202 (a registration)',
      { ok: true, status: 202, data: {} },
      { kind: 'registered', message: SUCCESS, conflict: false },
    ],
    // queued for later delivery (OUTBOX=on): not an error, and no claim of a registration
    [
      'queued 202',
      { ok: true, status: 202, queued: true },
      { kind: 'queued', message: QUEUED, conflict: false },
    ],
    // conflict
    ['409', { ok: false, status: 409, message: 'Candidate already exists' }, error(CONFLICT, true)],
    ['409 without a message', { ok: false, status: 409 }, error(CONFLICT, true)],
    [
      '409 with a detail',
      { ok: false, status: 409, message: 'Candidate already exists', detail: 'Dup' },
      error(CONFLICT, true),
    ],
    [
      'a 400 message containing "already exists"',
      { ok: false, status: 400, message: 'Email already exists', detail: 'Email already exists' },
      error(CONFLICT, true),
    ],
    [
      'a 400 message containing "already registered" (the provider\'s other wording)',
      {
        ok: false,
        status: 400,
        message: 'Candidate already registered',
        detail: 'Candidate already registered',
      },
      error(CONFLICT, true),
    ],
    [
      'a 422 message containing "already registered"',
      { ok: false, status: 422, message: 'Candidate already registered' },
      error(CONFLICT, true),
    ],
    [
      'a 418 message containing "Conflict"',
      { ok: false, status: 418, message: 'Conflict with record' },
      error(CONFLICT, true),
    ],
    [
      'a 422 message containing "Conflict"',
      { ok: false, status: 422, message: 'Conflict', detail: 'Duplicate' },
      error(CONFLICT, true),
    ],
    // 400 and 422
    [
      '400 with a detail',
      { ok: false, status: 400, message: 'x', detail: 'Zip not served' },
      error('Zip not served'),
    ],
    [
      '400 without a detail',
      { ok: false, status: 400, message: 'Invalid request data' },
      error(CHECK_INFO),
    ],
    [
      '400 with an empty detail',
      { ok: false, status: 400, message: 'Invalid request data', detail: '' },
      error(CHECK_INFO),
    ],
    [
      '422 with a detail',
      { ok: false, status: 422, message: 'x', detail: 'Resume unreadable' },
      error('Resume unreadable'),
    ],
    [
      '422 without a detail',
      { ok: false, status: 422, message: 'Validation error. Please check your information.' },
      error(CHECK_INFO),
    ],
    // 500
    [
      '500',
      { ok: false, status: 500, message: 'Server error. Please try again later.' },
      error(OUR_SERVER),
    ],
    [
      '500 with a detail',
      { ok: false, status: 500, message: 'Server error. Please try again later.', detail: 'd' },
      error(OUR_SERVER),
    ],
    // status null or no answer
    [
      'the provider never answered',
      { ok: false, status: null, message: 'Registration failed' },
      error(FAILED),
    ],
    ['our server gave no answer', null, error(FAILED)],
    // other statuses: detail, else message
    [
      '401',
      { ok: false, status: 401, message: 'Authentication failed. Please check your credentials.' },
      error('Authentication failed. Please check your credentials.'),
    ],
    [
      '403 with a detail',
      {
        ok: false,
        status: 403,
        message: 'You do not have permission to register a candidate.',
        detail: 'Account suspended',
      },
      error('Account suspended'),
    ],
    [
      '429',
      { ok: false, status: 429, message: 'Too many requests. Please try again later.' },
      error('Too many requests. Please try again later.'),
    ],
    ['418 with a detail', { ok: false, status: 418, message: 'm', detail: 'd' }, error('d')],
    ['418 with a message only', { ok: false, status: 418, message: 'm' }, error('m')],
    [
      '503',
      { ok: false, status: 503, message: 'Server error. Please try again later.' },
      error('Server error. Please try again later.'),
    ],
    ['418 with neither detail nor message', { ok: false, status: 418 }, error(FAILED)],
  ])('%s', (_name, answer, toast) => {
    expect(registrationToast(answer, JOB_BOARD)).toStrictEqual(toast);
  });

  it.each([['https://jobs.example'], ['https://jobs.example/'], ['https://jobs.example//']])(
    'puts {host}/login in the conflict toast for jobBoardUrl %j',
    (jobBoardUrl) => {
      expect(registrationToast({ ok: false, status: 409 }, jobBoardUrl).message).toBe(CONFLICT);
    },
  );
});
