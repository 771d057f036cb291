// The form token (docs/api.md) at the server's real least fill time, BOT_MIN_FILL_MS=1500: the
// own page filled at machine speed, the embedded form, a reload, a draft restored on a page open
// for hours whose token another submission spent, Spanish, and an uploaded resume all register,
// each once with the provider (a token sent too young gets the decoy, which the page cannot tell
// from a registration: only the provider can). A client without a good token gets 428, and the
// provider nothing.
import { expect, type Page, type Request, type Response } from '@playwright/test';
import { INITIAL_VALUES } from '../src/shared/constants.ts';
import {
  DELETE_TOKEN_FIELD,
  FORM_TOKEN_FIELD,
  FORM_TOKEN_REFUSED_STATUS,
} from '../src/shared/contract.ts';
import { IDEMPOTENCY_HEADER } from '../src/shared/idempotency.ts';
import { REGISTRATION_TOASTS, SUBMISSION_TEXTS } from '../src/shared/messages.ts';
import { DRAFT_KEY } from '../src/web/draft.ts';
import { REGISTER_PATH } from '../test/helpers/provider-stand-in.mjs';
import { test as suite } from './fixtures.ts';
import {
  attachUrl,
  expectStep,
  expectToast,
  fillCareer,
  fillPersonal,
  NAMES,
  nextToResume,
  readDraft,
  resumeAdded,
  stepButton,
  submitButton,
  uploadResume,
} from './form.ts';
import { boardPage, formFrame, type Host } from './host-page.ts';
import { TOKEN_SERVER_FIXTURES } from './token-server.ts';

/** The suite's fixtures, with the server at the real fill time and framable by `host`. */
const test = suite.extend<Record<never, never>, { host: Host }>(TOKEN_SERVER_FIXTURES);

interface Sent {
  token: unknown;
  key: string | undefined;
  body: Record<string, unknown>;
  status: number;
}

/**
 * What the page (and its frames) asked of the server: the form tokens it was given, and each
 * registration it sent, with its token, idempotency key and status, once answered.
 */
function watch(page: Page) {
  const tokens: string[] = [];
  const sent: Sent[] = [];
  page.on('response', async (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/form-token') {
      tokens.push(((await response.json()) as { token: string }).token);
    } else if (pathname === '/api/register') {
      const request: Request = response.request();
      const body = request.postDataJSON() as Record<string, unknown>;
      sent.push({
        token: body[FORM_TOKEN_FIELD],
        key: request.headers()[IDEMPOTENCY_HEADER],
        body,
        status: response.status(),
      });
    }
  });
  return { tokens, sent };
}

/** The emails the provider received, in order. */
const emailsReceived = (requests: { path: string; body: unknown }[]) =>
  requests.map(({ path, body }) => `${path} ${(body as { email?: unknown }).email}`);

/**
 * The provider got `email` once, not a decoy; the page was given `tokens` form tokens and sent
 * one registration, with the last of them, which the server took.
 */
function expectRegisteredOnce(
  requests: { path: string; body: unknown }[],
  seen: ReturnType<typeof watch>,
  email: string,
  tokens = 1,
) {
  expect(emailsReceived(requests)).toEqual([`${REGISTER_PATH} ${email}`]);
  expect(seen.tokens).toHaveLength(tokens);
  expect(seen.sent.map(({ token, status }) => ({ token, status }))).toEqual([
    { token: seen.tokens.at(-1), status: 201 },
  ]);
}

test('the own page, its token come just before Submit, waits out the least fill time and registers', async ({
  page,
  standIn,
  email,
}) => {
  const seen = watch(page);
  // The token is asked when the candidate first acts; its answer is held until the press, so
  // that the registration would leave well inside 1.5 s of the token were the page not to wait.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/form-token', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv/fast.pdf');
  await expect(resumeAdded(page, 'fast.pdf')).toBeVisible();
  release();
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');

  // The provider got it: not the decoy a token younger than 1.5 s gets.
  expectRegisteredOnce(standIn.requests, seen, email);
});

