// From what the provider did to the toast on a Spanish page (issue 44, point 1): the server's
// answer in Spanish (src/server/registration/registration-outcome.ts) read by the browser's toast
// (src/web/wizard/toasts.ts, its rows in toasts.test.ts beside it). English:
// provider-to-toast.test.ts.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as english } from '../src/locales/en/messages.ts';
import { messages as spanish } from '../src/locales/es/messages.ts';
import { translate } from '../src/server/i18n.ts';
import {
  type ProviderResult,
  registrationAnswer,
} from '../src/server/registration/registration-outcome.ts';
import { PROVIDER_TEXTS, providerStatusText } from '../src/shared/messages.ts';
import { conflictText, REGISTRATION_TOAST_TEXTS } from '../src/shared/page-texts.ts';
import { type RegistrationToast, registrationToast } from '../src/web/wizard/toasts.ts';
import { providerResponse as response } from './helpers/provider-result.ts';

const JOB_BOARD = 'https://jobs.example';

describe('from what the provider did to the toast on a Spanish page (issue 44, point 1)', () => {
  // The server says the answer in the page's language (routes/register.ts); the page is Spanish.
  const es = (message: MessageDescriptor) => translate('es', message);
  const SPANISH = { say: es, english: false };
  beforeAll(() => i18n.loadAndActivate({ locale: 'es', messages: spanish }));
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: english }));

  /** The sandbox's refusal for `status-NNN@…` (src/server/provider/sandbox.ts). */
  const refusal = (status: number, detail: string, extra: object = {}) =>
    response(status, { title: 'X', status, detail, ...extra });

  it.each<[string, ProviderResult, () => Pick<RegistrationToast, 'message' | 'detail'>]>([
    [
      '400',
      refusal(400, 'Candidate rejected due to invalid email address', {
        email: ['This email address is not accepted'],
      }),
      () => ({
        message: es(PROVIDER_TEXTS.invalidRequest),
        detail: 'Candidate rejected due to invalid email address',
      }),
    ],
    [
      '401',
      refusal(401, 'Invalid API credentials'),
      () => ({ message: es(PROVIDER_TEXTS.unauthorized) }),
    ],
    [
      '403',
      refusal(403, 'This account may not register candidates'),
      () => ({ message: es(PROVIDER_TEXTS.forbidden) }),
    ],
    [
      '409',
      refusal(409, 'Candidate already exists'),
      () => ({ message: es(conflictText(JOB_BOARD)) }),
    ],
    [
      '422',
      refusal(422, 'The resume could not be read', { resume: ['The resume could not be parsed'] }),
      () => ({ message: es(PROVIDER_TEXTS.unprocessable), detail: 'The resume could not be read' }),
    ],
    [
      '429',
      refusal(429, 'Rate limit exceeded: try again in 60 seconds'),
      () => ({ message: es(PROVIDER_TEXTS.tooManyRequests) }),
    ],
    ['500', refusal(500, 'boom'), () => ({ message: es(REGISTRATION_TOAST_TEXTS.serverError) })],
    ['502', response(502, null), () => ({ message: es(PROVIDER_TEXTS.serverError) })],
    [
      '418 with a string body',
      response(418, "I'm a teapot", 'text/plain'),
      () => ({ message: es(providerStatusText(418)) }),
    ],
    ['a timeout', { kind: 'timeout' }, () => ({ message: es(REGISTRATION_TOAST_TEXTS.failed) })],
  ])(
    'provider %s → our Spanish, and English only where it names what to fix',
    (_name, result, expected) => {
      const toast = registrationToast(registrationAnswer(result, SPANISH).answer, JOB_BOARD, 'es');
      expect({ message: toast.message, detail: toast.detail }).toEqual({
        detail: undefined,
        ...expected(),
      });
    },
  );
});
