// Renders the wizard's first state (step 1, empty form) to HTML at build time, so the first
// paint does not wait for JavaScript.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_PUBLIC_CONFIG } from '../shared/contract.ts';
import { App } from './App.tsx';

export function render(): string {
  return renderToString(
    <StrictMode>
      <App initialConfig={DEFAULT_PUBLIC_CONFIG} />
    </StrictMode>,
  );
}
