import { describe, expect, it } from 'vitest';
import { itemsOf, skillItems, sumItems } from './skill-items.ts';

describe('key skills item by item', () => {
  it.each([
    ['Python, SQL', ['python', 'sql']],
    ['Go; Rust | C • C++ · Java', ['go', 'rust', 'c', 'c++', 'java']],
    ['Excel (advanced), and Word., & Teamwork', ['excel', 'word', 'teamwork']],
    ['Machine   Learning, machine learning', ['machine learning']],
    ['', []],
  ])('%j splits into %j', (skills, items) => {
    expect([...itemsOf(skills)]).toEqual(items);
  });

  it('counts the filled, the labelled and the right items', () => {
    expect(skillItems('Python, Go, Excel', 'python, Excel, Word')).toEqual({
      filled: 3,
      known: 3,
      right: 2,
    });
    expect(skillItems(undefined, 'Python')).toEqual({ filled: 0, known: 1, right: 0 });
    expect(skillItems('Python', undefined)).toEqual({ filled: 1, known: 0, right: 0 });
    expect(
      sumItems([
        { filled: 1, known: 2, right: 1 },
        { filled: 3, known: 0, right: 0 },
      ]),
    ).toEqual({ filled: 4, known: 2, right: 1 });
  });
});
