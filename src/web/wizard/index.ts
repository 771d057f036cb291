// The wizard's state and flow (useWizard.ts wires them for App): the form and its rules, the
// steps' gate, the draft, the bot fields and the submit flow.
export { Honeypot } from './bot-fields.tsx';
export { loadRules } from './form.ts';
export type { StepCode } from './useSteps.ts';
export { type Confirmed, loadRegistration } from './useSubmit.ts';
export { useWizard } from './useWizard.ts';
