import { hydrateRoot } from 'react-dom/client';
import { startLanguage } from './i18n.ts';
import { Root } from './Root.tsx';
import { afterTypingPause } from './typing-pause.ts';

const container = document.getElementById('root');
// The page was prerendered with the default configuration, in its language; App applies the
// server's configuration after hydrating (the Random Data button is hidden by CSS meanwhile when
// it is off). Not in the middle of typing: keys meanwhile are the browser's, and hydrating would
// hold each one up.
if (container) {
  void startLanguage().then((locale) =>
    afterTypingPause(() => hydrateRoot(container, <Root locale={locale} />)),
  );
}
