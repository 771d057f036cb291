import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_PUBLIC_CONFIG } from '../shared/contract.ts';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (container) {
  // The page was prerendered with the default configuration; App applies the server's after
  // hydrating (the Random Data button is hidden by CSS meanwhile when it is off).
  hydrateRoot(
    container,
    <StrictMode>
      <App initialConfig={DEFAULT_PUBLIC_CONFIG} />
    </StrictMode>,
  );
}
