import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseLocale, LOCALES, localeOf } from './locale.ts';

describe('localeOf: the language a tag names', () => {
  it.each([
    ['es', 'es'],
    ['ES', 'es'],
    ['es-US', 'es'],
    ['es_MX', 'es'],
    [' es-419 ', 'es'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['spa', null],
    ['fr', null],
    ['e', null],
    ['', null],
    ['es-', null],
    ['es--US', null],
    ['es-US-x-averyveryverylong', null],
    ['es;q=1', null],
    ['../es', null],
    ['es\u0000', null],
    ['ｅｓ', null],
    [`es-${'a'.repeat(40)}`, null],
  ])('%j → %j', (tag, locale) => {
    expect(localeOf(tag)).toBe(locale);
  });

  it.each([[undefined], [null], [42], [['es']], [{ lang: 'es' }]])(
    'a value that is no string (%j) names none',
    (value) => {
      expect(localeOf(value)).toBeNull();
    },
  );

  it('names one of LOCALES or none for any string: long, unicode, control characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 5000 }), fc.string({ unit: 'grapheme', maxLength: 200 })),
        (tag) => {
          const locale = localeOf(tag);
          expect(locale === null || LOCALES.includes(locale)).toBe(true);
        },
      ),
    );
  });

  it('reads a tag built of many subtags in linear time (no backtracking on the pattern)', () => {
    // 35 characters at most are read; a longer value is no tag.
    expect(localeOf(`es${'-a'.repeat(100_000)}`)).toBeNull();
    expect(localeOf(`${'-a'.repeat(17)}`)).toBeNull();
  });
});

describe('chooseLocale: the remembered choice, then ?lang=, then the browser, then English', () => {
  it.each([
    [{}, 'en', 'default'],
    [{ accepted: 'es' }, 'es', 'header'],
    [{ accepted: 'en' }, 'en', 'header'],
    [{ query: 'es' }, 'es', 'query'],
    [{ query: 'es', accepted: 'en' }, 'es', 'query'],
    [{ query: 'en', accepted: 'es' }, 'en', 'query'],
    [{ cookie: 'es', query: 'en', accepted: 'en' }, 'es', 'cookie'],
    [{ cookie: 'en', query: 'es', accepted: 'es' }, 'en', 'cookie'],
    [{ cookie: 'fr', query: 'es' }, 'es', 'query'],
    [{ cookie: '', query: '', accepted: 'es' }, 'es', 'header'],
    [{ cookie: 'xx', query: 'de', accepted: 'fr' }, 'en', 'default'],
  ] as const)('%j → %s, by %s', (inputs, locale, by) => {
    expect(chooseLocale(inputs)).toEqual({ locale, by });
  });

  it('the first input that names a language decides, whatever the others hold', () => {
    const anything = fc.option(fc.string({ maxLength: 50 }), { nil: undefined });
    fc.assert(
      fc.property(anything, anything, anything, (cookie, query, accepted) => {
        const choice = chooseLocale({ cookie, query, accepted });
        const first = [
          ['cookie', cookie],
          ['query', query],
          ['header', accepted],
        ].find(([, value]) => localeOf(value) !== null);
        expect(choice).toEqual(
          first ? { locale: localeOf(first[1]), by: first[0] } : { locale: 'en', by: 'default' },
        );
      }),
    );
  });
});
