// Each validation message of docs/form.md and docs/form.md, as the candidate meets it: in a focused
// summary, on its field (aria-invalid, aria-describedby), and for resume files in a toast.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import { FIELD_MESSAGES, UPLOAD_ERRORS, UPLOAD_TOASTS } from '../src/shared/messages.ts';
import { test } from './fixtures.ts';
import {
  errorSummary,
  expectFieldError,
  expectStep,
  expectToast,
  fillPersonal,
  NOTES_PNG,
  next,
  nextToResume,
  RESUME_PDF,
  resumeAdded,
  submitButton,
} from './form.ts';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Records the page's upload requests. */
function uploads(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/upload') seen.push(request);
  });
  return seen;
}

test('Next on an empty first step focuses a summary of every problem and marks each field', async ({
  page,
}) => {
  await page.goto('/');
  await next(page);
  await expectStep(page, 'Personal Info');
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText([
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Password must be at least 8 characters',
    'Zip code is required',
  ]);
  await expectFieldError(field(page, 'First Name'), FIELD_MESSAGES.firstName);
  await expectFieldError(field(page, 'Last Name'), FIELD_MESSAGES.lastName);
  await expectFieldError(field(page, 'Email'), FIELD_MESSAGES.email);
  await expectFieldError(field(page, 'Password'), FIELD_MESSAGES.password);
  await expectFieldError(field(page, 'Zip Code'), FIELD_MESSAGES.zipRequired);
  // Optional fields are not marked.
  for (const label of ['Phone', 'Home Town']) {
    await expect(field(page, label)).not.toHaveAttribute('aria-invalid', 'true');
  }
  // The zip hint stays in the description beside the error.
  const zipDescribedBy = (await field(page, 'Zip Code').getAttribute('aria-describedby')) ?? '';
  expect(zipDescribedBy.split(' ')).toHaveLength(2);
  await expect(field(page, 'Zip Code')).toHaveAccessibleDescription(
    'Enter a valid 5-digit US zip code Error: Zip code is required',
  );

  // Each summary link moves focus to its field.
  await summary.getByRole('link', { name: FIELD_MESSAGES.zipRequired }).click();
  await expect(field(page, 'Zip Code')).toBeFocused();
  await summary.getByRole('link', { name: FIELD_MESSAGES.password }).click();
  await expect(field(page, 'Password')).toBeFocused();
  await summary.getByRole('link', { name: FIELD_MESSAGES.firstName }).click();
  await expect(field(page, 'First Name')).toBeFocused();
  await expectStep(page, 'Personal Info');
});

test('a malformed zip code, a short password and a web address in a name get their messages', async ({
  page,
}) => {
  await page.goto('/');
  await fillPersonal(page, {
    zip: '123',
    password: 'short',
    email: 'not-an-email',
    first: 'www.spam.com',
  });
  await next(page);
  await expectStep(page, 'Personal Info');
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    FIELD_MESSAGES.nameUrl,
    FIELD_MESSAGES.email,
    FIELD_MESSAGES.password,
    'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
  ]);
  await expectFieldError(
    field(page, 'Zip Code'),
    'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
  );
  await expectFieldError(field(page, 'Password'), 'Password must be at least 8 characters');
  await expectFieldError(field(page, 'Email'), 'Please enter a valid email address');
  await expectFieldError(field(page, 'First Name'), 'Names cannot contain web addresses');

  // Fixing them lets the candidate on.
  await fillPersonal(page, { zip: '12345-6789' });
  await next(page);
  await expectStep(page, 'Career Info');
  await expect(errorSummary(page)).toHaveCount(0);
});

