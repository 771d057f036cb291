// The funnel's queue and its sending (docs/operations.md, "The funnel"), off the input path: what
// happens is pushed onto an array and nothing more; the events are decided (visit.ts), batched
// and sent later, a couple of seconds on in an idle moment, or at once when the page is hidden.
// Sent with navigator.sendBeacon, else a keepalive fetch; a send that fails is dropped, never
// tried again. A browser that sends Global Privacy Control or Do Not Track queues nothing, and
// nothing is queued for sending before the server's configuration turns the funnel on.
import { mayCount } from '../../shared/funnel.ts';
import { i18n } from '../i18n.ts';
import {
  bodiesOf,
  type Happening,
  NEW_VISIT,
  type Place,
  type Queued,
  type Visit,
  visitEvents,
} from './visit.ts';

/** POST /api/events (docs/api.md). */
const ENDPOINT = '/api/events';
/**
 * How long after something happens its events wait for others to share their batch.
 * @internal report.test.ts holds the queue and docs/operations.md to it.
 */
export const FLUSH_DELAY_MS = 2_000;
/** What is kept while the funnel waits for the server's configuration; the rest is not. */
const MAX_WAITING = 100;

/** What the queue needs of the browser (tests give their own). */
interface FunnelDeps {
  /** Sends one body; whatever becomes of it is not our concern. */
  send(body: string): void;
  /** Runs `run` after `ms`, in an idle moment. */
  later(run: () => void, ms: number): void;
  /** The page's language now. */
  language(): string;
  /** Whether the browser lets us count the visit at all (mayCount). */
  counted(): boolean;
}

/** @internal Exported for report.test.ts; the page uses the instance below. */
export function createFunnel(deps: FunnelDeps) {
  let state: 'waiting' | 'on' | 'off' = 'waiting';
  let pending: [Happening, string][] = [];
  let place: Place | null = null;
  let visit: Visit = NEW_VISIT;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (state !== 'on' || !place) return;
    const queued: Queued[] = [];
    for (const [happening, language] of pending) {
      const [next, events] = visitEvents(visit, happening);
      visit = next;
      for (const event of events) queued.push({ language, event });
    }
    pending = [];
    for (const body of bodiesOf(place, queued)) {
      try {
        deps.send(body);
      } catch {
        // Dropped: the funnel is worth no retry and no message.
      }
    }
  };

  const schedule = () => {
    if (scheduled || state !== 'on') return;
    scheduled = true;
    deps.later(flush, FLUSH_DELAY_MS);
  };

  return {
    /** Something happened: pushed, and sent later. The page's only call on the input path. */
    report(happening: Happening): void {
      if (state === 'waiting' && !deps.counted()) {
        state = 'off';
        pending = [];
      }
      if (state === 'off' || (state === 'waiting' && pending.length >= MAX_WAITING)) return;
      pending.push([happening, deps.language()]);
      schedule();
    },
    /** The server's configuration turned the funnel on for a visit at `at`: what waited goes too. */
    start(at: Place): void {
      if (state !== 'waiting') return;
      if (!deps.counted()) {
        state = 'off';
        pending = [];
        return;
      }
      state = 'on';
      place = at;
      if (pending.length > 0) schedule();
    },
    /** Sends what is queued now: the page is being hidden, perhaps for good. */
    flush,
    /** The page is hidden for good (`pagehide`): the visit left, unless it registered. */
    leave(): void {
      if (state !== 'on') return;
      pending.push([{ type: 'hidden' }, deps.language()]);
      flush();
    },
  };
}

type GpcNavigator = Navigator & { globalPrivacyControl?: unknown };

/** One body to POST /api/events, as JSON; a failure is dropped silently. */
function send(body: string): void {
  try {
    const blob = new Blob([body], { type: 'application/json' });
    if (navigator.sendBeacon?.(ENDPOINT, blob)) return;
  } catch {
    // Refused (a browser that beacons no JSON): the fetch below.
  }
  fetch(ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

function later(run: () => void, ms: number): void {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: ms });
    else run();
  }, ms);
}

const funnel = createFunnel({
  send,
  later,
  language: () => i18n.locale,
  counted: () =>
    mayCount({
      gpc: (navigator as GpcNavigator).globalPrivacyControl,
      dnt: navigator.doNotTrack,
    }),
});

/** Something happened on the page: pushed, and nothing more now. */
export const report = (happening: Happening): void => funnel.report(happening);

/**
 * The funnel on, for a visit at `place`: what happened since hydration is sent, and from now on
 * what happens, until the page is hidden for good. Returns the function that stops listening.
 */
export function startFunnel(place: Place): () => void {
  funnel.start(place);
  const hidden = () => {
    if (document.visibilityState === 'hidden') funnel.flush();
  };
  const left = () => funnel.leave();
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', left);
  return () => {
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', left);
  };
}
