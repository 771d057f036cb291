// A registration the provider cannot take now, kept by our server for later delivery (OUTBOX=on,
// docs/api.md): the server answers 202 `{"ok": true, "status": 202, "queued": true}`. The browser's
// network is the edge in the first test: the answer is given by `page.route`, whatever the server
// would say. The last runs the whole way: the built server, a real redis-server, the stand-in.
import { expect, type Page } from '@playwright/test';
import { REGISTRATION_TOASTS } from '../src/shared/messages.ts';
import { startOutboxServer } from './built-server.ts';
import { test } from './fixtures.ts';
import {
  expectStep,
  expectToast,
  next,
  readDraft,
  resumeAdded,
  stepButton,
  submitButton,
} from './form.ts';

const QUEUED =
  "We have your registration. The resume library is busy right now, so we will send it shortly. You don't need to do anything.";

/** Answers every POST /api/register with the queued 202; returns how many were answered. */
async function answerQueued(page: Page): Promise<() => number> {
  let answered = 0;
  await page.route('**/api/register', async (route) => {
    answered += 1;
    await route.fulfill({
      status: 202,
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, status: 202, queued: true }),
    });
  });
  return () => answered;
}

test('a queued registration says so, empties the form and leaves no draft behind', async ({
  page,
  standIn,
}) => {
  expect(REGISTRATION_TOASTS.queued).toBe(QUEUED);
  const answered = await answerQueued(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Fill with Random Data' }).click();
  await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');
  await next(page);
  await expectStep(page, 'Career Info');
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(resumeAdded(page, 'resume.txt')).toBeVisible();
  await expect.poll(() => readDraft(page), { message: 'a draft is saved' }).not.toBeNull();

  await submitButton(page).click();
  await expectToast(page, QUEUED, 'success');
  const confirmation = page.getByRole('status').filter({
    has: page.getByRole('heading', { name: 'We have your registration' }),
  });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(
    'We will send your profile and resume to the Resume Library shortly',
  );
  await expect(page.getByRole('heading', { name: "You're registered" })).toHaveCount(0);
  await expect(page.getByText(REGISTRATION_TOASTS.success, { exact: true })).toHaveCount(0);
  await expectStep(page, 'Personal Info');
  for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
  expect(answered()).toBe(1);
  expect(standIn.requests, 'nothing reached the provider').toHaveLength(0);

  // The draft is gone: a reload starts from an empty form, with no restored answers.
  expect(await readDraft(page)).toBeNull();
  await page.reload();
  expect(await readDraft(page)).toBeNull();
  await expectStep(page, 'Personal Info');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'We restored the answers' })).toHaveCount(
    0,
  );
});

test('with the built server, OUTBOX=on and a real Redis: queued while the provider is down, delivered once it is back', async ({
  page,
  standIn,
}) => {
  test.setTimeout(60_000);
  const app = await startOutboxServer(standIn.url);
  try {
    standIn.respond(503, { detail: 'maintenance' });
    await page.goto(`${app.server.url}/`);
    await page.getByRole('button', { name: 'Fill with Random Data' }).click();
    await expect(page.getByLabel('First Name', { exact: true })).not.toHaveValue('');
    await next(page);
    await stepButton(page, 'Resume').click();
    await expect(resumeAdded(page, 'resume.txt')).toBeVisible();
    await submitButton(page).click();
    await expectToast(page, QUEUED, 'success');
    await expect(page.getByRole('heading', { name: 'We have your registration' })).toBeVisible();
    expect(await readDraft(page)).toBeNull();

    // The entry waits out its backoff (5–10 s after the candidate's attempt); made due now, the
    // server's worker delivers it.
    standIn.respond(201, { id: 'candidate-1' });
    await app.retryNow();
    await expect.poll(() => standIn.requests.length).toBe(2);
    const [first, delivered] = standIn.requests;
    expect(delivered?.body).toEqual(first?.body);
  } finally {
    await app.stop();
  }
});
