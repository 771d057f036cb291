// The form inside a job board's page (docs/embedding.md): the server marks the root element in embed
// mode with the origins allowed to frame it; the form tells its host what happens, only when
// the host's origin is one of them, and only with the events of src/shared/embed-protocol.ts.
import {
  embedEvents,
  FRAME_REQUEST_TYPES,
  type FrameMessage,
} from '../../shared/embed-protocol.ts';

/** Whether the page was asked for in embed mode (?embed=1). */
export function isEmbedded(doc: Document = document): boolean {
  return doc.documentElement.dataset.embed === '1';
}

/**
 * The origin of the page that frames this one, when it is allowed to hear from us; else null,
 * and nothing is ever posted. The browser's own record of the framing page comes first
 * (`ancestorOrigins`, else the referrer); only without one does the page take the origin that
 * embed.js named and the server accepted (`data-embed-host`: Firefox on a board that sends no
 * referrer). Posting to that exact origin is safe even if the real parent is another site: the
 * browser then delivers nothing.
 * @internal Pure, and tested directly in host.test.ts.
 */
export function hostOrigin(win: Window = window): string | null {
  if (win.parent === win || !isEmbedded(win.document)) return null;
  const root = win.document.documentElement;
  const allowed = (root.dataset.embedOrigins ?? '').split(' ');
  const ancestors = win.location.ancestorOrigins;
  let origin = ancestors && ancestors.length > 0 ? ancestors[0] : null;
  if (!origin && win.document.referrer) {
    try {
      origin = new URL(win.document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  if (!origin) origin = root.dataset.embedHost ?? null;
  return origin && allowed.includes(origin) ? origin : null;
}

/** The visit's source as the funnel labels it (docs/embedding.md): every event names it. */
let source: string | undefined;

/** The source the events to the host name from now on; undefined: none. */
export function tellSource(label: string | undefined): void {
  source = label;
}

/**
 * Posts one event or request to the host, to its exact origin (never `*`), when there is one;
 * an event with the visit's source, when it named one.
 */
export function postToHost(event: FrameMessage, win: Window = window): void {
  const origin = hostOrigin(win);
  if (!origin) return;
  const named = source !== undefined && event.type !== FRAME_REQUEST_TYPES.showTop;
  win.parent.postMessage(named ? { ...event, source } : event, origin);
}

/**
 * Posts the form's height whenever it changes, at most once a frame, so the host's iframe is as
 * tall as the form and shows no scroll bar of its own. Returns the function that stops it.
 */
export function followHeight(win: Window = window): () => void {
  if (!hostOrigin(win) || typeof ResizeObserver === 'undefined') return () => {};
  const root = win.document.documentElement;
  let posted = -1;
  let frame = 0;
  const post = () => {
    frame = 0;
    // The root element's own height: the iframe's height does not feed back into it.
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === posted) return;
    posted = height;
    postToHost(embedEvents.height(height), win);
  };
  const observer = new ResizeObserver(() => {
    if (!frame) frame = win.requestAnimationFrame(post);
  });
  observer.observe(root);
  post();
  return () => {
    observer.disconnect();
    if (frame) win.cancelAnimationFrame(frame);
  };
}
