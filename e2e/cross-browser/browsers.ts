// The browsers of the cross-browser suite, none of them downloaded, each behind one small
// interface (`Session`) so that every test runs unchanged in all of them:
//
// - firefox: Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi;
// - webkit: WebKitGTK's MiniBrowser, driven by Debian's WebKitWebDriver (W3C WebDriver over
//   HTTP, ./webdriver.ts) on a virtual X display (Xvfb);
// - chromium: Debian's Chromium, driven by puppeteer-core, as the control: the same test in
//   the browser the rest of the suite already trusts.
//
// Elements are found by role and accessible name, as a person or a screen reader finds them,
// with one small in-page function (`locate`) that every engine runs.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type Frame,
  type Page,
} from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';
import { freePort } from '../built-server.ts';
import { type ElementRef, isElementRef, WebDriverSession } from './webdriver.ts';

export type Engine = 'firefox' | 'webkit' | 'chromium';

const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** In libwebkit2gtk-4.1-0, under the machine's multiarch directory. */
const MINIBROWSER = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;
const XVFB = '/usr/bin/Xvfb';

/** A phone's size (an iPhone 12–15 in CSS pixels); browsers may keep a larger minimum window. */
export const PHONE = { width: 390, height: 844 };

/** What can be found: a form control by its label, or an element of a role by its name. */
type Role = 'label' | 'button' | 'checkbox' | 'switch' | 'tab';

/** How long an element may take to appear (a step that is still rendering). */
const FIND_TIMEOUT_MS = 5_000;

export interface Session {
  readonly engine: Engine;
  /**
   * Opens `url` in the one tab and waits for its load event, or with `parsed` only until its
   * document is parsed (DOMContentLoaded): a page whose frame's load the test holds back. Not in
   * WebKit: see WebKitSession.
   */
  goto(url: string, until?: 'load' | 'parsed'): Promise<void>;
  /**
   * Runs `fn` (synchronous and self-contained: it is sent as source) in the page; JSON values
   * in and out.
   */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<R>;
  /** Like evaluate, in the document of the page's first iframe that matches `selector`. */
  evaluateInFrame<R, A extends unknown[]>(
    selector: string,
    fn: (...args: A) => R,
    ...args: A
  ): Promise<R>;
  /** Replaces the value of the control labelled `label` by typing `value`. */
  fill(label: string, value: string): Promise<void>;
  /** Like fill, in the iframe at `frame`. */
  fillInFrame(frame: string, label: string, value: string): Promise<void>;
  /** Clicks the element of `role` named `name`. */
  click(role: Exclude<Role, 'label'>, name: string): Promise<void>;
  /** Clicks, as a person does, the element of `role` named `name` in the iframe at `frame`. */
  clickInFrame(frame: string, role: Exclude<Role, 'label'>, name: string): Promise<void>;
  /** Chooses the option whose value is `value` in the select labelled `label`. */
  select(label: string, value: string): Promise<void>;
  /** Like select, in the iframe at `frame`. */
  selectInFrame(frame: string, label: string, value: string): Promise<void>;
  /** Chooses `file` in the file input labelled `label`. */
  upload(label: string, file: string): Promise<void>;
  /** A PNG of what the viewport shows. */
  screenshot(): Promise<Buffer>;
  /** Ends the browser and every process started for it. */
  close(): Promise<void>;
}

/**
 * Runs in the page: the first element of `role` whose accessible name is `name`. A simplified
 * accessible-name computation, enough for this form: aria-label, aria-labelledby, <label>, then
 * the text without its aria-hidden parts.
 */
