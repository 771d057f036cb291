import { hydrateRoot } from 'react-dom/client';
import { pageConfig } from '../config.ts';
import { browserStorage, loadDraft } from '../draft.ts';
import { completeLanguage, startLanguage } from '../i18n.ts';
import { Root } from './Root.tsx';
import { afterTypingPause } from './typing-pause.ts';

const container = document.getElementById('root');
// The page was prerendered with the default configuration, in its language; App applies the
// server's configuration after hydrating (the Random Data button is hidden by CSS meanwhile when
// it is off). Not in the middle of typing: keys meanwhile are the browser's, and hydrating would
// hold each one up.
async function start(root: HTMLElement) {
  const locale = await startLanguage();
  // A draft to restore past step 1 shows texts that the page does not carry: the rest of the
  // catalogue first (should it not arrive, useDraft restores the answers on step 1).
  const storage = browserStorage();
  const draft = storage && loadDraft(storage, new Date(), pageConfig(document).draftTtlHours);
  if (draft && draft.step > 0) await completeLanguage().catch(() => undefined);
  afterTypingPause(() => hydrateRoot(root, <Root locale={locale} />));
}

if (container) void start(container);
