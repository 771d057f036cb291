// The error summary as the fields stand, row by row (summary.ts).
import { describe, expect, it } from 'vitest';
import type { SummaryItem } from '../ErrorSummary.tsx';
import { summaryAsFieldsStand } from './summary.ts';

const RESUME = 'Please upload a resume or provide a resume URL';
const EMAIL = 'Please enter a valid email address';
const REQUIRED = 'First name is required';

const listed: SummaryItem[] = [
  { target: 'field-first_name', message: REQUIRED },
  { target: 'field-email', message: EMAIL },
  { target: 'field-resume', message: RESUME },
];

describe('the error summary as the fields stand', () => {
  it.each<[string, Record<string, string>, SummaryItem[]]>([
    [
      'every field still wrong: as listed',
      Object.fromEntries(listed.map((i) => [i.target, i.message])),
      listed,
    ],
    [
      'a resume attached: its entry goes, the others stay in order',
      { 'field-first_name': REQUIRED, 'field-email': EMAIL },
      listed.slice(0, 2),
    ],
    ['the first field fixed', { 'field-email': EMAIL, 'field-resume': RESUME }, listed.slice(1)],
    [
      'a field whose message changed (another problem, or another language) says the new one',
      { 'field-first_name': REQUIRED, 'field-email': 'Escriba un correo electrónico válido' },
      [
        { target: 'field-first_name', message: REQUIRED },
        { target: 'field-email', message: 'Escriba un correo electrónico válido' },
      ],
    ],
    ['every field fixed: no summary', {}, []],
    ['an empty message is none', { 'field-email': '' }, []],
    [
      'a field that was not listed is not added (the summary lists what the press found)',
      { 'field-last_name': 'Last name is required', 'field-email': EMAIL },
      [{ target: 'field-email', message: EMAIL }],
    ],
  ])('%s', (_name, messages, expected) => {
    expect(summaryAsFieldsStand(listed, (target) => messages[target])).toStrictEqual(expected);
  });

  it('lists nothing when nothing was listed', () => {
    expect(summaryAsFieldsStand([], () => EMAIL)).toStrictEqual([]);
  });
});
