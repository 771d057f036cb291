// What the embedded form tells its host page (docs/embedding.md): six events, each built here from
// numbers and step indices only, so no event can carry anything the candidate typed, and one
// request that embed.js answers itself (show-top: bring the frame's top into view). embed.js
// reads messages back through parseEmbedMessage, which keeps nothing it does not know.
import { STEP_COUNT, STEP_TITLES } from './constants.ts';
import { isSourceLabel } from './funnel.ts';
import { isRecord } from './is-record.ts';
import type { Locale } from './locale.ts';

const EMBED_EVENT_PREFIX = 'resume-registration:';
type StepName = (typeof STEP_TITLES)[number];

/** Each event's type: the prefix, then the event's name. */
export const EMBED_EVENT_TYPES = {
  ready: `${EMBED_EVENT_PREFIX}ready`,
  height: `${EMBED_EVENT_PREFIX}height`,
  step: `${EMBED_EVENT_PREFIX}step`,
  registered: `${EMBED_EVENT_PREFIX}registered`,
  queued: `${EMBED_EVENT_PREFIX}queued`,
  failed: `${EMBED_EVENT_PREFIX}failed`,
} as const;
const T = EMBED_EVENT_TYPES;

/** What the frame asks of embed.js itself; never passed on to the host's page as an event. */
export const FRAME_REQUEST_TYPES = {
  /** The candidate moved to another step: bring the frame's top into view. */
  showTop: `${EMBED_EVENT_PREFIX}show-top`,
} as const;

export type EmbedEvent = (
  | { type: typeof T.ready }
  | { type: typeof T.height; height: number }
  | { type: typeof T.step; step: number; name: StepName }
  | { type: typeof T.registered }
  | { type: typeof T.queued }
  | { type: typeof T.failed; status: number | null }
) & {
  /**
   * The visit's source as the funnel labels it (an entry of FUNNEL_SOURCES, or `other`), when
   * the embed named one (data-source, data-campaign).
   */
  source?: string;
};

export type FrameRequest = { type: typeof FRAME_REQUEST_TYPES.showTop };
/** Everything the frame posts: an event for the host, or a request to embed.js. */
export type FrameMessage = EmbedEvent | FrameRequest;

/** The events, built from what they may carry and nothing else. */
export const embedEvents = {
  ready: (): EmbedEvent => ({ type: T.ready }),
  height: (px: number): EmbedEvent => ({
    type: T.height,
    height: Math.max(0, Math.ceil(px)),
  }),
  /** `index` is the wizard's 0-based step; hosts see 1 to 3 and the step's name. */
  step: (index: number): EmbedEvent => ({
    type: T.step,
    step: index + 1,
    name: STEP_TITLES[index] ?? STEP_TITLES[0],
  }),
  registered: (): EmbedEvent => ({ type: T.registered }),
  /** OUTBOX=on: the server keeps the registration and delivers it later. */
  queued: (): EmbedEvent => ({ type: T.queued }),
  failed: (status: number | null): EmbedEvent => ({
    type: T.failed,
    status: Number.isInteger(status) ? status : null,
  }),
};

export const frameRequests = {
  showTop: (): FrameRequest => ({ type: FRAME_REQUEST_TYPES.showTop }),
};

const MAX_HEIGHT = 100_000;
const isWholeNumber = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * A message from the form, rebuilt from its known fields only, or null when it is none of the
 * six events or the show-top request (anything else a frame could post is dropped, never passed on to the host).
 * An event keeps its source only when it is one a funnel label may be.
 */
export function parseEmbedMessage(data: unknown): FrameMessage | null {
  const message = parseKnown(data);
  if (!message || message.type === FRAME_REQUEST_TYPES.showTop || !isRecord(data)) return message;
  return isSourceLabel(data.source) ? { ...message, source: data.source } : message;
}

function parseKnown(data: unknown): FrameMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  switch (data.type) {
    case T.ready:
      return embedEvents.ready();
    case T.registered:
      return embedEvents.registered();
    case T.queued:
      return embedEvents.queued();
    case FRAME_REQUEST_TYPES.showTop:
      return frameRequests.showTop();
    case T.height:
      return isWholeNumber(data.height, 0, MAX_HEIGHT) ? embedEvents.height(data.height) : null;
    case T.step:
      return isWholeNumber(data.step, 1, STEP_COUNT) ? embedEvents.step(data.step - 1) : null;
    case T.failed:
      return data.status === null || isWholeNumber(data.status, 100, 599)
        ? embedEvents.failed(data.status)
        : null;
    default:
      return null;
  }
}

/** An event's `detail` for the host's CustomEvent: everything but its type. */
export function detailOf(event: FrameMessage): Record<string, unknown> {
  const { type: _type, ...detail } = event;
  return detail;
}

/**
 * Step 1's height in px per frame width, as measured in Chromium (2026-11-26, the production
 * form in English with the notice at collection and its funnel sentence (FUNNEL on, the
 * default), "Start with your resume", the language switch and "Clear this form", without the
 * random-data button; with it the form is 60 px taller):
 * widest band first.
 * Each band gives its narrowest width's height, so text that wraps less only makes the frame
 * shrink a little when the form's own height arrives. bench/first-height.mjs measures them again.
 * @internal readme-facts and bench/first-height.mjs hold the docs and the measure to it.
 */
export const FIRST_HEIGHTS: readonly (readonly [minWidth: number, height: number])[] = [
  [800, 1176],
  [600, 1378],
  [480, 1400],
  [360, 1455],
  [0, 1498],
];

/**
 * FIRST_HEIGHTS for the form in Spanish, measured the same way (`bench/first-height.mjs --lang
 * es`): its longer words wrap sooner on a phone.
 * @internal readme-facts and e2e/embed-host hold the docs and the page to it.
 */
export const FIRST_HEIGHTS_ES: readonly (readonly [minWidth: number, height: number])[] = [
  [800, 1219],
  [600, 1400],
  [480, 1400],
  [360, 1498],
  [0, 1535],
];

/**
 * The iframe's height before the form has said its own: step 1's at that width, in the form's
 * language (an embed's data-lang); a width that is no number gets the narrowest band's.
 */
export function firstHeight(width: number, lang: Locale = 'en'): number {
  const bands = lang === 'es' ? FIRST_HEIGHTS_ES : FIRST_HEIGHTS;
  for (const [minWidth, height] of bands) if (width >= minWidth) return height;
  return (bands.at(-1) as readonly [number, number])[1];
}
