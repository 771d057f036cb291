// The ways a candidate gets registered: an uploaded file, a link, random data; one request
// per submit; a draft that survives a reload.
import { expect } from '@playwright/test';
import { JOB_TYPES } from '../src/shared/constants.ts';
import { FIELD_MESSAGES, REGISTRATION_TOASTS, UPLOAD_TOASTS } from '../src/shared/messages.ts';
import { DRAFT_KEY } from '../src/web/draft.ts';
import { SAMPLE_RESUME_TEXT, SAMPLE_ZIPS, SKILLS } from '../src/web/wizard/random-data.ts';
import { REGISTER_PATH } from '../test/helpers/provider-stand-in.mjs';
import { BASIC_AUTH, JOB_BOARD_URL } from './built-server.ts';
import { test } from './fixtures.ts';
import {
  attachUrl,
  expectFieldError,
  expectStep,
  expectToast,
  fillCareer,
  fillPersonal,
  INITIAL_CAREER,
  ISO_TIMESTAMP,
  next,
  nextToResume,
  providerBody,
  RESUME_PDF,
  readDraft,
  resumeAdded,
  stepButton,
  submitButton,
  uploadResume,
} from './form.ts';

const SUCCESS = REGISTRATION_TOASTS.success;

test('a candidate registers with an uploaded PDF and the provider receives the exact sanitised record', async ({
  page,
  standIn,
  server,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Resume Library Registration');
  const personal = await fillPersonal(page, {
    first: 'Ada',
    last: 'Lovelace',
    email: '  Ada.Upload@Example.COM ',
    password: 'correct-horse',
    phone: '(555) 123-4567',
    zip: '10001-1234',
    town: 'Austin',
  });
  await next(page);
  await expectStep(page, 'Career Info');

  await page.getByLabel('Desired Job Title', { exact: true }).fill('Data Engineer');
  await page.getByLabel('Latest Job Title', { exact: true }).fill('Analyst');
  await page.getByRole('checkbox', { name: 'Contract', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Part Time', exact: true }).check();
  await page.getByLabel('Minimum Salary', { exact: true }).fill('55000');
  await page.getByLabel('Maximum Salary', { exact: true }).fill('95000');
  await page.getByLabel('Education Level', { exact: true }).selectOption('Masters');
  await page.getByLabel('Work Experience', { exact: true }).selectOption('3-5');
  await page.getByLabel('Key Skills', { exact: true }).fill('SQL, Python');
  await page.getByLabel('Travel Radius (miles)', { exact: true }).fill('40');
  await page
    .getByLabel('Eligibility Status', { exact: true })
    .selectOption({ label: 'Requires sponsorship' });
  const license = page.getByRole('switch', { name: 'Has Driving License' });
  await expect(license).toBeChecked();
  await license.click();
  await expect(license).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Willing to Relocate' })).toBeChecked();
  await next(page);
  await expectStep(page, 'Resume');

  await page.getByLabel('Resume file', { exact: true }).setInputFiles(RESUME_PDF);
  // The upload is quick on loopback: either the progress bar is seen or it is already done.
  await expect(
    page.getByRole('progressbar', { name: 'Upload progress' }).or(resumeAdded(page, 'resume.pdf')),
  ).toBeVisible();
  await expect(resumeAdded(page, 'resume.pdf')).toBeVisible();
  await expectToast(page, UPLOAD_TOASTS.success, 'success');
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await submitButton(page).click();
  await expectToast(page, SUCCESS, 'success');

  expect(standIn.requests).toHaveLength(1);
  const [received] = standIn.requests;
  expect(received?.method).toBe('POST');
  expect(received?.path).toBe(REGISTER_PATH);
  expect(received?.headers.authorization).toBe(BASIC_AUTH);
  expect(received?.headers.authorization).toBe(
    `Basic ${Buffer.from('e2e-user:e2e-key').toString('base64')}`,
  );
  expect(received?.headers['content-type']).toMatch(/^application\/json\b/);
  expect(received?.headers.accept).toMatch(/^application\/json\b/);
  const uploadedUrl = new RegExp(
    `^http://localhost:${server.port}/candidate/resumes/[0-9a-f]{32}\\.pdf$`,
  );
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
    resume_url: expect.stringMatching(uploadedUrl),
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
    registration_date: expect.stringMatching(ISO_TIMESTAMP),
  });
  expect(personal.email.trim().toLowerCase()).toBe('ada.upload@example.com');
  const sent = (received?.body ?? {}) as Record<string, unknown>;
  const sentAt = Date.parse(String(sent.registration_date));
  expect(Math.abs(Date.now() - sentAt)).toBeLessThan(60_000);

  // The provider can fetch the uploaded resume at that URL, byte for byte.
  const resumeUrl = String(sent.resume_url);
  const fetched = await page.request.get(resumeUrl.replace('//localhost:', '//127.0.0.1:'));
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-type']).toBe('application/pdf');
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await fetched.body(), await readFile(RESUME_PDF))).toBe(0);

  // The confirmation sits above the reset form, which is back on step 1.
  const confirmation = page.getByRole('status').filter({
    has: page.getByRole('heading', { name: "You're registered" }),
  });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('link', { name: `${JOB_BOARD_URL}/login` })).toHaveAttribute(
    'href',
    'https://jobs.example.test/login',
  );
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect.poll(() => readDraft(page)).toBeNull();
  expect(await page.evaluate((key) => key in localStorage, DRAFT_KEY)).toBe(false);
  expect(standIn.requests).toHaveLength(1);
});

