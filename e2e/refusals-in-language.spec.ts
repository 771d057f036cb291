// Issue 44 on a phone (360 × 640), one page walked in English and one in Spanish, against the
// embedded sandbox provider (README.md: `status-NNN@…` emails):
// - a resume link the server would refuse is refused at "Add" ("no es una url");
// - the error summary loses "Please upload a resume…" once a resume is attached, and goes;
// - a provider refusal: in English as docs/form.md's table says; in Spanish our Spanish, with the
//   provider's English after it marked lang="en" only where it names something to fix (422), and
//   none for the rest (401).
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { expect, type Page } from '@playwright/test';
import { messages as spanish } from '../src/locales/es/messages.ts';
import {
  FIELD_MESSAGES,
  FIELD_TEXTS,
  PROVIDER_TEXTS,
  REGISTRATION_TOASTS,
} from '../src/shared/messages.ts';
import { type RunningServer, startBuiltServer } from './built-server.ts';
import { test } from './fixtures.ts';
import { NAMES } from './form.ts';

/** The sandbox's refusals (src/server/provider/sandbox.ts), as the provider words them. */
const SANDBOX = {
  unreadable: 'The resume could not be read',
  credentials: 'Invalid API credentials',
};

const es = (message: MessageDescriptor) =>
  setupI18n({ locale: 'es', messages: { es: spanish } })._(message);

/** What each language's page says, where it differs. */
const PAGE = {
  en: {
    ...NAMES.en,
    validUrl: FIELD_MESSAGES.url,
    noResume: FIELD_MESSAGES.resumeMissing,
    added: 'Resume added:',
    personal: 'Personal Info',
    resume: 'Resume',
    // docs/form.md: a 422's detail; any other status's detail.
    unreadable: { text: SANDBOX.unreadable, english: null },
    credentials: { text: SANDBOX.credentials, english: null },
  },
  es: {
    ...NAMES.es,
    validUrl: es(FIELD_TEXTS.url),
    noResume: es(FIELD_TEXTS.resumeMissing),
    added: 'Currículum agregado:',
    personal: 'Datos personales',
    resume: 'Currículum',
    unreadable: {
      text: `${es(PROVIDER_TEXTS.unprocessable)} ${SANDBOX.unreadable}`,
      english: SANDBOX.unreadable,
    },
    credentials: { text: es(PROVIDER_TEXTS.unauthorized), english: null },
  },
} as const;

let app: { server: RunningServer; stop: () => Promise<void> } | undefined;
test.beforeAll(async () => {
  app = await startBuiltServer(null);
});
test.afterAll(async () => {
  await app?.stop();
});

test.use({ viewport: { width: 360, height: 640 } });

/** The error toast on screen: its text, and the parts of it marked with a language. */
async function errorToast(page: Page, text: string) {
  const toast = page
    .getByRole('region', { name: /^(Notifications|Notificaciones) alt\+T$/ })
    .locator('li.toast[data-type="error"]')
    .filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast.locator('.toast__message')).toHaveText(text);
  return toast
    .locator('.toast__message [lang]')
    .evaluateAll((parts) => parts.map((part) => [part.getAttribute('lang'), part.textContent]));
}

for (const language of ['en', 'es'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Spanish'}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'es-US' });

    test('a link refused at Add, a summary that goes with its error, a refusal in the page’s language', async ({
      page,
    }) => {
      const n = PAGE[language];
      const field = (name: string) => page.getByLabel(name, { exact: true });
      await page.goto(`${app?.server.url}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      await field(n.first).fill('Lucía');
      await field(n.last).fill('Hernández');
      await field(n.email).fill('status-422@example.com');
      await field(n.password).fill('correct-horse');
      await field(n.zip).fill('78701');
      await page.getByRole('button', { name: n.next }).click();
      await page.getByRole('button', { name: n.next }).click();
      await expect(page.getByRole('heading', { level: 2, name: n.resume })).toBeVisible();

      // Point 9: Submit without a resume lists it; attaching one takes the entry and the summary.
      await page.getByRole('button', { name: n.submit }).click();
      const summary = page.getByRole('alert', { name: n.problem });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveText([n.noResume]);

      // Point 8: a link the server would refuse is refused at Add; nothing is added.
      await page.getByRole('tab', { name: n.addUrl }).click();
      const link = field(n.resumeUrl);
      await link.fill('no es una url');
      await page.getByRole('button', { name: n.add, exact: true }).click();
      await expect(link).toHaveAttribute('aria-invalid', 'true');
      await expect(link).toHaveAccessibleDescription(new RegExp(`${n.validUrl}$`));
      await expect(link).toBeFocused();
      await expect(page.getByText(n.added)).toHaveCount(0);
      await expect(summary.getByRole('link')).toHaveText([n.noResume]);

      await link.fill('example.com/cv/lucia.pdf');
      const add = page.getByRole('button', { name: n.add, exact: true });
      await add.click();
      await expect(page.getByText(`${n.added} lucia.pdf`)).toBeVisible();
      await expect(summary).toHaveCount(0);
      await expect(add).toBeFocused();

      // Point 1: the sandbox's 422 names what to fix; its 401 does not.
      await page.getByRole('button', { name: n.submit }).click();
      expect(await errorToast(page, n.unreadable.text)).toEqual(
        n.unreadable.english ? [['en', n.unreadable.english]] : [],
      );

      await page
        .getByRole('navigation')
        .getByRole('button', { name: n.personal, exact: true })
        .click();
      await field(n.email).fill('status-401@example.com');
      await page
        .getByRole('navigation')
        .getByRole('button', { name: n.resume, exact: true })
        .click();
      await page.getByRole('button', { name: n.submit }).click();
      expect(await errorToast(page, n.credentials.text)).toEqual([]);
      // Neither is the conflict toast, in either language.
      await expect(
        page.getByText(REGISTRATION_TOASTS.conflict('https://jobs.example.test')),
      ).toHaveCount(0);
    });
  });
}
