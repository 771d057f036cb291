// Renders the wizard's first state (step 1, empty form) to HTML at build time, once per
// language, so the first paint does not wait for JavaScript (scripts/prerender.mjs).
import { renderToString } from 'react-dom/server';
import { messages as en } from '../locales/en/messages.ts';
import { messages as es } from '../locales/es/messages.ts';
import { LOCALES, type Locale } from '../shared/locale.ts';
import { i18n } from './i18n.ts';
import { Root } from './Root.tsx';
import { PAGE_DESCRIPTION, PAGE_TITLE } from './texts.ts';

export { LOCALES };

const CATALOGUES = { en, es } satisfies Record<Locale, unknown>;

/** The page in `locale`: the form's HTML, the head's texts and the catalogue it carries. */
export function render(locale: Locale) {
  i18n.loadAndActivate({ locale, messages: CATALOGUES[locale] });
  return {
    html: renderToString(<Root locale={locale} />),
    title: i18n._(PAGE_TITLE),
    description: i18n._(PAGE_DESCRIPTION),
    messages: CATALOGUES[locale],
  };
}
