// Renders the wizard's first state (step 1, empty form) to HTML at build time, once per
// language, so the first paint does not wait for JavaScript (scripts/prerender.mjs).
import type { Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { messages as en } from '../../locales/en/messages.ts';
import { messages as es } from '../../locales/es/messages.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import { DURATION_TEXTS } from '../../shared/notice-texts.ts';
import { LOADING_TOAST_TEXTS } from '../../shared/page-texts.ts';
import { i18n } from '../i18n.ts';
import { EARLY_TEXTS, PAGE_DESCRIPTION, PAGE_TITLE } from '../texts.ts';
import { Root } from './Root.tsx';

export { LOCALES };

const CATALOGUES = { en, es } satisfies Record<Locale, Messages>;

/**
 * What the page may say before the rest of its catalogue arrives, beyond its first step: with
 * every unit of time, as step 1's notice says the deployment's draft time in any of them.
 */
const EARLY = [
  ...Object.values(EARLY_TEXTS),
  LOADING_TOAST_TEXTS.failed,
  ...Object.values(DURATION_TEXTS).map((text) => text(2)),
];

/** `catalogue`, noting in `said` the id of every message read from it. */
const noting = (catalogue: Messages, said: Set<string>): Messages =>
  new Proxy(catalogue, {
    get(target, id, receiver) {
      if (typeof id === 'string') said.add(id);
      return Reflect.get(target, id, receiver);
    },
  });

/** The messages of `catalogue` whose ids are in `ids`, in the catalogue's order. */
export const catalogueOf = (catalogue: Messages, ids: ReadonlySet<string>): Messages =>
  Object.fromEntries(Object.entries(catalogue).filter(([id]) => ids.has(id)));

/**
 * The page in `locale`: the form's HTML, the head's texts, and the catalogue it carries: what the
 * first step says as prerendered, and EARLY (docs/languages.md: a visit downloads one language's texts,
 * and the first load only what it shows; i18n.ts completeLanguage fetches the rest).
 */
export function render(locale: Locale) {
  const said = new Set<string>();
  i18n.loadAndActivate({ locale, messages: noting(CATALOGUES[locale], said) });
  const page = {
    html: renderToString(<Root locale={locale} />),
    title: i18n._(PAGE_TITLE),
    description: i18n._(PAGE_DESCRIPTION),
  };
  for (const text of EARLY) i18n._(text);
  return { ...page, messages: catalogueOf(CATALOGUES[locale], said) };
}
