// @vitest-environment happy-dom
// The toasts in a frame (docs/embedding.md): placed in the part of the frame the board shows. The
// visible part's code is the module's edge here: a stand-in reports the parts a browser would.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisiblePart } from './framed/visible-part.ts';

const edge = {
  /** How many more downloads of the visible part's code fail. */
  failures: 0,
  /** Asks for the visible part's code, counted as they are made (a download starts later). */
  asked: 0,
  downloads: 0,
  onChange: null as ((part: VisiblePart | null) => void) | null,
  remeasured: 0,
  stopped: 0,
};

const list = () =>
  within(screen.getByRole('region', { name: 'Notifications alt+T' })).getByRole('list');
/** The visible part's code as its download would give it, counted, failing while asked to. */
const visiblePartStandIn = async (importOriginal: <T>() => Promise<T>) => {
  edge.downloads++;
  if (edge.failures > 0) {
    edge.failures--;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  const original = await importOriginal<typeof import('./framed/visible-part.ts')>();
  return {
    toastTop: original.toastTop,
    watchVisiblePart: (onChange: (part: VisiblePart | null) => void) => {
      edge.onChange = onChange;
      return {
        stop: () => edge.stopped++,
        remeasure: () => edge.remeasured++,
      };
    },
  };
};

/** Waits, in act, until `done` holds: the visible part's code is here, or its download failed. */
const until = (done: () => boolean) =>
  act(() =>
    vi.waitFor(() => {
      if (!done()) throw new Error('still waiting for the visible part’s code');
    }, 5_000),
  );
/** Waits for the download to settle either way: its module or its failure, and what follows. */
const settled = async (downloads: number) => {
  await until(() => edge.downloads === downloads);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

/** The toasts' module afresh (its download of the visible part's code starts unasked). */
let toasts: typeof import('./toast/index.ts');

beforeEach(async () => {
  Object.assign(edge, {
    failures: 0,
    asked: 0,
    downloads: 0,
    onChange: null,
    remeasured: 0,
    stopped: 0,
  });
  vi.resetModules();
  vi.doMock('./load-once.ts', async (importOriginal) => {
    const original = await importOriginal<typeof import('./load-once.ts')>();
    return {
      ...original,
      importOnDemand: ((...args) => {
        edge.asked++;
        return original.importOnDemand(...args);
      }) satisfies typeof original.importOnDemand,
    };
  });
  // Afresh for each test: a module's first download runs this, and may fail.
  vi.doMock('./framed/visible-part.ts', visiblePartStandIn);
  toasts = await import('./toast/index.ts');
  vi.stubGlobal('parent', {});
});
afterEach(() => {
  cleanup();
  toasts.clearQueuedToasts();
  vi.unstubAllGlobals();
});

describe('the toasts in a frame', () => {
  it('sit in the visible part, follow it, and a new toast asks for a fresh measure', async () => {
    render(<toasts.Toaster />);
    await until(() => edge.onChange !== null);
    act(() => edge.onChange?.({ top: 300, bottom: 760 }));
    act(() => toasts.notify('error', 'Failed'));
    // The stylesheet's margin is not loaded here (0): the visible part's top.
    expect(list().style.top).toBe('300px');
    expect(edge.remeasured).toBe(1);
    act(() => edge.onChange?.({ top: 120, bottom: 700 }));
    expect(list().style.top).toBe('120px');
    act(() => edge.onChange?.(null));
    expect(list().style.top).toBe('');
    cleanup();
    expect(edge.stopped).toBe(1);
  });

  it('ask for the visible part’s code again when a toast shows after a failed download', async () => {
    edge.failures = 1;
    render(<toasts.Toaster />);
    await settled(1);
    expect(edge.onChange).toBeNull();
    act(() => toasts.notify('error', 'Failed'));
    await until(() => edge.onChange !== null);
    expect(edge.downloads).toBe(2);
    act(() => edge.onChange?.({ top: 640, bottom: 760 }));
    expect(list().style.top).toBe('640px');
  });

  it('on the page itself, never fetch the visible part’s code', async () => {
    vi.unstubAllGlobals();
    render(<toasts.Toaster />);
    act(() => toasts.notify('error', 'Failed'));
    // The sentinel: the toast is shown, so the effects that would ask for the code (on mount,
    // and before a toast paints) have run, and an ask is counted as it is made.
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(edge.asked).toBe(0);
    expect(edge.downloads).toBe(0);
    expect(list().style.top).toBe('');
  });
});
