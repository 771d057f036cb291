// @vitest-environment happy-dom
// A restored draft whose notice's code did not arrive (a phone between networks): the answers
// come back without the notice, and the form stays on screen (steps/lazy.ts, docs/form.md).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../shared/contract.ts';
import { DRAFT_KEY } from './draft.ts';
import { HydratedApp } from './start/HydratedApp.tsx';

/** How many times the page asked for the notice's module. */
const asked = vi.hoisted(() => ({ count: 0 }));
// The notice's module fails to load, as its chunk does when its download fails.
vi.mock('./RestoredNotice.tsx', () => {
  asked.count++;
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

it('a restored draft whose notice did not download is back on its form, without the notice', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(DEFAULT_PUBLIC_CONFIG)),
  );
  const draft = { values: { first_name: 'Grace', email: 'grace@example.com' }, step: 0 };
  localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({ resume: null, ...draft, savedAt: new Date().toISOString() }),
  );
  render(<HydratedApp initialConfig={DEFAULT_PUBLIC_CONFIG} />);
  const firstName = () => screen.getByLabelText('First Name', { exact: true }) as HTMLInputElement;
  await waitFor(() => expect(firstName().value).toBe('Grace'));
  // Once the page has asked for the notice and been refused, and React has done what follows,
  // the form is still there and the notice is not.
  await waitFor(() => expect(asked.count).toBeGreaterThan(0));
  await act(() =>
    import('./RestoredNotice.tsx').then(
      () => undefined,
      () => undefined,
    ),
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Personal Info' })).toBeInTheDocument();
  expect(firstName().value).toBe('Grace');
  expect(screen.queryByText(/We restored the answers/)).toBeNull();
});
