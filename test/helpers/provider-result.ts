// A provider answer as the provider client reads it, for the tables of the pure decisions.
import { readProviderBody } from '../../src/server/registration/provider-body.ts';
import type { ProviderResult } from '../../src/server/registration/registration-outcome.ts';

/**
 * `body` sent as JSON (a string as is, null as nothing) with `contentType`, which defaults as
 * the stand-in's does: JSON for objects, text/plain for strings, none for no body.
 */
export function providerResponse(
  status: number,
  body: unknown,
  contentType?: string | null,
): ProviderResult {
  const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type =
    contentType !== undefined
      ? contentType
      : body === null
        ? null
        : typeof body === 'string'
          ? 'text/plain'
          : 'application/json';
  return { kind: 'response', status, contentType: type, body: readProviderBody(text, type) };
}
