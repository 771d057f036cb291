// Step 1's notice at collection in the page the server sends (src/server/routes/page-notice.ts):
// the build's prerendered page, in each language, with the deployment's draft time and privacy
// policy written in, so that the first paint says what this deployment does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../src/server/i18n.ts';
import { withNotice } from '../src/server/routes/page-notice.ts';
import { DEFAULT_PUBLIC_CONFIG } from '../src/shared/contract.ts';
import type { Locale } from '../src/shared/locale.ts';
import { render } from '../src/web/start/ssr.tsx';

const PAGES = { en: render('en').html, es: render('es').html };
const sayIn = (locale: Locale) => (text: Parameters<typeof translate>[1]) =>
  translate(locale, text);

/** The notice's paragraph in `html`. */
const notice = (html: string) => html.match(/<p class="hint data-notice">.*?<\/p>/)?.[0];

describe('the prerendered notice', () => {
  it('says the default draft time and hides the funnel’s sentence and the policy link, which has no address', () => {
    expect(notice(PAGES.en)).toBe(
      '<p class="hint data-notice">When you submit, Resume Library gets your answers and resume and creates your account: your email and password become your login there.<!-- --> <span data-notice="draft-kept">This device keeps your answers, never your password, for 24 hours after your last change.</span> <span data-notice="funnel" hidden="">We count anonymously which steps are reached, never what you type.</span> <a data-notice="policy" target="_blank" rel="noopener noreferrer" hidden="">Privacy policy</a></p>',
    );
  });

  it('is the same page with the default configuration', () => {
    for (const locale of ['en', 'es'] as const) {
      expect(withNotice(PAGES[locale], DEFAULT_PUBLIC_CONFIG, sayIn(locale))).toBe(PAGES[locale]);
    }
  });
});

describe('the notice the server sends', () => {
  const config = {
    draftTtlHours: 48,
    privacyPolicyUrl: 'https://jobs.example.com/privacy?a=1&b=2',
    funnel: false,
  };

  it.each([
    [
      'en',
      'This device keeps your answers, never your password, for 2 days after your last change.',
      'Privacy policy',
    ],
    [
      'es',
      'Este dispositivo guarda sus respuestas, nunca su contraseña, durante 2 días desde su último cambio.',
      'Política de privacidad',
    ],
  ] as const)(
    'in %s says the deployment’s draft time and links its policy',
    (locale, sentence, link) => {
      const page = withNotice(PAGES[locale], config, sayIn(locale));
      const said = notice(page) ?? '';
      expect(said).toContain(`<span data-notice="draft-kept">${sentence}</span>`);
      expect(said).toContain(
        `<a data-notice="policy" target="_blank" rel="noopener noreferrer" href="https://jobs.example.com/privacy?a=1&amp;b=2">${link}</a>`,
      );
      // Nothing else of the page changes.
      expect(page.replace(said, '')).toBe(PAGES[locale].replace(notice(PAGES[locale]) ?? '', ''));
    },
  );

  it.each([
    ['en', 'We count anonymously which steps are reached, never what you type.'],
    ['es', 'Contamos de forma anónima a qué pasos se llega, nunca lo que usted escribe.'],
  ] as const)(
    'in %s shows the funnel’s sentence when the funnel is on, and only then',
    (locale, sentence) => {
      const on = notice(withNotice(PAGES[locale], { ...config, funnel: true }, sayIn(locale)));
      expect(on).toContain(`<span data-notice="funnel">${sentence}</span>`);
      const off = notice(withNotice(PAGES[locale], config, sayIn(locale)));
      expect(off).toContain(`<span data-notice="funnel" hidden="">${sentence}</span>`);
    },
  );

  it('leaves a page without the notice as it is', () => {
    const html = '<!doctype html><html><body><p>Hello</p></body></html>';
    expect(withNotice(html, config, sayIn('en'))).toBe(html);
  });

  it('writes any address as one attribute value, and nothing else into the page', () => {
    const hostile = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 2_000 }),
      fc.constantFrom(
        'https://x.example/"><script>alert(1)</script>',
        "https://x.example/' onmouseover='alert(1)",
        'https://x.example/&quot;&lt;',
        'https://x.example/$&$1$`',
        'https://x.example/../../etc/passwd',
        `https://x.example/${'a'.repeat(100_000)}`,
      ),
    );
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 720 }), (url, hours) => {
        const page = withNotice(
          PAGES.en,
          { draftTtlHours: hours, privacyPolicyUrl: url, funnel: false },
          sayIn('en'),
        );
        const tag = page.match(/<a data-notice="policy"([^>]*)>/)?.[1] ?? '';
        const href = tag.match(/ href="([^"<]*)"$/)?.[1];
        expect(href).toBeDefined();
        const unescaped = (href ?? '')
          .replaceAll('&quot;', '"')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&amp;', '&');
        expect(unescaped).toBe(url);
        // No element or attribute comes in with it.
        expect(page.split('<').length).toBe(PAGES.en.split('<').length);
        // href="…" in the place of hidden="".
        expect(page.split('"').length).toBe(PAGES.en.split('"').length);
      }),
      { numRuns: 200 },
    );
  });
});
