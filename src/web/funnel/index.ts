// The funnel (docs/operations.md, "The funnel"): what the page reports of a visit (visit.ts), the
// queue that sends it off the input path (report.ts), and the rule each message on screen says
// (rules-shown.ts, which only the form's rules' chunk loads).
export { report, startFunnel } from './report.ts';
export { rulesShown } from './rules-shown.ts';
export { outcomeOf, placeOf } from './visit.ts';
