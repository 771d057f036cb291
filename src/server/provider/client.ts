// The provider's candidate API over plain HTTP: Basic auth, JSON, a timeout, and every answer
// handed back tagged, never thrown (docs/form.md), with what the request's log line should say.
// Nothing that carries our credential back gets past this file (issue 17, item 4).
import { retryAfterMs } from '../outbox/policy.ts';
import { bodyWithoutSecrets, readProviderBody } from '../registration/provider-body.ts';
import type { ProviderCandidate } from '../registration/provider-candidate.ts';
import type { ProviderResult } from '../registration/registration-outcome.ts';
import { basicAuthorization, credentialTexts } from './basic-auth.ts';
import { type LoggedProviderBody, loggableBody } from './log-body.ts';
import { post } from './post.ts';
import { readLimited } from './read-body.ts';

/**
 * What a registration's log line says about the provider call: never a secret, and of a body only
 * its allow-listed part.
 */
interface ProviderLogFields {
  providerStatus?: number;
  /** The answer's Content-Type, as sent (cut to 100 characters); absent when it sent none. */
  providerContentType?: string;
  providerMs: number;
  /**
   * The allow-listed part of a JSON answer, a registration's or an error's (log-body.ts): its id,
   * status, code and type, never what it echoes of the candidate.
   */
  providerBody?: LoggedProviderBody;
  /** Why no answer came: a timeout, or the network error's message. */
  providerError?: string;
  /** An answer whose body was not read: past 64 KB, or an encoding not undone (read-body.ts). */
  providerBodyUnread?: 'too_large' | 'encoding';
}

interface ProviderCall {
  result: ProviderResult;
  log: ProviderLogFields;
}

export interface ProviderClient {
  /** `traceparent`: the call's place in the request's trace (W3C trace context), sent as is. */
  register(candidate: ProviderCandidate, traceparent?: string): Promise<ProviderCall>;
}

export interface ProviderClientOptions {
  /** Resolved per call: the sandbox's origin is known only once the server listens. */
  baseUrl: () => string;
  user: string;
  key: string;
  timeoutMs: number;
}

/** The provider's register endpoint, below its base URL (docs/form.md). */
export const PROVIDER_REGISTER_PATH = '/v1/candidate/backfill/register';

/** How much of a content type the log keeps. */
const CONTENT_TYPE_LOG_LENGTH = 100;

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const authorization = basicAuthorization(options.user, options.key);
  const secrets = credentialTexts(options.user, options.key);
  const textWithoutSecrets = (text: string | undefined) =>
    text === undefined || secrets.some((secret) => text.includes(secret)) ? undefined : text;
  return {
    async register(candidate, traceparent) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // One deadline for the headers and the body alike.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
      try {
        const response = await post(
          `${options.baseUrl()}${PROVIDER_REGISTER_PATH}`,
          {
            authorization,
            'content-type': 'application/json',
            accept: 'application/json',
            ...(traceparent ? { traceparent } : {}),
          },
          JSON.stringify(candidate),
          deadline.signal,
        );
        const contentType = response.headers['content-type'] ?? null;
        const read = await readLimited(response.body, response.headers['content-encoding']);
        const body = bodyWithoutSecrets(
          'text' in read
            ? readProviderBody(read.text, contentType)
            : { kind: 'unread', reason: read.unread },
          secrets,
        );
        const retryAfter = retryAfterMs(response.headers['retry-after'], Date.now());
        const result: ProviderResult = {
          kind: 'response',
          status: response.status,
          contentType,
          body,
          ...(retryAfter !== null ? { retryAfterMs: retryAfter } : {}),
        };
        const loggedType = textWithoutSecrets(contentType?.slice(0, CONTENT_TYPE_LOG_LENGTH));
        const loggedBody = body.kind === 'json' ? loggableBody(body.value) : undefined;
        return {
          result,
          log: {
            providerStatus: response.status,
            ...(loggedType !== undefined ? { providerContentType: loggedType } : {}),
            providerMs: elapsed(),
            ...(loggedBody !== undefined ? { providerBody: loggedBody } : {}),
            ...(body.kind === 'unread' ? { providerBodyUnread: body.reason } : {}),
          },
        };
      } catch (error) {
        const timedOut = deadline.signal.aborted;
        const cause = error instanceof Error ? error.message : String(error);
        return {
          result: { kind: timedOut ? 'timeout' : 'network' },
          log: { providerMs: elapsed(), providerError: timedOut ? 'timeout' : cause },
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
