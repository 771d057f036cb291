// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG as DEFAULT_CONFIG } from '../shared/contract.ts';
import { DRAFT_KEY } from './draft.ts';
import { HydratedApp } from './start/HydratedApp.tsx';
import { clearQueuedToasts } from './toast/index.ts';
import { DRAFT_SAVE_DELAY_MS } from './wizard/useDraft.ts';

const SUCCESS_TOAST =
  'Registration Successful! You can now log in to Resume Library with your email and password.';
const QUEUED_TOAST =
  "We have your registration. The resume library is busy right now, so we will send it shortly. You don't need to do anything.";
const CONFLICT_TOAST =
  'A candidate with this email address is already registered. Please use a different email or try to log in at https://www.resume-library.com/login';

type Answer = { status: number; body: unknown };
type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
type User = ReturnType<typeof userEvent.setup>;

/** Stubs fetch at the edge of the process: /api/config and /api/register. */
function stubFetch(answer: () => Answer | Promise<Answer>): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/config') return Response.json(DEFAULT_CONFIG);
    if (url === '/api/register') {
      const { status, body } = await answer();
      return Response.json(body, { status });
    }
    return new Response('Not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const answered = (status: number, body: unknown) => () => ({ status, body });
const created = answered(201, { ok: true, status: 201, data: { id: 'c-1' } });
/** OUTBOX=on: the provider cannot take it now, and the server keeps it (docs/api.md). */
const queued = answered(202, { ok: true, status: 202, queued: true });

const registerCalls = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/register');

function registerBody(fetchMock: FetchMock): Record<string, unknown> {
  const [call] = registerCalls(fetchMock);
  if (!call) throw new Error('/api/register was not called');
  return JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const select = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;
const button = (name: string) => screen.getByRole('button', { name });
const queryButton = (name: string) => screen.queryByRole('button', { name });
const stepButton = (name: 'Personal Info' | 'Career Info' | 'Resume') =>
  within(screen.getByRole('navigation', { name: 'Registration steps' })).getByRole('button', {
    name,
  });
/** The step's own heading (level 2); "Check your answers" repeats the titles as level 3. */
async function findStep(title: 'Personal Info' | 'Career Info' | 'Resume') {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  // The resume step is lazy: wait until it has loaded, not only its heading.
  if (title === 'Resume') await screen.findByRole('tab', { name: 'Upload File' });
  return heading;
}
const currentStep = () => document.getElementById('step-title')?.textContent;
const summary = () => screen.queryByRole('alert', { name: 'There is a problem' });
/** The texts of the error summary's links, in order. */
const summaryLinks = (box: HTMLElement) =>
  within(box)
    .getAllByRole('link')
    .map((link) => link.textContent);

async function renderApp() {
  // No pause between keystrokes: the suite types a lot and stays fast.
  const user = userEvent.setup({ delay: null });
  render(<HydratedApp initialConfig={DEFAULT_CONFIG} />);
  await findStep('Personal Info');
  return user;
}

/** The wizard on step 1, its /api/register answering `answer`. */
async function startWizard(answer: () => Answer | Promise<Answer> = created) {
  const fetchMock = stubFetch(answer);
  return { user: await renderApp(), fetchMock };
}

/** A toast, once it shows (time allowed for the toasts' code to load). */
const findToast = (text: string) => screen.findByText(text, {}, { timeout: 5_000 });

/** The error summary, once it shows. */
const findProblem = () => screen.findByRole('alert', { name: 'There is a problem' });

async function fillPersonal(user: User) {
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Password'), 'correct-horse');
  await user.type(field('Zip Code'), '10001');
}

async function reachCareer(user: User) {
  await fillPersonal(user);
  await user.click(button('Next Step'));
  await findStep('Career Info');
}

async function reachResume(user: User) {
  await reachCareer(user);
  await user.click(button('Next Step'));
  await findStep('Resume');
}

async function fillRandom(user: User) {
  await user.click(button('Fill with Random Data'));
  await waitFor(() => expect(field('First Name').value).not.toBe(''));
}

/** The resume step's line naming the attached file. */
const findResumeAdded = (filename: string) =>
  screen.findByText(
    (_, el) => el?.tagName === 'P' && el.textContent === `Resume added: ${filename}`,
  );

/** Fill with Random Data, then Next twice, to step 3 with the generated resume attached. */
async function fillRandomAndReachResume(user: User) {
  await fillRandom(user);
  await user.click(button('Next Step'));
  await findStep('Career Info');
  await user.click(button('Next Step'));
  await findStep('Resume');
  await findResumeAdded('resume.txt');
}

/** A draft as the wizard saves it, saved now: on step 1 with no resume unless told. */
function saveDraft(draft: { values: Record<string, unknown>; step?: number; resume?: unknown }) {
  const saved = { step: 0, resume: null, ...draft, savedAt: new Date().toISOString() };
  localStorage.setItem(DRAFT_KEY, JSON.stringify(saved));
}
/** The draft's candidate, as far as step 1 without the password (never saved). */
const GRACE = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  zip_code: '10001',
};

/** Intercepts the timers of exactly `ms` milliseconds; the test runs them when it chooses. */
function holdTimers(ms: number): (() => void)[] {
  const held: (() => void)[] = [];
  const realSetTimeout = globalThis.setTimeout;
  const fake = (handler: unknown, delay?: number, ...args: unknown[]) => {
    if (delay === ms && typeof handler === 'function') {
      held.push(() => handler(...args));
      return 0;
    }
    return realSetTimeout(handler as () => void, delay, ...args);
  };
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(fake as unknown as typeof setTimeout);
  return held;
}

/** The text of the elements an input's aria-describedby points at, in order. */
function description(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  // A toast notified after the render unmounted would wait for the next test's Toaster.
  clearQueuedToasts();
});

