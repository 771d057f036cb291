// Form helpers of the browser suite: fill the wizard's steps, move between them, and the
// expectations on what the page and the provider show. Page-level only: no fixtures here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type {
  EducationLevel,
  EligibilityStatus,
  JobType,
  WorkExperience,
} from '../src/shared/constants.ts';
import type { Locale } from '../src/shared/locale.ts';
import { DRAFT_KEY } from '../src/web/draft.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The unit tests' real PDF (made by test/fixtures/make-fixtures.mjs), one file for both suites. */
export const RESUME_PDF = path.join(HERE, '../test/fixtures/resume.pdf');
export const NOTES_PNG = path.join(HERE, 'fixtures', 'notes.png');

let emails = 0;
/** A fresh lower-case address: worker, process, time and a counter. */
export function uniqueEmail(worker = 0): string {
  emails += 1;
  return `e2e.w${worker}.${process.pid}.${Date.now().toString(36)}.${emails}@example.com`;
}

export interface Personal {
  first: string;
  last: string;
  email: string;
  password: string;
  phone: string;
  zip: string;
  town: string;
}

/** What the browser suites type into step 1 unless a test says otherwise; a new email each time. */
export function personalExample(): Personal {
  return {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct-horse',
    phone: '(555) 123-4567',
    zip: '10001-1234',
    town: 'Austin',
  };
}

/**
 * What the form calls its parts in each language: the controls and buttons by accessible name,
 * the page's title, step 1's heading, and the error summary with what it lists for step 1 with
 * only the names and an email.
 */
export const NAMES = {
  es: {
    language: 'Idioma',
    option: 'Español',
    title: 'Registro en Resume Library',
    step: 'Datos personales',
    career: 'Datos profesionales',
    resume: 'Currículum',
    first: 'Nombre',
    last: 'Apellido',
    email: 'Correo electrónico',
    password: 'Contraseña',
    phone: 'Teléfono',
    zip: 'Código postal',
    town: 'Ciudad',
    next: 'Siguiente paso',
    problem: 'Hay un problema',
    missing: ['La contraseña debe tener al menos 8 caracteres', 'El código postal es obligatorio'],
    desired: 'Puesto deseado',
    contract: 'Por contrato',
    salaryMin: 'Salario mínimo',
    salaryMax: 'Salario máximo',
    education: 'Nivel de estudios',
    masters: 'Maestría',
    skills: 'Habilidades clave',
    radius: 'Distancia de desplazamiento (millas)',
    addUrl: 'Agregar URL',
    resumeUrl: 'URL del currículum',
    add: 'Agregar',
    submit: 'Enviar registro',
    remove: 'Quitar',
    random: 'Completar con datos aleatorios',
    registered: 'Registro completado',
  },
  en: {
    language: 'Language',
    option: 'English',
    title: 'Resume Library Registration',
    step: 'Personal Info',
    career: 'Career Info',
    resume: 'Resume',
    first: 'First Name',
    last: 'Last Name',
    email: 'Email',
    password: 'Password',
    phone: 'Phone',
    zip: 'Zip Code',
    town: 'Home Town',
    next: 'Next Step',
    problem: 'There is a problem',
    missing: ['Password must be at least 8 characters', 'Zip code is required'],
    desired: 'Desired Job Title',
    contract: 'Contract',
    salaryMin: 'Minimum Salary',
    salaryMax: 'Maximum Salary',
    education: 'Education Level',
    masters: 'Masters',
    skills: 'Key Skills',
    radius: 'Travel Radius (miles)',
    addUrl: 'Add URL',
    resumeUrl: 'Resume URL',
    add: 'Add',
    submit: 'Submit Registration',
    remove: 'Remove',
    random: 'Fill with Random Data',
    registered: "You're registered",
  },
} as const satisfies Record<Locale, unknown>;

export async function fillPersonal(
  page: Page,
  overrides: Partial<Personal> = {},
): Promise<Personal> {
  const values: Personal = { ...personalExample(), ...overrides };
  await page.getByLabel('First Name', { exact: true }).fill(values.first);
  await page.getByLabel('Last Name', { exact: true }).fill(values.last);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  await page.getByLabel('Zip Code', { exact: true }).fill(values.zip);
  await page.getByLabel('Home Town', { exact: true }).fill(values.town);
  return values;
}

export interface Career {
  desired: string;
  latest: string;
  jobTypes: JobType[];
  salaryMin: number;
  salaryMax: number;
  education: '' | EducationLevel;
  experience: '' | WorkExperience;
  skills: string;
  radius: number;
  eligibility: EligibilityStatus;
  relocate: boolean;
  drivingLicense: boolean;
}

/** What step 2 holds before anyone touches it (docs/form.md initial values). */
export const INITIAL_CAREER: Career = {
  desired: '',
  latest: '',
  jobTypes: [],
  salaryMin: 10_000,
  salaryMax: 90_000,
  education: '',
  experience: '',
  skills: '',
  radius: 25,
  eligibility: 'auth_any_employer',
  relocate: true,
  drivingLicense: true,
};

