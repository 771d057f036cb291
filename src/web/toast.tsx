// Toasts (sonner) load after the first paint: nothing is shown before the first interaction.
// notify() waits until the Toaster has mounted, so an early toast is delayed, never lost.
import { type ComponentProps, lazy, useEffect } from 'react';
import { TOAST_DURATION_MS } from '../shared/constants.ts';

type Sonner = typeof import('sonner');
type ToasterProps = ComponentProps<Sonner['Toaster']>;

let sonner: Promise<Sonner> | null = null;
export const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await loadSonner();
  function MountedToaster(props: ToasterProps) {
    // Runs after the sonner Toaster's own effects, i.e. once it listens.
    useEffect(() => markMounted(), []);
    return <SonnerToaster {...props} />;
  }
  return { default: MountedToaster };
});

export type ToastKind = 'success' | 'error' | 'info';

export function notify(kind: ToastKind, message: string): void {
  void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
    if (kind === 'error') toast.error(message, { duration: TOAST_DURATION_MS.error });
    else if (kind === 'success') toast.success(message);
    else toast(message);
  });
}
