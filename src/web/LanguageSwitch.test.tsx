// @vitest-environment happy-dom
// The language switch (docs/languages.md): a language chosen in the prerendered switch, before the
// app hydrated, is chosen once it has; and the wizard's change of language, whose texts may take
// a while to download (the Spanish catalogue is held or refused here at will).
import { i18n } from '@lingui/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../shared/contract.ts';
import { LOADING_TOAST_TEXTS } from '../shared/page-texts.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { HydratedApp } from './start/HydratedApp.tsx';
import { Root as Page } from './start/Root.tsx';
import { clearQueuedToasts } from './toast/index.ts';

/** The Spanish catalogue's download: held until `release`, or refused once when `refuse`. */
const download = vi.hoisted(() => ({ held: Promise.resolve(), refuse: false }));
vi.mock('../locales/es/messages.ts', async (original) => {
  await download.held;
  if (download.refuse) {
    download.refuse = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return original();
});

/** Holds the Spanish catalogue's download back; the returned function lets it arrive. */
function holdDownload(): () => void {
  let release = () => {};
  download.held = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}

/** Roots hydrated by a test, unmounted after it. */
const roots: Root[] = [];

/**
 * `tree` as the server sends it, then, once `before` has done what a candidate does meanwhile,
 * hydrated into it (as start/main.tsx does).
 */
function hydrateAfter(tree: ReactElement, before: () => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  before();
  act(() => {
    roots.push(hydrateRoot(container, tree));
  });
}

const languageSelect = () => document.getElementById('language') as HTMLSelectElement;
const cookie = () => /(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1] ?? null;
const stepTitle = () => document.getElementById('step-title')?.textContent;

// The app asks for the server's configuration as it hydrates.
beforeEach(() => vi.stubGlobal('fetch', async () => Response.json(DEFAULT_PUBLIC_CONFIG)));
afterEach(() => {
  cleanup();
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearQueuedToasts();
  // Every test starts on an English page, as test/setup/english.ts leaves it.
  i18n.activate('en');
  document.documentElement.lang = 'en';
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the switch sets (i18n.ts), forgotten.
  document.cookie = 'lang=; max-age=0; path=/';
});

describe('the prerendered switch, hydrated', () => {
  const ROWS = [
    { page: 'en', before: 'es', chosen: ['es'] },
    { page: 'es', before: 'en', chosen: ['en'] },
    { page: 'en', before: null, chosen: [] },
    { page: 'es', before: null, chosen: [] },
  ] as const;

  for (const { page, before, chosen } of ROWS) {
    it(`on a page in ${page}, ${before ? `${before} chosen before hydrating` : 'untouched'}: chooses ${chosen.join() || 'nothing'}`, () => {
      const onChange = vi.fn();
      hydrateAfter(<LanguageSwitch locale={page} onChange={onChange} />, () => {
        if (before) languageSelect().value = before;
      });
      expect(onChange.mock.calls).toEqual(chosen.map((locale) => [locale]));
      expect(languageSelect().value).toBe(before ?? page);
    });
  }

  it('chooses nothing when rendered afresh rather than hydrated', () => {
    const onChange = vi.fn();
    render(<LanguageSwitch locale="es" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the wizard’s change of language', () => {
  async function renderApp() {
    const user = userEvent.setup({ delay: null });
    render(<HydratedApp initialConfig={DEFAULT_PUBLIC_CONFIG} />);
    await screen.findByRole('heading', { level: 2, name: 'Personal Info' });
    return user;
  }

  // In this order: the Spanish catalogue downloads once, and is kept from its first arrival on.
  it('goes back to the page’s language and says so when the texts do not arrive', async () => {
    const user = await renderApp();
    download.refuse = true;
    await user.selectOptions(languageSelect(), 'es');
    expect(await screen.findByText(LOADING_TOAST_TEXTS.failed.message)).toBeInTheDocument();
    expect(languageSelect().value).toBe('en');
    expect(stepTitle()).toBe('Personal Info');
    expect(document.documentElement.lang).toBe('en');
    expect(cookie()).toBeNull();
  });

  it('shows the choice at once while its texts download, and ends in the last one chosen meanwhile', async () => {
    const user = await renderApp();
    const release = holdDownload();
    await user.selectOptions(languageSelect(), 'es');
    expect(languageSelect().value).toBe('es');
    expect(stepTitle()).toBe('Personal Info');

    await user.selectOptions(languageSelect(), 'en');
    expect(languageSelect().value).toBe('en');
    release();
    await waitFor(() => expect(cookie()).toBe('en'));
    expect(languageSelect().value).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(stepTitle()).toBe('Personal Info');

    // The Spanish texts are here now: the next choice of Spanish takes no download.
    await user.selectOptions(languageSelect(), 'es');
    await waitFor(() => expect(stepTitle()).toBe('Datos personales'));
    expect(cookie()).toBe('es');
  });

  it('hydrates the whole page in Spanish, as after a choice made later, keeping what was typed', async () => {
    hydrateAfter(<Page locale="en" />, () => {
      (document.getElementById('field-first_name') as HTMLInputElement).value = 'Lucía';
      languageSelect().value = 'es';
      (document.getElementById('field-last_name') as HTMLInputElement).focus();
    });

    await waitFor(() => expect(stepTitle()).toBe('Datos personales'));
    expect(languageSelect().value).toBe('es');
    expect(screen.getByLabelText('Idioma')).toBe(languageSelect());
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Registro en Resume Library');
    expect(cookie()).toBe('es');
    expect(screen.getByLabelText('Nombre', { exact: true })).toHaveValue('Lucía');
    expect(document.activeElement?.id).toBe('field-last_name');
  });
});
