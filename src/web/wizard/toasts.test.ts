// The toast for each answer of our server (docs/api.md), row by row. From what the provider did
// to the toast, through the server's answer: test/provider-to-toast.test.ts.
import { i18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as english } from '../../locales/en/messages.ts';
import { messages as spanish } from '../../locales/es/messages.ts';
import type { RegistrationAnswer } from '../../shared/contract.ts';
import {
  CHECK_TEXTS,
  PROVIDER_TEXTS as P,
  providerStatusText,
  QUEUED_TOAST_TEXT,
  SUBMISSION_TEXTS,
} from '../../shared/messages.ts';
import { conflictText, REGISTRATION_TOAST_TEXTS as T } from '../../shared/page-texts.ts';
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

/**
 * The Spanish of a message, from the catalogue (others reword it; the rows hold the rule, and the
 * first test below that each is Spanish, not the English).
 */
const es = (message: MessageDescriptor) =>
  setupI18n({ locale: 'es', messages: { es: spanish } })._(message);

describe('the registration toast on a Spanish page (issue 44, point 1)', () => {
  // The page's language is active before anything shows (src/web/i18n.ts).
  beforeAll(() => i18n.loadAndActivate({ locale: 'es', messages: spanish }));
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: english }));

  const S = {
    conflict: es(conflictText(JOB_BOARD)),
    success: es(T.success),
    queued: es(QUEUED_TOAST_TEXT),
    failed: es(T.failed),
    checkInformation: es(T.checkInformation),
    serverError: es(T.serverError),
    // What the server answers a Spanish page (src/server/registration/registration-outcome.ts).
    invalidRequest: es(P.invalidRequest),
    unprocessable: es(P.unprocessable),
    unauthorized: es(P.unauthorized),
    forbidden: es(P.forbidden),
    tooMany: es(P.tooManyRequests),
    providerServerError: es(P.serverError),
    providerConflict: es(P.conflict),
    status418: es(providerStatusText(418)),
    resumeUrl: es(CHECK_TEXTS.resumeUrl),
    formToken: es(SUBMISSION_TEXTS.formToken),
  };

  it('reads the Spanish catalogue, not the English', () => {
    expect(S.failed).not.toBe(FAILED);
    expect(S.checkInformation).not.toBe(CHECK_INFO);
    expect(S.conflict).not.toBe(CONFLICT);
    expect(S.conflict).toContain('https://jobs.example/login');
  });

  const withDetail = (message: string, detail: string): RegistrationToast => ({
    ...error(message),
    detail,
  });

  it.each<[string, RegistrationAnswer | null, () => RegistrationToast]>([
    // success, queued
    [
      'success 201',
      { ok: true, status: 201, data: {} },
      () => ({ kind: 'registered', message: S.success, conflict: false }),
    ],
    [
      'queued 202',
      { ok: true, status: 202, queued: true },
      () => ({ kind: 'queued', message: S.queued, conflict: false }),
    ],
    // conflict: the page's own text; the provider's words that say so are the detail now
    [
      '409',
      {
        ok: false,
        status: 409,
        message: 'El candidato ya existe',
        detail: 'Candidate already exists',
      },
      () => error(S.conflict, true),
    ],
    ['409 without a message', { ok: false, status: 409 }, () => error(S.conflict, true)],
    [
      'a 400 whose detail says "already exists"',
      {
        ok: false,
        status: 400,
        message: 'Datos de la solicitud no válidos',
        detail: 'Email already exists',
      },
      () => error(S.conflict, true),
    ],
    [
      'a 422 whose detail says "already registered"',
      { ok: false, status: 422, message: 'x', detail: 'Candidate already registered' },
      () => error(S.conflict, true),
    ],
    [
      'a 418 whose detail says "Conflict"',
      { ok: false, status: 418, message: 'x', detail: 'Conflict with record' },
      () => error(S.conflict, true),
    ],
    // 400 and 422: our Spanish message, then the provider's detail in English
    [
      '400 with a detail',
      {
        ok: false,
        status: 400,
        message: 'Datos de la solicitud no válidos',
        detail: 'Zip not served',
      },
      () => withDetail('Datos de la solicitud no válidos', 'Zip not served'),
    ],
    [
      "400 with a detail and field messages (the sandbox's status-400@)",
      {
        ok: false,
        status: 400,
        message: 'Datos de la solicitud no válidos',
        detail: 'Candidate rejected due to invalid email address',
        errors: { email: ['This email address is not accepted'] },
      },
      () =>
        withDetail(
          'Datos de la solicitud no válidos',
          'Candidate rejected due to invalid email address',
        ),
    ],
    [
      '400 without a detail',
      { ok: false, status: 400, message: 'Datos de la solicitud no válidos' },
      () => error('Datos de la solicitud no válidos'),
    ],
    [
      '400 with an empty detail',
      { ok: false, status: 400, message: 'Datos de la solicitud no válidos', detail: '' },
      () => error('Datos de la solicitud no válidos'),
    ],
    [
      '400 with neither message nor detail',
      { ok: false, status: 400 },
      () => error(S.checkInformation),
    ],
    [
      'a failed check before the call (its message is its detail): said once',
      { ok: false, status: 400, message: 'Formato no válido', detail: 'Formato no válido' },
      () => error('Formato no válido'),
    ],
    [
      'a value over its length, with its field: said once',
      {
        ok: false,
        status: 400,
        message: 'Demasiado largo',
        detail: 'Demasiado largo',
        errors: { first_name: ['Demasiado largo'] },
      },
      () => error('Demasiado largo'),
    ],
    [
      "422 with a detail (the sandbox's status-422@)",
      {
        ok: false,
        status: 422,
        message: 'Error de validación. Revise sus datos.',
        detail: 'The resume could not be read',
        errors: { resume: ['The resume could not be parsed'] },
      },
      () => withDetail('Error de validación. Revise sus datos.', 'The resume could not be read'),
    ],
    [
      '422 without a detail',
      { ok: false, status: 422, message: 'Error de validación. Revise sus datos.' },
      () => error('Error de validación. Revise sus datos.'),
    ],
    [
      '422 with neither message nor detail',
      { ok: false, status: 422 },
      () => error(S.checkInformation),
    ],
    // 500: the page's own text
    [
      '500',
      { ok: false, status: 500, message: 'Error del servidor. Vuelva a intentarlo más tarde.' },
      () => error(S.serverError),
    ],
    [
      '500 with a detail',
      { ok: false, status: 500, message: 'm', detail: 'd' },
      () => error(S.serverError),
    ],
    // no answer
    [
      'the provider never answered',
      { ok: false, status: null, message: 'No se pudo completar el registro' },
      () => error(S.failed),
    ],
    ['our server gave no answer', null, () => error(S.failed)],
    // other statuses: our Spanish message; the provider's detail names nothing to fix
    [
      "401 (the sandbox's status-401@)",
      {
        ok: false,
        status: 401,
        message: 'No se pudo verificar',
        detail: 'Invalid API credentials',
      },
      () => error('No se pudo verificar'),
    ],
    [
      '403 with a detail',
      { ok: false, status: 403, message: 'No tiene permiso', detail: 'Account suspended' },
      () => error('No tiene permiso'),
    ],
    [
      "429 (the sandbox's status-429@)",
      {
        ok: false,
        status: 429,
        message: 'Demasiadas solicitudes',
        detail: 'Rate limit exceeded: try again in 60 seconds',
      },
      () => error('Demasiadas solicitudes'),
    ],
    [
      '418 with a detail',
      { ok: false, status: 418, message: 'La solicitud falló', detail: 'd' },
      () => error('La solicitud falló'),
    ],
    [
      '418 with a detail and field messages',
      {
        ok: false,
        status: 418,
        message: 'La solicitud falló',
        detail: 'Zip not served',
        errors: { zip_code: ['No'] },
      },
      () => withDetail('La solicitud falló', 'Zip not served'),
    ],
    [
      '503',
      { ok: false, status: 503, message: 'Error del servidor' },
      () => error('Error del servidor'),
    ],
    [
      'our own 428 (a form token refused twice)',
      { ok: false, status: 428, message: 'Formulario vencido', detail: 'Formulario vencido' },
      () => error('Formulario vencido'),
    ],
    ['418 with neither detail nor message', { ok: false, status: 418 }, () => error(S.failed)],
  ])('%s', (_name, answer, toast) => {
    expect(registrationToast(answer, JOB_BOARD, 'es')).toStrictEqual(toast());
  });

  it("the server's Spanish answers, as it says them, give the toasts above", () => {
    expect(
      registrationToast(
        {
          ok: false,
          status: 422,
          message: S.unprocessable,
          detail: 'The resume could not be read',
        },
        JOB_BOARD,
        'es',
      ),
    ).toStrictEqual(withDetail(S.unprocessable, 'The resume could not be read'));
    for (const message of [
      S.unauthorized,
      S.forbidden,
      S.tooMany,
      S.providerServerError,
      S.status418,
      S.formToken,
    ]) {
      expect(
        registrationToast(
          { ok: false, status: 418, message, detail: 'Provider words' },
          JOB_BOARD,
          'es',
        ),
      ).toStrictEqual(error(message));
    }
    expect(
      registrationToast(
        { ok: false, status: 400, message: S.resumeUrl, detail: S.resumeUrl },
        JOB_BOARD,
        'es',
      ),
    ).toStrictEqual(error(S.resumeUrl));
    expect(
      registrationToast({ ok: false, status: 409, message: S.providerConflict }, JOB_BOARD, 'es'),
    ).toStrictEqual(error(S.conflict, true));
    expect(
      registrationToast({ ok: false, status: 400, message: S.invalidRequest }, JOB_BOARD, 'es'),
    ).toStrictEqual(error(S.invalidRequest));
  });
});
