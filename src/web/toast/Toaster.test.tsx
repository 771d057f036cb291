// @vitest-environment happy-dom
// A toast with the provider's English after our message (issue 44, point 1): the English is marked
// lang="en", so that a screen reader says it in an English voice, and the toast comes into the
// live region as one addition, read as one announcement.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueuedToasts, notify, Toaster } from './index.ts';

afterEach(() => {
  cleanup();
  clearQueuedToasts();
});

/** The Toaster, and each batch of nodes its live region gets, as their text. */
function renderToaster() {
  const { container } = render(<Toaster />);
  const region = container.querySelector('section[aria-live="polite"]') as HTMLElement;
  const additions: string[][] = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const added = [...record.addedNodes].map((node) => node.textContent ?? '');
      if (added.length > 0) additions.push(added);
    }
  }).observe(region, { childList: true, subtree: true, characterData: true });
  return { region, additions };
}

describe('a toast with the provider’s words after ours', () => {
  it('says them marked lang="en", after our message, as one addition to the live region', async () => {
    const { region, additions } = renderToaster();
    act(() =>
      notify('error', 'Error de validación. Revise sus datos.', 'The resume could not be read'),
    );
    await act(() => Promise.resolve());
    const message = region.querySelector('.toast__message');
    expect(message?.textContent).toBe(
      'Error de validación. Revise sus datos. The resume could not be read',
    );
    const english = message?.querySelectorAll('[lang]');
    expect(
      [...(english ?? [])].map((part) => [part.getAttribute('lang'), part.textContent]),
    ).toEqual([['en', 'The resume could not be read']]);
    expect(additions).toEqual([
      ['Error de validación. Revise sus datos. The resume could not be read'],
    ]);
  });

  it('adds the next toast as one addition too, and marks nothing in one without words of theirs', async () => {
    const { region, additions } = renderToaster();
    act(() => notify('error', 'Demasiadas solicitudes. Vuelva a intentarlo más tarde.'));
    await act(() => Promise.resolve());
    act(() => notify('error', 'Datos de la solicitud no válidos', 'Zip not served'));
    await act(() => Promise.resolve());
    expect([...region.querySelectorAll('.toast__message')].map((p) => p.innerHTML)).toEqual([
      'Datos de la solicitud no válidos <span lang="en">Zip not served</span>',
      'Demasiadas solicitudes. Vuelva a intentarlo más tarde.',
    ]);
    expect(additions).toEqual([
      ['Demasiadas solicitudes. Vuelva a intentarlo más tarde.'],
      ['Datos de la solicitud no válidos Zip not served'],
    ]);
  });
});
