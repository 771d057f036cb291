// From what the provider did to the toast the candidate sees: the server's answer (src/server)
// read by the browser's toast (src/web/wizard/toasts.ts, its rows in toasts.test.ts beside it).
import { describe, expect, it } from 'vitest';
import { checkBeforeProviderCall } from '../src/server/registration/checks.ts';
import {
  type ProviderResult,
  registrationAnswer,
  rejectedAnswer,
} from '../src/server/registration/registration-outcome.ts';
import { type RegistrationToast, registrationToast } from '../src/web/wizard/toasts.ts';
import { providerResponse } from './helpers/provider-result.ts';

const JOB_BOARD = 'https://jobs.example';
const CONFLICT =
  'A candidate with this email address is already registered. Please use a different email or try to log in at https://jobs.example/login';
const SUCCESS =
  'Registration Successful! You can now log in to Resume Library with your email and password.';
const FAILED = 'Registration failed. Please try again.';
const CHECK_INFO = 'Please check your information and try again.';
const OUR_SERVER = 'Our server encountered an error. Please try again later.';

const response = providerResponse;

const error = (message: string, conflict = false): RegistrationToast => ({
  kind: 'error',
  message,
  conflict,
});

describe('from what the provider did to the toast the candidate sees', () => {
  it.each<[string, ProviderResult, string, boolean]>([
    ['201', response(201, { id: 'c1' }), SUCCESS, false],
    ['409', response(409, { detail: 'Dup' }), CONFLICT, true],
    ['400 with a detail', response(400, { detail: 'Zip not served' }), 'Zip not served', false],
    ['400 with email errors only', response(400, { email: ['Banned'] }), CHECK_INFO, false],
    ['422 without a detail', response(422, null), CHECK_INFO, false],
    ['500', response(500, { detail: 'boom' }), OUR_SERVER, false],
    ['502', response(502, null), 'Server error. Please try again later.', false],
    ['401', response(401, null), 'Authentication failed. Please check your credentials.', false],
    ['418 with a string body', response(418, "I'm a teapot"), "I'm a teapot", false],
    ['200 with a web page', response(200, '<html>Maintenance</html>', 'text/html'), FAILED, false],
    ['201 with JSON under text/html', response(201, { id: 'c1' }, 'text/html'), FAILED, false],
    [
      '418 with a web page',
      response(418, '<html>teapot</html>', 'text/html'),
      'Request failed with status code 418',
      false,
    ],
    ['a timeout', { kind: 'timeout' }, FAILED, false],
    ['a network failure', { kind: 'network' }, FAILED, false],
  ])('provider %s → %j', (_name, result, message, conflict) => {
    const toast = registrationToast(registrationAnswer(result).answer, JOB_BOARD);
    expect(toast.message).toBe(message);
    expect(toast.conflict).toBe(conflict);
  });

  it.each([
    [{ email: 'nope' }, 'Invalid email address'],
    [
      { email: 'ada@example.com', first_name: 'Ada' },
      'Either a resume file or resume URL must be provided',
    ],
  ])('a failed check before the call shows its own message: %j → %j', (body, message) => {
    const check = checkBeforeProviderCall(body);
    expect(check).toBe(message);
    expect(registrationToast(rejectedAnswer(check ?? ''), JOB_BOARD)).toStrictEqual(error(message));
  });
});
