// The error summary as the fields stand (docs/form.md, issue 44 point 9): a failed Next Step or
// Submit Registration says which fields to list; each entry then says its field's message as it
// is now, and goes once the field has none (a resume attached, a field fixed after a submit).
import type { FieldName } from '../../shared/schema.ts';
import type { SummaryItem } from '../ErrorSummary.tsx';
import { fieldId } from '../fields/index.ts';

/**
 * The summary's entries: each of the `listed` fields that still has a message (`messageOf`),
 * linked to its control, in the order listed; none once every field is fixed.
 */
export function summaryOf(
  listed: readonly FieldName[],
  messageOf: (field: FieldName) => string | undefined,
): SummaryItem[] {
  return listed.flatMap((field) => {
    const message = messageOf(field);
    return message ? [{ target: fieldId(field), message }] : [];
  });
}