/** What the browser suites type into step 2 unless a test says otherwise. */
export const CAREER_EXAMPLE: Career = {
  desired: 'Data Engineer',
  latest: 'Analyst',
  jobTypes: ['Contract', 'Part Time'],
  salaryMin: 55_000,
  salaryMax: 95_000,
  education: 'Masters',
  experience: '3-5',
  skills: 'SQL, Python',
  radius: 40,
  eligibility: 'auth_sponsorship',
  relocate: true,
  drivingLicense: false,
};

/** Fills step 2 (which must be showing) and returns what it holds. */
export async function fillCareer(page: Page, overrides: Partial<Career> = {}): Promise<Career> {
  const values: Career = { ...CAREER_EXAMPLE, ...overrides };
  await page.getByLabel('Desired Job Title', { exact: true }).fill(values.desired);
  await page.getByLabel('Latest Job Title', { exact: true }).fill(values.latest);
  for (const type of ['Permanent', 'Contract', 'Temp', 'Part Time'] as const) {
    await page
      .getByRole('checkbox', { name: type, exact: true })
      .setChecked(values.jobTypes.includes(type));
  }
  await page.getByLabel('Minimum Salary', { exact: true }).fill(String(values.salaryMin));
  await page.getByLabel('Maximum Salary', { exact: true }).fill(String(values.salaryMax));
  await page.getByLabel('Education Level', { exact: true }).selectOption(values.education);
  await page.getByLabel('Work Experience', { exact: true }).selectOption(values.experience);
  await page.getByLabel('Key Skills', { exact: true }).fill(values.skills);
  await page.getByLabel('Travel Radius (miles)', { exact: true }).fill(String(values.radius));
  await page.getByLabel('Eligibility Status', { exact: true }).selectOption(values.eligibility);
  await setSwitch(page.getByRole('switch', { name: 'Willing to Relocate' }), values.relocate);
  await setSwitch(page.getByRole('switch', { name: 'Has Driving License' }), values.drivingLicense);
  return values;
}

