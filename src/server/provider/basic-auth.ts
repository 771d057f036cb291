// The provider's credential as an Authorization header: the client sends it, the sandbox expects
// it. Server-only, like the credential itself (README.md).

/** `Basic base64(user:key)`, of the UTF-8 bytes (RFC 7617). */
export const basicAuthorization = (user: string, key: string): string =>
  `Basic ${Buffer.from(`${user}:${key}`, 'utf8').toString('base64')}`;

/** Texts shorter than this are too common to mean the credential when a provider echoes them. */
const SHORTEST_SECRET = 8;

/**
 * Every form in which a provider could send our credential back: the base64 of the header
 * (without padding, also URL-encoded), `user:key`, and the key itself; the last two only when
 * long enough not to match ordinary words.
 */
export function credentialTexts(user: string, key: string): string[] {
  // '=' appears in base64 only as the trailing padding.
  const encoded = Buffer.from(`${user}:${key}`, 'utf8').toString('base64').replaceAll('=', '');
  const texts = new Set([encoded, encodeURIComponent(encoded)]);
  for (const text of [`${user}:${key}`, key]) {
    if (text.length >= SHORTEST_SECRET) texts.add(text);
  }
  return [...texts];
}
