import { hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteTokenFor } from './delete-token.ts';
import { mintFormToken, readFormToken } from './form-token.ts';
import { deploymentSigningKeys, signingKeys } from './keys.ts';

const PURPOSES = ['form-token v1', 'upload delete v1'] as const;
const NONCE = Buffer.alloc(16, 1);
const provider = (baseUrl: string | null, user: string, key: string) => ({
  provider: { baseUrl, user, key, timeoutMs: 10_000 },
});

describe('signing keys from a credential', () => {
  it('are HKDF-SHA256 of the credential, one 32-byte key per purpose', () => {
    const keys = signingKeys('user\nsecret');
    expect(Object.keys(keys).sort()).toEqual([...PURPOSES]);
    for (const purpose of PURPOSES) {
      expect(keys[purpose]).toEqual(
        Buffer.from(
          hkdfSync('sha256', 'user\nsecret', 'resume-registration signing keys', purpose, 32),
        ),
      );
    }
  });

  it('are the same on two calls: two instances sign alike and read each other’s tokens', () => {
    const [one, two] = [signingKeys('user\nsecret'), signingKeys('user\nsecret')];
    expect(one).toEqual(two);
    const token = mintFormToken(one['form-token v1'], 1_000, NONCE);
    expect(mintFormToken(two['form-token v1'], 1_000, NONCE)).toBe(token);
    expect(readFormToken(two['form-token v1'], token, 1_000)).toMatchObject({ ok: true });
    expect(deleteTokenFor(two['upload delete v1'], 'a.pdf')).toBe(
      deleteTokenFor(one['upload delete v1'], 'a.pdf'),
    );
  });

  it('differ between purposes: a form token’s key opens no delete token', () => {
    const keys = signingKeys('user\nsecret');
    expect(keys['form-token v1'].equals(keys['upload delete v1'])).toBe(false);
    const token = mintFormToken(keys['upload delete v1'], 1_000, NONCE);
    expect(readFormToken(keys['form-token v1'], token, 1_000)).toEqual({
      ok: false,
      problem: 'forged',
    });
  });

  it('differ between credentials', () => {
    expect(signingKeys('user\nsecret')['form-token v1']).not.toEqual(
      signingKeys('user\nsecreT')['form-token v1'],
    );
  });

  it('are random without a credential: two calls, as two instances would, differ', () => {
    const [one, two] = [signingKeys(null), signingKeys(null)];
    for (const purpose of PURPOSES) {
      expect(one[purpose]).toHaveLength(32);
      expect(one[purpose].equals(two[purpose])).toBe(false);
    }
    expect(one['form-token v1'].equals(one['upload delete v1'])).toBe(false);
  });
});

describe('a deployment’s signing keys', () => {
  it('are random on the embedded sandbox, whose credential is public', () => {
    const sandbox = provider(null, 'user', 'key');
    const [one, two] = [deploymentSigningKeys(sandbox), deploymentSigningKeys(sandbox)];
    expect(one['form-token v1'].equals(two['form-token v1'])).toBe(false);
    expect(one['form-token v1'].equals(signingKeys('user\nkey')['form-token v1'])).toBe(false);
  });

  it('come from the real provider’s user and key, the same on every instance', () => {
    const real = provider('https://api.example.com', 'user', 'key');
    expect(deploymentSigningKeys(real)).toEqual(signingKeys('user\nkey'));
    expect(deploymentSigningKeys(real)).toEqual(deploymentSigningKeys(real));
    expect(deploymentSigningKeys(provider('https://other.example.com', 'user', 'key'))).toEqual(
      signingKeys('user\nkey'),
    );
  });

  it('change with the user or the key', () => {
    const keyOf = (user: string, key: string) =>
      deploymentSigningKeys(provider('https://api.example.com', user, key))['form-token v1'];
    expect(keyOf('user', 'key').equals(keyOf('user', 'key2'))).toBe(false);
    expect(keyOf('user', 'key').equals(keyOf('user2', 'key'))).toBe(false);
    // The user ends where the key begins: "ab" + "c" is not "a" + "bc".
    expect(keyOf('ab', 'c').equals(keyOf('a', 'bc'))).toBe(false);
  });
});
