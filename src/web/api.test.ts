// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../shared/idempotency.ts';
import { register } from './api.ts';

const KEY = '0f8c6a8e-3d1f-4a4b-9c57-5f1e2d3c4b5a';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
});

/** register() against a fetch that records its request's headers and answers 400. */
async function headersSentWith(lang: string): Promise<Headers> {
  document.documentElement.lang = lang;
  let sent = new Headers();
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent = new Headers(init.headers);
    return new Response(JSON.stringify({ ok: false, status: 400, message: 'x' }), { status: 400 });
  });
  await register({}, KEY);
  return sent;
}

describe("the page's language goes with its calls (docs/languages.md)", () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['es-US', 'es'],
    ['', 'en'],
    ['fr', 'en'],
  ])('<html lang=%j> asks for answers in %s', async (lang, language) => {
    expect((await headersSentWith(lang)).get('accept-language')).toBe(language);
  });
});

describe('POST /api/register (docs/form.md: the idempotency key)', () => {
  it('carries the submission’s key in Idempotency-Key', async () => {
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
    expect((await headersSentWith('en')).get('Idempotency-Key')).toBe(KEY);
  });

  const answering = (status: number, body: string) => async () => new Response(body, { status });
  it.each<[string, () => Promise<Response>, Awaited<ReturnType<typeof register>>]>([
    [
      'a 201',
      answering(201, '{"ok":true,"status":201,"data":{}}'),
      { status: 201, answer: { ok: true, status: 201, data: {} } },
    ],
    [
      'a 202 (kept for later)',
      answering(202, '{"ok":true,"status":202,"queued":true}'),
      { status: 202, answer: { ok: true, status: 202, queued: true } },
    ],
    [
      'a 504 of a proxy, with no JSON',
      answering(504, '<html>Gateway Timeout</html>'),
      { status: 504, answer: null },
    ],
    [
      'no answer (a network failure, a reset connection)',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { status: null, answer: null },
    ],
    [
      'an answer whose body is cut off',
      async () =>
        new Response(
          new ReadableStream({
            start: (controller) => controller.error(new TypeError('network error')),
          }),
          { status: 201 },
        ),
      { status: null, answer: null },
    ],
  ])('reports its HTTP status and its answer for %s', async (_case, answer, result) => {
    vi.stubGlobal('fetch', answer);
    expect(await register({}, KEY)).toEqual(result);
  });
});
