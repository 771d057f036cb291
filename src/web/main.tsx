import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { DEFAULT_CONFIG } from './api.ts';

const container = document.getElementById('root');
if (container) {
  // The page was prerendered with the default configuration; App applies the server's after
  // hydrating (the Random Data button is hidden by CSS meanwhile when it is off).
  hydrateRoot(
    container,
    <StrictMode>
      <App initialConfig={DEFAULT_CONFIG} />
    </StrictMode>,
  );
}
