import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_TEXTS, UPLOAD_ERROR_TEXTS } from '../shared/messages.ts';
import { acceptedLocale, answerLocale, cookieValue, pageLocale, translate } from './i18n.ts';

describe('acceptedLocale: the best of en and es for an Accept-Language header', () => {
  it.each([
    ['es-US,es;q=0.9,en;q=0.8', 'es'],
    ['es-MX', 'es'],
    ['ES', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['en-GB,es;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['fr, en;q=0.1', 'en'],
    ['es;q=0, en;q=0.5', 'en'],
    ['*', 'en'],
    ['fr', undefined],
    ['es;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, locale) => {
    expect(acceptedLocale(header)).toBe(locale);
  });

  it('gives en, es or nothing for any header: long, unicode, stray separators', () => {
    const piece = fc.oneof(
      fc.constantFrom('es', 'en', 'es-US', '*', 'fr', ';q=', ',', ';', '=', ' ', '-', '0.5', '1'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(piece, { maxLength: 200 }).map((pieces) => pieces.join('')),
          fc.string({ unit: 'grapheme', maxLength: 300 }),
        ),
        (header) => {
          expect([undefined, 'en', 'es']).toContain(acceptedLocale(header));
        },
      ),
    );
  });

  it('reads a header of 100,000 languages', () => {
    expect(acceptedLocale(`${'fr;q=0.1,'.repeat(100_000)}es`)).toBe('es');
  });
});

describe("answerLocale: an answer's language is the request's Accept-Language, else English", () => {
  it.each([
    [{ 'accept-language': 'es-US,es;q=0.9' }, 'es'],
    [{ 'accept-language': 'en' }, 'en'],
    [{ 'accept-language': 'de' }, 'en'],
    [{}, 'en'],
    // The cookie is the page's business: the page sends its own language in the header.
    [{ cookie: 'lang=es' }, 'en'],
  ])('%j → %s', (headers, locale) => {
    expect(answerLocale(headers)).toBe(locale);
  });
});

describe("translate: the server's answers in each language", () => {
  it.each([
    ['en', CHECK_TEXTS.email, 'Invalid email address'],
    ['es', CHECK_TEXTS.email, 'Correo electrónico no válido'],
    [
      'es',
      CHECK_TEXTS.resumeMissing,
      'Debe proporcionar un archivo de currículum o la URL de un currículum',
    ],
    ['en', UPLOAD_ERROR_TEXTS.empty, 'The selected file is empty'],
    ['es', UPLOAD_ERROR_TEXTS.empty, 'El archivo seleccionado está vacío'],
    [
      'es',
      UPLOAD_ERROR_TEXTS.tooLarge,
      'El archivo es demasiado grande. El tamaño máximo es de 5 MB.',
    ],
  ] as const)('%s: %j → %j', (locale, message, text) => {
    expect(translate(locale, message)).toBe(text);
  });
});

describe('cookieValue: the `lang` cookie in a Cookie header', () => {
  it.each([
    ['lang=es', 'es'],
    ['theme=dark; lang=es', 'es'],
    [' lang = en ;x=1', 'en'],
    ['xlang=es', undefined],
    ['lang', undefined],
    ['=es', undefined],
    ['', undefined],
    [undefined, undefined],
    ['lang=es; lang=en', 'es'],
  ])('%j → %j', (header, value) => {
    expect(cookieValue(header)).toBe(value);
  });

  it('reads any header, however long or strange, without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (header) => {
        const value = cookieValue(header);
        expect(value === undefined || header.includes(value)).toBe(true);
      }),
    );
    expect(cookieValue(`${'a=b; '.repeat(20_000)}lang=es`)).toBe('es');
  });
});

describe('pageLocale: the cookie, then ?lang=, then Accept-Language, then English', () => {
  it.each([
    [{}, {}, 'en', 'default'],
    [{ 'accept-language': 'es-US' }, {}, 'es', 'header'],
    [{ 'accept-language': 'es-US' }, { lang: 'en' }, 'en', 'query'],
    [{ cookie: 'lang=es' }, { lang: 'en' }, 'es', 'cookie'],
    [{}, { lang: ['es', 'en'] }, 'en', 'default'],
    [{}, null, 'en', 'default'],
  ])('%j %j → %s by %s', (headers, query, locale, by) => {
    expect(pageLocale(headers, query)).toEqual({ locale, by });
  });
});
