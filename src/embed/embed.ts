// embed.js: two lines of HTML put the registration form on any site (docs/embedding.md). Every
// [data-resume-registration] element, including ones added later, gets an iframe of the form
// from the origin this script came from, as tall as step 1 from the start; the frame's height
// follows the form, and the frame's messages are passed on as DOM events on the element, only
// from that frame and that origin. A container taken out of the page takes its frame with it,
// and with the last one the window's message listener goes too.
import { brandColorProblem } from '../shared/brand.ts';
import {
  detailOf,
  EMBED_EVENT_TYPES,
  FRAME_REQUEST_TYPES,
  firstHeight,
  parseEmbedMessage,
} from '../shared/embed-protocol.ts';
import { type Locale, localeOf } from '../shared/locale.ts';

const SELECTOR = '[data-resume-registration]';
/** Longer than any label a board may list (FUNNEL_SOURCES): a longer one is `other` anyway. */
const MAX_HINT = 64;
/** The frame's accessible name, in the form's language (docs/languages.md's glossary). */
const TITLES: Record<Locale, string> = {
  en: 'Resume Library Registration',
  es: 'Registro en Resume Library',
};

/** What `mount` takes beside the element; the element's data-brand-color and data-lang otherwise. */
export interface MountOptions {
  brandColor?: string;
  /** The form's language, `en` or `es` (docs/languages.md); the visitor's own choice still wins. */
  lang?: string;
  /** Where the visit came from, for the funnel (docs/embedding.md): a source and a campaign. */
  source?: string;
  campaign?: string;
}

/** The one global (`window.ResumeRegistration`). */
export interface ResumeRegistrationApi {
  /** The origin the form comes from. */
  origin: string;
  /** Puts the form in `element` (once; again only after `unmount`). */
  mount(element: HTMLElement, options?: MountOptions): void;
  /** Takes the form out of `element`; nothing more is dispatched on it. */
  unmount(element: HTMLElement): void;
}

/**
 * The frame's top brought into view when it lies above the viewport: the candidate moved to
 * another step (the form asks only then) and would otherwise land in the middle of it. Smooth,
 * unless the visitor asked for reduced motion.
 */
function showTop(frame: HTMLIFrameElement) {
  if (frame.getBoundingClientRect().top >= 0) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  frame.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

function start(origin: string): ResumeRegistrationApi {
  const embeds = new Map<HTMLElement, HTMLIFrameElement>();

  function frameUrl(
    brand: string | undefined,
    lang: Locale | null,
    from: { source?: string | undefined; campaign?: string | undefined },
  ): string {
    const url = new URL('/', origin);
    url.searchParams.set('embed', '1');
    // This page's origin, for a frame the browser tells nothing (Firefox, no referrer): the
    // server keeps it only when it is listed in EMBED_ORIGINS.
    if (location.origin !== 'null') url.searchParams.set('host', location.origin);
    if (lang) url.searchParams.set('lang', lang);
    // The funnel's source, as a link to the form would name it; the form labels it (sourceOf).
    if (from.source) url.searchParams.set('utm_source', from.source.slice(0, MAX_HINT));
    if (from.campaign) url.searchParams.set('utm_campaign', from.campaign.slice(0, MAX_HINT));
    if (brand !== undefined) {
      const problem = brandColorProblem(brand);
      if (problem)
        console.warn(`resume-registration: data-brand-color ${brand} ${problem}; ignored`);
      else url.searchParams.set('brand', brand.slice(1).toLowerCase());
    }
    return url.href;
  }

  function onMessage(message: MessageEvent) {
    if (message.origin !== origin || !message.source) return;
    for (const [container, frame] of embeds) {
      if (frame.contentWindow !== message.source) continue;
      const event = parseEmbedMessage(message.data);
      if (!event) return;
      if (event.type === FRAME_REQUEST_TYPES.showTop) {
        showTop(frame);
        return;
      }
      if (event.type === EMBED_EVENT_TYPES.height) frame.style.height = `${event.height}px`;
      container.dispatchEvent(
        new CustomEvent(event.type, { bubbles: true, detail: detailOf(event) }),
      );
      return;
    }
  }

  function mount(container: HTMLElement, options: MountOptions = {}) {
    if (embeds.has(container)) return;
    if (embeds.size === 0) addEventListener('message', onMessage);
    const frame = document.createElement('iframe');
    const lang = localeOf(options.lang ?? container.dataset.lang);
    frame.src = frameUrl(options.brandColor ?? container.dataset.brandColor, lang, {
      source: options.source ?? container.dataset.source,
      campaign: options.campaign ?? container.dataset.campaign,
    });
    frame.title = TITLES[lang ?? 'en'];
    frame.setAttribute('scrolling', 'no');
    // Step 1's height before the form loads, so the page does not move when it arrives.
    const height = firstHeight(
      container.clientWidth || document.documentElement.clientWidth,
      lang ?? 'en',
    );
    frame.style.cssText = `display:block;width:100%;border:0;overflow:hidden;height:${height}px`;
    container.appendChild(frame);
    embeds.set(container, frame);
  }

  function unmount(container: HTMLElement) {
    const frame = embeds.get(container);
    if (!frame) return;
    embeds.delete(container);
    frame.remove();
    if (embeds.size === 0) removeEventListener('message', onMessage);
  }

  function scan(root: ParentNode) {
    if (root instanceof HTMLElement && root.matches(SELECTOR)) mount(root);
    for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) mount(element);
  }

  scan(document);
  // Containers a single-page host adds later: only the added subtrees are searched. A container
  // that has left the page is released.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLElement) scan(node);
      if (record.removedNodes.length === 0) continue;
      for (const container of [...embeds.keys()]) if (!container.isConnected) unmount(container);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  return { origin, mount, unmount };
}

/** The one global: it also keeps a second copy of this script from framing everything twice. */
declare global {
  interface Window {
    ResumeRegistration?: ResumeRegistrationApi;
  }
}

const script = document.currentScript as HTMLScriptElement | null;
if (script?.src && !window.ResumeRegistration) {
  window.ResumeRegistration = start(new URL(script.src, location.href).origin);
}
