import { SAMPLE_RESUME_TEXT } from '../src/shared/random-data.ts';
import {
  attachUrl,
  expect,
  fillPersonal,
  JOB_BOARD_URL,
  PROVIDER_KEY,
  PROVIDER_USER,
  reachResumeStep,
  stepButton,
  test,
  toast,
} from './fixtures.ts';

const SUCCESS =
  'Registration Successful! You can now log in to Resume Library with your email and password.';
const DRAFT_KEY = 'resume-library-registration:draft:v1';

test('a candidate registers with an uploaded PDF and the provider receives the exact sanitised record', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await fillPersonal(page, { email: '  Ada.Upload@Example.COM ' });
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByLabel('Desired Job Title').fill('Data Engineer');
  await page.getByLabel('Latest Job Title').fill('Analyst');
  await page.getByRole('checkbox', { name: 'Contract' }).check();
  await page.getByRole('checkbox', { name: 'Part Time' }).check();
  await page.getByLabel('Minimum Salary').fill('55000');
  await page.getByLabel('Maximum Salary').fill('95000');
  await page.getByLabel('Education Level').selectOption('Masters');
  await page.getByLabel('Work Experience').selectOption('3-5');
  await page.getByLabel('Key Skills').fill('SQL, Python');
  await page.getByLabel('Travel Radius (miles)').fill('40');
  await page.getByLabel('Eligibility Status').selectOption({ label: 'Requires sponsorship' });
  await page.getByRole('switch', { name: 'Has Driving License' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByLabel('Resume file').setInputFiles('test/fixtures/resume.pdf');
  await expect(page.getByText('Resume added: resume.pdf')).toBeVisible();
  await expect(toast(page, 'Your resume has been uploaded successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Registration' }).click();

  await expect(toast(page, SUCCESS)).toBeVisible();
  expect(standIn.requests).toHaveLength(1);
  const [received] = standIn.requests;
  expect(received?.method).toBe('POST');
  expect(received?.path).toBe('/v1/candidate/backfill/register');
  expect(received?.headers.authorization).toBe(
    `Basic ${Buffer.from(`${PROVIDER_USER}:${PROVIDER_KEY}`).toString('base64')}`,
  );
  expect(received?.headers['content-type']).toBe('application/json');
  expect(received?.headers.accept).toBe('application/json');
  expect(received?.body).toEqual({
    first_name: 'Ada',
    last_name: 'Lovelace',
    country_id: 'US',
    home_town: 'Austin',
    desired_job_title: 'Data Engineer',
    latest_job_title: 'Analyst',
    email: 'ada.upload@example.com',
    password: 'correct-horse',
    uploaded_resume: null,
    resume_url: expect.stringMatching(
      /^http:\/\/localhost:\d+\/candidate\/resumes\/[0-9a-f]{32}-\d+-[a-z0-9]+-resume\.pdf$/,
    ),
    acceptable_job_types: ['Contract', 'Part Time'],
    phone: '5551234567',
    zip_code: '10001',
    salary_min: 55000,
    salary_max: 95000,
    travel_radius: 40,
    education_level: 'Masters',
    work_experience: '3-5',
    relocate: '1',
    driving_license: '0',
    eligibility_status: 'auth_sponsorship',
    key_skills: 'SQL, Python',
    registration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  });

  // The uploaded resume is really there for the provider to fetch.
  const resume = await page.request.get(
    String(received?.body.resume_url).replace('localhost', '127.0.0.1'),
  );
  expect(resume.status()).toBe(200);
  expect(resume.headers()['content-type']).toBe('application/pdf');

  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  await expect(page.getByRole('link', { name: `${JOB_BOARD_URL}/login` })).toHaveAttribute(
    'href',
    `${JOB_BOARD_URL}/login`,
  );
  await expect(stepButton(page, 'Personal Info')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('First Name')).toHaveValue('');
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
});

test('a resume link is attached with Add or Submit URL, gets https:// and is sent as resume_url', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await reachResumeStep(page);
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();

  await page.getByLabel('Resume URL').fill('example.com/files/other.pdf');
  await page.getByRole('button', { name: 'Submit URL' }).click();
  await expect(page.getByText('Resume added: other.pdf')).toBeVisible();
  await page.getByLabel('Resume URL').fill('example.com/files/cv.pdf');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Resume added: cv.pdf')).toBeVisible();

  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, SUCCESS)).toBeVisible();
  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toMatchObject({
    resume_url: 'https://example.com/files/cv.pdf',
    uploaded_resume: null,
  });
});

