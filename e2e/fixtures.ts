// Playwright fixtures of the browser suite.
//
// Each worker starts a provider stand-in (a real node:http server on 127.0.0.1 that records
// every request and answers what the test scripted) and the BUILT server
// (`node dist/server/main.js`, so run `npm run build` first) pointed at it. Every test gets a
// reset stand-in, the server as its baseURL, and fails on any uncaught page error or console
// error other than Chrome's own line for a 4xx/5xx answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = path.join(ROOT, 'e2e', 'fixtures');
export const RESUME_PDF = path.join(FIXTURES, 'resume.pdf');
export const NOTES_PNG = path.join(FIXTURES, 'notes.png');

export const JOB_BOARD_URL = 'https://jobs.example.test';
export const PROVIDER_USER = 'e2e-user';
export const PROVIDER_KEY = 'e2e-key';
export const BASIC_AUTH = `Basic ${Buffer.from(`${PROVIDER_USER}:${PROVIDER_KEY}`).toString('base64')}`;
export const REGISTER_PATH = '/v1/candidate/backfill/register';
/** The same-device draft's localStorage key. */
export const DRAFT_KEY = 'resume-library-registration:draft:v1';

// ---------------------------------------------------------------------------------------------
// The provider stand-in

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  rawBody: string;
}

interface Script {
  status: number;
  body: string;
  contentType: string;
  delayMs: number;
  hang: boolean;
}

const DEFAULT_SCRIPT: Script = {
  status: 201,
  body: JSON.stringify({ id: 'stand-in-1' }),
  contentType: 'application/json',
  delayMs: 0,
  hang: false,
};

export class StandIn {
  readonly requests: RecordedRequest[] = [];
  private script: Script = { ...DEFAULT_SCRIPT };
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly server: Server) {
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = rawBody;
        try {
          body = rawBody === '' ? null : JSON.parse(rawBody);
        } catch {
          // kept as text
        }
        this.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
          rawBody,
        });
        this.answer(response, this.script);
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * The answer to every following request: a JSON body for an object, text for a string
   * (content type `application/json` or `text/plain` unless given), after `delayMs`.
   */
  respond(status: number, body: unknown = '', contentType?: string, delayMs = 0): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const type = contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json');
    this.script = { status, body: text, contentType: type, delayMs, hang: false };
  }

  /** Never answers the following requests (until reset). */
  hang(): void {
    this.script = { ...DEFAULT_SCRIPT, hang: true };
  }

  /** Forgets the recorded requests, drops any held answer and goes back to 201 {id}. */
  reset(): void {
    this.requests.length = 0;
    this.script = { ...DEFAULT_SCRIPT };
    for (const response of this.open) response.destroy();
    this.open.clear();
  }

  /** The registrations received (POSTs to the register path). */
  registrations(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === REGISTER_PATH);
  }

  private answer(response: ServerResponse, script: Script): void {
    this.open.add(response);
    response.on('close', () => this.open.delete(response));
    if (script.hang) return;
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(script.status, {
        'content-type': script.contentType,
        'content-length': Buffer.byteLength(script.body),
      });
      response.end(script.body);
    }, script.delayMs);
  }
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// ---------------------------------------------------------------------------------------------
// The built server