test('salaries and the travel radius refuse negatives, and the maximum salary the minimum', async ({
  page,
}) => {
  await page.goto('/');
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');

  await field(page, 'Minimum Salary').fill('-1');
  await field(page, 'Travel Radius (miles)').fill('-5');
  await next(page);
  await expectStep(page, 'Career Info');
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Must be 0 or more', 'Must be 0 or more']);
  await expectFieldError(field(page, 'Minimum Salary'), 'Must be 0 or more');
  await expectFieldError(field(page, 'Travel Radius (miles)'), 'Must be 0 or more');
  await expect(field(page, 'Maximum Salary')).not.toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link').nth(1).click();
  await expect(field(page, 'Travel Radius (miles)')).toBeFocused();

  await field(page, 'Minimum Salary').fill('80000');
  await field(page, 'Maximum Salary').fill('-3');
  await field(page, 'Travel Radius (miles)').fill('10');
  await next(page);
  await expectFieldError(field(page, 'Maximum Salary'), FIELD_MESSAGES.notNegative);

  await field(page, 'Maximum Salary').fill('50000');
  await next(page);
  await expectStep(page, 'Career Info');
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Maximum salary must be at least the minimum salary',
  ]);
  await expectFieldError(
    field(page, 'Maximum Salary'),
    'Maximum salary must be at least the minimum salary',
  );
  await expect(field(page, 'Minimum Salary')).not.toHaveAttribute('aria-invalid', 'true');
  await errorSummary(page)
    .getByRole('link', { name: 'Maximum salary must be at least the minimum salary' })
    .click();
  await expect(field(page, 'Maximum Salary')).toBeFocused();

  await field(page, 'Maximum Salary').fill('80000');
  await next(page);
  await expectStep(page, 'Resume');
});

test('Submit Registration without a resume is blocked with the message and sends nothing', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  await expect(errorSummary(page)).toHaveCount(0);
  await expect(submitButton(page)).toBeEnabled();

  await submitButton(page).click();
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please upload a resume or provide a resume URL',
  ]);
  const resumeError = page.locator('#resume-error');
  await expect(resumeError).toHaveText('Error: Please upload a resume or provide a resume URL');
  await expect(submitButton(page)).toHaveAccessibleDescription(
    'Error: Please upload a resume or provide a resume URL',
  );
  await expectStep(page, 'Resume');
  expect(standIn.requests).toHaveLength(0);

  await summary.getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Select Resume' })).toBeFocused();

  // Attaching a resume clears the message.
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(RESUME_PDF);
  await expect(resumeAdded(page, 'resume.pdf')).toBeVisible();
  await expect(resumeError).toHaveCount(0);
});

test('a file of another type is refused with the type message and the drop-zone toast', async ({
  page,
}) => {
  const sent = uploads(page);
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(NOTES_PNG);
  await expectToast(page, 'Some files were rejected. Please check the file type.', 'error');
  await expect(page.locator('#resume-error')).toHaveText(
    'Error: Please upload a PDF, DOC, DOCX, TXT, or RTF file',
  );
  await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
  expect(sent).toHaveLength(0);
});

test('a PDF over 5 MB is refused before it is sent', async ({ page }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-big-'));
  try {
    const big = path.join(dir, 'big.pdf');
    await writeFile(
      big,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024, 0x20)]),
    );
    const sent = uploads(page);
    await page.goto('/');
    await fillPersonal(page);
    await nextToResume(page);
    await page.getByLabel('Resume file', { exact: true }).setInputFiles(big);
    await expect(page.locator('#resume-error')).toHaveText(
      'Error: File is too large. The maximum size is 5MB.',
    );
    await expectToast(page, 'File is too large. The maximum size is 5MB.', 'error');
    await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
    expect(sent).toHaveLength(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a PNG renamed .pdf is refused by the server and nothing is attached', async ({ page }) => {
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: await import('node:fs/promises').then((fs) => fs.readFile(NOTES_PNG)),
  });
  expect((await answered).status()).toBe(415);
  await expectToast(page, UPLOAD_TOASTS.serverError, 'error');
  await expect(page.locator('#resume-error')).toHaveText(`Error: ${UPLOAD_ERRORS.contentMismatch}`);
  await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
});
