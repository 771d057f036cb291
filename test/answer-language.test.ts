// The server answers in the request's language (docs/languages.md): the checks before the provider call
// and the upload's own failures, over real HTTP, by Accept-Language; nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/server/i18n.ts';
import { PROVIDER_TEXTS, providerStatusText } from '../src/shared/messages.ts';
import { type StartedApp, startApp } from './helpers/app.ts';
import { startAppOnStandIn } from './helpers/app-on-stand-in.ts';
import { candidate, register } from './helpers/candidate.ts';
import { respond } from './helpers/provider-stand-in.mjs';

let started: StartedApp;
beforeAll(async () => {
  started = await startApp({ PROVIDER: 'sandbox' });
});
afterAll(async () => {
  await started?.close();
});

async function post(path: string, body: BodyInit, headers: Record<string, string>) {
  const response = await fetch(`${started.base}${path}`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    body: await response.json(),
    vary: response.headers.get('vary'),
  };
}

const registerIn = (language: string | null, body: unknown) =>
  post('/api/register', JSON.stringify(body), {
    'content-type': 'application/json',
    ...(language === null ? {} : { 'accept-language': language }),
  });

function uploadIn(
  language: string | null,
  bytes: Uint8Array,
  name: string,
  type = 'application/pdf',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return post('/api/upload', form, language === null ? {} : { 'accept-language': language });
}

describe('POST /api/register: a failed check in the request’s language', () => {
  it.each([
    ['es-US,es;q=0.9,en;q=0.8', { email: 'ada-at-example' }, 'Correo electrónico no válido'],
    [
      'es',
      { uploaded_resume: null, resume_url: '' },
      'Debe proporcionar un archivo de currículum o la URL de un currículum',
    ],
    [
      'es-MX',
      { resume_url: 'not a url', uploaded_resume: null },
      'Formato de URL del currículum no válido',
    ],
    ['es', { first_name: '' }, 'Faltan campos obligatorios'],
    ['en-US,en;q=0.9,es;q=0.8', { email: 'ada-at-example' }, 'Invalid email address'],
    ['fr-FR', { email: 'ada-at-example' }, 'Invalid email address'],
    [null, { email: 'ada-at-example' }, 'Invalid email address'],
    ['x'.repeat(4000), { email: 'ada-at-example' }, 'Invalid email address'],
  ])('Accept-Language %.40j: 400 %j', async (language, change, message) => {
    const answer = await registerIn(language, candidate(change));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ok: false, status: 400, message, detail: message });
  });
});

describe('POST /api/upload: a refused file in the request’s language', () => {
  const empty = new Uint8Array();
  const text = new TextEncoder().encode('not a pdf at all');
  it.each([
    [
      'es-US',
      'an empty PDF',
      empty,
      'cv.pdf',
      'application/pdf',
      400,
      'El archivo seleccionado está vacío',
    ],
    [
      'es',
      'text named .pdf',
      text,
      'cv.pdf',
      'application/pdf',
      415,
      'El contenido del archivo no coincide con su tipo. Suba un archivo PDF, DOC, DOCX, TXT o RTF válido.',
    ],
    ['es', 'a PNG', text, 'cv.png', 'image/png', 415, 'Suba un archivo PDF, DOC, DOCX, TXT o RTF'],
    ['en', 'an empty PDF', empty, 'cv.pdf', 'application/pdf', 400, 'The selected file is empty'],
    [null, 'an empty PDF', empty, 'cv.pdf', 'application/pdf', 400, 'The selected file is empty'],
  ])('Accept-Language %j, %s: %i %j', async (language, _what, bytes, name, type, status, error) => {
    const answer = await uploadIn(language, bytes, name, type);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ success: false, error });
  });

  it('stores the same file whatever the language, with the same answer', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
    const spanish = await uploadIn('es', pdf, 'cv.pdf');
    const english = await uploadIn('en', pdf, 'cv.pdf');
    expect([spanish.status, english.status]).toEqual([200, 200]);
    expect(Object.keys(spanish.body).sort()).toEqual(Object.keys(english.body).sort());
    expect(spanish.body.success).toBe(true);
  });
});

describe('POST /api/register: every message of ours in Spanish, the provider’s own only as its detail', () => {
  let standIn: Awaited<ReturnType<typeof startAppOnStandIn>>['standIn'];
  let onStandIn: StartedApp;
  beforeAll(async () => {
    ({ standIn, started: onStandIn } = await startAppOnStandIn(
      {},
      respond(401, { message: 'bad key' }),
    ));
  });
  afterAll(async () => {
    await onStandIn?.close();
    await standIn?.close();
  });

  const spanish = (body: unknown) =>
    fetch(`${onStandIn.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-US' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('a value over its length: 400 naming the field in Spanish', async () => {
    const answer = await spanish(candidate({ first_name: 'a'.repeat(101) }));
    const message = 'El nombre no puede tener más de 100 caracteres';
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, status: 400, message, detail: message, errors: { first_name: [message] } },
    });
  });

  it('a schema message (a short password): 400 in Spanish', async () => {
    const answer = await spanish(candidate({ password: 'short' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(answer.body.errors).toEqual({
      password: ['La contraseña debe tener al menos 8 caracteres'],
    });
  });

  it('the provider’s 401: the catalogue message in Spanish', async () => {
    const answer = await spanish(candidate());
    expect(answer).toEqual({
      status: 401,
      body: {
        ok: false,
        status: 401,
        message: 'No pudimos completar su registro en este momento. Vuelva a intentarlo más tarde.',
      },
    });
  });

  it('the provider’s 418 with its own text: our Spanish message, the provider’s English not as it (issue 44, point 1)', async () => {
    standIn.setHandler(respond(418, 'I am a teapot', 'text/plain'));
    const answer = await spanish(candidate());
    expect(answer.body).toEqual({
      ok: false,
      status: 418,
      message: translate('es', providerStatusText(418)),
    });
  });

  it('the provider’s 422 with a detail: our Spanish message, its English as the detail', async () => {
    standIn.setHandler(respond(422, { detail: 'The resume could not be read' }));
    const answer = await spanish(candidate());
    expect(answer).toEqual({
      status: 422,
      body: {
        ok: false,
        status: 422,
        message: translate('es', PROVIDER_TEXTS.unprocessable),
        detail: 'The resume could not be read',
      },
    });
  });

  it('an English request right after still reads English', async () => {
    const english = await register(onStandIn.base, candidate({ password: 'short' }));
    expect((english.body as { message: string }).message).toBe(
      'Password must be at least 8 characters',
    );
  });
});
