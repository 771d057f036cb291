// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register } from './api.ts';

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
  await register({});
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
