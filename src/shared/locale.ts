// Which language the candidate reads (docs/languages.md): their own choice remembered on the device,
// then `?lang=` in the page's URL, then the browser's languages (Accept-Language), else English.
// Pure and shared: the server picks the page and its answers' language with it.

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language switch sets: `lang=es`. */
export const LOCALE_COOKIE = 'lang';

/** What decided the language: `header` means the page varies with Accept-Language. */
type LocaleSource = 'cookie' | 'query' | 'header' | 'default';

export interface LocaleChoice {
  locale: Locale;
  by: LocaleSource;
}

/**
 * The language a tag names, or null: `es`, `ES`, `es-US`, `es_MX` are Spanish. A tag is a
 * primary subtag of 2–3 letters and optional subtags of 1–8 letters or digits (BCP 47);
 * anything else, however long, is no language.
 */
export function localeOf(tag: unknown): Locale | null {
  if (typeof tag !== 'string' || tag.length > 35) return null;
  const match = /^([a-z]{2,3})(?:[-_][a-z\d]{1,8})*$/i.exec(tag.trim());
  const primary = match?.[1]?.toLowerCase();
  return LOCALES.find((locale) => locale === primary) ?? null;
}

export interface LocaleInputs {
  /** The remembered choice: the value of the `lang` cookie. */
  cookie?: string | undefined;
  /** `?lang=` of the page's URL (or an embed's `data-lang`, which embed.js passes on as it). */
  query?: string | undefined;
  /**
   * The best of LOCALES for the request's Accept-Language, as an HTTP negotiator ranks them
   * (the server passes negotiator's answer; the browser, navigator.languages' first match).
   */
  accepted?: string | undefined;
}

/** The language of a page or an answer, and what decided it. */
export function chooseLocale({ cookie, query, accepted }: LocaleInputs): LocaleChoice {
  const remembered = localeOf(cookie);
  if (remembered) return { locale: remembered, by: 'cookie' };
  const asked = localeOf(query);
  if (asked) return { locale: asked, by: 'query' };
  const preferred = localeOf(accepted);
  if (preferred) return { locale: preferred, by: 'header' };
  return { locale: DEFAULT_LOCALE, by: 'default' };
}
