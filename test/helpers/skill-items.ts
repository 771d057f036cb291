// Key skills scored item by item, as the real corpus's SOURCES.md describes: items split at
// `, ; | • ·`, text in parentheses and a leading "and"/"&" dropped, trailing dots and spaces
// trimmed, inner spaces collapsed, case ignored, a repeated item counted once.

export interface ItemScore {
  /** Items filled. */
  filled: number;
  /** Items labelled. */
  known: number;
  /** Items filled that are labelled. */
  right: number;
}

export function itemsOf(skills: string | undefined): Set<string> {
  const items = new Set<string>();
  for (const raw of (skills ?? '').split(/[,;|•·]/)) {
    const item = raw
      .replace(/\([^()]*\)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?:and|&)\s/i, '')
      .replace(/[.\s]+$/, '')
      .toLowerCase();
    if (item) items.add(item);
  }
  return items;
}

export function skillItems(got: string | undefined, expected: string | undefined): ItemScore {
  const filled = itemsOf(got);
  const known = itemsOf(expected);
  let right = 0;
  for (const item of filled) if (known.has(item)) right++;
  return { filled: filled.size, known: known.size, right };
}

export function sumItems(scores: readonly ItemScore[]): ItemScore {
  return scores.reduce(
    (sum, score) => ({
      filled: sum.filled + score.filled,
      known: sum.known + score.known,
      right: sum.right + score.right,
    }),
    { filled: 0, known: 0, right: 0 },
  );
}
