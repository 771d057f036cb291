// What the server makes of the bytes a provider answered: JSON only under a JSON content type
// (docs/api.md), and never a text that carries our credential back (issue 17, item 4).
import { isRecord } from '../../shared/is-record.ts';

/**
 * A provider answer's body as read: nothing, parsed JSON, text that is not JSON, or a body the
 * server did not read (past its limit, or in an encoding it cannot undo: read-body.ts).
 */
export type ProviderBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'unread'; reason: 'too_large' | 'encoding' };

/** `application/json` or any `+json` type (such as `application/problem+json`). */
export const isJsonContentType = (contentType: string | null): boolean =>
  contentType !== null && /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());

/** `text/plain` or no content type at all: a body that may be read as a message (docs/form.md). */
export const isPlainTextContentType = (contentType: string | null): boolean =>
  contentType === null || /^text\/plain\s*(?:;|$)/i.test(contentType.trim());

/** Parsed JSON for a JSON type whose text parses, else the text; empty when only blanks. */
export function readProviderBody(text: string, contentType: string | null): ProviderBody {
  if (text.trim() === '') return { kind: 'empty' };
  if (!isJsonContentType(contentType)) return { kind: 'text', text };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'text', text };
  }
}

/** Deeper than this, a provider's JSON is dropped rather than walked. */
const MAX_DEPTH = 8;

const carries = (text: string, secrets: readonly string[]) =>
  secrets.some((secret) => secret !== '' && text.includes(secret));

/**
 * `value` without any string that contains one of `secrets`, and without any object entry whose
 * key contains one; undefined when nothing is left of it. A provider that echoes our request
 * headers can put the credential anywhere: the allow-list of what reaches the browser
 * (registration-outcome.ts) is the rule, this is the second line.
 * @internal Pure, and tested directly in provider-body.test.ts.
 */
export function withoutSecrets(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return carries(value, secrets) ? undefined : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value
      .map((item) => withoutSecrets(item, secrets, depth + 1))
      .filter((item) => item !== undefined);
  }
  if (!isRecord(value)) return undefined;
  // fromEntries, not assignment: a "__proto__" key stays a plain key.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !carries(key, secrets))
      .map(([key, item]) => [key, withoutSecrets(item, secrets, depth + 1)] as const)
      .filter(([, item]) => item !== undefined),
  );
}

/** A provider body with every text that carries one of `secrets` dropped (see withoutSecrets). */
export function bodyWithoutSecrets(body: ProviderBody, secrets: readonly string[]): ProviderBody {
  if (body.kind === 'empty' || body.kind === 'unread' || secrets.length === 0) return body;
  if (body.kind === 'text') return carries(body.text, secrets) ? { kind: 'text', text: '' } : body;
  return { kind: 'json', value: withoutSecrets(body.value, secrets) ?? null };
}
