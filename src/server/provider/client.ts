// The provider's candidate API over plain HTTP: Basic auth, JSON, a timeout, and every answer
// handed back tagged, never thrown (spec §7.2).
import type { Logger } from 'pino';
import { PROVIDER_REGISTER_PATH } from '../../shared/constants.ts';
import type { ProviderCandidate } from '../../shared/payload.ts';
import type { ProviderResult } from '../../shared/registration-outcome.ts';

export interface ProviderClient {
  register(candidate: ProviderCandidate): Promise<ProviderResult>;
}

export interface ProviderClientOptions {
  /** Resolved per call: the sandbox's origin is known only once the server listens. */
  baseUrl: () => string;
  user: string;
  key: string;
  timeoutMs: number;
  log: Logger;
}

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType.trim());

/** A provider body: parsed JSON for JSON types, else text; null when empty. */
export function parseProviderBody(text: string, contentType: string | null): unknown {
  if (text.trim() === '') return null;
  if (!isJson(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const SECRET_KEY = /password|resume|token|secret|key|auth/i;

/**
 * What of a provider body may be logged: top-level scalars only, never a field that could
 * carry a secret or a resume (a provider may echo the candidate back).
 */
export function loggableBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) {
    return typeof body === 'string' ? body.slice(0, 200) : body;
  }
  if (Array.isArray(body)) return `[array of ${body.length}]`;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, value]) => [
        key,
        typeof value === 'string'
          ? value.slice(0, 200)
          : typeof value === 'object' && value !== null
            ? '[object]'
            : value,
      ]),
  );
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.key}`).toString('base64')}`;
  return {
    async register(candidate) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const response = await fetch(`${options.baseUrl()}${PROVIDER_REGISTER_PATH}`, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(candidate),
          // Covers the body as well as the headers.
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const body = parseProviderBody(await response.text(), response.headers.get('content-type'));
        options.log.info(
          {
            providerStatus: response.status,
            ms: elapsed(),
            ...(response.ok ? { providerBody: loggableBody(body) } : {}),
          },
          'provider answered',
        );
        return { kind: 'response', status: response.status, body };
      } catch (error) {
        const timedOut = (error as { name?: string } | null)?.name === 'TimeoutError';
        options.log.warn(
          { ms: elapsed(), cause: error instanceof Error ? error.message : String(error) },
          timedOut ? 'provider timed out' : 'provider unreachable',
        );
        return timedOut ? { kind: 'timeout' } : { kind: 'network' };
      }
    },
  };
}
