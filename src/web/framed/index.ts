// The app inside a job board's frame (docs/embedding.md): what it tells its host (host.ts,
// useHostEvents.ts) and where the toasts go in the part of the frame the visitor sees
// (useToastPlacement.ts, with visible-part.ts loaded only in a frame).
export { isEmbedded, postToHost, tellSource } from './host.ts';
export { useHostEvents } from './useHostEvents.ts';
export { useToastPlacement } from './useToastPlacement.ts';
