// The server answers in the request's language (DESIGN §8): the checks before the provider call
// and the upload's own failures, over real HTTP, by Accept-Language; nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedApp, startApp } from './helpers/app.ts';
import { candidate } from './helpers/candidate.ts';

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
      'El contenido del archivo no corresponde a su tipo. Suba un archivo PDF, DOC, DOCX, TXT o RTF auténtico.',
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
