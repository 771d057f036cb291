// The cookie that remembers the candidate's language (docs/languages.md): Secure and
// SameSite=None over https, so a form framed on a board's site keeps it; SameSite=Lax over http.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './i18n.ts';

/** A page served over `protocol`, recording what is written to its `document.cookie`. */
function pageOver(protocol: string) {
  const written: string[] = [];
  const doc = {
    documentElement: { lang: 'en' },
    location: { protocol },
    set cookie(value: string) {
      written.push(value);
    },
  } as unknown as Document;
  return { doc, written };
}

afterEach(() => {
  i18n.activate('en');
});

describe('switchLanguage', () => {
  it.each([
    ['https:', 'es', 'lang=es; path=/; max-age=31536000; samesite=none; secure'],
    ['https:', 'en', 'lang=en; path=/; max-age=31536000; samesite=none; secure'],
    ['http:', 'es', 'lang=es; path=/; max-age=31536000; samesite=lax'],
  ] as const)('over %s remembers %s as %j', async (protocol, locale, cookie) => {
    const { doc, written } = pageOver(protocol);
    await switchLanguage(locale, doc);
    expect(written).toEqual([cookie]);
    expect(doc.documentElement.lang).toBe(locale);
  });
});
