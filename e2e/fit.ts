// Whether every control's text fits its box (docs/form.md layout): one page function for the
// Chromium suite (`page.evaluate(controlsThatDoNotFit)`) and the cross-browser suite
// (`session.evaluate(controlsThatDoNotFit)`), so both measure alike.

/** A visible control whose text does not fit its box, as `controlsThatDoNotFit` reports it. */
export interface Misfit {
  /** What the control is: its accessible name, and for a select the option measured. */
  name: string;
  kind: 'button' | 'tab' | 'select option' | 'label';
  /** The text on one line, in the control's own font, in CSS pixels (rounded to 0.1). */
  textWidth: number;
  /** The width the text has: the control's content box (a select's holds its own arrow). */
  boxWidth: number;
  /** How many lines the text takes on the page (a button or a tab must take one). */
  lines: number;
}

/**
 * Runs in the page (self-contained: it is sent as source): every visible control whose text does
 * not fit, in what the candidate sees now.
 *
 * - buttons (the step list's too), tabs and labels drawn as buttons: the text on one line is no
 *   wider than the content box, and on the page it takes one line;
 * - selects: EVERY option's text, in the select's own font, as it would show once chosen, is no
 *   wider than the select's content box (the arrow is in its padding: `appearance: none`);
 * - labels and legends of inputs, checkboxes, switches and the language switch: no line of their
 *   text runs outside their content box (they may wrap).
 *
 * Aria-hidden parts (the step list's numbers) and visually hidden controls are left out.
 */
export function controlsThatDoNotFit(): Misfit[] {
  const TOLERANCE = 0.5;
  const round = (n: number) => Math.round(n * 10) / 10;
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

  const clipped = (element: Element) => {
    const style = getComputedStyle(element);
    return (
      (style.clip !== 'auto' && style.clip !== '') ||
      (style.clipPath !== 'none' && style.clipPath !== '')
    );
  };

  /** The text nodes a person sees in `element`: no aria-hidden part, no hidden input's label. */
  const textNodes = (element: Element): Text[] => {
    const found: Text[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        if (normal(node.textContent ?? '') !== '') found.push(node as Text);
        return;
      }
      if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return;
      if (node instanceof HTMLSelectElement || node instanceof HTMLInputElement) return;
      // Words for screen readers only (a visually hidden "Personal Info" after "Change").
      if (node !== element && clipped(node)) return;
      node.childNodes.forEach(walk);
    };
    walk(element);
    return found;
  };

  const hidden = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return true;
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      if (clipped(at)) return true;
      if (at.getAttribute('aria-hidden') === 'true') return true;
    }
    return false;
  };

  const contentBox = (element: Element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const left =
      box.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
    const right =
      box.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
    return { left, right, width: right - left };
  };

  /** `text` on one line in `element`'s font, in CSS pixels. */
  const oneLineWidth = (element: Element, text: string): number => {
    const style = getComputedStyle(element);
    const probe = document.createElement('span');
    for (const property of [
      'font-family',
      'font-size',
      'font-weight',
      'font-style',
      'font-stretch',
      'font-variant',
      'font-kerning',
      'font-feature-settings',
      'letter-spacing',
      'word-spacing',
      'text-transform',
    ]) {
      probe.style.setProperty(property, style.getPropertyValue(property));
    }
    probe.style.setProperty('position', 'absolute');
    probe.style.setProperty('left', '0');
    probe.style.setProperty('top', '0');
    probe.style.setProperty('visibility', 'hidden');
    probe.style.setProperty('white-space', 'pre');
    probe.textContent = text;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };

  /** The rectangles of `nodes`' text as laid out, and how many lines they take. */
  const layout = (nodes: Text[]) => {
    const rects: DOMRect[] = [];
    for (const node of nodes) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width > 0 && rect.height > 0) rects.push(rect);
      }
    }
    const tops: number[] = [];
    for (const rect of rects) {
      const middle = (rect.top + rect.bottom) / 2;
      if (!tops.some((top) => Math.abs(top - middle) < rect.height / 2)) tops.push(middle);
    }
    return { rects, lines: tops.length };
  };

  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return normal(label);
    const labels = (element as HTMLSelectElement).labels;
    if (labels && labels.length > 0) {
      return normal(
        Array.from(labels, (l) =>
          textNodes(l)
            .map((n) => n.textContent)
            .join(''),
        ).join(' '),
      );
    }
    return normal(
      textNodes(element)
        .map((node) => node.textContent)
        .join(''),
    );
  };

  const misfits: Misfit[] = [];

  // Buttons, tabs (the step list's buttons too) and labels drawn as buttons: one line that fits.
  for (const element of Array.from(
    document.querySelectorAll('button, [role="tab"], label.button, a.button'),
  )) {
    if (hidden(element)) continue;
    const nodes = textNodes(element);
    const text = normal(nodes.map((node) => node.textContent).join(''));
    if (text === '') continue;
    const box = contentBox(element);
    const { rects, lines } = layout(nodes);
    // The text's own width on one line, and what of it runs outside the box as laid out.
    const textWidth = oneLineWidth(nodes[0]?.parentElement ?? element, text);
    const outside = rects.some(
      (rect) => rect.left < box.left - TOLERANCE || rect.right > box.right + TOLERANCE,
    );
    if (textWidth > box.width + TOLERANCE || lines > 1 || outside) {
      misfits.push({
        name: nameOf(element),
        kind: element.getAttribute('role') === 'tab' ? 'tab' : 'button',
        textWidth: round(textWidth),
        boxWidth: round(box.width),
        lines,
      });
    }
  }

  // Selects: every option as it would show once chosen, in the select's own font.
  for (const select of Array.from(document.querySelectorAll('select'))) {
    if (hidden(select)) continue;
    const box = contentBox(select);
    for (const option of Array.from(select.options)) {
      const text = normal(option.text);
      const textWidth = oneLineWidth(select, text);
      if (textWidth > box.width + TOLERANCE) {
        misfits.push({
          name: `${nameOf(select)}: ${text}`,
          kind: 'select option',
          textWidth: round(textWidth),
          boxWidth: round(box.width),
          lines: 1,
        });
      }
    }
  }

  // Labels and legends: every line inside the box.
  for (const element of Array.from(document.querySelectorAll('label:not(.button), legend'))) {
    if (hidden(element)) continue;
    const nodes = textNodes(element);
    if (nodes.length === 0) continue;
    const box = contentBox(element);
    const { rects, lines } = layout(nodes);
    const left = Math.min(...rects.map((rect) => rect.left));
    const right = Math.max(...rects.map((rect) => rect.right));
    if (left < box.left - TOLERANCE || right > box.right + TOLERANCE) {
      misfits.push({
        name: normal(nodes.map((node) => node.textContent).join('')),
        kind: 'label',
        textWidth: round(right - left),
        boxWidth: round(box.width),
        lines,
      });
    }
  }
  return misfits;
}

/** The states, of those a walk looked at, where some control did not fit. */
export function misfitsSeen(seen: Record<string, Misfit[]>): Record<string, Misfit[]> {
  return Object.fromEntries(Object.entries(seen).filter(([, found]) => found.length > 0));
}

/** One line per misfit: the state, the control's kind and name, its text's width and its box's. */
export function describeMisfits(seen: Record<string, Misfit[]>): string {
  return Object.entries(seen)
    .flatMap(([state, found]) =>
      found.map(
        (m) =>
          `${state}: ${m.kind} "${m.name}": text ${m.textWidth} px in a ${m.boxWidth} px box, ${m.lines} line(s)`,
      ),
    )
    .join('\n');
}
