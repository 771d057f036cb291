import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandColorProblem,
  brandPalette,
  contrastWithWhite,
  DEFAULT_BRAND_COLOR,
  formatRatio,
} from './brand.ts';

describe('the contrast of a brand colour against white', () => {
  it.each([
    ['#000000', 21],
    ['#ffffff', 1],
    ['#0b5cad', 6.67],
    ['#767676', 4.54],
    ['#777777', 4.48],
    ['#FF9900', 2.14],
  ])('%s has %d:1', (hex, ratio) => {
    expect(contrastWithWhite(hex)).toBeCloseTo(ratio, 2);
  });

  it.each(['', '#fff', '0b5cad', '#0b5cad0', '#0b5cag', 'red', ' #0b5cad', '#0b5cad '])(
    '%j is no colour',
    (text) => {
      expect(contrastWithWhite(text)).toBeNull();
      expect(brandColorProblem(text)).toBe('must be a colour written #rrggbb');
      expect(brandPalette(text)).toBeNull();
    },
  );

  it('is written cut to two decimals, never rounded up past the limit', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('which brand colours are accepted', () => {
  it.each([
    ['#0b5cad', null],
    ['#767676', null],
    ['#000000', null],
    ['#777777', 'has 4.47:1 contrast against white; at least 4.5:1 is needed'],
    ['#ffffff', 'has 1.00:1 contrast against white; at least 4.5:1 is needed'],
    ['#ff9900', 'has 2.14:1 contrast against white; at least 4.5:1 is needed'],
  ])('%s → %j', (hex, problem) => {
    expect(brandColorProblem(hex)).toBe(problem);
  });

  it('keeps today’s blue and its hover shade exactly', () => {
    expect(brandPalette(DEFAULT_BRAND_COLOR)).toEqual({ brand: '#0b5cad', brandDark: '#084a8b' });
    expect(brandPalette('#0B5CAD')).toEqual({ brand: '#0b5cad', brandDark: '#084a8b' });
  });

  it('derives a darker hover shade from another colour, lower-cased', () => {
    expect(brandPalette('#2E7D32')).toEqual({ brand: '#2e7d32', brandDark: '#256428' });
  });

  it('gives every accepted colour a palette whose shades all keep 4.5:1', () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, (color) => {
        const palette = brandPalette(color);
        const ratio = contrastWithWhite(color) ?? 0;
        expect(palette === null).toBe(ratio < 4.5);
        if (!palette) return;
        expect(contrastWithWhite(palette.brand)).toBeGreaterThanOrEqual(4.5);
        expect(contrastWithWhite(palette.brandDark)).toBeGreaterThanOrEqual(ratio);
      }),
      { numRuns: 5_000 },
    );
  });
});
