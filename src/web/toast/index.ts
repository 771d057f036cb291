// Toasts (docs/form.md): notify() from anywhere (bus.ts), shown by the Toaster (Toaster.tsx).
export {
  /** @internal The tests empty the queue between cases (bus.ts). */
  clearQueuedToasts,
  notify,
} from './bus.ts';
export { Toaster } from './Toaster.tsx';
