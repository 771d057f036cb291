// A registration POSTed straight to a provider (the embedded sandbox or the stand-in), with the
// headers the app's client sends, and its answer read whole.
import type { ProviderCredential } from './provider-stand-in.mjs';

/** The Authorization header of `credential`. */
export const basicAuth = ({ user, key }: ProviderCredential) =>
  `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

export interface ProviderAnswer<Body> {
  status: number;
  contentType: string | null;
  headers: Headers;
  /** The parsed JSON body; null when empty. */
  body: Body;
}

/** POSTs `body` as JSON to `url`, with `authorization` if given. */
export async function postToProvider<Body = Record<string, unknown> | null>(
  url: string,
  body: unknown,
  authorization?: string,
): Promise<ProviderAnswer<Body>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    body: (text === '' ? null : JSON.parse(text)) as Body,
  };
}
