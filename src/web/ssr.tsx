// Renders the wizard's first state (step 1, empty form) to HTML at build time, so the first
// paint does not wait for JavaScript.
import { renderToString } from 'react-dom/server';
import { Root } from './Root.tsx';

export function render(): string {
  return renderToString(<Root />);
}
