// What the page says first (docs/languages.md, docs/decisions/017): the prerendered page carries the
// texts of its first step and the few it may say before anything else arrives; the rest of its
// language's catalogue comes with the code the first input fetches. Held back, the page still
// speaks its language on step 1, never shows a message's id, and says that part of the form did
// not load; a draft past step 1 waits for the rest before it comes back on its step.
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { expect, type Page } from '@playwright/test';
import { messages as en } from '../src/locales/en/messages.ts';
import { messages as es } from '../src/locales/es/messages.ts';
import { LOADING_TOAST_TEXTS } from '../src/shared/page-texts.ts';
import { test } from './fixtures.ts';
import { readDraft } from './form.ts';

const CATALOGUES = { en, es } as const;
type Language = keyof typeof CATALOGUES;

/** The message `id` of `language`, a plain text (compiled: a list of one string). */
function text(language: Language, id: string): string {
  const message = CATALOGUES[language][id];
  if (!Array.isArray(message) || !message.every((part) => typeof part === 'string'))
    throw new Error(`${language} ${id} is not a plain text: ${JSON.stringify(message)}`);
  return message.join('');
}

/** A text of the page in `language`, by its English (a macro's id is a hash of it). */
const said = (language: Language, english: string) => text(language, generateMessageId(english));

/** Every message id, which the page must never show in place of a text. */
const IDS = Object.keys(en);

/** Holds back `language`'s whole catalogue (and its retries), until the returned function. */
async function holdBackCatalogue(page: Page, language: Language) {
  const catalogue = new RegExp(`/assets/catalogue-${language}-[\\w-]+\\.js`);
  await page.route(catalogue, (route) => route.fulfill({ status: 503, body: '' }));
  return () => page.unroute(catalogue);
}

/** The ids the page shows as text (none, on a page whose texts are all there). */
async function idsShown(page: Page) {
  const text = await page.locator('body').innerText();
  return IDS.filter((id) => new RegExp(`(^|\\W)${id.replace(/[.-]/g, '\\$&')}($|\\W)`).test(text));
}

async function open(page: Page, language: Language) {
  await page.goto(language === 'es' ? '/?lang=es' : '/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

for (const language of ['en', 'es'] as const) {
  test(`${language}: without the rest of its texts, step 1 speaks its language and says what did not load`, async ({
    page,
  }) => {
    const release = await holdBackCatalogue(page, language);
    await open(page, language);
    const firstName = page.getByLabel(said(language, 'First Name'), { exact: true });
    await firstName.fill('Lucía');
    await page.getByRole('button', { name: new RegExp(`^${said(language, 'Show')}\\b`) }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`^${said(language, 'Hide')}\\b`) }),
    ).toBeVisible();

    await page.getByRole('button', { name: said(language, 'Next Step'), exact: true }).click();
    const failed = text(language, LOADING_TOAST_TEXTS.failed.id);
    await expect(page.getByText(failed, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: said(language, 'Personal Info') }),
    ).toBeVisible();
    await expect(firstName).toHaveValue('Lucía');
    expect(await idsShown(page)).toEqual([]);

    // Once they arrive, the next press checks the step and says its errors in the language.
    await release();
    await page.getByRole('button', { name: said(language, 'Next Step'), exact: true }).click();
    await expect(
      page.getByRole('heading', { name: said(language, 'There is a problem') }),
    ).toBeVisible();
    expect(await idsShown(page)).toEqual([]);
  });
}

test('a draft on step 2 comes back on its step in Spanish with its notice, or on step 1 while the rest of the texts cannot arrive', async ({
  page,
}) => {
  const field = (english: string) => page.getByLabel(said('es', english), { exact: true });
  await open(page, 'es');
  await field('First Name').fill('Lucía');
  await field('Last Name').fill('Fernández');
  await field('Email').fill('lucia@example.com');
  await field('Password').fill('correct-horse');
  await field('Zip Code').fill('10001');
  await page.getByRole('button', { name: said('es', 'Next Step'), exact: true }).click();
  const careerInfo = page.getByRole('heading', { level: 2, name: said('es', 'Career Info') });
  await expect(careerInfo).toBeVisible();
  await expect.poll(async () => JSON.parse((await readDraft(page)) ?? '{}').step).toBe(1);

  await page.reload();
  await expect(careerInfo).toBeVisible();
  await expect(field('Desired Job Title')).toBeVisible();
  await expect(
    page.getByRole('button', { name: said('es', 'Not you? Clear this form') }),
  ).toBeVisible();

  await holdBackCatalogue(page, 'es');
  await page.reload();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(
    page.getByRole('heading', { level: 2, name: said('es', 'Personal Info') }),
  ).toBeVisible();
  await expect(field('First Name')).toHaveValue('Lucía');
  // The notice loads with the rest of the texts: without them there is none, and no id.
  await expect(
    page.getByRole('button', { name: said('es', 'Not you? Clear this form') }),
  ).toHaveCount(0);
  expect(await idsShown(page)).toEqual([]);
});
