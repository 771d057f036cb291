// The drop zone (docs/form.md, step 3) with real drag-and-drop events: a file dropped on it is
// uploaded like a chosen one, a refused one gets the drop-zone toast, and a file dropped beside
// it never replaces the page.
import { readFile } from 'node:fs/promises';
import { expect, type JSHandle, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import {
  expectToast,
  fillPersonal,
  NOTES_PNG,
  nextToResume,
  RESUME_PDF,
  resumeAdded,
} from './form.ts';

/** A DataTransfer in the page holding the given files, as a drag from the desktop carries. */
async function dragOf(page: Page, files: { path: string; name: string; type: string }[]) {
  const contents = await Promise.all(
    files.map(async (file) => ({
      ...file,
      base64: (await readFile(file.path)).toString('base64'),
    })),
  );
  return page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const { base64, name, type } of items) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
    }
    return transfer;
  }, contents);
}

const dropZone = (page: Page) => page.getByText('Drag and drop your resume here, or').locator('..');
const PDF = { path: RESUME_PDF, name: 'dropped.pdf', type: 'application/pdf' };
const PNG = { path: NOTES_PNG, name: 'notes.png', type: 'image/png' };

async function drop(page: Page, dataTransfer: JSHandle<DataTransfer>) {
  const zone = dropZone(page);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveClass(/dropzone--active/);
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveClass(/dropzone--active/);
}

test('a resume dropped on the drop zone is uploaded and attached', async ({ page }) => {
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  await drop(page, await dragOf(page, [PDF]));
  await expect(resumeAdded(page, 'dropped.pdf')).toBeVisible();
});

for (const [what, files] of [
  ['a file of another type', [PNG]],
  ['two files', [PDF, PDF]],
] as const) {
  test(`${what} dropped on the drop zone: the type message and the drop-zone toast`, async ({
    page,
  }) => {
    await page.goto('/');
    await fillPersonal(page);
    await nextToResume(page);
    await drop(page, await dragOf(page, [...files]));
    await expectToast(page, 'Some files were rejected. Please check the file type.', 'error');
    await expect(page.locator('#resume-error')).toHaveText(
      'Error: Please upload a PDF, DOC, DOCX, TXT, or RTF file',
    );
    await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
  });
}

test('a file dropped beside the drop zone does not replace the page', async ({ page }) => {
  await page.goto('/');
  await fillPersonal(page);
  await nextToResume(page);
  const dataTransfer = await dragOf(page, [PDF]);
  const prevented = await page.evaluate((transfer) => {
    const heading = document.querySelector('h1') as HTMLElement;
    return ['dragover', 'drop'].map((type) => {
      const event = new DragEvent(type, {
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
      });
      heading.dispatchEvent(event);
      return event.defaultPrevented;
    });
  }, dataTransfer);
  expect(prevented).toEqual([true, true]);
  await expect(page.getByText(/^Resume added:/)).toHaveCount(0);
});
