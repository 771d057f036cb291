// The error summary as the fields stand (docs/form.md, issue 44 point 9): a failed Next Step or
// Submit Registration says which fields to list; each entry then says its field's message as it
// is now, and goes once the field has none (a resume attached, a field fixed after a submit).
import type { SummaryItem } from '../ErrorSummary.tsx';

/**
 * The entries of `listed` whose field still has a message (`messageOf` its control's id), each
 * with that message, in the order listed; none once every field is fixed.
 */
export function summaryAsFieldsStand(
  listed: readonly SummaryItem[],
  messageOf: (target: string) => string | undefined,
): SummaryItem[] {
  return listed.flatMap(({ target }) => {
    const message = messageOf(target);
    return message ? [{ target, message }] : [];
  });
}