describe('the wizard: initial values and navigation', () => {
  it('starts on step 1 with empty personal fields, no Back button and the config fetched', async () => {
    const fetchMock = stubFetch(created);
    await renderApp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Resume Library Registration',
    );
    expect(stepButton('Personal Info')).toHaveAttribute('aria-current', 'step');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Phone', 'Zip Code']) {
      expect(field(label).value).toBe('');
    }
    expect(field('Home Town').value).toBe('');
    expect(queryButton('Back')).toBeNull();
    expect(button('Next Step')).toBeEnabled();
    expect(button('Fill with Random Data')).toBeEnabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config'));
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('shows the initial values of the specification on step 2', async () => {
    const { user } = await startWizard();
    await reachCareer(user);
    expect(field('Minimum Salary').value).toBe('10000');
    expect(field('Maximum Salary').value).toBe('90000');
    expect(field('Travel Radius (miles)').value).toBe('25');
    for (const name of ['Willing to Relocate', 'Has Driving License']) {
      const control = screen.getByRole('switch', { name });
      expect(control).toBeChecked();
      expect(control).toHaveAttribute('role', 'switch');
    }
    const eligibility = select('Eligibility Status');
    expect(eligibility.value).toBe('auth_any_employer');
    expect(eligibility.selectedOptions[0]?.textContent).toBe('Authorized for any employer');
    expect([...eligibility.options].map((option) => option.textContent)).toEqual([
      'Authorized for any employer',
      'Authorized for current employer only',
      'Requires sponsorship',
    ]);
    const jobTypes = screen.getByRole('group', { name: 'Acceptable Job Types' });
    for (const type of ['Permanent', 'Contract', 'Temp', 'Part Time']) {
      expect(within(jobTypes).getByRole('checkbox', { name: type })).not.toBeChecked();
    }
    expect(select('Education Level').value).toBe('');
    expect(select('Work Experience').value).toBe('');
  });

  it('shows Back on step 2 only, and going back keeps every value', async () => {
    const { user } = await startWizard();
    expect(queryButton('Back')).toBeNull();
    await user.type(field('Phone'), '+15551234567');
    await user.type(field('Home Town'), 'Boston');
    await reachCareer(user);
    expect(button('Back')).toBeEnabled();
    expect(stepButton('Career Info')).toHaveAttribute('aria-current', 'step');
    await user.type(field('Desired Job Title'), 'Engineer');
    await user.click(screen.getByRole('checkbox', { name: 'Contract' }));
    await user.click(screen.getByRole('switch', { name: 'Willing to Relocate' }));

    await user.click(button('Back'));
    await findStep('Personal Info');
    expect(queryButton('Back')).toBeNull();
    expect(field('First Name').value).toBe('Ada');
    expect(field('Last Name').value).toBe('Lovelace');
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Password').value).toBe('correct-horse');
    expect(field('Phone').value).toBe('+15551234567');
    expect(field('Zip Code').value).toBe('10001');
    expect(field('Home Town').value).toBe('Boston');

    await user.click(button('Next Step'));
    await findStep('Career Info');
    expect(field('Desired Job Title').value).toBe('Engineer');
    expect(screen.getByRole('checkbox', { name: 'Contract' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Willing to Relocate' })).not.toBeChecked();
  });
});

describe('the wizard: validation', () => {
  const STEP_1_MESSAGES = [
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Password must be at least 8 characters',
    'Zip code is required',
  ];

  it('shows "There is a problem" with the five step-1 messages and moves focus to the summary', async () => {
    const { user } = await startWizard();
    await user.click(button('Next Step'));
    const box = await findProblem();
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(box).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(box).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(STEP_1_MESSAGES);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#field-first_name',
      '#field-last_name',
      '#field-email',
      '#field-password',
      '#field-zip_code',
    ]);
    expect(currentStep()).toBe('Personal Info');
  });

  /** A value the step refuses on Next, and what the candidate then sees. */
  interface Refusal {
    name: string;
    step: 'Personal Info' | 'Career Info';
    label: string;
    value: string;
    /** Typed key by key, or set at once (too long to type). */
    entered: 'typed' | 'set';
    /** The summary's links, when the row checks them. */
    summary?: string[];
    /** Whether the field is marked aria-invalid. */
    invalid?: boolean;
    /** The field's aria-describedby texts. */
    describedBy?: string[];
    /** Fields that must stay valid. */
    stillValid?: string[];
    /** The refused value stays in the field. */
    kept?: boolean;
  }
  const REFUSALS: Refusal[] = [
    {
      name: 'a name longer than 100 characters, with a message naming the field, keeping it',
      step: 'Personal Info',
      label: 'First Name',
      value: 'A'.repeat(101),
      entered: 'set',
      summary: ['First name must be at most 100 characters'],
      invalid: true,
      kept: true,
    },
    {
      name: 'a zip code that is not 5 or 5+4 digits',
      step: 'Personal Info',
      label: 'Zip Code',
      value: '1234',
      entered: 'typed',
      summary: ['Please enter a valid US zip code (e.g., 12345 or 12345-6789)'],
    },
    {
      name: 'a negative salary on step 2 with "Must be 0 or more"',
      step: 'Career Info',
      label: 'Minimum Salary',
      value: '-5',
      entered: 'typed',
      summary: ['Must be 0 or more'],
      invalid: true,
      describedBy: ['USD per year', 'Error: Must be 0 or more'],
    },
    {
      name: 'a negative travel radius with "Must be 0 or more"',
      step: 'Career Info',
      label: 'Travel Radius (miles)',
      value: '-1',
      entered: 'typed',
      invalid: true,
      describedBy: ['Error: Must be 0 or more'],
    },
    {
      name: 'a maximum salary below the minimum',
      step: 'Career Info',
      label: 'Maximum Salary',
      value: '5000',
      entered: 'typed',
      summary: ['Maximum salary must be at least the minimum salary'],
      invalid: true,
      describedBy: ['USD per year', 'Error: Maximum salary must be at least the minimum salary'],
      stillValid: ['Minimum Salary'],
    },
  ];

  it.each(REFUSALS.map((row) => [row.name, row] as const))('refuses %s', async (_name, row) => {
    const { user } = await startWizard();
    if (row.step === 'Personal Info') await fillPersonal(user);
    else await reachCareer(user);
    if (row.entered === 'set') {
      fireEvent.change(field(row.label), { target: { value: row.value } });
    } else {
      await user.clear(field(row.label));
      await user.type(field(row.label), row.value);
    }
    await user.click(button('Next Step'));
    const box = await findProblem();
    if (row.summary) expect(summaryLinks(box)).toEqual(row.summary);
    if (row.invalid) expect(field(row.label)).toHaveAttribute('aria-invalid', 'true');
    if (row.describedBy) expect(description(field(row.label))).toEqual(row.describedBy);
    for (const label of row.stillValid ?? []) {
      expect(field(label)).not.toHaveAttribute('aria-invalid');
    }
    if (row.kept) expect(field(row.label).value).toBe(row.value);
    expect(currentStep()).toBe(row.step);
  });

  it('refuses a resume URL longer than 2,048 characters and attaches nothing', async () => {
    const { user } = await startWizard();
    await reachResume(user);
    await user.click(screen.getByRole('tab', { name: 'Add URL' }));
    const input = screen.getByLabelText('Resume URL');
    fireEvent.change(input, { target: { value: `example.com/${'a'.repeat(2_040)}.pdf` } });
    await user.click(button('Add'));
    expect(
      await screen.findByText('Resume URL must be at most 2,048 characters'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(screen.queryByText(/Resume added/)).toBeNull();
  });

  it('ties each error to its input with aria-invalid and aria-describedby', async () => {
    const { user } = await startWizard();
    await user.click(button('Next Step'));
    await findProblem();
    const expected: [string, string[]][] = [
      ['First Name', ['Error: First name is required']],
      ['Last Name', ['Error: Last name is required']],
      ['Email', ['Error: Please enter a valid email address']],
      ['Password', ['At least 8 characters', 'Error: Password must be at least 8 characters']],
      ['Zip Code', ['Enter a valid 5-digit US zip code', 'Error: Zip code is required']],
    ];
    for (const [label, texts] of expected) {
      expect(field(label), label).toHaveAttribute('aria-invalid', 'true');
      expect(description(field(label)), label).toEqual(texts);
    }
    expect(field('Phone')).not.toHaveAttribute('aria-invalid');
    expect(field('Home Town')).not.toHaveAttribute('aria-invalid');
  });

  it('moves focus to the field when its summary link is followed', async () => {
    const { user } = await startWizard();
    await user.click(button('Next Step'));
    const box = await findProblem();
    await user.click(within(box).getByRole('link', { name: 'Zip code is required' }));
    expect(field('Zip Code')).toHaveFocus();
  });

  it('stays on step 1 with the summary when the Resume step button is clicked with errors', async () => {
    const { user } = await startWizard();
    await user.type(field('First Name'), 'Ada');
    await user.click(stepButton('Resume'));
    const box = await findProblem();
    expect(summaryLinks(box)).toEqual(STEP_1_MESSAGES.slice(1));
    expect(currentStep()).toBe('Personal Info');
    expect(stepButton('Personal Info')).toHaveAttribute('aria-current', 'step');
    expect(stepButton('Resume')).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Submit Registration' })).toBeNull();
  });

  it('clears the summary once the errors are fixed and Next succeeds', async () => {
    const { user } = await startWizard();
    await user.click(button('Next Step'));
    await findProblem();
    await fillPersonal(user);
    await user.click(button('Next Step'));
    await findStep('Career Info');
    expect(summary()).toBeNull();
  });
});

describe('the wizard: submitting', () => {
  it('blocks Submit Registration without a resume and does not call /api/register', async () => {
    const { user, fetchMock } = await startWizard();
    await reachResume(user);
    expect(button('Submit Registration')).toBeEnabled();
    await user.click(button('Submit Registration'));
    const box = await findProblem();
    await waitFor(() => expect(box).toHaveFocus());
    expect(summaryLinks(box)).toEqual(['Please upload a resume or provide a resume URL']);
    expect(document.getElementById('resume-error')).toHaveTextContent(
      'Error: Please upload a resume or provide a resume URL',
    );
    expect(button('Submit Registration')).toHaveAttribute('aria-describedby', 'resume-error');
    expect(currentStep()).toBe('Resume');
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('blocks the submit again after the generated resume is removed', async () => {
    const { user, fetchMock } = await startWizard();
    await fillRandomAndReachResume(user);
    await user.click(button('Remove'));
    expect(screen.queryByText(/Resume added:/)).toBeNull();
    await user.click(button('Submit Registration'));
    expect(await findProblem()).toHaveTextContent('Please upload a resume or provide a resume URL');
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('fills every field with random data, and Next twice reaches step 3 with no summary', async () => {
    const { user } = await startWizard();
    await fillRandom(user);
    expect(field('First Name').value).toMatch(/^[A-Z][a-z]+$/);
    expect(field('Last Name').value).toMatch(/^[A-Z][a-z]+$/);
    expect(field('Email').value).toMatch(/^[a-z]+\.[a-z]+\.\d{4}@example\.com$/);
    expect(field('Password').value.length).toBeGreaterThanOrEqual(8);
    expect(field('Phone').value).toMatch(/^\+1555\d{7}$/);
    expect(field('Zip Code').value).toMatch(/^\d{5}$/);
    expect(field('Home Town').value).not.toBe('');

    await user.click(button('Next Step'));
    await findStep('Career Info');
    expect(summary()).toBeNull();
    expect(field('Desired Job Title').value).not.toBe('');
    expect(field('Latest Job Title').value).not.toBe('');
    expect(screen.getAllByRole('checkbox', { checked: true }).length).toBeGreaterThan(0);
    const min = Number(field('Minimum Salary').value);
    const max = Number(field('Maximum Salary').value);
    expect(min).toBeGreaterThanOrEqual(10_000);
    expect(min).toBeLessThanOrEqual(50_000);
    expect(max).toBeGreaterThanOrEqual(60_000);
    expect(max).toBeLessThanOrEqual(150_000);
    expect(select('Education Level').value).not.toBe('');
    expect(select('Work Experience').value).not.toBe('');
    expect(field('Key Skills').value.split(', ').length).toBeGreaterThanOrEqual(3);
    const radius = Number(field('Travel Radius (miles)').value);
    expect(radius).toBeGreaterThanOrEqual(10);
    expect(radius).toBeLessThanOrEqual(50);
    expect(select('Eligibility Status').value).not.toBe('');

    await user.click(button('Next Step'));
    await findStep('Resume');
    expect(summary()).toBeNull();
    expect(await findResumeAdded('resume.txt')).toBeInTheDocument();
  });

  it('announces the random data in a toast', async () => {
    const { user } = await startWizard();
    await fillRandom(user);
    expect(await findToast('Random data has been generated for testing')).toBeInTheDocument();
  });

  it('posts the generated candidate to /api/register with the resume as base64', async () => {
    const { user, fetchMock } = await startWizard();
    await fillRandom(user);
    const typed = {
      first_name: field('First Name').value,
      last_name: field('Last Name').value,
      email: field('Email').value,
      password: field('Password').value,
      phone: field('Phone').value,
      zip_code: field('Zip Code').value,
      home_town: field('Home Town').value,
    };
    await user.click(button('Next Step'));
    await findStep('Career Info');
    await user.click(button('Next Step'));
    await findStep('Resume');
    await user.click(button('Submit Registration'));
    await screen.findByRole('heading', { name: "You're registered" });

    expect(registerCalls(fetchMock)).toHaveLength(1);
    const [, init] = registerCalls(fetchMock)[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    const body = registerBody(fetchMock);
    expect(body).toMatchObject({
      ...typed,
      country_id: 'US',
      resume_url: '',
      website: '',
      uploaded_resume: {
        resume_filename: 'resume.txt',
        resume_filetype: 'txt',
        resume_content_base64: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      },
    });
    expect(
      atob((body.uploaded_resume as { resume_content_base64: string }).resume_content_base64),
    ).toContain('Sample Candidate');
    expect(Array.isArray(body.acceptable_job_types)).toBe(true);
    expect((body.acceptable_job_types as string[]).length).toBeGreaterThan(0);
    expect(body.registration_date).toEqual(new Date(String(body.registration_date)).toISOString());
    expect(typeof body.salary_min).toBe('number');
    expect(typeof body.salary_max).toBe('number');
    expect(typeof body.travel_radius).toBe('number');
    expect(['0', '1']).toContain(body.relocate);
    expect(['0', '1']).toContain(body.driving_license);
  });

  it('sends Permanent when no job type is chosen', async () => {
    const { user, fetchMock } = await startWizard();
    await reachResume(user);
    await user.click(screen.getByRole('tab', { name: 'Add URL' }));
    await user.type(screen.getByLabelText('Resume URL'), 'example.com/cv/ada.pdf');
    await user.click(button('Add'));
    expect(await screen.findByText('ada.pdf')).toBeInTheDocument();
    await user.click(button('Submit Registration'));
    await screen.findByRole('heading', { name: "You're registered" });
    expect(registerBody(fetchMock)).toMatchObject({
      first_name: 'Ada',
      email: 'ada@example.com',
      acceptable_job_types: ['Permanent'],
      resume_url: 'https://example.com/cv/ada.pdf',
      uploaded_resume: null,
      salary_min: 10_000,
      salary_max: 90_000,
      travel_radius: 25,
      relocate: '1',
      driving_license: '1',
      eligibility_status: 'auth_any_employer',
    });
  });

  it('disables Submit Registration with aria-busy while pending, and a second press sends nothing', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const fetchMock = stubFetch(
      () =>
        new Promise<Answer>((resolve) => {
          release = resolve;
        }),
    );
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    expect(button('Submit Registration')).toHaveAttribute('aria-busy', 'false');
    await user.click(button('Submit Registration'));
    await waitFor(() => expect(button('Submit Registration')).toBeDisabled());
    expect(button('Submit Registration')).toHaveAttribute('aria-busy', 'true');
    // The test decides when time passes; it also runs on its own for Testing Library's waits.
    vi.useFakeTimers({ shouldAdvanceTime: true, shouldClearNativeTimers: true });
    await user.click(button('Submit Registration'));
    // Even a submit that bypasses the disabled button (Enter in a field) sends nothing more.
    fireEvent.submit(button('Submit Registration').closest('form') as HTMLFormElement);
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    expect(registerCalls(fetchMock)).toHaveLength(1);

    await act(async () => release(created()));
    await screen.findByRole('heading', { name: "You're registered" });
    expect(registerCalls(fetchMock)).toHaveLength(1);
  });

  it('re-enables Submit Registration and keeps every answer after a failure', async () => {
    const fetchMock = stubFetch(
      answered(500, { ok: false, status: 500, message: 'Server error. Please try again later.' }),
    );
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    expect(
      await findToast('Our server encountered an error. Please try again later.'),
    ).toBeInTheDocument();
    expect(button('Submit Registration')).toBeEnabled();
    expect(button('Submit Registration')).toHaveAttribute('aria-busy', 'false');
    expect(currentStep()).toBe('Resume');
    expect(screen.getByText('Resume added:', { exact: false })).toHaveTextContent(
      'Resume added: resume.txt',
    );
    await user.click(button('Submit Registration'));
    await waitFor(() => expect(registerCalls(fetchMock)).toHaveLength(2));
    await waitFor(() => expect(button('Submit Registration')).toBeEnabled());
  });
});

describe('the wizard: answers of /api/register', () => {
  it('returns to step 1 on a 409 and focuses and selects the Email input after 500 ms', async () => {
    const { user } = await startWizard(
      answered(409, { ok: false, status: 409, message: 'Candidate already exists' }),
    );
    await fillRandomAndReachResume(user);
    const email = screen.getByText(
      (_, el) => el?.tagName === 'DD' && /@example\.com$/.test(el.textContent ?? ''),
    ).textContent;
    const selectSpy = vi.spyOn(HTMLInputElement.prototype, 'select');
    // Holds back every 500 ms timer so the test decides when half a second has passed.
    // (vi.useFakeTimers would also stop Testing Library's own setTimeout(0) in act().)
    const held = holdTimers(500);

    await user.click(button('Submit Registration'));
    await findStep('Personal Info');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(field('Email')).not.toHaveFocus();
    expect(selectSpy).not.toHaveBeenCalled();
    await act(async () => held[0]?.());
    // react-hook-form's setFocus focuses on the next tick.
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(selectSpy.mock.contexts).toContain(field('Email'));

    // A failed registration keeps everything the candidate entered.
    expect(field('Email').value).toBe(email);
    expect(field('First Name').value).not.toBe('');
    expect(field('Password').value.length).toBeGreaterThanOrEqual(8);
    expect(await findToast(CONFLICT_TOAST)).toBeInTheDocument();
  });

  it.each([
    [
      'a message containing "already exists" as a conflict whatever the status',
      { ok: false, status: 400, message: 'Email already exists' },
    ],
    [
      'the provider\'s "Candidate already registered" as a conflict too',
      { ok: false, status: 422, message: 'Candidate already registered' },
    ],
  ] as const)('treats %s', async (_name, answer) => {
    const { user } = await startWizard(answered(answer.status, answer));
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    await findStep('Personal Info');
    await waitFor(() => expect(field('Email')).toHaveFocus(), { timeout: 2_000 });
    expect(await findToast(CONFLICT_TOAST)).toBeInTheDocument();
  });

  it('shows a 400 field error "Email is banned" on the Email field', async () => {
    stubFetch(
      answered(400, {
        ok: false,
        status: 400,
        message: 'Email error: Email is banned',
        errors: { email: ['Email is banned'] },
      }),
    );
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    expect(await findToast('Please check your information and try again.')).toBeInTheDocument();
    expect(button('Submit Registration')).toBeEnabled();
    await user.click(stepButton('Personal Info'));
    await findStep('Personal Info');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(description(field('Email'))).toEqual(['Error: Email is banned']);
    expect(screen.getByText('Email is banned')).toBeInTheDocument();
  });

  it('shows a 400 resume error on the resume step', async () => {
    stubFetch(
      answered(400, {
        ok: false,
        status: 400,
        message: 'Resume error: The resume could not be read',
        detail: 'The resume could not be read',
        errors: { resume: ['The resume could not be read'] },
      }),
    );
    const user = await renderApp();
    await fillRandomAndReachResume(user);
    await user.click(button('Submit Registration'));
    await waitFor(() =>
      expect(document.getElementById('resume-error')).toHaveTextContent(
        'Error: The resume could not be read',
      ),
    );
    expect(button('Submit Registration')).toHaveAttribute('aria-describedby', 'resume-error');
    expect(currentStep()).toBe('Resume');
  });

  it('resets to an empty step 1, shows "You\'re registered" and keeps no draft on success', async () => {
    const { user, fetchMock } = await startWizard();
    await fillRandomAndReachResume(user);
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull());
    // The test decides when time passes; it also runs on its own for Testing Library's waits.
    vi.useFakeTimers({ shouldAdvanceTime: true, shouldClearNativeTimers: true });
    await user.click(button('Submit Registration'));

    const confirmation = await screen.findByRole('heading', { name: "You're registered" });
    expect(registerCalls(fetchMock)).toHaveLength(1);
    expect(currentStep()).toBe('Personal Info');
    expect(stepButton('Personal Info')).toHaveAttribute('aria-current', 'step');
    expect(field('First Name').value).toBe('');
    expect(field('Last Name').value).toBe('');
    expect(field('Email').value).toBe('');
    expect(field('Password').value).toBe('');
    expect(queryButton('Back')).toBeNull();
    expect(summary()).toBeNull();
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(
      screen.getByRole('link', { name: 'https://www.resume-library.com/login' }),
    ).toHaveAttribute('href', 'https://www.resume-library.com/login');
    expect(await findToast(SUCCESS_TOAST)).toBeInTheDocument();
    // The draft stays gone after the save delay has passed.
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    vi.useRealTimers();

    // The form starts from scratch: step 2 shows the initial values, no resume is attached.
    await reachCareer(user);
    expect(field('Minimum Salary').value).toBe('10000');
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.getAllByRole('switch', { checked: true })).toHaveLength(2);
    await user.click(button('Next Step'));
    await findStep('Resume');
    expect(screen.queryByText(/Resume added:/)).toBeNull();
  });
});

describe('the wizard: a registration kept for later delivery (OUTBOX=on)', () => {
  const BOARD = 'https://jobs.example.com';
  const root = document.documentElement.dataset;
  /** The page as a listed board frames it: what it posts reaches `parent.postMessage`. */
  function framedByBoard() {
    const parent = { postMessage: vi.fn() };
    vi.stubGlobal('parent', parent);
    Object.assign(root, { embed: '1', embedOrigins: BOARD, embedHost: BOARD });
    return parent;
  }
  const posted = (parent: { postMessage: Mock }) =>
    parent.postMessage.mock.calls.map(([message, origin]) => [
      (message as { type: string }).type,
      origin,
    ]);
  afterEach(() => {
    delete root.embed;
    delete root.embedOrigins;
    delete root.embedHost;
  });

  it('empties the form as after a success, keeps no draft, and says the registration is kept, not registered', async () => {
    const parent = framedByBoard();
    const { user, fetchMock } = await startWizard(queued);
    await fillRandomAndReachResume(user);
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull());
    vi.useFakeTimers({ shouldAdvanceTime: true, shouldClearNativeTimers: true });
    await user.click(button('Submit Registration'));

    const confirmation = await screen.findByRole('heading', { name: 'We have your registration' });
    expect(screen.queryByRole('heading', { name: "You're registered" })).toBeNull();
    expect(screen.queryByText(/are now in the Resume Library/)).toBeNull();
    expect(screen.getByRole('status', { name: 'We have your registration' })).toHaveTextContent(
      'We will send your profile and resume to the Resume Library shortly',
    );
    expect(registerCalls(fetchMock)).toHaveLength(1);
    expect(currentStep()).toBe('Personal Info');
    for (const name of ['First Name', 'Last Name', 'Email', 'Password']) {
      expect(field(name).value).toBe('');
    }
    expect(summary()).toBeNull();
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(
      screen.getByRole('link', { name: 'https://www.resume-library.com/login' }),
    ).toBeVisible();
    expect(await findToast(QUEUED_TOAST)).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS_TOAST)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    vi.useRealTimers();

    // The board hears `queued`, to its own origin only, and neither `registered` nor `failed`;
    // the empty step 1 under the confirmation is no step the candidate came to.
    const types = posted(parent).filter(([type]) => type !== 'resume-registration:height');
    expect(types).toContainEqual(['resume-registration:queued', BOARD]);
    const after = types.slice(types.findIndex(([type]) => type === 'resume-registration:queued'));
    expect(after).toEqual([['resume-registration:queued', BOARD]]);
    expect(types.map(([type]) => type)).not.toContain('resume-registration:registered');
    expect(types.map(([type]) => type)).not.toContain('resume-registration:failed');
    expect(new Set(posted(parent).map(([, origin]) => origin))).toEqual(new Set([BOARD]));
  });
});

describe('the wizard: drafts', () => {
  it('saves a draft without the password as the candidate types', async () => {
    const { user } = await startWizard();
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Password'), 'correct-horse');
    await waitFor(() => {
      const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null');
      expect(saved?.values?.first_name).toBe('Ada');
    });
    expect(localStorage.getItem(DRAFT_KEY)).not.toContain('correct-horse');
  });

  /** The tab switched away from: a phone may discard it without a pagehide. */
  function hideTab() {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: unknown }).visibilityState;
  }
  it.each([
    ['left (a reload, a link followed)', () => window.dispatchEvent(new Event('pagehide'))],
    ['hidden (the tab switched away from)', hideTab],
  ])('saves at once what the delay holds back when the page is %s', async (_, leave) => {
    await startWizard();
    vi.useFakeTimers({ shouldClearNativeTimers: true });
    fireEvent.change(field('First Name'), { target: { value: 'Ada' } });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    act(leave);
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')?.values?.first_name).toBe('Ada');
    vi.useRealTimers();
  });

  it('restores a saved draft on mount with the notice, and "Not you? Clear this form" clears it once confirmed', async () => {
    stubFetch(created);
    saveDraft({
      values: { first_name: 'Grace', email: 'grace@example.com', password: 'leaked-secret' },
    });
    const user = await renderApp();
    await waitFor(() => expect(field('First Name').value).toBe('Grace'));
    expect(field('Email').value).toBe('grace@example.com');
    expect(field('Password').value).toBe('');
    // The notice's code loads once a draft is restored.
    const notice = await screen.findByText(
      'We restored the answers you gave on this device. Your password is never saved, so please enter it again.',
    );
    expect(notice).toBeInTheDocument();

    // The test decides when time passes; it also runs on its own for Testing Library's waits.
    vi.useFakeTimers({ shouldAdvanceTime: true, shouldClearNativeTimers: true });
    // Asked first: "Keep my answers" has the focus and keeps everything.
    await user.click(button('Not you? Clear this form'));
    expect(
      screen.getByText('Clear every answer saved on this device? This cannot be undone.'),
    ).toBeInTheDocument();
    expect(button('Keep my answers')).toHaveFocus();
    await user.click(button('Keep my answers'));
    expect(field('First Name').value).toBe('Grace');
    expect(button('Not you? Clear this form')).toHaveFocus();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();

    await user.click(button('Not you? Clear this form'));
    await user.click(button('Clear the form'));
    expect(field('First Name').value).toBe('');
    expect(field('Email').value).toBe('');
    expect(screen.queryByText(/We restored the answers/)).toBeNull();
    expect(queryButton('Not you? Clear this form')).toBeNull();
    await waitFor(() => expect(field('First Name')).toHaveFocus());
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('restores the step and the resume link of a draft', async () => {
    stubFetch(created);
    saveDraft({
      values: { ...GRACE, salary_min: 20_000 },
      step: 2,
      resume: {
        url: 'http://localhost:3000/candidate/resumes/x-cv.pdf',
        filename: 'cv.pdf',
        filetype: 'pdf',
      },
    });
    render(<HydratedApp initialConfig={DEFAULT_CONFIG} />);
    expect(await findStep('Resume')).toBeInTheDocument();
    expect(await findResumeAdded('cv.pdf')).toBeInTheDocument();
    expect(screen.getByText('$20,000 – $90,000')).toBeInTheDocument();
  });

  it('marks the page hydrated only once a restored draft is on its step, so a press after it is not undone', async () => {
    stubFetch(created);
    saveDraft({ values: GRACE, step: 1 });
    delete document.documentElement.dataset.hydrated;
    // The step on screen at the very moment the mark is set (a setter, not an observer, which
    // would look only after React has rendered what is queued).
    const seen: (string | null)[] = [];
    const root = document.documentElement;
    const setAttribute = root.setAttribute.bind(root);
    const spy = vi.spyOn(root, 'setAttribute').mockImplementation((name: string, value: string) => {
      if (name === 'data-hydrated')
        seen.push(screen.getByRole('heading', { level: 2 }).textContent);
      setAttribute(name, value);
    });
    try {
      render(<HydratedApp initialConfig={DEFAULT_CONFIG} />);
      await waitFor(() => expect(seen).toEqual(['Career Info']));
    } finally {
      spy.mockRestore();
    }
  });

  it('sends a restored candidate back to the first invalid step on submit (the password is missing)', async () => {
    const fetchMock = stubFetch(created);
    saveDraft({
      values: GRACE,
      step: 2,
      resume: { url: 'http://localhost:3000/candidate/resumes/x-cv.pdf', filename: 'cv.pdf' },
    });
    const user = userEvent.setup({ delay: null });
    render(<HydratedApp initialConfig={DEFAULT_CONFIG} />);
    await findStep('Resume');
    await user.click(button('Submit Registration'));
    await findStep('Personal Info');
    const box = await findProblem();
    expect(summaryLinks(box)).toEqual(['Password must be at least 8 characters']);
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('ignores a corrupt draft', async () => {
    stubFetch(created);
    localStorage.setItem(DRAFT_KEY, '{not json');
    await renderApp();
    expect(field('First Name').value).toBe('');
    expect(screen.queryByText(/We restored the answers/)).toBeNull();
  });
});
