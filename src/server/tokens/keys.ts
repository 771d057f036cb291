// The server's signing keys (docs/api.md: the form token and an upload's delete token). Every
// instance of a deployment must sign alike without one more variable to set: the keys are derived
// from the provider credential, which each instance already holds and none ever shows. On the
// embedded sandbox, whose credential is public, they are random, made at start: one instance.
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/** What a key signs: each purpose has a key of its own, and none opens another's. */
type SigningPurpose = 'form-token v1' | 'upload delete v1';

const KEY_BYTES = 32;
const SALT = 'resume-registration signing keys';

export type SigningKeys = Record<SigningPurpose, Buffer>;

const PURPOSES: readonly SigningPurpose[] = ['form-token v1', 'upload delete v1'];

/**
 * Each purpose's key, from `secret` (the credential), or random ones when there is none.
 * @internal The tests sign as an app with a known credential does.
 */
export function signingKeys(secret: string | null): SigningKeys {
  const material = secret === null ? randomBytes(KEY_BYTES) : Buffer.from(secret, 'utf8');
  const keys = {} as SigningKeys;
  for (const purpose of PURPOSES) {
    keys[purpose] = Buffer.from(hkdfSync('sha256', material, SALT, purpose, KEY_BYTES));
  }
  return keys;
}

/** The keys of this deployment: from the real provider's credential, else random. */
export function deploymentSigningKeys({ provider }: Pick<Config, 'provider'>): SigningKeys {
  if (provider.baseUrl === null) return signingKeys(null);
  return signingKeys(`${provider.user}\n${provider.key}`);
}