/** Clicks a switch when it is not already in the wanted state. */
async function setSwitch(control: Locator, on: boolean) {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

/** The record the provider should receive for these answers (docs/form.md sanitising). */
export function providerBody(
  personal: Personal,
  career: Career,
  resume: { resume_url: unknown; uploaded_resume: unknown },
): Record<string, unknown> {
  return {
    first_name: personal.first.trim(),
    last_name: personal.last.trim(),
    country_id: 'US',
    home_town: personal.town.trim(),
    desired_job_title: career.desired.trim(),
    latest_job_title: career.latest.trim(),
    email: personal.email.trim().toLowerCase(),
    password: personal.password,
    uploaded_resume: resume.uploaded_resume,
    resume_url: resume.resume_url,
    acceptable_job_types: career.jobTypes.length > 0 ? career.jobTypes : ['Permanent'],
    phone: personal.phone.replace(/[^\d+]/g, ''),
    zip_code: personal.zip.replace(/[^\d-]/g, '').slice(0, 5),
    salary_min: career.salaryMin,
    salary_max: career.salaryMax,
    travel_radius: career.radius,
    education_level: career.education,
    work_experience: career.experience,
    relocate: career.relocate ? '1' : '0',
    driving_license: career.drivingLicense ? '1' : '0',
    eligibility_status: career.eligibility,
    key_skills: career.skills.trim(),
    registration_date: expect.stringMatching(ISO_TIMESTAMP),
  };
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A button of the step list ("Personal Info", "Career Info", "Resume"). */
export function stepButton(page: Page, name: 'Personal Info' | 'Career Info' | 'Resume') {
  return page
    .getByRole('navigation', { name: 'Registration steps' })
    .getByRole('button', { name, exact: true });
}

export async function expectStep(page: Page, name: 'Personal Info' | 'Career Info' | 'Resume') {
  await expect(stepButton(page, name)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
}

export async function next(page: Page) {
  await page.getByRole('button', { name: 'Next Step', exact: true }).click();
}

/**
 * From a filled step 1: Next Step to Career Info, then the "Resume" step button (which
 * validates like Next) to the Resume step. The step button, not Next Step, is used for the
 * second move because Next Step on Career Info also submits the form (see
 * navigation.spec.ts), which would put a "no resume" summary on the Resume step.
 */
export async function nextToResume(page: Page) {
  await next(page);
  await expectStep(page, 'Career Info');
  await stepButton(page, 'Resume').click();
  await expectStep(page, 'Resume');
  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeVisible();
}

/** Attaches a link on the Add URL tab with the Add button. */
export async function attachUrl(page: Page, url: string, button: 'Add' | 'Submit URL' = 'Add') {
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await page.getByLabel('Resume URL', { exact: true }).fill(url);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Uploads a file through the drop zone's file input and waits for it to be attached. */
export async function uploadResume(page: Page, file = RESUME_PDF, name = path.basename(file)) {
  await page.getByRole('tab', { name: 'Upload File' }).click();
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(file);
  await expect(resumeAdded(page, name)).toBeVisible();
}

/** The "Resume added: {filename}" line. */
export function resumeAdded(page: Page, filename: string) {
  return page.getByText(`Resume added: ${filename}`, { exact: true });
}

export function submitButton(page: Page) {
  return page.getByRole('button', { name: 'Submit Registration', exact: true });
}

/** A toast whose whole message is exactly `message`. */
export function toast(page: Page, message: string) {
  return page
    .getByRole('region', { name: 'Notifications alt+T' })
    .getByRole('listitem')
    .filter({ has: page.getByText(message, { exact: true }) });
}

export async function expectToast(
  page: Page,
  message: string,
  type: 'success' | 'error' | 'default',
  timeout?: number,
) {
  const shown = toast(page, message);
  await expect(shown).toBeVisible(timeout ? { timeout } : {});
  if (type === 'default') await expect(shown).not.toHaveAttribute('data-type', /./);
  else await expect(shown).toHaveAttribute('data-type', type);
}

export function errorSummary(page: Page) {
  return page.getByRole('alert', { name: 'There is a problem' });
}

/**
 * The field is aria-invalid, and one of the elements its aria-describedby names is the
 * visible error text "Error: {message}" ("Error: " is visually hidden).
 */
export async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const page = control.page();
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const described = await Promise.all(
    ids.map(async (id) => ({
      id,
      text: ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim(),
    })),
  );
  const error = described.find(({ text }) => text === `Error: ${message}`);
  expect(error, `aria-describedby ${JSON.stringify(described)} holds "${message}"`).toBeTruthy();
  await expect(page.locator(`[id="${error?.id}"]`)).toBeVisible();
}

export async function readDraft(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
}

/**
 * Holds the app's script (main-*.js) back until the returned function is called: what the test
 * does meanwhile happens on the prerendered page, before the app has hydrated.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Runs in the page from its start (an init script): notes each value the language switch shows,
 * frame by frame as a person sees it, in `window.languageShown`; `languageShown` reads it.
 */
export function noteLanguageShown() {
  const shown: string[] = [];
  Object.assign(window, { languageShown: shown });
  const look = () => {
    const select = document.getElementById('language') as HTMLSelectElement | null;
    // A select still being parsed shows its first option until the chosen one arrives: only a
    // whole one (an option for each of the two languages) says what the page chose.
    const value = select && select.options.length >= 2 ? select.value : null;
    if (value && value !== shown[shown.length - 1]) shown.push(value);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** What `noteLanguageShown` noted so far (runs in the page). */
export const languageShown = () => (window as unknown as { languageShown: string[] }).languageShown;

/**
 * Where a candidate chooses a language before the app has hydrated, and from which to which:
 * the early-language specs run each, in Chromium (e2e/early-language.spec.ts) and in each engine
 * (e2e/cross-browser/early-language.spec.ts).
 */
export interface EarlyChoice {
  /** Where the candidate is, as the test's name says it. */
  where: string;
  /** The page's language as it came, and the one chosen in its switch. */
  from: Locale;
  to: Locale;
  /** The form's address below the server's root: how the page came in `from`. */
  path: string;
  /** The page came in `from` by the candidate's earlier choice on this device (the lang cookie). */
  remembered?: boolean;
  /** The browser's window; the suite's own when not given. */
  window?: { width: number; height: number };
  /** In embed.js's frame on a job board's page (docs/embedding.md), not on the form's own. */
  board?: boolean;
  /**
   * Only in Chromium's spec: the same code path as a case every engine runs, tried in Firefox and
   * WebKit once (all passed) and left out of their suite for its time.
   */
  chromiumOnly?: boolean;
}

export const EARLY_CHOICES: readonly EarlyChoice[] = [
  { where: 'on the form’s own page', from: 'en', to: 'es', path: '/' },
  {
    where: 'on a 360 × 640 phone',
    from: 'en',
    to: 'es',
    path: '/',
    window: { width: 360, height: 640 },
    chromiumOnly: true,
  },
  {
    where: 'on a Spanish page (?lang=es)',
    from: 'es',
    to: 'en',
    path: '/?lang=es',
    chromiumOnly: true,
  },
  {
    where: 'on a Spanish page (the lang cookie)',
    from: 'es',
    to: 'en',
    path: '/',
    remembered: true,
  },
  {
    where: 'in the form’s frame on a job board’s page',
    from: 'en',
    to: 'es',
    path: '/',
    // A phone's width, where the form in Spanish is taller than in English: the frame must grow.
    window: { width: 390, height: 844 },
    board: true,
  },
];

/**
 * Runs in the page: counts from now on each click the document hears on a button (once per
 * document), so that a test can tell a click the browser dropped from one the app ignored. A
 * click elsewhere is not counted: a press whose mouseup lands beside the button (the frame moved
 * between mousedown and mouseup) is heard on what holds both, and did not press the button.
 */
export function countClicks(): void {
  const root = document.documentElement;
  if (root.dataset.clicks !== undefined) return;
  root.dataset.clicks = '0';
  addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element && event.target.closest('button'))) return;
      root.dataset.clicks = String(Number(root.dataset.clicks) + 1);
    },
    true,
  );
}

/** Runs in the page: how many clicks on a button it has heard since `countClicks`. */
export const clicksHeard = () => Number(document.documentElement.dataset.clicks ?? 0);
