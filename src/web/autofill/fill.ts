// Which fields a resume fills (docs/autofill.md): only those it found, only where the form is empty
// and the candidate has not changed, and never the password (it is not in the list).
import type { FieldName } from '../../shared/schema.ts';
import type { Extracted } from './found.ts';

/** The fields a resume may fill, in the form's order. */
export const RESUME_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'zip_code',
  'home_town',
  'latest_job_title',
  'key_skills',
] as const satisfies readonly (keyof Extracted & FieldName)[];

export type ResumeField = (typeof RESUME_FIELDS)[number];

/** What the form holds of a field: its value, and whether the candidate changed it. */
export type FieldNow = (name: ResumeField) => { value: unknown; edited: boolean };

/** The values to set: each found field whose value is empty and which the candidate left alone. */
export function fieldsToFill(found: Extracted, now: FieldNow): [ResumeField, string][] {
  return RESUME_FIELDS.flatMap((name) => {
    const value = found[name];
    if (!value) return [];
    const field = now(name);
    const empty = typeof field.value !== 'string' || field.value.trim() === '';
    return empty && !field.edited ? [[name, value] as [ResumeField, string]] : [];
  });
}
