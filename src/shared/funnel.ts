// The funnel's events (docs/operations.md, "The funnel"; docs/decisions/023): what the page
// reports of a visit, as bounded, allow-listed values only, and the small batches it sends them
// in to POST /api/events. Every value an event or a batch's context may hold is listed here: the
// server refuses anything else (src/server/funnel/batch.ts builds its schema from these lists),
// and its counters' labels come from them alone. No event holds a typed value, a name, a file, an
// id or a time.
import { RESUME_TYPES, STEP_FIELDS } from './constants.ts';
import type { FIELD_TEXTS } from './messages.ts';

/** The wizard's steps, 1-based as the page shows them. */
export const FUNNEL_STEPS = [1, 2, 3] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * Every field of the form (STEP_FIELDS), the only field ids a validation event may name. Pure, as
 * MAX_FIELDS_FILLED: embed.js, which imports this module for isSourceLabel alone, leaves them out.
 */
export const FUNNEL_FIELDS = /* @__PURE__ */ STEP_FIELDS.flat();
type FunnelField = (typeof FUNNEL_FIELDS)[number];

/**
 * The form's rules, by the key of their message (FIELD_TEXTS) and `tooLong` for every length
 * limit: the only rule keys a validation event may name. A test holds it to FIELD_TEXTS.
 */
export const FUNNEL_RULES = [
  'email',
  'password',
  'firstName',
  'lastName',
  'zipRequired',
  'zipPattern',
  'notNegative',
  'notANumber',
  'salaryOrder',
  'resumeFileType',
  'dropRejected',
  'resumeTooLarge',
  'url',
  'nameUrl',
  'phoneUrl',
  'resumeMissing',
  'resumeIncomplete',
  'tooLong',
] as const satisfies readonly (keyof typeof FIELD_TEXTS | 'tooLong')[];
export type FunnelRule = (typeof FUNNEL_RULES)[number];

/** The formats "Start with your resume" reads. */
export const FUNNEL_FORMATS = RESUME_TYPES;
type FunnelFormat = (typeof FUNNEL_FORMATS)[number];
/** The most fields an autofill can fill: every field of the form. */
export const MAX_FIELDS_FILLED = /* @__PURE__ */ (() => FUNNEL_FIELDS.length)();

export const FUNNEL_LANGUAGES = ['en', 'es'] as const;
type FunnelLanguage = (typeof FUNNEL_LANGUAGES)[number];

/** The registration's outcome, by class: never its status, message or data. */
export const FUNNEL_OUTCOMES = ['registered', 'queued', 'already', 'refused', 'failed'] as const;
export type FunnelOutcome = (typeof FUNNEL_OUTCOMES)[number];

export const FUNNEL_DEVICES = ['phone', 'wide'] as const;
type FunnelDevice = (typeof FUNNEL_DEVICES)[number];

/** The form on the board's own page (`/`), or in a board's frame (`embed.js`, `?embed=1`). */
export const FUNNEL_PAGES = ['own', 'embedded'] as const;
type FunnelPage = (typeof FUNNEL_PAGES)[number];

/** A source or campaign not in the board's allow-list (FUNNEL_SOURCES). */
export const OTHER_SOURCE = 'other';
/** The label of a visit that named no source at all (no `source` in its batch). */
export const NO_SOURCE = 'none';

/** The most entries FUNNEL_SOURCES may hold: each multiplies the funnel's series. */
export const MAX_FUNNEL_SOURCES = 20;

/** An entry of FUNNEL_SOURCES as the server passes it on (lower case), or OTHER_SOURCE. */
const SOURCE_LABEL = /^[a-z0-9][a-z0-9._-]{0,31}$/;

/**
 * Whether `value` may be a visit's source label: OTHER_SOURCE or what an entry of FUNNEL_SOURCES
 * may be once the server has read it (src/server/config.ts), never NO_SOURCE. The page reads the
 * allow-list and embed.js the frame's source through it.
 */
export const isSourceLabel = (value: unknown): value is string =>
  typeof value === 'string' && value !== NO_SOURCE && SOURCE_LABEL.test(value);

/**
 * What the page reports of a visit, and when (docs/operations.md, "The funnel"): a step shown
 * the first time it is shown in the visit; a step completed when its fields are valid and the
 * next step is asked for (step 3: Submit Registration); a validation message once per visit for
 * each field and rule; autofill each time it fills; a language switch; each registration's answer
 * by class; and, when the page is hidden for good before a registration, the visit left with its
 * last step reached.
 */
