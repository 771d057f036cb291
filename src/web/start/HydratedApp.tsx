// The app, given what start-up owns: the configuration (the page's own, then the server's once
// hydrated) and the moment of hydration. Root.tsx renders it inside the Suspense boundary, so that
// it hydrates with the app, not before it.
import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../shared/contract.ts';
import type { Locale } from '../../shared/locale.ts';
import { App } from '../App.tsx';
import { embeddedConfig, fetchConfig } from '../config.ts';
import { prefetchLaterStepsOnFirstInput } from '../steps/index.ts';

export function HydratedApp({
  initialConfig,
  initialLocale,
}: {
  initialConfig: PublicConfig;
  initialLocale?: Locale;
}) {
  const [config, setConfig] = useState(initialConfig);
  // Client-only parts (the toaster) mount after hydration, so the prerendered HTML matches.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const embedded = embeddedConfig(document);
    if (embedded) setConfig(embedded);
    else fetchConfig().then(setConfig, () => undefined);
    return prefetchLaterStepsOnFirstInput();
  }, []);

  // The buttons work from now on, and a draft saved on this device is back on its step (it is
  // restored in the same render as `hydrated`): a press after it is not undone by the restore.
  // Kept for the browser tests, which cannot see that moment otherwise without changing what the
  // page does (docs/decisions/007); embedded, the host hears `ready` instead.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);

  return <App config={config} hydrated={hydrated} initialLocale={initialLocale} />;
}