test('a resume with a long or emoji-only file name is registered with a URL that serves it', async ({
  page,
  standIn,
  email,
}) => {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(RESUME_PDF);
  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  // The second file replaces the first: the long name is the one registered.
  for (const name of ['😀🎉.pdf', 'Jane_Doe_Senior_Software_Engineer_Resume_2024 (final).pdf']) {
    await page.getByRole('tab', { name: 'Upload File' }).click();
    await page
      .getByLabel('Resume file', { exact: true })
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    // The candidate sees their own file name, not the stored one.
    await expect(resumeAdded(page, name)).toBeVisible();
  }

  await submitButton(page).click();
  await expectToast(page, SUCCESS, 'success');
  expect(standIn.requests).toHaveLength(1);
  const sent = (standIn.requests[0]?.body ?? {}) as Record<string, unknown>;
  expect(sent).toEqual(
    providerBody(personal, INITIAL_CAREER, {
      resume_url: expect.stringMatching(/\/candidate\/resumes\/[0-9a-f]{32}\.pdf$/),
      uploaded_resume: null,
    }),
  );
  const fetched = await page.request.get(
    String(sent.resume_url).replace('//localhost:', '//127.0.0.1:'),
  );
  expect(fetched.status()).toBe(200);
  expect(Buffer.compare(await fetched.body(), bytes)).toBe(0);
});

test('a resume link is attached with Add or Submit URL, gets https:// and is sent as resume_url', async ({
  page,
  standIn,
  email,
}) => {
  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await expect(page.getByRole('tab', { name: 'Add URL' })).toHaveAttribute('aria-selected', 'true');
  const input = page.getByLabel('Resume URL', { exact: true });

  // An empty link is refused on the field.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectFieldError(input, FIELD_MESSAGES.url);
  await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit URL', exact: true }).click();
  await expectFieldError(input, FIELD_MESSAGES.url);

  // Submit URL attaches (and does not register).
  await input.fill('example.com/files/other.pdf');
  await page.getByRole('button', { name: 'Submit URL', exact: true }).click();
  await expect(resumeAdded(page, 'other.pdf')).toBeVisible();
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveValue('https://example.com/files/other.pdf');
  expect(standIn.requests).toHaveLength(0);

  // Add attaches and replaces the previous link.
  await input.fill('example.com/files/cv.pdf');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();
  await expect(resumeAdded(page, 'other.pdf')).toHaveCount(0);
  expect(standIn.requests).toHaveLength(0);

  await submitButton(page).click();
  await expectToast(page, SUCCESS, 'success');
  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toEqual(
    providerBody(personal, INITIAL_CAREER, {
      resume_url: 'https://example.com/files/cv.pdf',
      uploaded_resume: null,
    }),
  );
});

test('attaching a link after an upload replaces the file', async ({ page, standIn, email }) => {
  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  await uploadResume(page);
  await attachUrl(page, 'example.com/files/cv.pdf');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();
  await expect(resumeAdded(page, 'resume.pdf')).toHaveCount(0);

  await submitButton(page).click();
  await expectToast(page, SUCCESS, 'success');
  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toEqual(
    providerBody(personal, INITIAL_CAREER, {
      resume_url: 'https://example.com/files/cv.pdf',
      uploaded_resume: null,
    }),
  );
});

