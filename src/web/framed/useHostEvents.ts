// The events the host hears while the form runs (docs/embedding.md): ready once hydrated, the height as
// it changes, each step as the candidate comes to it. registered, queued and failed come from the
// submit flow; the empty step 1 under the confirmation after `registered` (or `queued`) is no step
// the candidate came to, so a board counting step views from `step` counts none for it.
import { useEffect } from 'react';
import { embedEvents } from '../../shared/embed-protocol.ts';
import { followHeight, postToHost } from './host.ts';

export function useHostEvents(step: number, hydrated: boolean, confirmed: boolean) {
  useEffect(() => {
    if (!hydrated) return;
    const stop = followHeight();
    postToHost(embedEvents.ready());
    return stop;
  }, [hydrated]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, not when the confirmation goes.
  useEffect(() => {
    if (hydrated && !confirmed) postToHost(embedEvents.step(step));
  }, [step, hydrated]);
}
