// Which rule a message on screen says (rules-shown.ts): each of the form's own messages by its
// key, in the page's language; anything else (the provider's words, a server check's) none.
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as es } from '../../locales/es/messages.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { ruleOf, rulesShown } from './rules-shown.ts';

afterEach(() => i18n.activate('en'));

describe('ruleOf', () => {
  it.each<[string, string, string | null]>([
    ['email', FIELD_MESSAGES.email, 'email'],
    ['zip_code', FIELD_MESSAGES.zipRequired, 'zipRequired'],
    // A zip code too long to be one gets the pattern's message.
    ['zip_code', FIELD_MESSAGES.zipPattern, 'zipPattern'],
    ['salary_max', FIELD_MESSAGES.salaryOrder, 'salaryOrder'],
    ['resume', FIELD_MESSAGES.resumeMissing, 'resumeMissing'],
    ['resume', FIELD_MESSAGES.resumeTooLarge, 'resumeTooLarge'],
    ['first_name', 'First name must be at most 100 characters', 'tooLong'],
    ['key_skills', 'Key skills must be at most 1,000 characters', 'tooLong'],
    ['resume', 'Resume URL must be at most 2,048 characters', 'tooLong'],
    // Another field's limit is no message of this field's.
    ['last_name', 'First name must be at most 100 characters', null],
    ['email', 'Candidate already registered', null],
    ['email', 'jane@example.com is taken', null],
    ['email', '', null],
  ])('%s: %j is %s', (field, message, rule) => {
    expect(ruleOf(field, message)).toBe(rule);
  });

  it('reads the messages in the page’s language', () => {
    i18n.loadAndActivate({ locale: 'es', messages: es });
    const zip = i18n._('field.zipRequired');
    expect(zip).not.toBe(FIELD_MESSAGES.zipRequired);
    expect(ruleOf('zip_code', zip)).toBe('zipRequired');
    expect(ruleOf('zip_code', FIELD_MESSAGES.zipRequired)).toBeNull();
  });
});

describe('rulesShown', () => {
  it('names the rule of each message it knows, and leaves the others out', () => {
    expect(
      rulesShown([
        ['first_name', FIELD_MESSAGES.firstName],
        ['email', 'The provider says: jane@example.com exists'],
        ['password', FIELD_MESSAGES.password],
      ]),
    ).toEqual([
      ['first_name', 'firstName'],
      ['password', 'password'],
    ]);
  });
});
