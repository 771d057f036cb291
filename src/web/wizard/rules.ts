// The form's rules in the browser: the shared schema (zod) and react-hook-form's adapter to it.
// Not in the first page load: form.ts loads this module on the candidate's first input
// (steps/lazy.ts), ahead of the first check, or at that check at the latest.
import { zodResolver } from '@hookform/resolvers/zod';
import { firstInvalidStep, formSchema, stepErrors } from '../../shared/schema.ts';

export const resolver = zodResolver(formSchema);
// The funnel names the rule of each message shown (docs/operations.md, "The funnel").
export { rulesShown } from './rules-shown.ts';
export { firstInvalidStep, stepErrors };
