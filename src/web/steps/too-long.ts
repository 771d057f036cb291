// The length check of one value as the wizard shows it, before the server's own guard
// (src/server/registration/checks.ts) runs on the whole body.
import { type LimitedField, MAX_LENGTHS } from '../../shared/constants.ts';
import { sayTooLong } from '../../shared/messages.ts';

/** The message for `value` when it is longer than `field` allows, else null. */
export function tooLongFor(field: LimitedField, value: string): string | null {
  const max = MAX_LENGTHS[field];
  return value.length > max ? sayTooLong(field, max) : null;
}
