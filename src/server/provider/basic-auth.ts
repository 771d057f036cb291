// The provider's credential as an Authorization header: the client sends it, the sandbox expects
// it. Server-only, like the credential itself (DESIGN §1).

/** `Basic base64(user:key)`, of the UTF-8 bytes (RFC 7617). */
export const basicAuthorization = (user: string, key: string): string =>
  `Basic ${Buffer.from(`${user}:${key}`, 'utf8').toString('base64')}`;