export type FunnelEvent =
  | { type: 'step_shown'; step: FunnelStep }
  | { type: 'step_completed'; step: FunnelStep }
  | { type: 'validation_shown'; field: FunnelField; rule: FunnelRule }
  | { type: 'autofill_used'; format: FunnelFormat; filled: number }
  | { type: 'language_switched'; to: FunnelLanguage }
  | { type: 'outcome'; outcome: FunnelOutcome }
  | { type: 'left'; step: FunnelStep };

/**
 * What every event of a batch shares: the page's language when they happened, its device class,
 * own page or embedded, and the source (OTHER_SOURCE, or an entry of FUNNEL_SOURCES; none: no key).
 */
export interface FunnelContext {
  language: FunnelLanguage;
  device: FunnelDevice;
  page: FunnelPage;
  source?: string;
}

/** The body of POST /api/events: one context, 1 to MAX_BATCH_EVENTS events. */
export interface FunnelBatch {
  context: FunnelContext;
  events: FunnelEvent[];
}

/** The most events a batch holds. */
export const MAX_BATCH_EVENTS = 20;
/** The most bytes a batch's body takes (UTF-8 JSON); the endpoint answers 413 past it. */
export const MAX_BATCH_BYTES = 512;

/**
 * The widest viewport, in CSS pixels, the page lays out for a phone (its narrow layout, 48em:
 * src/web/styles.css, held to it by funnel.test.ts).
 * @internal deviceClass decides by it; funnel.test.ts holds it to the stylesheet and the docs.
 */
export const PHONE_MAX_WIDTH = 768;

/**
 * `phone` up to PHONE_MAX_WIDTH, else `wide`; a width that is no number counts as wide.
 */
export function deviceClass(width: number): FunnelDevice {
  return Number.isFinite(width) && width <= PHONE_MAX_WIDTH ? 'phone' : 'wide';
}

/** Where a visit came from, as the page finds it: `utm_source`/`utm_campaign` or the embed's. */
interface SourceHints {
  source?: string | null | undefined;
  campaign?: string | null | undefined;
}

/**
 * The source label of a visit: its campaign when the allow-list holds it, else its source when
 * it does, else OTHER_SOURCE when it named either; undefined when it named neither. Hints are
 * compared trimmed and in lower case; the allow-list is FUNNEL_SOURCES as the server read it.
 */
export function sourceOf(hints: SourceHints, allowList: readonly string[]): string | undefined {
  const named = [hints.campaign, hints.source]
    .map((hint) => (typeof hint === 'string' ? hint.trim().toLowerCase() : ''))
    .filter((hint) => hint !== '');
  if (named.length === 0) return undefined;
  return named.find((hint) => allowList.includes(hint)) ?? OTHER_SOURCE;
}

/** The browser's or a request's opt-out signals: Global Privacy Control and Do Not Track. */
export interface PrivacySignals {
  /** `navigator.globalPrivacyControl`, or the `Sec-GPC` header. */
  gpc: unknown;
  /** `navigator.doNotTrack` (`"1"`, older Firefox `"yes"`), or the `DNT` header. */
  dnt: unknown;
}

const OPTED_OUT = new Set<unknown>([true, '1', 'yes']);

/** Whether a visit may be counted: not when it sends Global Privacy Control or Do Not Track. */
export function mayCount({ gpc, dnt }: PrivacySignals): boolean {
  const signal = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  return !OPTED_OUT.has(signal(gpc)) && !OPTED_OUT.has(signal(dnt));
}

const encoder = /* @__PURE__ */ new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

/**
 * The bodies that carry `events` with `context`, in order: each a JSON batch of at most
 * MAX_BATCH_EVENTS events and MAX_BATCH_BYTES bytes. None for no events. Every valid event fits
 * a batch of its own (funnel.test.ts), so none is ever left out.
 */
export function funnelBodies(context: FunnelContext, events: readonly FunnelEvent[]): string[] {
  const bodies: string[] = [];
  let batch: FunnelEvent[] = [];
  const body = (list: FunnelEvent[]) => JSON.stringify({ context, events: list });
  for (const event of events) {
    const next = [...batch, event];
    if (
      batch.length > 0 &&
      (next.length > MAX_BATCH_EVENTS || bytesOf(body(next)) > MAX_BATCH_BYTES)
    ) {
      bodies.push(body(batch));
      batch = [event];
    } else {
      batch = next;
    }
  }
  if (batch.length > 0) bodies.push(body(batch));
  return bodies;
}
