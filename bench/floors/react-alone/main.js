// What React alone costs: react and react-dom/client (the project's versions, production build)
// evaluated, and hydrateRoot of one small element of its own (#react-alone, which
// bench/web-root.mjs adds to the prerendered page), in StrictMode as src/web/start/main.tsx. Its
// effect sets <html data-hydrated> as src/web/start/useHydration.ts does, so the bench waits
// for both pages the same way.
import { createElement, StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

function Mark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return createElement('span', null, 'React');
}

const container = document.getElementById('react-alone');
if (container) hydrateRoot(container, createElement(StrictMode, null, createElement(Mark)));
