import type { Page } from '@playwright/test';
import {
  attachUrl,
  expect,
  fillPersonal,
  JOB_BOARD_URL,
  type StandIn,
  stepButton,
  test,
  toast,
} from './fixtures.ts';

const CONFLICT = `A candidate with this email address is already registered. Please use a different email or try to log in at ${JOB_BOARD_URL}/login`;

/** Fills every step with recognisable values and attaches a link; returns the email used. */
async function fillAll(page: Page) {
  const { email } = await fillPersonal(page, { first: 'Keep', last: 'Me' });
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Key Skills').fill('Kept skills');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await attachUrl(page, 'https://example.com/kept.pdf');
  return email;
}

async function expectEverythingKept(page: Page, email: string) {
  await expect(page.getByText('Resume added: kept.pdf')).toBeVisible();
  await stepButton(page, 'Career Info').click();
  await expect(page.getByLabel('Key Skills')).toHaveValue('Kept skills');
  await stepButton(page, 'Personal Info').click();
  await expect(page.getByLabel('First Name')).toHaveValue('Keep');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('correct-horse');
}

const cases: { name: string; script: (standIn: StandIn) => void; message: string }[] = [
  {
    name: '400 with a detail',
    script: (s) =>
      s.respond(400, { title: 'Bad Request', status: 400, detail: 'Zip code is not served' }),
    message: 'Zip code is not served',
  },
  {
    name: '400 without a detail',
    script: (s) => s.respond(400, { title: 'Bad Request', status: 400 }),
    message: 'Please check your information and try again.',
  },
  {
    name: '401',
    script: (s) => s.respond(401, { title: 'Unauthorized', status: 401 }),
    message: 'Authentication failed. Please check your credentials.',
  },
  {
    name: '403',
    script: (s) => s.respond(403, { title: 'Forbidden', status: 403 }),
    message: 'You do not have permission to register a candidate.',
  },
  {
    name: '422 with a detail',
    script: (s) => s.respond(422, { detail: 'The resume could not be read' }),
    message: 'The resume could not be read',
  },
  {
    name: '422 without a detail',
    script: (s) => s.respond(422, { title: 'Unprocessable' }),
    message: 'Please check your information and try again.',
  },
  {
    name: '429',
    script: (s) => s.respond(429, { title: 'Too Many Requests' }),
    message: 'Too many requests. Please try again later.',
  },
  {
    name: '500',
    script: (s) => s.respond(500, { title: 'Internal Server Error' }),
    message: 'Our server encountered an error. Please try again later.',
  },
  {
    name: '502',
    script: (s) => s.respond(502, 'Bad gateway', 'text/html'),
    message: 'Server error. Please try again later.',
  },
  {
    name: '503',
    script: (s) => s.respond(503, { title: 'Service Unavailable' }),
    message: 'Server error. Please try again later.',
  },
  {
    name: '418 with a plain-text body',
    script: (s) => s.respond(418, "I'm a teapot", 'text/plain'),
    message: "I'm a teapot",
  },
  {
    name: 'no answer before the timeout',
    script: (s) => s.hang(),
    message: 'Registration failed. Please try again.',
  },
];

for (const { name, script, message } of cases) {
  test(`a provider ${name} shows "${message}" and keeps every answer`, async ({
    page,
    standIn,
  }) => {
    script(standIn);
    await page.goto('/');
    const email = await fillAll(page);
    await page.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(toast(page, message)).toBeVisible({ timeout: 8_000 });
    await expectEverythingKept(page, email);
  });
}

test('a conflict shows the login toast, returns to step 1 and selects the email after 0.5 s', async ({
  page,
  standIn,
}) => {
  standIn.respond(409, { title: 'Conflict', status: 409, detail: 'Candidate already exists' });
  await page.goto('/');
  const email = await fillAll(page);
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, CONFLICT)).toBeVisible();
  await expect(stepButton(page, 'Personal Info')).toHaveAttribute('aria-current', 'step');
  const emailInput = page.getByLabel('Email');
  await expect(emailInput).toBeFocused();
  // Chrome has no selectionStart on type="email"; the document selection holds its whole value.
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(email);
});

test('a provider field error is shown on its field', async ({ page, standIn }) => {
  standIn.respond(400, { title: 'Bad Request', status: 400, email: ['Email is banned'] });
  await page.goto('/');
  await fillAll(page);
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, 'Please check your information and try again.')).toBeVisible();
  await stepButton(page, 'Personal Info').click();
  const emailInput = page.getByLabel('Email');
  await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Email is banned')).toBeVisible();
  const describedBy = await emailInput.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText('Email is banned');
});
