// The idempotency key each submission carries (docs/form.md): sent again with the same answers
// after an answer that was lost, also across a reload with the draft; new once an answer changed.
import { expect } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '../src/shared/idempotency.ts';
import { REGISTRATION_TOASTS } from '../src/shared/messages.ts';
import { SUBMISSION_KEY_ITEM } from '../src/web/draft.ts';
import { test } from './fixtures.ts';
import {
  attachUrl,
  expectStep,
  expectToast,
  fillPersonal,
  nextToResume,
  readDraft,
  resumeAdded,
  stepButton,
  submitButton,
} from './form.ts';

/** Chrome's console line for an answer that never arrived. */
const LOST_ANSWER_LINE = /^Failed to load resource: net::ERR_CONNECTION_RESET$/;
test.use({ expectedConsoleErrors: [LOST_ANSWER_LINE] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a submission sent again after its answer was lost carries the same Idempotency-Key; changed answers a new one', async ({
  page,
  standIn,
  email,
}) => {
  const lostLines: string[] = [];
  page.on('console', (message) => {
    if (LOST_ANSWER_LINE.test(message.text())) lostLines.push(message.type());
  });
  // Every registration reaches the server, which answers; the first three answers are lost on
  // their way back to the page.
  const keys: string[] = [];
  const sent: { resume: unknown; status: number; replayed?: string }[] = [];
  let lost = 3;
  await page.route('**/api/register', async (route) => {
    keys.push(route.request().headers()[IDEMPOTENCY_HEADER] ?? 'none');
    const response = await route.fetch();
    sent.push({
      resume: route.request().postDataJSON().resume_url,
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'],
    });
    if (lost-- > 0) await route.abort('connectionreset');
    else await route.fulfill({ response });
  });
  /** Presses Submit Registration and waits until its attempt has ended, answered or not. */
  const pressSubmit = async (requests: number) => {
    await submitButton(page).click();
    await expect.poll(() => keys.length).toBe(requests);
    await expect(submitButton(page)).not.toHaveAttribute('aria-busy', 'true');
  };

  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv.pdf');
  await pressSubmit(1);
  await expectToast(page, REGISTRATION_TOASTS.failed, 'error');
  await pressSubmit(2);

  // The candidate reloads once the draft is saved: it comes back, the password typed again.
  await expect.poll(async () => JSON.parse((await readDraft(page)) ?? '{}').step).toBe(2);
  await page.reload();
  await stepButton(page, 'Personal Info').click();
  await page.getByLabel('Password', { exact: true }).fill(personal.password);
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();
  await pressSubmit(3);

  // Another answer is another submission; its answer arrives, and the form empties: the key
  // goes with the draft.
  await attachUrl(page, 'https://example.com/cv-2024.pdf');
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');
  const keptKey = () => page.evaluate((item) => localStorage.getItem(item), SUBMISSION_KEY_ITEM);
  await expect.poll(keptKey).toBeNull();

  const [first, , , last] = keys;
  expect(first).toMatch(UUID);
  expect(last).toMatch(UUID);
  expect(last).not.toBe(first);
  expect(keys).toEqual([first, first, first, last]);
  expect(lostLines).toEqual(['error', 'error', 'error']);
  // The server registered each submission once, and answered its repeats with the first answer
  // (docs/api.md).
  const cv = 'https://example.com/cv.pdf';
  expect(sent).toEqual([
    { resume: cv, status: 201, replayed: undefined },
    { resume: cv, status: 201, replayed: 'true' },
    { resume: cv, status: 201, replayed: 'true' },
    { resume: 'https://example.com/cv-2024.pdf', status: 201, replayed: undefined },
  ]);
  expect(standIn.requests.map(({ body }) => (body as { resume_url: string }).resume_url)).toEqual([
    cv,
    'https://example.com/cv-2024.pdf',
  ]);
});
