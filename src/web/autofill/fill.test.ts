import { describe, expect, it } from 'vitest';
import type { Extracted } from '../../../test/helpers/extract.ts';
import { type FieldNow, fieldsToFill, RESUME_FIELDS } from './fill.ts';

const FOUND: Extracted = {
  first_name: 'Zoe',
  last_name: 'Nguyen',
  email: 'zoe.nguyen@example.com',
  phone: '+13145550127',
  zip_code: '63101',
  home_town: 'St. Louis, MO',
  latest_job_title: 'Paralegal',
  key_skills: 'Legal Research, E-Filing',
};

/** A form whose fields hold `values` and of which `edited` were edited. */
const form =
  (values: Record<string, unknown> = {}, edited: string[] = []): FieldNow =>
  (name) => ({ value: values[name] ?? '', edited: edited.includes(name) });

describe('fieldsToFill', () => {
  it('fills every found field of an empty form, in the form order', () => {
    expect(fieldsToFill(FOUND, form())).toEqual(Object.entries(FOUND));
  });

  it('never fills a field that holds something, even only spaces around a value', () => {
    const fill = fieldsToFill(FOUND, form({ email: 'mine@example.com', first_name: ' Z ' }));
    expect(fill.map(([name]) => name)).not.toContain('email');
    expect(fill.map(([name]) => name)).not.toContain('first_name');
  });

  it('fills a field holding only spaces', () => {
    expect(fieldsToFill({ phone: '+13145550127' }, form({ phone: '   ' }))).toEqual([
      ['phone', '+13145550127'],
    ]);
  });

  it('never fills a field the candidate changed', () => {
    expect(fieldsToFill(FOUND, form({}, ['last_name'])).map(([name]) => name)).not.toContain(
      'last_name',
    );
  });

  it('never fills the password, whatever the resume says', () => {
    const found = { ...FOUND, password: 'hunter22hunter' } as Extracted;
    expect(RESUME_FIELDS).not.toContain('password');
    expect(fieldsToFill(found, form()).map(([name]) => name)).not.toContain('password');
  });

  it('fills nothing when the resume gave nothing', () => {
    expect(fieldsToFill({}, form())).toEqual([]);
  });
});
