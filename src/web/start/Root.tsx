// The tree the page is prerendered from (ssr.tsx) and hydrated into (main.tsx): the same on both
// sides, or hydration fails. The app sits in a Suspense boundary that never suspends: React
// hydrates what is inside a boundary after the rest, at a low priority, yielding to the browser
// every few milliseconds (selective hydration), rather than in one long task; an input meanwhile
// hydrates the boundary at once and reaches the app.
import { StrictMode, Suspense } from 'react';
import { DEFAULT_PUBLIC_CONFIG } from '../../shared/contract.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale.ts';
import { HydratedApp } from './HydratedApp.tsx';

export function Root({ locale = DEFAULT_LOCALE }: { locale?: Locale }) {
  return (
    <StrictMode>
      <Suspense>
        <HydratedApp initialConfig={DEFAULT_PUBLIC_CONFIG} initialLocale={locale} />
      </Suspense>
    </StrictMode>
  );
}
