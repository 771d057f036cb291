// The page arrives prerendered (scripts/prerender.mjs): show it first, then load React and
// hydrate (main.tsx). A phone paints the form before it spends a few hundred milliseconds of
// CPU on the app, and nothing but this file and the CSS is fetched before that first paint.
// What the candidate types meanwhile is kept: hydration adopts the inputs as they are.
import '../styles.css';
import { watchTyping } from './typing-pause.ts';

// Hydration waits for a pause in what the candidate types meanwhile (typing-pause.ts).
watchTyping();

let started = false;
const hydrate = () => {
  if (started) return;
  started = true;
  void import('./main.tsx');
};

if (document.visibilityState === 'hidden' || window.self !== window.top) {
  // A background tab paints nothing until it is shown, and a frame out of its host's view
  // (a job board's page, docs/embedding.md) nothing until it is scrolled to: no reason to wait.
  hydrate();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // The first contentful paint is reported once it is on screen.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    hydrate();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', hydrate, { once: true });
  // Should no paint ever be reported, the form still comes alive.
  setTimeout(hydrate, 3_000);
} else {
  // A frame's callback runs before its paint, the timeout after it.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}