test('attaching a link replaces an uploaded file, and uploading replaces a link', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await reachResumeStep(page);
  await page.getByLabel('Resume file').setInputFiles('test/fixtures/resume.pdf');
  await expect(page.getByText('Resume added: resume.pdf')).toBeVisible();
  await attachUrl(page, 'https://example.com/cv.pdf');
  await expect(page.getByText('Resume added: cv.pdf')).toBeVisible();
  await page.getByRole('tab', { name: 'Upload File' }).click();
  await page.getByLabel('Resume file').setInputFiles('test/fixtures/resume.rtf');
  await expect(page.getByText('Resume added: resume.rtf')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, SUCCESS)).toBeVisible();
  expect(String(standIn.requests[0]?.body.resume_url)).toMatch(/-resume\.rtf$/);
  expect(standIn.requests[0]?.body.uploaded_resume).toBeNull();
});

test('Fill with Random Data fills every step and sends the sample resume as base64 named resume.txt', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Fill with Random Data' }).click();
  await expect(toast(page, 'Random data has been generated for testing')).toBeVisible();
  await stepButton(page, 'Resume').click();
  await expect(page.getByText('Resume added: resume.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(toast(page, SUCCESS)).toBeVisible();

  const body = standIn.requests[0]?.body ?? {};
  expect(body.uploaded_resume).toEqual({
    resume_content_base64: Buffer.from(SAMPLE_RESUME_TEXT).toString('base64'),
    resume_filename: 'resume.txt',
    resume_filetype: 'txt',
  });
  expect(body.resume_url).toBe('');
  const types = body.acceptable_job_types as string[];
  expect(types.length).toBeGreaterThanOrEqual(1);
  expect(types.length).toBeLessThanOrEqual(4);
  expect(body.salary_min).toBeGreaterThanOrEqual(10000);
  expect(body.salary_min).toBeLessThanOrEqual(50000);
  expect(body.salary_max).toBeGreaterThanOrEqual(60000);
  expect(body.salary_max).toBeLessThanOrEqual(150000);
  expect(body.travel_radius).toBeGreaterThanOrEqual(10);
  expect(body.travel_radius).toBeLessThanOrEqual(50);
});

test('a second click while submitting sends nothing more', async ({ page, standIn }) => {
  standIn.respond(201, { id: 'slow' }, 'application/json', 1500);
  await page.goto('/');
  await reachResumeStep(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  const submit = page.getByRole('button', { name: 'Submit Registration' });
  await submit.dblclick();
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await submit.click({ force: true }).catch(() => undefined);
  await expect(toast(page, SUCCESS)).toBeVisible();
  expect(standIn.requests).toHaveLength(1);
});

test('a reload restores every answer but the password, and Start over clears them', async ({
  page,
}) => {
  await page.goto('/');
  await fillPersonal(page, { first: 'Grace', email: 'grace@example.com' });
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Key Skills').fill('COBOL, Leadership');
  await page.getByRole('checkbox', { name: 'Temp' }).check();
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('Leadership'), DRAFT_KEY);

  await page.reload();
  await expect(
    page.getByText('We restored the answers you gave on this device.', { exact: false }),
  ).toBeVisible();
  await expect(stepButton(page, 'Career Info')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Key Skills')).toHaveValue('COBOL, Leadership');
  await expect(page.getByRole('checkbox', { name: 'Temp' })).toBeChecked();
  await stepButton(page, 'Personal Info').click();
  await expect(page.getByLabel('First Name')).toHaveValue('Grace');
  await expect(page.getByLabel('Email')).toHaveValue('grace@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).not.toContain(
    'correct-horse',
  );

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
});
