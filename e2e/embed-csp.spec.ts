// A job board with a strict Content-Security-Policy: the docs' example policy, read from
// docs/embedding.md itself with the form's origin put in, is all the embed needs. The form appears, takes
// the form's height, and the browser reports no violation; without its frame-src it is refused.
// The resume reader's worker starts in the form's frame, under the form's own policy: the
// board's needs nothing for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { AUTOFILL_TEXTS } from '../src/web/autofill/texts.ts';
import { type App, formFrame, type Host, startBoard } from './host-page.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMBEDDING = path.join(ROOT, 'docs/embedding.md');
/** The form's origin as the docs' example names it. */
const EXAMPLE_ORIGIN = 'https://register.example.com';

/** The policy docs/embedding.md gives a board, for the form at `origin`. */
function readmePolicy(origin: string): string {
  const line = readFileSync(EMBEDDING, 'utf8')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.startsWith('Content-Security-Policy: '));
  if (!line) throw new Error('docs/embedding.md gives no Content-Security-Policy example');
  return line.slice('Content-Security-Policy: '.length).replaceAll(EXAMPLE_ORIGIN, origin);
}

/** A board's page with the README's two lines of HTML and nothing inline. */
const boardPage = (appUrl: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Acme Jobs</title></head><body><h1>Acme Jobs</h1>
<div data-resume-registration></div>
<script src="${appUrl}/embed.js" async></script>
</body></html>`;

let host: Host;
let app: App;
let stop = async () => {};

test.beforeAll(async () => {
  ({ host, app, stop } = await startBoard());
});

test.afterAll(() => stop());

/** What the browser says it refused under the board's policy. */
function violations(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) said.push(message.text());
  });
  return said;
}

test('the docs’ policy lets the form in, at the form’s height, with no violation', async ({
  page,
}) => {
  const policy = readmePolicy(app.url);
  expect(policy).toBe(`default-src 'none'; script-src ${app.url}; frame-src ${app.url}`);
  host.serve(boardPage(app.url), { 'content-security-policy': policy });
  const refused = violations(page);
  await page.goto(host.url);
  // Hydrated, and as tall as the form it holds (formFrame waits for both).
  const frame = await formFrame(page);
  await expect(frame.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
  const heights = await page.evaluate(() => {
    const iframe = document.querySelector('iframe');
    return { frame: iframe?.getBoundingClientRect().height ?? 0 };
  });
  const formHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
  expect(Math.abs(heights.frame - formHeight)).toBeLessThanOrEqual(1);
  expect(refused).toEqual([]);
});

test('under the docs’ policy, a resume chosen in the form is read in its worker, with no violation', async ({
  page,
}) => {
  host.serve(boardPage(app.url), { 'content-security-policy': readmePolicy(app.url) });
  const refused = violations(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto(host.url);
  const frame = await formFrame(page);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    frame.getByText(AUTOFILL_TEXTS.button, { exact: true }).click(),
  ]);
  await chooser.setFiles(path.resolve(ROOT, 'test/fixtures/resumes/pdfkit-two-emily-chen.pdf'));
  await expect(frame.getByRole('status').filter({ hasText: /resume/ })).toHaveText(
    AUTOFILL_TEXTS.filled(8),
  );
  expect(workers).toEqual([expect.stringMatching(/^\/assets\/reader\.worker-[\w-]+\.js$/)]);
  expect(refused).toEqual([]);
});

test('without its frame-src the same policy refuses the form: the docs’ line is needed whole', async ({
  page,
}) => {
  const policy = readmePolicy(app.url).replace(/;\s*frame-src [^;]+/, '');
  host.serve(boardPage(app.url), { 'content-security-policy': policy });
  const refused = violations(page);
  await page.goto(host.url);
  await expect.poll(() => refused.join('\n')).toMatch(/frame-src|default-src/);
  await expect(page.locator('iframe')).toHaveCount(1);
  expect(page.frames().some((frame) => frame.url().startsWith(app.url))).toBe(false);
});
