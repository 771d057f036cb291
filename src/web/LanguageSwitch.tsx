// "Language" / "Idioma" (docs/languages.md): on every step, each language named in itself and marked
// with its own lang. Not a field of the form: nothing of it is sent, saved or validated, and
// choosing moves no focus.
import { t } from '@lingui/core/macro';
import { useLayoutEffect, useRef } from 'react';
import { LOCALES, type Locale } from '../shared/locale.ts';

/** Each language's name, in that language. */
const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function LanguageSwitch({
  locale,
  onChange,
}: {
  locale: Locale;
  onChange: (locale: Locale) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // A language chosen in the prerendered switch, before this code was here, is chosen now: in the
  // commit that hydrates the switch, before any render could set it back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration.
  useLayoutEffect(() => {
    const chosen = select.current?.value as Locale;
    if (chosen !== locale) onChange(chosen);
  }, []);

  return (
    <div className="language">
      <label htmlFor="language">{t`Language`}</label>
      <select
        ref={select}
        id="language"
        value={locale}
        onChange={(event) => onChange(event.target.value as Locale)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
