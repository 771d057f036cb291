// @vitest-environment happy-dom
// "Start with your resume" on step 1 (docs/autofill.md), through the whole App: what it fills, what it
// leaves, the marks and the status line, and the draft's memory of the marks. The upload is
// step 3's, proven in the browser (e2e/autofill.spec.ts); here the attaching is only recorded. The
// reader's worker runs in this process (test/helpers/in-process-reader.ts); the real one is the
// browser suite's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '../../shared/contract.ts';
import { FROM_RESUME_HINT } from '../../shared/messages.ts';
import { DRAFT_KEY } from '../draft.ts';
import { report } from '../funnel/index.ts';
import { attachResume } from '../resume.ts';
import { HydratedApp } from '../start/HydratedApp.tsx';
import { clearQueuedToasts } from '../toast/index.ts';
import { DRAFT_SAVE_DELAY_MS } from '../wizard/useDraft.ts';
import { AUTOFILL_TEXTS } from './texts.ts';

vi.mock('../resume.ts', async (original) => ({
  ...(await original<typeof import('../resume.ts')>()),
  attachResume: vi.fn(),
}));
// The funnel's queue, at the edge of the page: what autofill reports to it.
vi.mock('../funnel/index.ts', async (original) => ({
  ...(await original<typeof import('../funnel/index.ts')>()),
  report: vi.fn(),
}));
vi.mock('./read-in-worker.ts', async (original) => ({
  ...(await original<typeof import('./read-in-worker.ts')>()),
  startReader: (await import('../../../test/helpers/in-process-reader.ts')).inProcessReader,
}));

const RESUMES = path.resolve(import.meta.dirname, '../../../test/fixtures/resumes');
const resumeFile = (name: string, type = '') =>
  new File([readFileSync(path.join(RESUMES, name))], name, { type });

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const status = () => screen.getByRole('status', { name: '' });
const marked = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .some((id) => document.getElementById(id)?.textContent === FROM_RESUME_HINT);

async function renderApp() {
  const user = userEvent.setup({ delay: null });
  render(<HydratedApp initialConfig={DEFAULT_PUBLIC_CONFIG} />);
  await screen.findByRole('heading', { level: 2, name: 'Personal Info' });
  return user;
}

/**
 * The read's outcome comes once the reader's modules have loaded and the file is read: on a
 * loaded machine (the whole suite in parallel) that passes waitFor's default second.
 */
const READ = { timeout: 10_000 };

const resumeButton = () => screen.getByLabelText(AUTOFILL_TEXTS.button) as HTMLInputElement;

async function choose(file: File) {
  const input = resumeButton();
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(DEFAULT_PUBLIC_CONFIG)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(attachResume).mockClear();
  vi.mocked(report).mockClear();
  localStorage.clear();
  clearQueuedToasts();
});

describe('Start with your resume', () => {
  it('is a file chooser named as docs/autofill.md says, described by its hint, for the five resume types', async () => {
    await renderApp();
    const input = resumeButton();
    expect(input.type).toBe('file');
    expect(input).toHaveAccessibleDescription(AUTOFILL_TEXTS.hint);
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.doc', '.docx', '.txt', '.rtf']),
    );
  });

  it('fills only the empty fields, never the password, and says how many', async () => {
    const user = await renderApp();
    await user.type(field('First Name'), 'Zo');
    await user.type(field('Password'), 'correct-horse');
    const file = resumeFile('text-zoe-nguyen.txt', 'text/plain');
    await choose(file);
    await waitFor(() => expect(status()).toHaveTextContent(AUTOFILL_TEXTS.filled(6)), READ);
    expect(field('First Name').value).toBe('Zo');
    expect(field('Password').value).toBe('correct-horse');
    expect(field('Last Name').value).toBe('Nguyen');
    expect(field('Email').value).toBe('zoe.nguyen@example.com');
    expect(field('Phone').value).toBe('+13145550127');
    expect(field('Home Town').value).toBe('St. Louis, MO');
    expect(field('Zip Code').value).toBe('');
    expect(attachResume).toHaveBeenCalledWith(expect.anything(), {
      filename: 'text-zoe-nguyen.txt',
      filetype: 'txt',
      pending: file,
    });
    expect(vi.mocked(report).mock.calls.filter(([event]) => event.type === 'autofill')).toEqual([
      [{ type: 'autofill', format: 'txt', filled: 6 }],
    ]);
  });

  it('fills a field the candidate only passed through', async () => {
    const user = await renderApp();
    await user.click(field('First Name'));
    await user.click(field('Last Name'));
    await choose(resumeFile('text-zoe-nguyen.txt'));
    await waitFor(() => expect(field('First Name').value).toBe('Zoe'), READ);
    expect(field('Last Name').value).toBe('Nguyen');
  });

  it('marks each filled field until the candidate edits it', async () => {
    const user = await renderApp();
    await user.type(field('First Name'), 'Zo');
    await choose(resumeFile('text-zoe-nguyen.txt'));
    await waitFor(() => expect(marked('Email')).toBe(true), READ);
    expect(field('Email')).toHaveAccessibleDescription(FROM_RESUME_HINT);
    expect(marked('Last Name')).toBe(true);
    expect(marked('First Name')).toBe(false);
    expect(marked('Password')).toBe(false);
    await user.type(field('Email'), 'x');
    expect(marked('Email')).toBe(false);
    expect(marked('Last Name')).toBe(true);
  });

  it('changes nothing and says so when the file cannot be read', async () => {
    const user = await renderApp();
    await user.type(field('Last Name'), 'Typed');
    await choose(resumeFile('word-97.doc', 'application/msword'));
    await waitFor(() => expect(status()).toHaveTextContent(AUTOFILL_TEXTS.failed), READ);
    expect(field('Last Name').value).toBe('Typed');
    expect(field('Email').value).toBe('');
    expect(screen.queryByText(FROM_RESUME_HINT)).toBeNull();
    expect(attachResume).not.toHaveBeenCalled();
  });

  it('says so for an empty file too', async () => {
    await renderApp();
    await choose(new File([], 'empty.txt', { type: 'text/plain' }));
    await waitFor(() => expect(status()).toHaveTextContent(AUTOFILL_TEXTS.failed), READ);
    expect(attachResume).not.toHaveBeenCalled();
  });

  it('keeps the marks in the draft, so they come back after a reload', async () => {
    const user = await renderApp();
    await user.type(field('First Name'), 'Zo');
    await choose(resumeFile('text-zoe-nguyen.txt'));
    await waitFor(() => expect(marked('Email')).toBe(true), READ);
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as { fromResume?: string[] };
    expect(draft.fromResume).toEqual(
      expect.arrayContaining(['last_name', 'email', 'phone', 'home_town', 'key_skills']),
    );
    expect(draft.fromResume).not.toContain('first_name');
    cleanup();
    await renderApp();
    await waitFor(() => expect(marked('Email')).toBe(true), READ);
    expect(marked('First Name')).toBe(false);
  });
});
