// A small WebDriver (W3C, HTTP) client: just the commands the cross-browser suite sends to
// WebKitGTK's WebKitWebDriver. Every request has a deadline; an error answer becomes an Error
// that names the command and the driver's own error and message.

/** How WebDriver names an element in JSON (W3C "web element identifier"). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
export type ElementRef = { [ELEMENT_KEY]: string };

export function isElementRef(value: unknown): value is ElementRef {
  return typeof value === 'object' && value !== null && ELEMENT_KEY in value;
}

interface ErrorValue {
  error: string;
  message: string;
}

function isErrorValue(value: unknown): value is ErrorValue {
  return typeof value === 'object' && value !== null && 'error' in value;
}

class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`WebDriver ${command}: ${error}: ${message}`);
  }
}

/** One request to a WebDriver server at `base`; resolves to the answer's `value`. */
async function command(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<unknown> {
  const name = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WebDriverError(name, 'no answer', (error as Error).message);
  }
  const text = await response.text();
  let value: unknown;
  try {
    value = (JSON.parse(text) as { value: unknown }).value;
  } catch {
    throw new WebDriverError(name, `HTTP ${response.status}`, text.slice(0, 500));
  }
  if (!response.ok || isErrorValue(value)) {
    const { error, message } = isErrorValue(value)
      ? value
      : { error: `HTTP ${response.status}`, message: text.slice(0, 500) };
    throw new WebDriverError(name, error, message);
  }
  return value;
}

/** A session: commands under /session/{id}. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  static async create(
    base: string,
    alwaysMatch: Record<string, unknown>,
    timeoutMs = 30_000,
  ): Promise<WebDriverSession> {
    const value = (await command(
      base,
      'POST',
      '/session',
      { capabilities: { alwaysMatch } },
      timeoutMs,
    )) as { sessionId: string; capabilities: Record<string, unknown> };
    return new WebDriverSession(base, value.sessionId, value.capabilities);
  }

  send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return command(this.base, method, `/session/${this.id}${path}`, body);
  }

  async setWindowSize(width: number, height: number): Promise<void> {
    await this.send('POST', '/window/rect', { width, height });
  }

  async navigate(url: string): Promise<void> {
    await this.send('POST', '/url', { url });
  }

  /** Runs `script` (a function body: `arguments` holds `args`) in the current browsing context. */
  execute(script: string, args: unknown[] = []): Promise<unknown> {
    return this.send('POST', '/execute/sync', { script, args });
  }

  async click(element: ElementRef): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  async clear(element: ElementRef): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT_KEY]}/clear`, {});
  }

  /** Types `text`; on a file input, `text` is the path of the file to choose. */
  async sendKeys(element: ElementRef, text: string): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Enters the frame that `element` is (null: the top-level document). */
  async switchToFrame(element: ElementRef | null): Promise<void> {
    await this.send('POST', '/frame', { id: element });
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(String(await this.send('GET', '/screenshot')), 'base64');
  }

  async delete(): Promise<void> {
    await this.send('DELETE', '');
  }
}
