// "Start with your resume" (docs/autofill.md) in each engine (Firefox, WebKit, and Chromium as the
// control): a PDF chosen on step 1 is read on the device, in the reader's worker (pdf.js with it,
// from our own origin, under our CSP; none of it on the page's thread), fills the empty fields
// but not a typed one, and is sent on step 3.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUTOFILL_TEXTS } from '../../src/web/autofill/texts.ts';
import { boldPdf } from '../../test/helpers/bold-pdf.mjs';
import { expect, expectStep, openForm, test } from './fixtures.ts';

const RESUMES = path.join(import.meta.dirname, '../../test/fixtures/resumes');
const PDF = 'pdfkit-two-emily-chen.pdf';
const answers = JSON.parse(await readFile(path.join(RESUMES, 'answers.json'), 'utf8')) as Record<
  string,
  { fields: Record<string, string> }
>;
const expected = answers[PDF]?.fields ?? {};

const STEP_1 = ['first_name', 'last_name', 'email', 'password', 'phone', 'zip_code', 'home_town'];

test('a PDF chosen on step 1 fills the empty fields and is attached', async ({
  session,
  server,
}) => {
  await openForm(session, `${server.url}/`);
  // Typed first: the first input also brings the button's code.
  await session.fill('First Name', 'Em');
  await session.upload(AUTOFILL_TEXTS.button, path.join(RESUMES, PDF));
  await expect
    .poll(() => session.evaluate(() => document.querySelector('.autofill__status')?.textContent), {
      message: 'the status line says the fields are filled',
      timeout: 20_000,
    })
    .toBe(AUTOFILL_TEXTS.filled(7));
  const values = await session.evaluate(
    (ids: string[]) =>
      Object.fromEntries(
        ids.map((id) => [id, (document.getElementById(`field-${id}`) as HTMLInputElement).value]),
      ),
    STEP_1,
  );
  expect(values).toEqual({
    first_name: 'Em',
    last_name: expected.last_name,
    email: expected.email,
    password: '',
    phone: expected.phone,
    zip_code: expected.zip_code,
    home_town: expected.home_town,
  });
  expect(
    await session.evaluate(() =>
      document.getElementById('field-email')?.getAttribute('aria-describedby'),
    ),
  ).toBe('field-email-note');
  // Read in the worker: the page's own thread fetched none of the readers nor pdf.js (a worker's
  // fetches are in its own timeline), only the autofill chunk.
  expect(
    await session.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => /\/(autofill|pdf|read-pdf|pdf\.worker\.min)-[\w-]+\.m?js$/.test(name)),
    ),
  ).toEqual([expect.stringMatching(/^\/assets\/autofill-/)]);

  // The step list checks steps 1 and 2 on the way: the password is the candidate's to type.
  await session.fill('Password', 'correct-horse');
  await session.click('button', 'Resume');
  await expectStep(session, 'Resume');
  await expect
    .poll(
      () =>
        session.evaluate(
          (line: string) =>
            Array.from(document.querySelectorAll('p')).some(
              (element) => element.textContent?.replace(/\s+/g, ' ').trim() === line,
            ),
          `Resume added: ${PDF}`,
        ),
      { message: 'the file is attached on step 3', timeout: 10_000 },
    )
    .toBe(true);
  // Held on the device until now: step 3 sends it (docs/autofill.md), and says it did.
  await expect
    .poll(
      () =>
        session.evaluate(() =>
          document.body.textContent?.includes('Your resume has been uploaded successfully'),
        ),
      { message: 'step 3 uploads the file', timeout: 10_000 },
    )
    .toBe(true);
});

test('a PDF’s bold fonts are read in the worker: a bold opening parts the role from its employer', async ({
  session,
  server,
}) => {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'bold-')), 'bold.pdf');
  await writeFile(file, await boldPdf());
  await openForm(session, `${server.url}/`);
  await session.fill('First Name', 'Em');
  await session.upload(AUTOFILL_TEXTS.button, file);
  // Last name, email and the role: without the fonts' weights, `Harbour Surveyor for Fernhill
  // Ports` leaves the role unsure, and two fields are filled.
  await expect
    .poll(() => session.evaluate(() => document.querySelector('.autofill__status')?.textContent), {
      message: 'the status line says the fields are filled',
      timeout: 20_000,
    })
    .toBe(AUTOFILL_TEXTS.filled(3));
});
