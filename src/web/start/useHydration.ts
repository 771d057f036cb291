// What starts once the prerendered page has hydrated: the client-only parts, the server's
// configuration, and waiting for the first input to fetch the code of the later steps.
import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../shared/contract.ts';
import { embeddedConfig, fetchConfig } from '../config.ts';
import { prefetchLaterStepsOnFirstInput } from '../steps/lazy.ts';

export function useHydration(initialConfig: PublicConfig) {
  const [config, setConfig] = useState(initialConfig);
  // Client-only parts (the toaster) mount after hydration, so the prerendered HTML matches.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    // The buttons work from now on. Kept for the browser tests, which cannot see that moment
    // otherwise without changing what the page does (docs/decisions/007); embedded, the host
    // hears `ready` instead.
    document.documentElement.dataset.hydrated = 'true';
    const embedded = embeddedConfig(document);
    if (embedded) setConfig(embedded);
    else fetchConfig().then(setConfig, () => undefined);
    return prefetchLaterStepsOnFirstInput();
  }, []);

  return { config, hydrated };
}
