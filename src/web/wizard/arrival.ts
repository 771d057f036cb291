// Arriving on a step starts the candidate at its top (docs/form.md): the step's heading takes the
// focus, so a screen reader hears the new step, and comes into view. On the form's own page the
// page scrolls to the form; in a frame the host's page is asked to (embed.js), because a focus
// inside a frame scrolls the host's page in some engines and not in others. Smooth, unless the
// candidate asked for reduced motion.
import { frameRequests } from '../../shared/embed-protocol.ts';
import { isEmbedded, postToHost } from '../framed/index.ts';

const prefersReducedMotion = (win: Window): boolean =>
  win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function arriveAt(heading: HTMLElement, win: Window = window): void {
  heading.focus({ preventScroll: true });
  if (isEmbedded(win.document)) {
    postToHost(frameRequests.showTop(), win);
    return;
  }
  const { top, bottom } = heading.getBoundingClientRect();
  if (top >= 0 && bottom <= win.innerHeight) return;
  // The form's card, so that "Step 2 of 3" above the heading shows too.
  (heading.closest('form') ?? heading).scrollIntoView({
    block: 'start',
    behavior: prefersReducedMotion(win) ? 'auto' : 'smooth',
  });
}
