// The job board's accent colour (README.md BRAND_COLOR, §6 data-brand-color): accepted only with
// at least 4.5:1 contrast against white, the WCAG AA ratio for text, since white text sits on it
// and it colours links on white. Its hover and active shades are darker, so they keep the ratio.

/**
 * Today's blue, and the shade its buttons take on hover.
 * @internal vite.config.ts paints the favicon and styles.css with it at build time.
 */
export const DEFAULT_BRAND_COLOR = '#0b5cad';
const DEFAULT_BRAND_DARK = '#084a8b';
/** @internal test/readme-facts.test.ts holds the docs' figure to it. */
export const MIN_BRAND_CONTRAST = 4.5;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb | null {
  if (!HEX_COLOR.test(hex)) return null;
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

const hexOf = (rgb: Rgb) =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The contrast ratio of `#rrggbb` against white (1 to 21), or null when it is no such colour.
 * @internal Pure, and tested directly in brand.test.ts.
 */
export function contrastWithWhite(hex: string): number | null {
  const rgb = rgbOf(hex);
  return rgb ? 1.05 / (luminance(rgb) + 0.05) : null;
}

/**
 * The ratio as people write it: two decimals, cut rather than rounded up ("4.49:1").
 * @internal Pure, and tested directly in brand.test.ts.
 */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

export interface BrandPalette {
  /** Buttons, links, focus rings, the step list, the progress bar. */
  brand: string;
  /** Hover and active: a fifth darker, so its contrast with white only grows. */
  brandDark: string;
}

/** Why a brand colour cannot be used, or null when it can. */
export function brandColorProblem(hex: string): string | null {
  const ratio = contrastWithWhite(hex);
  if (ratio === null) return 'must be a colour written #rrggbb';
  if (ratio < MIN_BRAND_CONTRAST) {
    return `has ${formatRatio(ratio)} contrast against white; at least ${MIN_BRAND_CONTRAST}:1 is needed`;
  }
  return null;
}

/** The palette of an accepted brand colour (today's exactly for the default), else null. */
export function brandPalette(hex: string): BrandPalette | null {
  const rgb = rgbOf(hex);
  if (!rgb || brandColorProblem(hex)) return null;
  if (hex.toLowerCase() === DEFAULT_BRAND_COLOR) {
    return { brand: DEFAULT_BRAND_COLOR, brandDark: DEFAULT_BRAND_DARK };
  }
  const dark = rgb.map((channel) => Math.round(channel * 0.8)) as unknown as Rgb;
  return { brand: hex.toLowerCase(), brandDark: hexOf(dark) };
}

/**
 * The provider the candidate's registration goes to, as the notices at collection name it (a
 * brand: never translated).
 */
export const PROVIDER_NAME = 'Resume Library';
