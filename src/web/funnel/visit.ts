// What the page reports of a visit (docs/operations.md, "The funnel"), decided: the visit so far
// and what just happened on the page → the funnel events to queue. Pure: the page's glue
// (report.ts) tells it what happened, in the wizard's own terms, and sends what it decides.
// Nothing typed reaches an event: each value is looked up in the shared allow-lists
// (src/shared/funnel.ts), and anything else makes no event.
import {
  deviceClass,
  FUNNEL_FIELDS,
  FUNNEL_FORMATS,
  FUNNEL_LANGUAGES,
  FUNNEL_RULES,
  FUNNEL_STEPS,
  type FunnelContext,
  type FunnelEvent,
  type FunnelOutcome,
  type FunnelStep,
  funnelBodies,
  sourceOf,
} from '../../shared/funnel.ts';

/** What happened on the page, as the wizard knows it (steps 0-based, as the wizard counts). */
export type Happening =
  /** A step on screen, the form's own (not the empty step 1 under a confirmation). */
  | { type: 'shown'; step: number }
  /** Steps `from` to `to` valid, and the step after `to` asked for (Submit Registration: the last). */
  | { type: 'completed'; from: number; to: number }
  /** Validation messages on screen, by field and rule key (rules-shown.ts). */
  | { type: 'messages'; shown: readonly (readonly [field: string, rule: string])[] }
  /** "Start with your resume" filled `filled` fields from a file of type `format`. */
  | { type: 'autofill'; format: unknown; filled: number }
  /** The page now in language `to`. */
  | { type: 'language'; to: string }
  /** A registration's answer, by class. */
  | { type: 'outcome'; outcome: FunnelOutcome }
  /** The page hidden for good (`pagehide`). */
  | { type: 'hidden' };

/** The visit so far. */
export interface Visit {
  /** The steps shown, completed, and the messages shown (`field rule`), once each. */
  shown: readonly FunnelStep[];
  completed: readonly FunnelStep[];
  messages: readonly string[];
  /** Registered (or queued), or left: nothing more to leave. A step shown starts a new visit. */
  over: boolean;
}

export const NEW_VISIT: Visit = { shown: [], completed: [], messages: [], over: false };

const stepOf = (index: number): FunnelStep | undefined =>
  FUNNEL_STEPS.find((step) => step === index + 1);
const isOneOf = <T>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/**
 * The events `happening` makes in `visit`, and the visit after it: a step shown the first time
 * in the visit; a step completed once; a message once for each field and rule; autofill and a
 * language switch each time; each answer; `left` with the last step reached, once, when the page
 * is hidden before a registration. A registration (or a queued one) ends the visit; the next
 * step shown starts another.
 */
export function visitEvents(visit: Visit, happening: Happening): [Visit, FunnelEvent[]] {
  switch (happening.type) {
    case 'shown': {
      const current = visit.over ? NEW_VISIT : visit;
      const step = stepOf(happening.step);
      if (step === undefined || current.shown.includes(step)) return [current, []];
      return [{ ...current, shown: [...current.shown, step] }, [{ type: 'step_shown', step }]];
    }
    case 'completed': {
      const steps = FUNNEL_STEPS.filter(
        (step) =>
          step >= happening.from + 1 && step <= happening.to + 1 && !visit.completed.includes(step),
      );
      return [
        { ...visit, completed: [...visit.completed, ...steps] },
        steps.map((step) => ({ type: 'step_completed', step })),
      ];
    }
    case 'messages': {
      const events: FunnelEvent[] = [];
      const messages = [...visit.messages];
      for (const [field, rule] of happening.shown) {
        const key = `${field} ${rule}`;
        if (messages.includes(key)) continue;
        if (!isOneOf(FUNNEL_FIELDS, field) || !isOneOf(FUNNEL_RULES, rule)) continue;
        messages.push(key);
        events.push({ type: 'validation_shown', field, rule });
      }
      return [{ ...visit, messages }, events];
    }
    case 'autofill': {
      const { format, filled } = happening;
      const count = Number.isInteger(filled)
        ? Math.min(Math.max(filled, 0), FUNNEL_FIELDS.length)
        : 0;
      if (!isOneOf(FUNNEL_FORMATS, format)) return [visit, []];
      return [visit, [{ type: 'autofill_used', format, filled: count }]];
    }
    case 'language':
      return isOneOf(FUNNEL_LANGUAGES, happening.to)
        ? [visit, [{ type: 'language_switched', to: happening.to }]]
        : [visit, []];
    case 'outcome': {
      const ends = happening.outcome === 'registered' || happening.outcome === 'queued';
      const event: FunnelEvent = { type: 'outcome', outcome: happening.outcome };
      return [ends ? { ...NEW_VISIT, over: true } : visit, [event]];
    }
    case 'hidden': {
      const reached = Math.max(0, ...visit.shown) as FunnelStep | 0;
      if (visit.over || reached === 0) return [visit, []];
      return [{ ...visit, over: true }, [{ type: 'left', step: reached }]];
    }
  }
}

/** What the page's glue knows of an answer: its toast's kind and the answer's status. */
interface Answered {
  kind: 'registered' | 'queued' | 'error';
  /** The email is registered already. */
  conflict: boolean;
  /** Our server's status; null: no answer at all. */
  status: number | null;
}

/**
 * A registration's answer by class: `already` for an email registered before, `refused` for data
 * refused (a 4xx but a timeout or a rate limit), `failed` for no answer, a server error, or a
 * wait asked for.
 */
export function outcomeOf({ kind, conflict, status }: Answered): FunnelOutcome {
  if (kind !== 'error') return kind;
  if (conflict) return 'already';
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429
    ? 'refused'
    : 'failed';
}

/** Where the visit is, as the page finds it at its start. */
interface Where {
  /** `window.innerWidth`. */
  width: number;
  embedded: boolean;
  /** The page's query (`location.search`): utm_source and utm_campaign (embed.js passes its own). */
  search: string;
  /** FUNNEL_SOURCES (PublicConfig). */
  sources: readonly string[];
}

/** A visit's context but its language: fixed at its start, so a visit's counts stay together. */
export type Place = Omit<FunnelContext, 'language'>;

export function placeOf({ width, embedded, search, sources }: Where): Place {
  const query = new URLSearchParams(search);
  const source = sourceOf(
    { source: query.get('utm_source'), campaign: query.get('utm_campaign') },
    sources,
  );
  return {
    device: deviceClass(width),
    page: embedded ? 'embedded' : 'own',
    ...(source === undefined ? {} : { source }),
  };
}

/** An event queued with the page's language when it happened. */
export interface Queued {
  language: string;
  event: FunnelEvent;
}

/**
 * The bodies that carry `queued` from a visit at `place`, in order: each run of events in one
 * language in batches of its own (funnelBodies). Events in a language the endpoint does not take
 * are left out.
 */
export function bodiesOf(place: Place, queued: readonly Queued[]): string[] {
  const bodies: string[] = [];
  let run: FunnelEvent[] = [];
  let language: string | undefined;
  const close = () => {
    if (run.length > 0 && isOneOf(FUNNEL_LANGUAGES, language)) {
      bodies.push(...funnelBodies({ language, ...place }, run));
    }
    run = [];
  };
  for (const item of queued) {
    if (item.language !== language) {
      close();
      language = item.language;
    }
    run.push(item.event);
  }
  close();
  return bodies;
}
