import { hydrateRoot } from 'react-dom/client';
import { Root } from './Root.tsx';

const container = document.getElementById('root');
// The page was prerendered with the default configuration; App applies the server's after
// hydrating (the Random Data button is hidden by CSS meanwhile when it is off).
if (container) hydrateRoot(container, <Root />);
