// embed.js: two lines of HTML put the registration form on any site (DESIGN §6). Every
// [data-resume-registration] element, including ones added later, gets an iframe of the form
// from the origin this script came from; the frame's height follows the form, and the frame's
// messages are passed on as DOM events on the element, only from that frame and that origin.
import { brandColorProblem } from '../shared/brand.ts';
import { detailOf, parseEmbedMessage } from '../shared/embed.ts';

const SELECTOR = '[data-resume-registration]';
const TITLE = 'Resume Library Registration';

interface Embed {
  container: HTMLElement;
  frame: HTMLIFrameElement;
}

function start(scriptSrc: string) {
  const origin = new URL(scriptSrc, location.href).origin;
  const embeds = new Map<Window, Embed>();
  const mounted = new WeakSet<HTMLElement>();

  function frameUrl(container: HTMLElement): string {
    const url = new URL('/', origin);
    url.searchParams.set('embed', '1');
    const brand = container.dataset.brandColor;
    if (brand !== undefined) {
      const problem = brandColorProblem(brand);
      if (problem)
        console.warn(`resume-registration: data-brand-color ${brand} ${problem}; ignored`);
      else url.searchParams.set('brand', brand.slice(1).toLowerCase());
    }
    return url.href;
  }

  function mount(container: HTMLElement) {
    if (mounted.has(container)) return;
    mounted.add(container);
    const frame = document.createElement('iframe');
    frame.src = frameUrl(container);
    frame.title = TITLE;
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'display:block;width:100%;border:0;overflow:hidden';
    container.appendChild(frame);
    if (frame.contentWindow) embeds.set(frame.contentWindow, { container, frame });
  }

  function scan(root: ParentNode) {
    if (root instanceof HTMLElement && root.matches(SELECTOR)) mount(root);
    for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) mount(element);
  }

  window.addEventListener('message', (message) => {
    const embed = message.source ? embeds.get(message.source as Window) : undefined;
    if (!embed || message.origin !== origin) return;
    const event = parseEmbedMessage(message.data);
    if (!event) return;
    if (event.type === 'resume-registration:height') embed.frame.style.height = `${event.height}px`;
    embed.container.dispatchEvent(
      new CustomEvent(event.type, { bubbles: true, detail: detailOf(event) }),
    );
  });

  scan(document);
  // Containers a single-page host adds later: only the added subtrees are searched.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLElement) scan(node);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

/** The one global: it also keeps a second copy of this script from framing everything twice. */
declare global {
  interface Window {
    ResumeRegistration?: { origin: string };
  }
}

const script = document.currentScript as HTMLScriptElement | null;
if (script?.src && !window.ResumeRegistration) {
  window.ResumeRegistration = { origin: new URL(script.src, location.href).origin };
  start(script.src);
}
