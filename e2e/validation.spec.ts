import type { Page } from '@playwright/test';
import { expect, fillPersonal, reachResumeStep, stepButton, test, toast } from './fixtures.ts';

/** The field's error is its described-by text and the field is marked invalid. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(`Error: ${message}`);
}

test('Next on an empty first step lists every problem in a focused summary and on each field', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Next Step' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Password must be at least 8 characters',
    'Zip code is required',
  ]);
  await expectFieldError(page, 'First Name', 'First name is required');
  await expectFieldError(page, 'Last Name', 'Last name is required');
  await expectFieldError(page, 'Email', 'Please enter a valid email address');
  await expectFieldError(page, 'Password', 'Password must be at least 8 characters');
  await expectFieldError(page, 'Zip Code', 'Zip code is required');

  await summary.getByRole('link', { name: 'Zip code is required' }).click();
  await expect(page.getByLabel('Zip Code')).toBeFocused();
  await expect(stepButton(page, 'Personal Info')).toHaveAttribute('aria-current', 'step');
});

test('a malformed zip code, names with web addresses and a short password get their messages', async ({
  page,
}) => {
  await page.goto('/');
  await fillPersonal(page, { zip: '123', first: 'www.spam.com', password: 'short' });
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expectFieldError(
    page,
    'Zip Code',
    'Please enter a valid US zip code (e.g., 12345 or 12345-6789)',
  );
  await expectFieldError(page, 'First Name', 'Names cannot contain web addresses');
  await expectFieldError(page, 'Password', 'Password must be at least 8 characters');
});

test('salaries and radius reject negatives and a maximum below the minimum', async ({ page }) => {
  await page.goto('/');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Minimum Salary').fill('-1');
  await page.getByLabel('Travel Radius (miles)').fill('-5');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expectFieldError(page, 'Minimum Salary', 'Must be 0 or more');
  await expectFieldError(page, 'Travel Radius (miles)', 'Must be 0 or more');
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();

  await page.getByLabel('Minimum Salary').fill('80000');
  await page.getByLabel('Maximum Salary').fill('50000');
  await page.getByLabel('Travel Radius (miles)').fill('10');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expectFieldError(
    page,
    'Maximum Salary',
    'Maximum salary must be at least the minimum salary',
  );
});

test('the step list validates the steps before the one clicked, and going back keeps values', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('First Name').fill('Ada');
  await stepButton(page, 'Resume').click();
  await expect(stepButton(page, 'Personal Info')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('There is a problem')).toBeVisible();

  await fillPersonal(page, { first: 'Ada' });
  await stepButton(page, 'Resume').click();
  await expect(stepButton(page, 'Resume')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await stepButton(page, 'Personal Info').click();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
});

test('submitting without a resume is blocked with the message and nothing is sent', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await reachResumeStep(page);
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Please upload a resume or provide a resume URL');
  expect(standIn.requests).toHaveLength(0);
});

test('a file of another type is rejected with the type message and the drop-zone toast', async ({
  page,
}) => {
  await page.goto('/');
  await reachResumeStep(page);
  await page.getByLabel('Resume file').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await expect(page.getByText('Please upload a PDF, DOC, DOCX, TXT, or RTF file')).toBeVisible();
  await expect(toast(page, 'Some files were rejected. Please check the file type.')).toBeVisible();
  await expect(page.getByText(/Resume added/)).toHaveCount(0);
});

test('a file over 5 MB is rejected before it is sent', async ({ page }) => {
  await page.goto('/');
  await reachResumeStep(page);
  const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]);
  await page
    .getByLabel('Resume file')
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
  await expect(page.getByText('File is too large. The maximum size is 5MB.').first()).toBeVisible();
  await expect(page.getByText(/Resume added/)).toHaveCount(0);
});

test('a PNG renamed .pdf is refused by the server and nothing is attached', async ({ page }) => {
  await page.goto('/');
  await reachResumeStep(page);
  await page.getByLabel('Resume file').setInputFiles('test/fixtures/disguised.png');
  await page.getByLabel('Resume file').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('89504e470d0a1a0a0000', 'hex'),
  });
  await expect(
    toast(
      page,
      'There was an error uploading your file to the server. Please try again or use a resume URL instead.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('The file content does not match its type.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/Resume added/)).toHaveCount(0);
});
