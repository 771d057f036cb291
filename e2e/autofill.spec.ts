// "Start with your resume" (docs/autofill.md) in Chromium: a real resume fills the empty fields on the
// device, leaves what the candidate typed, marks what it filled, and attaches the same file; a
// scanned PDF changes nothing and says so; and no request but the step-3 upload carries the
// file or anything read from it. The reading runs in the reader's worker, never on the page's
// thread, and a worker that does not answer in time is ended (issue 31, item 9; how long the
// page's tasks are while it reads is the bench's: bench/autofill.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, type Request, type Worker } from '@playwright/test';
import { FROM_RESUME_HINT } from '../src/shared/messages.ts';
import { READ_TIME_LIMIT_MS } from '../src/web/autofill/read-result.ts';
import { AUTOFILL_TEXTS } from '../src/web/autofill/texts.ts';
import { boldPdf } from '../test/helpers/bold-pdf.mjs';
import { COLUMN_TRAP_FIELDS, columnTrapPdf } from '../test/helpers/column-trap.mjs';
import { test } from './fixtures.ts';
import { expectStep, next, readDraft, resumeAdded, stepButton } from './form.ts';

const RESUMES = path.join(import.meta.dirname, '../test/fixtures/resumes');
const PDF = 'pdfkit-two-emily-chen.pdf';
const SCANNED = 'scanned.pdf';

interface Answers {
  [file: string]: { fields: Record<string, string> };
}
const answers = JSON.parse(await readFile(path.join(RESUMES, 'answers.json'), 'utf8')) as Answers;
const expected = answers[PDF]?.fields ?? {};

const input = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const resumeButton = (page: Page) =>
  page.getByRole('button', { name: AUTOFILL_TEXTS.button, exact: true });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /resume/ });
/**
 * How long the status may take to say how the reading went: the page answers within the reader's
 * own time limit (read-result.ts). A PDF's reading loads pdf.js in the worker first, which takes
 * seconds on a busy machine; 5 s was not always enough when two browsers ran side by side.
 */
const READ = { timeout: READ_TIME_LIMIT_MS } as const;

/** The reader's worker script, as the build names it. */
const READER_WORKER = /\/assets\/reader\.worker-[\w-]+\.js$/;

/** Chooses `file` with step 1's button, as a person does: a click, then the file chooser. */
async function chooseResume(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByText(AUTOFILL_TEXTS.button, { exact: true }).click(),
  ]);
  await chooser.setFiles(typeof file === 'string' ? path.join(RESUMES, file) : file);
}

/** The scripts the page's own thread has fetched (a worker's fetches are in its own timeline). */
const pageScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => /\.m?js$/.test(name)),
  );

/** Every worker the page starts, with whether it has ended. */
function workersOf(page: Page) {
  const started: { url: string; ended: Promise<Worker> }[] = [];
  page.on('worker', (worker) =>
    started.push({ url: new URL(worker.url()).pathname, ended: worker.waitForEvent('close') }),
  );
  return started;
}

