// "Clear this form" (issue 44, point 7) on a 360 × 640 phone, in English and Spanish: from any
// step, at any moment, it asks once with the focus on the safe answer, then clears every field,
// the saved draft, the idempotency key and the uploaded file, and starts again on step 1 at the
// first field.
import { expect, type Page } from '@playwright/test';
import { DRAFT_KEY, SUBMISSION_KEY_ITEM } from '../src/web/draft.ts';
import { test } from './fixtures.ts';
import { RESUME_PDF, readDraft } from './form.ts';

test.use({ viewport: { width: 360, height: 640 } });

const SAID = {
  en: {
    clear: 'Clear this form',
    question: 'Clear every answer saved on this device? This cannot be undone.',
    confirm: 'Clear the form',
    keep: 'Keep my answers',
    steps: ['Personal Info', 'Career Info', 'Resume'],
    first: 'First Name',
    email: 'Email',
    desired: 'Desired Job Title',
    random: 'Fill with Random Data',
    nav: 'Registration steps',
    resumeFile: 'Resume file',
    added: 'Resume added:',
  },
  es: {
    clear: 'Borrar este formulario',
    question: '¿Borrar todas las respuestas guardadas en este dispositivo? No se puede deshacer.',
    confirm: 'Borrar el formulario',
    keep: 'Conservar mis respuestas',
    steps: ['Datos personales', 'Datos profesionales', 'Currículum'],
    first: 'Nombre',
    email: 'Correo electrónico',
    desired: 'Puesto deseado',
    random: 'Completar con datos aleatorios',
    nav: 'Pasos del registro',
    resumeFile: 'Archivo del currículum',
    added: 'Currículum agregado:',
  },
} as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

for (const lang of ['en', 'es'] as const) {
  test(`"Clear this form" is on every step, asks once, and clears the answers, the draft, the idempotency key and the upload (${lang})`, async ({
    page,
  }) => {
    const said = SAID[lang];
    await page.goto(`/?lang=${lang}`);
    // On step 1 from the first paint.
    await expect(button(page, said.clear)).toBeVisible();
    await button(page, said.random).click();
    await expect(page.getByLabel(said.first, { exact: true })).not.toHaveValue('');
    const steps = page.getByRole('navigation', { name: said.nav });
    await steps.getByRole('button', { name: said.steps[1], exact: true }).click();
    await expect(heading(page, said.steps[1])).toBeVisible();
    await expect(button(page, said.clear)).toBeVisible();
    await steps.getByRole('button', { name: said.steps[2], exact: true }).click();
    await expect(heading(page, said.steps[2])).toBeVisible();
    await expect(button(page, said.clear)).toBeVisible();
    // Uploaded on step 3; the draft keeps its link.
    await page.getByLabel(said.resumeFile, { exact: true }).setInputFiles(RESUME_PDF);
    await expect(page.getByText(said.added)).toBeVisible();
    await steps.getByRole('button', { name: said.steps[1], exact: true }).click();
    await expect(heading(page, said.steps[1])).toBeVisible();
    const desired = await page.getByLabel(said.desired, { exact: true }).inputValue();
    expect(desired).not.toBe('');
    // The draft saved on step 1 before the upload (the first move) holds no link: wait for the
    // save after it, which holds both.
    const saved = async () =>
      JSON.parse((await readDraft(page)) ?? '{}') as { step?: number; resume?: { url?: string } };
    await expect
      .poll(async () => {
        const draft = await saved();
        return [draft.step, draft.resume?.url];
      })
      .toEqual([1, expect.stringMatching(/\/candidate\/resumes\/[0-9a-f]{32}\.pdf$/)]);
    const stored = (await saved()).resume?.url;
    expect((await page.request.get(stored ?? '')).status()).toBe(200);
    // A submission's key as one that got no answer leaves it.
    await page.evaluate(
      (item) =>
        localStorage.setItem(
          item,
          JSON.stringify({ key: 'k'.repeat(32), fingerprint: 'f'.repeat(16), ended: 'no-answer' }),
        ),
      SUBMISSION_KEY_ITEM,
    );

    // Asked once, with the focus on the safe answer; keeping changes nothing.
    await button(page, said.clear).click();
    await expect(page.getByText(said.question, { exact: true })).toBeVisible();
    await expect(button(page, said.keep)).toBeFocused();
    await expect(button(page, said.keep)).toHaveAccessibleDescription(said.question);
    await button(page, said.keep).click();
    await expect(button(page, said.clear)).toBeFocused();
    await expect(page.getByText(said.question, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(said.desired, { exact: true })).toHaveValue(desired);

    await button(page, said.clear).click();
    await button(page, said.confirm).click();
    // Step 1, empty, the focus on its first field.
    await expect(heading(page, said.steps[0])).toBeVisible();
    await expect(page.getByLabel(said.first, { exact: true })).toBeFocused();
    await expect(page.getByLabel(said.first, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(said.email, { exact: true })).toHaveValue('');
    await expect(button(page, said.clear)).toBeVisible();
    // Nothing is kept on the device, then or a moment later (the draft saves 300 ms after a change).
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(
        ([draft, key]) => [localStorage.getItem(draft), localStorage.getItem(key)],
        [DRAFT_KEY, SUBMISSION_KEY_ITEM] as const,
      ),
    ).toEqual([null, null]);
    // The uploaded file is deleted on the server, not left to the orphan sweep.
    await expect.poll(async () => (await page.request.get(stored ?? '')).status()).toBe(404);
    // After a reload nothing comes back.
    await page.reload();
    await expect(page.getByLabel(said.first, { exact: true })).toHaveValue('');
    await expect(heading(page, said.steps[0])).toBeVisible();
  });
}
