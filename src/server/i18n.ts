// The server's answers in the request's language (docs/languages.md): one Lingui instance per language,
// each with its compiled catalogue, chosen by the request's Accept-Language. The page sends its
// own language there, so that its toasts and errors are in the language it shows.
import type { IncomingHttpHeaders } from 'node:http';
import { type I18n, i18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import Negotiator from 'negotiator';
import { messages as en } from '../locales/en/messages.ts';
import { messages as es } from '../locales/es/messages.ts';
import {
  chooseLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  type LocaleChoice,
} from '../shared/locale.ts';

const CATALOGUES = { en, es } satisfies Record<Locale, unknown>;

const TRANSLATORS = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] } }),
  ]),
) as Record<Locale, I18n>;

/**
 * The best of LOCALES for an Accept-Language header, ranked as RFC 9110 says; undefined: none.
 * @internal Pure, and tested directly in i18n.test.ts.
 */
export function acceptedLocale(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return new Negotiator({ headers: { 'accept-language': header } }).language([...LOCALES]);
}

/**
 * The value of the `lang` cookie in a Cookie header; undefined when there is none.
 * @internal Pure, and tested directly in i18n.test.ts.
 */
export function cookieValue(header: string | undefined, name = LOCALE_COOKIE): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The language of the page a request gets (docs/languages.md): the choice remembered in the cookie,
 * then `?lang=`, then Accept-Language, then English.
 */
export function pageLocale(headers: IncomingHttpHeaders, query: unknown): LocaleChoice {
  const lang = (query as { lang?: unknown } | null)?.lang;
  return chooseLocale({
    cookie: cookieValue(headers.cookie),
    query: typeof lang === 'string' ? lang : undefined,
    accepted: acceptedLocale(headers['accept-language']),
  });
}

/** The language a request's answer is written in. */
export function answerLocale(headers: IncomingHttpHeaders): Locale {
  return chooseLocale({ accepted: acceptedLocale(headers['accept-language']) }).locale;
}

/**
 * Runs `parse` with the page's messages said in `locale`: the shared schema says its messages
 * through Lingui's one instance (shared/messages.ts `say`), as the page does. `parse` is
 * synchronous, so no other request sees that language; English is active again after it.
 */
let catalogued = false;
export function inLanguage<T>(locale: Locale, parse: () => T): T {
  if (!catalogued) {
    i18n.load(CATALOGUES);
    catalogued = true;
  }
  i18n.activate(locale);
  try {
    return parse();
  } finally {
    i18n.activate('en');
  }
}

/** `message` in `locale`. */
export const translate = (locale: Locale, message: MessageDescriptor): string =>
  TRANSLATORS[locale]._(message);
