// The funnel (docs/operations.md, "The funnel"): what the page reports of a visit (visit.ts), and
// the queue that sends it off the input path (report.ts). The rule each message on screen says
// is the form rules' own (wizard/rules-shown.ts).
export { report, startFunnel } from './report.ts';
export { outcomeOf, placeOf } from './visit.ts';
