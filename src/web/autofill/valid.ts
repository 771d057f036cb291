// The form's own check on the values a resume gave (docs/autofill.md): only those that pass it
// are filled. It runs on the page, where the form's schema already is, not in the reader's worker.
import { careerSchema, personalSchema } from '../../shared/schema.ts';
import type { Extracted } from './found.ts';

/** Each field's own schema, as the form checks it. */
const FIELD_SCHEMAS = { ...personalSchema.shape, ...careerSchema.shape };

/** Only the values that pass the form's own check for their field. */
export function validFields(fields: Extracted): Extracted {
  const out: Extracted = {};
  for (const [field, value] of Object.entries(fields) as [keyof Extracted, string | undefined][]) {
    if (value !== undefined && FIELD_SCHEMAS[field].safeParse(value).success) out[field] = value;
  }
  return out;
}