test('the form embedded on a board of another origin registers', async ({
  page,
  host,
  server,
  standIn,
  email,
}) => {
  const seen = watch(page);
  host.serve(boardPage(server.url));
  // The board's own page never hydrates: its frame does (formFrame waits for it).
  await page.goto(host.url, { waitUntil: 'commit' });
  const frame = await formFrame(page);
  const field = (name: string) => frame.getByLabel(name, { exact: true });
  await field('First Name').fill('Grace');
  await field('Last Name').fill('Hopper');
  await field('Email').fill(email);
  await field('Password').fill('correct-horse');
  await field('Phone').fill('(555) 123-4567');
  await field('Zip Code').fill('10001');
  await field('Home Town').fill('Arlington');
  await frame.getByRole('button', { name: 'Next Step', exact: true }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Career Info' })).toBeVisible();
  await frame.getByRole('button', { name: 'Resume', exact: true }).click();
  await frame.getByRole('tab', { name: 'Add URL' }).click();
  await field('Resume URL').fill('https://example.com/cv/embedded.pdf');
  await frame.getByRole('button', { name: 'Add', exact: true }).click();
  await frame.getByRole('button', { name: 'Submit Registration', exact: true }).click();
  await expect(frame.getByRole('heading', { name: "You're registered" })).toBeVisible();

  expectRegisteredOnce(standIn.requests, seen, email);
});

test('a reload mid-form restores the draft, and a submit at once after it registers', async ({
  page,
  standIn,
  email,
}) => {
  const seen = watch(page);
  await page.goto('/');
  const personal = await fillPersonal(page, { email });
  await nextToResume(page);
  await attachUrl(page, 'https://example.com/cv/reloaded.pdf');
  await expect(resumeAdded(page, 'reloaded.pdf')).toBeVisible();
  // The draft holds the link on the Resume step before the reload.
  await expect
    .poll(async () => {
      const draft = JSON.parse((await readDraft(page)) ?? '{}');
      return [draft.step, draft.values?.resume_url];
    })
    .toEqual([2, 'https://example.com/cv/reloaded.pdf']);

  await page.reload();
  await expectStep(page, 'Resume');
  // The password is never kept: typed again, then straight to Submit.
  await stepButton(page, 'Personal Info').click();
  await page.getByLabel('Password', { exact: true }).fill(personal.password);
  await stepButton(page, 'Resume').click();
  await expect(resumeAdded(page, 'reloaded.pdf')).toBeVisible();
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');

  // One token before the reload, one after; the registration carries the second.
  expectRegisteredOnce(standIn.requests, seen, email, 2);
});

test('a draft restored on a page open for 3 hours, its token spent meanwhile, registers once after a 428', async ({
  page,
  baseURL,
  standIn,
  email,
}) => {
  const HOUR_MS = 60 * 60 * 1000;
  const draft = {
    values: {
      ...INITIAL_VALUES,
      password: undefined,
      resume: undefined,
      first_name: 'Grace',
      last_name: 'Hopper',
      email,
      phone: '5551234567',
      zip_code: '10001',
      home_town: 'Arlington',
      resume_url: 'https://example.com/cv/grace.pdf',
    },
    step: 2,
    resume: null,
    savedAt: new Date(Date.now() - 3 * HOUR_MS).toISOString(),
  };
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('planted') === null) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('planted', 'yes');
      }
    },
    [DRAFT_KEY, JSON.stringify(draft)] as const,
  );
  // The page's clocks are the test's: it is left open for hours below.
  await page.clock.install();
  const seen = watch(page);
  const firstToken = page.waitForResponse((r) => r.url().endsWith('/api/form-token'));
  await page.goto('/');
  await expectStep(page, 'Resume');
  await expect(
    page.getByRole('status').filter({ hasText: 'We restored the answers' }),
  ).toBeVisible();
  await stepButton(page, 'Personal Info').click();
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  const token = ((await (await firstToken).json()) as { token: string }).token;

  // Meanwhile the page's token makes another submission (another tab, a script): once it is old
  // enough to count as a person's, the provider gets that one and the token is spent.
  const other = `spender.${email}`;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseURL}/api/register`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [IDEMPOTENCY_HEADER]: `spender-${Date.now()}-${Math.random().toString(36).slice(2)}`,
          },
          body: JSON.stringify({ ...registration(other), [FORM_TOKEN_FIELD]: token }),
        });
        expect(response.status).toBe(201);
        return standIn.requests.length;
      },
      { intervals: [250], timeout: 10_000 },
    )
    .toBe(1);

  // Three hours on the page's clocks, then the candidate submits.
  await page.clock.fastForward(3 * HOUR_MS);
  await stepButton(page, 'Resume').click();
  await expect(resumeAdded(page, 'grace.pdf')).toBeVisible();
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');

  expect(emailsReceived(standIn.requests)).toEqual([
    `${REGISTER_PATH} ${other}`,
    `${REGISTER_PATH} ${email}`,
  ]);
  // The spent token got 428; a new one, the same submission (its key), the registration.
  expect(seen.tokens).toHaveLength(2);
  expect(seen.tokens[0]).toBe(token);
  const [refused, registered] = seen.sent;
  expect(seen.sent.map(({ token: sentToken, status }) => ({ token: sentToken, status }))).toEqual([
    { token, status: FORM_TOKEN_REFUSED_STATUS },
    { token: seen.tokens[1], status: 201 },
  ]);
  expect(registered?.key).toBe(refused?.key);
  expect(registered?.key).toMatch(/^[0-9a-f-]{36}$/);
});

test('a candidate registers in Spanish', async ({ page, standIn, email }) => {
  const seen = watch(page);
  const n = NAMES.es;
  await page.goto('/?lang=es');
  const field = (name: string) => page.getByLabel(name, { exact: true });
  await field(n.first).fill('Lucía');
  await field(n.last).fill('Hernández');
  await field(n.email).fill(email);
  await field(n.password).fill('correct-horse');
  await field(n.phone).fill('(555) 123-4567');
  await field(n.zip).fill('78701');
  await field(n.town).fill('Austin');
  await page.getByRole('button', { name: n.next }).click();
  await field(n.desired).fill('Enfermera');
  await page.getByRole('button', { name: n.next }).click();
  await page.getByRole('tab', { name: n.addUrl }).click();
  await field(n.resumeUrl).fill('https://example.com/cv/lucia.pdf');
  await page.getByRole('button', { name: n.add, exact: true }).click();
  await page.getByRole('button', { name: n.submit }).click();
  await expect(page.getByRole('heading', { name: n.registered })).toBeVisible();

  expectRegisteredOnce(standIn.requests, seen, email);
});

test('an uploaded resume’s delete token travels with the registration, which lands with its URL', async ({
  page,
  standIn,
  email,
}) => {
  const seen = watch(page);
  await page.goto('/');
  await fillPersonal(page, { email });
  await page.getByRole('button', { name: 'Next Step', exact: true }).click();
  await expectStep(page, 'Career Info');
  await fillCareer(page);
  await stepButton(page, 'Resume').click();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
  await uploadResume(page);
  const answer = (await (await uploaded).json()) as { url: string; delete_token: string };
  expect(answer.delete_token).toMatch(/^\S{16,}$/);
  await submitButton(page).click();
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');

  expect(emailsReceived(standIn.requests)).toEqual([`${REGISTER_PATH} ${email}`]);
  expect(standIn.requests[0]?.body).toMatchObject({
    resume_url: answer.url,
    uploaded_resume: null,
  });
  expect(seen.sent).toHaveLength(1);
  expect(seen.sent[0]?.status).toBe(201);
  expect(seen.sent[0]?.body).toMatchObject({
    resume_url: answer.url,
    [DELETE_TOKEN_FIELD]: answer.delete_token,
    [FORM_TOKEN_FIELD]: seen.tokens[0],
  });
  // The resume is still there for the provider to fetch.
  const resume = await page.request.get(answer.url.replace('//localhost:', '//127.0.0.1:'));
  expect(resume.status()).toBe(200);
  expect(resume.headers()['content-type']).toBe('application/pdf');
});

/** A registration as a script would send it: every check passes but the form token's. */
function registration(email: string): Record<string, unknown> {
  return {
    first_name: 'Robo',
    last_name: 'Client',
    email,
    password: 'correct-horse',
    phone: '5551234567',
    zip_code: '10001',
    home_town: 'Austin',
    resume_url: 'https://example.com/cv/robo.pdf',
  };
}

test('a scripted client without a good form token gets 428 twenty times, and the provider nothing', async ({
  baseURL,
  standIn,
}) => {
  // Ten without a token (absent, null, empty), ten with junk ones: malformed, too long, forged.
  const junk: unknown[] = [
    undefined,
    null,
    '',
    undefined,
    null,
    '',
    undefined,
    null,
    '',
    undefined,
    'junk',
    42,
    { token: 'v1' },
    'x'.repeat(65),
    `v1.${Date.now().toString(36)}.${'A'.repeat(22)}.${'B'.repeat(22)}`,
    `v1.${(Date.now() - 3_600_000).toString(36)}.${'C'.repeat(22)}.${'D'.repeat(22)}`,
    'v1.0.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
    'v2.abc.def.ghi',
    ' ',
    '.',
  ];
  expect(junk).toHaveLength(20);
  const answers = await Promise.all(
    junk.map(async (token, index) => {
      const body = registration(`robo.${index}.${Date.now()}@example.com`);
      const response = await fetch(`${baseURL}/api/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDEMPOTENCY_HEADER]: `robo-${index}-${Date.now()}-0000000000`,
        },
        body: JSON.stringify(token === undefined ? body : { ...body, [FORM_TOKEN_FIELD]: token }),
      });
      return { status: response.status, answer: await response.json() };
    }),
  );
  expect(answers).toEqual(
    junk.map(() => ({
      status: FORM_TOKEN_REFUSED_STATUS,
      answer: {
        ok: false,
        status: FORM_TOKEN_REFUSED_STATUS,
        message: SUBMISSION_TEXTS.formToken.message,
        detail: SUBMISSION_TEXTS.formToken.message,
      },
    })),
  );
  expect(standIn.requests).toHaveLength(0);
});
