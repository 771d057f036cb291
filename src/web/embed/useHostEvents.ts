// The events the host hears while the form runs (DESIGN §6): ready once hydrated, the height as
// it changes, each step as it is shown. registered and failed come from the submit flow.
import { useEffect } from 'react';
import { embedEvents } from '../../shared/embed.ts';
import { followHeight, postToHost } from './host.ts';

export function useHostEvents(step: number, hydrated: boolean) {
  useEffect(() => {
    if (!hydrated) return;
    const stop = followHeight();
    postToHost(embedEvents.ready());
    return stop;
  }, [hydrated]);

  useEffect(() => {
    if (hydrated) postToHost(embedEvents.step(step));
  }, [step, hydrated]);
}
