// The document model (document.ts) and what each reader says of its lines, each rule on a small
// document made up for it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocLine, documentOf, isCaps } from './document.ts';
import { readText } from './read-text.ts';

const encoded = (text: string) => new TextEncoder().encode(text);

function linesOf(result: ReturnType<typeof readText>): DocLine[] {
  if (!result.ok) throw new Error(`not read: ${result.reason}`);
  return result.lines;
}

describe('documentOf', () => {
  it('makes sizes relative to the size most characters are set in', () => {
    expect(
      documentOf(
        [
          { text: 'Jane Doe', size: 36 },
          { text: 'A body line set in the usual size', size: 20 },
          { text: 'Another line of the body', size: 20 },
          { text: 'Skills', size: 26 },
        ],
        1_000,
      ),
    ).toEqual([
      { text: 'Jane Doe', size: 1.8, block: 0 },
      { text: 'A body line set in the usual size', size: 1, block: 0 },
      { text: 'Another line of the body', size: 1, block: 0 },
      { text: 'Skills', size: 1.3, block: 0 },
    ]);
  });

  it('splits a text at its breaks, each part with the marks, and parts blocks at blank lines and gaps', () => {
    expect(
      documentOf(
        [
          { text: 'Jane Doe\njane@example.com', bold: true },
          { text: '   ' },
          { text: 'SKILLS', heading: 1 },
          { text: 'Go\tPython', list: true },
          { text: 'Experience', gap: true },
        ],
        1_000,
      ),
    ).toEqual([
      { text: 'Jane Doe', bold: true, block: 0 },
      { text: 'jane@example.com', bold: true, block: 0 },
      { text: 'SKILLS', heading: 1, caps: true, block: 1 },
      { text: 'Go | Python', list: true, block: 1 },
      { text: 'Experience', block: 2 },
    ]);
  });

  it('keeps a line set in capitals as such, whatever its letters', () => {
    expect(documentOf([{ text: 'Skills', caps: true }], 100)).toEqual([
      { text: 'Skills', caps: true, block: 0 },
    ]);
  });

  it.each([
    ['SKILLS', true],
    ['WORK HISTORY & MORE', true],
    ['ÉDUCATION', true],
    ['Skills', false],
    ['A', false],
    ['C++ / C#', false],
    ['2020 - 2024', false],
    ['IT', true],
  ])('isCaps(%j) is %s', (text, caps) => {
    expect(isCaps(text)).toBe(caps);
  });

  it('gives trimmed, non-empty lines in blocks that only grow, within the cap, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: fc.oneof(
              fc.string({ unit: 'grapheme', maxLength: 300 }),
              fc.string({ unit: 'binary', maxLength: 300 }),
              fc.constantFrom('\n\n\n', '\t\t', '\u2028', '', ' '.repeat(5_000)),
            ),
            size: fc.option(
              fc.oneof(fc.double(), fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY)),
              { nil: undefined },
            ),
            gap: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 2_000 }),
        (raw, cap) => {
          const lines = documentOf(raw, cap);
          expect(lines.reduce((sum, line) => sum + line.text.length, 0)).toBeLessThanOrEqual(cap);
          for (const [index, line] of lines.entries()) {
            expect(line.text).toBe(line.text.trim());
            expect(line.text).not.toBe('');
            expect(line.text).not.toMatch(/[\r\n\t]/);
            expect(line.block).toBeGreaterThanOrEqual(lines[index - 1]?.block ?? 0);
            if (line.size !== undefined) expect(Number.isFinite(line.size)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('readText: what plain text says of its lines', () => {
  it.each([
    [
      'a line underlined with = is a heading, with - a lower one; the underline is no line',
      'Jane Doe\n========\nSkills\n------\nGo',
      [
        { text: 'Jane Doe', heading: 1, block: 0 },
        { text: 'Skills', heading: 2, block: 0 },
        { text: 'Go', block: 0 },
      ],
    ],
    [
      "Markdown's # and AsciiDoc's = open a heading of their level, and are no part of its text",
      '# Jane Doe\n## Skills\n=== Tools\n#hashtag',
      [
        { text: 'Jane Doe', heading: 1, block: 0 },
        { text: 'Skills', heading: 2, block: 0 },
        { text: 'Tools', heading: 3, block: 0 },
        { text: '#hashtag', block: 0 },
      ],
    ],
    [
      'a bullet or a number opens a list item, and is no part of its text',
      '- Go\n* Python\n• SQL\n1. Excel\n2) Word\n-5 degrees\n2020. A year',
      [
        { text: 'Go', list: true, block: 0 },
        { text: 'Python', list: true, block: 0 },
        { text: 'SQL', list: true, caps: true, block: 0 },
        { text: 'Excel', list: true, block: 0 },
        { text: 'Word', list: true, block: 0 },
        { text: '-5 degrees', block: 0 },
        { text: '2020. A year', block: 0 },
      ],
    ],
    [
      'leading spaces indent, two to a level, a tab two spaces',
      'Engineer\n  Acme\n    Built things\n\tTabbed',
      [
        { text: 'Engineer', block: 0 },
        { text: 'Acme', indent: 1, block: 0 },
        { text: 'Built things', indent: 2, block: 0 },
        { text: 'Tabbed', indent: 1, block: 0 },
      ],
    ],
    [
      'blank lines part blocks; a line in capitals is noted',
      'JANE DOE\njane@example.com\n\n\nEXPERIENCE\nEngineer',
      [
        { text: 'JANE DOE', caps: true, block: 0 },
        { text: 'jane@example.com', block: 0 },
        { text: 'EXPERIENCE', caps: true, block: 1 },
        { text: 'Engineer', block: 1 },
      ],
    ],
    [
      'a rule after a blank line is no underline, and a dash of two is none either',
      'Jane\n\n---\nA -- B\n--\nC',
      [
        { text: 'Jane', block: 0 },
        { text: '---', block: 1 },
        { text: 'A -- B', block: 1 },
        { text: '--', block: 1 },
        { text: 'C', block: 1 },
      ],
    ],
  ])('%s', (_rule, text, lines) => {
    expect(linesOf(readText(encoded(text)))).toEqual(lines);
  });
});
