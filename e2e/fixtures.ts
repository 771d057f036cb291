// Each worker runs the built server (node dist/server/main.js) against a provider stand-in
// server that records what the provider received.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

interface Script {
  status: number;
  body: string;
  contentType: string;
  delayMs: number;
  hang: boolean;
}

export class StandIn {
  readonly requests: Received[] = [];
  private script: Script = StandIn.defaults();
  constructor(private readonly server: Server) {}

  static defaults(): Script {
    return {
      status: 201,
      body: '{"id":"stand-in-1"}',
      contentType: 'application/json',
      delayMs: 0,
      hang: false,
    };
  }
  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  respond(
    status: number,
    body: unknown = '',
    contentType = 'application/problem+json',
    delayMs = 0,
  ) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    this.script = { status, body: text, contentType, delayMs, hang: false };
  }
  hang() {
    this.script = { ...StandIn.defaults(), hang: true };
  }
  reset() {
    this.requests.length = 0;
    this.script = StandIn.defaults();
  }
  handle(request: IncomingMessage, text: string, reply: (s: Script) => void) {
    this.requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(text || '{}') as Record<string, unknown>,
    });
    const script = this.script;
    if (script.hang) return;
    setTimeout(() => reply(script), script.delayMs);
  }
}

async function startStandIn(): Promise<{ standIn: StandIn; close: () => Promise<void> }> {
  let standIn: StandIn | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () =>
      standIn?.handle(request, Buffer.concat(chunks).toString('utf8'), (script) => {
        response.writeHead(script.status, { 'content-type': script.contentType });
        response.end(script.body);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn = new StandIn(server);
  return {
    standIn,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForServer(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`${base}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output()}`);
}

export const JOB_BOARD_URL = 'https://jobs.example.test';
export const PROVIDER_USER = 'e2e-user';
export const PROVIDER_KEY = 'e2e-key';

interface RunningServer {
  base: string;
}

// biome-ignore lint/suspicious/noConfusingVoidType: an auto fixture provides nothing, as Playwright types it.
export const test = base.extend<{ guard: void }, { standIn: StandIn; server: RunningServer }>({
  standIn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its pattern.
    async ({}, use) => {
      const { standIn, close } = await startStandIn();
      await use(standIn);
      await close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ standIn }, use) => {
      const port = await freePort();
      const uploadDir = await mkdtemp(path.join(tmpdir(), 'e2e-resumes-'));
      let output = '';
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PROVIDER_API_BASE: standIn.url,
          PROVIDER_API_USER: PROVIDER_USER,
          PROVIDER_API_KEY: PROVIDER_KEY,
          PROVIDER_TIMEOUT_MS: '3000',
          UPLOAD_DIR: uploadDir,
          JOB_BOARD_URL,
          RATE_LIMIT_REGISTER: 'off',
          RATE_LIMIT_UPLOAD: 'off',
          BOT_MIN_FILL_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => {
        output = (output + chunk).slice(-4000);
      });
      child.stderr?.on('data', (chunk) => {
        output = (output + chunk).slice(-4000);
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForServer(base, child, () => output);
      await use({ base });
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(uploadDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.base),
  guard: [
    async ({ page, standIn }, use) => {
      standIn.reset();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // Chrome logs every 4xx/5xx answer; those are expected in error-path tests.
        if (
          message.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of \d+/.test(message.text())
        ) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
export const uniqueEmail = () => `e2e.${process.pid}.${Date.now()}.${counter++}@example.com`;

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
  await page.getByLabel('First Name').fill(values.first);
  await page.getByLabel('Last Name').fill(values.last);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Phone').fill(values.phone);
  await page.getByLabel('Zip Code').fill(values.zip);
  await page.getByLabel('Home Town').fill(values.town);
  return values;
}

/** Fills step 1, moves to step 2 and then to the Resume step. */
export async function reachResumeStep(page: Page, overrides: Partial<Personal> = {}) {
  const personal = await fillPersonal(page, overrides);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('heading', { name: 'Career Info' })).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('tab', { name: 'Upload File' })).toBeVisible();
  return personal;
}

export async function attachUrl(page: Page, url: string) {
  await page.getByRole('tab', { name: 'Add URL' }).click();
  await page.getByLabel('Resume URL').fill(url);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

export function toast(page: Page, message: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: message });
}

/** A button of the step list ("Personal Info", "Career Info", "Resume"). */
export function stepButton(page: Page, name: 'Personal Info' | 'Career Info' | 'Resume') {
  return page
    .getByRole('navigation', { name: 'Registration steps' })
    .getByRole('button', { name, exact: true });
}