test('a PDF fills the empty fields, leaves a typed one, marks the filled ones and attaches the file', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const uploads = () =>
    requests.filter((request) => new URL(request.url()).pathname === '/api/upload');
  await page.goto('/');
  await expect(resumeButton(page)).toHaveAccessibleDescription(AUTOFILL_TEXTS.hint);
  await input(page, 'First Name').fill('Em');

  await chooseResume(page, PDF);
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.filled(7), READ);
  await expect(input(page, 'First Name')).toHaveValue('Em');
  await expect(input(page, 'First Name')).not.toHaveAccessibleDescription(/From your resume/);
  const filled = {
    'Last Name': expected.last_name,
    Email: expected.email,
    Phone: expected.phone,
    'Zip Code': expected.zip_code,
    'Home Town': expected.home_town,
  };
  for (const [label, value] of Object.entries(filled)) {
    await expect(input(page, label)).toHaveValue(value ?? '');
    await expect(input(page, label)).toHaveAccessibleDescription(new RegExp(FROM_RESUME_HINT));
  }
  await expect(input(page, 'Password')).toHaveValue('');
  // An edited field loses its mark.
  await input(page, 'Home Town').fill('Denver');
  await expect(input(page, 'Home Town')).not.toHaveAccessibleDescription(/From your resume/);

  await input(page, 'Password').fill('correct-horse');
  await next(page);
  await expectStep(page, 'Career Info');
  await expect(input(page, 'Latest Job Title')).toHaveValue(expected.latest_job_title ?? '');
  await expect(input(page, 'Key Skills')).toHaveValue(expected.key_skills ?? '');
  await expect(input(page, 'Key Skills')).toHaveAccessibleDescription(new RegExp(FROM_RESUME_HINT));
  // Read on the device; on steps 1 and 2 nothing was sent.
  expect(uploads()).toEqual([]);
  const uploaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/upload',
  );
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(resumeAdded(page, PDF)).toBeVisible();
  // Step 3 sends it, once, and the step's own upload toast says so.
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText('Your resume has been uploaded successfully')).toBeVisible();
  expect(uploads()).toHaveLength(1);

  // The marks are in the draft (once it is saved, shortly after the last change): after a
  // reload they are back.
  const marks = async () => JSON.parse((await readDraft(page)) ?? '{}').fromResume;
  await expect.poll(marks).toContain('email');
  await expect.poll(marks).not.toContain('home_town');
  await page.reload();
  // A press counts once the page has hydrated with the restored draft on its step (App.tsx).
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await stepButton(page, 'Personal Info').click();
  await expect(input(page, 'Email')).toHaveAccessibleDescription(new RegExp(FROM_RESUME_HINT));
  await expect(input(page, 'Home Town')).not.toHaveAccessibleDescription(/From your resume/);

  // Privacy: only the upload carries the file; no request carries what was read from it.
  const bytes = await readFile(path.join(RESUMES, PDF));
  const secrets = [expected.email, expected.last_name, expected.phone, expected.key_skills];
  expect(uploads().map((request) => request.method())).toEqual(['POST']);
  for (const request of requests) {
    if (uploads().includes(request)) continue;
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    const seen = `${request.url()}\n${body.toString('latin1')}`;
    for (const secret of secrets) expect(seen, request.url()).not.toContain(secret ?? '');
    expect(body.includes(bytes.subarray(0, 64)), request.url()).toBe(false);
  }
});

test('the reader’s worker reads a PDF’s bold fonts: a bold opening parts the role from its employer', async ({
  page,
}) => {
  await page.goto('/');
  await chooseResume(page, {
    name: 'bold.pdf',
    mimeType: 'application/pdf',
    buffer: await boldPdf(),
  });
  // Name, email and the role: without the fonts' weights, `Harbour Surveyor for Fernhill Ports`
  // leaves the role unsure, and three fields are filled.
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.filled(4), READ);
  await expect(input(page, 'Email')).toHaveValue('mara.quill@example.org');
  const draft = async () => JSON.parse((await readDraft(page)) ?? '{}');
  await expect.poll(async () => (await draft()).fromResume).toContain('latest_job_title');
  expect(JSON.stringify(await draft())).toContain('"Harbour Surveyor"');
});

test('a candidate who only wanted the autofill and leaves on step 2 has sent nothing', async ({
  page,
}) => {
  // The funnel's anonymous counts (POST /api/events) may go; nothing else, and they carry no text
  // the resume gave or the candidate typed.
  const posts: string[] = [];
  const counts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/api/events') counts.push(request.postData() ?? '');
    else posts.push(pathname);
  });
  await page.goto('/');
  await chooseResume(page, PDF);
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.filled(8), READ);
  await input(page, 'Password').fill('correct-horse');
  await next(page);
  await expectStep(page, 'Career Info');
  // Once the draft is saved (its marks are the sentinel), it holds no file, and nothing was sent.
  const draft = async () => JSON.parse((await readDraft(page)) ?? '{}');
  await expect.poll(async () => (await draft()).fromResume).toContain('email');
  expect((await draft()).resume).toBeNull();
  expect(posts).toEqual([]);
  // What the resume filled, as the draft keeps it: none of it in a count.
  const { values } = await draft();
  const filled = ['first_name', 'last_name', 'email', 'phone'].map((key) =>
    String(values[key] ?? ''),
  );
  expect(filled.every((value) => value.length >= 3)).toBe(true);
  for (const body of counts) {
    for (const value of [...filled, 'correct-horse']) if (value) expect(body).not.toContain(value);
  }
});

test('the held file is the candidate’s to remove on step 3 while it is still on its way', async ({
  page,
}) => {
  // The upload is held at the network's edge: the candidate removes the file meanwhile.
  let arrived: () => void = () => undefined;
  const uploadArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route('**/api/upload', () => arrived());
  await page.goto('/');
  await chooseResume(page, PDF);
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.filled(8), READ);
  await input(page, 'Password').fill('correct-horse');
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await uploadArrived;
  await expect(resumeAdded(page, PDF)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(resumeAdded(page, PDF)).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Select Resume', exact: true })).toBeEnabled();
});

