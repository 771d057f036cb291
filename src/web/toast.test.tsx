// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueuedToasts, notify, Toaster } from './toast/index.ts';

const region = () => screen.getByRole('region', { name: 'Notifications alt+T' });
const shown = () =>
  within(region())
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  clearQueuedToasts();
  vi.useRealTimers();
});

describe('the toasts', () => {
  it('shows a toast notified before the Toaster mounted, in a polite live region', () => {
    notify('info', 'Early');
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(shown()).toEqual(['Early']);
  });

  it('marks success and error toasts by type and leaves the default one unmarked', () => {
    render(<Toaster />);
    act(() => {
      notify('info', 'Plain');
      notify('success', 'Done');
      notify('error', 'Failed');
    });
    const items = within(region()).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.type)).toEqual(['error', 'success', undefined]);
  });

  it('closes default and success toasts after 5 s and error toasts after 8 s', () => {
    render(<Toaster />);
    act(() => {
      notify('info', 'Plain');
      notify('success', 'Done');
      notify('error', 'Failed');
    });
    advance(4_999);
    expect(shown()).toEqual(['Failed', 'Done', 'Plain']);
    advance(1);
    expect(shown()).toEqual(['Failed']);
    advance(2_999);
    expect(shown()).toEqual(['Failed']);
    advance(1);
    expect(shown()).toEqual([]);
  });

  it('stops the time while the pointer is over the toasts', () => {
    render(<Toaster />);
    act(() => notify('success', 'Done'));
    advance(3_000);
    fireEvent.mouseEnter(within(region()).getByRole('list'));
    advance(60_000);
    expect(shown()).toEqual(['Done']);
    fireEvent.mouseLeave(within(region()).getByRole('list'));
    advance(1_999);
    expect(shown()).toEqual(['Done']);
    advance(1);
    expect(shown()).toEqual([]);
  });

  it('closes a toast with its "Close toast" button', () => {
    render(<Toaster />);
    act(() => notify('error', 'Failed'));
    fireEvent.click(within(region()).getByRole('button', { name: 'Close toast' }));
    expect(shown()).toEqual([]);
  });

  it('keeps the three newest', () => {
    render(<Toaster />);
    act(() => {
      for (const message of ['One', 'Two', 'Three', 'Four']) notify('info', message);
    });
    expect(shown()).toEqual(['Four', 'Three', 'Two']);
  });

  it('moves focus to the toasts on Alt+T, and back when the focused one closes', () => {
    render(
      <>
        <button type="button">Next Step</button>
        <Toaster />
      </>,
    );
    act(() => notify('error', 'Failed'));
    const next = screen.getByRole('button', { name: 'Next Step' });
    next.focus();
    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    expect(within(region()).getByRole('list')).toHaveFocus();
    const close = within(region()).getByRole('button', { name: 'Close toast' });
    close.focus();
    fireEvent.click(close);
    expect(shown()).toEqual([]);
    expect(next).toHaveFocus();
  });
});
