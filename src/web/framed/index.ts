// The app inside a job board's frame (DESIGN §6): what it tells its host (host.ts,
// useHostEvents.ts) and where the toasts go in the part of the frame the visitor sees
// (visible-part.ts, loaded only in a frame).
import { importOnDemand, loadOnce } from '../load-once.ts';

export { isEmbedded, postToHost } from './host.ts';
export { useHostEvents } from './useHostEvents.ts';
export type { toastTop, VisiblePart, VisiblePartWatch } from './visible-part.ts';

/** The visible part's code, fetched in a frame only (asked again after a failed download). */
export const loadVisiblePart = loadOnce(() => importOnDemand(() => import('./visible-part.ts')));
