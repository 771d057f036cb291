// Every registration error toast of docs/api.md, driven by what the provider stand-in answers;
// after each failure every answer the candidate gave is still there.
import { expect, type Page } from '@playwright/test';
import { PROVIDER_MESSAGES, REGISTRATION_TOASTS } from '../src/shared/messages.ts';
import { REGISTER_PATH, type StandIn } from '../test/helpers/provider-stand-in.mjs';
import { JOB_BOARD_URL } from './built-server.ts';
import { test } from './fixtures.ts';
import {
  attachUrl,
  type Career,
  expectFieldError,
  expectStep,
  expectToast,
  fillCareer,
  fillPersonal,
  next,
  type Personal,
  providerBody,
  resumeAdded,
  stepButton,
  submitButton,
} from './form.ts';

const CONFLICT =
  'A candidate with this email address is already registered. Please use a different email or try to log in at https://jobs.example.test/login';
const KEPT_URL = 'https://example.com/files/kept.pdf';

interface Answers {
  personal: Personal;
  career: Career;
}

/** Fills all three steps with recognisable values and attaches a link. */
async function fillAll(page: Page, email: string): Promise<Answers> {
  const personal = await fillPersonal(page, {
    first: 'Keep',
    last: 'Me',
    email,
    password: 'kept-password',
    phone: '+1 (555) 000-1111',
    zip: '30301',
    town: 'Atlanta',
  });
  await next(page);
  await expectStep(page, 'Career Info');
  const career = await fillCareer(page, {
    desired: 'Kept Title',
    skills: 'Kept skills',
    jobTypes: ['Temp'],
    salaryMin: 20_000,
    salaryMax: 70_000,
    relocate: false,
    drivingLicense: true,
  });
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await attachUrl(page, KEPT_URL);
  await expect(resumeAdded(page, 'kept.pdf')).toBeVisible();
  return { personal, career };
}

