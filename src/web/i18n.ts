// The page's language at run time (docs/languages.md): Lingui's one i18n instance, which the
// components' t`…` reads as they render, with the catalogue of the page's language, and the
// switch to the other language.
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, localeOf } from '../shared/locale.ts';
import { downloaded, importOnDemand } from './load-once.ts';

export { i18n };

/** The id of the JSON block in which the prerendered page carries its language's catalogue. */
const MESSAGES_ELEMENT_ID = 'app-messages';

/** Each language's catalogue, downloaded when the candidate switches to it. */
const CATALOGUES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => importOnDemand(() => import('../locales/en/messages.ts')),
  es: () => importOnDemand(() => import('../locales/es/messages.ts')),
};

/**
 * The languages whose whole catalogue this page holds. The prerendered page carries only what it
 * may say before the candidate first does something (its first step; scripts/prerender.mjs):
 * the rest comes with the code that first input fetches, or with the switch.
 */
const whole = new Set<Locale>();

/** The language the page was served in: `<html lang>`. */
export const pageLocale = (doc: Document = document): Locale =>
  localeOf(doc.documentElement.lang) ?? DEFAULT_LOCALE;

/**
 * Activates the page's language before it hydrates: the catalogue the page carries (no request),
 * or, on Vite's development server, which serves the page unrendered, the downloaded one.
 */
export async function startLanguage(doc: Document = document): Promise<Locale> {
  const locale = pageLocale(doc);
  const inline = doc.getElementById(MESSAGES_ELEMENT_ID)?.textContent;
  if (inline) i18n.loadAndActivate({ locale, messages: JSON.parse(inline) as Messages });
  else {
    await wholeCatalogue(locale);
    i18n.activate(locale);
  }
  return locale;
}

/** Downloads `locale`'s whole catalogue once (NotDownloaded when it does not arrive). */
async function wholeCatalogue(locale: Locale): Promise<void> {
  if (whole.has(locale)) return;
  const { messages } = await downloaded(CATALOGUES[locale]());
  i18n.load(locale, messages);
  whole.add(locale);
}

/**
 * The rest of the active language's catalogue, for what the page says beyond its first step:
 * the code that says it waits for this too (NotDownloaded when it does not arrive).
 */
export const completeLanguage = (): Promise<void> => wholeCatalogue(i18n.locale as Locale);

/**
 * `code` once it and the rest of the page's texts are here: for code that says more than the
 * first step (NotDownloaded when the texts do not arrive).
 */
export const withTexts = <M>(code: Promise<M>): Promise<M> =>
  Promise.all([code, completeLanguage()]).then(([module]) => module);

/** Whether the active language's whole catalogue is here. */
export const languageComplete = (): boolean => whole.has(i18n.locale as Locale);

/** A year, in seconds: how long the device remembers the choice. */
const REMEMBER_S = 365 * 24 * 60 * 60;

/**
 * Switches the page to `locale`: its catalogue (downloaded once; NotDownloaded when it does not
 * arrive), `<html lang>`, the title, and the choice remembered on the device for the next visit
 * (a cookie the server reads for the first paint). Over https the cookie is `Secure` and
 * `SameSite=None`, so that a form framed on a job board's site keeps the choice too
 * (docs/languages.md); over http, where `None` needs `Secure`, it stays `SameSite=Lax`.
 */
export async function switchLanguage(locale: Locale, doc: Document = document): Promise<void> {
  await wholeCatalogue(locale);
  i18n.activate(locale);
  doc.documentElement.lang = locale;
  const site = doc.location.protocol === 'https:' ? 'samesite=none; secure' : 'samesite=lax';
  doc.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${REMEMBER_S}; ${site}`;
}
