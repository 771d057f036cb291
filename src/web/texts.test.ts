// Sentences that state a fact the code owns, held to it in every language: the catalogue keeps
// the number or the name written out (a placeholder would cost the first page bytes), so a change
// to the fact fails here until the sentences follow.
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { messages as english } from '../locales/en/messages.ts';
import { messages as spanish } from '../locales/es/messages.ts';
import { PASSWORD_MIN_LENGTH } from '../shared/constants.ts';
import { FIELD_TEXTS } from '../shared/messages.ts';
import { DEFAULT_JOB_TYPE, JOB_TYPE_TEXTS } from './texts.ts';

const CATALOGUES = { en: english, es: spanish };
/** A compiled message with no placeholder, as its text. */
const textOf = (catalogue: typeof english, id: string) => {
  const message = catalogue[id];
  expect(message, id).toBeDefined();
  return String(message);
};

describe.each(Object.entries(CATALOGUES))('the %s catalogue', (_locale, catalogue) => {
  it('gives the password its real minimum length, in the hint and in the error', () => {
    for (const id of [generateMessageId('At least 8 characters'), FIELD_TEXTS.password.id]) {
      expect(textOf(catalogue, id)).toContain(`${PASSWORD_MIN_LENGTH} `);
    }
  });

  it("names the default job type in step 2's hint", () => {
    const hint = textOf(
      catalogue,
      generateMessageId('Choose any that suit you. None chosen means Permanent.'),
    );
    expect(hint).toContain(textOf(catalogue, JOB_TYPE_TEXTS[DEFAULT_JOB_TYPE].id));
  });
});