test('uploading a file after attaching a link replaces the link', async ({
  page,
  standIn,
  server,
  email,
}) => {
  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/files/cv.pdf');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();
  await uploadResume(page);
  await expect(resumeAdded(page, 'cv.pdf')).toHaveCount(0);

  await submitButton(page).click();
  await expectToast(page, SUCCESS, 'success');
  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toEqual(
    providerBody(personal, INITIAL_CAREER, {
      resume_url: expect.stringMatching(
        new RegExp(`^http://localhost:${server.port}/candidate/resumes/[0-9a-f]{32}\\.pdf$`),
      ),
      uploaded_resume: null,
    }),
  );
});

test('Fill with Random Data makes every step valid and sends the sample resume as base64 resume.txt', async ({
  page,
  standIn,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Fill with Random Data' }).click();
  await expectToast(page, REGISTRATION_TOASTS.randomData, 'default');

  const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  const shown = {
    first: await value('First Name'),
    last: await value('Last Name'),
    email: await value('Email'),
    password: await value('Password'),
    phone: await value('Phone'),
    zip: await value('Zip Code'),
    town: await value('Home Town'),
  };
  expect(shown.first).not.toBe('');
  expect(shown.password.length).toBeGreaterThanOrEqual(8);
  expect(SAMPLE_ZIPS).toContain(shown.zip);

  await next(page);
  await expectStep(page, 'Career Info');
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toHaveCount(0);
  // The step button validates Career Info like Next Step does (Next Step itself would also
  // submit: see navigation.spec.ts).
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toHaveCount(0);
  await expect(resumeAdded(page, 'resume.txt')).toBeVisible();

  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');
  expect(standIn.requests).toHaveLength(1);
  const body = standIn.requests[0]?.body as Record<string, unknown>;
  expect(body.uploaded_resume).toEqual({
    resume_content_base64: Buffer.from(SAMPLE_RESUME_TEXT, 'utf8').toString('base64'),
    resume_filename: 'resume.txt',
    resume_filetype: 'txt',
  });
  expect(body.resume_url).toBe('');
  expect(body).toMatchObject({
    first_name: shown.first,
    last_name: shown.last,
    email: shown.email.trim().toLowerCase(),
    password: shown.password,
    phone: shown.phone.replace(/[^\d+]/g, ''),
    zip_code: shown.zip.slice(0, 5),
    home_town: shown.town,
    country_id: 'US',
    registration_date: expect.stringMatching(ISO_TIMESTAMP),
  });

  const types = body.acceptable_job_types as string[];
  expect(types.length).toBeGreaterThanOrEqual(1);
  expect(types.length).toBeLessThanOrEqual(4);
  expect(new Set(types).size).toBe(types.length);
  for (const type of types) expect(JOB_TYPES).toContain(type);
  expect(body.salary_min).toEqual(expect.any(Number));
  expect(body.salary_min).toBeGreaterThanOrEqual(10_000);
  expect(body.salary_min).toBeLessThanOrEqual(50_000);
  expect(body.salary_max).toBeGreaterThanOrEqual(60_000);
  expect(body.salary_max).toBeLessThanOrEqual(150_000);
  expect(body.travel_radius).toBeGreaterThanOrEqual(10);
  expect(body.travel_radius).toBeLessThanOrEqual(50);
  const skills = String(body.key_skills).split(', ');
  expect(skills.length).toBeGreaterThanOrEqual(3);
  expect(skills.length).toBeLessThanOrEqual(5);
  for (const skill of skills) expect(SKILLS).toContain(skill);
  expect(['High School', 'Associates', 'Bachelors', 'Masters', 'Doctorate']).toContain(
    body.education_level,
  );
  expect(['0-1', '1-2', '3-5', '5-10', '10+']).toContain(body.work_experience);
  expect(['auth_any_employer', 'auth_current_employer', 'auth_sponsorship']).toContain(
    body.eligibility_status,
  );
  expect(['1', '0']).toContain(body.relocate);
  expect(['1', '0']).toContain(body.driving_license);
});

test('a double click on Submit Registration sends one request, with the button busy meanwhile', async ({
  page,
  standIn,
  email,
}) => {
  standIn.respond(201, { id: 'slow' }, 'application/json', 1_500);
  await page.goto('/');
  await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  const submit = submitButton(page);
  await expect(submit).toBeEnabled();
  await expect(submit).not.toHaveAttribute('aria-busy', 'true');

  await submit.dblclick();
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  // A third press while busy: a disabled button takes no click.
  await submit.click({ force: true });
  await expect(submit).toBeDisabled();
  await expectToast(page, SUCCESS, 'success');
  await expectStep(page, 'Personal Info');
  expect(standIn.requests).toHaveLength(1);
});

test('two quick clicks on Submit Registration send one request', async ({
  page,
  standIn,
  email,
}) => {
  standIn.respond(201, { id: 'slow' }, 'application/json', 1_500);
  await page.goto('/');
  await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  const submit = submitButton(page);
  // Two clicks dispatched in the same task, before React can re-render the button disabled.
  await submit.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expect(submit).toBeDisabled();
  await expectToast(page, SUCCESS, 'success');
  expect(standIn.requests).toHaveLength(1);
});

test('a reload restores every answer but the password, and "Not you? Clear this form" clears everything', async ({
  page,
  email,
}) => {
  await page.goto('/');
  const personal = await fillPersonal(page, { first: 'Grace', last: 'Hopper', email });
  await next(page);
  await expectStep(page, 'Career Info');
  const career = await fillCareer(page, {
    desired: 'Compiler Writer',
    skills: 'COBOL, Leadership',
    jobTypes: ['Temp'],
    relocate: false,
  });
  // The draft is saved shortly after the last change: wait until it holds all of step 2.
  await expect
    .poll(async () => JSON.parse((await readDraft(page)) ?? '{}').values)
    .toMatchObject({
      first_name: 'Grace',
      desired_job_title: career.desired,
      key_skills: 'COBOL, Leadership',
      acceptable_job_types: ['Temp'],
      relocate: '0',
      driving_license: '0',
    });
  expect(await readDraft(page)).not.toContain(personal.password);

  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'We restored the answers' });
  await expect(
    notice.getByText(
      'We restored the answers you gave on this device. Your password is never saved, so please enter it again.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Not you? Clear this form' })).toBeVisible();
  await expectStep(page, 'Career Info');
  await expect(page.getByLabel('Desired Job Title', { exact: true })).toHaveValue(career.desired);
  await expect(page.getByLabel('Latest Job Title', { exact: true })).toHaveValue(career.latest);
  await expect(page.getByRole('checkbox', { name: 'Temp', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Contract', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Minimum Salary', { exact: true })).toHaveValue(
    String(career.salaryMin),
  );
  await expect(page.getByLabel('Maximum Salary', { exact: true })).toHaveValue(
    String(career.salaryMax),
  );
  await expect(page.getByLabel('Education Level', { exact: true })).toHaveValue(career.education);
  await expect(page.getByLabel('Work Experience', { exact: true })).toHaveValue(career.experience);
  await expect(page.getByLabel('Key Skills', { exact: true })).toHaveValue('COBOL, Leadership');
  await expect(page.getByLabel('Travel Radius (miles)', { exact: true })).toHaveValue(
    String(career.radius),
  );
  await expect(page.getByLabel('Eligibility Status', { exact: true })).toHaveValue(
    career.eligibility,
  );
  await expect(page.getByRole('switch', { name: 'Willing to Relocate' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Has Driving License' })).not.toBeChecked();

  await stepButton(page, 'Personal Info').click();
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Hopper');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(personal.phone);
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveValue(personal.zip);
  await expect(page.getByLabel('Home Town', { exact: true })).toHaveValue(personal.town);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // Asked once; "Keep my answers" keeps everything, "Clear the form" clears it.
  await notice.getByRole('button', { name: 'Not you? Clear this form' }).click();
  await expect(
    notice.getByText('Clear every answer saved on this device? This cannot be undone.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Keep my answers' })).toBeFocused();
  await notice.getByRole('button', { name: 'Keep my answers' }).click();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(notice.getByRole('button', { name: 'Not you? Clear this form' })).toBeFocused();
  await notice.getByRole('button', { name: 'Not you? Clear this form' }).click();
  await notice.getByRole('button', { name: 'Clear the form' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
  await expectStep(page, 'Personal Info');
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Zip Code', 'Home Town']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
  await expect.poll(() => readDraft(page)).toBeNull();

  await page.reload();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Not you? Clear this form' })).toHaveCount(0);
  expect(await readDraft(page)).toBeNull();

  // Step 2 is back to its initial values too.
  await fillPersonal(page);
  await next(page);
  await expectStep(page, 'Career Info');
  await expect(page.getByLabel('Desired Job Title', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Key Skills', { exact: true })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Temp', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Minimum Salary', { exact: true })).toHaveValue('10000');
  await expect(page.getByLabel('Maximum Salary', { exact: true })).toHaveValue('90000');
  await expect(page.getByLabel('Travel Radius (miles)', { exact: true })).toHaveValue('25');
  await expect(page.getByRole('switch', { name: 'Willing to Relocate' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Has Driving License' })).toBeChecked();
});
