// What the notices at collection say about time (docs/form.md), from the configuration
// (PublicConfig): lengths of time as people say them, and step 1's sentence on how long this
// device keeps the draft, which the server also says in the prerendered page (routes/page-notice.ts)
// so that the first paint shows the deployment's own figure. The rest of the notices' texts are
// the page's alone (src/web/steps/notice-texts.ts).
import type { MessageDescriptor } from '@lingui/core';
import type { Say } from './page-texts.ts';

export type TimeUnit = 'minute' | 'hour' | 'day';

/**
 * A length of time as people say it: a count of one unit.
 * @internal The type of spanOf, which its test calls.
 */
export interface Span {
  unit: TimeUnit;
  count: number;
}

const MINUTES: Record<TimeUnit, number> = { minute: 1, hour: 60, day: 24 * 60 };

/**
 * `minutes` in the largest unit that holds it whole, days from two on (as people say "24 hours"):
 * 90 is "90 minutes", 120 "2 hours", 1440 "24 hours", 2880 "2 days".
 * @internal Pure, and tested directly in notice-texts.test.ts.
 */
export function spanOf(minutes: number): Span {
  const whole = (unit: TimeUnit, least: number) =>
    minutes >= least * MINUTES[unit] && minutes % MINUTES[unit] === 0;
  const unit = whole('day', 2) ? 'day' : whole('hour', 1) ? 'hour' : 'minute';
  return { unit, count: minutes / MINUTES[unit] };
}

/** "24 hours", "1 day": carried inline by the first page, for whatever figure it is given. */
export const DURATION_TEXTS: Record<TimeUnit, (count: number) => MessageDescriptor> = {
  minute: (count) => /*i18n*/ ({
    id: 'duration.minutes',
    message: '{count, plural, one {# minute} other {# minutes}}',
    values: { count },
  }),
  hour: (count) => /*i18n*/ ({
    id: 'duration.hours',
    message: '{count, plural, one {# hour} other {# hours}}',
    values: { count },
  }),
  day: (count) => /*i18n*/ ({
    id: 'duration.days',
    message: '{count, plural, one {# day} other {# days}}',
    values: { count },
  }),
};

/** `minutes` said as a length of time, in `say`'s language. */
export const durationOf = (say: Say, minutes: number): string => {
  const { unit, count } = spanOf(minutes);
  return say(DURATION_TEXTS[unit](count));
};

/** Step 1: how long this device keeps the draft (DRAFT_TTL_HOURS). */
const draftKeptText = (duration: string): MessageDescriptor => /*i18n*/ ({
  id: 'notice.draftKept',
  message:
    'This device keeps your answers, never your password, for {duration} after your last change.',
  values: { duration },
});

/** The draft's sentence for a draft kept `hours`, in `say`'s language. */
export const draftKeptSentence = (say: Say, hours: number): string =>
  say(draftKeptText(durationOf(say, hours * 60)));

/**
 * The parts of step 1's notice the server fills in the prerendered page with the deployment's
 * configuration (routes/page-notice.ts): elements marked `data-notice="<slot>"`.
 */
export const NOTICE_SLOTS = {
  draftKept: 'draft-kept',
  policy: 'policy',
  funnel: 'funnel',
} as const;
