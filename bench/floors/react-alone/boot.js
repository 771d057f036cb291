// The React-alone floor's entry: loads main.js after the first contentful paint, as
// src/web/start/boot.ts loads main.tsx (the same wait, the same fallback), so that the floor's task
// falls where ours does. Built by bench/web-root.mjs.
let started = false;
const hydrate = () => {
  if (started) return;
  started = true;
  void import('./main.js');
};

if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    hydrate();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(hydrate, 3_000);
} else {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}
