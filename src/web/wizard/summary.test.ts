// The error summary as the fields stand, row by row (summary.ts).
import { describe, expect, it } from 'vitest';
import type { FieldName } from '../../shared/schema.ts';
import type { SummaryItem } from '../ErrorSummary.tsx';
import { summaryOf } from './summary.ts';

const RESUME = 'Please upload a resume or provide a resume URL';
const EMAIL = 'Please enter a valid email address';
const REQUIRED = 'First name is required';

const listed: FieldName[] = ['first_name', 'email', 'resume'];
const entries: SummaryItem[] = [
  { target: 'field-first_name', message: REQUIRED },
  { target: 'field-email', message: EMAIL },
  // The resume's link goes to "Select Resume".
  { target: 'field-resume', message: RESUME },
];

describe('the error summary as the fields stand', () => {
  it.each<[string, Partial<Record<FieldName, string>>, SummaryItem[]]>([
    [
      'every field still wrong: as listed',
      { first_name: REQUIRED, email: EMAIL, resume: RESUME },
      entries,
    ],
    [
      'a resume attached: its entry goes, the others stay in order',
      { first_name: REQUIRED, email: EMAIL },
      entries.slice(0, 2),
    ],
    ['the first field fixed', { email: EMAIL, resume: RESUME }, entries.slice(1)],
    [
      'a field whose message changed (another problem, or another language) says the new one',
      { first_name: REQUIRED, email: 'Escriba un correo electrónico válido' },
      [
        { target: 'field-first_name', message: REQUIRED },
        { target: 'field-email', message: 'Escriba un correo electrónico válido' },
      ],
    ],
    ['every field fixed: no summary', {}, []],
    ['an empty message is none', { email: '' }, []],
    [
      'a field that was not listed is not added (the summary lists what the press found)',
      { last_name: 'Last name is required', email: EMAIL },
      [{ target: 'field-email', message: EMAIL }],
    ],
  ])('%s', (_name, messages, expected) => {
    expect(summaryOf(listed, (field) => messages[field])).toStrictEqual(expected);
  });

  it('lists nothing when nothing was listed', () => {
    expect(summaryOf([], () => EMAIL)).toStrictEqual([]);
  });
});
