import { describe, expect, it } from 'vitest';
import { basicAuthorization, credentialTexts } from './basic-auth.ts';

describe('the forms of the credential a provider could echo back', () => {
  it('are the base64 without padding, URL-encoded too, user:key and the key', () => {
    expect(basicAuthorization('acme-user', 'k3y>>>Secret?')).toBe(
      'Basic YWNtZS11c2VyOmszeT4+PlNlY3JldD8=',
    );
    expect(credentialTexts('acme-user', 'k3y>>>Secret?')).toEqual([
      'YWNtZS11c2VyOmszeT4+PlNlY3JldD8',
      'YWNtZS11c2VyOmszeT4%2BPlNlY3JldD8',
      'acme-user:k3y>>>Secret?',
      'k3y>>>Secret?',
    ]);
  });

  it('leave out a key or user:key too short not to match ordinary words', () => {
    expect(credentialTexts('u', 'k')).toEqual([Buffer.from('u:k').toString('base64')]);
    expect(credentialTexts('u', 'pass')).toEqual([
      Buffer.from('u:pass').toString('base64').replace(/=+$/, ''),
    ]);
  });

  it('every one of them is found in the Authorization header the client sends', () => {
    const header = basicAuthorization('acme-user', 'k3y-Secret-123');
    const [encoded] = credentialTexts('acme-user', 'k3y-Secret-123');
    expect(header).toContain(encoded);
  });
});