test('a scanned PDF changes nothing and says so', async ({ page }) => {
  const requests: Request[] = [];
  await page.goto('/');
  await input(page, 'Last Name').fill('Typed');
  page.on('request', (request) => requests.push(request));
  await chooseResume(page, SCANNED);
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.failed, READ);
  await expect(input(page, 'Last Name')).toHaveValue('Typed');
  for (const label of ['First Name', 'Email', 'Phone', 'Zip Code', 'Home Town']) {
    await expect(input(page, label)).toHaveValue('');
  }
  await expect(page.getByText(FROM_RESUME_HINT)).toHaveCount(0);
  // Nothing is sent but, perhaps, the funnel's anonymous counts (docs/operations.md).
  const posts = requests.filter((request) => request.method() === 'POST');
  expect(
    posts
      .map((request) => new URL(request.url()).pathname)
      .filter((path) => path !== '/api/events'),
  ).toEqual([]);
  for (const request of posts) expect(request.postData() ?? '').not.toContain('Typed');
});

test('the button is reached and used with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // Hydrated and left alone, the page still shows the prerendered button (its code is not here).
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(AUTOFILL_TEXTS.button, { exact: true })).toBeVisible();
  // Listening first: Playwright turns the browser's file chooser interception on when a test
  // starts to wait for one, and a key pressed in the same breath can beat it (a chooser that
  // opens uncaught never fires the event).
  const chosen = page.waitForEvent('filechooser');
  await page.keyboard.press('Tab');
  for (let press = 0; press < 10; press++) {
    if (await resumeButton(page).evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(resumeButton(page)).toBeFocused();
  await page.keyboard.press('Space');
  const chooser = await chosen;
  await chooser.setFiles(path.join(RESUMES, 'text-zoe-nguyen.txt'));
  await expect(status(page)).toHaveText(
    /^We filled \d+ fields? from your resume\. Please check them\.$/,
    READ,
  );
});

test('the crafted PDF of issue 31 is read in the reader’s worker, which is ended once it answers', async ({
  page,
}) => {
  const workers = workersOf(page);
  await page.goto('/');
  await chooseResume(page, {
    name: 'crafted.pdf',
    mimeType: 'application/pdf',
    buffer: await columnTrapPdf(),
  });
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.filled(3), READ);
  await expect(input(page, 'First Name')).toHaveValue(COLUMN_TRAP_FIELDS.first_name);
  await expect(input(page, 'Last Name')).toHaveValue(COLUMN_TRAP_FIELDS.last_name);
  await expect(input(page, 'Email')).toHaveValue(COLUMN_TRAP_FIELDS.email);
  // One worker, the reader's (pdf.js starts none of its own there), and it is ended.
  expect(workers.map((worker) => worker.url)).toEqual([expect.stringMatching(READER_WORKER)]);
  await workers[0]?.ended;
  // The page's thread fetched the autofill chunk, and none of the readers or pdf.js.
  const scripts = await pageScripts(page);
  expect(scripts.filter((name) => name.includes('/autofill-'))).toHaveLength(1);
  expect(scripts.filter((name) => /\/(pdf|read-pdf|pdf\.worker\.min)-/.test(name))).toEqual([]);
});

test('a reader that does not answer is ended at the time limit: the page stays usable, nothing is filled, and it says so', async ({
  page,
}) => {
  // A worker that starts, then never answers nor yields: only ending its thread stops it.
  await page.route(READER_WORKER, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "postMessage({ reader: 'ready' }); for (;;) {}",
    }),
  );
  const workers = workersOf(page);
  // The page's clock runs as the real one until the test moves it on past the time limit, which
  // the page set as it started the worker: the test does not wait the limit out.
  await page.clock.install();
  await page.goto('/');
  await chooseResume(page, PDF);
  await expect.poll(() => workers.length).toBe(1);
  // The candidate types on while the worker spins.
  await input(page, 'Last Name').fill('Typed');
  await expect(input(page, 'Last Name')).toHaveValue('Typed');
  await page.clock.fastForward(READ_TIME_LIMIT_MS);
  await expect(status(page)).toHaveText(AUTOFILL_TEXTS.failed);
  await workers[0]?.ended;
  await expect(input(page, 'Last Name')).toHaveValue('Typed');
  for (const label of ['First Name', 'Email', 'Phone', 'Zip Code', 'Home Town']) {
    await expect(input(page, label)).toHaveValue('');
  }
  await expect(page.getByText(FROM_RESUME_HINT)).toHaveCount(0);
});