export interface RunningServer {
  url: string;
  port: number;
  uploadDir: string;
  /** The last lines the server printed (for failure messages). */
  output(): string;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer GET /api/config with 200 in 20 s:\n${output()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// Fixtures

interface WorkerFixtures {
  standIn: StandIn;
  server: RunningServer;
}

interface TestFixtures {
  /** Resets the stand-in and fails the test on page errors; provides nothing. */
  guard: undefined;
  /** A unique, already normalised email for this test. */
  email: string;
}

/** Chrome's own console line for an HTTP error answer; expected in the error-path tests. */
const HTTP_ERROR_LINE = /^Failed to load resource: the server responded with a status of \d{3}\b/;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  standIn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
    async ({}, use) => {
      const server = createServer();
      const standIn = new StandIn(server);
      await listen(server);
      await use(standIn);
      standIn.reset();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ standIn }, use) => {
      const port = await freePort();
      const uploadDir = await mkdtemp(path.join(tmpdir(), 'e2e-uploads-'));
      let output = '';
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          PROVIDER_API_BASE: standIn.url,
          PROVIDER_API_USER: PROVIDER_USER,
          PROVIDER_API_KEY: PROVIDER_KEY,
          PROVIDER_TIMEOUT_MS: '3000',
          UPLOAD_DIR: uploadDir,
          JOB_BOARD_URL,
          // One worker's server sees dozens of registrations and uploads from one IP in a
          // minute, and some tests submit within 1.5 s of loading the page: the per-IP limits
          // and the fill-time bot check would otherwise answer for the provider.
          RATE_LIMIT_REGISTER: 'off',
          RATE_LIMIT_UPLOAD: 'off',
          BOT_MIN_FILL_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-8_000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilReady(url, child, () => output);
        await use({ url, port, uploadDir, output: () => output });
      } finally {
        await stop(child);
        await rm(uploadDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  // The app hydrates after the first paint (src/web/boot.ts). Navigations wait for it, as a
  // person waits for the page to respond, so that every click reaches React.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const hydrated = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that stops at 'commit' watches the page before it hydrates.
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated();
      return response;
    };
    await use(page);
  },

  guard: [
    async ({ page, standIn, baseURL }, use) => {
      expect(baseURL).toBeTruthy();
      standIn.reset();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !HTTP_ERROR_LINE.test(message.text())) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use(undefined);
      expect(problems, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads dependencies from the pattern.
  email: async ({}, use, testInfo) => {
    await use(uniqueEmail(testInfo.workerIndex));
  },
});

let emails = 0;
/** A fresh lower-case address: worker, process, time and a counter. */
export function uniqueEmail(worker = 0): string {
  emails += 1;
  return `e2e.w${worker}.${process.pid}.${Date.now().toString(36)}.${emails}@example.com`;
}

// ---------------------------------------------------------------------------------------------
// Form helpers

export interface Personal {
  first: string;
  last: string;
  email: string;
  password: string;
  phone: string;
  zip: string;
  town: string;
}

export async function fillPersonal(
  page: Page,
  overrides: Partial<Personal> = {},
): Promise<Personal> {
  const values: Personal = {
    first: 'Ada',
    last: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct-horse',
    phone: '(555) 123-4567',
    zip: '10001-1234',
    town: 'Austin',
    ...overrides,
  };
  await page.getByLabel('First Name', { exact: true }).fill(values.first);
  await page.getByLabel('Last Name', { exact: true }).fill(values.last);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  await page.getByLabel('Zip Code', { exact: true }).fill(values.zip);
  await page.getByLabel('Home Town', { exact: true }).fill(values.town);
  return values;
}

export type JobType = 'Permanent' | 'Contract' | 'Temp' | 'Part Time';

export interface Career {
  desired: string;
  latest: string;
  jobTypes: JobType[];
  salaryMin: number;
  salaryMax: number;
  education: '' | 'High School' | 'Associates' | 'Bachelors' | 'Masters' | 'Doctorate';
  experience: '' | '0-1' | '1-2' | '3-5' | '5-10' | '10+';
  skills: string;
  radius: number;
  eligibility: 'auth_any_employer' | 'auth_current_employer' | 'auth_sponsorship';
  relocate: boolean;
  drivingLicense: boolean;
}

/** What step 2 holds before anyone touches it (spec §3 initial values). */
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

/** Fills step 2 (which must be showing) and returns what it holds. */
export async function fillCareer(page: Page, overrides: Partial<Career> = {}): Promise<Career> {
  const values: Career = {
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
    ...overrides,
  };
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
export async function setSwitch(control: Locator, on: boolean) {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

/** The record the provider should receive for these answers (spec §3 sanitising). */
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

/** A toast whose whole title is exactly `message`. */
export function toast(page: Page, message: string) {
  return page.locator('[data-sonner-toast]').filter({
    has: page.locator('[data-title]').getByText(message, { exact: true }),
  });
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
