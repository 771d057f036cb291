// BRAND_COLOR (README.md): the deployment's accent, refused at start-up below 4.5:1 against
// white with one line naming the variable and the measured ratio, and painted into the page.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { MINIMAL_INDEX_HTML, startApp } from './helpers/app.ts';
import { runMain } from './helpers/main-process.ts';

describe('BRAND_COLOR', () => {
  it.each([
    [undefined, null],
    ['#2E7D32', '#2e7d32'],
    ['#767676', '#767676'],
    ['  #000000 ', '#000000'],
  ])('%j gives the accent %j', (value, expected) => {
    const result = loadConfig(value === undefined ? {} : { BRAND_COLOR: value });
    expect(result.ok && result.config.brandColor).toBe(expected);
  });

  it.each([
    [
      '#777777',
      'BRAND_COLOR has 4.47:1 contrast against white; at least 4.5:1 is needed (got "#777777")',
    ],
    [
      '#ffff00',
      'BRAND_COLOR has 1.07:1 contrast against white; at least 4.5:1 is needed (got "#ffff00")',
    ],
    ['green', 'BRAND_COLOR must be a colour written #rrggbb (got "green")'],
    ['#0b5cad80', 'BRAND_COLOR must be a colour written #rrggbb (got "#0b5cad80")'],
  ])('refuses %j in one line naming it', (value, line) => {
    expect(loadConfig({ BRAND_COLOR: value })).toEqual({ ok: false, errors: [line] });
  });

  it('stops the real entry point with that one line', async () => {
    const { code: status, stderr } = await runMain({ BRAND_COLOR: '#777777', PORT: '0' });
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Configuration error: BRAND_COLOR has 4.47:1 contrast against white; at least 4.5:1 is needed (got "#777777")',
    ]);
  });

  it('paints the page in it before any script runs, and an embed’s own colour over it', async () => {
    const started = await startApp({ BRAND_COLOR: '#2E7D32' });
    try {
      const page = await (await fetch(`${started.base}/`)).text();
      expect(page).toContain(
        '<style id="brand">:root{--brand:#2e7d32;--brand-dark:#256428}</style>',
      );
      const embed = await (await fetch(`${started.base}/?embed=1&brand=000000`)).text();
      expect(embed).toContain(
        '<style id="brand">:root{--brand:#000000;--brand-dark:#000000}</style>',
      );
      expect(page).toContain(MINIMAL_INDEX_HTML.slice(0, 40));
    } finally {
      await started.close();
    }
  });
});
