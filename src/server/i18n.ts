// The server's answers in the request's language (DESIGN §8): one Lingui instance per language,
// each with its compiled catalogue, chosen by the request's Accept-Language. The page sends its
// own language there, so that its toasts and errors are in the language it shows.
import type { IncomingHttpHeaders } from 'node:http';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import Negotiator from 'negotiator';
import { messages as en } from '../locales/en/messages.ts';
import { messages as es } from '../locales/es/messages.ts';
import { chooseLocale, LOCALES, type Locale } from '../shared/locale.ts';

const CATALOGUES = { en, es } satisfies Record<Locale, unknown>;

const TRANSLATORS = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] } }),
  ]),
) as Record<Locale, I18n>;

/** The best of LOCALES for an Accept-Language header, ranked as RFC 9110 says; undefined: none. */
export function acceptedLocale(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return new Negotiator({ headers: { 'accept-language': header } }).language([...LOCALES]);
}

/** The language a request's answer is written in. */
export function answerLocale(headers: IncomingHttpHeaders): Locale {
  return chooseLocale({ accepted: acceptedLocale(headers['accept-language']) }).locale;
}

/** `message` in `locale`. */
export const translate = (locale: Locale, message: MessageDescriptor): string =>
  TRANSLATORS[locale]._(message);
