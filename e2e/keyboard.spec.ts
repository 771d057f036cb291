// A candidate who uses only the keyboard completes all three steps: Tab, Shift+Tab, Space,
// Enter, arrow keys and typing; no clicks, no fill().
import { expect, type Page } from '@playwright/test';
import { REGISTRATION_TOASTS } from '../src/shared/messages.ts';
import { test } from './fixtures.ts';
import {
  type Career,
  expectStep,
  expectToast,
  type Personal,
  providerBody,
  resumeAdded,
} from './form.ts';

interface Focused {
  id: string;
  tag: string;
  role: string;
  name: string;
}

/** What has focus (read only: nothing is clicked or set from here). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelledBy = el?.getAttribute('aria-labelledby');
    const name =
      el?.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : null) ??
      el?.textContent ??
      '';
    return {
      id: el?.id ?? '',
      tag: el?.tagName.toLowerCase() ?? '',
      role: el?.getAttribute('role') ?? '',
      name: name.trim(),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches; fails after 40 presses. */
async function tabTo(
  page: Page,
  what: string,
  matches: (el: Focused) => boolean,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press(key);
    if (matches(await focused(page))) return;
  }
  throw new Error(`${what} was never reached with ${key}`);
}

const byId = (id: string) => (el: Focused) => el.id === id;
const button = (name: string) => (el: Focused) => el.tag === 'button' && el.name === name;

/** Tabs to a text or number field, replaces its value by typing. */
async function typeInto(page: Page, id: string, text: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await tabTo(page, `#${id}`, byId(id), key);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test('a keyboard-only candidate completes all three steps and is registered', async ({
  page,
  standIn,
  email,
}) => {
  await page.goto('/');
  const personal: Personal = {
    first: 'Kay',
    last: 'Board',
    email,
    password: 'keyboard-only',
    phone: '555 987 6543',
    zip: '30301',
    town: 'Atlanta',
  };
  await typeInto(page, 'field-first_name', personal.first);
  await typeInto(page, 'field-last_name', personal.last);
  await typeInto(page, 'field-email', personal.email);
  await typeInto(page, 'field-password', personal.password);
  await typeInto(page, 'field-phone', personal.phone);
  await typeInto(page, 'field-zip_code', personal.zip);
  await typeInto(page, 'field-home_town', personal.town);
  await tabTo(page, 'Next Step', button('Next Step'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'Career Info');

  // Back up from Next Step to the first field of step 2, then forward through the step.
  await typeInto(page, 'field-desired_job_title', 'Keyboard Tester', 'Shift+Tab');
  await typeInto(page, 'field-latest_job_title', 'Typist');
  await tabTo(page, 'the Permanent checkbox', (el) => el.name === 'Permanent');
  await tabTo(page, 'the Temp checkbox', (el) => el.name === 'Temp');
  await page.keyboard.press('Space');
  await typeInto(page, 'field-salary_min', '30000');
  await typeInto(page, 'field-salary_max', '60000');
  await tabTo(page, 'Education Level', byId('field-education_level'));
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Education Level', { exact: true })).toHaveValue('Bachelors');
  await tabTo(page, 'Work Experience', byId('field-work_experience'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Work Experience', { exact: true })).toHaveValue('1-2');
  await typeInto(page, 'field-key_skills', 'Typing, Shortcuts');
  await typeInto(page, 'field-travel_radius', '15');
  await tabTo(page, 'Eligibility Status', byId('field-eligibility_status'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Eligibility Status', { exact: true })).toHaveValue(
    'auth_current_employer',
  );
  await tabTo(page, 'Willing to Relocate', byId('field-relocate'));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Willing to Relocate' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Temp', exact: true })).toBeChecked();
  await tabTo(page, 'Next Step', button('Next Step'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'Resume');
  const career: Career = {
    desired: 'Keyboard Tester',
    latest: 'Typist',
    jobTypes: ['Temp'],
    salaryMin: 30_000,
    salaryMax: 60_000,
    education: 'Bachelors',
    experience: '1-2',
    skills: 'Typing, Shortcuts',
    radius: 15,
    eligibility: 'auth_current_employer',
    relocate: false,
    drivingLicense: true,
  };

  // The Resume step's code may still be loading (lazy chunk): wait for its tabs to show.
  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeVisible();
  // The tab list is one Tab stop; the arrow keys move between its tabs.
  await tabTo(page, 'the Upload File tab', (el) => el.role === 'tab');
  expect((await focused(page)).name).toBe('Upload File');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Add URL' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Add URL' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Add URL' })).toBeFocused();
  await typeInto(page, 'field-resume_url_input', 'example.com/kb/cv.pdf');
  await tabTo(page, 'Add', button('Add'));
  await page.keyboard.press('Space');
  await expect(resumeAdded(page, 'cv.pdf')).toBeVisible();

  await tabTo(page, 'Submit Registration', button('Submit Registration'));
  await page.keyboard.press('Enter');
  await expectToast(page, REGISTRATION_TOASTS.success, 'success');
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();

  expect(standIn.requests).toHaveLength(1);
  expect(standIn.requests[0]?.body).toEqual(
    providerBody(personal, career, {
      resume_url: 'https://example.com/kb/cv.pdf',
      uploaded_resume: null,
    }),
  );
  expect(standIn.requests[0]?.body).toMatchObject({ phone: '5559876543', zip_code: '30301' });
});