/** Walks the three steps and checks what was typed is still there. */
async function expectEverythingKept(page: Page, { personal, career }: Answers) {
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(resumeAdded(page, 'kept.pdf')).toBeVisible();

  await stepButton(page, 'Career Info').click();
  await expectStep(page, 'Career Info');
  await expect(page.getByLabel('Desired Job Title', { exact: true })).toHaveValue(career.desired);
  await expect(page.getByLabel('Key Skills', { exact: true })).toHaveValue(career.skills);
  await expect(page.getByLabel('Minimum Salary', { exact: true })).toHaveValue('20000');
  await expect(page.getByLabel('Maximum Salary', { exact: true })).toHaveValue('70000');
  await expect(page.getByRole('checkbox', { name: 'Temp', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Willing to Relocate' })).not.toBeChecked();

  await stepButton(page, 'Personal Info').click();
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue(personal.first);
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue(personal.last);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(personal.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(personal.password);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(personal.phone);
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveValue(personal.zip);
}

function expectOneRegistration(standIn: StandIn, answers: Answers) {
  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.method).toBe('POST');
  expect(standIn.requests[0]?.path).toBe(REGISTER_PATH);
  expect(standIn.requests[0]?.body).toEqual(
    providerBody(answers.personal, answers.career, { resume_url: KEPT_URL, uploaded_resume: null }),
  );
}

const problem = 'application/problem+json';

const cases: { name: string; script: (standIn: StandIn) => void; message: string }[] = [
  {
    name: '400 with a detail',
    script: (s) =>
      s.respond(
        400,
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'Zip code is not served',
        },
        problem,
      ),
    message: 'Zip code is not served',
  },
  {
    name: '400 without a detail',
    script: (s) =>
      s.respond(400, { type: 'about:blank', title: 'Bad Request', status: 400 }, problem),
    message: REGISTRATION_TOASTS.checkInformation,
  },
  {
    name: '422 with a detail',
    script: (s) =>
      s.respond(422, { title: 'Unprocessable', detail: 'The resume could not be read' }),
    message: 'The resume could not be read',
  },
  {
    name: '422 without a detail',
    script: (s) => s.respond(422, { title: 'Unprocessable Entity', status: 422 }),
    message: REGISTRATION_TOASTS.checkInformation,
  },
  {
    name: '500',
    script: (s) => s.respond(500, { title: 'Internal Server Error', status: 500 }),
    message: REGISTRATION_TOASTS.serverError,
  },
  {
    name: '502 with an HTML body',
    script: (s) => s.respond(502, '<html><body>Bad gateway</body></html>', 'text/html'),
    message: PROVIDER_MESSAGES.serverError,
  },
  {
    name: '503',
    script: (s) => s.respond(503, { title: 'Service Unavailable', status: 503 }),
    message: PROVIDER_MESSAGES.serverError,
  },
  {
    name: '504',
    script: (s) => s.respond(504, { title: 'Gateway Timeout', status: 504 }),
    message: PROVIDER_MESSAGES.serverError,
  },
  {
    name: '401',
    script: (s) => s.respond(401, { title: 'Unauthorized', status: 401 }, problem),
    message: PROVIDER_MESSAGES.unauthorized,
  },
  {
    name: '403',
    script: (s) => s.respond(403, { title: 'Forbidden', status: 403 }, problem),
    message: PROVIDER_MESSAGES.forbidden,
  },
  {
    name: '429',
    script: (s) => s.respond(429, { title: 'Too Many Requests', status: 429 }),
    message: PROVIDER_MESSAGES.tooManyRequests,
  },
  {
    name: '418 with a plain-text body',
    script: (s) => s.respond(418, "I'm a teapot", 'text/plain'),
    message: "I'm a teapot",
  },
  {
    name: '404 with a JSON message and no detail',
    script: (s) => s.respond(404, { message: 'No such candidate endpoint' }),
    message: 'No such candidate endpoint',
  },
];

test.describe('a provider error shows its toast and keeps every answer', () => {
  // One form, filled once, submitted again after each error as a candidate would: each case is a
  // step of its own, its toast closed before the next, so that no toast is an earlier case's.
  test('each provider error in turn, the form sent again after each', async ({
    page,
    standIn,
    email,
  }) => {
    // Thirteen submissions in one test: three times the time a test has.
    test.slow();
    await page.goto('/');
    const answers = await fillAll(page, email);
    const toasts = page.getByRole('region', { name: 'Notifications alt+T' }).getByRole('listitem');
    for (const [index, { name, script, message }] of cases.entries()) {
      await test.step(`provider ${name} → "${message}"`, async () => {
        if (index > 0) {
          await toasts.getByRole('button', { name: 'Close toast' }).click();
          await expect(toasts).toHaveCount(0);
          await stepButton(page, 'Resume').click();
          await expectStep(page, 'Resume');
        }
        standIn.reset();
        script(standIn);
        await submitButton(page).click();
        await expectToast(page, message, 'error');
        await expect(toasts).toHaveCount(1);
        // The failure does not move the candidate: still on the Resume step, nothing busy.
        await expectStep(page, 'Resume');
        await expect(submitButton(page)).toBeEnabled();
        await expect(page.getByRole('heading', { name: "You're registered" })).toHaveCount(0);
        expectOneRegistration(standIn, answers);
        await expectEverythingKept(page, answers);
      });
    }
  });

  test('a provider that never answers → "Registration failed. Please try again." after the 3 s timeout', async ({
    page,
    standIn,
    email,
  }) => {
    await page.goto('/');
    const answers = await fillAll(page, email);
    standIn.hang();
    const started = Date.now();
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveAttribute('aria-busy', 'true');
    await expectToast(page, REGISTRATION_TOASTS.failed, 'error', 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    await expect(submitButton(page)).toBeEnabled();
    expectOneRegistration(standIn, answers);
    await expectEverythingKept(page, answers);
  });
});

test('a 409 shows the login toast, returns to step 1 and selects the whole email after 0.5 s', async ({
  page,
  standIn,
  email,
}) => {
  await page.goto('/');
  const answers = await fillAll(page, email);
  standIn.respond(
    409,
    { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Candidate already exists' },
    'application/problem+json',
  );
  // Note when the email field first gets focus, in the page's own clock.
  await page.evaluate(() => {
    const w = window as unknown as { emailFocusedAt: number | null };
    w.emailFocusedAt = null;
    document.addEventListener('focusin', (event) => {
      if ((event.target as HTMLElement).id === 'field-email' && w.emailFocusedAt === null) {
        w.emailFocusedAt = performance.now();
      }
    });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/register'));
  await submitButton(page).click();
  expect((await answered).status()).toBe(409);
  expect(REGISTRATION_TOASTS.conflict(JOB_BOARD_URL)).toBe(CONFLICT);
  await expectToast(page, CONFLICT, 'error');
  await expectStep(page, 'Personal Info');

  const emailInput = page.getByLabel('Email', { exact: true });
  await expect(emailInput).toBeFocused();
  // The focus came 0.5 s after the answer, not at once.
  const delay = await page.evaluate(() => {
    const w = window as unknown as { emailFocusedAt: number | null };
    const entry = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/api/register'))
      .at(-1) as PerformanceResourceTiming | undefined;
    return w.emailFocusedAt === null || !entry ? null : w.emailFocusedAt - entry.responseEnd;
  });
  expect(delay).not.toBeNull();
  expect(delay).toBeGreaterThanOrEqual(450);
  expect(delay).toBeLessThan(2_000);

  // The whole value is selected. Chrome gives an <input type="email"> no selectionStart/End
  // (null, as the HTML standard says for that type), so the document selection is read too.
  const selection = await emailInput.evaluate((input: HTMLInputElement) => ({
    type: input.type,
    value: input.value,
    start: input.selectionStart,
    end: input.selectionEnd,
    selected: window.getSelection()?.toString() ?? '',
  }));
  expect(selection.value).toBe(email);
  expect(selection.selected).toBe(email);
  if (selection.type === 'email') {
    expect(selection.start).toBeNull();
  } else {
    expect(selection.start).toBe(0);
    expect(selection.end).toBe(email.length);
  }

  expectOneRegistration(standIn, answers);
  await expectEverythingKept(page, answers);
});

test('the conflict selection replaces the whole email when the candidate types', async ({
  page,
  standIn,
  email,
}) => {
  await page.goto('/');
  await fillAll(page, email);
  standIn.respond(409, { detail: 'Candidate already exists' });
  await submitButton(page).click();
  await expectToast(page, CONFLICT, 'error');
  const emailInput = page.getByLabel('Email', { exact: true });
  await expect(emailInput).toBeFocused();
  // With the whole value selected, the first key typed replaces it.
  await page.keyboard.type('new@example.com');
  await expect(emailInput).toHaveValue('new@example.com');
});

test('a 400 with field errors shows the message inline on its field', async ({
  page,
  standIn,
  email,
}) => {
  await page.goto('/');
  const answers = await fillAll(page, email);
  standIn.respond(
    400,
    { type: 'about:blank', title: 'Bad Request', status: 400, email: ['Email is banned'] },
    'application/problem+json',
  );
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.checkInformation, 'error');
  expectOneRegistration(standIn, answers);

  await stepButton(page, 'Personal Info').click();
  await expectStep(page, 'Personal Info');
  const emailInput = page.getByLabel('Email', { exact: true });
  await expectFieldError(emailInput, 'Email is banned');
  await expect(emailInput).toHaveValue(email);
  await expectEverythingKept(page, answers);
});