function locate(role: Role, name: string): Element | null {
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
    return Array.from(node.childNodes, textOf).join('');
  };
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return normal(label);
    const by = element.getAttribute('aria-labelledby');
    if (by) {
      return normal(
        by
          .split(/\s+/)
          .map((id) => {
            const labelling = document.getElementById(id);
            return labelling ? textOf(labelling) : '';
          })
          .join(' '),
      );
    }
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return normal(Array.from(labels, textOf).join(' '));
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
      ? ''
      : normal(textOf(element));
  };
  const selectors: Record<Role, string> = {
    label: 'input, select, textarea',
    button: 'button:not([role]), [role="button"]',
    checkbox: 'input[type="checkbox"]:not([role]), [role="checkbox"]',
    switch: '[role="switch"]',
    tab: '[role="tab"]',
  };
  const candidates = Array.from(document.querySelectorAll(selectors[role]));
  return candidates.find((element) => nameOf(element) === name) ?? null;
}

async function within<T>(what: string, ms: number, work: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await work();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not found in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function describe(role: Role, name: string) {
  return role === 'label' ? `the control labelled "${name}"` : `the ${role} named "${name}"`;
}

/**
 * Firefox and Chromium through puppeteer-core: one page in a browser context of its own (its own
 * cookies, storage and cache), in a browser that the worker's next tests may use too (`Browsers`).
 */
class PuppeteerSession implements Session {
  constructor(
    readonly engine: Engine,
    private readonly context: BrowserContext,
    private readonly page: Page,
    /** Ends the browser: when its context would not close. */
    private readonly endBrowser: () => Promise<void>,
  ) {}

  async goto(url: string, until: 'load' | 'parsed' = 'load') {
    const waitUntil = until === 'load' ? 'load' : 'domcontentloaded';
    await this.page.goto(url, { waitUntil, timeout: 20_000 });
  }

  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A) {
    return this.page.evaluate(
      fn as never,
      ...(args as unknown as never[]),
    ) as unknown as Promise<R>;
  }

  /** The document of the page's first iframe that matches `selector`. */
  private async frameAt(selector: string): Promise<Frame> {
    const element = await this.page.$(selector);
    const frame = await element?.contentFrame();
    await element?.dispose();
    if (!frame) throw new Error(`no frame at ${selector}`);
    return frame;
  }

  async evaluateInFrame<R, A extends unknown[]>(
    selector: string,
    fn: (...args: A) => R,
    ...args: A
  ) {
    const frame = await this.frameAt(selector);
    return (await frame.evaluate(fn as never, ...(args as unknown as never[]))) as R;
  }

  private find(role: Role, name: string, frame?: Frame): Promise<ElementHandle<Element>> {
    return within(describe(role, name), FIND_TIMEOUT_MS, async () => {
      const handle = await (frame ?? this.page).evaluateHandle(locate, role, name);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (!element) await handle.dispose();
      return element;
    });
  }

  async fill(label: string, value: string, frame?: Frame) {
    const element = await this.find('label', label, frame);
    // Firefox sends the keys to a field of a board's frame only once the frame has been clicked
    // (before, the field has the focus and the keys go nowhere): clicked first, as a person taps.
    if (frame) await element.click();
    await element.evaluate((input) => {
      (input as HTMLInputElement).value = '';
    });
    await element.type(value);
    await element.dispose();
  }

  async fillInFrame(selector: string, label: string, value: string) {
    await this.fill(label, value, await this.frameAt(selector));
  }

  async click(role: Exclude<Role, 'label'>, name: string) {
    const element = await this.find(role, name);
    await element.click();
    await element.dispose();
  }

  async clickInFrame(selector: string, role: Exclude<Role, 'label'>, name: string) {
    const element = await this.find(role, name, await this.frameAt(selector));
    await element.click();
    await element.dispose();
  }

  async select(label: string, value: string, frame?: Frame) {
    const element = (await this.find('label', label, frame)) as ElementHandle<HTMLSelectElement>;
    const chosen = await element.select(value);
    await element.dispose();
    if (chosen[0] !== value) throw new Error(`"${label}" has no option ${value}`);
  }

  async selectInFrame(selector: string, label: string, value: string) {
    await this.select(label, value, await this.frameAt(selector));
  }

  async upload(label: string, file: string) {
    const element = (await this.find('label', label)) as ElementHandle<HTMLInputElement>;
    await element.uploadFile(file);
    await element.dispose();
  }

  async screenshot() {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async close() {
    const closed = await Promise.race([
      this.context.close().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    if (!closed) await this.endBrowser();
  }
}

/** Closes `browser`, and kills its process if it has not ended 10 s later. */
async function endPuppeteer(browser: Browser) {
  const process = browser.process();
  await Promise.race([
    browser.close().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  if (process && process.exitCode === null && process.signalCode === null) {
    process.kill('SIGKILL');
  }
}

/** Starts Firefox or Chromium as `options` ask: the settings that only a launch can give. */
function startPuppeteer(
  engine: 'firefox' | 'chromium',
  { ancestorOrigins, window = PHONE, reducedMotion = false, languages }: LaunchOptions,
): Promise<Browser> {
  return engine === 'firefox'
    ? puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        extraPrefsFirefox: {
          ...(ancestorOrigins ? {} : { 'dom.location.ancestorOrigins.enabled': false }),
          // The system's "reduce motion" setting, as Firefox reads it.
          ...(reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
          // The languages the visitor set, as Firefox sends them (Accept-Language).
          ...(languages ? { 'intl.accept_languages': languages.join(',') } : {}),
        },
        // The window's size; Firefox keeps a minimum width (500 px here).
        args: [`--width=${window.width}`, `--height=${window.height}`],
        timeout: 30_000,
        protocolTimeout: 30_000,
      })
    : puppeteer.launch({
        browser: 'chrome',
        executablePath: CHROMIUM,
        headless: true,
        args: [
          ...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
          ...(languages ? [`--lang=${languages[0]}`, `--accept-lang=${languages.join(',')}`] : []),
        ],
        defaultViewport: window,
        timeout: 30_000,
        protocolTimeout: 30_000,
      });
}

/** A page in a new browser context of `browser`, as a fresh profile has it. */
async function openPuppeteerPage(
  engine: 'firefox' | 'chromium',
  browser: Browser,
  { window = PHONE, reducedMotion = false }: LaunchOptions,
  endBrowser: () => Promise<void>,
): Promise<Session> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (engine === 'firefox') {
      // Firefox 153 sets the viewport over BiDi; an older one keeps the window's size.
      await page.setViewport(window).catch(() => {});
    } else if (reducedMotion) {
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    }
    return new PuppeteerSession(engine, context, page, endBrowser);
  } catch (error) {
    await endBrowser();
    throw error;
  }
}

/** Process groups started here and not yet ended: killed if the worker exits first. */
const groups = new Set<number>();
process.once('exit', () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Starts `file` as the leader of a new process group, for `endGroup` to end. */
function spawnGroup(file: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(file, args, { ...options, detached: true });
  if (child.pid !== undefined) groups.add(child.pid);
  return child;
}

/** Sends SIGTERM to the process group of `child`, SIGKILL after 5 s, and waits for its exit. */
async function endGroup(child: ChildProcess): Promise<void> {
  if (child.pid !== undefined) groups.delete(child.pid);
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // Whatever the group leader left behind (the browser and its web processes).
  signal('SIGKILL');
}

/** A virtual X display on the first free number (Xvfb picks it and tells us: -displayfd). */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const child = spawnGroup(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-2_000);
  });
  const fd3 = child.stdio[3] as NodeJS.ReadableStream;
  try {
    const display = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(
        () => reject(new Error(`Xvfb gave no display in 10 s: ${errors}`)),
        10_000,
      );
      fd3.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('\n')) {
          clearTimeout(timer);
          resolve(`:${text.trim()}`);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Xvfb exited (${code}): ${errors}`));
      });
    });
    return { display, process: child };
  } catch (error) {
    await endGroup(child);
    throw error;
  }
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver. The driver answers a command only once the
 * document it is sent to has loaded (the "normal" page load strategy; "eager" hung on a command
 * sent between the parse and the load, and "none" lost the form's frame as it navigated), so a
 * page whose load the test holds back cannot be driven while it is held: `goto` has no `parsed`.
 */
class WebKitSession implements Session {
  readonly engine = 'webkit';

  constructor(
    private readonly driver: WebDriverSession,
    private readonly processes: ChildProcess[],
  ) {}

  async goto(url: string, until: 'load' | 'parsed' = 'load') {
    if (until === 'parsed') throw new Error('WebKitWebDriver waits for the load event');
    await this.driver.navigate(url);
  }

  async evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A) {
    return (await this.driver.execute(
      `return (${fn.toString()}).apply(null, arguments);`,
      args,
    )) as R;
  }

  /** Does `work` in the document of the page's first iframe that matches `selector`. */
  private async inFrame<T>(selector: string, work: () => Promise<T>): Promise<T> {
    const frame = await this.driver.execute('return document.querySelector(arguments[0]);', [
      selector,
    ]);
    if (!isElementRef(frame)) throw new Error(`no frame at ${selector}`);
    await this.driver.switchToFrame(frame);
    try {
      return await work();
    } finally {
      await this.driver.switchToFrame(null);
    }
  }

  evaluateInFrame<R, A extends unknown[]>(selector: string, fn: (...args: A) => R, ...args: A) {
    return this.inFrame(selector, () => this.evaluate(fn, ...args));
  }

  private find(role: Role, name: string): Promise<ElementRef> {
    return within(describe(role, name), FIND_TIMEOUT_MS, async () => {
      const found = await this.evaluate(locate, role, name);
      return isElementRef(found) ? found : null;
    });
  }

  async fill(label: string, value: string) {
    const element = await this.find('label', label);
    // WebKitWebDriver's clear refuses an element outside the viewport ("not interactable").
    await this.driver.execute('arguments[0].scrollIntoView({ block: "center" });', [element]);
    await this.driver.clear(element);
    await this.driver.sendKeys(element, value);
  }

  async click(role: Exclude<Role, 'label'>, name: string) {
    await this.driver.click(await this.find(role, name));
  }

  clickInFrame(selector: string, role: Exclude<Role, 'label'>, name: string) {
    return this.inFrame(selector, () => this.click(role, name));
  }

  fillInFrame(selector: string, label: string, value: string) {
    // WebKitWebDriver types into a field of a board's frame only once it has been clicked
    // ("Element is not focusable" before): clicked first, as a person taps a field.
    return this.inFrame(selector, async () => {
      await this.driver.click(await this.find('label', label));
      await this.fill(label, value);
    });
  }

  selectInFrame(selector: string, label: string, value: string) {
    return this.inFrame(selector, () => this.select(label, value));
  }

  async select(label: string, value: string) {
    const element = await this.find('label', label);
    const option = await this.driver.execute(
      'return Array.from(arguments[0].options).find((option) => option.value === arguments[1]) ?? null;',
      [element, value],
    );
    if (!isElementRef(option)) throw new Error(`"${label}" has no option ${value}`);
    // WebDriver's click on an <option> selects it, as a person's choice in the list does.
    await this.driver.click(option);
  }

  async upload(label: string, file: string) {
    // WebDriver's "send keys" to a file input chooses the file at that path.
    await this.driver.sendKeys(await this.find('label', label), file);
  }

  screenshot() {
    return this.driver.screenshot();
  }

  async close() {
    await Promise.race([
      this.driver.delete().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
    for (const child of this.processes) await endGroup(child);
  }
}

/**
 * A GTK configuration folder whose settings turn animations off: WebKitGTK then matches
 * `prefers-reduced-motion: reduce`, as it does for a person who turned them off (no settings
 * daemon runs on the virtual display, so GTK reads this file).
 */
async function gtkWithoutAnimations(): Promise<string> {
  const home = await mkdtemp(path.join(tmpdir(), 'gtk-reduced-motion-'));
  await mkdir(path.join(home, 'gtk-3.0'));
  await writeFile(path.join(home, 'gtk-3.0/settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
  return home;
}

async function launchWebKit({
  window = PHONE,
  reducedMotion = false,
}: LaunchOptions): Promise<Session> {
  const processes: ChildProcess[] = [];
  let output = '';
  try {
    const xvfb = await startXvfb();
    processes.push(xvfb.process);
    const port = await freePort();
    const config = reducedMotion ? { XDG_CONFIG_HOME: await gtkWithoutAnimations() } : {};
    const driver = spawnGroup(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display, ...config },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The driver first: its group holds MiniBrowser and its web processes.
    processes.unshift(driver);
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4_000);
    };
    driver.stdout?.on('data', keep);
    driver.stderr?.on('data', keep);
    const base = `http://127.0.0.1:${port}`;
    await within('WebKitWebDriver on /status', 10_000, async () => {
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${output}`);
      const ready = await fetch(`${base}/status`, { signal: AbortSignal.timeout(1_000) })
        .then((response) => response.ok)
        .catch(() => false);
      return ready ? true : null;
    });
    const session = await WebDriverSession.create(base, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    });
    // The window's size; MiniBrowser keeps a minimum width (447 px here).
    await session.setWindowSize(window.width, window.height);
    return new WebKitSession(session, processes);
  } catch (error) {
    for (const child of processes) await endGroup(child);
    throw new Error(`WebKit did not start: ${(error as Error).message}\n${output}`);
  }
}

export interface LaunchOptions {
  /** false: without `location.ancestorOrigins` (Firefox only, by its preference). */
  ancestorOrigins: boolean;
  /** The window's size (a browser may keep a larger minimum width); a phone's by default. */
  window?: { width: number; height: number };
  /** The visitor asked the system for reduced motion (`prefers-reduced-motion: reduce`). */
  reducedMotion?: boolean;
  /**
   * The languages the visitor set, preferred first (`es-US`); the system's by default. Not in
   * WebKitGTK, which takes them from the system locale (only C here).
   */
  languages?: string[];
}

/**
 * The browsers of one worker. Firefox and Chromium are launched once for each set of options a
 * test asks for (the same engine and options: some are the launch's own), and kept until the
 * worker ends, each test in a browser context of its own: launching one per test took most of
 * their time, and one kept for the last options only was launched again each time the files
 * alternated between window sizes, reduced motion and languages (ten Firefox launches of several
 * seconds each for five sets of options). WebKitGTK's MiniBrowser, which WebDriver gives no such
 * context, starts afresh for each test.
 */
export class Browsers {
  private readonly kept = new Map<string, Browser>();

  /** A session in `engine`, launched as `options` ask, that shares nothing with the one before. */
  async open(engine: Engine, options: LaunchOptions): Promise<Session> {
    if (!options.ancestorOrigins && engine !== 'firefox') {
      throw new Error(`${engine} cannot run without location.ancestorOrigins`);
    }
    if (engine === 'webkit') return launchWebKit(options);
    const key = JSON.stringify([engine, options]);
    let browser = this.kept.get(key);
    if (!browser?.connected) {
      this.kept.delete(key);
      if (browser) await endPuppeteer(browser);
      browser = await startPuppeteer(engine, options);
      this.kept.set(key, browser);
    }
    const started = browser;
    return openPuppeteerPage(engine, started, options, async () => {
      if (this.kept.get(key) === started) this.kept.delete(key);
      await endPuppeteer(started);
    });
  }

  /** Ends the browsers kept, if any. */
  async close(): Promise<void> {
    const kept = [...this.kept.values()];
    this.kept.clear();
    await Promise.all(kept.map(endPuppeteer));
  }
}
