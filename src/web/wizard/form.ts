// The one form behind all three steps. It never validates or moves focus on its own: the
// steps' gate (useSteps.ts) and the submit flow (useSubmit.ts) decide both. Its rules (zod, about
// a tenth of the first script) load once the candidate first does something (rules.ts): the
// page hydrates without them, and every check awaits them.
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { INITIAL_VALUES } from '../../shared/constants.ts';
import type { FormOutput, FormValues } from '../../shared/schema.ts';
import { withTexts } from '../i18n.ts';
import { importOnDemand, loadOnce } from '../load-once.ts';

export type WizardForm = UseFormReturn<FormValues, unknown, FormOutput>;

let rules: typeof import('./rules.ts') | undefined;
/**
 * The form's rules, and the rest of the page's texts that say their errors (i18n.ts), loaded once
 * (a failed load is tried again by the next check).
 */
export const loadRules = loadOnce(() =>
  withTexts(importOnDemand(() => import('./rules.ts'))).then((module) => {
    rules = module;
    return module;
  }),
);
/** The form's rules if they are here already. */
export const rulesIfLoaded = () => rules;

const resolver: Resolver<FormValues, unknown, FormOutput> = async (values, context, options) =>
  (await loadRules()).resolver(values, context, options);

export function useWizardForm(): WizardForm {
  return useForm<FormValues, unknown, FormOutput>({
    resolver,
    defaultValues: INITIAL_VALUES,
    shouldUnregister: false,
    shouldFocusError: false,
  });
}
