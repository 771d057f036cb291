// scripts/weight.mjs's budget on made-up first loads: what `npm run size` and e2e/weight.spec.ts
// fail on, one sentence each.
import { describe, expect, it } from 'vitest';
import { BUDGET, overBudget } from '../scripts/weight.mjs';

const load = (page: string, total: number, scripts = 90_000, requests = 2, css = 3_000) => ({
  page,
  total,
  html: 2_000,
  scripts,
  requests,
  css,
});

describe('overBudget', () => {
  it.each([
    ['both pages alike', [load('index.html', 101_000), load('index.es.html', 101_100)], []],
    [
      'the languages exactly the budget apart',
      [load('index.html', 101_000), load('index.es.html', 101_000 + BUDGET.languages)],
      [],
    ],
    [
      'one page carries the other language too',
      [load('index.html', 101_000), load('index.es.html', 101_000 + BUDGET.languages + 1)],
      [
        `the two pages' first loads are 1025 B apart, more than 1024: index.html 101000 B, index.es.html 102025 B`,
      ],
    ],
    ['a single page has nothing to be apart from', [load('index.html', 101_000)], []],
    [
      'script, requests and CSS over',
      [load('index.html', 101_000, BUDGET.js + 1, 3, BUDGET.css + 1)],
      [
        'index.html: 100.0 KB of script, over 100.0 KB',
        'index.html: 3 script requests without interaction, over 2',
        'index.html: 8.0 KB of CSS, over 8.0 KB',
      ],
    ],
  ])('%s', (_, loads, sentences) => {
    expect(overBudget(loads)).toEqual(sentences);
  });
});
