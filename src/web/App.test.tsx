// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.tsx';
import { DEFAULT_CONFIG } from './api.ts';
import { DRAFT_KEY } from './draft.ts';

type Answer = { status: number; body: unknown };

/** Stubs fetch at the edge of the process: /api/config and /api/register. */
function stubFetch(register: () => Promise<Answer>) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/config') return Response.json(DEFAULT_CONFIG);
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    const { status, body } = await register();
    return Response.json(body, { status });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

async function renderApp() {
  const user = userEvent.setup();
  render(<App initialConfig={DEFAULT_CONFIG} />);
  await screen.findByRole('heading', { name: 'Personal Info' });
  return user;
}

async function fillRandomAndReachResume(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Fill with Random Data'));
  await waitFor(() => expect(field('First Name').value).not.toBe(''));
  await user.click(screen.getByRole('button', { name: /^Resume$/ }));
  await screen.findByText(
    (_, el) => el?.tagName === 'P' && el.textContent === 'Resume added: resume.txt',
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the wizard', () => {
  it('starts with the initial values of the specification', async () => {
    stubFetch(async () => ({ status: 201, body: { ok: true, status: 201 } }));
    const user = await renderApp();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'L');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'correct-horse');
    await user.type(field('Zip Code'), '10001');
    await user.click(button('Next Step'));
    await screen.findByRole('heading', { name: 'Career Info' });
    expect(field('Minimum Salary').value).toBe('10000');
    expect(field('Maximum Salary').value).toBe('90000');
    expect(field('Travel Radius (miles)').value).toBe('25');
    expect(screen.getByRole('switch', { name: 'Willing to Relocate' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Has Driving License' })).toBeChecked();
    expect(
      (screen.getByLabelText('Eligibility Status') as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Authorized for any employer');
    for (const type of ['Permanent', 'Contract', 'Temp', 'Part Time']) {
      expect(screen.getByRole('checkbox', { name: type })).not.toBeChecked();
    }
    await user.click(button('Back'));
    expect(field('First Name').value).toBe('Ada');
  });

  it('shows the error summary with every step-1 message and moves focus to it', async () => {
    stubFetch(async () => ({ status: 201, body: { ok: true, status: 201 } }));
    const user = await renderApp();
    await user.click(button('Next Step'));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Zip code is required',
    ]);
    const email = field('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Error: Please enter a valid email address',
    );
  });

  it('blocks a submit without a resume and sends nothing', async () => {
    const calls = stubFetch(async () => ({ status: 201, body: { ok: true, status: 201 } }));
    const user = await renderApp();
    await user.click(button('Fill with Random Data'));
    await waitFor(() => expect(field('First Name').value).not.toBe(''));
    await user.click(screen.getByRole('button', { name: /^Resume$/ }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(button('Submit Registration'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please upload a resume or provide a resume URL',
    );
    expect(calls).toEqual([]);
  });

  it('sends one registration however often Submit is pressed while it is pending', async () => {
    let release: (answer: Answer) => void = () => {};
    const calls = stubFetch(
      () =>
        new Promise<Answer>((resolve) => {
          release = resolve;
        }),
    );
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    await waitFor(() => expect(button('Submit Registration')).toBeDisabled());
    expect(button('Submit Registration')).toHaveAttribute('aria-busy', 'true');
    await user.click(button('Submit Registration'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      country_id: 'US',
      resume_url: '',
      uploaded_resume: { resume_filename: 'resume.txt', resume_filetype: 'txt' },
      website: '',
      registration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await act(async () => release({ status: 201, body: { ok: true, status: 201 } }));
    expect(await screen.findByRole('heading', { name: "You're registered" })).toBeInTheDocument();
    expect(field('First Name').value).toBe('');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('returns to step 1 on a conflict and focuses the email after half a second', async () => {
    stubFetch(async () => ({
      status: 409,
      body: { ok: false, status: 409, message: 'Candidate already exists' },
    }));
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    await screen.findByRole('heading', { name: 'Personal Info' });
    await waitFor(() => expect(field('Email')).toHaveFocus(), { timeout: 2_000 });
    expect(field('First Name').value).not.toBe('');
  });

  it('shows a provider field error on its field', async () => {
    stubFetch(async () => ({
      status: 400,
      body: { ok: false, status: 400, message: 'x', errors: { email: ['Email is banned'] } },
    }));
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    await waitFor(() => expect(button('Submit Registration')).not.toBeDisabled());
    await user.click(screen.getByRole('button', { name: /^Personal Info$/ }));
    expect(await screen.findByText('Email is banned')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('restores a saved draft with a notice, and Start over clears it', async () => {
    stubFetch(async () => ({ status: 201, body: { ok: true, status: 201 } }));
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        values: { first_name: 'Grace', email: 'grace@example.com' },
        step: 0,
        resume: null,
        savedAt: '',
      }),
    );
    const user = await renderApp();
    await waitFor(() => expect(field('First Name').value).toBe('Grace'));
    expect(screen.getByText(/We restored the answers/)).toBeInTheDocument();
    expect(field('Password').value).toBe('');
    await user.click(button('Start over'));
    expect(field('First Name').value).toBe('');
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });
});
