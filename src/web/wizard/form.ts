// The one form behind all three steps. It never validates or moves focus on its own: the
// steps' gate (useSteps.ts) and the submit flow (useSubmit.ts) decide both.
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  type FormOutput,
  type FormValues,
  formSchema,
  INITIAL_VALUES,
} from '../../shared/schema.ts';

export type WizardForm = UseFormReturn<FormValues, unknown, FormOutput>;

export function useWizardForm(): WizardForm {
  return useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: INITIAL_VALUES,
    shouldUnregister: false,
    shouldFocusError: false,
  });
}
